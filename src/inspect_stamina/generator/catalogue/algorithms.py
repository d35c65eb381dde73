"""More functions of the algorithms domain, asked for from generator version 3 on.

One group per module of the generated package: numbers, bits, lists, strings, text,
geometry, matrices and search, then sequences, stats, dates, formatting, parsing,
encoding, graphs, intervals and puzzles (standard library only, as the rest).
"""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate

F = FunctionTemplate

_NUMBERS: tuple[FunctionTemplate, ...] = (
    F(
        "lcm",
        "numbers",
        "a, b",
        "the least common multiple of two integers, never negative, and 0 when either is 0",
        "    x, y = abs(a), abs(b)\n"
        "    while y:\n"
        "        x, y = y, x % y\n"
        "    return abs(a * b) // x if x else 0",
        (("4, 6", "12"), ("7, 3", "21"), ("0, 5", "0"), ("0, 0", "0")),
        defect=Defect(
            "    x, y = a, b\n"
            "    while y:\n"
            "        x, y = y, x % y\n"
            "    return a * b // x if x else 0",
            "a negative number such as lcm(-4, 6)",
            "it returns -12; the least common multiple is never negative",
            (("-4, 6", "12"), ("-3, 5", "15")),
        ),
    ),
    F(
        "is_perfect_square",
        "numbers",
        "n",
        "whether an integer is the square of a whole number (0 and 1 are, negative numbers are "
        "not), exact even for very large integers",
        "    import math\n\n    return n >= 0 and math.isqrt(n) ** 2 == n",
        (("16", "True"), ("0", "True"), ("15", "False"), ("-4", "False")),
        defect=Defect(
            "    return n >= 0 and int(n**0.5) ** 2 == n",
            "a large square such as (10**16 + 1) ** 2",
            "it returns False; a floating-point square root loses precision on big integers",
            (("(10**16 + 1) ** 2", "True"), ("(3 * 10**20 + 7) ** 2", "True")),
        ),
    ),
    F(
        "digital_root",
        "numbers",
        "n",
        "the digital root of a non-negative integer: its digits summed again and again until a "
        "single digit is left (0 for 0)",
        "    while n >= 10:\n        n = sum(int(d) for d in str(n))\n    return n",
        (("0", "0"), ("7", "7"), ("9875", "2")),
        defect=Defect(
            "    return n % 9",
            "a multiple of 9 such as 18",
            "it returns 0, but the digits of 18 sum to 9",
            (("18", "9"), ("999", "9")),
        ),
    ),
    F(
        "to_roman",
        "numbers",
        "n",
        "the Roman numeral for an integer from 1 to 3999 in upper case, using subtractive pairs "
        "such as 'IV' and 'CM', raising ValueError outside that range",
        "    if not 1 <= n <= 3999:\n"
        "        raise ValueError('n must be between 1 and 3999')\n"
        "    numerals = ((1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'),\n"
        "                (90, 'XC'), (50, 'L'), (40, 'XL'), (10, 'X'), (9, 'IX'), (5, 'V'),\n"
        "                (4, 'IV'), (1, 'I'))\n"
        "    result = ''\n"
        "    for value, letters in numerals:\n"
        "        count, n = divmod(n, value)\n"
        "        result += letters * count\n"
        "    return result",
        (("8", "'VIII'"), ("2023", "'MMXXIII'"), ("3", "'III'")),
        raises=(("0", "ValueError"), ("4000", "ValueError")),
        defect=Defect(
            "    if not 1 <= n <= 3999:\n"
            "        raise ValueError('n must be between 1 and 3999')\n"
            "    numerals = ((1000, 'M'), (500, 'D'), (100, 'C'), (50, 'L'), (10, 'X'),\n"
            "                (5, 'V'), (1, 'I'))\n"
            "    result = ''\n"
            "    for value, letters in numerals:\n"
            "        count, n = divmod(n, value)\n"
            "        result += letters * count\n"
            "    return result",
            "a 4 or a 9 in any place, such as 1994",
            "it returns 'MDCCCCLXXXXIIII'; numerals use subtractive pairs, so it is 'MCMXCIV'",
            (("1994", "'MCMXCIV'"), ("4", "'IV'"), ("49", "'XLIX'")),
        ),
        change=Change(
            "to_roman should return the numeral in lower case, such as 'mcmxciv' for 1994",
            "    if not 1 <= n <= 3999:\n"
            "        raise ValueError('n must be between 1 and 3999')\n"
            "    numerals = ((1000, 'm'), (900, 'cm'), (500, 'd'), (400, 'cd'), (100, 'c'),\n"
            "                (90, 'xc'), (50, 'l'), (40, 'xl'), (10, 'x'), (9, 'ix'), (5, 'v'),\n"
            "                (4, 'iv'), (1, 'i'))\n"
            "    result = ''\n"
            "    for value, letters in numerals:\n"
            "        count, n = divmod(n, value)\n"
            "        result += letters * count\n"
            "    return result",
            (("8", "'viii'"), ("1994", "'mcmxciv'"), ("3999", "'mmmcmxcix'")),
            raises=(("0", "ValueError"), ("4000", "ValueError")),
        ),
    ),
    F(
        "collatz_steps",
        "numbers",
        "n",
        "the number of Collatz steps (halve if even, else 3n + 1) from a positive integer n "
        "down to 1, raising ValueError when n is below 1",
        "    if n < 1:\n"
        "        raise ValueError('n must be positive')\n"
        "    steps = 0\n"
        "    while n != 1:\n"
        "        n = n // 2 if n % 2 == 0 else 3 * n + 1\n"
        "        steps += 1\n"
        "    return steps",
        (("1", "0"), ("6", "8"), ("27", "111")),
        raises=(("0", "ValueError"), ("-5", "ValueError")),
        change=Change(
            "collatz_steps should return the whole sequence from n down to 1 as a list instead "
            "of the number of steps, still raising ValueError when n is below 1",
            "    if n < 1:\n"
            "        raise ValueError('n must be positive')\n"
            "    sequence = [n]\n"
            "    while n != 1:\n"
            "        n = n // 2 if n % 2 == 0 else 3 * n + 1\n"
            "        sequence.append(n)\n"
            "    return sequence",
            (("1", "[1]"), ("6", "[6, 3, 10, 5, 16, 8, 4, 2, 1]")),
            raises=(("0", "ValueError"),),
        ),
    ),
    F(
        "proper_divisors",
        "numbers",
        "n",
        "the divisors of a positive integer n that are smaller than n, each listed once, in "
        "ascending order ([] for 1)",
        "    found = set()\n"
        "    d = 1\n"
        "    while d * d <= n:\n"
        "        if n % d == 0:\n"
        "            found.update((d, n // d))\n"
        "        d += 1\n"
        "    found.discard(n)\n"
        "    return sorted(found)",
        (("12", "[1, 2, 3, 4, 6]"), ("7", "[1]"), ("1", "[]")),
        defect=Defect(
            "    found = []\n"
            "    d = 1\n"
            "    while d * d <= n:\n"
            "        if n % d == 0:\n"
            "            found += [d, n // d]\n"
            "        d += 1\n"
            "    return sorted(x for x in found if x != n)",
            "a perfect square such as 36",
            "6 is listed twice; each divisor should appear once",
            (("36", "[1, 2, 3, 4, 6, 9, 12, 18]"), ("16", "[1, 2, 4, 8]")),
        ),
    ),
    F(
        "int_to_base",
        "numbers",
        "n, base",
        "the digits of a non-negative integer written in a base from 2 to 36, using 0-9 then "
        "lower-case letters, with '0' for zero",
        "    if n < 0:\n"
        "        raise ValueError('n must be non-negative')\n"
        "    digits = '0123456789abcdefghijklmnopqrstuvwxyz'\n"
        "    result = ''\n"
        "    while True:\n"
        "        n, d = divmod(n, base)\n"
        "        result = digits[d] + result\n"
        "        if n == 0:\n"
        "            return result",
        (("255, 16", "'ff'"), ("5, 2", "'101'"), ("35, 36", "'z'")),
        defect=Defect(
            "    if n < 0:\n"
            "        raise ValueError('n must be non-negative')\n"
            "    digits = '0123456789abcdefghijklmnopqrstuvwxyz'\n"
            "    result = ''\n"
            "    while n:\n"
            "        n, d = divmod(n, base)\n"
            "        result = digits[d] + result\n"
            "    return result",
            "zero",
            "it returns an empty string; zero is written '0'",
            (("0, 2", "'0'"), ("0, 16", "'0'")),
        ),
        change=Change(
            "int_to_base should accept negative numbers too, writing them with a leading '-' "
            "(such as '-ff' for -255 in base 16)",
            "    digits = '0123456789abcdefghijklmnopqrstuvwxyz'\n"
            "    sign = '-' if n < 0 else ''\n"
            "    n = abs(n)\n"
            "    result = ''\n"
            "    while True:\n"
            "        n, d = divmod(n, base)\n"
            "        result = digits[d] + result\n"
            "        if n == 0:\n"
            "            return sign + result",
            (("-255, 16", "'-ff'"), ("255, 16", "'ff'"), ("-5, 2", "'-101'"), ("0, 2", "'0'")),
        ),
    ),
    F(
        "mode",
        "numbers",
        "values",
        "the most frequent value of a non-empty list, the smallest of them on a tie, raising "
        "ValueError for an empty list",
        "    if not values:\n"
        "        raise ValueError('mode of an empty list')\n"
        "    counts = {}\n"
        "    for value in values:\n"
        "        counts[value] = counts.get(value, 0) + 1\n"
        "    best = max(counts.values())\n"
        "    return min(value for value, count in counts.items() if count == best)",
        (("[1, 2, 2, 3]", "2"), ("[5]", "5")),
        raises=(("[]", "ValueError"),),
        defect=Defect(
            "    if not values:\n"
            "        raise ValueError('mode of an empty list')\n"
            "    return max(values, key=values.count)",
            "a tie such as [3, 1, 3, 1]",
            "it returns 3; on a tie the smallest of the most frequent values wins, 1",
            (("[3, 1, 3, 1]", "1"), ("[9, 2, 2, 9, 5]", "2")),
        ),
    ),
)

_BITS: tuple[FunctionTemplate, ...] = (
    F(
        "is_power_of_two",
        "bits",
        "n",
        "whether an integer is a power of two (1, 2, 4, 8, ...); zero and negative numbers are not",
        "    return n > 0 and n & (n - 1) == 0",
        (("1", "True"), ("64", "True"), ("12", "False"), ("-8", "False")),
        defect=Defect(
            "    return n & (n - 1) == 0",
            "zero",
            "it returns True; zero is not a power of two",
            (("0", "False"),),
        ),
    ),
    F(
        "count_set_bits",
        "bits",
        "n",
        "the number of 1 bits in the binary form of a non-negative integer",
        "    return bin(n).count('1')",
        (("0", "0"), ("7", "3"), ("1024", "1"), ("255", "8")),
        change=Change(
            "count_set_bits should raise ValueError when n is negative",
            "    if n < 0:\n"
            "        raise ValueError('n must not be negative')\n"
            "    return bin(n).count('1')",
            (("0", "0"), ("7", "3"), ("255", "8")),
            raises=(("-1", "ValueError"), ("-8", "ValueError")),
        ),
    ),
    F(
        "hamming_distance",
        "bits",
        "a, b",
        "the number of bit positions at which two non-negative integers differ",
        "    return bin(a ^ b).count('1')",
        (("1, 4", "2"), ("7, 7", "0"), ("0, 255", "8")),
        change=Change(
            "hamming_distance should compare two strings of equal length instead, counting the "
            "positions where their characters differ, and raise ValueError when the lengths differ",
            "    if len(a) != len(b):\n"
            "        raise ValueError('the strings must have the same length')\n"
            "    return sum(1 for x, y in zip(a, b) if x != y)",
            (("'karolin', 'kathrin'", "3"), ("'abc', 'abc'", "0"), ("'', ''", "0")),
            raises=(("'ab', 'a'", "ValueError"),),
        ),
    ),
)

_LISTS: tuple[FunctionTemplate, ...] = (
    F(
        "merge_intervals",
        "lists",
        "intervals",
        "the [start, end] intervals merged wherever they overlap or touch, as a new list of "
        "[start, end] lists sorted by start ([] for no intervals)",
        "    merged = []\n"
        "    for start, end in sorted(intervals):\n"
        "        if merged and start <= merged[-1][1]:\n"
        "            merged[-1][1] = max(merged[-1][1], end)\n"
        "        else:\n"
        "            merged.append([start, end])\n"
        "    return merged",
        (
            ("[[1, 3], [2, 6], [8, 10]]", "[[1, 6], [8, 10]]"),
            ("[[1, 2], [2, 4]]", "[[1, 4]]"),
            ("[[1, 10], [2, 3]]", "[[1, 10]]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    merged = []\n"
            "    for start, end in intervals:\n"
            "        if merged and start <= merged[-1][1]:\n"
            "            merged[-1][1] = max(merged[-1][1], end)\n"
            "        else:\n"
            "            merged.append([start, end])\n"
            "    return merged",
            "intervals given out of order, such as [[8, 10], [1, 3], [2, 6]]",
            "it returns [[8, 10]] and loses [1, 6]; the input is not sorted, the result must be",
            (
                ("[[8, 10], [1, 3], [2, 6]]", "[[1, 6], [8, 10]]"),
                ("[[5, 6], [1, 2]]", "[[1, 2], [5, 6]]"),
            ),
        ),
    ),
    F(
        "interleave",
        "lists",
        "first, second",
        "the items of two lists taken alternately, starting with the first list, with the "
        "leftover items of the longer list appended in order",
        "    result = []\n"
        "    for i in range(max(len(first), len(second))):\n"
        "        if i < len(first):\n"
        "            result.append(first[i])\n"
        "        if i < len(second):\n"
        "            result.append(second[i])\n"
        "    return result",
        (("[1, 2], ['a', 'b']", "[1, 'a', 2, 'b']"), ("[], []", "[]")),
        defect=Defect(
            "    return [item for pair in zip(first, second) for item in pair]",
            "lists of different lengths such as interleave([1, 2, 3], ['a'])",
            "it returns [1, 'a'] and drops 2 and 3; the leftovers belong at the end",
            (("[1, 2, 3], ['a']", "[1, 'a', 2, 3]"), ("[], [4, 5]", "[4, 5]")),
        ),
    ),
    F(
        "second_largest",
        "lists",
        "values",
        "the second largest distinct value of a list, or None when it has fewer than two "
        "distinct values",
        "    distinct = sorted(set(values))\n"
        "    return distinct[-2] if len(distinct) >= 2 else None",
        (("[3, 1, 4]", "3"), ("[10, -2]", "-2"), ("[7]", "None"), ("[]", "None")),
        defect=Defect(
            "    ordered = sorted(values)\n    return ordered[-2] if len(ordered) >= 2 else None",
            "a repeated largest value such as [3, 1, 4, 4]",
            "it returns 4; the second largest distinct value is 3",
            (("[3, 1, 4, 4]", "3"), ("[5, 5]", "None")),
        ),
    ),
    F(
        "max_subarray_sum",
        "lists",
        "values",
        "the largest sum of a non-empty run of consecutive values (a single value is a run), "
        "or 0 for an empty list",
        "    if not values:\n"
        "        return 0\n"
        "    best = current = values[0]\n"
        "    for value in values[1:]:\n"
        "        current = max(value, current + value)\n"
        "        best = max(best, current)\n"
        "    return best",
        (("[-2, 1, -3, 4, -1, 2, 1, -5, 4]", "6"), ("[5]", "5"), ("[]", "0")),
        defect=Defect(
            "    best = current = 0\n"
            "    for value in values:\n"
            "        current = max(0, current + value)\n"
            "        best = max(best, current)\n"
            "    return best",
            "only negative numbers such as [-3, -1, -2]",
            "it returns 0; the run cannot be empty, so the answer is -1",
            (("[-3, -1, -2]", "-1"), ("[-7]", "-7")),
        ),
    ),
    F(
        "ranks",
        "lists",
        "values",
        "each value's rank (1 for the smallest), equal values sharing their lowest rank, so "
        "[10, 20, 10] gives [1, 3, 1] ([] for an empty list)",
        "    first = {}\n"
        "    for position, value in enumerate(sorted(values), 1):\n"
        "        first.setdefault(value, position)\n"
        "    return [first[value] for value in values]",
        (("[30, 10, 20]", "[3, 1, 2]"), ("[]", "[]")),
        defect=Defect(
            "    positions = {value: i + 1 for i, value in enumerate(sorted(values))}\n"
            "    return [positions[value] for value in values]",
            "equal values such as [10, 20, 10, 30]",
            "it returns [2, 3, 2, 4]; equal values share the lowest rank of their group, "
            "[1, 3, 1, 4]",
            (("[10, 20, 10, 30]", "[1, 3, 1, 4]"), ("[5, 5, 5]", "[1, 1, 1]")),
        ),
    ),
    F(
        "pair_up",
        "lists",
        "keys, values",
        "a dict mapping each key to the value at the same position (a repeated key keeps its "
        "last value), raising ValueError when the two lists differ in length",
        "    if len(keys) != len(values):\n"
        "        raise ValueError('keys and values differ in length')\n"
        "    return dict(zip(keys, values))",
        (
            ("['a', 'b'], [1, 2]", "{'a': 1, 'b': 2}"),
            ("['a', 'b', 'a'], [1, 2, 3]", "{'a': 3, 'b': 2}"),
            ("[], []", "{}"),
        ),
        raises=(("['a'], [1, 2]", "ValueError"),),
        change=Change(
            "when a key repeats, pair_up should keep its first value instead of its last",
            "    if len(keys) != len(values):\n"
            "        raise ValueError('keys and values differ in length')\n"
            "    result = {}\n"
            "    for key, value in zip(keys, values):\n"
            "        result.setdefault(key, value)\n"
            "    return result",
            (
                ("['a', 'b', 'a'], [1, 2, 3]", "{'a': 1, 'b': 2}"),
                ("['a', 'b'], [1, 2]", "{'a': 1, 'b': 2}"),
            ),
            raises=(("['a'], [1, 2]", "ValueError"),),
        ),
    ),
)

_STRINGS: tuple[FunctionTemplate, ...] = (
    F(
        "longest_common_prefix",
        "strings",
        "words",
        "the longest prefix that every string of a list starts with, '' when they share none "
        "or the list is empty",
        "    if not words:\n"
        "        return ''\n"
        "    prefix = words[0]\n"
        "    for word in words[1:]:\n"
        "        while not word.startswith(prefix):\n"
        "            prefix = prefix[:-1]\n"
        "    return prefix",
        (
            ("['flower', 'flow', 'flight']", "'fl'"),
            ("['dog', 'cat']", "''"),
            ("['same']", "'same'"),
            ("[]", "''"),
        ),
        defect=Defect(
            "    if not words:\n"
            "        return ''\n"
            "    first, last = words[0], words[-1]\n"
            "    i = 0\n"
            "    while i < min(len(first), len(last)) and first[i] == last[i]:\n"
            "        i += 1\n"
            "    return first[:i]",
            "a string in the middle that differs, such as ['flower', 'dog', 'flow']",
            "it returns 'flow'; every string must start with the prefix, so it is ''",
            (("['flower', 'dog', 'flow']", "''"), ("['abc', 'xbc', 'abd']", "''")),
        ),
    ),
    F(
        "count_overlapping",
        "strings",
        "text, part",
        "how many times part occurs in text, overlapping occurrences included (so 'aa' occurs "
        "3 times in 'aaaa'), and 0 when part is empty",
        "    if not part:\n"
        "        return 0\n"
        "    count = 0\n"
        "    start = text.find(part)\n"
        "    while start != -1:\n"
        "        count += 1\n"
        "        start = text.find(part, start + 1)\n"
        "    return count",
        (("'banana', 'an'", "2"), ("'abc', 'd'", "0"), ("'abc', ''", "0")),
        defect=Defect(
            "    return text.count(part) if part else 0",
            "overlapping matches such as 'aba' in 'abababa'",
            "it returns 2; overlapping occurrences count too, so it is 3",
            (("'abababa', 'aba'", "3"), ("'aaaa', 'aa'", "3")),
        ),
    ),
    F(
        "run_length_decode",
        "strings",
        "text",
        "the text decoded from run-length form, where each character is followed by its count "
        "in decimal digits (possibly several), so 'a3b1' gives 'aaab' and '' gives ''",
        "    result = []\n"
        "    i = 0\n"
        "    while i < len(text):\n"
        "        j = i + 1\n"
        "        while j < len(text) and text[j].isdigit():\n"
        "            j += 1\n"
        "        result.append(text[i] * int(text[i + 1 : j]))\n"
        "        i = j\n"
        "    return ''.join(result)",
        (("'a3b1'", "'aaab'"), ("'x2y3'", "'xxyyy'"), ("''", "''")),
        defect=Defect(
            "    return ''.join(text[i] * int(text[i + 1]) for i in range(0, len(text), 2))",
            "a count of 10 or more such as 'x12'",
            "decoding fails; a count can have several digits",
            (("'x12'", "'x' * 12"), ("'a10b2'", "'a' * 10 + 'bb'")),
        ),
    ),
    F(
        "camel_to_snake",
        "strings",
        "name",
        "the camelCase or PascalCase name in snake_case: all lower case, with an underscore "
        "before each upper-case letter except the first character",
        "    result = ''\n"
        "    for i, c in enumerate(name):\n"
        "        if c.isupper() and i > 0:\n"
        "            result += '_'\n"
        "        result += c.lower()\n"
        "    return result",
        (("'parseHttpResponse'", "'parse_http_response'"), ("'x'", "'x'")),
        defect=Defect(
            "    return ''.join('_' + c.lower() if c.isupper() else c for c in name)",
            "a name that starts with a capital, such as 'UserName'",
            "it returns '_user_name'; no underscore goes before the first character",
            (("'UserName'", "'user_name'"), ("'Id'", "'id'")),
        ),
    ),
    F(
        "first_unique_index",
        "strings",
        "text",
        "the index of the first character of text that occurs exactly once in it, or -1 when "
        "there is none",
        "    counts = {}\n"
        "    for c in text:\n"
        "        counts[c] = counts.get(c, 0) + 1\n"
        "    for i, c in enumerate(text):\n"
        "        if counts[c] == 1:\n"
        "            return i\n"
        "    return -1",
        (("'leetcode'", "0"), ("'loveleetcode'", "2"), ("''", "-1")),
        defect=Defect(
            "    for i, c in enumerate(text):\n"
            "        if c not in text[i + 1 :]:\n"
            "            return i\n"
            "    return -1",
            "a character whose twin comes before it, such as 'aabcb'",
            "it returns 1; the second 'a' is not unique, so the answer is 3 (the 'c')",
            (("'aabcb'", "3"), ("'abab'", "-1"), ("'aabb'", "-1")),
        ),
    ),
    F(
        "brackets_balanced",
        "strings",
        "text",
        "whether the brackets (), [] and {} in text are balanced and properly nested, other "
        "characters ignored (True for text without brackets)",
        "    pairs = {')': '(', ']': '[', '}': '{'}\n"
        "    stack = []\n"
        "    for c in text:\n"
        "        if c in '([{':\n"
        "            stack.append(c)\n"
        "        elif c in pairs and (not stack or stack.pop() != pairs[c]):\n"
        "            return False\n"
        "    return not stack",
        (
            ("'([]{})'", "True"),
            ("'f(a[1])'", "True"),
            ("'(()'", "False"),
            ("''", "True"),
            ("'abc'", "True"),
        ),
        defect=Defect(
            "    return all(text.count(o) == text.count(c) for o, c in ('()', '[]', '{}'))",
            "brackets closed in the wrong order, such as '([)]'",
            "it says True; each closing bracket must match the last one still open",
            (("'([)]'", "False"), ("')('", "False")),
        ),
    ),
)

_TEXT: tuple[FunctionTemplate, ...] = (
    F(
        "is_anagram",
        "text",
        "first, second",
        "whether two texts contain the same letters the same number of times, ignoring case "
        "and spaces",
        "    a = sorted(first.lower().replace(' ', ''))\n"
        "    b = sorted(second.lower().replace(' ', ''))\n"
        "    return a == b",
        (
            ("'Listen', 'Silent'", "True"),
            ("'Dormitory', 'Dirty room'", "True"),
            ("'abc', 'abd'", "False"),
        ),
        defect=Defect(
            "    return set(first.lower().replace(' ', '')) == set(second.lower().replace(' ', ''))",
            "letters repeated a different number of times, such as 'aab' and 'abb'",
            "it says True; each letter must occur equally often in both",
            (("'aab', 'abb'", "False"), ("'noon', 'non'", "False")),
        ),
    ),
    F(
        "wrap_words",
        "text",
        "text, width",
        "the words of text packed greedily into lines of at most width characters, joined by "
        "single spaces, an overlong word on a line alone ([] for no words)",
        "    lines = []\n"
        "    current = ''\n"
        "    for word in text.split():\n"
        "        if current and len(current) + 1 + len(word) <= width:\n"
        "            current += ' ' + word\n"
        "        else:\n"
        "            if current:\n"
        "                lines.append(current)\n"
        "            current = word\n"
        "    if current:\n"
        "        lines.append(current)\n"
        "    return lines",
        (
            ("'the quick brown fox', 10", "['the quick', 'brown fox']"),
            ("'abcdefgh ij', 4", "['abcdefgh', 'ij']"),
            ("'', 5", "[]"),
        ),
        defect=Defect(
            "    lines = []\n"
            "    current = ''\n"
            "    for word in text.split():\n"
            "        if current and len(current) + 1 + len(word) < width:\n"
            "            current += ' ' + word\n"
            "        else:\n"
            "            if current:\n"
            "                lines.append(current)\n"
            "            current = word\n"
            "    if current:\n"
            "        lines.append(current)\n"
            "    return lines",
            "a line that exactly fills the width, such as wrap_words('ab cd', 5)",
            "it splits 'ab cd' into two lines; a line may be exactly width characters long",
            (("'ab cd', 5", "['ab cd']"), ("'a bc d', 4", "['a bc', 'd']")),
        ),
    ),
    F(
        "is_pangram",
        "text",
        "text",
        "whether text contains every letter from a to z at least once, ignoring case",
        "    return set('abcdefghijklmnopqrstuvwxyz') <= set(text.lower())",
        (
            ("'The quick brown fox jumps over the lazy dog'", "True"),
            ("'Hello world'", "False"),
        ),
        defect=Defect(
            "    return len(set(text.lower())) >= 26",
            "spaces and punctuation, such as 'abcdefghijklmnopqrstuvwxy !'",
            "it says True although there is no 'z'",
            (
                ("'abcdefghijklmnopqrstuvwxy !'", "False"),
                ("'ABCDEFGHIJKLMNOPQRSTUVWXY, Y.'", "False"),
            ),
        ),
    ),
    F(
        "acronym",
        "text",
        "text",
        "the first letters of the words of text in upper case, words being separated by spaces "
        "or hyphens ('' when there are no words)",
        "    words = text.replace('-', ' ').split()\n"
        "    return ''.join(word[0].upper() for word in words)",
        (
            ("'Portable Network Graphics'", "'PNG'"),
            ("'as soon as possible'", "'ASAP'"),
            ("''", "''"),
        ),
        defect=Defect(
            "    return ''.join(word[0].upper() for word in text.split())",
            "a hyphenated word such as 'metal-oxide'",
            "only its first part gives a letter; each part of a hyphenated word should",
            (
                ("'complementary metal-oxide semiconductor'", "'CMOS'"),
                ("'read-only memory'", "'ROM'"),
            ),
        ),
    ),
    F(
        "longest_word",
        "text",
        "text",
        "the longest word of text (words split on whitespace), the first of them on a tie, or "
        "'' when there are no words",
        "    best = ''\n"
        "    for word in text.split():\n"
        "        if len(word) > len(best):\n"
        "            best = word\n"
        "    return best",
        (("'a quick fox'", "'quick'"), ("''", "''")),
        defect=Defect(
            "    words = text.split()\n    return sorted(words, key=len)[-1] if words else ''",
            "two words of the same length such as 'cat dog'",
            "it returns 'dog'; the first of the longest words wins",
            (("'cat dog'", "'cat'"), ("'be an ox'", "'be'")),
        ),
    ),
)

_GEOMETRY: tuple[FunctionTemplate, ...] = (
    F(
        "polygon_area",
        "geometry",
        "points",
        "the area of a polygon from its (x, y) vertices in order, either direction, by the "
        "shoelace formula: a non-negative float, 0.0 for fewer than three points",
        "    twice = 0\n"
        "    for i, (x1, y1) in enumerate(points):\n"
        "        x2, y2 = points[(i + 1) % len(points)]\n"
        "        twice += x1 * y2 - x2 * y1\n"
        "    return abs(twice) / 2",
        (
            ("[(0, 0), (4, 0), (4, 3), (0, 3)]", "12.0"),
            ("[(0, 0), (3, 0), (0, 3)]", "4.5"),
            ("[(1, 1), (2, 2)]", "0.0"),
            ("[]", "0.0"),
        ),
        defect=Defect(
            "    twice = 0\n"
            "    for i, (x1, y1) in enumerate(points):\n"
            "        x2, y2 = points[(i + 1) % len(points)]\n"
            "        twice += x1 * y2 - x2 * y1\n"
            "    return twice / 2",
            "vertices in clockwise order such as [(0, 0), (0, 3), (4, 3), (4, 0)]",
            "it returns -12.0; an area is never negative",
            (
                ("[(0, 0), (0, 3), (4, 3), (4, 0)]", "12.0"),
                ("[(0, 0), (0, 2), (2, 0)]", "2.0"),
            ),
        ),
    ),
    F(
        "rectangles_overlap",
        "geometry",
        "a, b",
        "whether two rectangles given as (left, bottom, right, top) tuples share an area "
        "larger than zero (rectangles that only touch do not)",
        "    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]",
        (
            ("(0, 0, 2, 2), (1, 1, 3, 3)", "True"),
            ("(0, 0, 4, 4), (1, 1, 2, 2)", "True"),
            ("(0, 0, 1, 1), (5, 5, 6, 6)", "False"),
        ),
        defect=Defect(
            "    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]",
            "rectangles that only share an edge, such as (0, 0, 1, 1) and (1, 0, 2, 1)",
            "it says True; touching rectangles share no area",
            (("(0, 0, 1, 1), (1, 0, 2, 1)", "False"), ("(0, 0, 2, 2), (2, 2, 3, 3)", "False")),
        ),
    ),
    F(
        "triangle_kind",
        "geometry",
        "a, b, c",
        "'equilateral', 'isosceles' or 'scalene' for three side lengths, by how many are "
        "equal, raising ValueError when a side is not shorter than the other two together",
        "    x, y, z = sorted((a, b, c))\n"
        "    if x + y <= z:\n"
        "        raise ValueError('these sides do not form a triangle')\n"
        "    if x == z:\n"
        "        return 'equilateral'\n"
        "    if x == y or y == z:\n"
        "        return 'isosceles'\n"
        "    return 'scalene'",
        (("3, 3, 3", "'equilateral'"), ("3, 3, 5", "'isosceles'"), ("3, 4, 5", "'scalene'")),
        raises=(("1, 2, 3", "ValueError"), ("1, 1, 5", "ValueError")),
        defect=Defect(
            "    if a + b <= c or a + c <= b or b + c <= a:\n"
            "        raise ValueError('these sides do not form a triangle')\n"
            "    if a == b == c:\n"
            "        return 'equilateral'\n"
            "    if a == b:\n"
            "        return 'isosceles'\n"
            "    return 'scalene'",
            "the equal sides not given first, such as (5, 3, 3)",
            "it says 'scalene'; any two equal sides make a triangle isosceles",
            (("5, 3, 3", "'isosceles'"), ("4, 7, 4", "'isosceles'")),
        ),
        change=Change(
            "triangle_kind should return 'right' instead of 'scalene' when the squares of the "
            "two shorter sides add up to the square of the longest",
            "    x, y, z = sorted((a, b, c))\n"
            "    if x + y <= z:\n"
            "        raise ValueError('these sides do not form a triangle')\n"
            "    if x == z:\n"
            "        return 'equilateral'\n"
            "    if x == y or y == z:\n"
            "        return 'isosceles'\n"
            "    if x * x + y * y == z * z:\n"
            "        return 'right'\n"
            "    return 'scalene'",
            (
                ("3, 4, 5", "'right'"),
                ("13, 5, 12", "'right'"),
                ("2, 3, 4", "'scalene'"),
                ("3, 3, 3", "'equilateral'"),
                ("3, 3, 5", "'isosceles'"),
            ),
            raises=(("1, 2, 3", "ValueError"),),
        ),
    ),
    F(
        "bounding_box",
        "geometry",
        "points",
        "the smallest box around (x, y) points as a (min_x, min_y, max_x, max_y) tuple, or "
        "None when there are no points",
        "    if not points:\n"
        "        return None\n"
        "    xs = [x for x, _ in points]\n"
        "    ys = [y for _, y in points]\n"
        "    return (min(xs), min(ys), max(xs), max(ys))",
        (
            ("[(1, 5), (3, -2), (0, 0)]", "(0, -2, 3, 5)"),
            ("[(2, 2)]", "(2, 2, 2, 2)"),
            ("[]", "None"),
        ),
        change=Change(
            "bounding_box should raise ValueError for an empty list of points instead of "
            "returning None",
            "    if not points:\n"
            "        raise ValueError('no points')\n"
            "    xs = [x for x, _ in points]\n"
            "    ys = [y for _, y in points]\n"
            "    return (min(xs), min(ys), max(xs), max(ys))",
            (("[(1, 5), (3, -2), (0, 0)]", "(0, -2, 3, 5)"), ("[(2, 2)]", "(2, 2, 2, 2)")),
            raises=(("[]", "ValueError"),),
        ),
    ),
    F(
        "closest_point",
        "geometry",
        "points, target",
        "the (x, y) point of a list nearest to target by straight-line (Euclidean) distance, "
        "the earliest one on a tie, or None for an empty list",
        "    if not points:\n"
        "        return None\n"
        "    tx, ty = target\n"
        "    return min(points, key=lambda p: (p[0] - tx) ** 2 + (p[1] - ty) ** 2)",
        (
            ("[(0, 0), (5, 5), (1, 2)], (2, 2)", "(1, 2)"),
            ("[(1, 0), (0, 1)], (0, 0)", "(1, 0)"),
            ("[], (0, 0)", "None"),
        ),
        defect=Defect(
            "    if not points:\n"
            "        return None\n"
            "    tx, ty = target\n"
            "    return min(points, key=lambda p: abs(p[0] - tx) + abs(p[1] - ty))",
            "points where grid and straight-line distance disagree, such as [(3, 0), (2, 2)] "
            "around (0, 0)",
            "it returns (3, 0), but (2, 2) is nearer in a straight line",
            (("[(3, 0), (2, 2)], (0, 0)", "(2, 2)"), ("[(0, 5), (3, 3)], (0, 0)", "(3, 3)")),
        ),
    ),
)

_MATRICES: tuple[FunctionTemplate, ...] = (
    F(
        "transpose",
        "matrices",
        "matrix",
        "the matrix (a list of equal-length rows) with rows and columns swapped, as a new list "
        "of lists ([] for an empty matrix)",
        "    return [list(column) for column in zip(*matrix)]",
        (
            ("[[1, 2, 3], [4, 5, 6]]", "[[1, 4], [2, 5], [3, 6]]"),
            ("[[7]]", "[[7]]"),
            ("[]", "[]"),
        ),
        change=Change(
            "transpose should accept rows of different lengths, filling the gaps with None",
            "    width = max((len(row) for row in matrix), default=0)\n"
            "    return [[row[i] if i < len(row) else None for row in matrix]"
            " for i in range(width)]",
            (
                ("[[1, 2], [3]]", "[[1, 3], [2, None]]"),
                ("[[1, 2, 3], [4, 5, 6]]", "[[1, 4], [2, 5], [3, 6]]"),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "rotate_matrix",
        "matrices",
        "matrix",
        "the matrix (a list of equal-length rows) turned 90 degrees clockwise, as a new list of "
        "lists ([] for an empty matrix)",
        "    return [list(row) for row in zip(*matrix[::-1])]",
        (
            ("[[1, 2], [3, 4]]", "[[3, 1], [4, 2]]"),
            ("[[1, 2, 3]]", "[[1], [2], [3]]"),
            ("[]", "[]"),
        ),
        change=Change(
            "rotate_matrix should turn the matrix 90 degrees counter-clockwise instead",
            "    return [list(row) for row in zip(*matrix)][::-1]",
            (
                ("[[1, 2], [3, 4]]", "[[2, 4], [1, 3]]"),
                ("[[1, 2, 3]]", "[[3], [2], [1]]"),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "spiral_order",
        "matrices",
        "matrix",
        "the values of a matrix (a list of equal-length rows) read in a clockwise spiral from "
        "the top-left corner, each value once ([] for an empty matrix)",
        "    if not matrix:\n"
        "        return []\n"
        "    result = []\n"
        "    top, bottom, left, right = 0, len(matrix) - 1, 0, len(matrix[0]) - 1\n"
        "    while top <= bottom and left <= right:\n"
        "        result += matrix[top][left : right + 1]\n"
        "        top += 1\n"
        "        result += [matrix[i][right] for i in range(top, bottom + 1)]\n"
        "        right -= 1\n"
        "        if top <= bottom:\n"
        "            result += matrix[bottom][left : right + 1][::-1]\n"
        "            bottom -= 1\n"
        "        if left <= right:\n"
        "            result += [matrix[i][left] for i in range(bottom, top - 1, -1)]\n"
        "            left += 1\n"
        "    return result",
        (
            ("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", "[1, 2, 3, 6, 9, 8, 7, 4, 5]"),
            ("[[1, 2, 3, 4], [5, 6, 7, 8]]", "[1, 2, 3, 4, 8, 7, 6, 5]"),
            (
                "[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]",
                "[1, 2, 3, 4, 8, 12, 16, 15, 14, 13, 9, 5, 6, 7, 11, 10]",
            ),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    if not matrix:\n"
            "        return []\n"
            "    result = []\n"
            "    top, bottom, left, right = 0, len(matrix) - 1, 0, len(matrix[0]) - 1\n"
            "    while top <= bottom and left <= right:\n"
            "        result += matrix[top][left : right + 1]\n"
            "        top += 1\n"
            "        result += [matrix[i][right] for i in range(top, bottom + 1)]\n"
            "        right -= 1\n"
            "        result += matrix[bottom][left : right + 1][::-1]\n"
            "        bottom -= 1\n"
            "        result += [matrix[i][left] for i in range(bottom, top - 1, -1)]\n"
            "        left += 1\n"
            "    return result",
            "a single column such as [[1], [2], [3]]",
            "it returns [1, 2, 3, 2]; each value must appear exactly once",
            (("[[1], [2], [3]]", "[1, 2, 3]"), ("[[1, 2, 3]]", "[1, 2, 3]")),
        ),
    ),
    F(
        "diagonal_sum",
        "matrices",
        "matrix",
        "the sum of the values on both diagonals of a square matrix, the centre value of an "
        "odd-sized matrix counted only once (0 for an empty matrix)",
        "    n = len(matrix)\n"
        "    total = sum(matrix[i][i] + matrix[i][n - 1 - i] for i in range(n))\n"
        "    if n % 2:\n"
        "        total -= matrix[n // 2][n // 2]\n"
        "    return total",
        (
            ("[[1, 2], [3, 4]]", "10"),
            ("[[2, 0, 0, 1], [0, 3, 1, 0], [0, 1, 3, 0], [1, 0, 0, 2]]", "14"),
            ("[]", "0"),
        ),
        defect=Defect(
            "    n = len(matrix)\n"
            "    return sum(matrix[i][i] + matrix[i][n - 1 - i] for i in range(n))",
            "an odd size such as [[1, 2, 3], [4, 5, 6], [7, 8, 9]]",
            "it returns 30; the centre value 5 is counted twice, so it should be 25",
            (("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", "25"), ("[[5]]", "5")),
        ),
    ),
)

_SEARCH: tuple[FunctionTemplate, ...] = (
    F(
        "lower_bound",
        "search",
        "items, target",
        "the index of the first value not less than target in a sorted list, found by binary "
        "search (len(items) when every value is smaller)",
        "    low, high = 0, len(items)\n"
        "    while low < high:\n"
        "        middle = (low + high) // 2\n"
        "        if items[middle] < target:\n"
        "            low = middle + 1\n"
        "        else:\n"
        "            high = middle\n"
        "    return low",
        (
            ("[1, 3, 5, 7], 5", "2"),
            ("[1, 3, 5, 7], 4", "2"),
            ("[1, 3], 9", "2"),
            ("[], 5", "0"),
        ),
        defect=Defect(
            "    low, high = 0, len(items)\n"
            "    while low < high:\n"
            "        middle = (low + high) // 2\n"
            "        if items[middle] == target:\n"
            "            return middle\n"
            "        if items[middle] < target:\n"
            "            low = middle + 1\n"
            "        else:\n"
            "            high = middle\n"
            "    return low",
            "repeated values such as lower_bound([1, 2, 2, 2, 3], 2)",
            "it returns 2; the first value not less than 2 is at index 1",
            (("[1, 2, 2, 2, 3], 2", "1"), ("[4, 4, 4, 4], 4", "0")),
        ),
    ),
    F(
        "majority_element",
        "search",
        "values",
        "the value that fills more than half of the positions of a list, or None when no value "
        "does (as in [1, 2] or [])",
        "    candidate, count = None, 0\n"
        "    for value in values:\n"
        "        if count == 0:\n"
        "            candidate = value\n"
        "        count += 1 if value == candidate else -1\n"
        "    return candidate if values.count(candidate) * 2 > len(values) else None",
        (("[3, 3, 4]", "3"), ("[2, 2, 1, 1, 2]", "2"), ("[]", "None")),
        defect=Defect(
            "    candidate, count = None, 0\n"
            "    for value in values:\n"
            "        if count == 0:\n"
            "            candidate = value\n"
            "        count += 1 if value == candidate else -1\n"
            "    return candidate",
            "a list with no majority such as [1, 2, 3]",
            "it returns 3; when no value fills more than half the list it should return None",
            (("[1, 2, 3]", "None"), ("[2, 2, 1, 1, 3]", "None"), ("[1, 2]", "None")),
        ),
    ),
    F(
        "missing_number",
        "search",
        "values",
        "the one number missing from a list that holds every integer from 0 to len(values) but "
        "one, in any order (0 for an empty list)",
        "    n = len(values)\n    return n * (n + 1) // 2 - sum(values)",
        (("[3, 0, 1]", "2"), ("[1, 2]", "0"), ("[0, 2, 3]", "1")),
        defect=Defect(
            "    for i, value in enumerate(sorted(values)):\n"
            "        if value != i:\n"
            "            return i\n"
            "    return None",
            "the largest number missing, such as [0, 1]",
            "it returns None; the missing number is 2",
            (("[0, 1]", "2"), ("[2, 0, 1]", "3"), ("[]", "0")),
        ),
    ),
    F(
        "kth_smallest",
        "search",
        "values, k",
        "the k-th smallest value of a list counting from 1, equal values counted separately, "
        "raising ValueError when k is not between 1 and the length of the list",
        "    if not 1 <= k <= len(values):\n"
        "        raise ValueError('k is out of range')\n"
        "    return sorted(values)[k - 1]",
        (("[7, 1, 5, 3], 2", "3"), ("[9], 1", "9"), ("[5, 1, 4], 3", "5")),
        raises=(("[1, 2], 0", "ValueError"), ("[1, 2], 3", "ValueError"), ("[], 1", "ValueError")),
        defect=Defect(
            "    if not 1 <= k <= len(values):\n"
            "        raise ValueError('k is out of range')\n"
            "    return sorted(set(values))[k - 1]",
            "repeated values such as kth_smallest([2, 2, 5], 2)",
            "it returns 5; equal values count separately, so the second smallest is 2",
            (("[2, 2, 5], 2", "2"), ("[4, 4, 1], 3", "4")),
        ),
    ),
)

_SEQUENCES: tuple[FunctionTemplate, ...] = (
    F(
        "primes_up_to",
        "sequences",
        "n",
        "the prime numbers up to and including n in ascending order, found with a sieve "
        "([] when n is below 2)",
        "    if n < 2:\n"
        "        return []\n"
        "    sieve = [True] * (n + 1)\n"
        "    sieve[0] = sieve[1] = False\n"
        "    for i in range(2, int(n**0.5) + 1):\n"
        "        if sieve[i]:\n"
        "            sieve[i * i :: i] = [False] * len(sieve[i * i :: i])\n"
        "    return [i for i, prime in enumerate(sieve) if prime]",
        (("10", "[2, 3, 5, 7]"), ("1", "[]"), ("-4", "[]")),
        defect=Defect(
            "    if n < 2:\n"
            "        return []\n"
            "    sieve = [True] * n\n"
            "    sieve[0] = sieve[1] = False\n"
            "    for i in range(2, int(n**0.5) + 1):\n"
            "        if sieve[i]:\n"
            "            sieve[i * i :: i] = [False] * len(sieve[i * i :: i])\n"
            "    return [i for i, prime in enumerate(sieve) if prime]",
            "n prime itself, such as primes_up_to(13)",
            "13 is missing from the list; the primes go up to and including n",
            (("13", "[2, 3, 5, 7, 11, 13]"), ("2", "[2]")),
        ),
    ),
    F(
        "prime_factors",
        "sequences",
        "n",
        "the prime factors of an integer n of at least 2 in ascending order, each repeated as "
        "often as it divides n (such as [2, 2, 3] for 12), raising ValueError when n is below 2",
        "    if n < 2:\n"
        "        raise ValueError('n must be at least 2')\n"
        "    factors = []\n"
        "    d = 2\n"
        "    while d * d <= n:\n"
        "        while n % d == 0:\n"
        "            factors.append(d)\n"
        "            n //= d\n"
        "        d += 1\n"
        "    if n > 1:\n"
        "        factors.append(n)\n"
        "    return factors",
        (("8", "[2, 2, 2]"), ("36", "[2, 2, 3, 3]"), ("100", "[2, 2, 5, 5]")),
        raises=(("1", "ValueError"), ("0", "ValueError")),
        defect=Defect(
            "    if n < 2:\n"
            "        raise ValueError('n must be at least 2')\n"
            "    factors = []\n"
            "    d = 2\n"
            "    while d * d <= n:\n"
            "        while n % d == 0:\n"
            "            factors.append(d)\n"
            "            n //= d\n"
            "        d += 1\n"
            "    return factors",
            "a prime factor left over after the loop, such as 14 or a prime such as 13",
            "prime_factors(14) returns [2] and prime_factors(13) returns []; the last factor is "
            "dropped",
            (("14", "[2, 7]"), ("13", "[13]"), ("12", "[2, 2, 3]")),
        ),
    ),
    F(
        "pascal_row",
        "sequences",
        "n",
        "row n of Pascal's triangle counting from row 0 (which is [1]), as a list of integers, "
        "raising ValueError when n is negative",
        "    if n < 0:\n"
        "        raise ValueError('n must not be negative')\n"
        "    row = [1]\n"
        "    for _ in range(n):\n"
        "        row = [1] + [a + b for a, b in zip(row, row[1:])] + [1]\n"
        "    return row",
        (("0", "[1]"), ("1", "[1, 1]"), ("4", "[1, 4, 6, 4, 1]")),
        raises=(("-1", "ValueError"),),
        change=Change(
            "pascal_row should count rows from 1 instead of 0 (row 1 is [1], row 2 is [1, 1]), "
            "raising ValueError when n is below 1",
            "    if n < 1:\n"
            "        raise ValueError('n must be at least 1')\n"
            "    row = [1]\n"
            "    for _ in range(n - 1):\n"
            "        row = [1] + [a + b for a, b in zip(row, row[1:])] + [1]\n"
            "    return row",
            (("1", "[1]"), ("2", "[1, 1]"), ("5", "[1, 4, 6, 4, 1]")),
            raises=(("0", "ValueError"),),
        ),
    ),
    F(
        "look_and_say",
        "sequences",
        "digits, steps",
        "the look-and-say sequence applied steps times to a string of digits: each run of equal "
        "digits is read out as the run's length then the digit, so '1211' becomes '111221'; "
        "0 steps return the string unchanged",
        "    for _ in range(steps):\n"
        "        out = ''\n"
        "        i = 0\n"
        "        while i < len(digits):\n"
        "            j = i\n"
        "            while j < len(digits) and digits[j] == digits[i]:\n"
        "                j += 1\n"
        "            out += str(j - i) + digits[i]\n"
        "            i = j\n"
        "        digits = out\n"
        "    return digits",
        (("'1', 1", "'11'"), ("'1211', 1", "'111221'"), ("'1', 4", "'111221'"), ("'7', 0", "'7'")),
    ),
    F(
        "tribonacci",
        "sequences",
        "n",
        "the n-th tribonacci number counting from 0, the sequence starting 0, 0, 1 and each next "
        "term the sum of the three before it, raising ValueError when n is negative",
        "    if n < 0:\n"
        "        raise ValueError('n must not be negative')\n"
        "    a, b, c = 0, 0, 1\n"
        "    for _ in range(n):\n"
        "        a, b, c = b, c, a + b + c\n"
        "    return a",
        (("0", "0"), ("1", "0"), ("2", "1"), ("7", "13"), ("10", "81")),
        raises=(("-1", "ValueError"),),
    ),
    F(
        "is_arithmetic",
        "sequences",
        "values",
        "whether a list of numbers, in the order given, goes up or down by the same step each "
        "time (lists of fewer than 3 values always do)",
        "    steps = {b - a for a, b in zip(values, values[1:])}\n    return len(steps) <= 1",
        (("[1, 3, 5, 7]", "True"), ("[9, 6, 3]", "True"), ("[1, 2, 4]", "False"), ("[5]", "True")),
        defect=Defect(
            "    ordered = sorted(values)\n"
            "    steps = {b - a for a, b in zip(ordered, ordered[1:])}\n"
            "    return len(steps) <= 1",
            "values out of order such as [3, 1, 2]",
            "it returns True because it sorts first; the values must step evenly in the order "
            "given",
            (("[3, 1, 2]", "False"), ("[1, 5, 3]", "False")),
        ),
    ),
    F(
        "catalan",
        "sequences",
        "n",
        "the n-th Catalan number counting from 0 (1, 1, 2, 5, 14, ...), exact even for large n, "
        "raising ValueError when n is negative",
        "    import math\n\n"
        "    if n < 0:\n"
        "        raise ValueError('n must not be negative')\n"
        "    return math.comb(2 * n, n) // (n + 1)",
        (("0", "1"), ("3", "5"), ("4", "14"), ("10", "16796")),
        raises=(("-2", "ValueError"),),
        defect=Defect(
            "    import math\n\n"
            "    if n < 0:\n"
            "        raise ValueError('n must not be negative')\n"
            "    return int(math.comb(2 * n, n) / (n + 1))",
            "a large n such as 40",
            "catalan(40) is wrong in its last digits; dividing as floats loses precision",
            (("40", "2622127042276492108820"), ("35", "3116285494907301262")),
        ),
    ),
    F(
        "next_prime",
        "sequences",
        "n",
        "the smallest prime number strictly greater than the integer n (2 for any n below 2)",
        "    candidate = max(n + 1, 2)\n"
        "    while any(candidate % d == 0 for d in range(2, int(candidate**0.5) + 1)):\n"
        "        candidate += 1\n"
        "    return candidate",
        (("8", "11"), ("0", "2"), ("14", "17"), ("-5", "2")),
        defect=Defect(
            "    candidate = max(n, 2)\n"
            "    while any(candidate % d == 0 for d in range(2, int(candidate**0.5) + 1)):\n"
            "        candidate += 1\n"
            "    return candidate",
            "a prime n such as 7",
            "next_prime(7) returns 7; the next prime must be strictly greater, 11",
            (("7", "11"), ("2", "3")),
        ),
    ),
    F(
        "reverse_number",
        "sequences",
        "n",
        "the integer with its digits in reverse order, keeping its sign and dropping leading "
        "zeros (-123 gives -321, 120 gives 21)",
        "    sign = -1 if n < 0 else 1\n    return sign * int(str(abs(n))[::-1])",
        (("123", "321"), ("120", "21"), ("0", "0"), ("7", "7"), ("-123", "-321"), ("-50", "-5")),
    ),
    F(
        "fizzbuzz",
        "sequences",
        "n",
        "the FizzBuzz list for 1 to n as strings: 'Fizz' for multiples of 3, 'Buzz' for "
        "multiples of 5, 'FizzBuzz' for multiples of both, otherwise the number itself "
        "([] when n is below 1)",
        "    result = []\n"
        "    for i in range(1, n + 1):\n"
        "        word = ('Fizz' if i % 3 == 0 else '') + ('Buzz' if i % 5 == 0 else '')\n"
        "        result.append(word or str(i))\n"
        "    return result",
        (("5", "['1', '2', 'Fizz', '4', 'Buzz']"), ("0", "[]"), ("1", "['1']")),
        defect=Defect(
            "    result = []\n"
            "    for i in range(1, n + 1):\n"
            "        if i % 3 == 0:\n"
            "            result.append('Fizz')\n"
            "        elif i % 5 == 0:\n"
            "            result.append('Buzz')\n"
            "        elif i % 15 == 0:\n"
            "            result.append('FizzBuzz')\n"
            "        else:\n"
            "            result.append(str(i))\n"
            "    return result",
            "a multiple of 15",
            "fizzbuzz(15)[-1] is 'Fizz'; multiples of both 3 and 5 should be 'FizzBuzz'",
            (
                (
                    "15",
                    "['1', '2', 'Fizz', '4', 'Buzz', 'Fizz', '7', '8', 'Fizz', 'Buzz', '11', "
                    "'Fizz', '13', '14', 'FizzBuzz']",
                ),
            ),
        ),
        change=Change(
            "fizzbuzz should also say 'Bazz' for multiples of 7, after Fizz and Buzz (so 21 is "
            "'FizzBazz' and 105 is 'FizzBuzzBazz')",
            "    result = []\n"
            "    for i in range(1, n + 1):\n"
            "        word = ('Fizz' if i % 3 == 0 else '') + ('Buzz' if i % 5 == 0 else '')\n"
            "        word += 'Bazz' if i % 7 == 0 else ''\n"
            "        result.append(word or str(i))\n"
            "    return result",
            (
                ("7", "['1', '2', 'Fizz', '4', 'Buzz', 'Fizz', 'Bazz']"),
                ("0", "[]"),
                (
                    "21",
                    "['1', '2', 'Fizz', '4', 'Buzz', 'Fizz', 'Bazz', '8', 'Fizz', 'Buzz', "
                    "'11', 'Fizz', '13', 'Bazz', 'FizzBuzz', '16', '17', 'Fizz', '19', 'Buzz', "
                    "'FizzBazz']",
                ),
            ),
        ),
    ),
)


_STATS: tuple[FunctionTemplate, ...] = (
    F(
        "variance",
        "stats",
        "values",
        "the sample variance of a list of numbers (the squared deviations from the mean summed "
        "and divided by the count minus one), 0.0 for a single value, raising ValueError for an "
        "empty list",
        "    if not values:\n"
        "        raise ValueError('variance of an empty list')\n"
        "    if len(values) == 1:\n"
        "        return 0.0\n"
        "    m = sum(values) / len(values)\n"
        "    return sum((x - m) ** 2 for x in values) / (len(values) - 1)",
        (("[1, 3]", "2.0"), ("[1, 2, 3]", "1.0"), ("[1, 1, 1, 5]", "4.0")),
        raises=(("[]", "ValueError"),),
        defect=Defect(
            "    if not values:\n"
            "        raise ValueError('variance of an empty list')\n"
            "    m = sum(values) / len(values)\n"
            "    return sum((x - m) ** 2 for x in values) / (len(values) - 1)",
            "a single value such as [4]",
            "it crashes with ZeroDivisionError; one value has variance 0.0",
            (("[4]", "0.0"), ("[-2.5]", "0.0")),
        ),
        change=Change(
            "variance should return the population variance instead: divided by the count, "
            "not the count minus one (still raising ValueError for an empty list)",
            "    if not values:\n"
            "        raise ValueError('variance of an empty list')\n"
            "    m = sum(values) / len(values)\n"
            "    return sum((x - m) ** 2 for x in values) / len(values)",
            (("[1, 3]", "1.0"), ("[1, 1, 1, 5]", "3.0"), ("[4]", "0.0")),
            raises=(("[]", "ValueError"),),
        ),
    ),
    F(
        "percentile",
        "stats",
        "values, p",
        "the p-th percentile of a list by the nearest-rank method: the k-th smallest value where "
        "k is p * len(values) / 100 rounded up, and the smallest value when p is 0; raising "
        "ValueError for an empty list or a p outside 0 to 100",
        "    import math\n\n"
        "    if not values or not 0 <= p <= 100:\n"
        "        raise ValueError('need values and p between 0 and 100')\n"
        "    rank = max(math.ceil(p * len(values) / 100), 1)\n"
        "    return sorted(values)[rank - 1]",
        (
            ("[15, 20, 35, 40, 50], 30", "20"),
            ("[15, 20, 35, 40, 50], 100", "50"),
            ("[3, 1, 2], 50", "2"),
        ),
        raises=(("[], 50", "ValueError"), ("[1, 2], 101", "ValueError")),
        defect=Defect(
            "    import math\n\n"
            "    if not values or not 0 <= p <= 100:\n"
            "        raise ValueError('need values and p between 0 and 100')\n"
            "    return sorted(values)[math.ceil(p * len(values) / 100) - 1]",
            "p = 0",
            "percentile([15, 20, 35], 0) returns 35, the largest value; the 0th percentile is "
            "the smallest",
            (("[15, 20, 35, 40, 50], 0", "15"), ("[5, 1], 0", "1")),
        ),
    ),
    F(
        "weighted_mean",
        "stats",
        "values, weights",
        "the mean of values weighted by the matching weights (sum of value times weight over "
        "the sum of weights), raising ValueError when the lists differ in length or the weights "
        "sum to 0",
        "    if len(values) != len(weights) or sum(weights) == 0:\n"
        "        raise ValueError('need one weight per value and a non-zero total weight')\n"
        "    return sum(v * w for v, w in zip(values, weights)) / sum(weights)",
        (("[1, 2, 3], [1, 1, 2]", "2.25"), ("[5], [2]", "5.0"), ("[10, 20], [3, 1]", "12.5")),
        raises=(("[1, 2], [1]", "ValueError"), ("[1, 2], [0, 0]", "ValueError")),
    ),
    F(
        "normalize",
        "stats",
        "values",
        "the numbers rescaled to 0.0..1.0 (the smallest becomes 0.0, the largest 1.0, the rest "
        "in proportion) as a new list of floats; all 0.0 when every value is equal, [] for []",
        "    if not values:\n"
        "        return []\n"
        "    low, high = min(values), max(values)\n"
        "    if low == high:\n"
        "        return [0.0] * len(values)\n"
        "    return [(x - low) / (high - low) for x in values]",
        (("[2, 4, 6]", "[0.0, 0.5, 1.0]"), ("[10, 0]", "[1.0, 0.0]"), ("[]", "[]")),
        defect=Defect(
            "    if not values:\n"
            "        return []\n"
            "    low, high = min(values), max(values)\n"
            "    return [(x - low) / (high - low) for x in values]",
            "values that are all equal, such as [3, 3]",
            "it crashes with ZeroDivisionError; equal values all become 0.0",
            (("[3, 3]", "[0.0, 0.0]"), ("[7]", "[0.0]")),
        ),
    ),
    F(
        "histogram",
        "stats",
        "values, width",
        "how many numbers fall in each bin of the given width, as a dict mapping a bin's start "
        "(value // width * width, so -3 falls in the bin starting at -5 for width 5) to its "
        "count, holding only bins that have values",
        "    counts = {}\n"
        "    for value in values:\n"
        "        start = value // width * width\n"
        "        counts[start] = counts.get(start, 0) + 1\n"
        "    return counts",
        (("[1, 2, 7, 12, 14], 5", "{0: 2, 5: 1, 10: 2}"), ("[], 3", "{}"), ("[10], 10", "{10: 1}")),
        defect=Defect(
            "    counts = {}\n"
            "    for value in values:\n"
            "        start = int(value / width) * width\n"
            "        counts[start] = counts.get(start, 0) + 1\n"
            "    return counts",
            "negative values such as -3 with width 5",
            "-3 is counted in the bin starting at 0; it belongs in the bin starting at -5",
            (("[-3, 2], 5", "{-5: 1, 0: 1}"), ("[-1], 10", "{-10: 1}")),
        ),
    ),
    F(
        "frequencies",
        "stats",
        "values",
        "(value, count) tuples for each distinct value of a list, the most frequent first and "
        "equally frequent values in the order they first appear ([] for an empty list)",
        "    counts = {}\n"
        "    for value in values:\n"
        "        counts[value] = counts.get(value, 0) + 1\n"
        "    return sorted(counts.items(), key=lambda item: -item[1])",
        (
            ("['a', 'b', 'a']", "[('a', 2), ('b', 1)]"),
            ("[3, 3, 1, 3]", "[(3, 3), (1, 1)]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    counts = {}\n"
            "    for value in values:\n"
            "        counts[value] = counts.get(value, 0) + 1\n"
            "    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))",
            "a tie between values given out of order, such as ['b', 'a']",
            "it returns [('a', 1), ('b', 1)]; equally frequent values keep the order they first "
            "appear in",
            (
                ("['b', 'a']", "[('b', 1), ('a', 1)]"),
                ("[5, 2, 2, 5, 1]", "[(5, 2), (2, 2), (1, 1)]"),
            ),
        ),
    ),
    F(
        "mean_absolute_deviation",
        "stats",
        "values",
        "the mean of the absolute differences between each number and the list's mean, raising "
        "ValueError for an empty list",
        "    if not values:\n"
        "        raise ValueError('no values')\n"
        "    m = sum(values) / len(values)\n"
        "    return sum(abs(x - m) for x in values) / len(values)",
        (("[1, 2, 3, 4]", "1.0"), ("[5, 5]", "0.0"), ("[0, 10]", "5.0")),
        raises=(("[]", "ValueError"),),
        change=Change(
            "mean_absolute_deviation should measure the differences from the median instead of "
            "the mean (the mean of the two middle values for an even count)",
            "    if not values:\n"
            "        raise ValueError('no values')\n"
            "    ordered = sorted(values)\n"
            "    middle = len(ordered) // 2\n"
            "    if len(ordered) % 2:\n"
            "        centre = ordered[middle]\n"
            "    else:\n"
            "        centre = (ordered[middle - 1] + ordered[middle]) / 2\n"
            "    return sum(abs(x - centre) for x in values) / len(values)",
            (("[1, 2, 3, 10]", "2.5"), ("[0, 10]", "5.0"), ("[1, 1, 7]", "2.0")),
            raises=(("[]", "ValueError"),),
        ),
    ),
    F(
        "running_max",
        "stats",
        "values",
        "a list of the largest value seen so far at each position ([] for an empty list)",
        "    result = []\n"
        "    for value in values:\n"
        "        result.append(value if not result else max(result[-1], value))\n"
        "    return result",
        (("[1, 3, 2, 5]", "[1, 3, 3, 5]"), ("[]", "[]"), ("[4, 4]", "[4, 4]")),
        defect=Defect(
            "    result = []\n"
            "    best = 0\n"
            "    for value in values:\n"
            "        best = max(best, value)\n"
            "        result.append(best)\n"
            "    return result",
            "negative numbers such as [-3, -5]",
            "it returns [0, 0]; the largest value seen so far is -3",
            (("[-3, -5]", "[-3, -3]"), ("[-1, 2]", "[-1, 2]")),
        ),
    ),
    F(
        "trimmed_mean",
        "stats",
        "values, cut",
        "the mean of the numbers left after dropping the `cut` smallest and the `cut` largest "
        "(cut 0 drops nothing), raising ValueError when no number would be left",
        "    if len(values) <= 2 * cut:\n"
        "        raise ValueError('nothing left after trimming')\n"
        "    kept = sorted(values)[cut : len(values) - cut]\n"
        "    return sum(kept) / len(kept)",
        (("[1, 2, 3, 100], 1", "2.5"), ("[5, 1, 9], 1", "5.0")),
        raises=(("[1, 2], 1", "ValueError"), ("[], 0", "ValueError")),
        defect=Defect(
            "    if len(values) <= 2 * cut:\n"
            "        raise ValueError('nothing left after trimming')\n"
            "    kept = sorted(values)[cut:-cut]\n"
            "    return sum(kept) / len(kept)",
            "cut = 0",
            "it crashes with ZeroDivisionError (the slice [0:-0] is empty); cut 0 keeps every "
            "number",
            (("[1, 2, 3, 4], 0", "2.5"), ("[7], 0", "7.0")),
        ),
    ),
)


_DATES: tuple[FunctionTemplate, ...] = (
    F(
        "is_leap_year",
        "dates",
        "year",
        "whether a year is a leap year in the Gregorian calendar: divisible by 4, except "
        "centuries, which must be divisible by 400",
        "    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)",
        (("2024", "True"), ("2023", "False"), ("2000", "True")),
        defect=Defect(
            "    return year % 4 == 0",
            "a century year such as 1900",
            "it returns True for 1900; centuries are leap years only when divisible by 400",
            (("1900", "False"), ("2100", "False")),
        ),
    ),
    F(
        "days_in_month",
        "dates",
        "year, month",
        "the number of days in a month (1 to 12) of a year, 29 for February in a leap year, "
        "raising ValueError for a month outside 1 to 12",
        "    import calendar\n\n"
        "    if not 1 <= month <= 12:\n"
        "        raise ValueError('month must be between 1 and 12')\n"
        "    return calendar.monthrange(year, month)[1]",
        (("2023, 1", "31"), ("2023, 4", "30"), ("2023, 2", "28")),
        raises=(("2023, 13", "ValueError"), ("2023, 0", "ValueError")),
        defect=Defect(
            "    if not 1 <= month <= 12:\n"
            "        raise ValueError('month must be between 1 and 12')\n"
            "    return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]",
            "February of a leap year such as 2024",
            "it returns 28; February has 29 days in a leap year",
            (("2024, 2", "29"), ("2000, 2", "29")),
        ),
    ),
    F(
        "day_of_year",
        "dates",
        "date",
        "the day number within its year (1 for January 1st) of a 'YYYY-MM-DD' date string, "
        "counting February 29th in leap years",
        "    import datetime\n\n    return datetime.date.fromisoformat(date).timetuple().tm_yday",
        (("'2023-01-01'", "1"), ("'2023-12-31'", "365"), ("'2023-03-01'", "60")),
        defect=Defect(
            "    year, month, day = (int(part) for part in date.split('-'))\n"
            "    return sum([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][: month - 1]) + day",
            "a date after February in a leap year, such as '2024-03-01'",
            "it returns 60; 2024 is a leap year, so March 1st is day 61",
            (("'2024-03-01'", "61"), ("'2024-12-31'", "366")),
        ),
    ),
    F(
        "days_between",
        "dates",
        "start, end",
        "the number of days from one 'YYYY-MM-DD' date to another, negative when end comes "
        "before start",
        "    import datetime\n\n"
        "    parse = datetime.date.fromisoformat\n"
        "    return (parse(end) - parse(start)).days",
        (
            ("'2024-01-01', '2024-03-01'", "60"),
            ("'2023-12-31', '2024-01-01'", "1"),
            ("'2024-05-05', '2024-05-05'", "0"),
        ),
        defect=Defect(
            "    import datetime\n\n"
            "    parse = datetime.date.fromisoformat\n"
            "    return abs((parse(end) - parse(start)).days)",
            "an end date before the start, such as '2024-01-10' to '2024-01-01'",
            "it returns 9; going backwards the count is negative, -9",
            (("'2024-01-10', '2024-01-01'", "-9"), ("'2025-01-01', '2024-01-01'", "-366")),
        ),
    ),
    F(
        "weekday_name",
        "dates",
        "date",
        "the English name of the day of the week ('Monday' to 'Sunday') of a 'YYYY-MM-DD' date "
        "string",
        "    import datetime\n\n"
        "    names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']\n"
        "    return names[datetime.date.fromisoformat(date).weekday()]",
        (
            ("'2024-01-01'", "'Monday'"),
            ("'2024-02-29'", "'Thursday'"),
            ("'2023-12-31'", "'Sunday'"),
        ),
        change=Change(
            "weekday_name should return the three-letter abbreviation instead, such as 'Mon'",
            "    import datetime\n\n"
            "    names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']\n"
            "    return names[datetime.date.fromisoformat(date).weekday()]",
            (("'2024-01-01'", "'Mon'"), ("'2024-02-29'", "'Thu'"), ("'2023-12-31'", "'Sun'")),
        ),
    ),
    F(
        "add_months",
        "dates",
        "date, months",
        "a 'YYYY-MM-DD' date string moved by a number of months (negative moves back), the day "
        "clipped to the last day of the target month ('2024-01-31' plus 1 is '2024-02-29'), "
        "returned in the same format",
        "    import calendar\n"
        "    import datetime\n\n"
        "    d = datetime.date.fromisoformat(date)\n"
        "    year, month = divmod(d.year * 12 + d.month - 1 + months, 12)\n"
        "    day = min(d.day, calendar.monthrange(year, month + 1)[1])\n"
        "    return datetime.date(year, month + 1, day).isoformat()",
        (
            ("'2024-01-15', 1", "'2024-02-15'"),
            ("'2024-11-10', 3", "'2025-02-10'"),
            ("'2024-03-10', -3", "'2023-12-10'"),
        ),
        defect=Defect(
            "    import datetime\n\n"
            "    d = datetime.date.fromisoformat(date)\n"
            "    year, month = divmod(d.year * 12 + d.month - 1 + months, 12)\n"
            "    return datetime.date(year, month + 1, d.day).isoformat()",
            "a day that the target month lacks, such as '2024-01-31' plus 1 month",
            "it crashes with ValueError (day is out of range for month); the day should be "
            "clipped to the month's last day, '2024-02-29'",
            (("'2024-01-31', 1", "'2024-02-29'"), ("'2023-03-31', 1", "'2023-04-30'")),
        ),
    ),
    F(
        "age_on",
        "dates",
        "birth, day",
        "a person's age in whole years on a given day, both 'YYYY-MM-DD' strings (the age goes "
        "up on the birthday itself, not before)",
        "    import datetime\n\n"
        "    b = datetime.date.fromisoformat(birth)\n"
        "    d = datetime.date.fromisoformat(day)\n"
        "    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))",
        (
            ("'2000-05-10', '2024-06-01'", "24"),
            ("'2000-05-10', '2024-05-10'", "24"),
            ("'1990-01-01', '1990-01-01'", "0"),
        ),
        defect=Defect(
            "    return int(day[:4]) - int(birth[:4])",
            "a day before that year's birthday, such as '2000-05-10' on '2024-05-09'",
            "it returns 24; the birthday has not come yet that year, so the age is 23",
            (("'2000-05-10', '2024-05-09'", "23"), ("'1990-12-31', '2024-01-01'", "33")),
        ),
    ),
    F(
        "iso_week",
        "dates",
        "date",
        "the ISO 8601 (year, week) tuple of a 'YYYY-MM-DD' date string: weeks start on Monday, "
        "and early-January days can belong to the last week of the previous ISO year (as "
        "'2021-01-03' is in (2020, 53))",
        "    import datetime\n\n"
        "    year, week, _ = datetime.date.fromisoformat(date).isocalendar()\n"
        "    return (year, week)",
        (("'2024-01-01'", "(2024, 1)"), ("'2024-06-15'", "(2024, 24)")),
        defect=Defect(
            "    import datetime\n\n"
            "    d = datetime.date.fromisoformat(date)\n"
            "    return (d.year, d.isocalendar()[1])",
            "an early-January day of the previous ISO year, such as '2021-01-03'",
            "it returns (2021, 53); that day is in week 53 of ISO year 2020",
            (("'2021-01-03'", "(2020, 53)"), ("'2024-12-30'", "(2025, 1)")),
        ),
    ),
    F(
        "is_valid_date",
        "dates",
        "text",
        "whether a text is a real calendar date written 'YYYY-MM-DD' (four, two and two digits): "
        "the month between 1 and 12 and the day within that month, February 29th only in leap "
        "years",
        "    import datetime\n"
        "    import re\n\n"
        "    if not re.fullmatch(r'\\d{4}-\\d{2}-\\d{2}', text):\n"
        "        return False\n"
        "    year, month, day = (int(part) for part in text.split('-'))\n"
        "    try:\n"
        "        datetime.date(year, month, day)\n"
        "    except ValueError:\n"
        "        return False\n"
        "    return True",
        (
            ("'2024-01-31'", "True"),
            ("'2024-13-01'", "False"),
            ("'24-01-01'", "False"),
            ("'2024-1-5'", "False"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    if not re.fullmatch(r'\\d{4}-\\d{2}-\\d{2}', text):\n"
            "        return False\n"
            "    year, month, day = (int(part) for part in text.split('-'))\n"
            "    return 1 <= month <= 12 and 1 <= day <= 31",
            "a day the month lacks, such as '2023-02-30' or '2023-04-31'",
            "it returns True; February 30th and April 31st do not exist",
            (
                ("'2023-02-30'", "False"),
                ("'2023-04-31'", "False"),
                ("'2023-02-29'", "False"),
                ("'2024-02-29'", "True"),
            ),
        ),
    ),
)


_FORMATTING: tuple[FunctionTemplate, ...] = (
    F(
        "ordinal",
        "formatting",
        "n",
        "a non-negative integer with its English ordinal suffix: '1st', '2nd', '3rd', '4th', "
        "but 'th' for 11, 12 and 13 and any number ending in them ('111th', '212th')",
        "    suffix = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')\n"
        "    if n % 100 in (11, 12, 13):\n"
        "        suffix = 'th'\n"
        "    return f'{n}{suffix}'",
        (
            ("1", "'1st'"),
            ("2", "'2nd'"),
            ("3", "'3rd'"),
            ("4", "'4th'"),
            ("21", "'21st'"),
            ("102", "'102nd'"),
        ),
        defect=Defect(
            "    suffix = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')\n    return f'{n}{suffix}'",
            "the teens, such as 11, 12 and 13",
            "it returns '11st', '12nd' and '13rd'; those take 'th'",
            (("11", "'11th'"), ("12", "'12th'"), ("113", "'113th'")),
        ),
    ),
    F(
        "human_size",
        "formatting",
        "size",
        "a byte count as a readable string: below 1024 as '<n> B' (such as '512 B'), otherwise "
        "divided by 1024 as often as needed to stay below 1024 (up to TB) with one decimal and "
        "the unit KB, MB, GB or TB (such as '1.5 KB', '1.0 MB')",
        "    if size < 1024:\n"
        "        return f'{size} B'\n"
        "    value = float(size)\n"
        "    for unit in ('KB', 'MB', 'GB', 'TB'):\n"
        "        value /= 1024\n"
        "        if value < 1024 or unit == 'TB':\n"
        "            return f'{value:.1f} {unit}'",
        (("512", "'512 B'"), ("1536", "'1.5 KB'"), ("5 * 1024**2", "'5.0 MB'"), ("0", "'0 B'")),
        defect=Defect(
            "    if size <= 1024:\n"
            "        return f'{size} B'\n"
            "    value = float(size)\n"
            "    for unit in ('KB', 'MB', 'GB', 'TB'):\n"
            "        value /= 1024\n"
            "        if value <= 1024 or unit == 'TB':\n"
            "            return f'{value:.1f} {unit}'",
            "an exact power of 1024 such as 1024",
            "human_size(1024) returns '1024 B' and human_size(1048576) '1024.0 KB'; they are "
            "'1.0 KB' and '1.0 MB'",
            (("1024", "'1.0 KB'"), ("1024**2", "'1.0 MB'")),
        ),
    ),
    F(
        "format_duration",
        "formatting",
        "seconds",
        "a whole number of seconds as hours, minutes and seconds like '1h 2m 3s', leaving out "
        "the parts that are zero ('1h 5s'), '0s' for 0, raising ValueError when negative",
        "    if seconds < 0:\n"
        "        raise ValueError('seconds must not be negative')\n"
        "    hours, rest = divmod(seconds, 3600)\n"
        "    minutes, secs = divmod(rest, 60)\n"
        "    parts = [f'{v}{u}' for v, u in ((hours, 'h'), (minutes, 'm'), (secs, 's')) if v]\n"
        "    return ' '.join(parts) or '0s'",
        (("3723", "'1h 2m 3s'"), ("60", "'1m'"), ("3605", "'1h 5s'")),
        raises=(("-1", "ValueError"),),
        defect=Defect(
            "    if seconds < 0:\n"
            "        raise ValueError('seconds must not be negative')\n"
            "    hours, rest = divmod(seconds, 3600)\n"
            "    minutes, secs = divmod(rest, 60)\n"
            "    parts = [f'{v}{u}' for v, u in ((hours, 'h'), (minutes, 'm'), (secs, 's')) if v]\n"
            "    return ' '.join(parts)",
            "zero seconds",
            "it returns an empty string; zero is '0s'",
            (("0", "'0s'"),),
        ),
        change=Change(
            "format_duration should count whole days too, as in '1d 2h' for 93600 seconds",
            "    if seconds < 0:\n"
            "        raise ValueError('seconds must not be negative')\n"
            "    days, rest = divmod(seconds, 86400)\n"
            "    hours, rest = divmod(rest, 3600)\n"
            "    minutes, secs = divmod(rest, 60)\n"
            "    units = ((days, 'd'), (hours, 'h'), (minutes, 'm'), (secs, 's'))\n"
            "    return ' '.join(f'{v}{u}' for v, u in units if v) or '0s'",
            (("93600", "'1d 2h'"), ("3723", "'1h 2m 3s'"), ("0", "'0s'")),
            raises=(("-1", "ValueError"),),
        ),
    ),
    F(
        "format_list",
        "formatting",
        "items",
        "a list of strings joined as English prose: 'a', 'a and b', 'a, b and c' ('' for an "
        "empty list)",
        "    if len(items) <= 1:\n"
        "        return ''.join(items)\n"
        "    return ', '.join(items[:-1]) + ' and ' + items[-1]",
        (("['a', 'b']", "'a and b'"), ("['x', 'y', 'z']", "'x, y and z'"), ("[]", "''")),
        defect=Defect(
            "    if not items:\n"
            "        return ''\n"
            "    return ', '.join(items[:-1]) + ' and ' + items[-1]",
            "a single item",
            "format_list(['a']) returns ' and a'; one item is just 'a'",
            (("['a']", "'a'"), ("['only']", "'only'")),
        ),
        change=Change(
            "format_list should use the serial (Oxford) comma from three items on, as in "
            "'x, y, and z' (two items stay 'a and b')",
            "    if len(items) <= 1:\n"
            "        return ''.join(items)\n"
            "    if len(items) == 2:\n"
            "        return items[0] + ' and ' + items[1]\n"
            "    return ', '.join(items[:-1]) + ', and ' + items[-1]",
            (("['x', 'y', 'z']", "'x, y, and z'"), ("['a', 'b']", "'a and b'"), ("['a']", "'a'")),
        ),
    ),
    F(
        "format_thousands",
        "formatting",
        "n",
        "an integer written with a comma between each group of three digits, such as "
        "'1,234,567' and '-1,234' ('999' needs none)",
        "    return f'{n:,}'",
        (("1234567", "'1,234,567'"), ("999", "'999'"), ("0", "'0'"), ("-1234", "'-1,234'")),
        defect=Defect(
            "    s = str(n)\n"
            "    groups = []\n"
            "    while len(s) > 3:\n"
            "        groups.insert(0, s[-3:])\n"
            "        s = s[:-3]\n"
            "    return ','.join([s, *groups])",
            "a negative number whose digits come in whole groups of three, such as -123",
            "it returns '-,123'; the minus sign is not a digit group, so it is '-123'",
            (("-123", "'-123'"), ("-123456", "'-123,456'")),
        ),
    ),
    F(
        "pluralize",
        "formatting",
        "count, word",
        "the count and a noun as in '1 apple' and '3 apples' (0 takes the plural): words ending "
        "in s, x, z, ch or sh add 'es', a consonant followed by y becomes 'ies', other words add "
        "'s'",
        "    if count == 1:\n"
        "        return f'{count} {word}'\n"
        "    if word.endswith(('s', 'x', 'z', 'ch', 'sh')):\n"
        "        word += 'es'\n"
        "    elif word.endswith('y') and word[-2:-1] not in ('', 'a', 'e', 'i', 'o', 'u'):\n"
        "        word = word[:-1] + 'ies'\n"
        "    else:\n"
        "        word += 's'\n"
        "    return f'{count} {word}'",
        (("1, 'apple'", "'1 apple'"), ("3, 'apple'", "'3 apples'"), ("0, 'cat'", "'0 cats'")),
        defect=Defect(
            "    return f'{count} {word}' if count == 1 else f'{count} {word}s'",
            "words such as 'box' or 'city'",
            "it writes '2 boxs' and '2 citys'; they are '2 boxes' and '2 cities'",
            (
                ("2, 'box'", "'2 boxes'"),
                ("2, 'city'", "'2 cities'"),
                ("2, 'day'", "'2 days'"),
                ("5, 'church'", "'5 churches'"),
            ),
        ),
    ),
    F(
        "mask_text",
        "formatting",
        "text, visible",
        "the text with every character but the last `visible` ones replaced by '*' (a text of "
        "at most `visible` characters comes back unchanged; 0 masks everything)",
        "    hidden = max(len(text) - visible, 0)\n    return '*' * hidden + text[hidden:]",
        (
            ("'1234567890', 4", "'******7890'"),
            ("'ab', 4", "'ab'"),
            ("'abcd', 1", "'***d'"),
            ("'secret', 0", "'******'"),
            ("'a', 0", "'*'"),
        ),
    ),
    F(
        "progress_bar",
        "formatting",
        "done, total, width",
        "a text progress bar '[' + '#' * filled + '-' * (width - filled) + ']' where filled is "
        "width * done // total kept between 0 and width, raising ValueError when total is not "
        "positive",
        "    if total <= 0:\n"
        "        raise ValueError('total must be positive')\n"
        "    filled = min(max(width * done // total, 0), width)\n"
        "    return '[' + '#' * filled + '-' * (width - filled) + ']'",
        (
            ("3, 10, 10", "'[###-------]'"),
            ("0, 5, 4", "'[----]'"),
            ("5, 5, 4", "'[####]'"),
            ("1, 3, 10", "'[###-------]'"),
        ),
        raises=(("1, 0, 10", "ValueError"),),
        defect=Defect(
            "    if total <= 0:\n"
            "        raise ValueError('total must be positive')\n"
            "    filled = width * done // total\n"
            "    return '[' + '#' * filled + '-' * (width - filled) + ']'",
            "done greater than total, such as 12 of 10",
            "the bar grows past its width, '[############]'; it should stop full at '[##########]'",
            (("12, 10, 10", "'[##########]'"), ("9, 3, 2", "'[##]'")),
        ),
    ),
    F(
        "indent_lines",
        "formatting",
        "text, spaces",
        "the text with each non-empty line indented by the given number of spaces; empty lines "
        "stay empty",
        "    pad = ' ' * spaces\n"
        "    return '\\n'.join(pad + line if line else line for line in text.split('\\n'))",
        (
            ("'a\\nb', 2", "'  a\\n  b'"),
            ("'x', 4", "'    x'"),
            ("'x\\ny', 1", "' x\\n y'"),
            ("'a\\n\\nb', 2", "'  a\\n\\n  b'"),
        ),
    ),
    F(
        "sparkline",
        "formatting",
        "values",
        "a one-line chart of numbers using the eight blocks '▁▂▃▄▅▆▇█': each value becomes "
        "the block at index (value - smallest) * 7 // (largest - smallest), so the smallest "
        "is '▁' and the largest '█'; all '▁' when every value is equal, '' for []",
        "    if not values:\n"
        "        return ''\n"
        "    blocks = '▁▂▃▄▅▆▇█'\n"
        "    low, high = min(values), max(values)\n"
        "    if low == high:\n"
        "        return blocks[0] * len(values)\n"
        "    return ''.join(blocks[(v - low) * 7 // (high - low)] for v in values)",
        (("[1, 8, 4]", "'▁█▄'"), ("[]", "''"), ("[0, 7, 14]", "'▁▄█'")),
        defect=Defect(
            "    if not values:\n"
            "        return ''\n"
            "    blocks = '▁▂▃▄▅▆▇█'\n"
            "    low, high = min(values), max(values)\n"
            "    return ''.join(blocks[(v - low) * 7 // (high - low)] for v in values)",
            "values that are all equal, such as [5, 5]",
            "it crashes with ZeroDivisionError; equal values are drawn '▁▁'",
            (("[5, 5]", "'▁▁'"), ("[3]", "'▁'")),
        ),
    ),
)


_PARSING: tuple[FunctionTemplate, ...] = (
    F(
        "from_roman",
        "parsing",
        "text",
        "the integer value of a Roman numeral in upper or lower case, subtractive pairs such as "
        "'IV' and 'CM' included, raising ValueError for an empty string or a letter that is not "
        "a Roman numeral",
        "    values = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}\n"
        "    text = text.upper()\n"
        "    if not text or any(ch not in values for ch in text):\n"
        "        raise ValueError(f'not a Roman numeral: {text!r}')\n"
        "    total = 0\n"
        "    for ch, after in zip(text, text[1:] + ' '):\n"
        "        value = values[ch]\n"
        "        total += -value if value < values.get(after, 0) else value\n"
        "    return total",
        (("'III'", "3"), ("'MMXXIII'", "2023"), ("'viii'", "8")),
        raises=(("'ABC'", "ValueError"), ("''", "ValueError")),
        defect=Defect(
            "    values = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}\n"
            "    text = text.upper()\n"
            "    if not text or any(ch not in values for ch in text):\n"
            "        raise ValueError(f'not a Roman numeral: {text!r}')\n"
            "    return sum(values[ch] for ch in text)",
            "a subtractive pair such as 'IV'",
            "from_roman('IV') returns 6; a smaller numeral before a larger one is subtracted, so "
            "it is 4",
            (("'IV'", "4"), ("'MCMXCIV'", "1994"), ("'xl'", "40")),
        ),
    ),
    F(
        "expand_ranges",
        "parsing",
        "text",
        "the integers listed in a text such as '1-3,5,7-8' ([1, 2, 3, 5, 7, 8]): comma-separated "
        "numbers or inclusive ranges, in the order written, a range written high to low such as "
        "'5-3' counting down ([5, 4, 3]), spaces around the parts ignored, '' giving []",
        "    result = []\n"
        "    for part in text.split(','):\n"
        "        part = part.strip()\n"
        "        if not part:\n"
        "            continue\n"
        "        first, _, last = part.partition('-')\n"
        "        a = int(first)\n"
        "        b = int(last) if last else a\n"
        "        step = 1 if b >= a else -1\n"
        "        result.extend(range(a, b + step, step))\n"
        "    return result",
        (("'1-3,5,7-8'", "[1, 2, 3, 5, 7, 8]"), ("' 4 , 2-2 '", "[4, 2]"), ("''", "[]")),
        defect=Defect(
            "    result = []\n"
            "    for part in text.split(','):\n"
            "        part = part.strip()\n"
            "        if not part:\n"
            "            continue\n"
            "        first, _, last = part.partition('-')\n"
            "        a = int(first)\n"
            "        b = int(last) if last else a\n"
            "        result.extend(range(a, b + 1))\n"
            "    return result",
            "a range written high to low, such as '5-3'",
            "the range disappears ([]); it should count down, [5, 4, 3]",
            (("'5-3'", "[5, 4, 3]"), ("'1,9-7'", "[1, 9, 8, 7]")),
        ),
    ),
    F(
        "parse_duration",
        "parsing",
        "text",
        "the number of seconds in a duration such as '1h30m', '45s' or '1h2m3s': one or more "
        "whole numbers each followed by h, m or s, raising ValueError for an empty string or "
        "any other text",
        "    import re\n\n"
        "    if not re.fullmatch(r'(\\d+[hms])+', text):\n"
        "        raise ValueError(f'not a duration: {text!r}')\n"
        "    factors = {'h': 3600, 'm': 60, 's': 1}\n"
        "    return sum(int(n) * factors[u] for n, u in re.findall(r'(\\d+)([hms])', text))",
        (("'1h30m'", "5400"), ("'45s'", "45"), ("'1h2m3s'", "3723"), ("'90m'", "5400")),
        raises=(("''", "ValueError"), ("'5x'", "ValueError"), ("'10'", "ValueError")),
        change=Change(
            "parse_duration should accept days too, written with d (such as '2d' or '1d12h')",
            "    import re\n\n"
            "    if not re.fullmatch(r'(\\d+[dhms])+', text):\n"
            "        raise ValueError(f'not a duration: {text!r}')\n"
            "    factors = {'d': 86400, 'h': 3600, 'm': 60, 's': 1}\n"
            "    return sum(int(n) * factors[u] for n, u in re.findall(r'(\\d+)([dhms])', text))",
            (("'2d'", "172800"), ("'1d12h'", "129600"), ("'1h30m'", "5400")),
            raises=(("''", "ValueError"), ("'5x'", "ValueError")),
        ),
    ),
    F(
        "parse_key_values",
        "parsing",
        "text",
        "a dict from a text of 'key=value' pairs separated by ';', with spaces around keys and "
        "values stripped, empty pairs skipped, and a value allowed to contain '=' (only the "
        "first '=' splits)",
        "    result = {}\n"
        "    for pair in text.split(';'):\n"
        "        if pair.strip():\n"
        "            key, _, value = pair.partition('=')\n"
        "            result[key.strip()] = value.strip()\n"
        "    return result",
        (("'a=1;b=2'", "{'a': '1', 'b': '2'}"), ("' x = 5 ; '", "{'x': '5'}"), ("''", "{}")),
        defect=Defect(
            "    result = {}\n"
            "    for pair in text.split(';'):\n"
            "        if pair.strip():\n"
            "            key, value = pair.split('=')\n"
            "            result[key.strip()] = value.strip()\n"
            "    return result",
            "a value containing '=', such as 'token=abc=='",
            "it crashes with ValueError (too many values to unpack); only the first '=' splits",
            (("'token=abc=='", "{'token': 'abc=='}"), ("'q=a=b;n=1'", "{'q': 'a=b', 'n': '1'}")),
        ),
    ),
    F(
        "parse_bool",
        "parsing",
        "text",
        "True for 'true', 'yes', 'on' or '1' and False for 'false', 'no', 'off' or '0', in any "
        "letter case and ignoring surrounding spaces, raising ValueError for anything else",
        "    word = text.strip().lower()\n"
        "    if word in ('true', 'yes', 'on', '1'):\n"
        "        return True\n"
        "    if word in ('false', 'no', 'off', '0'):\n"
        "        return False\n"
        "    raise ValueError(f'not a boolean: {text!r}')",
        (("'yes'", "True"), ("'0'", "False"), ("'off'", "False"), ("'true'", "True")),
        raises=(("'maybe'", "ValueError"), ("''", "ValueError")),
        defect=Defect(
            "    if text in ('true', 'yes', 'on', '1'):\n"
            "        return True\n"
            "    if text in ('false', 'no', 'off', '0'):\n"
            "        return False\n"
            "    raise ValueError(f'not a boolean: {text!r}')",
            "capital letters or spaces, such as 'TRUE' or ' No '",
            "it raises ValueError; letter case and surrounding spaces should not matter",
            (("'TRUE'", "True"), ("' No '", "False")),
        ),
        change=Change(
            "parse_bool should return None for an unrecognised text instead of raising",
            "    word = text.strip().lower()\n"
            "    if word in ('true', 'yes', 'on', '1'):\n"
            "        return True\n"
            "    if word in ('false', 'no', 'off', '0'):\n"
            "        return False\n"
            "    return None",
            (("'maybe'", "None"), ("''", "None"), ("'Yes'", "True")),
        ),
    ),
    F(
        "compare_versions",
        "parsing",
        "a, b",
        "-1, 0 or 1 as version string a is lower than, equal to or higher than b, comparing "
        "the dot-separated parts as numbers ('1.10' is higher than '1.9') and treating missing "
        "parts as 0 ('1.0' equals '1')",
        "    x = [int(part) for part in a.split('.')]\n"
        "    y = [int(part) for part in b.split('.')]\n"
        "    width = max(len(x), len(y))\n"
        "    x += [0] * (width - len(x))\n"
        "    y += [0] * (width - len(y))\n"
        "    return (x > y) - (x < y)",
        (("'1.2', '1.3'", "-1"), ("'2.0', '1.9'", "1"), ("'1.0.0', '1.0.0'", "0")),
        defect=Defect(
            "    return (a > b) - (a < b)",
            "parts with more than one digit such as '1.10' against '1.9'",
            "it returns -1 (it compares the strings); 1.10 is the higher version",
            (("'1.10', '1.9'", "1"), ("'1.0', '1'", "0"), ("'10.0', '9.1'", "1")),
        ),
        change=Change(
            "compare_versions should ignore a leading 'v' on either version, as in 'v1.2'",
            "    x = [int(part) for part in a.removeprefix('v').split('.')]\n"
            "    y = [int(part) for part in b.removeprefix('v').split('.')]\n"
            "    width = max(len(x), len(y))\n"
            "    x += [0] * (width - len(x))\n"
            "    y += [0] * (width - len(y))\n"
            "    return (x > y) - (x < y)",
            (("'v1.2', '1.3'", "-1"), ("'v2.0', 'v2'", "0"), ("'1.10', 'v1.9'", "1")),
        ),
    ),
    F(
        "parse_csv_line",
        "parsing",
        "line",
        "the fields of one comma-separated line as a list of strings: a field in double quotes "
        "may contain commas, and two double quotes inside it stand for one; an empty line "
        "gives []",
        "    import csv\n\n    return next(csv.reader([line]))",
        (("'a,b,c'", "['a', 'b', 'c']"), ("'x,,y'", "['x', '', 'y']"), ("''", "[]")),
        defect=Defect(
            "    return line.split(',') if line else []",
            "a quoted field containing a comma, such as '\"a,b\",c'",
            "it splits inside the quotes and keeps the quote marks; the fields are 'a,b' and 'c'",
            (("'\"a,b\",c'", "['a,b', 'c']"), ('\'"say ""hi""",x\'', "['say \"hi\"', 'x']")),
        ),
    ),
    F(
        "extract_numbers",
        "parsing",
        "text",
        "every integer written in a text, in order, as ints: runs of digits, negative when a '-' "
        "comes right before them ([] when there are none)",
        "    import re\n\n    return [int(n) for n in re.findall(r'-?\\d+', text)]",
        (("'a1b22c333'", "[1, 22, 333]"), ("'none'", "[]"), ("'7 apples'", "[7]")),
        defect=Defect(
            "    import re\n\n    return [int(n) for n in re.findall(r'\\d+', text)]",
            "a negative number such as 'from -5 to 10'",
            "it returns [5, 10]; the minus sign belongs to the number, [-5, 10]",
            (("'from -5 to 10'", "[-5, 10]"), ("'x-3'", "[-3]")),
        ),
    ),
    F(
        "parse_query_string",
        "parsing",
        "query",
        "a dict of the 'key=value' pairs of a URL query string joined by '&', with percent-"
        "escapes decoded and '+' read as a space; a later value for the same key wins, and "
        "'' gives {}",
        "    import urllib.parse\n\n    return dict(urllib.parse.parse_qsl(query))",
        (
            ("'a=1&b=2'", "{'a': '1', 'b': '2'}"),
            ("''", "{}"),
            ("'a=1&a=2'", "{'a': '2'}"),
            ("'q=hello+world%21'", "{'q': 'hello world!'}"),
            ("'name=J%C3%BCrgen'", "{'name': 'Jürgen'}"),
        ),
    ),
    F(
        "parse_hms",
        "parsing",
        "text",
        "the number of seconds in a clock-style duration 'H:MM:SS' or 'MM:SS' (hours may have "
        "any number of digits), raising ValueError for another shape, a non-number, or minutes "
        "or seconds of 60 or more",
        "    parts = text.split(':')\n"
        "    if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):\n"
        "        raise ValueError(f'not a duration: {text!r}')\n"
        "    numbers = [int(p) for p in parts]\n"
        "    if any(n >= 60 for n in numbers[-2:]):\n"
        "        raise ValueError(f'not a duration: {text!r}')\n"
        "    total = 0\n"
        "    for n in numbers:\n"
        "        total = total * 60 + n\n"
        "    return total",
        (("'01:02:03'", "3723"), ("'0:00:00'", "0"), ("'100:00:01'", "360001")),
        raises=(("'1:60:00'", "ValueError"), ("'x'", "ValueError"), ("'1:2:3:4'", "ValueError")),
        defect=Defect(
            "    parts = text.split(':')\n"
            "    if len(parts) != 3 or not all(p.isdigit() for p in parts):\n"
            "        raise ValueError(f'not a duration: {text!r}')\n"
            "    h, m, s = (int(p) for p in parts)\n"
            "    if m >= 60 or s >= 60:\n"
            "        raise ValueError(f'not a duration: {text!r}')\n"
            "    return h * 3600 + m * 60 + s",
            "the short form without hours, such as '02:30'",
            "it raises ValueError; 'MM:SS' is allowed and '02:30' is 150 seconds",
            (("'02:30'", "150"), ("'59:59'", "3599")),
        ),
    ),
)


_ENCODING: tuple[FunctionTemplate, ...] = (
    F(
        "atbash",
        "encoding",
        "text",
        "the text with each letter mirrored in the alphabet (a becomes z, b becomes y, ...) "
        "keeping its case, other characters unchanged",
        "    result = ''\n"
        "    for ch in text:\n"
        "        if 'a' <= ch <= 'z':\n"
        "            ch = chr(ord('a') + ord('z') - ord(ch))\n"
        "        elif 'A' <= ch <= 'Z':\n"
        "            ch = chr(ord('A') + ord('Z') - ord(ch))\n"
        "        result += ch\n"
        "    return result",
        (
            ("'abc'", "'zyx'"),
            ("'hello world'", "'svool dliow'"),
            ("''", "''"),
            ("'Hello'", "'Svool'"),
            ("'ABC'", "'ZYX'"),
        ),
    ),
    F(
        "vigenere",
        "encoding",
        "text, key",
        "the text encrypted with the Vigenère cipher: each letter shifted forward by the "
        "matching letter of the lower-case key (a = 0, b = 1, ...) keeping its case, the key "
        "repeating and moving on only at letters; other characters unchanged",
        "    result = ''\n"
        "    i = 0\n"
        "    for ch in text:\n"
        "        if ch.isascii() and ch.isalpha():\n"
        "            base = ord('a') if ch.islower() else ord('A')\n"
        "            shift = ord(key[i % len(key)]) - ord('a')\n"
        "            ch = chr(base + (ord(ch) - base + shift) % 26)\n"
        "            i += 1\n"
        "        result += ch\n"
        "    return result",
        (
            ("'attackatdawn', 'lemon'", "'lxfopvefrnhr'"),
            ("'abc', 'b'", "'bcd'"),
            ("'Abc', 'b'", "'Bcd'"),
        ),
        defect=Defect(
            "    result = ''\n"
            "    for i, ch in enumerate(text):\n"
            "        if ch.isascii() and ch.isalpha():\n"
            "            base = ord('a') if ch.islower() else ord('A')\n"
            "            shift = ord(key[i % len(key)]) - ord('a')\n"
            "            ch = chr(base + (ord(ch) - base + shift) % 26)\n"
            "        result += ch\n"
            "    return result",
            "a text with spaces or punctuation, such as 'attack at dawn'",
            "the key moves on at the spaces too, so the letters after them come out wrong; the "
            "key should move on only at letters",
            (("'attack at dawn', 'lemon'", "'lxfopv ef rnhr'"), ("'a-b', 'ab'", "'a-c'")),
        ),
    ),
    F(
        "morse_encode",
        "encoding",
        "text",
        "the text in Morse code: letters (either case) and digits as dots and dashes, letters "
        "separated by one space and words by ' / ', raising ValueError for any other character "
        "except the spaces between words",
        "    codes = (\n"
        "        '.- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - '\n"
        "        '..- ...- .-- -..- -.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... ---.. '\n"
        "        '----.'\n"
        "    ).split()\n"
        "    table = dict(zip('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', codes))\n"
        "    words = []\n"
        "    for word in text.upper().split():\n"
        "        if any(ch not in table for ch in word):\n"
        "            raise ValueError(f'cannot encode {word!r}')\n"
        "        words.append(' '.join(table[ch] for ch in word))\n"
        "    return ' / '.join(words)",
        (
            ("'SOS'", "'... --- ...'"),
            ("'HI 2'", "'.... .. / ..---'"),
            ("''", "''"),
            ("'sos'", "'... --- ...'"),
            ("'Hi'", "'.... ..'"),
        ),
        raises=(("'SOS!'", "ValueError"),),
    ),
    F(
        "luhn_valid",
        "encoding",
        "number",
        "whether a card-style number passes the Luhn checksum: spaces are ignored, every second "
        "digit counting from the rightmost is doubled (9 subtracted when that exceeds 9) and the "
        "total must be divisible by 10; False for fewer than 2 digits or any other character",
        "    digits = number.replace(' ', '')\n"
        "    if len(digits) < 2 or not digits.isdigit():\n"
        "        return False\n"
        "    total = 0\n"
        "    for i, ch in enumerate(reversed(digits)):\n"
        "        d = int(ch) * (2 if i % 2 else 1)\n"
        "        total += d - 9 if d > 9 else d\n"
        "    return total % 10 == 0",
        (
            ("'4539 3195 0343 6467'", "True"),
            ("'8273 1232 7352 0569'", "False"),
            ("'0'", "False"),
            ("'12a4'", "False"),
        ),
        defect=Defect(
            "    digits = number.replace(' ', '')\n"
            "    if len(digits) < 2 or not digits.isdigit():\n"
            "        return False\n"
            "    total = 0\n"
            "    for i, ch in enumerate(digits):\n"
            "        d = int(ch) * (1 if i % 2 else 2)\n"
            "        total += d - 9 if d > 9 else d\n"
            "    return total % 10 == 0",
            "a number with an odd count of digits, such as '79927398713'",
            "it returns False for that valid number; the doubling must count from the right",
            (("'79927398713'", "True"), ("'059'", "True")),
        ),
    ),
    F(
        "gray_code",
        "encoding",
        "bits",
        "the reflected Gray code sequence of the given bit width as a list of integers, each "
        "differing from the one before by one bit and starting at 0 ([0] for width 0), raising "
        "ValueError for a negative width",
        "    if bits < 0:\n"
        "        raise ValueError('bits must not be negative')\n"
        "    return [i ^ (i >> 1) for i in range(1 << bits)]",
        (("0", "[0]"), ("1", "[0, 1]"), ("3", "[0, 1, 3, 2, 6, 7, 5, 4]")),
        raises=(("-1", "ValueError"),),
        change=Change(
            "gray_code should return the codes as binary strings padded to the bit width, such "
            "as ['00', '01', '11', '10'] for 2 ([''] for width 0)",
            "    if bits < 0:\n"
            "        raise ValueError('bits must not be negative')\n"
            "    return [format(i ^ (i >> 1), 'b').zfill(bits) if bits else '' "
            "for i in range(1 << bits)]",
            (("2", "['00', '01', '11', '10']"), ("1", "['0', '1']"), ("0", "['']")),
            raises=(("-1", "ValueError"),),
        ),
    ),
    F(
        "hex_encode",
        "encoding",
        "text",
        "the UTF-8 bytes of a text as a lower-case hexadecimal string, two digits per byte "
        "(so 'é' is 'c3a9')",
        "    return text.encode('utf-8').hex()",
        (
            ("'hi'", "'6869'"),
            ("''", "''"),
            ("'A!'", "'4121'"),
            ("'é'", "'c3a9'"),
            ("'a€'", "'61e282ac'"),
        ),
        change=Change(
            "hex_encode should put a space between the bytes, as in '68 69' for 'hi'",
            "    return ' '.join(f'{b:02x}' for b in text.encode('utf-8'))",
            (("'hi'", "'68 69'"), ("''", "''"), ("'é'", "'c3 a9'")),
        ),
    ),
    F(
        "isbn10_valid",
        "encoding",
        "text",
        "whether a text is a valid ISBN-10: hyphens ignored, exactly 10 characters left, the "
        "first nine digits and the last a digit or 'X' (10), and the sum of each value times its "
        "weight (10 for the first down to 1 for the last) divisible by 11",
        "    chars = text.replace('-', '')\n"
        "    if len(chars) != 10 or not chars[:9].isdigit() or chars[9] not in '0123456789X':\n"
        "        return False\n"
        "    values = [int(c) for c in chars[:9]] + [10 if chars[9] == 'X' else int(chars[9])]\n"
        "    return sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0",
        (("'0-306-40615-2'", "True"), ("'0306406153'", "False"), ("'123'", "False")),
        defect=Defect(
            "    chars = text.replace('-', '')\n"
            "    if len(chars) != 10 or not chars.isdigit():\n"
            "        return False\n"
            "    return sum((10 - i) * int(c) for i, c in enumerate(chars)) % 11 == 0",
            "a check character 'X', such as '080442957X'",
            "it returns False for that valid ISBN; a final 'X' stands for 10",
            (("'080442957X'", "True"), ("'0-9752298-0-X'", "True")),
        ),
    ),
    F(
        "column_name",
        "encoding",
        "n",
        "the spreadsheet column name of a 1-based column number: 1 is 'A', 26 is 'Z', 27 is "
        "'AA', 28 is 'AB', 702 is 'ZZ', 703 is 'AAA'; raising ValueError when n is below 1",
        "    if n < 1:\n"
        "        raise ValueError('n must be at least 1')\n"
        "    name = ''\n"
        "    while n:\n"
        "        n, rest = divmod(n - 1, 26)\n"
        "        name = chr(ord('A') + rest) + name\n"
        "    return name",
        (("1", "'A'"), ("3", "'C'"), ("28", "'AB'"), ("703", "'AAA'")),
        raises=(("0", "ValueError"),),
        defect=Defect(
            "    if n < 1:\n"
            "        raise ValueError('n must be at least 1')\n"
            "    name = ''\n"
            "    while n:\n"
            "        n, rest = divmod(n, 26)\n"
            "        name = chr(ord('A') + rest - 1) + name\n"
            "    return name",
            "a multiple of 26 such as 26 or 52",
            "column_name(26) returns 'A@'; it should be 'Z' (and 52 is 'AZ')",
            (("26", "'Z'"), ("52", "'AZ'"), ("702", "'ZZ'")),
        ),
    ),
    F(
        "column_number",
        "encoding",
        "name",
        "the 1-based column number of a spreadsheet column name in upper or lower case: 'A' is "
        "1, 'Z' is 26, 'AA' is 27, 'zz' is 702",
        "    number = 0\n"
        "    for ch in name.upper():\n"
        "        number = number * 26 + ord(ch) - ord('A') + 1\n"
        "    return number",
        (("'A'", "1"), ("'Z'", "26"), ("'AA'", "27"), ("'zz'", "702")),
        change=Change(
            "column_number should raise ValueError for an empty name or any character other "
            "than the letters A to Z (either case)",
            "    if not name or not all('A' <= ch <= 'Z' for ch in name.upper()):\n"
            "        raise ValueError(f'not a column name: {name!r}')\n"
            "    number = 0\n"
            "    for ch in name.upper():\n"
            "        number = number * 26 + ord(ch) - ord('A') + 1\n"
            "    return number",
            (("'AB'", "28"), ("'c'", "3")),
            raises=(("''", "ValueError"), ("'A1'", "ValueError"), ("'É'", "ValueError")),
        ),
    ),
)


_GRAPHS: tuple[FunctionTemplate, ...] = (
    F(
        "shortest_path_length",
        "graphs",
        "graph, start, goal",
        "the fewest edges on a path from start to goal in a directed graph given as a dict "
        "{node: [neighbours]} (a node missing from the dict has no edges out), 0 when start is "
        "goal and -1 when goal cannot be reached",
        "    from collections import deque\n\n"
        "    seen = {start}\n"
        "    queue = deque([(start, 0)])\n"
        "    while queue:\n"
        "        node, dist = queue.popleft()\n"
        "        if node == goal:\n"
        "            return dist\n"
        "        for nxt in graph.get(node, []):\n"
        "            if nxt not in seen:\n"
        "                seen.add(nxt)\n"
        "                queue.append((nxt, dist + 1))\n"
        "    return -1",
        (
            ("{'a': ['b'], 'b': ['c']}, 'a', 'c'", "2"),
            ("{'a': ['b']}, 'a', 'a'", "0"),
            ("{'a': ['b'], 'c': ['a']}, 'a', 'c'", "-1"),
        ),
        defect=Defect(
            "    seen = set()\n"
            "    stack = [(start, 0)]\n"
            "    while stack:\n"
            "        node, dist = stack.pop()\n"
            "        if node == goal:\n"
            "            return dist\n"
            "        if node in seen:\n"
            "            continue\n"
            "        seen.add(node)\n"
            "        for nxt in reversed(graph.get(node, [])):\n"
            "            stack.append((nxt, dist + 1))\n"
            "    return -1",
            "a longer path explored first, such as a -> b -> c beside a direct a -> c",
            "it returns 2 for {'a': ['b', 'c'], 'b': ['c']} from 'a' to 'c'; the direct edge "
            "makes it 1",
            (
                ("{'a': ['b', 'c'], 'b': ['c']}, 'a', 'c'", "1"),
                ("{1: [2, 4], 2: [3], 3: [4]}, 1, 4", "1"),
            ),
        ),
    ),
    F(
        "count_components",
        "graphs",
        "nodes, edges",
        "the number of connected groups in an undirected graph given as a list of nodes and a "
        "list of (a, b) edges between them (0 when there are no nodes)",
        "    parent = {node: node for node in nodes}\n\n"
        "    def root(node):\n"
        "        while parent[node] != node:\n"
        "            node = parent[node]\n"
        "        return node\n\n"
        "    for a, b in edges:\n"
        "        parent[root(a)] = root(b)\n"
        "    return sum(1 for node in nodes if root(node) == node)",
        (
            ("['a', 'b', 'c', 'd'], [('a', 'b'), ('c', 'd')]", "2"),
            ("[1, 2, 3], []", "3"),
            ("[], []", "0"),
        ),
        defect=Defect(
            "    return len(nodes) - len(edges)",
            "a cycle or a repeated edge, such as a triangle",
            "it returns 0 for the triangle [1, 2, 3] with edges (1, 2), (2, 3), (3, 1); the "
            "three nodes form one group",
            (
                ("[1, 2, 3], [(1, 2), (2, 3), (3, 1)]", "1"),
                ("[1, 2], [(1, 2), (2, 1)]", "1"),
            ),
        ),
    ),
    F(
        "has_cycle",
        "graphs",
        "graph",
        "whether a directed graph given as a dict {node: [neighbours]} contains a cycle (an "
        "edge from a node to itself counts); two paths meeting at the same node are not a cycle",
        "    state = {}\n\n"
        "    def visit(node):\n"
        "        state[node] = 'open'\n"
        "        for nxt in graph.get(node, []):\n"
        "            if state.get(nxt) == 'open' or (nxt not in state and visit(nxt)):\n"
        "                return True\n"
        "        state[node] = 'done'\n"
        "        return False\n\n"
        "    return any(node not in state and visit(node) for node in list(graph))",
        (
            ("{'a': ['b'], 'b': ['a']}", "True"),
            ("{'a': ['b'], 'b': ['c']}", "False"),
            ("{'a': ['a']}", "True"),
            ("{}", "False"),
        ),
        defect=Defect(
            "    seen = set()\n\n"
            "    def visit(node):\n"
            "        seen.add(node)\n"
            "        for nxt in graph.get(node, []):\n"
            "            if nxt in seen or visit(nxt):\n"
            "                return True\n"
            "        return False\n\n"
            "    return any(node not in seen and visit(node) for node in list(graph))",
            "two paths that meet, such as a -> b -> d and a -> c -> d",
            "it returns True; reaching d twice is not a cycle",
            (
                ("{'a': ['b', 'c'], 'b': ['d'], 'c': ['d']}", "False"),
                ("{'x': ['y'], 'z': ['y']}", "False"),
            ),
        ),
    ),
    F(
        "reachable",
        "graphs",
        "graph, start",
        "every node reachable from start in a directed graph given as a dict {node: "
        "[neighbours]}, start included, as a sorted list; a node missing from the dict has no "
        "edges out",
        "    seen = {start}\n"
        "    stack = [start]\n"
        "    while stack:\n"
        "        for nxt in graph.get(stack.pop(), []):\n"
        "            if nxt not in seen:\n"
        "                seen.add(nxt)\n"
        "                stack.append(nxt)\n"
        "    return sorted(seen)",
        (
            ("{'a': ['b'], 'b': ['c'], 'c': [], 'd': ['a']}, 'a'", "['a', 'b', 'c']"),
            ("{'a': ['b'], 'b': ['a']}, 'b'", "['a', 'b']"),
        ),
        defect=Defect(
            "    seen = {start}\n"
            "    stack = [start]\n"
            "    while stack:\n"
            "        for nxt in graph[stack.pop()]:\n"
            "            if nxt not in seen:\n"
            "                seen.add(nxt)\n"
            "                stack.append(nxt)\n"
            "    return sorted(seen)",
            "a node that only appears as a neighbour, such as 'b' in {'a': ['b']}",
            "it crashes with KeyError: 'b'; a node missing from the dict simply has no edges",
            (("{'a': ['b']}, 'a'", "['a', 'b']"), ("{}, 'z'", "['z']")),
        ),
    ),
    F(
        "is_bipartite",
        "graphs",
        "graph",
        "whether an undirected graph, given as a dict {node: [neighbours]} listing each edge "
        "from both ends, can have its nodes split into two sides with every edge between the "
        "sides; every connected part must allow it, and {} does",
        "    side = {}\n"
        "    for first in graph:\n"
        "        if first in side:\n"
        "            continue\n"
        "        side[first] = 0\n"
        "        stack = [first]\n"
        "        while stack:\n"
        "            node = stack.pop()\n"
        "            for nxt in graph.get(node, []):\n"
        "                if nxt not in side:\n"
        "                    side[nxt] = 1 - side[node]\n"
        "                    stack.append(nxt)\n"
        "                elif side[nxt] == side[node]:\n"
        "                    return False\n"
        "    return True",
        (
            ("{1: [2, 4], 2: [1, 3], 3: [2, 4], 4: [3, 1]}", "True"),
            ("{1: [2, 3], 2: [1, 3], 3: [1, 2]}", "False"),
            ("{}", "True"),
        ),
        defect=Defect(
            "    if not graph:\n"
            "        return True\n"
            "    first = next(iter(graph))\n"
            "    side = {first: 0}\n"
            "    stack = [first]\n"
            "    while stack:\n"
            "        node = stack.pop()\n"
            "        for nxt in graph.get(node, []):\n"
            "            if nxt not in side:\n"
            "                side[nxt] = 1 - side[node]\n"
            "                stack.append(nxt)\n"
            "            elif side[nxt] == side[node]:\n"
            "                return False\n"
            "    return True",
            "a graph in two separate parts where only the second has a triangle",
            "it returns True; it checks only the part holding the first node",
            (("{1: [2], 2: [1], 3: [4, 5], 4: [3, 5], 5: [3, 4]}", "False"),),
        ),
    ),
    F(
        "shortest_distances",
        "graphs",
        "graph, start",
        "the length of the cheapest path from start to every node it can reach, in a directed "
        "graph with non-negative edge weights given as {node: {neighbour: weight}}, as a dict "
        "{node: distance} that includes start at 0 and leaves out unreachable nodes",
        "    import heapq\n\n"
        "    dist = {start: 0}\n"
        "    heap = [(0, start)]\n"
        "    while heap:\n"
        "        d, node = heapq.heappop(heap)\n"
        "        if d > dist[node]:\n"
        "            continue\n"
        "        for nxt, weight in graph.get(node, {}).items():\n"
        "            if d + weight < dist.get(nxt, float('inf')):\n"
        "                dist[nxt] = d + weight\n"
        "                heapq.heappush(heap, (d + weight, nxt))\n"
        "    return dist",
        (
            ("{'a': {'b': 1}, 'b': {'c': 2}, 'c': {}}, 'a'", "{'a': 0, 'b': 1, 'c': 3}"),
            ("{'a': {}}, 'a'", "{'a': 0}"),
            ("{'a': {'b': 1}, 'c': {'a': 1}}, 'a'", "{'a': 0, 'b': 1}"),
        ),
        defect=Defect(
            "    from collections import deque\n\n"
            "    dist = {start: 0}\n"
            "    queue = deque([start])\n"
            "    while queue:\n"
            "        node = queue.popleft()\n"
            "        for nxt, weight in graph.get(node, {}).items():\n"
            "            if nxt not in dist:\n"
            "                dist[nxt] = dist[node] + weight\n"
            "                queue.append(nxt)\n"
            "    return dist",
            "a cheaper path with more edges, such as a -> b -> c (1 + 2) beside a -> c (4)",
            "c gets distance 4, the first path found; the cheapest path costs 3",
            (
                ("{'a': {'b': 1, 'c': 4}, 'b': {'c': 2}}, 'a'", "{'a': 0, 'b': 1, 'c': 3}"),
                ("{'s': {'x': 5, 'y': 1}, 'y': {'x': 1}}, 's'", "{'s': 0, 'x': 2, 'y': 1}"),
            ),
        ),
    ),
    F(
        "in_degrees",
        "graphs",
        "graph",
        "how many edges point at each node of a directed graph given as a dict {node: "
        "[neighbours]}, as a dict covering every node that appears (as a key or a neighbour), "
        "0 for nodes nothing points at",
        "    counts = {}\n"
        "    for node, neighbours in graph.items():\n"
        "        counts.setdefault(node, 0)\n"
        "        for nxt in neighbours:\n"
        "            counts[nxt] = counts.get(nxt, 0) + 1\n"
        "    return counts",
        (
            ("{'a': ['b'], 'b': ['a']}", "{'a': 1, 'b': 1}"),
            ("{}", "{}"),
            ("{'a': ['b', 'c'], 'b': ['c']}", "{'a': 0, 'b': 1, 'c': 2}"),
            ("{'x': []}", "{'x': 0}"),
        ),
    ),
    F(
        "adjacency_list",
        "graphs",
        "edges",
        "an undirected graph built from a list of (a, b) edges, as a dict mapping each node to "
        "the sorted list of its neighbours, each neighbour once even when an edge repeats "
        "({} for no edges)",
        "    graph = {}\n"
        "    for a, b in edges:\n"
        "        graph.setdefault(a, set()).add(b)\n"
        "        graph.setdefault(b, set()).add(a)\n"
        "    return {node: sorted(neighbours) for node, neighbours in graph.items()}",
        (
            ("[(1, 2), (2, 3)]", "{1: [2], 2: [1, 3], 3: [2]}"),
            ("[]", "{}"),
            ("[(1, 2), (2, 1)]", "{1: [2], 2: [1]}"),
            ("[('a', 'b'), ('a', 'b')]", "{'a': ['b'], 'b': ['a']}"),
        ),
    ),
    F(
        "count_islands",
        "graphs",
        "grid",
        "the number of islands in a grid given as a list of equal-length strings of '1' (land) "
        "and '0' (water): land cells joined up, down, left or right (not diagonally) form one "
        "island; 0 for an empty grid",
        "    seen = set()\n"
        "    islands = 0\n"
        "    for r, row in enumerate(grid):\n"
        "        for c, cell in enumerate(row):\n"
        "            if cell != '1' or (r, c) in seen:\n"
        "                continue\n"
        "            islands += 1\n"
        "            stack = [(r, c)]\n"
        "            seen.add((r, c))\n"
        "            while stack:\n"
        "                y, x = stack.pop()\n"
        "                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):\n"
        "                    inside = 0 <= ny < len(grid) and 0 <= nx < len(grid[ny])\n"
        "                    if inside and grid[ny][nx] == '1' and (ny, nx) not in seen:\n"
        "                        seen.add((ny, nx))\n"
        "                        stack.append((ny, nx))\n"
        "    return islands",
        (
            ("['1100', '0000', '0011']", "2"),
            ("[]", "0"),
            ("['0']", "0"),
            ("['111', '101', '111']", "1"),
        ),
        defect=Defect(
            "    seen = set()\n"
            "    islands = 0\n"
            "    for r, row in enumerate(grid):\n"
            "        for c, cell in enumerate(row):\n"
            "            if cell != '1' or (r, c) in seen:\n"
            "                continue\n"
            "            islands += 1\n"
            "            stack = [(r, c)]\n"
            "            seen.add((r, c))\n"
            "            while stack:\n"
            "                y, x = stack.pop()\n"
            "                for ny in (y - 1, y, y + 1):\n"
            "                    for nx in (x - 1, x, x + 1):\n"
            "                        inside = 0 <= ny < len(grid) and 0 <= nx < len(grid[ny])\n"
            "                        if inside and grid[ny][nx] == '1' and (ny, nx) not in seen:\n"
            "                            seen.add((ny, nx))\n"
            "                            stack.append((ny, nx))\n"
            "    return islands",
            "land touching only at a corner, such as ['10', '01']",
            "it returns 1; cells that touch diagonally are separate islands, so it is 2",
            (("['10', '01']", "2"), ("['101', '010']", "3")),
        ),
    ),
)


_INTERVALS: tuple[FunctionTemplate, ...] = (
    F(
        "interval_overlap",
        "intervals",
        "a, b",
        "the length of the overlap of two [start, end] intervals, 0 when they only touch or do "
        "not meet at all",
        "    return max(0, min(a[1], b[1]) - max(a[0], b[0]))",
        (("[1, 5], [3, 8]", "2"), ("[0, 10], [2, 3]", "1"), ("[1, 3], [3, 6]", "0")),
        defect=Defect(
            "    return min(a[1], b[1]) - max(a[0], b[0])",
            "intervals that are apart, such as [1, 2] and [5, 9]",
            "it returns -3; intervals that do not meet overlap by 0",
            (("[1, 2], [5, 9]", "0"), ("[10, 12], [0, 1]", "0")),
        ),
    ),
    F(
        "total_covered",
        "intervals",
        "intervals",
        "the total length of the number line covered by a list of [start, end] intervals, "
        "where overlapping parts count once (0 for no intervals)",
        "    total = 0\n"
        "    reach = None\n"
        "    for start, end in sorted(intervals):\n"
        "        if reach is not None and start < reach:\n"
        "            start = reach\n"
        "        if end > start:\n"
        "            total += end - start\n"
        "        reach = end if reach is None else max(reach, end)\n"
        "    return total",
        (("[[1, 3], [5, 6]]", "3"), ("[]", "0"), ("[[0, 10]]", "10")),
        defect=Defect(
            "    return sum(end - start for start, end in intervals)",
            "overlapping intervals such as [[1, 5], [2, 6]]",
            "it returns 7, counting the shared part twice; the intervals cover 5",
            (("[[1, 5], [2, 6]]", "5"), ("[[0, 4], [1, 2]]", "4")),
        ),
    ),
    F(
        "free_slots",
        "intervals",
        "busy, start, end",
        "the gaps of start..end not covered by any of the busy [a, b] intervals (which lie "
        "inside start..end, in any order, possibly overlapping), as [a, b] lists in ascending "
        "order, leaving out empty gaps",
        "    slots = []\n"
        "    cursor = start\n"
        "    for a, b in sorted(busy):\n"
        "        if a > cursor:\n"
        "            slots.append([cursor, a])\n"
        "        cursor = max(cursor, b)\n"
        "    if cursor < end:\n"
        "        slots.append([cursor, end])\n"
        "    return slots",
        (
            ("[[2, 3], [5, 7]], 0, 10", "[[0, 2], [3, 5], [7, 10]]"),
            ("[], 0, 5", "[[0, 5]]"),
            ("[[0, 5]], 0, 5", "[]"),
        ),
        defect=Defect(
            "    slots = []\n"
            "    cursor = start\n"
            "    for a, b in busy:\n"
            "        if a > cursor:\n"
            "            slots.append([cursor, a])\n"
            "        cursor = b\n"
            "    if cursor < end:\n"
            "        slots.append([cursor, end])\n"
            "    return slots",
            "busy intervals out of order or nested, such as [[5, 7], [2, 3]]",
            "it reports [0, 5] as free although 2..3 is busy; the busy intervals must be taken "
            "in order",
            (
                ("[[5, 7], [2, 3]], 0, 10", "[[0, 2], [3, 5], [7, 10]]"),
                ("[[1, 4], [2, 3]], 0, 5", "[[0, 1], [4, 5]]"),
            ),
        ),
    ),
    F(
        "max_overlap",
        "intervals",
        "intervals",
        "the largest number of [start, end) intervals in use at the same moment (the end is "
        "excluded, so one that ends as another starts does not overlap it); 0 for no intervals",
        "    events = sorted([(s, 1) for s, _ in intervals] + [(e, -1) for _, e in intervals])\n"
        "    best = current = 0\n"
        "    for _, change in events:\n"
        "        current += change\n"
        "        best = max(best, current)\n"
        "    return best",
        (("[[0, 30], [5, 10], [15, 20]]", "2"), ("[]", "0"), ("[[1, 2]]", "1")),
        defect=Defect(
            "    events = [(s, 1) for s, _ in intervals] + [(e, -1) for _, e in intervals]\n"
            "    events.sort(key=lambda event: event[0])\n"
            "    best = current = 0\n"
            "    for _, change in events:\n"
            "        current += change\n"
            "        best = max(best, current)\n"
            "    return best",
            "one interval ending where another starts, such as [[1, 3], [3, 5]]",
            "it returns 2; the first ends as the second starts, so only 1 is in use at a time",
            (("[[1, 3], [3, 5]]", "1"), ("[[0, 2], [2, 4], [1, 3]]", "2")),
        ),
    ),
    F(
        "count_containing",
        "intervals",
        "intervals, point",
        "how many of the closed [start, end] intervals contain the point (both ends included)",
        "    return sum(1 for start, end in intervals if start <= point <= end)",
        (
            ("[[1, 5], [3, 8], [10, 12]], 4", "2"),
            ("[], 1", "0"),
            ("[[1, 5]], 0", "0"),
            ("[[1, 5]], 5", "1"),
            ("[[1, 5], [5, 9]], 5", "2"),
        ),
    ),
    F(
        "consecutive_runs",
        "intervals",
        "numbers",
        "integers (in any order, duplicates ignored) grouped into runs of consecutive values, "
        "as [first, last] lists in ascending order, such as [[1, 3], [7, 8], [10, 10]] for "
        "[1, 2, 3, 7, 8, 10]",
        "    runs = []\n"
        "    for n in sorted(set(numbers)):\n"
        "        if runs and n == runs[-1][1] + 1:\n"
        "            runs[-1][1] = n\n"
        "        else:\n"
        "            runs.append([n, n])\n"
        "    return runs",
        (
            ("[1, 2, 3, 7, 8, 10]", "[[1, 3], [7, 8], [10, 10]]"),
            ("[]", "[]"),
            ("[3, 1, 2]", "[[1, 3]]"),
        ),
        defect=Defect(
            "    runs = []\n"
            "    for n in sorted(numbers):\n"
            "        if runs and n == runs[-1][1] + 1:\n"
            "            runs[-1][1] = n\n"
            "        else:\n"
            "            runs.append([n, n])\n"
            "    return runs",
            "a repeated number such as [1, 2, 2, 3]",
            "the run splits in two, [[1, 2], [2, 3]]; duplicates should be ignored, [[1, 3]]",
            (("[1, 2, 2, 3]", "[[1, 3]]"), ("[5, 5]", "[[5, 5]]")),
        ),
        change=Change(
            "consecutive_runs should return each run as a string instead: '1-3' for a run, "
            "'10' for a lone number",
            "    runs = []\n"
            "    for n in sorted(set(numbers)):\n"
            "        if runs and n == runs[-1][1] + 1:\n"
            "            runs[-1][1] = n\n"
            "        else:\n"
            "            runs.append([n, n])\n"
            "    return [f'{a}-{b}' if a != b else str(a) for a, b in runs]",
            (("[1, 2, 3, 7, 8, 10]", "['1-3', '7-8', '10']"), ("[]", "[]"), ("[4]", "['4']")),
        ),
    ),
    F(
        "intersect_intervals",
        "intervals",
        "first, second",
        "the overlaps between two lists of [start, end] intervals, each list sorted and "
        "without overlaps inside it, as [start, end] lists in ascending order; overlaps of "
        "length 0 (intervals that only touch) are left out",
        "    result = []\n"
        "    i = j = 0\n"
        "    while i < len(first) and j < len(second):\n"
        "        low = max(first[i][0], second[j][0])\n"
        "        high = min(first[i][1], second[j][1])\n"
        "        if low < high:\n"
        "            result.append([low, high])\n"
        "        if first[i][1] < second[j][1]:\n"
        "            i += 1\n"
        "        else:\n"
        "            j += 1\n"
        "    return result",
        (
            ("[[0, 2], [5, 10]], [[1, 5], [8, 12]]", "[[1, 2], [8, 10]]"),
            ("[], [[1, 2]]", "[]"),
            ("[[1, 3]], [[3, 4]]", "[]"),
            ("[[0, 10]], [[1, 2], [4, 6]]", "[[1, 2], [4, 6]]"),
        ),
    ),
)


_PUZZLES: tuple[FunctionTemplate, ...] = (
    F(
        "two_sum",
        "puzzles",
        "values, target",
        "the indices (i, j) with i < j of two different positions whose values add up to "
        "target, choosing the smallest j and then the smallest i, or None when no pair does",
        "    seen = {}\n"
        "    for j, value in enumerate(values):\n"
        "        if target - value in seen:\n"
        "            return (seen[target - value], j)\n"
        "        seen.setdefault(value, j)\n"
        "    return None",
        (("[2, 7, 11, 15], 9", "(0, 1)"), ("[1, 2, 3], 10", "None"), ("[1, 4, 5], 9", "(1, 2)")),
        defect=Defect(
            "    index = {value: i for i, value in enumerate(values)}\n"
            "    for i, value in enumerate(values):\n"
            "        j = index.get(target - value)\n"
            "        if j is not None:\n"
            "            return (i, j)\n"
            "    return None",
            "a value that is half the target, such as [3, 5] with target 6",
            "it returns (0, 0), using the 3 twice; the two positions must differ",
            (("[3, 5], 6", "None"), ("[1, 4, 2], 8", "None")),
        ),
    ),
    F(
        "product_except_self",
        "puzzles",
        "values",
        "a list where each position holds the product of all the other integers of the list "
        "(1 for a single value, [] for []), correct when the list holds zeros",
        "    result = [1] * len(values)\n"
        "    left = 1\n"
        "    for i, value in enumerate(values):\n"
        "        result[i] = left\n"
        "        left *= value\n"
        "    right = 1\n"
        "    for i in range(len(values) - 1, -1, -1):\n"
        "        result[i] *= right\n"
        "        right *= values[i]\n"
        "    return result",
        (("[1, 2, 3, 4]", "[24, 12, 8, 6]"), ("[5]", "[1]"), ("[]", "[]")),
        defect=Defect(
            "    total = 1\n"
            "    for value in values:\n"
            "        total *= value\n"
            "    return [total // value for value in values]",
            "a zero in the list such as [2, 0, 3]",
            "it crashes with ZeroDivisionError; the result is [0, 6, 0]",
            (("[2, 0, 3]", "[0, 6, 0]"), ("[0, 0]", "[0, 0]")),
        ),
    ),
    F(
        "longest_increasing_run",
        "puzzles",
        "values",
        "the length of the longest stretch of consecutive positions whose values strictly "
        "increase (1 for a single value, 0 for an empty list)",
        "    best = run = 0\n"
        "    for i, value in enumerate(values):\n"
        "        run = run + 1 if i and value > values[i - 1] else 1\n"
        "        best = max(best, run)\n"
        "    return best",
        (("[1, 2, 3, 1, 2]", "3"), ("[5]", "1"), ("[]", "0")),
        defect=Defect(
            "    if not values:\n"
            "        return 0\n"
            "    best = run = 1\n"
            "    for a, b in zip(values, values[1:]):\n"
            "        if b > a:\n"
            "            run += 1\n"
            "        else:\n"
            "            best = max(best, run)\n"
            "            run = 1\n"
            "    return best",
            "the longest run at the end of the list, such as [3, 1, 2, 3, 4]",
            "it returns 1; the last run, 1, 2, 3, 4, is never counted",
            (("[3, 1, 2, 3, 4]", "4"), ("[1, 2]", "2")),
        ),
    ),
    F(
        "anagram_groups",
        "puzzles",
        "words",
        "the words grouped with their anagrams (same letters, same counts), each group in the "
        "order its words appear and the groups in the order of their first word ([] for [])",
        "    groups = {}\n"
        "    for word in words:\n"
        "        groups.setdefault(''.join(sorted(word)), []).append(word)\n"
        "    return list(groups.values())",
        (
            (
                "['eat', 'tea', 'tan', 'ate', 'nat', 'bat']",
                "[['eat', 'tea', 'ate'], ['tan', 'nat'], ['bat']]",
            ),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    groups = {}\n"
            "    for word in words:\n"
            "        groups.setdefault(frozenset(word), []).append(word)\n"
            "    return list(groups.values())",
            "words with the same letters in different counts, such as 'aab' and 'abb'",
            "they land in one group; anagrams need the same count of each letter",
            (
                ("['aab', 'abb']", "[['aab'], ['abb']]"),
                ("['no', 'on', 'noon']", "[['no', 'on'], ['noon']]"),
            ),
        ),
    ),
    F(
        "is_subsequence",
        "puzzles",
        "small, big",
        "whether the characters of small appear in big in the same order, not necessarily next "
        "to each other (the empty string always does)",
        "    it = iter(big)\n    return all(ch in it for ch in small)",
        (("'abc', 'ahbgdc'", "True"), ("'axc', 'ahbgdc'", "False"), ("'', 'x'", "True")),
        defect=Defect(
            "    return all(ch in big for ch in small)",
            "letters out of order or repeated, such as 'ba' in 'abc'",
            "it returns True; the letters must appear in that order, each used once",
            (("'ba', 'abc'", "False"), ("'aa', 'ab'", "False")),
        ),
    ),
    F(
        "lcs_length",
        "puzzles",
        "a, b",
        "the length of the longest common subsequence of two strings (characters in the same "
        "order in both, not necessarily adjacent)",
        "    previous = [0] * (len(b) + 1)\n"
        "    for x in a:\n"
        "        current = [0]\n"
        "        for j, y in enumerate(b):\n"
        "            current.append(previous[j] + 1 if x == y else max(previous[j + 1], current[j]))\n"
        "        previous = current\n"
        "    return previous[-1]",
        (
            ("'abcde', 'ace'", "3"),
            ("'abc', 'def'", "0"),
            ("'', 'abc'", "0"),
            ("'AGGTAB', 'GXTXAYB'", "4"),
        ),
    ),
    F(
        "binary_gap",
        "puzzles",
        "n",
        "the longest run of 0 bits between two 1 bits in the binary form of a positive integer "
        "(0 when there is none; trailing zeros after the last 1 do not count)",
        "    gaps = bin(n)[2:].strip('0').split('1')\n    return max(len(gap) for gap in gaps)",
        (("9", "2"), ("529", "4"), ("15", "0"), ("1", "0")),
        defect=Defect(
            "    return max(len(gap) for gap in bin(n)[2:].split('1'))",
            "trailing zeros such as 8 (1000) or 20 (10100)",
            "binary_gap(8) returns 3; zeros after the last 1 are not between two 1 bits, so it "
            "is 0",
            (("8", "0"), ("20", "1")),
        ),
    ),
    F(
        "sliding_max",
        "puzzles",
        "values, k",
        "the largest value of each window of k consecutive values, left to right ([] when k is "
        "larger than the list), raising ValueError when k is below 1",
        "    from collections import deque\n\n"
        "    if k < 1:\n"
        "        raise ValueError('k must be at least 1')\n"
        "    window = deque()\n"
        "    result = []\n"
        "    for i, value in enumerate(values):\n"
        "        while window and values[window[-1]] <= value:\n"
        "            window.pop()\n"
        "        window.append(i)\n"
        "        if window[0] <= i - k:\n"
        "            window.popleft()\n"
        "        if i >= k - 1:\n"
        "            result.append(values[window[0]])\n"
        "    return result",
        (
            ("[1, 3, -1, -3, 5, 3, 6, 7], 3", "[3, 3, 5, 5, 6, 7]"),
            ("[4, 2], 1", "[4, 2]"),
            ("[1, 2], 3", "[]"),
        ),
        raises=(("[1, 2], 0", "ValueError"),),
        change=Change(
            "sliding_max should return the smallest value of each window instead",
            "    if k < 1:\n"
            "        raise ValueError('k must be at least 1')\n"
            "    return [min(values[i : i + k]) for i in range(len(values) - k + 1)]",
            (("[1, 3, -1, -3, 5, 3, 6, 7], 3", "[-1, -3, -3, -3, 3, 3]"), ("[1, 2], 3", "[]")),
            raises=(("[1, 2], 0", "ValueError"),),
        ),
    ),
    F(
        "group_by_length",
        "puzzles",
        "words",
        "a dict mapping each word length to the words of that length, in the order they "
        "appear ({} for no words)",
        "    groups = {}\n"
        "    for word in words:\n"
        "        groups.setdefault(len(word), []).append(word)\n"
        "    return groups",
        (
            ("['a', 'bb', 'c', 'dd', 'eee']", "{1: ['a', 'c'], 2: ['bb', 'dd'], 3: ['eee']}"),
            ("[]", "{}"),
        ),
        change=Change(
            "group_by_length should list each length's words once, in alphabetical order",
            "    groups = {}\n"
            "    for word in words:\n"
            "        groups.setdefault(len(word), set()).add(word)\n"
            "    return {length: sorted(group) for length, group in groups.items()}",
            (("['b', 'a', 'b', 'cc']", "{1: ['a', 'b'], 2: ['cc']}"), ("[]", "{}")),
        ),
    ),
    F(
        "split_evenly",
        "puzzles",
        "total, parts",
        "a non-negative integer total split into `parts` integers as equal as possible, the "
        "larger ones first (split_evenly(10, 3) is [4, 3, 3]), raising ValueError when parts is "
        "below 1",
        "    if parts < 1:\n"
        "        raise ValueError('parts must be at least 1')\n"
        "    size, extra = divmod(total, parts)\n"
        "    return [size + 1] * extra + [size] * (parts - extra)",
        (("9, 3", "[3, 3, 3]"), ("0, 2", "[0, 0]"), ("7, 1", "[7]")),
        raises=(("5, 0", "ValueError"),),
        defect=Defect(
            "    if parts < 1:\n"
            "        raise ValueError('parts must be at least 1')\n"
            "    return [total // parts] * parts",
            "a total that does not divide evenly, such as 10 into 3",
            "it returns [3, 3, 3], losing 1; the parts must add up to the total, [4, 3, 3]",
            (("10, 3", "[4, 3, 3]"), ("5, 2", "[3, 2]"), ("2, 4", "[1, 1, 0, 0]")),
        ),
    ),
)


MORE_TEMPLATES: tuple[FunctionTemplate, ...] = (
    *_NUMBERS,
    *_BITS,
    *_LISTS,
    *_STRINGS,
    *_TEXT,
    *_GEOMETRY,
    *_MATRICES,
    *_SEARCH,
    *_SEQUENCES,
    *_STATS,
    *_DATES,
    *_FORMATTING,
    *_PARSING,
    *_ENCODING,
    *_GRAPHS,
    *_INTERVALS,
    *_PUZZLES,
)
