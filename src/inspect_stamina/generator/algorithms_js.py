"""The algorithms domain in JavaScript: the same kind of library as an ES-module package,
tested with Node's own runner. Cases are JavaScript source."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate, Plant

F = FunctionTemplate

TEMPLATES: tuple[FunctionTemplate, ...] = (
    F(
        "mean",
        "numbers",
        "values",
        "the arithmetic mean of an array of numbers (0 for an empty array)",
        "  if (values.length === 0) return 0;\n"
        "  return values.reduce((a, b) => a + b, 0) / values.length;",
        (("[1, 2, 3, 4]", "2.5"), ("[5]", "5")),
        defect=Defect(
            "  return values.reduce((a, b) => a + b, 0) / values.length;",
            "an empty array",
            "it returns NaN; it should return 0",
            (("[]", "0"),),
        ),
    ),
    F(
        "median",
        "numbers",
        "values",
        "the median of an array of numbers (the mean of the two middle values for an even count)",
        "  const sorted = [...values].sort((a, b) => a - b);\n"
        "  const middle = Math.floor(sorted.length / 2);\n"
        "  if (sorted.length % 2) return sorted[middle];\n"
        "  return (sorted[middle - 1] + sorted[middle]) / 2;",
        (("[3, 1, 2]", "2"), ("[7]", "7")),
        defect=Defect(
            "  const sorted = [...values].sort();\n"
            "  const middle = Math.floor(sorted.length / 2);\n"
            "  if (sorted.length % 2) return sorted[middle];\n"
            "  return (sorted[middle - 1] + sorted[middle]) / 2;",
            "numbers of different lengths such as [10, 9, 1]",
            "it returns 10 instead of 9: the values are sorted as text, not as numbers",
            (("[10, 9, 1]", "9"), ("[100, 25, 3, 4]", "14.5")),
        ),
    ),
    F(
        "clamp",
        "numbers",
        "value, low, high",
        "the value limited to the range low..high",
        "  return Math.max(low, Math.min(value, high));",
        (("5, 0, 10", "5"), ("-3, 0, 10", "0"), ("42, 0, 10", "10")),
    ),
    F(
        "gcd",
        "numbers",
        "a, b",
        "the greatest common divisor of two integers, never negative",
        "  a = Math.abs(a);\n  b = Math.abs(b);\n  while (b) [a, b] = [b, a % b];\n  return a;",
        (("12, 18", "6"), ("7, 5", "1"), ("0, 9", "9")),
        defect=Defect(
            "  while (b) [a, b] = [b, a % b];\n  return a;",
            "a negative number such as gcd(-12, 18)",
            "it returns -6; the greatest common divisor is never negative",
            (("-12, 18", "6"), ("12, -18", "6")),
        ),
    ),
    F(
        "isPrime",
        "numbers",
        "n",
        "whether an integer is a prime number",
        "  if (n < 2) return false;\n"
        "  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;\n  return true;",
        (("2", "true"), ("17", "true"), ("21", "false")),
        defect=Defect(
            "  for (let d = 2; d < n; d += 1) if (n % d === 0) return false;\n  return true;",
            "0 or 1",
            "it says they are prime; numbers below 2 are not prime",
            (("1", "false"), ("0", "false"), ("-7", "false")),
        ),
    ),
    F(
        "factorial",
        "numbers",
        "n",
        "n! for a non-negative integer n",
        "  let result = 1;\n  for (let k = 2; k <= n; k += 1) result *= k;\n  return result;",
        (("0", "1"), ("5", "120")),
        change=Change(
            "factorial of a negative number should throw a RangeError instead of returning 1",
            '  if (n < 0) throw new RangeError("factorial is undefined for negative numbers");\n'
            "  let result = 1;\n  for (let k = 2; k <= n; k += 1) result *= k;\n  return result;",
            (("0", "1"), ("5", "120")),
            raises=(("-1", "RangeError"),),
        ),
    ),
    F(
        "fibonacci",
        "numbers",
        "n",
        "the n-th Fibonacci number, with fibonacci(0) === 0 and fibonacci(1) === 1",
        "  let [a, b] = [0, 1];\n  for (let i = 0; i < n; i += 1) [a, b] = [b, a + b];\n  return a;",
        (("0", "0"), ("1", "1"), ("10", "55")),
    ),
    F(
        "digitSum",
        "numbers",
        "n",
        "the sum of the decimal digits of an integer (its sign ignored)",
        "  return [...String(Math.abs(n))].reduce((sum, d) => sum + Number(d), 0);",
        (("1234", "10"), ("-56", "11"), ("0", "0")),
    ),
    F(
        "percent",
        "numbers",
        "part, whole",
        "part as a percentage of whole, rounded to one decimal (0 when whole is 0)",
        "  return whole ? Math.round((1000 * part) / whole) / 10 : 0;",
        (("1, 3", "33.3"), ("2, 4", "50"), ("5, 0", "0")),
        change=Change(
            "percent should round to two decimals now, not one",
            "  return whole ? Math.round((10000 * part) / whole) / 100 : 0;",
            (("1, 3", "33.33"), ("2, 4", "50"), ("5, 0", "0")),
        ),
    ),
    F(
        "chunk",
        "arrays",
        "items, size",
        "the items split into consecutive arrays of at most size items",
        "  const result = [];\n"
        "  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));\n"
        "  return result;",
        (("[1, 2, 3, 4, 5], 2", "[[1, 2], [3, 4], [5]]"), ("[], 3", "[]")),
        change=Change(
            "chunk should throw a RangeError when size is smaller than 1",
            '  if (size < 1) throw new RangeError("size must be at least 1");\n'
            "  const result = [];\n"
            "  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));\n"
            "  return result;",
            (("[1, 2, 3, 4, 5], 2", "[[1, 2], [3, 4], [5]]"), ("[], 3", "[]")),
            raises=(("[], -1", "RangeError"),),
        ),
    ),
    F(
        "flatten",
        "arrays",
        "nested",
        "a flat array of the items of an array of arrays, in order",
        "  return nested.flat();",
        (("[[1, 2], [3], []]", "[1, 2, 3]"), ("[]", "[]")),
    ),
    F(
        "dedupe",
        "arrays",
        "items",
        "the items without duplicates, keeping the first occurrence's order",
        "  return [...new Set(items)];",
        (("[3, 1, 3, 2, 1]", "[3, 1, 2]"), ("[]", "[]")),
    ),
    F(
        "rotate",
        "arrays",
        "items, steps",
        "the array rotated to the left by steps positions",
        "  if (items.length === 0) return [];\n"
        "  const k = ((steps % items.length) + items.length) % items.length;\n"
        "  return [...items.slice(k), ...items.slice(0, k)];",
        (("[1, 2, 3, 4], 1", "[2, 3, 4, 1]"), ("[1, 2, 3], 2", "[3, 1, 2]")),
        defect=Defect(
            "  return [...items.slice(steps), ...items.slice(0, steps)];",
            "more steps than items",
            "rotating [1, 2, 3] by 4 returns it unrotated; steps should wrap around",
            (("[1, 2, 3], 4", "[2, 3, 1]"), ("[1, 2, 3], 7", "[2, 3, 1]")),
        ),
    ),
    F(
        "runningTotal",
        "arrays",
        "values",
        "the running (cumulative) totals of an array of numbers",
        "  let total = 0;\n  return values.map((value) => (total += value));",
        (("[1, 2, 3]", "[1, 3, 6]"), ("[]", "[]")),
    ),
    F(
        "pairwiseDiff",
        "arrays",
        "values",
        "the differences between each value and the one before it",
        "  return values.slice(1).map((value, i) => value - values[i]);",
        (("[1, 4, 9]", "[3, 5]"), ("[5]", "[]")),
    ),
    F(
        "topN",
        "arrays",
        "values, n",
        "the n largest values, largest first",
        "  return [...values].sort((a, b) => b - a).slice(0, n);",
        (("[4, 1, 9, 7], 2", "[9, 7]"), ("[1], 3", "[1]")),
        change=Change(
            "topN should return the n largest values in ascending order instead",
            "  return [...values].sort((a, b) => b - a).slice(0, n).reverse();",
            (("[4, 1, 9, 7], 2", "[7, 9]"), ("[1], 3", "[1]")),
        ),
    ),
    F(
        "countWords",
        "text",
        "text",
        "how often each lower-cased word occurs, as an object",
        "  const counts = {};\n"
        "  for (const word of text.toLowerCase().split(/\\s+/).filter(Boolean)) {\n"
        "    counts[word] = (counts[word] ?? 0) + 1;\n  }\n  return counts;",
        (('"a b A"', "{ a: 2, b: 1 }"), ('""', "{}")),
    ),
    F(
        "isPalindrome",
        "text",
        "text",
        "whether a text reads the same backwards, ignoring case, spaces and punctuation",
        '  const letters = text.toLowerCase().replace(/[^a-z0-9]/g, "");\n'
        '  return letters === [...letters].reverse().join("");',
        (('"level"', "true"), ('"abc"', "false")),
        defect=Defect(
            '  return text === [...text].reverse().join("");',
            "mixed case and spaces such as 'Never odd or even'",
            "it says false; case, spaces and punctuation should not matter",
            (('"Never odd or even"', "true"), ('"Step on no pets!"', "true")),
        ),
    ),
    F(
        "truncate",
        "text",
        "text, limit",
        'the text cut to at most limit characters, ending in "..." when it was cut',
        '  if (text.length <= limit) return text;\n  return text.slice(0, Math.max(limit - 3, 0)) + "...";',
        (('"hello world", 8', '"hello..."'), ('"short", 10', '"short"')),
    ),
    F(
        "slugify",
        "text",
        "text",
        "a URL slug: lower case, words joined by single hyphens, other characters dropped",
        '  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join("-");',
        (('"Hello, World!"', '"hello-world"'), ('"  A  b "', '"a-b"')),
    ),
    F(
        "vowelCount",
        "text",
        "text",
        "how many vowels (a, e, i, o, u, either case) a text has",
        "  return (text.match(/[aeiou]/gi) ?? []).length;",
        (('"Education"', "5"), ('"xyz"', "0")),
    ),
    F(
        "reverseWords",
        "text",
        "text",
        "the words of a text in reverse order, separated by single spaces",
        '  return text.split(/\\s+/).filter(Boolean).reverse().join(" ");',
        (('"one two  three"', '"three two one"'), ('""', '""')),
    ),
    F(
        "wordLengths",
        "text",
        "text",
        "the length of each word of a text, in order",
        "  return text.split(/\\s+/).filter(Boolean).map((word) => word.length);",
        (('"a bb ccc"', "[1, 2, 3]"), ('""', "[]")),
    ),
)

PLANTS = (
    Plant(
        "SEPARATOR",
        '" | "',
        "text output joins items with one separator, everywhere",
        F(
            "joinItems",
            "text",
            "items",
            "the items as strings joined with the separator we agreed on at the start",
            "  return items.map(String).join(SEPARATOR);",
            (('[1, "a", 2.5]', '"1 | a | 2.5"'), ("[]", '""')),
        ),
        variants=tuple(
            (f'"{sep}"', (('[1, "a", 2.5]', f'"{sep.join(["1", "a", "2.5"])}"'), ("[]", '""')))
            for sep in (" :: ", " ~ ", " ; ")
        ),
    ),
    Plant(
        "EMPTY_MESSAGE",
        '"input must not be empty"',
        "empty input always throws an Error with one standard message",
        F(
            "first",
            "arrays",
            "values",
            "the first value, throwing an Error with our standard empty-input message when there is none",
            "  if (values.length === 0) throw new Error(EMPTY_MESSAGE);\n  return values[0];",
            (("[4, 5]", "4"),),
            raises=(("[]", "Error"),),
        ),
        variants=tuple(
            (f'"{message}"', (("[4, 5]", "4"),))
            for message in ("no values given", "nothing to work on", "empty input is not allowed")
        ),
    ),
)

RENAMES = {
    "mean": "average",
    "median": "middleValue",
    "clamp": "bound",
    "chunk": "batched",
    "flatten": "flat",
    "dedupe": "unique",
    "topN": "largest",
    "countWords": "wordCounts",
    "slugify": "toSlug",
    "truncate": "shorten",
    "reverseWords": "wordsReversed",
}
