"""Text coverage as tables (notebook 01): how much of each text the engine models, and why not
the rest. The numbers come from :func:`bridgelaws.judging.coverage.coverage`, computed from the data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...judging.coverage import coverage

if TYPE_CHECKING:
    import pandas as pd


def coverage_table() -> pd.DataFrame:
    """Rows: records, modelled, not modelled (then one row per reason), unaccounted; columns: the
    registered editions and ``all``."""
    import pandas as pd

    report = coverage()
    columns = [e.edition for e in report.editions] + ["all"]
    rows = report.table()
    # The table's reasons are indented under "not modelled"; an HTML index cell drops the indent.
    labels = [f"not modelled: {label.strip()}" if label.startswith(" ") else label for label, _ in rows]
    return pd.DataFrame([counts for _, counts in rows], index=labels, columns=columns)


def reasons_table() -> pd.DataFrame:
    """The vocabulary of reasons of ``data/not-modelled.yaml``: each reason and what it means."""
    import pandas as pd

    return pd.DataFrame(coverage().reasons, columns=["reason", "meaning"]).set_index("reason")


def not_modelled_table(edition: str) -> pd.DataFrame:
    """One edition's records that the engine does not model: id, reason, why, the Dutch text, and
    the views that show the record (topics, the history)."""
    import pandas as pd

    (part,) = coverage(edition).editions
    rows = [{"record": item.id, "reason": item.reason, "why": item.why, "text (Dutch)": item.text,
             "shown in": "; ".join(f"{use.kind} {use.where}" for use in item.shown_in) or "-"}
            for item in part.not_modelled]
    return pd.DataFrame(rows, columns=["record", "reason", "why", "text (Dutch)", "shown in"]).set_index("record")
