"""The commands of the ``bridgelaws`` command line that read the texts: ``editions``, ``cite``,
``export-tei``, ``export-site``, ``article``, ``search``, ``diff``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from .cli_common import lang_of
from .cli_text import marked
from ..presentation.present import outcome_words
from ..text.errors import BridgeLawsError
from ..text.i18n import t

if TYPE_CHECKING:
    from ..auction.edition_records import Basis
    from ..text.bibliography import SourceMetadata
    from ..text.corpus import Passage


def cmd_editions(args: argparse.Namespace) -> int:
    from ..text import corpus
    from ..text.bibliography import metadata
    from ..auction.editions import EDITIONS

    if args.json:
        print(json.dumps([_edition_dict(edition.year) for edition in EDITIONS], indent=2, ensure_ascii=False))
        return 0
    lang = lang_of(args)
    for edition in EDITIONS:
        source = corpus.source(edition.year)
        print(f"{edition.year}  {edition.code:<9} {edition.title(lang)[0]}")
        print("      " + t("cli.editions.source", lang, file=source.source_file, page=source.source_page,
                             count=len(corpus.records(edition.year))))
        for line in _metadata_lines(metadata(edition.year), lang):
            print(f"      {line}")
        print("      " + t("cli.editions.all_pass", lang, outcome=edition.all_pass_outcome,
                             words=outcome_words(edition.all_pass_outcome, lang),
                             basis=_basis_words(edition.rule("all-pass"), lang)))
        if args.rules:
            for mechanic, _description, basis in edition.rules():
                print(f"        {mechanic:<17} {_basis_words(basis, lang)}")
        else:
            for mechanic, basis in edition.inherited_rules():
                print("      " + t("cli.editions.inherits", lang, mechanic=mechanic, articles=", ".join(basis.inherited),
                                     donor=basis.donor, why=marked((basis.why, "en"), lang)))
    return 0


def _basis_words(basis: Basis, lang: str) -> str:
    """The articles a rule rests on, and those it inherits from another edition (``Basis.__str__`` in
    the language of the listing)."""
    own = ", ".join(basis.articles)
    if not basis.inherited:
        return own
    inherited = t("cli.editions.inherited", lang, donor=basis.donor, articles=", ".join(basis.inherited))
    return f"{own}; {inherited}" if own else inherited


def _metadata_lines(source: SourceMetadata, lang: str) -> list[str]:
    """The bibliographic metadata of a source, in a few lines of ``bridgelaws editions``; its values
    are the bibliography's English (marked in another language), an unknown one says so."""
    def value(name: str) -> str:
        field = getattr(source, name)
        return str(field.value) if field.known else t("cli.editions.unknown", lang)

    return [
        t("cli.editions.what", lang, value=marked((value("description"), "en"), lang)),
        t("cli.editions.code", lang, code=marked((value("code"), "en"), lang), year=value("code_year"),
          dated=value("dated"), language=value("language")),
        t("cli.editions.title", lang, title=value("printed_title"), covers=marked((value("covers"), "en"), lang)),
        t("cli.editions.website", lang, website=value("website"), address=value("website_address"),
          retrieved=value("retrieved"), transcribed=value("transcribed")),
        t("cli.editions.unknown_fields", lang,
          fields=", ".join(source.unknown()) or t("cli.editions.nothing", lang)),
    ]


def _edition_dict(year: str) -> dict[str, Any]:
    """``editions --json``: one edition, its source and the source's metadata with where each field
    comes from (an unknown field says why)."""
    from ..text import corpus
    from ..text.bibliography import metadata
    from ..judging.lookup import find_edition

    edition = find_edition(year)
    return {
        "edition": edition.year, "code": edition.code, "name": edition.name,
        "paragraphs": len(corpus.records(year)), "all_four_pass": edition.all_pass_outcome,
        "inherits": [{"mechanic": mechanic, "articles": list(basis.inherited), "from": basis.donor,
                      "why": basis.why} for mechanic, basis in edition.inherited_rules()],
        "source": metadata(year).to_dict(),
    }


def cmd_cite(args: argparse.Namespace) -> int:
    from ..text.bibliography import cite

    sys.stdout.write(cite(args.id, args.format, lang_of(args)))
    return 0


def cmd_export_tei(args: argparse.Namespace) -> int:
    """Write the corpus (one edition, or all) as TEI P5 XML, and say what the file holds."""
    from ..text import corpus, translation
    from ..presentation import tei

    from ..text._cliio import check_suffix

    check_suffix("export-tei", args.output, "TEI XML", (".xml", ".tei"))
    tei.export(args.output, args.edition)
    years = corpus.EDITIONS if args.edition is None else (corpus.source(args.edition).edition,)
    def counted(number: int, noun: str) -> str:
        return f"{number} {noun}{'' if number == 1 else 's'}"

    parts = []
    for year in years:
        english = len(translation.translated(year))
        parts.append(f"{year}: {counted(len(corpus.source(year).articles), 'article')}, "
                     f"{counted(len(corpus.records(year)), 'paragraph')}, {counted(len(corpus.notes(year)), 'note')}, "
                     f"{counted(len(corpus.references(year)), 'reference')}, "
                     + (f"{english} in English" if english else "no English translation yet"))
    kind = "a teiCorpus of" if args.edition is None else "a TEI document of"
    print(f"wrote {args.output}: {kind} {counted(len(years), 'text')} "
          f"(schema: bridgelaws/schemas/tei-bridgelaws.rng)")
    for part in parts:
        print(f"  {part}")
    return 0


def cmd_export_site(args: argparse.Namespace) -> int:
    """Write the static site (bridgelaws.presentation.static_site) and say what it holds and where to open it."""
    import time

    from ..presentation.static_site import export

    started = time.perf_counter()
    summary = export(args.output, lang_of(args), args.date, args.pyodide)
    seconds = time.perf_counter() - started
    pages = sum(1 for name in summary.files if name.endswith(".html"))
    lang = lang_of(args)
    print(t("cli.site.wrote", lang, directory=summary.directory, pages=pages, cases=summary.count("cases"),
            articles=summary.count("articles"), steps=summary.count("scenarios"), seconds=f"{seconds:.1f}"))
    print("  " + t("cli.site.open", lang, index=summary.directory / "index.html"))
    if args.pyodide:
        print("  " + t("cli.site.stepper", lang, stepper=summary.directory / "stepper.html"))
    return 0


def _entry_words(entry: Any, field: str, lang: str) -> tuple[str, str]:
    """An entry's ``<field>_<lang>`` (its Dutch, ``paraphrase_nl``, where the data has written it)
    with its language, else its English: for :func:`marked`, which marks English as not translated."""
    written = getattr(entry, f"{field}_{lang}", None)
    return (written, lang) if isinstance(written, str) and written else (getattr(entry, f"{field}_en"), "en")


def _supplementary_article(args: argparse.Namespace) -> bool:
    """``article`` of an id that is no article of the corpus but a supplementary one (2007:30.B.2.a):
    its title and paraphrase (in ``--lang`` where the entry has it, else the English, marked), labelled
    as the supplementary layer, outside the corpus, with its source, the source's kind and the date it
    was read; False if it is none."""
    from ..supplement import supplement

    try:
        entry = supplement.article(args.ref)
    except BridgeLawsError:
        return False
    provenance = supplement.provenance(entry.id)
    if args.json:
        found = {"id": entry.id, "layer": "supplement", "title_en": entry.title_en,
                 "paraphrase_en": entry.paraphrase_en, "paraphrase_nl": entry.paraphrase_nl}
        if getattr(entry, "title_nl", None):
            found["title_nl"] = getattr(entry, "title_nl")
        print(json.dumps({**found, "provenance": provenance.as_dict()}, indent=2, ensure_ascii=False))
        return True
    lang = lang_of(args)
    print(f"{entry.id}  {marked(_entry_words(entry, 'title', lang), lang)}")
    print("  " + t("cli.article.supplementary", lang))
    print("  " + supplement.provenance_line([provenance], lang))
    print("  " + marked(supplement.paraphrase(entry, lang), lang))
    return True


def cmd_article(args: argparse.Namespace) -> int:
    from ..text import corpus

    try:
        passage = corpus.article(args.ref)
    except BridgeLawsError:
        if _supplementary_article(args):
            return 0
        raise
    if args.json:
        print(json.dumps(_passage_dict(passage), indent=2, ensure_ascii=False))
        return 0
    lang = lang_of(args)
    print(f"{passage.id}  {passage.heading or t('cli.article.no_heading', lang)}")
    if args.en:
        _print_english_header(passage, lang)
    for record in passage.records:
        label = record.label if record.label else (f"[{record.restored_label}] " if record.restored_label else "")
        if record.title:
            print(f"  {record.title}")
            if args.en:
                _print_english(_title_english(record.id))
        print(f"  {record.id}: {label}{record.text}".replace("\n", "\n    "))
        if args.en:
            _print_english(_record_english(record.id), label)
    for note in passage.notes:
        print("  " + t("cli.article.note", lang, kind=note.kind, text=marked((note.text, "en"), lang)))
    for ref in passage.references:
        where = t("cli.article.in_corpus" if ref.in_corpus else "cli.article.not_in_corpus", lang)
        print("  " + t("cli.article.reference", lang, quote=ref.quote, target=ref.target, where=where))
    return 0


# --- the project's English beside the Dutch: `article --en`, and text_en in --json


def _record_english(record_id: str) -> str | None:
    from ..text import translation

    return translation.english(record_id)


def _title_english(record_id: str) -> str | None:
    from ..text import translation

    return translation.title_english(record_id)


def _print_english_header(passage: Passage, lang: str) -> None:
    """The label once (the English below is the project's, not a source), then the heading's English."""
    from ..text import translation

    if not translation.translated(passage.edition):
        print("  " + t("cli.article.no_english", lang, edition=passage.edition))
        return
    print("  en = " + t("cli.translation_label", lang))
    _print_english(translation.heading_english(passage.edition, passage.article))


def _print_english(english: str | None, label: str = "") -> None:
    """One English line under the Dutch it translates; nothing where there is no English."""
    if english:
        print(f"  en: {label}{english}".replace("\n", "\n    "))


def _passage_dict(passage: Passage) -> dict[str, Any]:
    from ..text import translation

    return {
        "id": passage.id, "edition": passage.edition, "heading": passage.heading,
        "heading_en": translation.heading_english(passage.edition, passage.article),
        "translation_label": translation.LABEL,
        "records": [{"id": r.id, "label": r.label, "restored_label": r.restored_label,
                     "title": r.title, "text": r.text,
                     "title_en": _title_english(r.id), "text_en": _record_english(r.id)}
                    for r in passage.records],
        "notes": [{"id": n.id, "kind": n.kind, "text": n.text} for n in passage.notes],
        "references": [{"from": r.from_id,
                        "quote": r.quote, "target": r.target, "in_corpus": r.in_corpus}
                       for r in passage.references],
    }


def cmd_search(args: argparse.Namespace) -> int:
    from ..text.translation import dutch_terms, english, search

    hits = search(args.query, edition=args.edition, variants=not args.exact)
    forms = sorted({form.casefold() for hit in hits for form in hit.forms})
    terms = [] if any(hit.language == "nl" for hit in hits) else dutch_terms(args.query)
    if args.json:
        print(json.dumps({
            "query": args.query, "edition": args.edition, "spelling_variants": not args.exact,
            "records": len(hits), "forms": forms, "dutch_terms": [{"nl": nl, "en": en} for nl, en in terms],
            "hits": [{"id": hit.record_id, "where": hit.where, "fields": list(hit.fields),
                      "count": hit.count, "forms": list(hit.forms), "snippet": hit.snippet,
                      "marks": [list(mark) for mark in hit.marks], "highlighted": hit.highlighted(),
                      "match": hit.language, "text_en": english(hit.record_id)} for hit in hits],
        }, indent=2, ensure_ascii=False))
        return 0
    _search_listing(args.query, hits, terms, forms, lang_of(args))
    return 0


def _search_listing(query: str, hits: list[Any], terms: list[tuple[str, str]], forms: list[str], lang: str) -> None:
    """``bridgelaws search``: each paragraph found (its English under a Dutch match, its Dutch under
    a match in the English), the glossary's Dutch for an English query, and the count."""
    from ..text.translation import english

    if not hits:
        print(t("cli.search.none", lang, query=repr(query)))
    shown_label = False
    for hit in hits:
        where = "" if hit.where == "text" else f" ({t(f'cli.search.where.{hit.where}', lang)})"
        if hit.language == "en":
            print(t("cli.search.english_match", lang, id=hit.record_id, snippet=hit.highlighted()))
            print(f"    nl: {corpus_text(hit.record_id)}".replace("\n", "\n        "))
            continue
        print(f"{hit.record_id}{where}: {hit.highlighted()}")
        text_en = english(hit.record_id)
        if text_en is not None:
            if not shown_label:
                print(f"    [{t('cli.translation_label', lang)}]")
                shown_label = True
            print(f"    en: {text_en}".replace("\n", "\n        "))
    if terms:
        print(t("cli.search.glossary", lang, query=repr(query), terms=", ".join(f"{nl} ({en})" for nl, en in terms)))
    if hits:
        print(t("cli.search.count_one" if len(hits) == 1 else "cli.search.count_many", lang, count=len(hits),
                forms=", ".join(forms)))


def corpus_text(record_id: str) -> str:
    """The verbatim Dutch of a record (the search prints it under a match in the English)."""
    from ..text import corpus

    return corpus.record(record_id).text


def cmd_diff(args: argparse.Namespace) -> int:
    from ..text import textdiff

    result = textdiff.diff(args.a, args.b)
    if args.json:
        print(json.dumps({
            "a": {"id": result.a.id, "label": result.a.label, "text": result.a.text},
            "b": {"id": result.b.id, "label": result.b.label, "text": result.b.text},
            "words_a": result.words_a, "words_b": result.words_b, "aligned": result.aligned,
            "spelling": result.spelling, "variant": result.variant, "deleted": result.deleted,
            "inserted": result.inserted,
            "similarity": round(result.similarity, 4),
            "pieces": [{"kind": p.kind, "a": p.old, "b": p.new} for p in result.pieces],
            "marked": textdiff.marked(result),
        }, indent=2, ensure_ascii=False))
        return 0
    print(f"a: {result.a.label}")
    print(f"b: {result.b.label}")
    print(textdiff.marked(result))
    print(t("cli.diff.similarity", lang_of(args), similarity=f"{result.similarity:.0%}", aligned=result.aligned,
            words_a=result.words_a, words_b=result.words_b, spelling=result.spelling, variant=result.variant,
            deleted=result.deleted, inserted=result.inserted))
    return 0
