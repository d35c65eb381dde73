"""stockroom: a small command-line inventory manager."""

__version__ = "0.1.0"
