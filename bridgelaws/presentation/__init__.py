"""How a ruling is said and shown: one presenter, HTML, tables, figures, the notebook views,
exports, handouts, the static site, the ledger and the reports built for readers.

The layers: ARCHITECTURE.md; pyproject.toml's import-linter contract keeps them.
"""
