"""Each edition in its own words (docs/decisions/2026-12-02-edition-words.md). The catalogue names cases and writes the engine's
sentences in the project's Dutch terms (2017's: *partner*, *tegenstander*, *doublet*, *voor de beurt*);
where an edition's own text has another word for the same thing (1932 *dubbelen*, *herdubbeld*,
*maat*, *tegenspeler*; 1936's heading *Niet in volgorde bieden*), a Dutch listing or card of that
edition uses the edition's word. The overrides are messages of ``data/messages/editions.yaml``:
``editions.<year>.case.<case>`` for a case's Dutch name, ``editions.<year>.<key>`` for the engine
template ``<key>`` (``editions.1932.engine.refusal.redoubled``). Each has the same English as the
name or template it stands for (checked by the tests): only the Dutch differs, and only under that
edition. Where the edition is not known (a catalogue of all editions), the project's terms stand.
"""

from __future__ import annotations

from ..text.i18n import catalogue, find_language

__all__ = ["case_name", "edition_key"]


def edition_key(key: str, edition: str | None) -> str:
    """The catalogue key to use for ``key`` under ``edition``: its override where the edition has one."""
    if edition is None:
        return key
    override = f"editions.{edition}.{key}"
    return override if override in catalogue() else key


def case_name(case_id: str, lang: str, edition: str | None = None) -> str:
    """A case's name in ``lang``, in the words of ``edition`` where its Dutch text has its own (else
    the catalogue's, :meth:`bridgelaws.judging.entries.Case.name`)."""
    from ..judging.rulings import find_case

    key = edition_key(f"case.{case_id}", edition)
    if find_language(lang) == "nl" and key != f"case.{case_id}":
        return catalogue()[key].text("nl")
    return find_case(case_id).name(lang)
