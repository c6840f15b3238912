"""Beyond the corpus: the sources of the supplementary layer, its articles and gaps, and a
case under every edition with the corpus beside what the full code said according to a source."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...auction.editions import EDITIONS
from ...text.i18n import DEFAULT_LANGUAGE
from ..edition_words import case_name
from ..render import html_text, ruling_html
from ...judging.rulings import find_case
from ._common import _view

if TYPE_CHECKING:
    import pandas as pd


def supplement_sources_table() -> pd.DataFrame:
    """Every source of the supplementary layer: edition, kind, title, address, the date it was read."""
    import pandas as pd

    from ...supplement import supplement

    rows = [{"id": s.id, "edition": s.edition, "kind": s.kind, "title": s.title, "address": s.address,
             "read": s.read, "articles": sum(1 for a in supplement.articles(s.edition) if a.source == s.id)}
            for s in supplement.sources().values()]
    columns = ["id", "edition", "kind", "title", "address", "read", "articles"]
    return pd.DataFrame(rows, columns=columns).set_index("id")


def supplement_articles_table(edition: str | None = None, *, lang: str = DEFAULT_LANGUAGE) -> pd.DataFrame:
    """The supplementary articles (of one edition, or all): id, title, source and where in it (with
    the entry's note on that place: where the returned text stops, a numbering), and the paraphrase in
    ``lang`` (the project's Dutch under ``nl``; an English one marked as not yet in the language)."""
    import pandas as pd

    from ...supplement import supplement
    from ...text.i18n import t

    def shown(entry: supplement.SupplementArticle) -> str:
        text, text_lang = supplement.paraphrase(entry, lang)
        return text if text_lang == lang else f"{text} {t('cards.not_in_language', lang)}"

    rows = [{"id": a.id, "edition": a.edition, "title_en": a.title_en, "source": a.source,
             "where": a.where if a.note is None else f"{a.where} ({a.note})",
             "paraphrase": shown(a)}
            for a in supplement.articles(edition)]
    return pd.DataFrame(rows, columns=["id", "edition", "title_en", "source", "where", "paraphrase"]).set_index("id")


def supplement_gaps_table() -> pd.DataFrame:
    """Where the sources ran out: per edition, the subject and what was searched."""
    import pandas as pd

    from ...supplement import supplement

    rows = [{"edition": g.edition, "subject": g.subject, "searched": g.searched} for g in supplement.gaps()]
    return pd.DataFrame(rows, columns=["edition", "subject", "searched"])


def layers_html(case_id: str, *, lang: str = DEFAULT_LANGUAGE) -> str:
    """One case under every edition: the corpus ruling (verbatim quote where it has one) and, beside
    it, the supplementary ruling where the corpus is silent or referenced and a source was found
    (its card says "outside the corpus"), else a dash."""
    from ..tables import canonical_ruling

    case = find_case(case_id)
    rows = []
    for edition in EDITIONS:
        corpus = canonical_ruling(case_id, edition)
        extra = canonical_ruling(case_id, edition, "supplement")
        name = case_name(case.id, lang, edition.year)
        right = (ruling_html(extra, case_name=name, style=False, lang=lang) if extra.layer == "supplement"
                 else f'<div class="bl-none">&ndash; {html_text("views.no_supplementary", lang)}</div>')
        rows.append(f'<tr data-edition="{escape(edition.year)}"><th>{escape(edition.year)}</th>'
                    f"<td>{ruling_html(corpus, case_name=name, style=False, lang=lang)}</td>"
                    f"<td>{right}</td></tr>")
    return _view(f"<h4>{escape(case.name(lang))} <code>{escape(case.id)}</code></h4>"
                 f'<table class="bl-compare"><thead><tr><th>{html_text("views.column_edition", lang)}</th>'
                 f'<th>{html_text("views.layers_corpus", lang)}</th>'
                 f'<th>{html_text("views.layers_outside", lang)}</th></tr></thead>'
                 f"<tbody>{''.join(rows)}</tbody></table>")
