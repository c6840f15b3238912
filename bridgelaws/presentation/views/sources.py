"""The sources at a glance: their size, contents, editorial notes and cross-references."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from ...text import corpus
from ...auction.editions import EDITIONS
from ...judging.lookup import find_edition
from ...text.errors import BridgeLawsError
from ...text.i18n import DEFAULT_LANGUAGE
from ..render import html_text, marked_html, stylesheet
from ._common import _view
from .texts import words

if TYPE_CHECKING:
    import pandas as pd

    from ...text.corpus import Source


def notebook_css() -> str:
    """The package's stylesheet, to display once at the top of a notebook: it also left-aligns the
    text of DataFrames, so that long Dutch quotes and notes read well."""
    return stylesheet()


#: The stylesheet as :func:`notebook_css` returns it (kept for code that reads the constant).
NOTEBOOK_CSS = stylesheet()


def _article_range(source: Source) -> str:
    numbers = [a.article for a in source.articles if a.article.isdigit()]
    extra = [a.article for a in source.articles if not a.article.isdigit()]
    text = numbers[0] if len(numbers) == 1 else f"{numbers[0]}\u2013{numbers[-1]}"
    return text + "".join(f" + {e}" for e in extra)


def corpus_stats() -> list[dict[str, Any]]:
    """Plain data per edition (chronological): year, code, articles, records, words, notes, references."""
    rows = []
    for source in corpus.sources():
        recs = corpus.records(source.edition)
        refs = corpus.references(source.edition)
        rows.append({
            "edition": source.edition, "year": source.year, "code": source.code,
            "articles": len(source.articles), "article_range": _article_range(source),
            "records": len(recs), "words": sum(len(words(r.text)) for r in recs),
            "notes": len(source.notes), "slips": sum(n.kind == "slip" for n in source.notes),
            "references": len(refs), "outside_corpus": sum(not r.in_corpus for r in refs),
        })
    return rows


def editions_overview() -> pd.DataFrame:
    """One row per edition: rubber or duplicate, what the source contains, its size, its notes and
    references, and what happens when all four pass. Words are counted in the record texts (the
    rules as printed, without headings)."""
    import pandas as pd

    stats = {row["edition"]: row for row in corpus_stats()}
    rows = []
    for source, edition in zip(corpus.sources(), EDITIONS):
        row = stats[source.edition]
        rows.append({
            "edition": source.edition, "game": source.code, "contents": source.title,
            "articles": row["article_range"], "n_articles": row["articles"], "paragraphs": row["records"],
            "words": row["words"], "notes": row["notes"], "references": row["references"],
            "outside_corpus": row["outside_corpus"], "all_four_pass": edition.all_pass_outcome,
        })
    return pd.DataFrame(rows).set_index("edition")


def sources_bibliography() -> pd.DataFrame:
    """One row per edition: what its source text is, as far as the sources say (each edition's ``bibliography`` in ``data/editions/<year>/edition.yaml``):
    every field's value, or "unknown" where the sources do not give it."""
    import pandas as pd

    from ...text.bibliography import metadata

    rows = []
    for edition in EDITIONS:
        source = metadata(edition.year)
        row: dict[str, Any] = {"edition": source.edition}
        row.update({f.name: f.value if f.known else "unknown" for f in source.fields()})
        row.update({"page": source.page, "file": source.source_file})
        rows.append(row)
    return pd.DataFrame(rows).set_index("edition")


def bibliography_provenance(edition: str | None = None) -> pd.DataFrame:
    """Per edition and field: the value, and where in the sources it is said (or why it is unknown)."""
    import pandas as pd

    from ...text.bibliography import metadata

    years = [e.year for e in EDITIONS] if edition is None else [corpus.source(edition).edition]
    rows = [{"edition": year, "field": f.name, "value": f.value if f.known else "unknown",
             "from (or why unknown)": f.said_in}
            for year in years for f in metadata(year).fields()]
    return pd.DataFrame(rows).set_index(["edition", "field"])


def articles_table(edition: str | None = None) -> pd.DataFrame:
    """Every article (in source order, chronologically): its heading as printed, paragraphs, words."""
    import pandas as pd

    rows = []
    for source in corpus.sources():
        if edition is not None and source.edition != str(edition):
            continue
        for art in source.articles:
            recs = [r for r in corpus.records(source.edition) if r.article == art.article]
            rows.append({"edition": source.edition, "article": art.article,
                         "heading": art.heading if art.heading is not None else "(no heading)",
                         "paragraphs": len(recs), "words": sum(len(words(r.text)) for r in recs)})
    if not rows:
        raise BridgeLawsError(f"unknown edition {edition!r}: one of {', '.join(corpus.EDITIONS)}")
    return pd.DataFrame(rows).set_index(["edition", "article"])


def _source_title(source: corpus.Source, lang: str) -> str:
    """A source's title (corpus.json, the project's English description) or, in Dutch, its
    edition's Dutch name from the registry (``name_nl``); English where neither is in ``lang``."""
    if lang == DEFAULT_LANGUAGE:
        return escape(source.title)
    name, name_lang = find_edition(source.edition).title(lang)
    return marked_html(name if name_lang == lang else source.title, lang if name_lang == lang else DEFAULT_LANGUAGE, lang)


def contents_html(*, lang: str = DEFAULT_LANGUAGE) -> str:
    """What each source contains: its title and its articles with their headings, as printed."""
    cols = []
    no_heading = f"<i>{html_text('views.no_heading', lang)}</i>"
    for source in corpus.sources():
        items = "".join(
            f"<li><b>{escape(a.article)}</b> {escape(a.heading) if a.heading else no_heading}</li>"
            for a in source.articles)
        cols.append(f'<div class="bl-contents-col"><div><b>{source.edition}</b> '
                    f'<span class="bl-code bl-{source.code}">{html_text(f"common.code.{source.code}", lang)}</span></div>'
                    f'<div class="bl-contents-title">{_source_title(source, lang)}</div><ul>{items}</ul></div>')
    return _view('<div class="bl-contents">' + "".join(cols) + "</div>")


def notes_table(kind: str | None = None, edition: str | None = None) -> pd.DataFrame:
    """The editorial notes (repetitions, misfit headings, slips, spelling...), chronologically."""
    import pandas as pd

    kinds = sorted({n.kind for n in corpus.notes()})
    if kind is not None and kind not in kinds:
        raise BridgeLawsError(f"unknown note kind {kind!r}: one of {', '.join(kinds)}")
    rows = [{"edition": n.edition, "kind": n.kind, "id": n.id, "records": ", ".join(n.records),
             "printed": n.verbatim or "", "reading": n.reading or "", "note": n.text}
            for n in corpus.notes(edition)
            if kind is None or n.kind == kind]
    columns = ["edition", "kind", "id", "records", "printed", "reading", "note"]
    return pd.DataFrame(rows, columns=columns).set_index("id")


def notes_summary() -> pd.DataFrame:
    """Editions x note kinds: how many notes of each kind."""
    import pandas as pd

    kinds = sorted({n.kind for n in corpus.notes()})
    rows = [{"edition": s.edition, **{k: sum(n.kind == k for n in s.notes) for k in kinds}}
            for s in corpus.sources()]
    return pd.DataFrame(rows).set_index("edition")


def references_table(in_corpus: bool | None = False) -> pd.DataFrame:
    """Cross-references in the texts (default: those that point outside the corpus)."""
    import pandas as pd

    rows = [{"edition": r.edition, "from": r.from_id, "quote": r.quote, "target": r.target,
             "in_corpus": r.in_corpus}
            for r in corpus.references(in_corpus=in_corpus)]
    return pd.DataFrame(rows, columns=["edition", "from", "quote", "target", "in_corpus"])


def outside_targets() -> pd.DataFrame:
    """Per edition: the articles outside the corpus that its text points to, and how often."""
    import pandas as pd

    rows = []
    for source in corpus.sources():
        refs = corpus.references(source.edition, in_corpus=False)
        targets = []
        for ref in refs:
            if ref.target not in targets:
                targets.append(ref.target)
        rows.append({"edition": source.edition, "references": len(refs), "distinct_targets": len(targets),
                     "targets": ", ".join(t.split(":", 1)[1] for t in targets)})
    return pd.DataFrame(rows).set_index("edition")
