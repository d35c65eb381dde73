"""More functions of the algorithms domain, asked for from generator version 3 on."""

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

MORE_TEMPLATES: tuple[FunctionTemplate, ...] = (
    *_NUMBERS,
    *_BITS,
    *_LISTS,
    *_STRINGS,
    *_TEXT,
    *_GEOMETRY,
    *_MATRICES,
    *_SEARCH,
)
