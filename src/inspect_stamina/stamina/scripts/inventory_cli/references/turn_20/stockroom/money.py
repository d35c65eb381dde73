"""Money formatting: amounts are integer cents everywhere."""


def format_cents(cents):
    """Integer cents as dollars with two decimals: 1250 -> "12.50"."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
