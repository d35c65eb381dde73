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
)
