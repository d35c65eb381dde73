"""More functions of the algorithms_js domain, asked for from generator version 3 on."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate

F = FunctionTemplate

MORE_TEMPLATES: tuple[FunctionTemplate, ...] = (
    # numbers
    F(
        "primeFactors",
        "numbers",
        "n",
        "the prime factors of an integer n of 2 or more in ascending order, each repeated "
        "as often as it divides n (12 gives [2, 2, 3])",
        "  const factors = [];\n"
        "  for (let d = 2; d * d <= n; d += 1) {\n"
        "    while (n % d === 0) {\n"
        "      factors.push(d);\n"
        "      n /= d;\n"
        "    }\n"
        "  }\n"
        "  if (n > 1) factors.push(n);\n"
        "  return factors;",
        (("12", "[2, 2, 3]"), ("360", "[2, 2, 2, 3, 3, 5]"), ("2", "[2]")),
        defect=Defect(
            "  const factors = [];\n"
            "  for (let d = 2; d * d <= n; d += 1) {\n"
            "    while (n % d === 0) {\n"
            "      factors.push(d);\n"
            "      n /= d;\n"
            "    }\n"
            "  }\n"
            "  return factors;",
            "a prime factor above the square root such as 14",
            "it returns [2] and loses the 7",
            (("14", "[2, 7]"), ("97", "[97]")),
        ),
        change=Change(
            "primeFactors should list each distinct prime only once, so 12 gives [2, 3]",
            "  const factors = [];\n"
            "  for (let d = 2; d * d <= n; d += 1) {\n"
            "    if (n % d !== 0) continue;\n"
            "    factors.push(d);\n"
            "    while (n % d === 0) n /= d;\n"
            "  }\n"
            "  if (n > 1) factors.push(n);\n"
            "  return factors;",
            (("12", "[2, 3]"), ("360", "[2, 3, 5]"), ("14", "[2, 7]"), ("97", "[97]")),
        ),
    ),
    F(
        "lcm",
        "numbers",
        "a, b",
        "the least common multiple of two integers, never negative, and 0 when either is 0",
        "  if (a === 0 || b === 0) return 0;\n"
        "  let [x, y] = [Math.abs(a), Math.abs(b)];\n"
        "  while (y) [x, y] = [y, x % y];\n"
        "  return (Math.abs(a) / x) * Math.abs(b);",
        (("4, 6", "12"), ("7, 3", "21"), ("0, 5", "0")),
        defect=Defect(
            "  let [x, y] = [a, b];\n  while (y) [x, y] = [y, x % y];\n  return (a * b) / x;",
            "a negative number such as lcm(-4, 6)",
            "it returns -12; the least common multiple is never negative",
            (("-4, 6", "12"), ("-3, -5", "15")),
        ),
    ),
    F(
        "primesBelow",
        "numbers",
        "n",
        "all prime numbers smaller than n in ascending order (an empty array when n is 2 or less)",
        "  if (n <= 2) return [];\n"
        "  const composite = new Array(n).fill(false);\n"
        "  const primes = [];\n"
        "  for (let i = 2; i < n; i += 1) {\n"
        "    if (composite[i]) continue;\n"
        "    primes.push(i);\n"
        "    for (let j = i * i; j < n; j += i) composite[j] = true;\n"
        "  }\n"
        "  return primes;",
        (("20", "[2, 3, 5, 7, 11, 13, 17, 19]"), ("2", "[]"), ("-5", "[]")),
        defect=Defect(
            "  if (n <= 2) return [];\n"
            "  const composite = new Array(n).fill(false);\n"
            "  const primes = [];\n"
            "  for (let i = 3; i < n; i += 2) {\n"
            "    if (composite[i]) continue;\n"
            "    primes.push(i);\n"
            "    for (let j = i * i; j < n; j += 2 * i) composite[j] = true;\n"
            "  }\n"
            "  return primes;",
            "the one even prime, as in primesBelow(10),",
            "it returns [3, 5, 7] and leaves out 2",
            (("10", "[2, 3, 5, 7]"), ("3", "[2]")),
        ),
    ),
    F(
        "digitalRoot",
        "numbers",
        "n",
        "the digital root of a non-negative integer: its digits summed again and again until "
        "a single digit is left (0 for 0)",
        "  while (n > 9) {\n"
        "    let sum = 0;\n"
        "    for (; n > 0; n = Math.floor(n / 10)) sum += n % 10;\n"
        "    n = sum;\n"
        "  }\n"
        "  return n;",
        (("38", "2"), ("9", "9"), ("493193", "2"), ("18", "9")),
        defect=Defect(
            "  return n % 9 || 9;",
            "zero",
            "it returns 9; the digital root of 0 is 0",
            (("0", "0"),),
        ),
    ),
    F(
        "binomial",
        "numbers",
        "n, k",
        "the binomial coefficient n choose k for non-negative integers, 0 when k is greater than n",
        "  if (k < 0 || k > n) return 0;\n"
        "  k = Math.min(k, n - k);\n"
        "  let result = 1;\n"
        "  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);\n"
        "  return result;",
        (("5, 2", "10"), ("10, 0", "1"), ("30, 15", "155117520")),
        defect=Defect(
            "  k = Math.min(k, n - k);\n"
            "  let result = 1;\n"
            "  for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);\n"
            "  return result;",
            "k greater than n such as binomial(3, 5)",
            "it returns 1; there is no way to choose 5 of 3, so it should be 0",
            (("3, 5", "0"), ("0, 1", "0")),
        ),
    ),
    # arrays
    F(
        "mostFrequent",
        "arrays",
        "values",
        "the number occurring most often in an array, the smallest such number on a tie, "
        "or null for an empty array",
        "  const counts = new Map();\n"
        "  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);\n"
        "  let best = null;\n"
        "  for (const [value, count] of counts) {\n"
        "    const top = counts.get(best) ?? 0;\n"
        "    if (count > top || (count === top && value < best)) best = value;\n"
        "  }\n"
        "  return best;",
        (("[1, 2, 2, 3]", "2"), ("[4]", "4"), ("[]", "null")),
        defect=Defect(
            "  const counts = new Map();\n"
            "  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);\n"
            "  let best = null;\n"
            "  for (const [value, count] of counts) {\n"
            "    if (count > (counts.get(best) ?? 0)) best = value;\n"
            "  }\n"
            "  return best;",
            "a tie such as [3, 1, 3, 1]",
            "it returns 3; on a tie the smallest value, 1, should win",
            (("[3, 1, 3, 1]", "1"), ("[5, 4, 4, 5, 9]", "4")),
        ),
    ),
    F(
        "maxSubarraySum",
        "arrays",
        "values",
        "the largest sum of a non-empty run of consecutive numbers in an array, throwing a "
        "RangeError for an empty array",
        '  if (values.length === 0) throw new RangeError("values must not be empty");\n'
        "  let best = values[0];\n"
        "  let current = 0;\n"
        "  for (const value of values) {\n"
        "    current = Math.max(value, current + value);\n"
        "    best = Math.max(best, current);\n"
        "  }\n"
        "  return best;",
        (("[-2, 1, -3, 4, -1, 2, 1, -5, 4]", "6"), ("[5]", "5"), ("[2, -1, 2]", "3")),
        raises=(("[]", "RangeError"),),
        defect=Defect(
            '  if (values.length === 0) throw new RangeError("values must not be empty");\n'
            "  let best = 0;\n"
            "  let current = 0;\n"
            "  for (const value of values) {\n"
            "    current = Math.max(0, current + value);\n"
            "    best = Math.max(best, current);\n"
            "  }\n"
            "  return best;",
            "only negative numbers such as [-3, -1, -2]",
            "it returns 0, the sum of an empty run; the run must hold at least one number, so -1",
            (("[-3, -1, -2]", "-1"), ("[-5]", "-5")),
        ),
        change=Change(
            "maxSubarraySum of an empty array should return 0 instead of throwing",
            "  if (values.length === 0) return 0;\n"
            "  let best = values[0];\n"
            "  let current = 0;\n"
            "  for (const value of values) {\n"
            "    current = Math.max(value, current + value);\n"
            "    best = Math.max(best, current);\n"
            "  }\n"
            "  return best;",
            (("[]", "0"), ("[-3, -1, -2]", "-1"), ("[-2, 1, -3, 4, -1, 2, 1, -5, 4]", "6")),
        ),
    ),
    # search
    F(
        "binarySearch",
        "search",
        "sorted, target",
        "the index of target in an array sorted in ascending order, or -1 when it is absent",
        "  let low = 0;\n"
        "  let high = sorted.length - 1;\n"
        "  while (low <= high) {\n"
        "    const mid = Math.floor((low + high) / 2);\n"
        "    if (sorted[mid] === target) return mid;\n"
        "    if (sorted[mid] < target) low = mid + 1;\n"
        "    else high = mid - 1;\n"
        "  }\n"
        "  return -1;",
        (("[1, 3, 5, 7, 9], 7", "3"), ("[1, 3, 5], 4", "-1"), ("[], 1", "-1")),
        defect=Defect(
            "  let low = 0;\n"
            "  let high = sorted.length - 1;\n"
            "  while (low < high) {\n"
            "    const mid = Math.floor((low + high) / 2);\n"
            "    if (sorted[mid] === target) return mid;\n"
            "    if (sorted[mid] < target) low = mid + 1;\n"
            "    else high = mid - 1;\n"
            "  }\n"
            "  return -1;",
            "the target at either end such as binarySearch([1, 3, 5], 5)",
            "it returns -1 although 5 is at index 2",
            (("[1, 3, 5], 5", "2"), ("[1, 3, 5], 1", "0"), ("[7], 7", "0")),
        ),
        change=Change(
            "when target occurs several times, binarySearch should return the index of its "
            "first occurrence",
            "  let low = 0;\n"
            "  let high = sorted.length - 1;\n"
            "  let found = -1;\n"
            "  while (low <= high) {\n"
            "    const mid = Math.floor((low + high) / 2);\n"
            "    if (sorted[mid] < target) low = mid + 1;\n"
            "    else {\n"
            "      if (sorted[mid] === target) found = mid;\n"
            "      high = mid - 1;\n"
            "    }\n"
            "  }\n"
            "  return found;",
            (
                ("[1, 2, 2, 2, 3], 2", "1"),
                ("[2, 2, 2, 2], 2", "0"),
                ("[1, 3, 5, 7, 9], 7", "3"),
                ("[1, 3, 5], 4", "-1"),
            ),
        ),
    ),
    F(
        "lowerBound",
        "search",
        "sorted, value",
        "the first index at which value could be inserted into an ascending sorted array "
        "keeping it sorted: before any equal values, the array's length when all are smaller",
        "  let low = 0;\n"
        "  let high = sorted.length;\n"
        "  while (low < high) {\n"
        "    const mid = Math.floor((low + high) / 2);\n"
        "    if (sorted[mid] < value) low = mid + 1;\n"
        "    else high = mid;\n"
        "  }\n"
        "  return low;",
        (("[1, 2, 2, 3], 2", "1"), ("[1, 2], 0", "0"), ("[10, 20, 30], 25", "2")),
        defect=Defect(
            "  return sorted.findIndex((x) => x >= value);",
            "a value larger than every element such as lowerBound([1, 2], 5)",
            "it returns -1; the insertion point is then the array's length, 2",
            (("[1, 2], 5", "2"), ("[], 1", "0")),
        ),
    ),
    F(
        "kthSmallest",
        "search",
        "values, k",
        "the k-th smallest of an array of numbers counting from 1, repeated values counted "
        "separately, throwing a RangeError when k is outside 1..length",
        "  if (!Number.isInteger(k) || k < 1 || k > values.length) {\n"
        '    throw new RangeError("k is out of range");\n'
        "  }\n"
        "  return [...values].sort((a, b) => a - b)[k - 1];",
        (("[7, 10, 4, 3, 20, 15], 3", "7"), ("[5], 1", "5"), ("[10, 9, 100], 2", "10")),
        raises=(("[1, 2], 0", "RangeError"), ("[1, 2], 3", "RangeError")),
        defect=Defect(
            "  if (!Number.isInteger(k) || k < 1 || k > values.length) {\n"
            '    throw new RangeError("k is out of range");\n'
            "  }\n"
            "  return [...new Set(values)].sort((a, b) => a - b)[k - 1];",
            "repeated values such as kthSmallest([3, 1, 1], 2)",
            "it returns 3 instead of 1: each copy of a repeated value counts",
            (("[3, 1, 1], 2", "1"), ("[5, 5, 5], 3", "5")),
        ),
    ),
    F(
        "majorityElement",
        "search",
        "values",
        "the value found in more than half of the array's positions, or null when there is "
        "none (so null for an empty array and for a value in exactly half)",
        "  const counts = new Map();\n"
        "  for (const value of values) {\n"
        "    const count = (counts.get(value) ?? 0) + 1;\n"
        "    if (count * 2 > values.length) return value;\n"
        "    counts.set(value, count);\n"
        "  }\n"
        "  return null;",
        (("[2, 2, 1, 2]", "2"), ('["a", "b", "a"]', '"a"'), ("[]", "null")),
        defect=Defect(
            "  let candidate = null;\n"
            "  let count = 0;\n"
            "  for (const value of values) {\n"
            "    if (count === 0) candidate = value;\n"
            "    count += value === candidate ? 1 : -1;\n"
            "  }\n"
            "  return candidate;",
            "no majority at all such as [1, 2, 3]",
            "it returns 3 instead of null: the vote's last candidate is never checked",
            (("[1, 2, 3]", "null"), ("[1, 1, 2, 2]", "null")),
        ),
    ),
    F(
        "twoSum",
        "search",
        "values, target",
        "the positions [i, j], i < j, of two different elements adding up to target, taking "
        "the smallest j and then the smallest i, or null when no pair does",
        "  const seen = new Map();\n"
        "  for (let j = 0; j < values.length; j += 1) {\n"
        "    const i = seen.get(target - values[j]);\n"
        "    if (i !== undefined) return [i, j];\n"
        "    if (!seen.has(values[j])) seen.set(values[j], j);\n"
        "  }\n"
        "  return null;",
        (("[2, 7, 11, 15], 9", "[0, 1]"), ("[1, 4, 2, 3], 5", "[0, 1]"), ("[1, 2], 10", "null")),
        defect=Defect(
            "  const seen = new Map();\n"
            "  for (let j = 0; j < values.length; j += 1) {\n"
            "    seen.set(values[j], j);\n"
            "    const i = seen.get(target - values[j]);\n"
            "    if (i !== undefined) return [i, j];\n"
            "  }\n"
            "  return null;",
            "a value that is half the target such as twoSum([3, 2, 4], 6)",
            "it returns [0, 0], using the 3 twice instead of the pair [1, 2]",
            (("[3, 2, 4], 6", "[1, 2]"), ("[3, 3], 6", "[0, 1]")),
        ),
    ),
    F(
        "firstUniqueChar",
        "search",
        "text",
        "the index of the first character that appears exactly once in the text, or -1 when "
        "every character repeats (and for an empty text)",
        "  const counts = new Map();\n"
        "  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);\n"
        "  for (let i = 0; i < text.length; i += 1) if (counts.get(text[i]) === 1) return i;\n"
        "  return -1;",
        (('"leetcode"', "0"), ('"loveleetcode"', "2"), ('"aabb"', "-1"), ('""', "-1")),
        defect=Defect(
            "  for (let i = 0; i < text.length; i += 1) {\n"
            "    if (!text.includes(text[i], i + 1)) return i;\n"
            "  }\n"
            "  return -1;",
            'a character that already appeared earlier, such as "abab"',
            'it returns 2; the second "a" is not unique, so the answer is -1',
            (('"abab"', "-1"), ('"aabcb"', "3")),
        ),
    ),
    # bits
    F(
        "popCount",
        "bits",
        "n",
        "the number of 1 bits in the binary form of a non-negative integer, integers wider "
        "than 32 bits included (up to Number.MAX_SAFE_INTEGER)",
        "  let count = 0;\n"
        "  while (n > 0) {\n"
        "    count += n % 2;\n"
        "    n = Math.floor(n / 2);\n"
        "  }\n"
        "  return count;",
        (("0", "0"), ("7", "3"), ("1024", "1"), ("255", "8")),
        defect=Defect(
            "  let count = 0;\n"
            "  while (n) {\n"
            "    n &= n - 1;\n"
            "    count += 1;\n"
            "  }\n"
            "  return count;",
            "a number wider than 32 bits such as 2 ** 33 + 3",
            "it returns 2 instead of 3: bitwise operators cut numbers to 32 bits",
            (("2 ** 33 + 3", "3"), ("Number.MAX_SAFE_INTEGER", "53")),
        ),
    ),
    F(
        "isPowerOfTwo",
        "bits",
        "n",
        "whether an integer is a power of two (1, 2, 4, 8, ...), so false for zero and for "
        "negative numbers",
        "  if (!Number.isInteger(n) || n < 1) return false;\n"
        "  while (n % 2 === 0) n /= 2;\n"
        "  return n === 1;",
        (("1", "true"), ("64", "true"), ("2 ** 40", "true"), ("12", "false")),
        defect=Defect(
            "  return (n & (n - 1)) === 0;",
            "zero or a negative number such as -2147483648",
            "it says true; only positive numbers can be powers of two",
            (("0", "false"), ("-2147483648", "false")),
        ),
    ),
    F(
        "grayCode",
        "bits",
        "n",
        "the 2 ** n reflected Gray codes of n bits as integers in order, the i-th being "
        "i XOR (i >> 1), so [0, 1, 3, 2] for n = 2",
        "  const codes = [];\n"
        "  for (let i = 0; i < 2 ** n; i += 1) codes.push(i ^ (i >> 1));\n"
        "  return codes;",
        (("0", "[0]"), ("1", "[0, 1]"), ("3", "[0, 1, 3, 2, 6, 7, 5, 4]")),
    ),
    # matrix
    F(
        "transpose",
        "matrix",
        "rows",
        "the transpose of a matrix given as an array of equal-length rows, an empty array "
        "for an empty matrix",
        "  if (rows.length === 0) return [];\n"
        "  return rows[0].map((_, c) => rows.map((row) => row[c]));",
        (("[[1, 2, 3], [4, 5, 6]]", "[[1, 4], [2, 5], [3, 6]]"), ("[[1]]", "[[1]]")),
        defect=Defect(
            "  return rows[0].map((_, c) => rows.map((row) => row[c]));",
            "an empty matrix []",
            "it throws a TypeError instead of returning []",
            (("[]", "[]"),),
        ),
    ),
    F(
        "identityMatrix",
        "matrix",
        "n",
        "the n-by-n identity matrix as an array of separate row arrays, 1 on the diagonal "
        "and 0 elsewhere ([] for n = 0)",
        "  const rows = [];\n"
        "  for (let i = 0; i < n; i += 1) {\n"
        "    const row = new Array(n).fill(0);\n"
        "    row[i] = 1;\n"
        "    rows.push(row);\n"
        "  }\n"
        "  return rows;",
        (("1", "[[1]]"), ("0", "[]"), ("3", "[[1, 0, 0], [0, 1, 0], [0, 0, 1]]")),
        defect=Defect(
            "  const rows = new Array(n).fill(new Array(n).fill(0));\n"
            "  for (let i = 0; i < n; i += 1) rows[i][i] = 1;\n"
            "  return rows;",
            "a size of 2 or more",
            "every row comes out all ones: the rows are one shared array",
            (("2", "[[1, 0], [0, 1]]"), ("3", "[[1, 0, 0], [0, 1, 0], [0, 0, 1]]")),
        ),
    ),
    F(
        "spiralOrder",
        "matrix",
        "rows",
        "the elements of a matrix (an array of equal-length rows) read clockwise in a spiral "
        "from the top-left corner, each exactly once ([] for an empty matrix)",
        "  const result = [];\n"
        "  if (rows.length === 0) return result;\n"
        "  let [top, bottom, left, right] = [0, rows.length - 1, 0, rows[0].length - 1];\n"
        "  while (top <= bottom && left <= right) {\n"
        "    for (let c = left; c <= right; c += 1) result.push(rows[top][c]);\n"
        "    for (let r = top + 1; r <= bottom; r += 1) result.push(rows[r][right]);\n"
        "    if (top < bottom && left < right) {\n"
        "      for (let c = right - 1; c >= left; c -= 1) result.push(rows[bottom][c]);\n"
        "      for (let r = bottom - 1; r > top; r -= 1) result.push(rows[r][left]);\n"
        "    }\n"
        "    [top, bottom, left, right] = [top + 1, bottom - 1, left + 1, right - 1];\n"
        "  }\n"
        "  return result;",
        (
            ("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", "[1, 2, 3, 6, 9, 8, 7, 4, 5]"),
            ("[[1, 2], [3, 4]]", "[1, 2, 4, 3]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "  const result = [];\n"
            "  if (rows.length === 0) return result;\n"
            "  let [top, bottom, left, right] = [0, rows.length - 1, 0, rows[0].length - 1];\n"
            "  while (top <= bottom && left <= right) {\n"
            "    for (let c = left; c <= right; c += 1) result.push(rows[top][c]);\n"
            "    for (let r = top + 1; r <= bottom; r += 1) result.push(rows[r][right]);\n"
            "    for (let c = right - 1; c >= left; c -= 1) result.push(rows[bottom][c]);\n"
            "    for (let r = bottom - 1; r > top; r -= 1) result.push(rows[r][left]);\n"
            "    [top, bottom, left, right] = [top + 1, bottom - 1, left + 1, right - 1];\n"
            "  }\n"
            "  return result;",
            "a single row or column such as [[1, 2, 3]]",
            "it returns [1, 2, 3, 2, 1], reading elements twice",
            (
                ("[[1, 2, 3]]", "[1, 2, 3]"),
                ("[[1], [2], [3]]", "[1, 2, 3]"),
                (
                    "[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]",
                    "[1, 2, 3, 4, 8, 12, 11, 10, 9, 5, 6, 7]",
                ),
            ),
        ),
    ),
    F(
        "rotateMatrix",
        "matrix",
        "rows",
        "a square matrix rotated 90 degrees clockwise, as a new array of rows",
        "  const n = rows.length;\n"
        "  const result = [];\n"
        "  for (let r = 0; r < n; r += 1) {\n"
        "    result.push([]);\n"
        "    for (let c = 0; c < n; c += 1) result[r].push(rows[n - 1 - c][r]);\n"
        "  }\n"
        "  return result;",
        (
            ("[[1, 2], [3, 4]]", "[[3, 1], [4, 2]]"),
            ("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", "[[7, 4, 1], [8, 5, 2], [9, 6, 3]]"),
            ("[]", "[]"),
        ),
        change=Change(
            "rotateMatrix should rotate 90 degrees counter-clockwise instead",
            "  const n = rows.length;\n"
            "  const result = [];\n"
            "  for (let r = 0; r < n; r += 1) {\n"
            "    result.push([]);\n"
            "    for (let c = 0; c < n; c += 1) result[r].push(rows[c][n - 1 - r]);\n"
            "  }\n"
            "  return result;",
            (
                ("[[1, 2], [3, 4]]", "[[2, 4], [1, 3]]"),
                ("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", "[[3, 6, 9], [2, 5, 8], [1, 4, 7]]"),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "diagonalSum",
        "matrix",
        "rows",
        "the sum of both diagonals of a square matrix, the centre of an odd-sized matrix "
        "counted only once (0 for an empty matrix)",
        "  const n = rows.length;\n"
        "  let sum = 0;\n"
        "  for (let i = 0; i < n; i += 1) {\n"
        "    sum += rows[i][i];\n"
        "    if (i !== n - 1 - i) sum += rows[i][n - 1 - i];\n"
        "  }\n"
        "  return sum;",
        (("[[1, 2], [3, 4]]", "10"), ("[]", "0")),
        defect=Defect(
            "  const n = rows.length;\n"
            "  let sum = 0;\n"
            "  for (let i = 0; i < n; i += 1) sum += rows[i][i] + rows[i][n - 1 - i];\n"
            "  return sum;",
            "an odd size such as [[1, 2, 3], [4, 5, 6], [7, 8, 9]]",
            "it returns 30 instead of 25: the centre is added twice",
            (("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", "25"), ("[[5]]", "5")),
        ),
    ),
    F(
        "countIslands",
        "matrix",
        "rows",
        "the number of groups of 1s in a grid (an array of rows of 0s and 1s), cells joining "
        "a group only through up, down, left and right neighbours, not diagonally",
        "  const seen = rows.map((row) => row.map(() => false));\n"
        "  let islands = 0;\n"
        "  for (let r = 0; r < rows.length; r += 1) {\n"
        "    for (let c = 0; c < rows[r].length; c += 1) {\n"
        "      if (rows[r][c] !== 1 || seen[r][c]) continue;\n"
        "      islands += 1;\n"
        "      seen[r][c] = true;\n"
        "      const stack = [[r, c]];\n"
        "      while (stack.length) {\n"
        "        const [y, x] = stack.pop();\n"
        "        for (const [ny, nx] of [[y - 1, x], [y + 1, x], [y, x - 1], [y, x + 1]]) {\n"
        "          if (rows[ny]?.[nx] !== 1 || seen[ny][nx]) continue;\n"
        "          seen[ny][nx] = true;\n"
        "          stack.push([ny, nx]);\n"
        "        }\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "  return islands;",
        (
            ("[[1, 1, 0], [0, 0, 0], [0, 1, 1]]", "2"),
            ("[[1, 0], [0, 1]]", "2"),
            ("[[0, 0], [0, 0]]", "0"),
            ("[]", "0"),
        ),
    ),
    # intervals
    F(
        "mergeIntervals",
        "intervals",
        "intervals",
        "the [start, end] intervals, given in any order, merged wherever they overlap or "
        "touch and sorted by start",
        "  const sorted = intervals.map(([start, end]) => [start, end]);\n"
        "  sorted.sort((a, b) => a[0] - b[0]);\n"
        "  const merged = [];\n"
        "  for (const [start, end] of sorted) {\n"
        "    const last = merged[merged.length - 1];\n"
        "    if (last && start <= last[1]) last[1] = Math.max(last[1], end);\n"
        "    else merged.push([start, end]);\n"
        "  }\n"
        "  return merged;",
        (
            ("[[1, 3], [2, 6], [8, 10]]", "[[1, 6], [8, 10]]"),
            ("[[1, 4], [4, 5]]", "[[1, 5]]"),
            ("[[1, 10], [2, 3]]", "[[1, 10]]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "  const merged = [];\n"
            "  for (const [start, end] of intervals) {\n"
            "    const last = merged[merged.length - 1];\n"
            "    if (last && start <= last[1]) last[1] = Math.max(last[1], end);\n"
            "    else merged.push([start, end]);\n"
            "  }\n"
            "  return merged;",
            "intervals given out of order such as [[8, 10], [1, 3], [2, 6]]",
            "it returns [[8, 10]] and loses [1, 6]",
            (
                ("[[8, 10], [1, 3], [2, 6]]", "[[1, 6], [8, 10]]"),
                ("[[5, 6], [1, 5]]", "[[1, 6]]"),
            ),
        ),
        change=Change(
            "intervals that only touch (one ends exactly where the next starts) should stay "
            "separate; merge only intervals that share more than one point",
            "  const sorted = intervals.map(([start, end]) => [start, end]);\n"
            "  sorted.sort((a, b) => a[0] - b[0]);\n"
            "  const merged = [];\n"
            "  for (const [start, end] of sorted) {\n"
            "    const last = merged[merged.length - 1];\n"
            "    if (last && start < last[1]) last[1] = Math.max(last[1], end);\n"
            "    else merged.push([start, end]);\n"
            "  }\n"
            "  return merged;",
            (
                ("[[1, 4], [4, 5]]", "[[1, 4], [4, 5]]"),
                ("[[1, 3], [2, 6], [8, 10]]", "[[1, 6], [8, 10]]"),
                ("[[8, 10], [1, 3], [2, 6]]", "[[1, 6], [8, 10]]"),
            ),
        ),
    ),
    F(
        "totalCoverage",
        "intervals",
        "intervals",
        "the total length covered by [start, end] intervals, overlapping parts counted only "
        "once (0 for no intervals)",
        "  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);\n"
        "  let total = 0;\n"
        "  let reach = -Infinity;\n"
        "  for (const [start, end] of sorted) {\n"
        "    if (end <= reach) continue;\n"
        "    total += end - Math.max(start, reach);\n"
        "    reach = end;\n"
        "  }\n"
        "  return total;",
        (("[[1, 3], [5, 6]]", "3"), ("[]", "0"), ("[[0, 10], [2, 3]]", "10")),
        defect=Defect(
            "  return intervals.reduce((sum, [start, end]) => sum + end - start, 0);",
            "overlapping intervals such as [[1, 4], [2, 6]]",
            "it returns 7 instead of 5: the overlap is counted twice",
            (("[[1, 4], [2, 6]]", "5"), ("[[0, 10], [2, 3], [5, 12]]", "12")),
        ),
    ),
    F(
        "findGaps",
        "intervals",
        "intervals",
        "the uncovered stretches between [start, end] intervals given in any order, as "
        "[from, to] pairs in ascending order, only gaps of positive length",
        "  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);\n"
        "  const gaps = [];\n"
        "  let reach = sorted.length ? sorted[0][1] : 0;\n"
        "  for (const [start, end] of sorted.slice(1)) {\n"
        "    if (start > reach) gaps.push([reach, start]);\n"
        "    reach = Math.max(reach, end);\n"
        "  }\n"
        "  return gaps;",
        (
            ("[[5, 6], [1, 3]]", "[[3, 5]]"),
            ("[[1, 3], [2, 4], [6, 7]]", "[[4, 6]]"),
            ("[[1, 2], [2, 3]]", "[]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);\n"
            "  const gaps = [];\n"
            "  let reach = sorted.length ? sorted[0][1] : 0;\n"
            "  for (const [start, end] of sorted.slice(1)) {\n"
            "    if (start > reach) gaps.push([reach, start]);\n"
            "    reach = end;\n"
            "  }\n"
            "  return gaps;",
            "an interval that contains later ones such as [[1, 10], [2, 3], [5, 6]]",
            "it reports a gap [3, 5] inside the stretch [1, 10] covers",
            (
                ("[[1, 10], [2, 3], [5, 6]]", "[]"),
                ("[[0, 8], [1, 2], [4, 9], [12, 13]]", "[[9, 12]]"),
            ),
        ),
    ),
    F(
        "maxConcurrent",
        "intervals",
        "intervals",
        "the largest number of [start, end] intervals in progress at one moment, an interval "
        "ending exactly when another starts not overlapping it (0 for none)",
        "  const starts = intervals.map(([start]) => start).sort((a, b) => a - b);\n"
        "  const ends = intervals.map(([, end]) => end).sort((a, b) => a - b);\n"
        "  let open = 0;\n"
        "  let best = 0;\n"
        "  let j = 0;\n"
        "  for (const start of starts) {\n"
        "    while (ends[j] <= start) {\n"
        "      open -= 1;\n"
        "      j += 1;\n"
        "    }\n"
        "    open += 1;\n"
        "    best = Math.max(best, open);\n"
        "  }\n"
        "  return best;",
        (("[[1, 5], [2, 6], [3, 4]]", "3"), ("[[1, 2], [3, 4]]", "1"), ("[]", "0")),
        defect=Defect(
            "  const starts = intervals.map(([start]) => start).sort((a, b) => a - b);\n"
            "  const ends = intervals.map(([, end]) => end).sort((a, b) => a - b);\n"
            "  let open = 0;\n"
            "  let best = 0;\n"
            "  let j = 0;\n"
            "  for (const start of starts) {\n"
            "    while (ends[j] < start) {\n"
            "      open -= 1;\n"
            "      j += 1;\n"
            "    }\n"
            "    open += 1;\n"
            "    best = Math.max(best, open);\n"
            "  }\n"
            "  return best;",
            "one interval ending exactly as another starts, such as [[1, 2], [2, 3]]",
            "it returns 2; the first has ended when the second starts, so the answer is 1",
            (("[[1, 2], [2, 3]]", "1"), ("[[0, 5], [5, 10], [5, 7]]", "2")),
        ),
    ),
    # encoding
    F(
        "romanNumeral",
        "encoding",
        "n",
        "the Roman numeral for an integer from 1 to 3999 in standard form with subtractive "
        "pairs (4 is IV, 90 is XC), throwing a RangeError outside that range",
        "  if (!Number.isInteger(n) || n < 1 || n > 3999) {\n"
        '    throw new RangeError("n must be an integer from 1 to 3999");\n'
        "  }\n"
        "  const symbols = [\n"
        '    [1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],\n'
        '    [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"],\n'
        "  ];\n"
        '  let result = "";\n'
        "  for (const [value, symbol] of symbols) {\n"
        "    for (; n >= value; n -= value) result += symbol;\n"
        "  }\n"
        "  return result;",
        (("3", '"III"'), ("58", '"LVIII"'), ("3999", '"MMMCMXCIX"')),
        raises=(("0", "RangeError"), ("4000", "RangeError")),
        defect=Defect(
            "  if (!Number.isInteger(n) || n < 1 || n > 3999) {\n"
            '    throw new RangeError("n must be an integer from 1 to 3999");\n'
            "  }\n"
            "  const symbols = [\n"
            '    [1000, "M"], [500, "D"], [100, "C"], [50, "L"], [10, "X"], [5, "V"], [1, "I"],\n'
            "  ];\n"
            '  let result = "";\n'
            "  for (const [value, symbol] of symbols) {\n"
            "    for (; n >= value; n -= value) result += symbol;\n"
            "  }\n"
            "  return result;",
            "a value that needs a subtractive pair such as 4 or 1994",
            "it returns IIII for 4; standard numerals write IV",
            (("4", '"IV"'), ("1994", '"MCMXCIV"')),
        ),
    ),
    F(
        "fromRoman",
        "encoding",
        "text",
        'the integer value of an upper-case Roman numeral such as "XIV", a smaller numeral '
        "written before a larger one being subtracted from it (IV is 4)",
        "  const values = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };\n"
        "  let total = 0;\n"
        "  for (let i = 0; i < text.length; i += 1) {\n"
        "    const value = values[text[i]];\n"
        "    const next = values[text[i + 1]] ?? 0;\n"
        "    total += value < next ? -value : value;\n"
        "  }\n"
        "  return total;",
        (('"XIV"', "14"), ('"III"', "3"), ('"MMXXV"', "2025")),
        defect=Defect(
            "  const values = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };\n"
            "  return [...text].reduce((sum, ch) => sum + values[ch], 0);",
            'a subtractive pair such as "IV" or "MCMXCIV"',
            "it returns 6 for IV; a smaller numeral before a larger one is subtracted",
            (('"IV"', "4"), ('"MCMXCIV"', "1994")),
        ),
    ),
    F(
        "toBase",
        "encoding",
        "n, base",
        'an integer written in a base from 2 to 36, lower-case letters for digits above 9, "-" '
        'before negatives and "0" for zero, throwing a RangeError for any other base',
        "  if (!Number.isInteger(base) || base < 2 || base > 36) {\n"
        '    throw new RangeError("base must be from 2 to 36");\n'
        "  }\n"
        '  const digits = "0123456789abcdefghijklmnopqrstuvwxyz";\n'
        "  let rest = Math.abs(n);\n"
        '  let out = "";\n'
        "  do {\n"
        "    out = digits[rest % base] + out;\n"
        "    rest = Math.floor(rest / base);\n"
        "  } while (rest > 0);\n"
        '  return n < 0 ? "-" + out : out;',
        (("255, 16", '"ff"'), ("10, 2", '"1010"'), ("-255, 16", '"-ff"'), ("35, 36", '"z"')),
        raises=(("10, 1", "RangeError"), ("10, 37", "RangeError")),
        defect=Defect(
            "  if (!Number.isInteger(base) || base < 2 || base > 36) {\n"
            '    throw new RangeError("base must be from 2 to 36");\n'
            "  }\n"
            '  const digits = "0123456789abcdefghijklmnopqrstuvwxyz";\n'
            "  let rest = Math.abs(n);\n"
            '  let out = "";\n'
            "  while (rest > 0) {\n"
            "    out = digits[rest % base] + out;\n"
            "    rest = Math.floor(rest / base);\n"
            "  }\n"
            '  return n < 0 ? "-" + out : out;',
            "zero",
            'it returns an empty string; zero is written "0"',
            (("0, 2", '"0"'), ("0, 16", '"0"')),
        ),
        change=Change(
            'toBase should write digits above 9 as upper-case letters ("FF", not "ff")',
            "  if (!Number.isInteger(base) || base < 2 || base > 36) {\n"
            '    throw new RangeError("base must be from 2 to 36");\n'
            "  }\n"
            '  const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";\n'
            "  let rest = Math.abs(n);\n"
            '  let out = "";\n'
            "  do {\n"
            "    out = digits[rest % base] + out;\n"
            "    rest = Math.floor(rest / base);\n"
            "  } while (rest > 0);\n"
            '  return n < 0 ? "-" + out : out;',
            (("255, 16", '"FF"'), ("10, 2", '"1010"'), ("-255, 16", '"-FF"'), ("0, 16", '"0"')),
            raises=(("10, 1", "RangeError"), ("10, 37", "RangeError")),
        ),
    ),
    F(
        "caesarShift",
        "encoding",
        "text, shift",
        "the text with each ASCII letter moved shift places along the alphabet, keeping its "
        "case and wrapping around both ways (negative shifts go back), other characters kept",
        "  return text.replace(/[a-z]/gi, (ch) => {\n"
        '    const base = ch <= "Z" ? 65 : 97;\n'
        "    const offset = (((ch.charCodeAt(0) - base + shift) % 26) + 26) % 26;\n"
        "    return String.fromCharCode(base + offset);\n"
        "  });",
        (
            ('"abc", 1', '"bcd"'),
            ('"xyz", 3', '"abc"'),
            ('"Hello, World!", 13', '"Uryyb, Jbeyq!"'),
        ),
        defect=Defect(
            "  return text.replace(/[a-z]/gi, (ch) => {\n"
            '    const base = ch <= "Z" ? 65 : 97;\n'
            "    return String.fromCharCode(base + ((ch.charCodeAt(0) - base + shift) % 26));\n"
            "  });",
            'a negative shift such as caesarShift("abc", -1)',
            'it returns "`ab" instead of "zab": the letters do not wrap backwards',
            (('"abc", -1', '"zab"'), ('"Hello", -27', '"Gdkkn"')),
        ),
    ),
    F(
        "runLengthEncode",
        "encoding",
        "text",
        "the run-length encoding of a text, each run of one repeated character written as its "
        'length followed by the character ("aaab" gives "3a1b")',
        '  let result = "";\n'
        "  let i = 0;\n"
        "  while (i < text.length) {\n"
        "    let j = i;\n"
        "    while (text[j] === text[i]) j += 1;\n"
        "    result += `${j - i}${text[i]}`;\n"
        "    i = j;\n"
        "  }\n"
        "  return result;",
        (('"aaabcc"', '"3a1b2c"'), ('"abc"', '"1a1b1c"'), ('""', '""')),
        defect=Defect(
            '  let result = "";\n'
            "  let count = 1;\n"
            "  for (let i = 1; i < text.length; i += 1) {\n"
            "    if (text[i] === text[i - 1]) count += 1;\n"
            "    else {\n"
            "      result += `${count}${text[i - 1]}`;\n"
            "      count = 1;\n"
            "    }\n"
            "  }\n"
            "  return result;",
            'the last run such as runLengthEncode("aab")',
            'it returns "2a" and drops the final "1b"',
            (('"aab"', '"2a1b"'), ('"x"', '"1x"')),
        ),
        change=Change(
            'a run of a single character should be written without a count ("aaab" gives "3ab")',
            '  let result = "";\n'
            "  let i = 0;\n"
            "  while (i < text.length) {\n"
            "    let j = i;\n"
            "    while (text[j] === text[i]) j += 1;\n"
            '    result += (j - i > 1 ? j - i : "") + text[i];\n'
            "    i = j;\n"
            "  }\n"
            "  return result;",
            (('"aaab"', '"3ab"'), ('"aaabcc"', '"3ab2c"'), ('"abc"', '"abc"'), ('""', '""')),
        ),
    ),
    F(
        "runLengthDecode",
        "encoding",
        "text",
        "the text decoded from run-length form, where each character follows its count of one "
        'or more digits ("12a1b" gives twelve a\'s then one b)',
        '  let result = "";\n'
        "  for (const [, count, ch] of text.matchAll(/(\\d+)(\\D)/g)) {\n"
        "    result += ch.repeat(Number(count));\n"
        "  }\n"
        "  return result;",
        (('"3a1b2c"', '"aaabcc"'), ('"1x"', '"x"'), ('""', '""')),
        defect=Defect(
            '  let result = "";\n'
            "  for (let i = 0; i + 1 < text.length; i += 2) {\n"
            "    result += text[i + 1].repeat(Number(text[i]));\n"
            "  }\n"
            "  return result;",
            'a count of 10 or more such as "12a1b"',
            'it returns "2": it takes every count to be a single digit',
            (('"12a1b"', '"a".repeat(12) + "b"'), ('"10z"', '"zzzzzzzzzz"')),
        ),
    ),
    # text
    F(
        "hammingDistance",
        "text",
        "a, b",
        "the number of positions at which two strings of equal length differ, throwing a "
        "RangeError when their lengths differ",
        "  if (a.length !== b.length) {\n"
        '    throw new RangeError("the strings must have the same length");\n'
        "  }\n"
        "  let count = 0;\n"
        "  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) count += 1;\n"
        "  return count;",
        (('"karolin", "kathrin"', "3"), ('"abc", "abc"', "0"), ('"", ""', "0")),
        raises=(('"abc", "ab"', "RangeError"),),
        change=Change(
            'hammingDistance should ignore case, so "A" and "a" count as the same letter',
            "  if (a.length !== b.length) {\n"
            '    throw new RangeError("the strings must have the same length");\n'
            "  }\n"
            "  const [x, y] = [a.toLowerCase(), b.toLowerCase()];\n"
            "  let count = 0;\n"
            "  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) count += 1;\n"
            "  return count;",
            (('"karolin", "KAthrin"', "3"), ('"ABC", "abd"', "1"), ('"", ""', "0")),
            raises=(('"abc", "ab"', "RangeError"),),
        ),
    ),
    F(
        "countOccurrences",
        "text",
        "text, pattern",
        'how many times pattern occurs in text, overlapping occurrences included ("aa" occurs '
        'twice in "aaa"), and 0 for an empty pattern',
        '  if (pattern === "") return 0;\n'
        "  let count = 0;\n"
        "  let i = text.indexOf(pattern);\n"
        "  while (i !== -1) {\n"
        "    count += 1;\n"
        "    i = text.indexOf(pattern, i + 1);\n"
        "  }\n"
        "  return count;",
        (('"banana", "an"', "2"), ('"abc", "d"', "0"), ('"abc", ""', "0")),
        defect=Defect(
            "  return text.split(pattern).length - 1;",
            'overlapping occurrences such as "aba" in "abababa"',
            "it returns 2 instead of 3: occurrences may overlap",
            (('"abababa", "aba"', "3"), ('"aaaa", "aa"', "3")),
        ),
    ),
    F(
        "isAnagram",
        "text",
        "a, b",
        "whether two texts contain the same letters the same number of times, ignoring case "
        "and spaces",
        '  const letters = (s) => [...s.toLowerCase().replace(/\\s/g, "")].sort().join("");\n'
        "  return letters(a) === letters(b);",
        (
            ('"listen", "silent"', "true"),
            ('"Dormitory", "dirty room"', "true"),
            ('"abc", "abd"', "false"),
        ),
        defect=Defect(
            '  const letters = (s) => new Set(s.toLowerCase().replace(/\\s/g, ""));\n'
            "  const [x, y] = [letters(a), letters(b)];\n"
            "  return x.size === y.size && [...x].every((ch) => y.has(ch));",
            'repeated letters such as "aab" and "abb"',
            "it says true; each letter must occur the same number of times",
            (('"aab", "abb"', "false"), ('"aabb", "ab"', "false")),
        ),
    ),
    F(
        "longestCommonPrefix",
        "text",
        "words",
        'the longest prefix that every string in an array starts with ("" for an empty array '
        "or when they share none)",
        '  if (words.length === 0) return "";\n'
        "  let prefix = words[0];\n"
        "  for (const word of words.slice(1)) {\n"
        "    while (!word.startsWith(prefix)) prefix = prefix.slice(0, -1);\n"
        "  }\n"
        "  return prefix;",
        (
            ('["flower", "flow", "flight"]', '"fl"'),
            ('["dog", "racecar"]', '""'),
            ('["same"]', '"same"'),
            ("[]", '""'),
        ),
        defect=Defect(
            '  if (words.length === 0) return "";\n'
            "  const [first, last] = [words[0], words[words.length - 1]];\n"
            "  let i = 0;\n"
            "  while (i < first.length && first[i] === last[i]) i += 1;\n"
            "  return first.slice(0, i);",
            'a differing word in the middle such as ["abc", "xyz", "abd"]',
            'it returns "ab" although "xyz" shares nothing: only the first and last words are '
            "compared",
            (
                ('["abc", "xyz", "abd"]', '""'),
                ('["interview", "internet", "integer", "inter"]', '"inte"'),
            ),
        ),
    ),
    F(
        "titleCase",
        "text",
        "text",
        "the text with the first character of each space-separated word upper-cased and the "
        "rest of the word lower-cased, the spacing kept as it is",
        "  return text\n"
        '    .split(" ")\n'
        "    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())\n"
        '    .join(" ");',
        (('"hello wORLD"', '"Hello World"'), ('"a  b"', '"A  B"'), ('""', '""')),
        defect=Defect(
            "  return text.replace(/\\b\\w/g, (ch) => ch.toUpperCase());",
            'capitals inside a word or an apostrophe, such as "hELLO" or "it\'s"',
            'it returns "HELLO" and "It\'S"; only a word\'s first character is upper-case',
            (('"hELLO"', '"Hello"'), ('"it\'s mine"', '"It\'s Mine"')),
        ),
        change=Change(
            'the short words "a", "an", "the", "of" and "and" should stay lower-case unless '
            "they are the first word",
            '  const small = new Set(["a", "an", "the", "of", "and"]);\n'
            "  return text\n"
            '    .split(" ")\n'
            "    .map((word, i) => {\n"
            "      const lower = word.toLowerCase();\n"
            "      if (i > 0 && small.has(lower)) return lower;\n"
            "      return lower.charAt(0).toUpperCase() + lower.slice(1);\n"
            "    })\n"
            '    .join(" ");',
            (
                ('"the lord OF the rings"', '"The Lord of the Rings"'),
                ('"a tale of two cities"', '"A Tale of Two Cities"'),
                ('"hello wORLD"', '"Hello World"'),
                ('""', '""'),
            ),
        ),
    ),
    F(
        "camelToSnake",
        "text",
        "text",
        "a camelCase identifier in snake_case: each capital letter lower-cased with an "
        'underscore before it, except at the very start ("parseHttpUrl" gives "parse_http_url")',
        '  return text.replace(/[A-Z]/g, (ch, i) => (i > 0 ? "_" : "") + ch.toLowerCase());',
        (('"userId"', '"user_id"'), ('"value"', '"value"'), ('"parseHttpUrl"', '"parse_http_url"')),
        defect=Defect(
            '  return text.replace(/([A-Z])/g, "_$1").toLowerCase();',
            'a leading capital such as "HttpServer"',
            'it returns "_http_server" with a leading underscore',
            (('"HttpServer"', '"http_server"'), ('"X"', '"x"')),
        ),
    ),
    F(
        "wrapText",
        "text",
        "text, width",
        "the words of a text packed greedily into lines of at most width characters, joined by "
        "single spaces (a longer word gets a line of its own), as an array of lines",
        "  const lines = [];\n"
        '  let line = "";\n'
        "  for (const word of text.split(/\\s+/).filter(Boolean)) {\n"
        "    if (line && line.length + 1 + word.length <= width) line += ` ${word}`;\n"
        "    else {\n"
        "      if (line) lines.push(line);\n"
        "      line = word;\n"
        "    }\n"
        "  }\n"
        "  if (line) lines.push(line);\n"
        "  return lines;",
        (
            ('"the quick brown fox", 10', '["the quick", "brown fox"]'),
            ('"abcdefgh ab", 4', '["abcdefgh", "ab"]'),
            ('"", 5', "[]"),
        ),
        defect=Defect(
            "  const lines = [];\n"
            '  let line = "";\n'
            "  for (const word of text.split(/\\s+/).filter(Boolean)) {\n"
            "    if (line && line.length + 1 + word.length < width) line += ` ${word}`;\n"
            "    else {\n"
            "      if (line) lines.push(line);\n"
            "      line = word;\n"
            "    }\n"
            "  }\n"
            "  if (line) lines.push(line);\n"
            "  return lines;",
            'a line that fills the width exactly such as wrapText("ab cd", 5)',
            'it returns ["ab", "cd"]; a line may be exactly width characters long',
            (('"ab cd", 5', '["ab cd"]'), ('"one two six", 7', '["one two", "six"]')),
        ),
    ),
    F(
        "isBalanced",
        "text",
        "text",
        "whether every (, [ and { in a text is closed by its matching bracket in the right "
        "order, with no stray closing bracket; other characters are ignored",
        '  const pairs = { ")": "(", "]": "[", "}": "{" };\n'
        "  const stack = [];\n"
        "  for (const ch of text) {\n"
        '    if ("([{".includes(ch)) stack.push(ch);\n'
        "    else if (ch in pairs && stack.pop() !== pairs[ch]) return false;\n"
        "  }\n"
        "  return stack.length === 0;",
        (('"(a[b]{c})"', "true"), ('"(()"', "false"), ('")("', "false"), ('""', "true")),
        defect=Defect(
            '  const depth = { "(": 0, "[": 0, "{": 0 };\n'
            '  const opener = { ")": "(", "]": "[", "}": "{" };\n'
            "  for (const ch of text) {\n"
            "    if (ch in depth) depth[ch] += 1;\n"
            "    else if (ch in opener && (depth[opener[ch]] -= 1) < 0) return false;\n"
            "  }\n"
            "  return Object.values(depth).every((d) => d === 0);",
            'interleaved brackets such as "([)]"',
            "it says true; a bracket must be closed before the one opened ahead of it",
            (('"([)]"', "false"), ('"{(})"', "false")),
        ),
        change=Change(
            "angle brackets < and > should count as a matching pair too",
            '  const pairs = { ")": "(", "]": "[", "}": "{", ">": "<" };\n'
            "  const stack = [];\n"
            "  for (const ch of text) {\n"
            '    if ("([{<".includes(ch)) stack.push(ch);\n'
            "    else if (ch in pairs && stack.pop() !== pairs[ch]) return false;\n"
            "  }\n"
            "  return stack.length === 0;",
            (
                ('"<a(b)>"', "true"),
                ('"<(>)"', "false"),
                ('"a < b"', "false"),
                ('"(a[b]{c})"', "true"),
            ),
        ),
    ),
    # calendar: Gregorian dates as numbers, no Date objects
    F(
        "isLeapYear",
        "calendar",
        "year",
        "whether a year is a leap year of the Gregorian calendar: divisible by 4, except that "
        "a century year must be divisible by 400 (2000 is one, 1900 is not)",
        "  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;",
        (("2024", "true"), ("2023", "false"), ("2000", "true")),
        defect=Defect(
            "  return year % 4 === 0;",
            "a century year not divisible by 400 such as 1900",
            "it says true; 1900 was not a leap year",
            (("1900", "false"), ("2100", "false")),
        ),
    ),
    F(
        "daysInMonth",
        "calendar",
        "year, month",
        "the number of days in a month numbered 1 to 12 of a Gregorian year, February having "
        "29 in leap years (2000 is one, 1900 is not), throwing a RangeError for another month",
        "  if (!Number.isInteger(month) || month < 1 || month > 12) {\n"
        '    throw new RangeError("month must be from 1 to 12");\n'
        "  }\n"
        "  if (month === 2) {\n"
        "    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;\n"
        "    return leap ? 29 : 28;\n"
        "  }\n"
        "  return [4, 6, 9, 11].includes(month) ? 30 : 31;",
        (
            ("2023, 2", "28"),
            ("2024, 2", "29"),
            ("1900, 2", "28"),
            ("2024, 4", "30"),
            ("2024, 12", "31"),
        ),
        raises=(("2024, 0", "RangeError"), ("2024, 13", "RangeError")),
        defect=Defect(
            "  if (!Number.isInteger(month) || month < 1 || month > 12) {\n"
            '    throw new RangeError("month must be from 1 to 12");\n'
            "  }\n"
            "  if (month === 2) return year % 4 === 0 && year % 100 !== 0 ? 29 : 28;\n"
            "  return [4, 6, 9, 11].includes(month) ? 30 : 31;",
            "February of a year divisible by 400 such as 2000",
            "it returns 28; 2000 was a leap year, so that February had 29 days",
            (("2000, 2", "29"), ("2400, 2", "29")),
        ),
    ),
    F(
        "dayOfYear",
        "calendar",
        "year, month, day",
        "the position of a Gregorian date in its year, 1 January being 1, with 29 February "
        "counted in leap years (divisible by 4, and by 400 for a century year)",
        "  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;\n"
        "  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];\n"
        "  let total = day;\n"
        "  for (let m = 1; m < month; m += 1) total += lengths[m - 1];\n"
        "  return total;",
        (
            ("2023, 1, 1", "1"),
            ("2023, 3, 1", "60"),
            ("2023, 12, 31", "365"),
            ("2024, 2, 29", "60"),
            ("1900, 12, 31", "365"),
        ),
        defect=Defect(
            "  const before = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];\n"
            "  return before[month - 1] + day;",
            "a date after February in a leap year such as 1 March 2024",
            "it returns 60 instead of 61: 29 February is not counted",
            (("2024, 3, 1", "61"), ("2000, 12, 31", "366")),
        ),
    ),
    F(
        "weekdayOf",
        "calendar",
        "year, month, day",
        "the day of the week of a Gregorian date as a number from 0 for Sunday to 6 for "
        "Saturday, for any year from 1 on",
        "  const offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];\n"
        "  const y = month < 3 ? year - 1 : year;\n"
        "  const leaps = Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400);\n"
        "  return (y + leaps + offsets[month - 1] + day) % 7;",
        (("2024, 7, 4", "4"), ("2000, 12, 25", "1"), ("1969, 7, 20", "0")),
        defect=Defect(
            "  const offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];\n"
            "  const leaps = Math.floor(year / 4) - Math.floor(year / 100) + Math.floor(year / 400);\n"
            "  return (year + leaps + offsets[month - 1] + day) % 7;",
            "a date in January or February such as 1 January 2024",
            "it returns 3, a Wednesday; 1 January 2024 was a Monday, 1",
            (("2024, 1, 1", "1"), ("2023, 2, 14", "2")),
        ),
    ),
    F(
        "toDayNumber",
        "calendar",
        "year, month, day",
        "the number of days from 1 January 1970 to a Gregorian date, negative for earlier "
        "dates, leap years counted as the Gregorian calendar counts them (1900 and 2100 are not)",
        "  const y = month <= 2 ? year - 1 : year;\n"
        "  const era = Math.floor(y / 400);\n"
        "  const yearOfEra = y - era * 400;\n"
        "  const fromMarch = (month + 9) % 12;\n"
        "  const dayOfYear = Math.floor((153 * fromMarch + 2) / 5) + day - 1;\n"
        "  const dayOfEra =\n"
        "    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;\n"
        "  return era * 146097 + dayOfEra - 719468;",
        (
            ("1970, 1, 1", "0"),
            ("2000, 1, 1", "10957"),
            ("2024, 3, 1", "19783"),
            ("1969, 12, 31", "-1"),
        ),
        defect=Defect(
            "  const before = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];\n"
            "  const leapDays = Math.floor((year - 1969) / 4);\n"
            "  const extra = month > 2 && year % 4 === 0 ? 1 : 0;\n"
            "  return (year - 1970) * 365 + leapDays + before[month - 1] + day - 1 + extra;",
            "a date outside 1901 to 2099 such as 1 March 2100",
            "it is one day off (47542 instead of 47541): 2100 is not a leap year",
            (("2100, 3, 1", "47541"), ("1900, 1, 1", "-25567")),
        ),
    ),
    F(
        "fromDayNumber",
        "calendar",
        "days",
        "the Gregorian date a number of days after 1 January 1970 (before it when negative) "
        "as an array [year, month, day], leap years as the Gregorian calendar has them",
        "  const leap = (y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;\n"
        "  let year = 1970;\n"
        "  while (days < 0) {\n"
        "    year -= 1;\n"
        "    days += leap(year) ? 366 : 365;\n"
        "  }\n"
        "  while (days >= (leap(year) ? 366 : 365)) {\n"
        "    days -= leap(year) ? 366 : 365;\n"
        "    year += 1;\n"
        "  }\n"
        "  const lengths = [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];\n"
        "  let month = 1;\n"
        "  while (days >= lengths[month - 1]) {\n"
        "    days -= lengths[month - 1];\n"
        "    month += 1;\n"
        "  }\n"
        "  return [year, month, days + 1];",
        (
            ("0", "[1970, 1, 1]"),
            ("19783", "[2024, 3, 1]"),
            ("-1", "[1969, 12, 31]"),
            ("11016", "[2000, 2, 29]"),
        ),
        defect=Defect(
            "  const leap = (y) => y % 4 === 0;\n"
            "  let year = 1970;\n"
            "  while (days < 0) {\n"
            "    year -= 1;\n"
            "    days += leap(year) ? 366 : 365;\n"
            "  }\n"
            "  while (days >= (leap(year) ? 366 : 365)) {\n"
            "    days -= leap(year) ? 366 : 365;\n"
            "    year += 1;\n"
            "  }\n"
            "  const lengths = [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];\n"
            "  let month = 1;\n"
            "  while (days >= lengths[month - 1]) {\n"
            "    days -= lengths[month - 1];\n"
            "    month += 1;\n"
            "  }\n"
            "  return [year, month, days + 1];",
            "a date from March 2100 on, such as day 47541",
            "it returns [2100, 2, 29], a day that does not exist; day 47541 is 1 March 2100",
            (("47541", "[2100, 3, 1]"), ("-25567", "[1900, 1, 1]")),
        ),
        change=Change(
            'fromDayNumber should return the date as an ISO text such as "2024-03-01", the '
            "year in four digits and the month and day in two",
            "  const leap = (y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;\n"
            "  let year = 1970;\n"
            "  while (days < 0) {\n"
            "    year -= 1;\n"
            "    days += leap(year) ? 366 : 365;\n"
            "  }\n"
            "  while (days >= (leap(year) ? 366 : 365)) {\n"
            "    days -= leap(year) ? 366 : 365;\n"
            "    year += 1;\n"
            "  }\n"
            "  const lengths = [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];\n"
            "  let month = 1;\n"
            "  while (days >= lengths[month - 1]) {\n"
            "    days -= lengths[month - 1];\n"
            "    month += 1;\n"
            "  }\n"
            '  const pad = (n, width) => String(n).padStart(width, "0");\n'
            "  return `${pad(year, 4)}-${pad(month, 2)}-${pad(days + 1, 2)}`;",
            (
                ("0", '"1970-01-01"'),
                ("19783", '"2024-03-01"'),
                ("-1", '"1969-12-31"'),
                ("47541", '"2100-03-01"'),
            ),
        ),
    ),
    F(
        "addMonths",
        "calendar",
        "date, n",
        "the [year, month, day] date n months after a [year, month, day] date (before it for a "
        "negative n), the day cut to the target month's last day, February having 29 in leap years",
        "  const [year, month, day] = date;\n"
        "  const index = year * 12 + (month - 1) + n;\n"
        "  const y = Math.floor(index / 12);\n"
        "  const m = index - y * 12 + 1;\n"
        "  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;\n"
        "  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];\n"
        "  return [y, m, Math.min(day, lengths[m - 1])];",
        (
            ("[2024, 1, 15], 1", "[2024, 2, 15]"),
            ("[2024, 11, 10], 3", "[2025, 2, 10]"),
            ("[2024, 3, 5], -3", "[2023, 12, 5]"),
            ("[2024, 5, 20], 0", "[2024, 5, 20]"),
        ),
        defect=Defect(
            "  const [year, month, day] = date;\n"
            "  const index = year * 12 + (month - 1) + n;\n"
            "  const y = Math.floor(index / 12);\n"
            "  return [y, index - y * 12 + 1, day];",
            "a day the target month does not have, such as 31 January plus one month",
            "it returns 31 February instead of the month's last day",
            (
                ("[2024, 1, 31], 1", "[2024, 2, 29]"),
                ("[2023, 1, 31], 1", "[2023, 2, 28]"),
                ("[2024, 5, 31], -1", "[2024, 4, 30]"),
            ),
        ),
    ),
    # similarity: string and set distances other than Levenshtein
    F(
        "jaccardIndex",
        "similarity",
        "a, b",
        "the Jaccard similarity of two arrays: the count of distinct values in both over the "
        "count of distinct values in either, rounded to two decimals, 1 when both are empty",
        "  const [x, y] = [new Set(a), new Set(b)];\n"
        "  const union = new Set([...x, ...y]).size;\n"
        "  if (union === 0) return 1;\n"
        "  const shared = [...x].filter((value) => y.has(value)).length;\n"
        "  return Math.round((shared / union) * 100) / 100;",
        (
            ("[1, 2, 3], [2, 3, 4]", "0.5"),
            ("[1, 2], [3]", "0"),
            ("[], []", "1"),
            ('["a", "b", "c"], ["a"]', "0.33"),
        ),
        defect=Defect(
            "  if (a.length === 0 && b.length === 0) return 1;\n"
            "  const shared = a.filter((value) => b.includes(value)).length;\n"
            "  return Math.round((shared / (a.length + b.length - shared)) * 100) / 100;",
            "repeated values such as [1, 1, 2] and [1, 2]",
            "it returns 1.5; the similarity is at most 1 and a repeated value counts once",
            (("[1, 1, 2], [1, 2]", "1"), ("[1, 2], [2, 2, 3]", "0.33")),
        ),
    ),
    F(
        "lcsLength",
        "similarity",
        "a, b",
        "the length of the longest common subsequence of two strings: the most characters "
        "found in both in the same order, not necessarily next to each other",
        "  let previous = new Array(b.length + 1).fill(0);\n"
        "  for (const ch of a) {\n"
        "    const row = [0];\n"
        "    for (let j = 1; j <= b.length; j += 1) {\n"
        "      row.push(ch === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], row[j - 1]));\n"
        "    }\n"
        "    previous = row;\n"
        "  }\n"
        "  return previous[b.length];",
        (
            ('"abcde", "ace"', "3"),
            ('"abc", "def"', "0"),
            ('"", "abc"', "0"),
            ('"AGGTAB", "GXTXAYB"', "4"),
        ),
        defect=Defect(
            "  const counts = new Map();\n"
            "  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);\n"
            "  let common = 0;\n"
            "  for (const ch of a) {\n"
            "    if (counts.get(ch) > 0) {\n"
            "      common += 1;\n"
            "      counts.set(ch, counts.get(ch) - 1);\n"
            "    }\n"
            "  }\n"
            "  return common;",
            'the same letters in another order such as "abc" and "cba"',
            "it returns 3 instead of 1: the characters must keep their order",
            (('"abc", "cba"', "1"), ('"abcd", "dcab"', "2")),
        ),
    ),
    F(
        "isOneEditAway",
        "similarity",
        "a, b",
        "whether two strings are equal or one insertion, deletion or replacement of a single "
        "character apart",
        "  if (Math.abs(a.length - b.length) > 1) return false;\n"
        "  const [short, long] = a.length <= b.length ? [a, b] : [b, a];\n"
        "  let [i, j, edits] = [0, 0, 0];\n"
        "  while (i < short.length && j < long.length) {\n"
        "    if (short[i] === long[j]) {\n"
        "      i += 1;\n"
        "      j += 1;\n"
        "      continue;\n"
        "    }\n"
        "    edits += 1;\n"
        "    if (edits > 1) return false;\n"
        "    if (short.length === long.length) i += 1;\n"
        "    j += 1;\n"
        "  }\n"
        "  return true;",
        (
            ('"pale", "ple"', "true"),
            ('"pales", "pale"', "true"),
            ('"pale", "bale"', "true"),
            ('"pale", "bake"', "false"),
            ('"", ""', "true"),
        ),
        defect=Defect(
            "  if (a.length === b.length) {\n"
            "    let diff = 0;\n"
            "    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) diff += 1;\n"
            "    return diff <= 1;\n"
            "  }\n"
            "  return Math.abs(a.length - b.length) === 1;",
            'lengths one apart that also differ elsewhere, such as "ab" and "xyz"',
            "it says true although they are three edits apart",
            (('"ab", "xyz"', "false"), ('"cat", "dogs"', "false"), ('"abc", "xbcd"', "false")),
        ),
    ),
    F(
        "damerauDistance",
        "similarity",
        "a, b",
        "the fewest single-character insertions, deletions, replacements and swaps of two "
        "adjacent characters turning a into b, no part edited twice (optimal string alignment)",
        "  const d = [];\n"
        "  for (let i = 0; i <= a.length; i += 1) {\n"
        "    d.push([i]);\n"
        "    for (let j = 1; j <= b.length; j += 1) d[i].push(i === 0 ? j : 0);\n"
        "  }\n"
        "  for (let i = 1; i <= a.length; i += 1) {\n"
        "    for (let j = 1; j <= b.length; j += 1) {\n"
        "      const cost = a[i - 1] === b[j - 1] ? 0 : 1;\n"
        "      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);\n"
        "      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {\n"
        "        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "  return d[a.length][b.length];",
        (
            ('"kitten", "sitting"', "3"),
            ('"", "abc"', "3"),
            ('"same", "same"', "0"),
            ('"flaw", "lawn"', "2"),
        ),
        defect=Defect(
            "  const d = [];\n"
            "  for (let i = 0; i <= a.length; i += 1) {\n"
            "    d.push([i]);\n"
            "    for (let j = 1; j <= b.length; j += 1) d[i].push(i === 0 ? j : 0);\n"
            "  }\n"
            "  for (let i = 1; i <= a.length; i += 1) {\n"
            "    for (let j = 1; j <= b.length; j += 1) {\n"
            "      const cost = a[i - 1] === b[j - 1] ? 0 : 1;\n"
            "      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);\n"
            "    }\n"
            "  }\n"
            "  return d[a.length][b.length];",
            'two neighbouring letters swapped, such as "form" and "from"',
            "it returns 2; a swap of adjacent characters is a single edit",
            (('"form", "from"', "1"), ('"ab", "ba"', "1")),
        ),
    ),
    # words
    F(
        "groupAnagrams",
        "words",
        "words",
        "the words grouped into arrays of anagrams (the same letters the same number of times, "
        "case-sensitive), each group in input order, groups ordered by their first word",
        "  const groups = new Map();\n"
        "  for (const word of words) {\n"
        '    const key = [...word].sort().join("");\n'
        "    if (!groups.has(key)) groups.set(key, []);\n"
        "    groups.get(key).push(word);\n"
        "  }\n"
        "  return [...groups.values()];",
        (
            (
                '["eat", "tea", "tan", "ate", "nat", "bat"]',
                '[["eat", "tea", "ate"], ["tan", "nat"], ["bat"]]',
            ),
            ("[]", "[]"),
            ('["a", "A"]', '[["a"], ["A"]]'),
        ),
        defect=Defect(
            "  const groups = new Map();\n"
            "  for (const word of words) {\n"
            '    const key = [...new Set(word)].sort().join("");\n'
            "    if (!groups.has(key)) groups.set(key, []);\n"
            "    groups.get(key).push(word);\n"
            "  }\n"
            "  return [...groups.values()];",
            'repeated letters such as "aab" and "abb"',
            "it puts them in one group; each letter must occur as often in both words",
            (
                ('["aab", "abb"]', '[["aab"], ["abb"]]'),
                ('["loop", "pool", "lop"]', '[["loop", "pool"], ["lop"]]'),
            ),
        ),
        change=Change(
            'groupAnagrams should ignore case, so "Tea" and "eat" share a group; the words '
            "stay as they were written",
            "  const groups = new Map();\n"
            "  for (const word of words) {\n"
            '    const key = [...word.toLowerCase()].sort().join("");\n'
            "    if (!groups.has(key)) groups.set(key, []);\n"
            "    groups.get(key).push(word);\n"
            "  }\n"
            "  return [...groups.values()];",
            (
                ('["Tea", "eat", "Ate", "tan"]', '[["Tea", "eat", "Ate"], ["tan"]]'),
                ('["a", "A"]', '[["a", "A"]]'),
                ('["aab", "abb"]', '[["aab"], ["abb"]]'),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "pluralize",
        "words",
        "count, word",
        'the count and the word, plural unless the count is exactly 1 (so "0 apples"): "es" '
        'after s, x, z, ch or sh, "ies" for a y after a consonant, otherwise "s"',
        "  if (count === 1) return `1 ${word}`;\n"
        "  let plural = `${word}s`;\n"
        "  if (/(s|x|z|ch|sh)$/.test(word)) plural = `${word}es`;\n"
        "  else if (/[^aeiou]y$/.test(word)) plural = `${word.slice(0, -1)}ies`;\n"
        "  return `${count} ${plural}`;",
        (
            ('1, "apple"', '"1 apple"'),
            ('3, "box"', '"3 boxes"'),
            ('2, "city"', '"2 cities"'),
            ('2, "day"', '"2 days"'),
            ('5, "church"', '"5 churches"'),
        ),
        defect=Defect(
            "  if (count <= 1) return `${count} ${word}`;\n"
            "  let plural = `${word}s`;\n"
            "  if (/(s|x|z|ch|sh)$/.test(word)) plural = `${word}es`;\n"
            "  else if (/[^aeiou]y$/.test(word)) plural = `${word.slice(0, -1)}ies`;\n"
            "  return `${count} ${plural}`;",
            "a count of zero",
            'it returns "0 apple"; only a count of exactly 1 takes the singular',
            (('0, "apple"', '"0 apples"'), ('0, "box"', '"0 boxes"')),
        ),
        change=Change(
            'a count of 0 should be written as "no", as in "no apples"',
            "  if (count === 1) return `1 ${word}`;\n"
            "  let plural = `${word}s`;\n"
            "  if (/(s|x|z|ch|sh)$/.test(word)) plural = `${word}es`;\n"
            "  else if (/[^aeiou]y$/.test(word)) plural = `${word.slice(0, -1)}ies`;\n"
            '  return `${count === 0 ? "no" : count} ${plural}`;',
            (
                ('0, "apple"', '"no apples"'),
                ('0, "city"', '"no cities"'),
                ('1, "apple"', '"1 apple"'),
                ('3, "box"', '"3 boxes"'),
            ),
        ),
    ),
    F(
        "justifyText",
        "words",
        "words, width",
        "lines of exactly width characters holding the words packed greedily, spaces spread "
        "evenly between words with the leftmost gaps taking any extra, one-word and last lines "
        "left-aligned and padded right",
        "  const lines = [];\n"
        "  let i = 0;\n"
        "  while (i < words.length) {\n"
        "    let j = i;\n"
        "    let length = words[i].length;\n"
        "    while (j + 1 < words.length && length + 1 + words[j + 1].length <= width) {\n"
        "      j += 1;\n"
        "      length += 1 + words[j].length;\n"
        "    }\n"
        "    const line = words.slice(i, j + 1);\n"
        "    const gaps = line.length - 1;\n"
        "    if (j === words.length - 1 || gaps === 0) {\n"
        '      lines.push(line.join(" ").padEnd(width));\n'
        "    } else {\n"
        "      const spaces = width - line.reduce((sum, word) => sum + word.length, 0);\n"
        "      let text = line[0];\n"
        "      for (let g = 0; g < gaps; g += 1) {\n"
        "        const extra = g < spaces % gaps ? 1 : 0;\n"
        '        text += " ".repeat(Math.floor(spaces / gaps) + extra) + line[g + 1];\n'
        "      }\n"
        "      lines.push(text);\n"
        "    }\n"
        "    i = j + 1;\n"
        "  }\n"
        "  return lines;",
        (
            ('["the", "quick", "brown", "fox"], 10', '["the  quick", "brown fox "]'),
            ('["hello"], 8', '["hello   "]'),
            ("[], 5", "[]"),
            ('["a", "b", "c", "d", "e"], 5', '["a b c", "d e  "]'),
        ),
        defect=Defect(
            "  const lines = [];\n"
            "  let i = 0;\n"
            "  while (i < words.length) {\n"
            "    let j = i;\n"
            "    let length = words[i].length;\n"
            "    while (j + 1 < words.length && length + 1 + words[j + 1].length <= width) {\n"
            "      j += 1;\n"
            "      length += 1 + words[j].length;\n"
            "    }\n"
            "    const line = words.slice(i, j + 1);\n"
            "    const gaps = line.length - 1;\n"
            "    if (j === words.length - 1 || gaps === 0) {\n"
            '      lines.push(line.join(" ").padEnd(width));\n'
            "    } else {\n"
            "      const spaces = width - line.reduce((sum, word) => sum + word.length, 0);\n"
            "      let text = line[0];\n"
            "      for (let g = 0; g < gaps; g += 1) {\n"
            "        const extra = g >= gaps - (spaces % gaps) ? 1 : 0;\n"
            '        text += " ".repeat(Math.floor(spaces / gaps) + extra) + line[g + 1];\n'
            "      }\n"
            "      lines.push(text);\n"
            "    }\n"
            "    i = j + 1;\n"
            "  }\n"
            "  return lines;",
            "spaces that do not divide evenly, such as three spaces for two gaps",
            "the extra space goes to the rightmost gap; it belongs in the leftmost",
            (
                ('["a", "b", "c", "d", "e"], 6', '["a  b c", "d e   "]'),
                (
                    '["This", "is", "an", "example", "of", "text", "justification."], 16',
                    '["This    is    an", "example  of text", "justification.  "]',
                ),
            ),
        ),
    ),
    F(
        "rankWords",
        "words",
        "text, n",
        "the n most frequent words of a text as [word, count] pairs, a word being a run of the "
        "letters a to z in any case, lower-cased, by count descending and alphabetically on ties",
        "  const counts = new Map();\n"
        "  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {\n"
        "    counts.set(word, (counts.get(word) ?? 0) + 1);\n"
        "  }\n"
        "  return [...counts]\n"
        "    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))\n"
        "    .slice(0, n);",
        (
            ('"the cat and the hat", 1', '[["the", 2]]'),
            ('"b a B", 5', '[["b", 2], ["a", 1]]'),
            ('"", 3', "[]"),
            ('"Go, go! GO", 2', '[["go", 3]]'),
        ),
        defect=Defect(
            "  const counts = new Map();\n"
            "  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {\n"
            "    counts.set(word, (counts.get(word) ?? 0) + 1);\n"
            "  }\n"
            "  return [...counts].sort((x, y) => y[1] - x[1]).slice(0, n);",
            'words with equal counts such as "dog cat"',
            'it lists "dog" first; equal counts go in alphabetical order',
            (
                ('"dog cat", 2', '[["cat", 1], ["dog", 1]]'),
                ('"It is what it IS", 2', '[["is", 2], ["it", 2]]'),
            ),
        ),
        change=Change(
            'rankWords should count digits as part of words too, so "mp3" is one word',
            "  const counts = new Map();\n"
            "  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {\n"
            "    counts.set(word, (counts.get(word) ?? 0) + 1);\n"
            "  }\n"
            "  return [...counts]\n"
            "    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))\n"
            "    .slice(0, n);",
            (
                ('"mp3 MP3 b", 1', '[["mp3", 2]]'),
                ('"a1 b2 a1", 5', '[["a1", 2], ["b2", 1]]'),
                ('"dog cat", 2', '[["cat", 1], ["dog", 1]]'),
            ),
        ),
    ),
    # formatting
    F(
        "ordinal",
        "formatting",
        "n",
        'a non-negative integer with its English ordinal suffix: "st", "nd" and "rd" after a '
        'last digit 1, 2 and 3, but "th" when the last two digits are 11, 12 or 13, and otherwise',
        "  const lastTwo = n % 100;\n"
        "  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;\n"
        '  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;',
        (
            ("1", '"1st"'),
            ("2", '"2nd"'),
            ("3", '"3rd"'),
            ("4", '"4th"'),
            ("0", '"0th"'),
            ("102", '"102nd"'),
        ),
        defect=Defect(
            '  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;',
            "the teens such as 11, 12 and 13",
            'it returns "11st", "12nd" and "13rd"; they all take "th"',
            (("11", '"11th"'), ("12", '"12th"'), ("113", '"113th"')),
        ),
    ),
    F(
        "formatThousands",
        "formatting",
        "n",
        "a number written with a comma between each group of three digits of its whole part, "
        "a leading minus kept and any fractional part written unchanged after the point",
        '  const [whole, fraction] = String(Math.abs(n)).split(".");\n'
        '  const grouped = whole.replace(/\\B(?=(\\d{3})+$)/g, ",");\n'
        '  return (n < 0 ? "-" : "") + grouped + (fraction === undefined ? "" : `.${fraction}`);',
        (
            ("1234567", '"1,234,567"'),
            ("999", '"999"'),
            ("-1234.5", '"-1,234.5"'),
            ("0", '"0"'),
        ),
        defect=Defect(
            '  return String(n).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ",");',
            "four or more decimals such as 1234.5678",
            'it returns "1,234.5,678", grouping the decimals too',
            (("1234.5678", '"1,234.5678"'), ("0.12345", '"0.12345"')),
        ),
        change=Change(
            "formatThousands should separate the groups with a space instead of a comma, as in "
            "1 234 567",
            '  const [whole, fraction] = String(Math.abs(n)).split(".");\n'
            '  const grouped = whole.replace(/\\B(?=(\\d{3})+$)/g, " ");\n'
            '  return (n < 0 ? "-" : "") + grouped + (fraction === undefined ? "" : `.${fraction}`);',
            (
                ("1234567", '"1 234 567"'),
                ("-1234.5", '"-1 234.5"'),
                ("1234.5678", '"1 234.5678"'),
                ("999", '"999"'),
            ),
        ),
    ),
    F(
        "formatBytes",
        "formatting",
        "bytes",
        "a byte count in the largest of B, KB, MB, GB and TB (steps of 1024) keeping the value "
        'at least 1, rounded to one decimal with ".0" dropped, as "1.5 KB" or "512 B"',
        '  const units = ["B", "KB", "MB", "GB", "TB"];\n'
        "  let value = bytes;\n"
        "  let unit = 0;\n"
        "  while (value >= 1024 && unit < units.length - 1) {\n"
        "    value /= 1024;\n"
        "    unit += 1;\n"
        "  }\n"
        "  return `${Math.round(value * 10) / 10} ${units[unit]}`;",
        (
            ("0", '"0 B"'),
            ("512", '"512 B"'),
            ("1536", '"1.5 KB"'),
            ("3 * 1024 ** 2", '"3 MB"'),
            ("2 * 1024 ** 5", '"2048 TB"'),
        ),
        defect=Defect(
            '  const units = ["B", "KB", "MB", "GB", "TB"];\n'
            "  let value = bytes;\n"
            "  let unit = 0;\n"
            "  while (value > 1024 && unit < units.length - 1) {\n"
            "    value /= 1024;\n"
            "    unit += 1;\n"
            "  }\n"
            "  return `${Math.round(value * 10) / 10} ${units[unit]}`;",
            "exactly 1024 bytes",
            'it returns "1024 B" instead of "1 KB"',
            (("1024", '"1 KB"'), ("1024 ** 2", '"1 MB"')),
        ),
    ),
    F(
        "formatDuration",
        "formatting",
        "seconds",
        'a whole number of seconds as hours, minutes and seconds such as "1h 2m 3s", parts that '
        'are zero left out (hours not limited to 24), and "0s" for zero',
        "  const parts = [];\n"
        "  const h = Math.floor(seconds / 3600);\n"
        "  const m = Math.floor((seconds % 3600) / 60);\n"
        "  const s = seconds % 60;\n"
        "  if (h) parts.push(`${h}h`);\n"
        "  if (m) parts.push(`${m}m`);\n"
        "  if (s) parts.push(`${s}s`);\n"
        '  return parts.length ? parts.join(" ") : "0s";',
        (
            ("3723", '"1h 2m 3s"'),
            ("60", '"1m"'),
            ("3605", '"1h 5s"'),
            ("90000", '"25h"'),
        ),
        defect=Defect(
            "  const parts = [];\n"
            "  const h = Math.floor(seconds / 3600);\n"
            "  const m = Math.floor((seconds % 3600) / 60);\n"
            "  const s = seconds % 60;\n"
            "  if (h) parts.push(`${h}h`);\n"
            "  if (m) parts.push(`${m}m`);\n"
            "  if (s) parts.push(`${s}s`);\n"
            '  return parts.join(" ");',
            "zero seconds",
            'it returns an empty string instead of "0s"',
            (("0", '"0s"'),),
        ),
        change=Change(
            'durations of a day or more should start with the days, as in "1d 1h" for 90000 '
            "seconds, the hours then below 24",
            "  const parts = [];\n"
            "  const d = Math.floor(seconds / 86400);\n"
            "  const h = Math.floor((seconds % 86400) / 3600);\n"
            "  const m = Math.floor((seconds % 3600) / 60);\n"
            "  const s = seconds % 60;\n"
            "  if (d) parts.push(`${d}d`);\n"
            "  if (h) parts.push(`${h}h`);\n"
            "  if (m) parts.push(`${m}m`);\n"
            "  if (s) parts.push(`${s}s`);\n"
            '  return parts.length ? parts.join(" ") : "0s";',
            (
                ("90000", '"1d 1h"'),
                ("86400", '"1d"'),
                ("3723", '"1h 2m 3s"'),
                ("0", '"0s"'),
            ),
        ),
    ),
    # checksums
    F(
        "luhnValid",
        "checksums",
        "number",
        "whether a string of digits, spaces allowed, passes the Luhn check (every second digit "
        "from the right doubled), false for other characters or fewer than two digits",
        '  const digits = number.replace(/ /g, "");\n'
        "  if (!/^\\d{2,}$/.test(digits)) return false;\n"
        "  let sum = 0;\n"
        "  for (let i = 0; i < digits.length; i += 1) {\n"
        "    let d = Number(digits[digits.length - 1 - i]);\n"
        "    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;\n"
        "    sum += d;\n"
        "  }\n"
        "  return sum % 10 === 0;",
        (
            ('"4539 3195 0343 6467"', "true"),
            ('"8273 1232 7352 0569"', "false"),
            ('"0"', "false"),
            ('"12a4"', "false"),
        ),
        defect=Defect(
            '  const digits = number.replace(/ /g, "");\n'
            "  if (!/^\\d{2,}$/.test(digits)) return false;\n"
            "  let sum = 0;\n"
            "  for (let i = 0; i < digits.length; i += 1) {\n"
            "    let d = Number(digits[i]);\n"
            "    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;\n"
            "    sum += d;\n"
            "  }\n"
            "  return sum % 10 === 0;",
            'an odd number of digits such as "79927398713"',
            "it says false; the doubling counts from the rightmost digit",
            (('"79927398713"', "true"), ('"059"', "true"), ('"055 444 285"', "true")),
        ),
        change=Change(
            "luhnValid should accept hyphens between the digits as well as spaces, as in "
            '"4539-3195-0343-6467"',
            '  const digits = number.replace(/[ -]/g, "");\n'
            "  if (!/^\\d{2,}$/.test(digits)) return false;\n"
            "  let sum = 0;\n"
            "  for (let i = 0; i < digits.length; i += 1) {\n"
            "    let d = Number(digits[digits.length - 1 - i]);\n"
            "    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;\n"
            "    sum += d;\n"
            "  }\n"
            "  return sum % 10 === 0;",
            (
                ('"4539-3195-0343-6467"', "true"),
                ('"4539 3195 0343 6467"', "true"),
                ('"8273-1232-7352-0569"', "false"),
                ('"12a4"', "false"),
            ),
        ),
    ),
    F(
        "isbn10Valid",
        "checksums",
        "text",
        "whether a text is a valid ISBN-10 once hyphens are removed: nine digits and a check "
        'digit or "X" (for 10), the sum of the ten weighted 10 down to 1 divisible by 11',
        '  const chars = text.replace(/-/g, "");\n'
        "  if (!/^\\d{9}[\\dX]$/.test(chars)) return false;\n"
        "  let sum = 0;\n"
        "  for (let i = 0; i < 10; i += 1) {\n"
        '    sum += (chars[i] === "X" ? 10 : Number(chars[i])) * (10 - i);\n'
        "  }\n"
        "  return sum % 11 === 0;",
        (
            ('"3-598-21508-8"', "true"),
            ('"3-598-21508-9"', "false"),
            ('"359821507"', "false"),
            ('"3-598-2K507-0"', "false"),
        ),
        defect=Defect(
            '  const chars = text.replace(/-/g, "");\n'
            "  if (!/^\\d{10}$/.test(chars)) return false;\n"
            "  let sum = 0;\n"
            "  for (let i = 0; i < 10; i += 1) sum += Number(chars[i]) * (10 - i);\n"
            "  return sum % 11 === 0;",
            'a check character "X" such as "3-598-21507-X"',
            "it says false; X stands for 10",
            (('"3-598-21507-X"', "true"), ('"080442957X"', "true")),
        ),
    ),
    # sets: set operations on arrays
    F(
        "intersection",
        "sets",
        "a, b",
        "the distinct values found in both arrays, in the order they first appear in the first",
        "  const inB = new Set(b);\n"
        "  const seen = new Set();\n"
        "  const result = [];\n"
        "  for (const value of a) {\n"
        "    if (inB.has(value) && !seen.has(value)) {\n"
        "      seen.add(value);\n"
        "      result.push(value);\n"
        "    }\n"
        "  }\n"
        "  return result;",
        (
            ("[1, 2, 3, 4], [4, 2, 9]", "[2, 4]"),
            ("[1], []", "[]"),
            ('["a", "b"], ["b", "a"]', '["a", "b"]'),
        ),
        defect=Defect(
            "  return a.filter((value) => b.includes(value));",
            "a value repeated in the first array such as [1, 2, 1] and [1]",
            "it returns [1, 1]; each value should appear once",
            (("[1, 2, 1], [1]", "[1]"), ("[3, 3, 3], [3, 3]", "[3]")),
        ),
    ),
    F(
        "difference",
        "sets",
        "a, b",
        "the distinct values of the first array that are not in the second, in the order they "
        "first appear in the first",
        "  const inB = new Set(b);\n  return [...new Set(a)].filter((value) => !inB.has(value));",
        (
            ("[1, 2, 3, 2], [2]", "[1, 3]"),
            ("[], [1]", "[]"),
            ("[1, 2], []", "[1, 2]"),
            ("[5, 5, 6], [6]", "[5]"),
        ),
        change=Change(
            "difference should return the values found in exactly one of the two arrays, those "
            "of the first array first, each once, in order of first appearance",
            "  const [inA, inB] = [new Set(a), new Set(b)];\n"
            "  const onlyA = a.filter((value) => !inB.has(value));\n"
            "  const onlyB = b.filter((value) => !inA.has(value));\n"
            "  return [...new Set([...onlyA, ...onlyB])];",
            (
                ("[1, 2, 3], [2, 4]", "[1, 3, 4]"),
                ("[1, 1], [1]", "[]"),
                ("[], [2, 2]", "[2]"),
                ("[1, 2, 3, 2], [2]", "[1, 3]"),
            ),
        ),
    ),
    F(
        "isSubset",
        "sets",
        "a, b",
        "whether every value of the first array also occurs in the second, a repeat needing "
        "no repeat (so [1, 1] is a subset of [1]), true for an empty first array",
        "  const inB = new Set(b);\n  return a.every((value) => inB.has(value));",
        (
            ("[1, 2], [2, 3, 1]", "true"),
            ("[], [1]", "true"),
            ("[1, 4], [1, 2]", "false"),
            ("[], []", "true"),
        ),
        defect=Defect(
            "  if (a.length > b.length) return false;\n"
            "  return a.every((value) => b.includes(value));",
            "repeated values such as [1, 1] and [1]",
            "it says false; one occurrence in the second array covers every repeat",
            (("[1, 1], [1]", "true"), ("[2, 2, 2], [2, 3]", "true")),
        ),
    ),
    F(
        "powerSet",
        "sets",
        "values",
        "all 2 ** length subsets of an array as arrays, subset number i holding the elements "
        "whose bit is set in i, in their original order, so [] comes first",
        "  const subsets = [];\n"
        "  for (let mask = 0; mask < 2 ** values.length; mask += 1) {\n"
        "    subsets.push(values.filter((_, i) => Math.floor(mask / 2 ** i) % 2 === 1));\n"
        "  }\n"
        "  return subsets;",
        (
            ("[]", "[[]]"),
            ("[1, 2]", "[[], [1], [2], [1, 2]]"),
            (
                '["a", "b", "c"]',
                '[[], ["a"], ["b"], ["a", "b"], ["c"], ["a", "c"], ["b", "c"], ["a", "b", "c"]]',
            ),
        ),
        change=Change(
            "powerSet should list the subsets by size, smallest first, subsets of one size "
            "keeping the order they had",
            "  const subsets = [];\n"
            "  for (let mask = 0; mask < 2 ** values.length; mask += 1) {\n"
            "    subsets.push(values.filter((_, i) => Math.floor(mask / 2 ** i) % 2 === 1));\n"
            "  }\n"
            "  return subsets.sort((x, y) => x.length - y.length);",
            (
                ("[]", "[[]]"),
                ("[1, 2]", "[[], [1], [2], [1, 2]]"),
                (
                    '["a", "b", "c"]',
                    '[[], ["a"], ["b"], ["c"], ["a", "b"], ["a", "c"], ["b", "c"], '
                    '["a", "b", "c"]]',
                ),
            ),
        ),
    ),
    # objects: plain objects and dotted paths
    F(
        "deepEqual",
        "objects",
        "a, b",
        "whether two values made of numbers, strings, booleans, null, arrays and plain objects "
        "are equal all the way down, arrays in order and object keys in any order",
        "  const equal = (x, y) => {\n"
        "    if (x === y) return true;\n"
        '    if (typeof x !== "object" || typeof y !== "object" || !x || !y) return false;\n'
        "    if (Array.isArray(x) !== Array.isArray(y)) return false;\n"
        "    const keys = Object.keys(x);\n"
        "    if (keys.length !== Object.keys(y).length) return false;\n"
        "    return keys.every((key) => Object.hasOwn(y, key) && equal(x[key], y[key]));\n"
        "  };\n"
        "  return equal(a, b);",
        (
            ("[1, { a: 2 }], [1, { a: 2 }]", "true"),
            ("{ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] }", "false"),
            ('1, "1"', "false"),
            ("null, {}", "false"),
            ("[], {}", "false"),
            ("{ a: 1 }, { a: 1, b: 2 }", "false"),
        ),
        defect=Defect(
            "  return JSON.stringify(a) === JSON.stringify(b);",
            "the same keys in another order, such as an object with a then b against one with "
            "b then a,",
            "it says false; the order of an object's keys does not matter",
            (
                ("{ a: 1, b: 2 }, { b: 2, a: 1 }", "true"),
                ("{ x: { p: 1, q: [1] } }, { x: { q: [1], p: 1 } }", "true"),
            ),
        ),
    ),
    F(
        "getPath",
        "objects",
        "obj, path",
        'the value reached by following a dotted path of keys such as "a.b.0" through nested '
        "objects and arrays, or undefined as soon as a step is missing or not an object",
        "  let current = obj;\n"
        '  for (const key of path.split(".")) {\n'
        '    if (current === null || typeof current !== "object" || !(key in current)) {\n'
        "      return undefined;\n"
        "    }\n"
        "    current = current[key];\n"
        "  }\n"
        "  return current;",
        (
            ('{ a: { b: [10, 20] } }, "a.b.1"', "20"),
            ('{ a: 1 }, "a"', "1"),
            ('{ a: 1 }, "b"', "undefined"),
            ('{ a: { b: null } }, "a.b"', "null"),
        ),
        defect=Defect(
            '  return path.split(".").reduce((current, key) => current[key], obj);',
            'a missing step in the middle such as the path "b.c" when there is no b',
            "it throws a TypeError instead of returning undefined",
            (('{ a: 1 }, "b.c"', "undefined"), ('{ a: null }, "a.b"', "undefined")),
        ),
        change=Change(
            'getPath should also accept the path as an array of keys, such as ["a", "b", 0], '
            "whose keys may themselves contain dots",
            "  let current = obj;\n"
            '  for (const key of Array.isArray(path) ? path : path.split(".")) {\n'
            '    if (current === null || typeof current !== "object" || !(key in current)) {\n'
            "      return undefined;\n"
            "    }\n"
            "    current = current[key];\n"
            "  }\n"
            "  return current;",
            (
                ('{ a: { b: [10, 20] } }, ["a", "b", 1]', "20"),
                ('{ "x.y": 1 }, ["x.y"]', "1"),
                ('{ a: { b: [10, 20] } }, "a.b.1"', "20"),
                ('{ a: 1 }, ["b", "c"]', "undefined"),
            ),
        ),
    ),
    F(
        "setPath",
        "objects",
        "obj, path, value",
        "a copy of a plain object with value stored at a dotted path of keys, every object "
        "along the path copied and a missing or non-object step replaced by a new object",
        '  const keys = path.split(".");\n'
        "  const root = { ...obj };\n"
        "  let node = root;\n"
        "  for (const key of keys.slice(0, -1)) {\n"
        "    const next = node[key];\n"
        '    node[key] = next !== null && typeof next === "object" ? { ...next } : {};\n'
        "    node = node[key];\n"
        "  }\n"
        "  node[keys[keys.length - 1]] = value;\n"
        "  return root;",
        (
            ('{ a: { b: 1 } }, "a.b", 2', "{ a: { b: 2 } }"),
            ('{}, "x", 1', "{ x: 1 }"),
            ('{ a: { b: 1 }, c: 3 }, "a.d", 4', "{ a: { b: 1, d: 4 }, c: 3 }"),
        ),
        defect=Defect(
            '  const keys = path.split(".");\n'
            "  const root = structuredClone(obj);\n"
            "  let node = root;\n"
            "  for (const key of keys.slice(0, -1)) node = node[key];\n"
            "  node[keys[keys.length - 1]] = value;\n"
            "  return root;",
            'a path through keys that do not exist yet, such as "a.b" on an empty object,',
            "it throws a TypeError instead of creating the missing objects",
            (
                ('{}, "a.b", 1', "{ a: { b: 1 } }"),
                ('{ a: 5 }, "a.b.c", 1', "{ a: { b: { c: 1 } } }"),
            ),
        ),
    ),
    F(
        "flattenObject",
        "objects",
        "obj",
        'a nested plain object flattened to one level with dotted keys such as "a.b.c", arrays '
        "and other non-object values kept whole and empty nested objects left out",
        "  const result = {};\n"
        "  const walk = (node, prefix) => {\n"
        "    for (const [key, value] of Object.entries(node)) {\n"
        "      const path = prefix ? `${prefix}.${key}` : key;\n"
        '      const nested = value !== null && typeof value === "object";\n'
        "      if (nested && !Array.isArray(value)) walk(value, path);\n"
        "      else result[path] = value;\n"
        "    }\n"
        "  };\n"
        '  walk(obj, "");\n'
        "  return result;",
        (
            ('{ a: { b: 1, c: { d: 2 } }, e: "x" }', '{ "a.b": 1, "a.c.d": 2, e: "x" }'),
            ("{}", "{}"),
            ("{ a: null, b: {} }", "{ a: null }"),
        ),
        defect=Defect(
            "  const result = {};\n"
            "  const walk = (node, prefix) => {\n"
            "    for (const [key, value] of Object.entries(node)) {\n"
            "      const path = prefix ? `${prefix}.${key}` : key;\n"
            '      if (value !== null && typeof value === "object") walk(value, path);\n'
            "      else result[path] = value;\n"
            "    }\n"
            "  };\n"
            '  walk(obj, "");\n'
            "  return result;",
            "an array value such as tags: [1, 2]",
            'it splits the array into "tags.0" and "tags.1"; arrays stay whole',
            (
                ("{ tags: [1, 2] }", "{ tags: [1, 2] }"),
                ('{ x: { tags: ["p"], n: 1 } }', '{ "x.tags": ["p"], "x.n": 1 }'),
            ),
        ),
    ),
    # stats
    F(
        "variance",
        "stats",
        "values",
        "the population variance of an array of numbers (the mean squared distance from the "
        "mean) rounded to two decimals, 0 for an empty array",
        "  if (values.length === 0) return 0;\n"
        "  const mean = values.reduce((a, b) => a + b, 0) / values.length;\n"
        "  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);\n"
        "  return Math.round((squares / values.length) * 100) / 100;",
        (
            ("[1, 2, 3, 4]", "1.25"),
            ("[5]", "0"),
            ("[]", "0"),
            ("[2, 4, 4, 4, 5, 5, 7, 9]", "4"),
        ),
        defect=Defect(
            "  if (values.length === 0) return 0;\n"
            "  let [sum, sumOfSquares] = [0, 0];\n"
            "  for (const v of values) {\n"
            "    sum += v;\n"
            "    sumOfSquares += v * v;\n"
            "  }\n"
            "  const mean = sum / values.length;\n"
            "  return Math.round((sumOfSquares / values.length - mean * mean) * 100) / 100;",
            "large numbers close together such as 1e9, 1e9 + 1 and 1e9 + 2",
            "it returns 0 instead of 0.67: the sum of squares loses the precision",
            (("[1e9, 1e9 + 1, 1e9 + 2]", "0.67"), ("[1e8 + 0.1, 1e8 + 0.3]", "0.01")),
        ),
        change=Change(
            "variance should be the sample variance, dividing by one less than the count, and "
            "0 for fewer than two values",
            "  if (values.length < 2) return 0;\n"
            "  const mean = values.reduce((a, b) => a + b, 0) / values.length;\n"
            "  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);\n"
            "  return Math.round((squares / (values.length - 1)) * 100) / 100;",
            (
                ("[1, 2, 3, 4]", "1.67"),
                ("[5]", "0"),
                ("[]", "0"),
                ("[2, 4, 4, 4, 5, 5, 7, 9]", "4.57"),
            ),
        ),
    ),
    F(
        "weightedMean",
        "stats",
        "values, weights",
        "the weighted mean of the values (the sum of each value times the weight at its "
        "position over the sum of weights) rounded to two decimals, 0 when the weights sum to 0",
        "  let [total, weight] = [0, 0];\n"
        "  values.forEach((value, i) => {\n"
        "    total += value * weights[i];\n"
        "    weight += weights[i];\n"
        "  });\n"
        "  return weight === 0 ? 0 : Math.round((total / weight) * 100) / 100;",
        (("[1, 2, 3], [3, 2, 1]", "1.67"), ("[10], [5]", "10"), ("[4, 8], [1, 1]", "6")),
        defect=Defect(
            "  let [total, weight] = [0, 0];\n"
            "  values.forEach((value, i) => {\n"
            "    total += value * weights[i];\n"
            "    weight += weights[i];\n"
            "  });\n"
            "  return Math.round((total / weight) * 100) / 100;",
            "weights adding up to zero, or no values at all",
            "it returns NaN instead of 0",
            (("[], []", "0"), ("[5, 7], [0, 0]", "0")),
        ),
    ),
    F(
        "percentile",
        "stats",
        "values, p",
        "the p-th percentile of numbers by nearest rank: the smallest value with at least p "
        "percent of the values at or below it, the minimum for p = 0, null for no values",
        "  if (values.length === 0) return null;\n"
        "  const sorted = [...values].sort((a, b) => a - b);\n"
        "  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));\n"
        "  return sorted[rank - 1];",
        (
            ("[15, 20, 35, 40, 50], 40", "20"),
            ("[15, 20, 35, 40, 50], 100", "50"),
            ("[3, 1, 2], 0", "1"),
            ("[], 50", "null"),
            ("[50, 15, 40, 20, 35], 30", "20"),
        ),
        defect=Defect(
            "  if (values.length === 0) return null;\n"
            "  const sorted = [...values].sort((a, b) => a - b);\n"
            "  const rank = Math.max(1, Math.round((p / 100) * sorted.length));\n"
            "  return sorted[rank - 1];",
            "a rank that is not whole, such as the 60th percentile of [10, 20, 30, 40],",
            "it returns 20 instead of 30: the rank must be rounded up",
            (("[10, 20, 30, 40], 60", "30"), ("[15, 20, 35, 40, 50], 45", "35")),
        ),
    ),
    F(
        "movingAverage",
        "stats",
        "values, size",
        "the mean of each run of size consecutive values, first run to last, rounded to two "
        "decimals ([] with fewer values than size), throwing a RangeError when size is below 1",
        "  if (!Number.isInteger(size) || size < 1) {\n"
        '    throw new RangeError("size must be at least 1");\n'
        "  }\n"
        "  const result = [];\n"
        "  let sum = 0;\n"
        "  for (let i = 0; i < values.length; i += 1) {\n"
        "    sum += values[i];\n"
        "    if (i >= size) sum -= values[i - size];\n"
        "    if (i >= size - 1) result.push(Math.round((sum / size) * 100) / 100);\n"
        "  }\n"
        "  return result;",
        (
            ("[1, 2, 3, 4, 5], 2", "[1.5, 2.5, 3.5, 4.5]"),
            ("[1, 2], 3", "[]"),
            ("[10, 20, 30], 1", "[10, 20, 30]"),
            ("[1, 2, 2], 3", "[1.67]"),
        ),
        raises=(("[1, 2], 0", "RangeError"),),
        change=Change(
            "movingAverage should also give the shorter runs at the start, so there is one "
            "result per value, the first ones averaging all values so far",
            "  if (!Number.isInteger(size) || size < 1) {\n"
            '    throw new RangeError("size must be at least 1");\n'
            "  }\n"
            "  const result = [];\n"
            "  let sum = 0;\n"
            "  for (let i = 0; i < values.length; i += 1) {\n"
            "    sum += values[i];\n"
            "    if (i >= size) sum -= values[i - size];\n"
            "    result.push(Math.round((sum / Math.min(size, i + 1)) * 100) / 100);\n"
            "  }\n"
            "  return result;",
            (
                ("[1, 2, 3, 4, 5], 2", "[1, 1.5, 2.5, 3.5, 4.5]"),
                ("[1, 2], 3", "[1, 1.5]"),
                ("[1, 2, 2], 3", "[1, 1.5, 1.67]"),
            ),
            raises=(("[1, 2], 0", "RangeError"),),
        ),
    ),
    # sequences
    F(
        "pascalRow",
        "sequences",
        "n",
        "row n of Pascal's triangle counting from 0 (row 0 is [1]): the n + 1 binomial "
        "coefficients n choose 0 to n choose n, exact as whole numbers for n up to 50",
        "  let row = [1];\n"
        "  for (let i = 0; i < n; i += 1) {\n"
        "    row = [1, ...row.slice(1).map((value, j) => value + row[j]), 1];\n"
        "  }\n"
        "  return row;",
        (("0", "[1]"), ("4", "[1, 4, 6, 4, 1]"), ("6", "[1, 6, 15, 20, 15, 6, 1]")),
        defect=Defect(
            "  const factorial = (k) => (k <= 1 ? 1 : k * factorial(k - 1));\n"
            "  const row = [];\n"
            "  for (let k = 0; k <= n; k += 1) {\n"
            "    row.push(factorial(n) / (factorial(k) * factorial(n - k)));\n"
            "  }\n"
            "  return row;",
            "a longer row such as row 30",
            "entries such as 4060 come out as 4059.9999999999995: the factorials lose precision",
            (
                (
                    "30",
                    "[1, 30, 435, 4060, 27405, 142506, 593775, 2035800, 5852925, 14307150, "
                    "30045015, 54627300, 86493225, 119759850, 145422675, 155117520, 145422675, "
                    "119759850, 86493225, 54627300, 30045015, 14307150, 5852925, 2035800, "
                    "593775, 142506, 27405, 4060, 435, 30, 1]",
                ),
            ),
        ),
    ),
    F(
        "collatzLength",
        "sequences",
        "n",
        "how many Collatz steps (halve an even number, triple an odd one and add 1) bring a "
        "positive integer down to 1, 0 for 1, throwing a RangeError for anything else",
        "  if (!Number.isInteger(n) || n < 1) {\n"
        '    throw new RangeError("n must be a positive integer");\n'
        "  }\n"
        "  let steps = 0;\n"
        "  for (; n !== 1; steps += 1) n = n % 2 === 0 ? n / 2 : 3 * n + 1;\n"
        "  return steps;",
        (("1", "0"), ("6", "8"), ("27", "111"), ("16", "4")),
        raises=(("0", "RangeError"), ("-3", "RangeError"), ("2.5", "RangeError")),
        change=Change(
            "collatzLength should count the numbers in the sequence instead, n and the final "
            "1 included, so 1 gives 1 and 6 gives 9",
            "  if (!Number.isInteger(n) || n < 1) {\n"
            '    throw new RangeError("n must be a positive integer");\n'
            "  }\n"
            "  let count = 1;\n"
            "  for (; n !== 1; count += 1) n = n % 2 === 0 ? n / 2 : 3 * n + 1;\n"
            "  return count;",
            (("1", "1"), ("6", "9"), ("27", "112"), ("16", "5")),
            raises=(("0", "RangeError"),),
        ),
    ),
    F(
        "isHappy",
        "sequences",
        "n",
        "whether a positive integer is happy: replacing it again and again by the sum of the "
        "squares of its digits reaches 1 rather than cycling forever",
        "  const seen = new Set();\n"
        "  while (n !== 1 && !seen.has(n)) {\n"
        "    seen.add(n);\n"
        "    let next = 0;\n"
        "    for (; n > 0; n = Math.floor(n / 10)) next += (n % 10) ** 2;\n"
        "    n = next;\n"
        "  }\n"
        "  return n === 1;",
        (("19", "true"), ("2", "false"), ("1", "true"), ("4", "false"), ("100", "true")),
        defect=Defect(
            "  while (n > 9) {\n"
            "    let next = 0;\n"
            "    for (; n > 0; n = Math.floor(n / 10)) next += (n % 10) ** 2;\n"
            "    n = next;\n"
            "  }\n"
            "  return n === 1;",
            "a happy number that passes through a single digit other than 1, such as 7,",
            "it says false; 7 goes on to 49, 97, 130, 10 and 1",
            (("7", "true"), ("1111111", "true")),
        ),
    ),
    F(
        "lookAndSay",
        "sequences",
        "n",
        'term n of the look-and-say sequence as a string, term 1 being "1" and each next term '
        'reading the previous one aloud run by run ("1211" gives "111221")',
        '  let term = "1";\n'
        "  for (let i = 1; i < n; i += 1) {\n"
        "    term = term.replace(/(\\d)\\1*/g, (run) => `${run.length}${run[0]}`);\n"
        "  }\n"
        "  return term;",
        (("1", '"1"'), ("2", '"11"'), ("5", '"111221"'), ("6", '"312211"')),
    ),
    # divisors
    F(
        "gcdAll",
        "divisors",
        "values",
        "the greatest common divisor of all the integers in an array, never negative, and 0 "
        "for an empty array or only zeros",
        "  let result = 0;\n"
        "  for (const value of values) {\n"
        "    let [a, b] = [result, Math.abs(value)];\n"
        "    while (b) [a, b] = [b, a % b];\n"
        "    result = a;\n"
        "  }\n"
        "  return result;",
        (
            ("[12, 18, 24]", "6"),
            ("[7]", "7"),
            ("[-4, 6]", "2"),
            ("[0, 0]", "0"),
            ("[0, 5]", "5"),
        ),
        defect=Defect(
            "  const gcd = (a, b) => (b === 0 ? Math.abs(a) : gcd(b, a % b));\n"
            "  return values.reduce(gcd);",
            "an empty array or a single negative number such as [-7]",
            "it throws a TypeError for [] and returns -7 for [-7]",
            (("[]", "0"), ("[-7]", "7")),
        ),
    ),
    F(
        "lcmAll",
        "divisors",
        "values",
        "the least common multiple of all the integers in an array, never negative, 1 for an "
        "empty array and 0 when any value is 0",
        "  let result = 1;\n"
        "  for (const value of values) {\n"
        "    if (value === 0) return 0;\n"
        "    let [a, b] = [result, Math.abs(value)];\n"
        "    while (b) [a, b] = [b, a % b];\n"
        "    result = (result / a) * Math.abs(value);\n"
        "  }\n"
        "  return result;",
        (("[4, 6]", "12"), ("[2, 3, 5]", "30"), ("[]", "1"), ("[3, 0]", "0"), ("[-2, 3]", "6")),
        defect=Defect(
            "  if (values.length === 0) return 1;\n"
            "  let [product, divisor] = [1, 0];\n"
            "  for (const value of values) {\n"
            "    product *= Math.abs(value);\n"
            "    let [a, b] = [divisor, Math.abs(value)];\n"
            "    while (b) [a, b] = [b, a % b];\n"
            "    divisor = a;\n"
            "  }\n"
            "  return divisor === 0 ? 0 : product / divisor;",
            "three or more numbers sharing factors such as [4, 6, 8]",
            "it returns 96 instead of 24: the product over the common divisor is the least "
            "common multiple of two numbers only",
            (("[4, 6, 8]", "24"), ("[2, 4, 6]", "12")),
        ),
    ),
    F(
        "aliquotSum",
        "divisors",
        "n",
        "the sum of the proper divisors of a positive integer (its divisors other than itself), "
        "0 for 1",
        "  if (n === 1) return 0;\n"
        "  let sum = 1;\n"
        "  for (let d = 2; d * d <= n; d += 1) {\n"
        "    if (n % d !== 0) continue;\n"
        "    sum += d;\n"
        "    if (d !== n / d) sum += n / d;\n"
        "  }\n"
        "  return sum;",
        (("1", "0"), ("6", "6"), ("12", "16"), ("28", "28"), ("7", "1")),
        defect=Defect(
            "  if (n === 1) return 0;\n"
            "  let sum = 1;\n"
            "  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) sum += d + n / d;\n"
            "  return sum;",
            "a perfect square such as 16",
            "it returns 19 instead of 15: the square root is counted twice",
            (("16", "15"), ("36", "55"), ("4", "3")),
        ),
    ),
    # encoding (more)
    F(
        "toHex",
        "encoding",
        "bytes",
        "an array of byte values from 0 to 255 written as a lower-case hexadecimal string, two "
        "digits for every byte, an empty string for an empty array",
        '  return bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");',
        (
            ("[255, 16, 171]", '"ff10ab"'),
            ("[]", '""'),
            ("[222, 173, 190, 239]", '"deadbeef"'),
        ),
        defect=Defect(
            '  return bytes.map((byte) => byte.toString(16)).join("");',
            "a byte below 16 such as [1, 255]",
            'it returns "1ff"; every byte takes two digits, "01ff"',
            (("[1, 255]", '"01ff"'), ("[0, 0]", '"0000"')),
        ),
        change=Change(
            'toHex should write upper-case digits with a space between bytes, as in "FF 10 AB"',
            "  return bytes\n"
            '    .map((byte) => byte.toString(16).toUpperCase().padStart(2, "0"))\n'
            '    .join(" ");',
            (
                ("[255, 16, 171]", '"FF 10 AB"'),
                ("[]", '""'),
                ("[1, 255]", '"01 FF"'),
            ),
        ),
    ),
    F(
        "fromHex",
        "encoding",
        "text",
        "the byte values of a hexadecimal string, two digits a byte in either case, throwing a "
        "RangeError for an odd length or a character that is not a hexadecimal digit",
        "  if (text.length % 2 !== 0 || /[^0-9a-f]/i.test(text)) {\n"
        '    throw new RangeError("not a hexadecimal byte string");\n'
        "  }\n"
        "  const bytes = [];\n"
        "  for (let i = 0; i < text.length; i += 2) {\n"
        "    bytes.push(parseInt(text.slice(i, i + 2), 16));\n"
        "  }\n"
        "  return bytes;",
        (('"ff10AB"', "[255, 16, 171]"), ('""', "[]"), ('"00"', "[0]")),
        raises=(('"abc"', "RangeError"), ('"zz"', "RangeError"), ('"0x1f"', "RangeError")),
    ),
    F(
        "vigenere",
        "encoding",
        "text, key",
        "the text enciphered with the Vigenere cipher: each ASCII letter shifted forward by the "
        "next letter of a lower-case key (a shifts by 0), case kept, other characters kept "
        "without using a key letter",
        "  let k = 0;\n"
        "  return text.replace(/[a-z]/gi, (ch) => {\n"
        '    const base = ch <= "Z" ? 65 : 97;\n'
        "    const shift = key.charCodeAt(k % key.length) - 97;\n"
        "    k += 1;\n"
        "    return String.fromCharCode(base + ((ch.charCodeAt(0) - base + shift) % 26));\n"
        "  });",
        (
            ('"attackatdawn", "lemon"', '"lxfopvefrnhr"'),
            ('"Hello", "b"', '"Ifmmp"'),
            ('"", "key"', '""'),
        ),
        defect=Defect(
            "  return text.replace(/[a-z]/gi, (ch, i) => {\n"
            '    const base = ch <= "Z" ? 65 : 97;\n'
            "    const shift = key.charCodeAt(i % key.length) - 97;\n"
            "    return String.fromCharCode(base + ((ch.charCodeAt(0) - base + shift) % 26));\n"
            "  });",
            'spaces or punctuation in the text such as "attack at dawn"',
            "the key drifts: characters that are not letters must not use up key letters",
            (
                ('"attack at dawn", "lemon"', '"lxfopv ef rnhr"'),
                ('"a b", "ab"', '"a c"'),
            ),
        ),
    ),
    # urls
    F(
        "parseQuery",
        "urls",
        "query",
        'an object of the pairs of a URL query string, a leading "?" ignored, "+" read as a '
        'space, percent-escapes decoded, a key without "=" given "", the last repeated key winning',
        "  const result = {};\n"
        '  const decode = (s) => decodeURIComponent(s.replace(/\\+/g, " "));\n'
        '  for (const part of query.replace(/^\\?/, "").split("&")) {\n'
        '    if (part === "") continue;\n'
        '    const at = part.indexOf("=");\n'
        '    const [key, value] = at === -1 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];\n'
        "    result[decode(key)] = decode(value);\n"
        "  }\n"
        "  return result;",
        (
            ('"?a=1&b=two"', '{ a: "1", b: "two" }'),
            ('""', "{}"),
            ('"x=a%2Fb&flag"', '{ x: "a/b", flag: "" }'),
            ('"a=1&a=2"', '{ a: "2" }'),
            ('"eq=a=b"', '{ eq: "a=b" }'),
        ),
        defect=Defect(
            "  const result = {};\n"
            '  for (const part of query.replace(/^\\?/, "").split("&")) {\n'
            '    if (part === "") continue;\n'
            '    const at = part.indexOf("=");\n'
            '    const [key, value] = at === -1 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];\n'
            "    result[decodeURIComponent(key)] = decodeURIComponent(value);\n"
            "  }\n"
            "  return result;",
            'a plus sign such as "q=hello+world"',
            'it returns "hello+world"; in a query string "+" stands for a space',
            (
                ('"q=hello+world"', '{ q: "hello world" }'),
                ('"a+b=c%2Bd"', '{ "a b": "c+d" }'),
            ),
        ),
        change=Change(
            "a key that occurs more than once should map to an array of all its values in "
            "order, while a key seen once keeps a plain string",
            "  const result = {};\n"
            '  const decode = (s) => decodeURIComponent(s.replace(/\\+/g, " "));\n'
            '  for (const part of query.replace(/^\\?/, "").split("&")) {\n'
            '    if (part === "") continue;\n'
            '    const at = part.indexOf("=");\n'
            '    const [key, value] = at === -1 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];\n'
            "    const [k, v] = [decode(key), decode(value)];\n"
            "    if (!Object.hasOwn(result, k)) result[k] = v;\n"
            "    else if (Array.isArray(result[k])) result[k].push(v);\n"
            "    else result[k] = [result[k], v];\n"
            "  }\n"
            "  return result;",
            (
                ('"a=1&a=2&b=3"', '{ a: ["1", "2"], b: "3" }'),
                ('"?a=1&b=two"', '{ a: "1", b: "two" }'),
                ('"q=hello+world&q=x&q"', '{ q: ["hello world", "x", ""] }'),
            ),
        ),
    ),
    F(
        "buildQuery",
        "urls",
        "params",
        'a URL query string such as "a=1&b=x" from an object\'s entries in their own order, keys '
        "and values percent-encoded as encodeURIComponent does, null and undefined values left out",
        "  return Object.entries(params)\n"
        "    .filter(([, value]) => value !== null && value !== undefined)\n"
        "    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)\n"
        '    .join("&");',
        (
            ('{ a: 1, b: "x" }', '"a=1&b=x"'),
            ("{}", '""'),
            ("{ a: null, b: 2, c: undefined }", '"b=2"'),
            ("{ ok: true }", '"ok=true"'),
        ),
        defect=Defect(
            "  return Object.entries(params)\n"
            "    .filter(([, value]) => value !== null && value !== undefined)\n"
            "    .map(([key, value]) => `${key}=${value}`)\n"
            '    .join("&");',
            'a value with a space or "&" such as "a b&c"',
            "it writes them into the query unescaped, which splits the value",
            (('{ q: "a b&c" }', '"q=a%20b%26c"'), ('{ "x/y": "=" }', '"x%2Fy=%3D"')),
        ),
    ),
    F(
        "uniqueSlug",
        "urls",
        "title, taken",
        "a title's URL slug (lower case, runs of characters other than a-z and 0-9 as single "
        'hyphens, none at the ends), with "-2", "-3", ... added until it is not in taken',
        '  const base = title.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join("-");\n'
        "  if (!taken.includes(base)) return base;\n"
        "  let n = 2;\n"
        "  while (taken.includes(`${base}-${n}`)) n += 1;\n"
        "  return `${base}-${n}`;",
        (
            ('"Hello World", []', '"hello-world"'),
            ('"Hello World", ["hello-world"]', '"hello-world-2"'),
            ('"  A  b!", ["x"]', '"a-b"'),
        ),
        defect=Defect(
            '  const base = title.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join("-");\n'
            "  return taken.includes(base) ? `${base}-2` : base;",
            'a taken "-2" slug as well, as when "hello-world" and "hello-world-2" exist,',
            'it returns "hello-world-2" again instead of "hello-world-3"',
            (
                ('"Hello World", ["hello-world", "hello-world-2"]', '"hello-world-3"'),
                ('"a", ["a", "a-2", "a-3"]', '"a-4"'),
            ),
        ),
    ),
    F(
        "joinUrl",
        "urls",
        "base, path",
        "a base URL and a path joined by exactly one slash, however many slashes either side "
        'has at the join ("https://x.org/" and "/api/v1" give "https://x.org/api/v1"), other '
        "slashes kept",
        '  return `${base.replace(/\\/+$/, "")}/${path.replace(/^\\/+/, "")}`;',
        (
            ('"https://x.org", "api"', '"https://x.org/api"'),
            ('"https://x.org/", "api"', '"https://x.org/api"'),
            ('"https://x.org", "/api/v1"', '"https://x.org/api/v1"'),
        ),
        defect=Defect(
            '  if (base.endsWith("/") || path.startsWith("/")) return base + path;\n'
            "  return `${base}/${path}`;",
            'slashes on both sides such as "https://x.org/" and "/api/v1"',
            'it returns "https://x.org//api/v1" with a double slash',
            (
                ('"https://x.org/", "/api/v1"', '"https://x.org/api/v1"'),
                ('"http://h//", "//p/q"', '"http://h/p/q"'),
            ),
        ),
    ),
    # csv
    F(
        "splitCsvLine",
        "csv",
        "line",
        "the fields of one CSV line split at commas, a field in double quotes keeping its "
        "commas, two double quotes inside quotes standing for one, and the quotes removed",
        "  const fields = [];\n"
        '  let field = "";\n'
        "  let quoted = false;\n"
        "  for (let i = 0; i < line.length; i += 1) {\n"
        "    const ch = line[i];\n"
        "    if (quoted && ch === '\"' && line[i + 1] === '\"') {\n"
        "      field += '\"';\n"
        "      i += 1;\n"
        "    } else if (ch === '\"') quoted = !quoted;\n"
        '    else if (ch === "," && !quoted) {\n'
        "      fields.push(field);\n"
        '      field = "";\n'
        "    } else field += ch;\n"
        "  }\n"
        "  fields.push(field);\n"
        "  return fields;",
        (
            ('"a,b,c"', '["a", "b", "c"]'),
            ("'\"x, y\",z'", '["x, y", "z"]'),
            ('""', '[""]'),
            ('"a,,b"', '["a", "", "b"]'),
        ),
        defect=Defect(
            "  const fields = [];\n"
            '  let field = "";\n'
            "  let quoted = false;\n"
            "  for (const ch of line) {\n"
            "    if (ch === '\"') quoted = !quoted;\n"
            '    else if (ch === "," && !quoted) {\n'
            "      fields.push(field);\n"
            '      field = "";\n'
            "    } else field += ch;\n"
            "  }\n"
            "  fields.push(field);\n"
            "  return fields;",
            'a quote inside a quoted field, written twice as in "say ""hi"""',
            "the quotes vanish; two quotes inside a quoted field are one quote character",
            (
                ('\'"say ""hi""",ok\'', '[\'say "hi"\', "ok"]'),
                ('\'""""\'', "['\"']"),
            ),
        ),
    ),
    F(
        "toCsvLine",
        "csv",
        "fields",
        "one CSV line of an array of fields joined by commas, a field holding a comma, a double "
        "quote or a line break wrapped in double quotes with its own quotes doubled",
        "  return fields\n"
        "    .map((field) => {\n"
        "      const text = String(field);\n"
        '      if (!/[",\\n\\r]/.test(text)) return text;\n'
        '      return `"${text.replace(/"/g, \'""\')}"`;\n'
        "    })\n"
        '    .join(",");',
        (
            ('["a", "b"]', '"a,b"'),
            ('["x, y", 1]', "'\"x, y\",1'"),
            ("[]", '""'),
            ('["line\\nbreak"]', "'\"line\\nbreak\"'"),
        ),
        defect=Defect(
            "  return fields\n"
            "    .map((field) => {\n"
            "      const text = String(field);\n"
            '      return /[,\\n\\r]/.test(text) ? `"${text}"` : text;\n'
            "    })\n"
            '    .join(",");',
            'a field with a double quote such as say "hi"',
            "it writes the quotes as they are; the field must be quoted with its quotes doubled",
            (
                ("['say \"hi\"']", '\'"say ""hi"""\''),
                ('[\'a"b\', "c"]', '\'"a""b",c\''),
            ),
        ),
    ),
    # pagination
    F(
        "pageCount",
        "pagination",
        "total, perPage",
        "how many pages total items fill at perPage a page, a last partial page counted, 0 for "
        "no items, throwing a RangeError when perPage is below 1",
        '  if (perPage < 1) throw new RangeError("perPage must be at least 1");\n'
        "  return Math.ceil(total / perPage);",
        (("10, 3", "4"), ("1, 10", "1"), ("25, 10", "3")),
        raises=(("5, 0", "RangeError"),),
        defect=Defect(
            '  if (perPage < 1) throw new RangeError("perPage must be at least 1");\n'
            "  return Math.floor(total / perPage) + 1;",
            "a total that is an exact multiple, such as 10 items at 5 a page,",
            "it returns 3 pages; there are 2",
            (("10, 5", "2"), ("0, 10", "0")),
        ),
    ),
    F(
        "paginate",
        "pagination",
        "items, page, perPage",
        "the items on page number page (counting from 1) with perPage items a page, [] past the "
        "last page, throwing a RangeError when page or perPage is below 1",
        "  if (page < 1 || perPage < 1) {\n"
        '    throw new RangeError("page and perPage must be at least 1");\n'
        "  }\n"
        "  return items.slice((page - 1) * perPage, page * perPage);",
        (
            ("[1, 2, 3, 4, 5], 1, 2", "[1, 2]"),
            ("[1, 2, 3, 4, 5], 3, 2", "[5]"),
            ("[1, 2, 3], 5, 2", "[]"),
        ),
        raises=(("[1], 0, 2", "RangeError"), ("[1], 1, 0", "RangeError")),
        change=Change(
            "paginate should return an object with the page's items as items and the total "
            "number of pages as pages",
            "  if (page < 1 || perPage < 1) {\n"
            '    throw new RangeError("page and perPage must be at least 1");\n'
            "  }\n"
            "  return {\n"
            "    items: items.slice((page - 1) * perPage, page * perPage),\n"
            "    pages: Math.ceil(items.length / perPage),\n"
            "  };",
            (
                ("[1, 2, 3, 4, 5], 1, 2", "{ items: [1, 2], pages: 3 }"),
                ("[], 1, 5", "{ items: [], pages: 0 }"),
                ("[1, 2, 3], 5, 2", "{ items: [], pages: 2 }"),
            ),
            raises=(("[1], 0, 2", "RangeError"), ("[1], 1, 0", "RangeError")),
        ),
    ),
    F(
        "pageWindow",
        "pagination",
        "current, total, size",
        "the page numbers of a pager: size consecutive pages (all when total is smaller) with "
        "current centred, one more after it for an even size, shifted to stay within 1..total",
        "  const count = Math.min(size, total);\n"
        "  const centred = current - Math.floor((count - 1) / 2);\n"
        "  const start = Math.max(1, Math.min(centred, total - count + 1));\n"
        "  return Array.from({ length: count }, (_, i) => start + i);",
        (
            ("5, 10, 3", "[4, 5, 6]"),
            ("5, 10, 4", "[4, 5, 6, 7]"),
            ("6, 20, 5", "[4, 5, 6, 7, 8]"),
        ),
        defect=Defect(
            "  const start = current - Math.floor((size - 1) / 2);\n"
            "  return Array.from({ length: size }, (_, i) => start + i);",
            "the current page near either end, such as page 1 of 10,",
            "it returns [0, 1, 2] with a page 0 that does not exist; the window should shift "
            "to [1, 2, 3]",
            (
                ("1, 10, 3", "[1, 2, 3]"),
                ("10, 10, 4", "[7, 8, 9, 10]"),
                ("2, 2, 5", "[1, 2]"),
            ),
        ),
    ),
    # sorting
    F(
        "sortByKeys",
        "sorting",
        "rows, keys",
        'a new array of objects sorted by several keys in turn, a key written "-name" meaning '
        "descending, numbers and strings compared with < and >, rows that tie keeping their order",
        '  const order = keys.map((key) => (key.startsWith("-") ? [key.slice(1), -1] : [key, 1]));\n'
        "  return [...rows].sort((a, b) => {\n"
        "    for (const [key, sign] of order) {\n"
        "      if (a[key] < b[key]) return -sign;\n"
        "      if (a[key] > b[key]) return sign;\n"
        "    }\n"
        "    return 0;\n"
        "  });",
        (
            ('[{ n: 2, a: 1 }, { n: 1, a: 2 }], ["n"]', "[{ n: 1, a: 2 }, { n: 2, a: 1 }]"),
            (
                '[{ a: 1, b: 1 }, { a: 1, b: 2 }, { a: 0, b: 9 }], ["a", "-b"]',
                "[{ a: 0, b: 9 }, { a: 1, b: 2 }, { a: 1, b: 1 }]",
            ),
            ('[], ["x"]', "[]"),
            (
                '[{ k: 1, id: 1 }, { k: 0, id: 2 }, { k: 1, id: 3 }], ["k"]',
                "[{ k: 0, id: 2 }, { k: 1, id: 1 }, { k: 1, id: 3 }]",
            ),
        ),
        defect=Defect(
            '  const order = keys.map((key) => (key.startsWith("-") ? [key.slice(1), -1] : [key, 1]));\n'
            "  return [...rows].sort((a, b) => {\n"
            "    for (const [key, sign] of order) {\n"
            "      const diff = (a[key] - b[key]) * sign;\n"
            "      if (diff) return diff;\n"
            "    }\n"
            "    return 0;\n"
            "  });",
            'a text key such as sorting by "name"',
            "the rows stay in their input order: text cannot be subtracted",
            (
                ('[{ name: "b" }, { name: "a" }], ["name"]', '[{ name: "a" }, { name: "b" }]'),
                ('[{ s: "w" }, { s: "x" }], ["-s"]', '[{ s: "x" }, { s: "w" }]'),
            ),
        ),
    ),
    F(
        "sortByFrequency",
        "sorting",
        "values",
        "an array of numbers sorted so that the most frequent come first, every occurrence kept, "
        "numbers occurring equally often in ascending order",
        "  const counts = new Map();\n"
        "  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);\n"
        "  return [...values].sort((a, b) => counts.get(b) - counts.get(a) || a - b);",
        (
            ("[1, 2, 2, 3, 3, 3]", "[3, 3, 3, 2, 2, 1]"),
            ("[]", "[]"),
            ("[5]", "[5]"),
            ("[4, 6, 6, 4, 4]", "[4, 4, 4, 6, 6]"),
        ),
        defect=Defect(
            "  const counts = new Map();\n"
            "  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);\n"
            "  return [...values].sort((a, b) => counts.get(b) - counts.get(a));",
            "numbers that occur equally often such as [3, 1, 3, 1]",
            "it returns them as they came; ties go in ascending order, [1, 1, 3, 3]",
            (("[3, 1, 3, 1]", "[1, 1, 3, 3]"), ("[2, 9, 1]", "[1, 2, 9]")),
        ),
        change=Change(
            "numbers occurring equally often should come in descending order instead",
            "  const counts = new Map();\n"
            "  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);\n"
            "  return [...values].sort((a, b) => counts.get(b) - counts.get(a) || b - a);",
            (
                ("[3, 1, 3, 1]", "[3, 3, 1, 1]"),
                ("[2, 9, 1]", "[9, 2, 1]"),
                ("[1, 2, 2, 3, 3, 3]", "[3, 3, 3, 2, 2, 1]"),
            ),
        ),
    ),
    F(
        "naturalSort",
        "sorting",
        "names",
        'a new array of strings in natural order: runs of digits compared by value (so "file2" '
        'comes before "file10"), other runs by character code, so capitals before lower case',
        "  const runs = (s) => s.match(/\\d+|\\D+/g) ?? [];\n"
        "  const compare = (x, y) => {\n"
        "    const [a, b] = [runs(x), runs(y)];\n"
        "    for (let i = 0; i < Math.min(a.length, b.length); i += 1) {\n"
        "      const numeric = /^\\d/.test(a[i]) && /^\\d/.test(b[i]);\n"
        "      if (numeric && Number(a[i]) !== Number(b[i])) return Number(a[i]) - Number(b[i]);\n"
        "      if (!numeric && a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;\n"
        "    }\n"
        "    return a.length - b.length || (x < y ? -1 : x > y ? 1 : 0);\n"
        "  };\n"
        "  return [...names].sort(compare);",
        (
            ('["file10", "file2", "file1"]', '["file1", "file2", "file10"]'),
            ('["b", "a10", "a9"]', '["a9", "a10", "b"]'),
            ("[]", "[]"),
            ('["x2y10", "x2y9", "x10"]', '["x2y9", "x2y10", "x10"]'),
        ),
        defect=Defect(
            "  return [...names].sort((x, y) => x.localeCompare(y, undefined, { numeric: true }));",
            'capitals and punctuation, such as "b", "B" and "a"',
            'it returns ["a", "b", "B"]; by character code capitals come first, ["B", "a", "b"]',
            (
                ('["b", "B", "a"]', '["B", "a", "b"]'),
                ('["item_2", "item-1"]', '["item-1", "item_2"]'),
            ),
        ),
    ),
    # matrix (more)
    F(
        "determinant",
        "matrix",
        "rows",
        "the determinant of a square matrix of size 1, 2 or 3 given as an array of rows, "
        "throwing a RangeError for an empty, larger or non-square matrix",
        "  const n = rows.length;\n"
        "  if (n < 1 || n > 3 || rows.some((row) => row.length !== n)) {\n"
        '    throw new RangeError("the matrix must be square, of size 1 to 3");\n'
        "  }\n"
        "  if (n === 1) return rows[0][0];\n"
        "  if (n === 2) return rows[0][0] * rows[1][1] - rows[0][1] * rows[1][0];\n"
        "  const [[a, b, c], [d, e, f], [g, h, i]] = rows;\n"
        "  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);",
        (
            ("[[5]]", "5"),
            ("[[1, 2], [3, 4]]", "-2"),
            ("[[6, 1, 1], [4, -2, 5], [2, 8, 7]]", "-306"),
        ),
        raises=(
            ("[]", "RangeError"),
            ("[[1, 2]]", "RangeError"),
            ("[[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]", "RangeError"),
        ),
        change=Change(
            "determinant should work for square matrices of any size by cofactor expansion "
            "along the first row, the empty matrix giving 1",
            "  if (rows.some((row) => row.length !== rows.length)) {\n"
            '    throw new RangeError("the matrix must be square");\n'
            "  }\n"
            "  const det = (m) => {\n"
            "    if (m.length === 0) return 1;\n"
            "    let sum = 0;\n"
            "    for (let c = 0; c < m.length; c += 1) {\n"
            "      const minor = m.slice(1).map((row) => row.filter((_, j) => j !== c));\n"
            "      sum += (c % 2 ? -1 : 1) * m[0][c] * det(minor);\n"
            "    }\n"
            "    return sum;\n"
            "  };\n"
            "  return det(rows);",
            (
                ("[]", "1"),
                ("[[1, 2], [3, 4]]", "-2"),
                ("[[6, 1, 1], [4, -2, 5], [2, 8, 7]]", "-306"),
                ("[[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0], [1, 0, 0, 5]]", "120"),
            ),
            raises=(("[[1, 2]]", "RangeError"),),
        ),
    ),
    F(
        "isSymmetric",
        "matrix",
        "rows",
        "whether a matrix equals its own transpose: it is square (the empty matrix counts) and "
        "the entry at row r, column c equals the one at row c, column r",
        "  return rows.every(\n"
        "    (row, r) => row.length === rows.length && row.every((v, c) => v === rows[c][r]),\n"
        "  );",
        (
            ("[[1, 2], [2, 1]]", "true"),
            ("[[1, 2], [3, 1]]", "false"),
            ("[]", "true"),
            ("[[1, 7, 3], [7, 4, 5], [3, 5, 0]]", "true"),
        ),
        defect=Defect(
            "  for (let r = 0; r < rows.length; r += 1) {\n"
            "    for (let c = 0; c < r; c += 1) if (rows[r][c] !== rows[c][r]) return false;\n"
            "  }\n"
            "  return true;",
            "a matrix that is not square such as [[1, 2]]",
            "it says true; only a square matrix can equal its transpose",
            (("[[1, 2]]", "false"), ("[[1, 2, 3], [2, 1, 4]]", "false")),
        ),
    ),
    F(
        "isMagicSquare",
        "matrix",
        "rows",
        "whether a non-empty square matrix has every row, every column and both diagonals "
        "adding up to the same sum (false for an empty or non-square one)",
        "  const n = rows.length;\n"
        "  if (n === 0 || rows.some((row) => row.length !== n)) return false;\n"
        "  const total = (list) => list.reduce((a, b) => a + b, 0);\n"
        "  const sums = [\n"
        "    ...rows.map(total),\n"
        "    ...rows.map((_, c) => total(rows.map((row) => row[c]))),\n"
        "    total(rows.map((row, i) => row[i])),\n"
        "    total(rows.map((row, i) => row[n - 1 - i])),\n"
        "  ];\n"
        "  return sums.every((sum) => sum === sums[0]);",
        (
            ("[[2, 7, 6], [9, 5, 1], [4, 3, 8]]", "true"),
            ("[[1, 2], [3, 4]]", "false"),
            ("[[5]]", "true"),
            ("[]", "false"),
            ("[[1, 2]]", "false"),
        ),
        defect=Defect(
            "  const n = rows.length;\n"
            "  if (n === 0 || rows.some((row) => row.length !== n)) return false;\n"
            "  const total = (list) => list.reduce((a, b) => a + b, 0);\n"
            "  const sums = [\n"
            "    ...rows.map(total),\n"
            "    ...rows.map((_, c) => total(rows.map((row) => row[c]))),\n"
            "  ];\n"
            "  return sums.every((sum) => sum === sums[0]);",
            "a Latin square such as [[1, 2, 3], [2, 3, 1], [3, 1, 2]]",
            "it says true although one diagonal adds up to 9, not 6",
            (("[[1, 2, 3], [2, 3, 1], [3, 1, 2]]", "false"), ("[[0, 1], [1, 0]]", "false")),
        ),
    ),
    # search (more)
    F(
        "countInRange",
        "search",
        "sorted, low, high",
        "how many values of an ascending sorted array lie from low to high, both ends included, "
        "found by binary search (0 when high is below low)",
        "  const bound = (value, after) => {\n"
        "    let [lo, hi] = [0, sorted.length];\n"
        "    while (lo < hi) {\n"
        "      const mid = Math.floor((lo + hi) / 2);\n"
        "      if (sorted[mid] < value || (after && sorted[mid] === value)) lo = mid + 1;\n"
        "      else hi = mid;\n"
        "    }\n"
        "    return lo;\n"
        "  };\n"
        "  return Math.max(0, bound(high, true) - bound(low, false));",
        (
            ("[1, 3, 5, 7, 9], 2, 8", "3"),
            ("[1, 2, 3], 5, 9", "0"),
            ("[], 0, 1", "0"),
            ("[1, 3, 5], 4, 2", "0"),
        ),
        defect=Defect(
            "  const bound = (value) => {\n"
            "    let [lo, hi] = [0, sorted.length];\n"
            "    while (lo < hi) {\n"
            "      const mid = Math.floor((lo + hi) / 2);\n"
            "      if (sorted[mid] < value) lo = mid + 1;\n"
            "      else hi = mid;\n"
            "    }\n"
            "    return lo;\n"
            "  };\n"
            "  return Math.max(0, bound(high) - bound(low));",
            "a value equal to high, such as counting 3 to 5 in [1, 3, 5, 7],",
            "it returns 1; both ends are included, so the count is 2",
            (("[1, 3, 5, 7], 3, 5", "2"), ("[2, 2, 2], 2, 2", "3")),
        ),
    ),
    F(
        "closestValue",
        "search",
        "sorted, target",
        "the value of an ascending sorted array nearest to target, the smaller one when two "
        "are equally near, or null for an empty array",
        "  if (sorted.length === 0) return null;\n"
        "  let [lo, hi] = [0, sorted.length - 1];\n"
        "  while (lo < hi) {\n"
        "    const mid = Math.floor((lo + hi) / 2);\n"
        "    if (sorted[mid] < target) lo = mid + 1;\n"
        "    else hi = mid;\n"
        "  }\n"
        "  if (lo > 0 && target - sorted[lo - 1] <= sorted[lo] - target) return sorted[lo - 1];\n"
        "  return sorted[lo];",
        (
            ("[1, 4, 9], 5", "4"),
            ("[1, 4, 9], 100", "9"),
            ("[1, 4, 9], -3", "1"),
            ("[], 3", "null"),
            ("[2, 5], 5", "5"),
        ),
        defect=Defect(
            "  if (sorted.length === 0) return null;\n"
            "  let [lo, hi] = [0, sorted.length - 1];\n"
            "  while (lo < hi) {\n"
            "    const mid = Math.floor((lo + hi) / 2);\n"
            "    if (sorted[mid] < target) lo = mid + 1;\n"
            "    else hi = mid;\n"
            "  }\n"
            "  if (lo > 0 && target - sorted[lo - 1] < sorted[lo] - target) return sorted[lo - 1];\n"
            "  return sorted[lo];",
            "a target exactly between two values such as 3 in [2, 4]",
            "it returns 4; on a tie the smaller value wins",
            (("[2, 4], 3", "2"), ("[0, 10, 20], 15", "10")),
        ),
    ),
    # bits (more)
    F(
        "nextPowerOfTwo",
        "bits",
        "n",
        "the smallest power of two that is at least n (1 for n of 1 or less), correct for "
        "numbers above 2 ** 31 too",
        "  let power = 1;\n  while (power < n) power *= 2;\n  return power;",
        (("5", "8"), ("8", "8"), ("1", "1"), ("0", "1"), ("1000", "1024")),
        defect=Defect(
            "  if (n <= 1) return 1;\n  return 1 << Math.ceil(Math.log2(n));",
            "a number above 2 ** 31 such as 2 ** 31 + 1",
            "it returns 1 instead of 2 ** 32: the shift works on 32 bits only",
            (("2 ** 31 + 1", "2 ** 32"), ("3 * 2 ** 40", "2 ** 42")),
        ),
    ),
    # intervals (more)
    F(
        "intervalIntersection",
        "intervals",
        "a, b",
        "the overlaps of two lists of closed [start, end] intervals, each sorted and without "
        "overlaps of its own, in ascending order, a single shared point included as [p, p]",
        "  const result = [];\n"
        "  let [i, j] = [0, 0];\n"
        "  while (i < a.length && j < b.length) {\n"
        "    const start = Math.max(a[i][0], b[j][0]);\n"
        "    const end = Math.min(a[i][1], b[j][1]);\n"
        "    if (start <= end) result.push([start, end]);\n"
        "    if (a[i][1] < b[j][1]) i += 1;\n"
        "    else j += 1;\n"
        "  }\n"
        "  return result;",
        (
            ("[[1, 3], [5, 7]], [[2, 4], [6, 8]]", "[[2, 3], [6, 7]]"),
            ("[[0, 10]], [[1, 2], [3, 4]]", "[[1, 2], [3, 4]]"),
            ("[], [[1, 2]]", "[]"),
            ("[[1, 3]], [[4, 6]]", "[]"),
        ),
        defect=Defect(
            "  const result = [];\n"
            "  let [i, j] = [0, 0];\n"
            "  while (i < a.length && j < b.length) {\n"
            "    const start = Math.max(a[i][0], b[j][0]);\n"
            "    const end = Math.min(a[i][1], b[j][1]);\n"
            "    if (start < end) result.push([start, end]);\n"
            "    if (a[i][1] < b[j][1]) i += 1;\n"
            "    else j += 1;\n"
            "  }\n"
            "  return result;",
            "intervals that only touch such as [1, 3] and [3, 4]",
            "it leaves out the shared point [3, 3]",
            (
                ("[[1, 3]], [[3, 4]]", "[[3, 3]]"),
                ("[[0, 2], [5, 10]], [[1, 5], [8, 12]]", "[[1, 2], [5, 5], [8, 10]]"),
            ),
        ),
    ),
    F(
        "insertInterval",
        "intervals",
        "intervals, interval",
        "sorted, non-overlapping [start, end] intervals with one more inserted, merged with "
        "every interval it overlaps or touches, the result still sorted",
        "  const result = [];\n"
        "  let [start, end] = interval;\n"
        "  let placed = false;\n"
        "  for (const [s, e] of intervals) {\n"
        "    if (e < start) result.push([s, e]);\n"
        "    else if (s > end) {\n"
        "      if (!placed) result.push([start, end]);\n"
        "      placed = true;\n"
        "      result.push([s, e]);\n"
        "    } else [start, end] = [Math.min(start, s), Math.max(end, e)];\n"
        "  }\n"
        "  if (!placed) result.push([start, end]);\n"
        "  return result;",
        (
            ("[[1, 3], [6, 9]], [2, 5]", "[[1, 5], [6, 9]]"),
            (
                "[[1, 2], [3, 5], [6, 7], [9, 10], [12, 16]], [4, 8]",
                "[[1, 2], [3, 8], [9, 10], [12, 16]]",
            ),
            ("[], [5, 7]", "[[5, 7]]"),
            ("[[1, 2], [8, 9]], [4, 5]", "[[1, 2], [4, 5], [8, 9]]"),
        ),
        defect=Defect(
            "  const result = [];\n"
            "  let [start, end] = interval;\n"
            "  let placed = false;\n"
            "  for (const [s, e] of intervals) {\n"
            "    if (e <= start) result.push([s, e]);\n"
            "    else if (s >= end) {\n"
            "      if (!placed) result.push([start, end]);\n"
            "      placed = true;\n"
            "      result.push([s, e]);\n"
            "    } else [start, end] = [Math.min(start, s), Math.max(end, e)];\n"
            "  }\n"
            "  if (!placed) result.push([start, end]);\n"
            "  return result;",
            "an interval that only touches a neighbour, such as [3, 5] inserted into [[1, 3]],",
            "it returns [[1, 3], [3, 5]]; touching intervals merge into [1, 5]",
            (
                ("[[1, 3]], [3, 5]", "[[1, 5]]"),
                ("[[1, 2], [5, 6]], [2, 5]", "[[1, 6]]"),
                (
                    "[[1, 2], [3, 5], [6, 7], [8, 10], [12, 16]], [4, 8]",
                    "[[1, 2], [3, 10], [12, 16]]",
                ),
            ),
        ),
    ),
    # a second batch, to widen the catalogue
    F(
        "easterDate",
        "calendar",
        "year",
        "the date of Easter Sunday in a Gregorian year as [month, day], by the anonymous "
        "Gregorian computus (the Meeus/Jones/Butcher algorithm)",
        "  const a = year % 19;\n"
        "  const [b, c] = [Math.floor(year / 100), year % 100];\n"
        "  const [d, e] = [Math.floor(b / 4), b % 4];\n"
        "  const f = Math.floor((b + 8) / 25);\n"
        "  const g = Math.floor((b - f + 1) / 3);\n"
        "  const h = (19 * a + b - d - g + 15) % 30;\n"
        "  const [i, k] = [Math.floor(c / 4), c % 4];\n"
        "  const l = (32 + 2 * e + 2 * i - h - k) % 7;\n"
        "  const m = Math.floor((a + 11 * h + 22 * l) / 451);\n"
        "  const n = h + l - 7 * m + 114;\n"
        "  return [Math.floor(n / 31), (n % 31) + 1];",
        (
            ("2024", "[3, 31]"),
            ("2025", "[4, 20]"),
            ("2000", "[4, 23]"),
            ("1961", "[4, 2]"),
            ("1818", "[3, 22]"),
        ),
    ),
    F(
        "longestCommonSubstring",
        "similarity",
        "a, b",
        "the longest run of consecutive characters found in both strings, wherever it sits in "
        'each, the one starting earliest in the first string on a tie, "" when they share none',
        '  let best = "";\n'
        "  let previous = new Array(b.length + 1).fill(0);\n"
        "  for (let i = 1; i <= a.length; i += 1) {\n"
        "    const row = [0];\n"
        "    for (let j = 1; j <= b.length; j += 1) {\n"
        "      row.push(a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : 0);\n"
        "      if (row[j] > best.length) best = a.slice(i - row[j], i);\n"
        "    }\n"
        "    previous = row;\n"
        "  }\n"
        "  return best;",
        (
            ('"abcdef", "abcxyz"', '"abc"'),
            ('"abc", "xyz"', '""'),
            ('"same", "same"', '"same"'),
            ('"", "abc"', '""'),
        ),
        defect=Defect(
            '  let best = "";\n'
            "  let run = 0;\n"
            "  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {\n"
            "    run = a[i] === b[i] ? run + 1 : 0;\n"
            "    if (run > best.length) best = a.slice(i - run + 1, i + 1);\n"
            "  }\n"
            "  return best;",
            'a shared part at different positions, such as "xabc" and "abc",',
            "it returns an empty string: only characters at the same position are compared",
            (('"xabc", "abc"', '"abc"'), ('"abcdef", "zcdem"', '"cde"')),
        ),
    ),
    F(
        "cartesianProduct",
        "sets",
        "a, b",
        "every [x, y] pair with x from the first array and y from the second, ordered by x's "
        "position and then y's, [] when either array is empty",
        "  return a.flatMap((x) => b.map((y) => [x, y]));",
        (
            ('[1, 2], ["a", "b"]', '[[1, "a"], [1, "b"], [2, "a"], [2, "b"]]'),
            ("[], [1]", "[]"),
            ("[1], []", "[]"),
        ),
    ),
    F(
        "luhnCheckDigit",
        "checksums",
        "digits",
        "the digit from 0 to 9 that, appended to a non-empty string of digits, makes the whole "
        "pass the Luhn check (every second digit from the right doubled)",
        "  let sum = 0;\n"
        "  for (let i = 0; i < digits.length; i += 1) {\n"
        "    let d = Number(digits[digits.length - 1 - i]);\n"
        "    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;\n"
        "    sum += d;\n"
        "  }\n"
        "  return (10 - (sum % 10)) % 10;",
        (
            ('"7992739871"', "3"),
            ('"453931950343646"', "7"),
            ('"12345"', "5"),
            ('"411111111111111"', "1"),
        ),
        defect=Defect(
            "  let sum = 0;\n"
            "  for (let i = 0; i < digits.length; i += 1) {\n"
            "    let d = Number(digits[digits.length - 1 - i]);\n"
            "    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;\n"
            "    sum += d;\n"
            "  }\n"
            "  return 10 - (sum % 10);",
            'digits whose check digit is 0, such as "123"',
            "it returns 10, which is not a digit",
            (('"123"', "0"), ('"528"', "0"), ('"0"', "0")),
        ),
    ),
    F(
        "correlation",
        "stats",
        "xs, ys",
        "the Pearson correlation of two equally long arrays of numbers rounded to three "
        "decimals, 0 when there are fewer than two pairs or either array has all values equal",
        "  const n = xs.length;\n"
        "  if (n < 2) return 0;\n"
        "  const mean = (v) => v.reduce((a, b) => a + b, 0) / n;\n"
        "  const [mx, my] = [mean(xs), mean(ys)];\n"
        "  let [sxy, sxx, syy] = [0, 0, 0];\n"
        "  for (let i = 0; i < n; i += 1) {\n"
        "    sxy += (xs[i] - mx) * (ys[i] - my);\n"
        "    sxx += (xs[i] - mx) ** 2;\n"
        "    syy += (ys[i] - my) ** 2;\n"
        "  }\n"
        "  if (sxx === 0 || syy === 0) return 0;\n"
        "  return Math.round((sxy / Math.sqrt(sxx * syy)) * 1000) / 1000;",
        (
            ("[1, 2, 3], [2, 4, 6]", "1"),
            ("[1, 2, 3], [3, 2, 1]", "-1"),
            ("[1, 2, 3, 4], [1, 3, 2, 4]", "0.8"),
            ("[1, 2, 3], [1, 3, 2]", "0.5"),
        ),
        defect=Defect(
            "  const n = xs.length;\n"
            "  const mean = (v) => v.reduce((a, b) => a + b, 0) / n;\n"
            "  const [mx, my] = [mean(xs), mean(ys)];\n"
            "  let [sxy, sxx, syy] = [0, 0, 0];\n"
            "  for (let i = 0; i < n; i += 1) {\n"
            "    sxy += (xs[i] - mx) * (ys[i] - my);\n"
            "    sxx += (xs[i] - mx) ** 2;\n"
            "    syy += (ys[i] - my) ** 2;\n"
            "  }\n"
            "  return Math.round((sxy / Math.sqrt(sxx * syy)) * 1000) / 1000;",
            "an array whose values are all equal, such as [5, 5, 5],",
            "it returns NaN instead of 0",
            (("[1, 2, 3], [5, 5, 5]", "0"), ("[4], [2]", "0"), ("[], []", "0")),
        ),
    ),
    F(
        "unflattenObject",
        "objects",
        "obj",
        'a nested plain object rebuilt from one whose keys are dotted paths such as "a.b.c", '
        "each key split at every dot into nested objects, keys without a dot kept as they are",
        "  const result = {};\n"
        "  for (const [path, value] of Object.entries(obj)) {\n"
        '    const keys = path.split(".");\n'
        "    let node = result;\n"
        "    for (const key of keys.slice(0, -1)) {\n"
        '      if (node[key] === null || typeof node[key] !== "object") node[key] = {};\n'
        "      node = node[key];\n"
        "    }\n"
        "    node[keys[keys.length - 1]] = value;\n"
        "  }\n"
        "  return result;",
        (
            ('{ "a.b": 1, "a.c": 2, d: 3 }', "{ a: { b: 1, c: 2 }, d: 3 }"),
            ("{}", "{}"),
            ('{ "x.y": [1] }', "{ x: { y: [1] } }"),
        ),
        defect=Defect(
            "  const result = {};\n"
            "  for (const [path, value] of Object.entries(obj)) {\n"
            '    const [head, tail] = path.split(".");\n'
            "    if (tail === undefined) result[head] = value;\n"
            "    else result[head] = { ...result[head], [tail]: value };\n"
            "  }\n"
            "  return result;",
            'a key with two or more dots such as "a.b.c"',
            "it stores 1 under a.b and loses the c: only the first dot is split",
            (
                ('{ "a.b.c": 1 }', "{ a: { b: { c: 1 } } }"),
                ('{ "a.b.c": 1, "a.b.d": 2 }', "{ a: { b: { c: 1, d: 2 } } }"),
            ),
        ),
    ),
    F(
        "rankValues",
        "sorting",
        "values",
        "the rank of each number of an array, in place, 1 for the largest, equal numbers sharing "
        "the best rank and the ranks after them skipping (so [10, 20, 20, 5] gives [3, 1, 1, 4])",
        "  const sorted = [...values].sort((a, b) => b - a);\n"
        "  return values.map((value) => sorted.indexOf(value) + 1);",
        (("[10, 30, 20]", "[3, 1, 2]"), ("[]", "[]"), ("[7]", "[1]")),
        defect=Defect(
            "  const distinct = [...new Set(values)].sort((a, b) => b - a);\n"
            "  return values.map((value) => distinct.indexOf(value) + 1);",
            "equal numbers such as [10, 20, 20, 5]",
            "it returns [2, 1, 1, 3]; the ranks after a tie skip, so the answer is [3, 1, 1, 4]",
            (("[10, 20, 20, 5]", "[3, 1, 1, 4]"), ("[1, 1, 1, 0]", "[1, 1, 1, 4]")),
        ),
    ),
    F(
        "isPangram",
        "words",
        "text",
        "whether a text contains every letter from a to z at least once, in either case, "
        "whatever other characters it has",
        "  const letters = new Set(text.toLowerCase().match(/[a-z]/g));\n"
        "  return letters.size === 26;",
        (
            ('"The quick brown fox jumps over the lazy dog"', "true"),
            ('"hello"', "false"),
            ('""', "false"),
        ),
        defect=Defect(
            "  return new Set(text.toLowerCase()).size >= 26;",
            "a text one letter short that has other characters, such as the alphabet without z "
            "followed by a full stop,",
            "it says true; it counts the other characters as letters",
            (
                ('"abcdefghijklmnopqrstuvwxy."', "false"),
                ('"The quick brown fox jumps over the lay dog 123"', "false"),
            ),
        ),
    ),
    F(
        "numberToWords",
        "formatting",
        "n",
        'an integer from 0 to 999 in English words: "zero", "seventeen", "forty-two" (a hyphen '
        'after the tens), "three hundred", "three hundred and five", throwing a RangeError '
        "outside that range",
        "  if (!Number.isInteger(n) || n < 0 || n > 999) {\n"
        '    throw new RangeError("n must be an integer from 0 to 999");\n'
        "  }\n"
        "  const small = [\n"
        '    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",\n'
        '    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",\n'
        '    "seventeen", "eighteen", "nineteen",\n'
        "  ];\n"
        '  const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",\n'
        '    "eighty", "ninety"];\n'
        "  const belowHundred = (k) =>\n"
        '    k < 20 ? small[k] : tens[Math.floor(k / 10)] + (k % 10 ? `-${small[k % 10]}` : "");\n'
        "  if (n < 100) return belowHundred(n);\n"
        "  const hundreds = `${small[Math.floor(n / 100)]} hundred`;\n"
        "  return n % 100 ? `${hundreds} and ${belowHundred(n % 100)}` : hundreds;",
        (
            ("0", '"zero"'),
            ("7", '"seven"'),
            ("10", '"ten"'),
            ("42", '"forty-two"'),
            ("300", '"three hundred"'),
            ("305", '"three hundred and five"'),
            ("999", '"nine hundred and ninety-nine"'),
        ),
        raises=(("1000", "RangeError"), ("-1", "RangeError")),
        defect=Defect(
            "  if (!Number.isInteger(n) || n < 0 || n > 999) {\n"
            '    throw new RangeError("n must be an integer from 0 to 999");\n'
            "  }\n"
            "  const ones = [\n"
            '    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",\n'
            "  ];\n"
            '  const tens = ["", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",\n'
            '    "eighty", "ninety"];\n'
            "  const belowHundred = (k) =>\n"
            '    k < 10 ? ones[k] : tens[Math.floor(k / 10)] + (k % 10 ? `-${ones[k % 10]}` : "");\n'
            "  if (n < 100) return belowHundred(n);\n"
            "  const hundreds = `${ones[Math.floor(n / 100)]} hundred`;\n"
            "  return n % 100 ? `${hundreds} and ${belowHundred(n % 100)}` : hundreds;",
            "a number from 11 to 19 such as 13",
            'it returns "ten-three" instead of "thirteen"',
            (("13", '"thirteen"'), ("11", '"eleven"'), ("215", '"two hundred and fifteen"')),
        ),
        change=Change(
            'numberToWords should leave out the "and", as in "three hundred five"',
            "  if (!Number.isInteger(n) || n < 0 || n > 999) {\n"
            '    throw new RangeError("n must be an integer from 0 to 999");\n'
            "  }\n"
            "  const small = [\n"
            '    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",\n'
            '    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",\n'
            '    "seventeen", "eighteen", "nineteen",\n'
            "  ];\n"
            '  const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",\n'
            '    "eighty", "ninety"];\n'
            "  const belowHundred = (k) =>\n"
            '    k < 20 ? small[k] : tens[Math.floor(k / 10)] + (k % 10 ? `-${small[k % 10]}` : "");\n'
            "  if (n < 100) return belowHundred(n);\n"
            "  const hundreds = `${small[Math.floor(n / 100)]} hundred`;\n"
            "  return n % 100 ? `${hundreds} ${belowHundred(n % 100)}` : hundreds;",
            (
                ("305", '"three hundred five"'),
                ("300", '"three hundred"'),
                ("999", '"nine hundred ninety-nine"'),
                ("13", '"thirteen"'),
            ),
            raises=(("1000", "RangeError"), ("-1", "RangeError")),
        ),
    ),
)
