"""Issue 25 §7: a time axis is proportional to the years or says it is not, and the 1936 text is
labelled as the code of 1935 (shared/sources/README.md: "Dutch translation of the 1935
international code")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from bridgelaws.presentation import figures  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _texts(fig) -> list[str]:
    return [t.get_text() for t in fig.findobj(matplotlib.text.Text)]


def test_the_timeline_is_to_scale_and_says_so():
    fig = figures.timeline()
    ax = fig.axes[0]
    # every edition stands at its own year: 1932 and 1936 four units apart, 1949 and 2007 fifty-eight
    xs = sorted(round(float(x)) for c in ax.collections for x, _ in c.get_offsets())
    assert [1932, 1936, 1949, 2007, 2017] == [x for x in xs if x in (1932, 1936, 1949, 2007, 2017)]
    assert "to scale" in ax.get_xlabel()


def test_the_1936_label_says_it_is_the_code_of_1935():
    labels = [t for t in _texts(figures.timeline()) if t.startswith("1936")]
    assert labels and "code of 1935" in labels[0]
    # no other edition is said to be the code of another year
    for year in ("1932", "1949", "2007", "2017"):
        label = next(t for t in _texts(figures.timeline()) if t.startswith(year + " "))
        assert "code of" not in label


@pytest.mark.parametrize("name", ["strictness_figure", "status_over_time", "ledger_timeline"])
def test_an_evenly_spaced_axis_says_it_is_not_to_scale(name):
    fig = getattr(figures, name)()
    xlabels = " ".join(ax.get_xlabel() for ax in fig.axes)
    assert "not to scale in years" in xlabels
    ticks = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels()]
    assert any(t.startswith("1936") and "code of 1935" in t for t in ticks)


def test_strictness_figure_is_within_the_complexity_limit():
    radon = Path(sys.executable).with_name("radon")
    if not radon.exists():
        pytest.skip("radon is not installed")
    out = subprocess.run([str(radon), "cc", "-n", "D", "-s", str(ROOT / "bridgelaws" / "figures.py")],
                         capture_output=True, text=True, check=True).stdout
    assert "strictness_figure" not in out and " - D" not in out and " - E" not in out and " - F" not in out
