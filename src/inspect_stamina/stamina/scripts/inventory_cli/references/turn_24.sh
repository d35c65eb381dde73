# Reference for turn 24: package the project.
cat > pyproject.toml <<'EOF'
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "stockroom"
version = "0.1.0"
description = "A small command-line inventory manager"
requires-python = ">=3.11"

[project.scripts]
stockroom = "stockroom.cli:main"

[tool.setuptools]
packages = ["stockroom"]
EOF
