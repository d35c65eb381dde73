"""GAIA, the General AI Assistants benchmark, as Inspect tasks."""
