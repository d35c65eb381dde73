"""Error codes shared by the whole application."""

ERROR_CODES = {
    "E001": "unknown sku",
    "E002": "insufficient stock",
    "E003": "invalid quantity",
}


class StockError(Exception):
    """An inventory error carrying one of ERROR_CODES."""

    def __init__(self, code):
        self.code = code
        super().__init__(f"{code}: {ERROR_CODES[code]}")
