# Reference for turn 27: keep requires-python, bump the version to 0.2.0.
sed -i 's/^version = "0.1.0"$/version = "0.2.0"/' pyproject.toml
sed -i 's/^__version__ = "0.1.0"$/__version__ = "0.2.0"/' stockroom/__init__.py
