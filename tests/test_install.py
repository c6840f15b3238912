"""A normal (non-editable) install works: the built wheel carries data/ and the CLI runs from it.

The wheel is built offline (no build isolation, no index) from a copy of the sources, so that the
checkout gets no build/ or egg-info, then installed with --target into a temporary directory and run
from a directory outside the checkout with only that directory (and the venv's dependencies) on the
path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: What a build needs from the checkout (setup.py copies data/ into the package).
_SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "bridgelaws", "data")


def _pip(*args: str, cwd: Path) -> None:
    env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    done = subprocess.run([sys.executable, "-m", "pip", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("install")
    source = root / "src"
    source.mkdir()
    for name in _SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, source / name)
    wheels = root / "wheels"
    _pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(wheels), str(source), cwd=root)
    (wheel,) = wheels.glob("bridgelaws-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "bridgelaws/data/cases.yaml" in names and "bridgelaws/data/editions/1936/corpus.json" in names, names
    assert "bridgelaws/py.typed" in names, names  # PEP 561: the package's annotations are used
    # export-tei's RELAX NG schema and the bibliography ship with the package (issue 12)
    assert "bridgelaws/schemas/tei-bridgelaws.rng" in names and "bridgelaws/data/editions/2017/edition.yaml" in names, names
    target = root / "site"
    _pip("install", "--no-deps", "--no-index", "--target", str(target), str(wheel), cwd=root)
    return target


def _run(installed: Path, *args: str) -> str:
    elsewhere = installed.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(installed)}
    done = subprocess.run([sys.executable, "-m", "bridgelaws", *args], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_installed_package_is_the_wheel_and_reads_its_own_data(installed):
    code = ("import bridgelaws, bridgelaws.text.datafiles as d; print(bridgelaws.__file__); print(d.data_dir())")
    done = subprocess.run([sys.executable, "-c", code], cwd=installed.parent, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(installed)}, timeout=60)
    assert done.returncode == 0, done.stderr
    package, data = done.stdout.split("\n")[:2]
    assert Path(package).is_relative_to(installed), package
    assert Path(data) == installed / "bridgelaws" / "data"


def test_compare_runs_from_the_wheel(installed):
    out = _run(installed, "compare", "1S 1H")
    assert "insufficient-bid" in out
    assert "1936  insufficient-bid: RULED" in out


def test_article_runs_from_the_wheel(installed):
    out = _run(installed, "article", "1936:22.3")
    # Copied from data/editions/1936/corpus.json, record 1936:22.3.
    assert "moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort" in out


def test_export_tei_and_cite_run_from_the_wheel(installed, tmp_path):
    out = _run(installed, "export-tei", "2007", "-o", str(tmp_path / "2007.xml"))
    assert out.startswith(f"wrote {tmp_path / '2007.xml'}: a TEI document of 1 text")
    assert 'xml:id="r2007-17.A"' in (tmp_path / "2007.xml").read_text(encoding="utf-8")
    assert "Stable id: 2007:17.A" in _run(installed, "cite", "2007:17.A")


def test_export_site_runs_from_the_wheel_with_its_stylesheet_and_words(installed, tmp_path):
    # bridgelaws/static/site.css and data/messages/site.yaml ship with the package (issue 13 §3).
    out = _run(installed, "export-site", "-o", str(tmp_path / "site"), "--date", "2026-11-30")
    assert out.startswith(f"wrote {tmp_path / 'site'}: ")
    assert ".bl-site-nav" in (tmp_path / "site" / "style.css").read_text(encoding="utf-8")
    assert "Made by bridgelaws" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
