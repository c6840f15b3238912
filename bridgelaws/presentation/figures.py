"""matplotlib figures for the notebooks: the editions on a timeline, their sizes, the status of the
cases per edition, and how strict each edition is.

Every function returns a :class:`matplotlib.figure.Figure` made without pyplot (no global state, no
window); a notebook shows it as its cell's value, :func:`save` writes it. The data come from
:mod:`bridgelaws.presentation.views`; nothing random, no dates. matplotlib is imported inside the functions, so
that ``import bridgelaws`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .present import STATUS_NAMES
from .render import STATUS_COLOURS
from ..text.vocabulary import DEFAULT_LAYER

if TYPE_CHECKING:
    import os

    from matplotlib.figure import Figure

CODE_COLOURS = {"rubber": "#8d6e63", "duplicate": "#00796b"}
CODE_MARKERS = {"rubber": "o", "duplicate": "s"}
#: rcParams that keep the output stable: a fixed hash salt for SVG ids, no creation date.
STABLE_RC = {"svg.hashsalt": "bridgelaws", "font.size": 10}


def code_year_note(year: str) -> str:
    """``"code of 1935"`` where the edition's Dutch text is dated later than the code it translates
    (the bibliography's ``code_year``, from shared/sources/README.md: 1936 is the 1935 code); ``""``
    where the two years are the same or the code's year is not known."""
    from ..text.bibliography import metadata

    code_year = metadata(year).code_year
    if not code_year.known or str(code_year.value) == str(year):
        return ""
    return f"code of {code_year.value}"


def edition_label(edition: Any) -> str:
    """An edition's label under an axis: its year, its kind of code, and the code's year where it
    differs (``"1936\nrubber\ncode of 1935"``)."""
    note = code_year_note(edition.year)
    return f"{edition.year}\n{edition.code}" + (f"\n{note}" if note else "")


#: The x-axis label of a figure whose editions stand side by side, evenly spaced: the axis is an
#: order, not a time scale.
EVENLY_SPACED = "editions in order, evenly spaced (not to scale in years)"


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def save(fig: Figure, path: str | os.PathLike[str], dpi: int = 110) -> None:
    """Write ``fig`` (PNG, SVG or PDF by the file's suffix) without a date or version stamp."""
    import matplotlib

    path = str(path)
    metadata = {"Software": None}
    if path.endswith(".svg"):
        metadata = {"Date": None, "Creator": None}
    elif path.endswith(".pdf"):
        metadata = {"CreationDate": None, "Creator": None, "Producer": None}
    with matplotlib.rc_context(STABLE_RC):  # type: ignore[arg-type]  # its keys are rc names; the stubs want Literals
        fig.savefig(path, dpi=dpi, metadata=metadata)


def _count_word(number: int) -> str:
    words = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")
    return words[number] if number < len(words) else str(number)


def _label_places(years: list[int]) -> tuple[list[float], list[str]]:
    """Heights and alignments of the timeline's labels, so that editions close in time do not print
    over each other: a label within ten years of the previous one, which sits low, goes high; of two
    editions less than eight years apart, the earlier label is set to the left, the later to the right."""
    heights: list[float] = []
    aligns: list[str] = []
    for i, year in enumerate(years):
        close_before = i > 0 and year - years[i - 1] <= 10
        heights.append(2.1 if close_before and heights[-1] == 1.0 else 1.0)
        if i > 0 and year - years[i - 1] < 8:
            aligns.append("left")
        elif i + 1 < len(years) and years[i + 1] - year < 8:
            aligns.append("right")
        else:
            aligns.append("center")
    return heights, aligns


#: The year of the spelling reform the timeline marks (corpus note ``1949-spelling-reform``).
SPELLING_REFORM = 1947


def timeline() -> Figure:
    """The editions on a time axis: rubber or duplicate, the articles each source holds and
    its size in words; the 1947 spelling reform (corpus note ``1949-spelling-reform``) marked."""
    from . import views

    stats = views.corpus_stats()
    fig = _figure(10, 3.6)
    ax = fig.add_subplot()
    heights, aligns = _label_places([row["year"] for row in stats])
    ax.axhline(0, color="#444", linewidth=1.2, zorder=1)
    for row, height, align in zip(stats, heights, aligns):
        colour = CODE_COLOURS[row["code"]]
        ax.plot([row["year"], row["year"]], [0, height], color=colour, linewidth=1.5, zorder=2)
        ax.scatter([row["year"]], [0], s=90, color=colour, marker=CODE_MARKERS[row["code"]], zorder=3)
        unit = "rules" if row["code"] == "rubber" else ("Law" if row["articles"] == 1 else "Laws")
        if row["edition"] == "1949":
            unit = "Art."
        shift = {"right": 0.6, "left": -0.6}.get(align, 0.0)
        articles = f"{row['articles']} article{'s' if row['articles'] != 1 else ''}"
        note = code_year_note(row["edition"])
        ax.text(row["year"] + shift, height + 0.08,
                f"{row['edition']} \u00b7 {row['code']}" + (f" ({note})" if note else "")
                + f"\n{unit} {row['article_range']}\n"
                f"{articles}, {row['words']} words",
                ha=align, va="bottom", fontsize=8.5, color="#222")
    ax.axvline(SPELLING_REFORM, color="#999", linestyle="--", linewidth=1, zorder=0)
    ax.text(SPELLING_REFORM + 0.6, -0.55, "1947 spelling reform", fontsize=8, color="#666", ha="left", va="center")
    for code, colour in CODE_COLOURS.items():
        ax.scatter([], [], color=colour, marker=CODE_MARKERS[code], label=f"{code} bridge")
    ax.legend(loc="upper center", frameon=False, ncol=2, fontsize=9, bbox_to_anchor=(0.5, 1.02))
    # Eight years beyond the first and the last edition (1924-2025 for 1932-2017): a later edition
    # widens the axis, never falls off it.
    years = [row["year"] for row in stats]
    ax.set_xlim(min(min(years), SPELLING_REFORM) - 8, max(max(years), SPELLING_REFORM) + 8)
    ax.set_ylim(-0.9, 3.9)
    ax.set_yticks([])
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)
    ax.set_xlabel("year of the Dutch text (to scale: the distance between two editions is the years between them)")
    ax.set_title(f"{_count_word(len(stats))} editions of the bidding rules", fontsize=11)
    return fig


def sizes() -> Figure:
    """Articles, paragraphs and words per edition (chronological)."""
    from . import views

    stats = views.corpus_stats()
    labels = [f"{r['edition']}\n{r['code']}" for r in stats]
    colours = [CODE_COLOURS[r["code"]] for r in stats]
    fig = _figure(10, 3.4)
    left, right = fig.subplots(1, 2)
    bars = left.bar(labels, [r["words"] for r in stats], color=colours)
    left.bar_label(bars, fontsize=8.5, padding=2)
    left.set_ylabel("words in the rules' texts")
    left.set_title("Size of each text", fontsize=11)
    left.set_ylim(0, max(r["words"] for r in stats) * 1.15)
    positions = range(len(stats))
    width = 0.38
    arts = right.bar([p - width / 2 for p in positions], [r["articles"] for r in stats], width,
                     color="#90a4ae", label="articles")
    recs = right.bar([p + width / 2 for p in positions], [r["records"] for r in stats], width,
                     color="#455a64", label="paragraphs")
    right.bar_label(arts, fontsize=8, padding=1)
    right.bar_label(recs, fontsize=8, padding=1)
    right.set_xticks(list(positions), labels)
    right.set_ylim(0, max(r["records"] for r in stats) * 1.18)
    right.set_title("Articles and paragraphs", fontsize=11)
    right.legend(frameon=False, fontsize=9, loc="upper left")
    for ax in (left, right):
        ax.spines[["top", "right"]].set_visible(False)
    return fig


def _layer_title(layer: str) -> str:
    return ("the corpus alone" if layer == "corpus" else
            "best sourced: the corpus, else the sourced supplement (outside the corpus); gaps left empty")


def status_over_time(layer: str = DEFAULT_LAYER) -> Figure:
    """Per edition, how many cases of the catalogue its text rules on, only points elsewhere for,
    or does not treat in its excerpt (stacked bars, chronological); ``layer="supplement"``: also
    the cases a supplementary ruling covers, in their own colour."""
    from . import views
    from ..auction.editions import EDITIONS

    from matplotlib.ticker import MaxNLocator

    counts = views.status_counts(layer)
    fig = _figure(7.5, 3.8)
    ax = fig.add_subplot()
    labels = [edition_label(e) for e in EDITIONS]
    bottom = [0] * len(labels)
    for status in [c for c in ("ruled", "supplement", "later-code", "referenced", "silent") if c in counts.columns]:
        values = [int(counts.loc[e.year, status]) for e in EDITIONS]  # type: ignore[arg-type]  # a count
        bars = ax.bar(labels, values, bottom=bottom, color=STATUS_COLOURS[status], label=STATUS_NAMES[status],
                      width=0.6)
        ax.bar_label(bars, labels=[str(v) if v else "" for v in values], label_type="center",
                     color="white", fontsize=9, fontweight="bold")
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.set_ylabel(f"cases (of {bottom[0]})")
    ax.set_xlabel(EVENLY_SPACED)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(f"What each text says about the cases of the catalogue\n({_layer_title(layer)})", fontsize=11)
    ax.legend(frameon=False, fontsize=9, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def strictness_figure(layer: str = DEFAULT_LAYER) -> Figure:
    """How strict each edition is: turns barred per case and edition (a heat map; grey where the
    text does not rule), and the turns barred over all cases, by year (see
    :func:`bridgelaws.presentation.views.turns_barred` for how the turns are counted). ``layer="supplement"``:
    the supplementary rulings count too; their cells are framed in the supplement's colour and the
    title says which layer is drawn."""
    from . import views

    fig = _figure(12, 6.4)
    grid = fig.add_gridspec(1, 2, width_ratios=[1.35, 1])
    case_count = _strictness_heat(fig.add_subplot(grid[0, 0]), layer)
    _strictness_trend(fig.add_subplot(grid[0, 1]), views.strictness_summary(layer), case_count)
    fig.suptitle(f"Layer: {_layer_title(layer)}", fontsize=10, color="#444" if layer == "corpus"
                 else STATUS_COLOURS["supplement"])
    return fig


def _heat_cell(heat: Any, i: int, j: int, value: float, status: str, top: float) -> None:
    """One cell of the strictness heat map: a hatched gap (with its status) or the turns barred,
    framed in the supplement's colour where a supplementary ruling gives them."""
    import math

    from matplotlib.patches import Rectangle

    if math.isnan(value):
        heat.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor="#eeeeee", edgecolor="white",
                                 hatch="///", linewidth=0))
        label = "ref." if status == "referenced" else "not in\nexcerpt"
        heat.text(j, i, label, ha="center", va="center", fontsize=6.5, color="#888")
        return
    supplementary = status in ("supplement", "later-code")
    if supplementary:
        heat.add_patch(Rectangle((j - 0.45, i - 0.45), 0.9, 0.9, facecolor="none",
                                 edgecolor=STATUS_COLOURS[status], linewidth=1.6))
    heat.text(j, i, f"{value:g}" + ("*" if supplementary else ""), ha="center", va="center",
              fontsize=8.5, color="white" if value > top * 0.6 else "#222", fontweight="bold")


def _strictness_heat(heat: Any, layer: str) -> int:
    """The heat map of turns barred per case and edition; returns the number of cases drawn."""
    import math

    from matplotlib.colors import LinearSegmentedColormap

    from . import views
    from ..auction.editions import EDITIONS
    from ..judging.rulings import cases

    table = views.strictness_table(layer)
    status = {(r.case, r.edition): r.status for r in views.strictness(layer).itertuples()}
    case_ids = list(table.index)
    names = {c.id: c.name_en for c in cases()}
    values = [[table.loc[c, e.year] for e in EDITIONS] for c in case_ids]
    top = max((v for row in values for v in row if not math.isnan(v)), default=1) or 1
    cmap = LinearSegmentedColormap.from_list("bl", ["#ffffff", "#fdd49e", "#d7301f"])
    heat.imshow([[float("nan") if math.isnan(v) else v for v in row] for row in values], cmap=cmap, vmin=0,
                vmax=top, aspect="auto")
    for i, case_id in enumerate(case_ids):
        for j, edition in enumerate(EDITIONS):
            _heat_cell(heat, i, j, values[i][j], str(status[(case_id, edition.year)]), top)
    heat.set_xticks(range(len(EDITIONS)), [edition_label(e) for e in EDITIONS], fontsize=9)
    heat.set_yticks(range(len(case_ids)), [names[c] for c in case_ids], fontsize=8.5)
    heat.set_xticks([x + 0.5 for x in range(len(EDITIONS) - 1)], minor=True)
    heat.set_yticks([y + 0.5 for y in range(len(case_ids) - 1)], minor=True)
    heat.grid(which="minor", color="white", linewidth=1.5)
    heat.tick_params(which="minor", length=0)
    heat.set_xlabel(EVENLY_SPACED, fontsize=8.5)
    heat.set_title(f"Turns barred per case (next turn = 1, rest of auction = {views.REST_OF_AUCTION_TURNS})"
                   + ("" if layer == "corpus" else "\n* framed: outside the corpus (sourced paraphrase)"),
                   fontsize=10)
    return len(case_ids)


def _summary_count(summary: Any, year: str, column: str) -> int:
    return int(summary.loc[year, column]) if column in summary.columns else 0


def _strictness_trend(trend: Any, summary: Any, case_count: int) -> None:
    """The turns barred per case ruled on, one bar per edition (evenly spaced like the heat map's
    columns)."""
    import math

    from ..auction.editions import EDITIONS

    years = list(range(len(EDITIONS)))  # chronological, evenly spaced like the heat map's columns
    # A gap is never drawn as zero. A sum of turns over the cases each edition rules on
    # would count every gap as "no bar"; the bars are the turns per case the edition rules on, each
    # labelled with how many cases that is, and an edition that rules on none has no bar at all.
    holding = [_summary_count(summary, e.year, "ruled") + _summary_count(summary, e.year, "supplement")
               + _summary_count(summary, e.year, "later-code") for e in EDITIONS]
    per_case = [float(summary.loc[e.year, "turns_per_ruled_case"]) if n else float("nan")
                for e, n in zip(EDITIONS, holding)]
    colours = [CODE_COLOURS[e.code] for e in EDITIONS]
    shown = [(x, v, c, n) for x, v, c, n in zip(years, per_case, colours, holding) if n]
    bars = trend.bar([x for x, *_ in shown], [v for _, v, *_ in shown], width=0.55,
                     color=[c for *_, c, _ in shown], alpha=0.85, label="turns barred per case ruled on")
    trend.bar_label(bars, labels=[f"{v:.2f}\n{n} of {case_count}" for _, v, _, n in shown], fontsize=8,
                    padding=3, zorder=5, bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.6})
    for x, n in zip(years, holding):
        if not n:
            trend.text(x, 0.05, "no ruling\nin any layer", ha="center", va="bottom", fontsize=7.5, color="#888")
    trend.set_xticks(years, [edition_label(e) for e in EDITIONS], fontsize=9)
    top_value = max((v for v in per_case if not math.isnan(v)), default=1.0) or 1.0
    trend.set_ylim(0, top_value * 1.45)
    trend.set_ylabel("turns barred per case ruled on")
    trend.set_xlabel("edition (on each bar: cases ruled on);\n" + EVENLY_SPACED)
    trend.set_title("Strictness over time (gaps not counted)", fontsize=10)
    handles, labels = trend.get_legend_handles_labels()
    trend.legend(handles, labels, frameon=False, fontsize=8.5, loc="upper right")
    trend.text(0.99, 0.80, "bars: brown rubber, green duplicate", transform=trend.transAxes, ha="right",
               fontsize=8, color="#666")
    trend.spines[["top", "right"]].set_visible(False)


#: The colour of each word of the ledger (:mod:`bridgelaws.presentation.ledger`) in :func:`ledger_timeline`.
CHANGE_COLOURS = {"introduced": "#2e7d32", "removed": "#6d4c41", "stricter": "#c62828", "milder": "#1565c0",
                  "mixed": "#6a1b9a", "reworded": "#ef6c00", "rewritten": "#f9a825", "unchanged": "#9e9e9e",
                  "same effect": "#78909c", "not comparable": "#bdbdbd"}
#: A step whose effect changed in dimensions that do not agree (``mixed``): drawn in its own colour,
#: so that it does not look like silence.
CHANGE_EFFECT_COLOUR = CHANGE_COLOURS["mixed"]


def ledger_timeline(subjects: list[str] | None = None, layer: str = DEFAULT_LAYER, kind: str = "case") -> Figure:
    """A timeline per case (or mechanic, ``kind="mechanic"``): a dot per edition coloured by its
    status (ruled, referenced, not in the excerpt; supplement with ``layer="supplement"``), and
    between consecutive editions the ledger's word for the step; "first" and "last" mark the first
    and the last edition whose excerpt rules on it (:func:`bridgelaws.presentation.ledger.history`).
    ``subjects``: the ids to draw (default: every case, or every mechanic)."""
    from . import ledger
    from ..auction.editions import EDITIONS, MECHANICS
    from ..judging.rulings import cases

    if subjects is None:
        subjects = [c.id for c in cases()] if kind == "case" else list(MECHANICS)
    histories = [ledger.history(s, layer, kind) for s in subjects]
    fig = _figure(11, 0.62 * len(histories) + 1.5)
    ax = fig.add_subplot()
    xs = range(len(EDITIONS))
    for row, found in enumerate(histories):
        y = len(histories) - 1 - row
        ax.plot([0, len(EDITIONS) - 1], [y, y], color="#e0e0e0", linewidth=1, zorder=1)
        for i, step in enumerate(found.steps):
            colour = CHANGE_COLOURS[step.change]
            ax.plot([i + 0.12, i + 0.88], [y, y], color=colour, linewidth=3 if step.change != "not comparable" else 1.5,
                    linestyle="-" if step.change != "not comparable" else ":", zorder=2)
            word = str(step.change) if step.change != "not comparable" else f"n.c. ({step.because})"
            ax.text(i + 0.5, y + 0.14, word, ha="center", va="bottom", fontsize=7.5, color=colour)
        for i, (edition, status) in enumerate(found.statuses):
            ax.scatter([i], [y], s=70, color=STATUS_COLOURS[status], zorder=3, edgecolors="white", linewidths=0.8)
            marks = [m for m, year in (("first", found.first_ruled), ("last", found.last_ruled)) if year == edition]
            if marks:
                ax.text(i, y - 0.2, " / ".join(marks), ha="center", va="top", fontsize=7, color="#444")
    ax.set_yticks(range(len(histories)), [h.subject for h in reversed(histories)], fontsize=8.5)
    ax.set_xticks(list(xs), [edition_label(e) for e in EDITIONS], fontsize=9)
    ax.set_xlim(-0.4, len(EDITIONS) - 0.6)
    ax.set_xlabel(EVENLY_SPACED)
    ax.set_ylim(-0.7, len(histories) - 0.3)
    for status in ("ruled", "referenced", "silent") + (("supplement",) if layer != "corpus" else ()):
        ax.scatter([], [], s=50, color=STATUS_COLOURS[status], label=STATUS_NAMES[status])
    ax.legend(frameon=False, fontsize=8.5, loc="upper left", bbox_to_anchor=(1.0, 1.0), title="status",
              title_fontsize=8.5)
    ax.spines[["top", "right", "left"]].set_visible(False)
    ax.tick_params(axis="y", length=0)
    title = (histories[0].sentence() if len(histories) == 1 else
             f"When each {kind} first appears in the excerpts, and what changed between editions")
    ax.set_title(title + f"\n({_layer_title(layer)}; n.c. = not comparable)", fontsize=9.5 if len(histories) == 1 else 11,
                 wrap=True)
    return fig
