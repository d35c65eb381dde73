"""The algorithms-library domain: a Python package of small functions whose requirements
change, grow defects and move around over the session.

Each template is one public function: what the user asks for, a correct body, test
cases, and optionally a naive first body with a real defect (fixed by a later bug
report) and a change of requirement (which retires the first checkpoint).
"""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate, Plant

F = FunctionTemplate

TEMPLATES: tuple[FunctionTemplate, ...] = (
    F(
        "mean",
        "numbers",
        "values",
        "the arithmetic mean of a list of numbers",
        "    return sum(values) / len(values) if values else 0.0",
        (("[1, 2, 3, 4]", "2.5"), ("[5]", "5.0")),
        defect=Defect(
            "    return sum(values) / len(values)",
            "an empty list",
            "it crashes with ZeroDivisionError; it should return 0.0",
            (("[]", "0.0"),),
        ),
    ),
    F(
        "median",
        "numbers",
        "values",
        "the median of a list of numbers (the mean of the two middle values for an even count)",
        "    ordered = sorted(values)\n    middle = len(ordered) // 2\n"
        "    if len(ordered) % 2:\n        return ordered[middle]\n"
        "    return (ordered[middle - 1] + ordered[middle]) / 2",
        (("[3, 1, 2]", "2"), ("[7]", "7")),
        defect=Defect(
            "    ordered = sorted(values)\n    return ordered[len(ordered) // 2]",
            "an even number of values such as [1, 2, 3, 4]",
            "it returns 3 instead of the mean of the two middle values, 2.5",
            (("[1, 2, 3, 4]", "2.5"), ("[4, 1, 3, 2]", "2.5")),
        ),
    ),
    F(
        "clamp",
        "numbers",
        "value, low, high",
        "the value limited to the range low..high",
        "    return max(low, min(value, high))",
        (("5, 0, 10", "5"), ("-3, 0, 10", "0"), ("42, 0, 10", "10")),
    ),
    F(
        "gcd",
        "numbers",
        "a, b",
        "the greatest common divisor of two integers, always non-negative",
        "    a, b = abs(a), abs(b)\n    while b:\n        a, b = b, a % b\n    return a",
        (("12, 18", "6"), ("7, 5", "1"), ("0, 9", "9")),
        defect=Defect(
            "    while b:\n        a, b = b, a % b\n    return a",
            "a negative number such as gcd(-12, 18)",
            "it returns -6; the greatest common divisor is never negative",
            (("-12, 18", "6"), ("12, -18", "6")),
        ),
    ),
    F(
        "is_prime",
        "numbers",
        "n",
        "whether an integer is a prime number",
        "    if n < 2:\n        return False\n    divisor = 2\n"
        "    while divisor * divisor <= n:\n        if n % divisor == 0:\n"
        "            return False\n        divisor += 1\n    return True",
        (("2", "True"), ("17", "True"), ("21", "False")),
        defect=Defect(
            "    for divisor in range(2, n):\n        if n % divisor == 0:\n"
            "            return False\n    return True",
            "0 or 1",
            "it says they are prime; numbers below 2 are not prime",
            (("1", "False"), ("0", "False"), ("-7", "False")),
        ),
    ),
    F(
        "factorial",
        "numbers",
        "n",
        "n! for a non-negative integer n",
        "    result = 1\n    for k in range(2, n + 1):\n        result *= k\n    return result",
        (("0", "1"), ("5", "120")),
        change=Change(
            "factorial of a negative number should raise ValueError instead of returning 1",
            "    if n < 0:\n        raise ValueError('factorial is undefined for negative numbers')\n"
            "    result = 1\n    for k in range(2, n + 1):\n        result *= k\n    return result",
            (("0", "1"), ("5", "120")),
            raises=(("-1", "ValueError"),),
        ),
    ),
    F(
        "fibonacci",
        "numbers",
        "n",
        "the n-th Fibonacci number, with fibonacci(0) == 0 and fibonacci(1) == 1",
        "    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a",
        (("0", "0"), ("1", "1"), ("10", "55")),
    ),
    F(
        "digit_sum",
        "numbers",
        "n",
        "the sum of the decimal digits of an integer (its sign ignored)",
        "    return sum(int(d) for d in str(abs(n)))",
        (("1234", "10"), ("-56", "11"), ("0", "0")),
    ),
    F(
        "percent",
        "numbers",
        "part, whole",
        "part as a percentage of whole, rounded to one decimal",
        "    return round(100 * part / whole, 1) if whole else 0.0",
        (("1, 3", "33.3"), ("2, 4", "50.0"), ("5, 0", "0.0")),
        change=Change(
            "percent should round to two decimals now, not one",
            "    return round(100 * part / whole, 2) if whole else 0.0",
            (("1, 3", "33.33"), ("2, 4", "50.0"), ("5, 0", "0.0")),
        ),
    ),
    F(
        "chunk",
        "lists",
        "items, size",
        "the items split into consecutive lists of at most size items",
        "    return [items[i : i + size] for i in range(0, len(items), size)]",
        (("[1, 2, 3, 4, 5], 2", "[[1, 2], [3, 4], [5]]"), ("[], 3", "[]")),
        change=Change(
            "chunk should raise ValueError when size is smaller than 1",
            "    if size < 1:\n        raise ValueError('size must be at least 1')\n"
            "    return [items[i : i + size] for i in range(0, len(items), size)]",
            (("[1, 2, 3, 4, 5], 2", "[[1, 2], [3, 4], [5]]"), ("[], 3", "[]")),
            raises=(("[1, 2], -1", "ValueError"),),
        ),
    ),
    F(
        "flatten",
        "lists",
        "nested",
        "a flat list of the items of a list of lists, in order",
        "    return [item for inner in nested for item in inner]",
        (("[[1, 2], [3], []]", "[1, 2, 3]"), ("[]", "[]")),
    ),
    F(
        "dedupe",
        "lists",
        "items",
        "the items without duplicates, keeping the first occurrence's order",
        "    seen = set()\n    result = []\n    for item in items:\n"
        "        if item not in seen:\n            seen.add(item)\n"
        "            result.append(item)\n    return result",
        (("[1, 1, 2]", "[1, 2]"), ("[]", "[]")),
        defect=Defect(
            "    return list(set(items))",
            "[3, 1, 3, 2, 1]",
            "the order changes; it must keep the first occurrences in their order",
            (("[3, 1, 3, 2, 1]", "[3, 1, 2]"), ("[9, 8, 9]", "[9, 8]")),
        ),
    ),
    F(
        "rotate",
        "lists",
        "items, steps",
        "the list rotated to the left by steps positions",
        "    if not items:\n        return []\n    steps %= len(items)\n"
        "    return items[steps:] + items[:steps]",
        (("[1, 2, 3, 4], 1", "[2, 3, 4, 1]"), ("[1, 2, 3], 2", "[3, 1, 2]")),
        defect=Defect(
            "    return items[steps:] + items[:steps]",
            "an empty list or more steps than items",
            "rotating [1, 2, 3] by 4 returns it unrotated; steps should wrap around",
            (("[1, 2, 3], 4", "[2, 3, 1]"), ("[], 2", "[]")),
        ),
    ),
    F(
        "running_total",
        "lists",
        "values",
        "the running (cumulative) totals of a list of numbers",
        "    total = 0\n    result = []\n    for value in values:\n"
        "        total += value\n        result.append(total)\n    return result",
        (("[1, 2, 3]", "[1, 3, 6]"), ("[]", "[]")),
    ),
    F(
        "moving_average",
        "lists",
        "values, window",
        "the averages of each run of window consecutive values",
        "    return [sum(values[i : i + window]) / window"
        " for i in range(len(values) - window + 1)]",
        (("[1, 2, 3, 4], 2", "[1.5, 2.5, 3.5]"), ("[1, 2], 3", "[]")),
    ),
    F(
        "pairwise_diff",
        "lists",
        "values",
        "the differences between each value and the one before it",
        "    return [b - a for a, b in zip(values, values[1:])]",
        (("[1, 4, 9]", "[3, 5]"), ("[5]", "[]")),
    ),
    F(
        "top_n",
        "lists",
        "values, n",
        "the n largest values, largest first",
        "    return sorted(values, reverse=True)[:n]",
        (("[4, 1, 9, 7], 2", "[9, 7]"), ("[1], 3", "[1]")),
        change=Change(
            "top_n should return the n largest values in ascending order instead",
            "    return sorted(sorted(values, reverse=True)[:n])",
            (("[4, 1, 9, 7], 2", "[7, 9]"), ("[1], 3", "[1]")),
        ),
    ),
    F(
        "binary_search",
        "lists",
        "items, target",
        "the index of target in a sorted list, or -1 when it is absent",
        "    low, high = 0, len(items) - 1\n    while low <= high:\n"
        "        middle = (low + high) // 2\n        if items[middle] == target:\n"
        "            return middle\n        if items[middle] < target:\n"
        "            low = middle + 1\n        else:\n            high = middle - 1\n    return -1",
        (("[1, 3, 5, 7], 5", "2"), ("[1, 3, 5, 7], 4", "-1"), ("[], 1", "-1")),
        defect=Defect(
            "    low, high = 0, len(items) - 1\n    while low < high:\n"
            "        middle = (low + high) // 2\n        if items[middle] == target:\n"
            "            return middle\n        if items[middle] < target:\n"
            "            low = middle + 1\n        else:\n            high = middle - 1\n    return -1",
            "the target at the last position, such as binary_search([1, 3, 5, 7], 7)",
            "it returns -1 although 7 is at index 3",
            (("[1, 3, 5, 7], 7", "3"), ("[2], 2", "0")),
        ),
    ),
    F(
        "count_words",
        "text",
        "text",
        "how often each lower-cased word occurs, as a dict",
        "    counts = {}\n    for word in text.lower().split():\n"
        "        counts[word] = counts.get(word, 0) + 1\n    return counts",
        (("'a b A'", "{'a': 2, 'b': 1}"), ("''", "{}")),
    ),
    F(
        "is_palindrome",
        "text",
        "text",
        "whether a text reads the same backwards, ignoring case, spaces and punctuation",
        "    letters = [c.lower() for c in text if c.isalnum()]\n    return letters == letters[::-1]",
        (("'level'", "True"), ("'abc'", "False")),
        defect=Defect(
            "    return text == text[::-1]",
            "mixed case and spaces such as 'Never odd or even'",
            "it says False; case, spaces and punctuation should not matter",
            (("'Never odd or even'", "True"), ("'Step on no pets!'", "True")),
        ),
    ),
    F(
        "capitalize_words",
        "text",
        "text",
        "the text with the first letter of every word upper-cased",
        "    return ' '.join(word[:1].upper() + word[1:] for word in text.split(' '))",
        (("'hello big world'", "'Hello Big World'"), ("''", "''")),
    ),
    F(
        "truncate",
        "text",
        "text, limit",
        'the text cut to at most limit characters, ending in "..." when it was cut',
        "    if len(text) <= limit:\n        return text\n    return text[: max(limit - 3, 0)] + '...'",
        (("'hello world', 8", "'hello...'"), ("'short', 10", "'short'")),
    ),
    F(
        "slugify",
        "text",
        "text",
        "a URL slug: lower case, words joined by single hyphens, other characters dropped",
        "    words = ''.join(c if c.isalnum() else ' ' for c in text.lower()).split()\n"
        "    return '-'.join(words)",
        (("'Hello, World!'", "'hello-world'"), ("'  A  b '", "'a-b'")),
    ),
    F(
        "vowel_count",
        "text",
        "text",
        "how many vowels (a, e, i, o, u, either case) a text has",
        "    return sum(1 for c in text.lower() if c in 'aeiou')",
        (("'Education'", "5"), ("'xyz'", "0")),
    ),
    F(
        "reverse_words",
        "text",
        "text",
        "the words of a text in reverse order, separated by single spaces",
        "    return ' '.join(reversed(text.split()))",
        (("'one two  three'", "'three two one'"), ("''", "''")),
    ),
    F(
        "caesar",
        "text",
        "text, shift",
        "the text with letters shifted by shift places in the alphabet (case kept, others unchanged)",
        "    result = []\n    for c in text:\n        if c.isalpha():\n"
        "            base = ord('A') if c.isupper() else ord('a')\n"
        "            result.append(chr((ord(c) - base + shift) % 26 + base))\n"
        "        else:\n            result.append(c)\n    return ''.join(result)",
        (("'abc', 1", "'bcd'"), ("'Zz!', 1", "'Aa!'")),
    ),
    F(
        "run_length",
        "text",
        "text",
        "a run-length encoding: each run of a character as the character and its count",
        "    result = []\n    for c in text:\n        if result and result[-1][0] == c:\n"
        "            result[-1][1] += 1\n        else:\n            result.append([c, 1])\n"
        "    return ''.join(f'{c}{n}' for c, n in result)",
        (("'aaabcc'", "'a3b1c2'"), ("''", "''")),
    ),
    F(
        "word_lengths",
        "text",
        "text",
        "the length of each word of a text, in order",
        "    return [len(word) for word in text.split()]",
        (("'a bb ccc'", "[1, 2, 3]"), ("''", "[]")),
    ),
)

# what the user plants early and the agent must reuse later (a constant in config.py)
PLANTS = (
    Plant(
        "SEPARATOR",
        '" | "',
        "text output joins items with one separator, everywhere",
        F(
            "join_items",
            "text",
            "items",
            "the items as strings joined with the separator we agreed on at the start",
            "    return SEPARATOR.join(str(item) for item in items)",
            (("[1, 'a', 2.5]", "'1 | a | 2.5'"), ("[]", "''")),
        ),
        variants=tuple(
            (f'"{sep}"', (("[1, 'a', 2.5]", repr(sep.join(["1", "a", "2.5"]))), ("[]", "''")))
            for sep in (" :: ", " ~ ", " ; ")
        ),
    ),
    Plant(
        "EMPTY_MESSAGE",
        '"input must not be empty"',
        "empty input always fails with ValueError and one standard message",
        F(
            "first",
            "lists",
            "values",
            "the first value, raising ValueError with our standard empty-input message when there is none",
            "    if not values:\n        raise ValueError(EMPTY_MESSAGE)\n    return values[0]",
            (("[4, 5]", "4"),),
            raises=(("[]", "ValueError"),),
        ),
        variants=tuple(
            (f'"{message}"', (("[4, 5]", "4"),))
            for message in ("no values given", "nothing to work on", "empty input is not allowed")
        ),
    ),
)

RENAMES = {
    "mean": "average",
    "median": "middle_value",
    "clamp": "bound",
    "chunk": "batched",
    "flatten": "flat",
    "dedupe": "unique",
    "top_n": "largest",
    "count_words": "word_counts",
    "slugify": "to_slug",
    "truncate": "shorten",
    "reverse_words": "words_reversed",
}
