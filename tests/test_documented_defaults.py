"""A default a public function's docstring states is the default its signature has.

The functions checked: every function ``from bridgelaws import ...`` gives (``bridgelaws._EXPORTS``)
and every public function (no leading underscore) of the public modules ``bridgelaws.<name>``
(``bridgelaws._SUBMODULES``: tables, views, render, figures, rulings, ...), including what a package
among them re-exports. Methods and the command line's ``--help`` texts are not checked.

A docstring states a default in the words the package uses: ``"corpus"`` (the default), the default
``"corpus"``, (default: ``"corpus"``), (default ``4``), defaults to ``4``. The claim belongs to the
parameter whose part of the docstring it stands in: the text after ``name``: or ``name=...`` up to the
next such mark. Only a claim whose value is a Python literal is compared (``(default: the registry)``
describes, it does not name a value); an enum default is compared by its value."""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import re

import bridgelaws

#: A parameter's part of a docstring begins with ``name``: or ``name=...``.
PARAMETER = re.compile(r"``(\w+)(?:``:|=)")
#: The ways a docstring states a default; the value in group ``value``.
CLAIMS = [re.compile(pattern) for pattern in (
    r"``(?P<value>[^`]+)``\s+\(the default\b",
    r"\bthe default\s+``(?P<value>[^`]+)``",
    r"\(default:?\s+(?:``)?(?P<value>[^`);,]+?)(?:``)?\s*[);,]",
    r"\bdefaults? to\s+``(?P<value>[^`]+)``",
)]


def documented_defaults(doc: str | None) -> list[tuple[str, object]]:
    """``(parameter, value)`` for every default a docstring states with a literal value."""
    found = []
    marks = list(PARAMETER.finditer(doc or ""))
    for number, mark in enumerate(marks):
        end = marks[number + 1].start() if number + 1 < len(marks) else len(doc or "")
        part = (doc or "")[mark.end():end]
        for claim in CLAIMS:
            for match in claim.finditer(part):
                try:
                    value = ast.literal_eval(match.group("value").strip())
                except (ValueError, SyntaxError):
                    continue  # a description ("the registry"), not a value
                found.append((mark.group(1), value))
    return found


def _plain(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


def mismatches(function) -> list[str]:
    """What ``function``'s docstring says a parameter defaults to, where its signature says otherwise."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return []
    wrong = []
    for name, value in documented_defaults(inspect.getdoc(function)):
        parameter = parameters.get(name)
        if parameter is None or parameter.default is inspect.Parameter.empty:
            continue
        if _plain(parameter.default) != value:
            wrong.append(f"{function.__module__}.{function.__qualname__}: the docstring says ``{name}`` "
                         f"defaults to {value!r}, the signature to {_plain(parameter.default)!r}")
    return wrong


def public_functions() -> list:
    functions = {}
    for name in bridgelaws._EXPORTS:
        value = getattr(bridgelaws, name)
        if inspect.isfunction(value):
            functions[f"{value.__module__}.{value.__qualname__}"] = value
    for module_name in bridgelaws._SUBMODULES.values():
        module = importlib.import_module(module_name)
        for name, value in inspect.getmembers(module, inspect.isfunction):
            if not name.startswith("_") and value.__module__.startswith("bridgelaws"):
                functions[f"{value.__module__}.{value.__qualname__}"] = value
    return [functions[key] for key in sorted(functions)]


def test_every_documented_default_is_the_signatures():
    functions = public_functions()
    assert len(functions) > 100  # the set is the public API, not an empty list
    wrong = [line for function in functions for line in mismatches(function)]
    assert not wrong, "\n".join(wrong)


def test_the_check_reads_the_package_s_ways_of_stating_a_default():
    def sample(layer="supplement", detail=True, port=8866, editions=None, lang="en"):
        """``layer``: ``"corpus"`` (the default) or ``"supplement"``. ``detail``: the default ``False``.
        ``port``: where it listens (default 8866). ``editions``: the columns (default: the registry).
        ``lang="en"``: the language; defaults to ``"nl"``."""

    assert documented_defaults(sample.__doc__) == [("layer", "corpus"), ("detail", False), ("port", 8866),
                                                   ("lang", "nl")]
    assert [line.split("``")[1] for line in mismatches(sample)] == ["layer", "detail", "lang"]


def test_the_check_finds_a_stale_layer_default():
    from bridgelaws.text.vocabulary import Layer

    def sample(scenario, *, layer=Layer.SUPPLEMENT):
        """Run it. ``layer="supplement"``: the supplementary ruling; the default ``"corpus"`` reads the
        corpus alone."""

    assert len(mismatches(sample)) == 1
