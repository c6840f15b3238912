"""The texts and the data: every data file loaded and checked, the corpus, its translation, the
spelling and the search, the interface's words; nothing here knows an auction.

The layers: ARCHITECTURE.md; pyproject.toml's import-linter contract keeps them.
"""
