"""What a user drives: the command line, the widgets and the served app.

The layers: ARCHITECTURE.md; pyproject.toml's import-linter contract keeps them.
"""
