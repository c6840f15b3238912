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
    assert "bridgelaws/data.json" in names, names  # the data bundle, written at build time (setup.py)
    assert "bridgelaws/static/stepper.js" in names, names  # export-site --pyodide copies it into the site
    # export-tei's RELAX NG schema and the bibliography ship with the package (issue 12)
    assert "bridgelaws/schemas/tei-bridgelaws.rng" in names and "bridgelaws/data/editions/2017/edition.yaml" in names, names
    target = root / "site"
    _pip("install", "--no-deps", "--no-index", "--target", str(target), str(wheel), cwd=root)
    return target


@pytest.fixture(scope="module")
def wheel(installed) -> Path:
    (found,) = (installed.parent / "wheels").glob("bridgelaws-*.whl")
    return found


#: The optional packages: none of them may be needed by the core (pyproject.toml's extras).
OPTIONAL = ("pandas", "matplotlib", "numpy", "ipywidgets", "anywidget", "voila", "jupyterlab", "genanki", "openpyxl")


@pytest.fixture(scope="module")
def bare(wheel, tmp_path_factory) -> Path:
    """A fresh venv (no system site-packages) holding PyYAML and the wheel installed with its declared
    dependencies and no index: the install fails if the core declares any other dependency. PyYAML
    is copied from this venv (its package and its metadata): the test needs no network."""
    import yaml

    root = tmp_path_factory.mktemp("bare")
    venv = root / "venv"
    done = subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    (site,) = venv.glob("lib/python*/site-packages")
    here = Path(yaml.__file__).parent.parent
    for name in ("yaml", "_yaml", *(p.name for p in here.glob("[Pp][Yy][Yy]aml-*.dist-info"))):
        if (here / name).is_dir():
            shutil.copytree(here / name, site / name, ignore=shutil.ignore_patterns("__pycache__"))
    _pip("--python", str(venv / "bin" / "python"), "install", "--no-index", str(wheel), cwd=root)
    return venv


def _bare(venv: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    elsewhere = venv.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BRIDGELAWS_DATA")}
    done = subprocess.run([str(venv / "bin" / "bridgelaws"), *args], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == code, done.stdout + done.stderr
    return done


def test_the_core_wheel_declares_pyyaml_alone_and_judges_and_compares_without_extras(bare, wheel):
    metadata = zipfile.ZipFile(wheel).read("bridgelaws-0.1.0.dist-info/METADATA").decode()
    required = [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert [r for r in required if "extra ==" not in r] == ["pyyaml>=6.0"], required
    probe = subprocess.run([str(venv_python(bare)), "-c", "import importlib.util as u, sys; print(*[m for m in sys.argv[1:] "
                            "if u.find_spec(m)])", *OPTIONAL], capture_output=True, text=True, timeout=60)
    assert probe.returncode == 0 and probe.stdout.strip() == "", probe.stdout + probe.stderr
    out = _bare(bare, "judge", "1S 1H", "--edition", "1936").stdout
    assert "E: insufficient-bid - 1H does not rank above 1S" in out and "legal calls: 1NT 2C" in out
    out = _bare(bare, "compare", "1S 1H").stdout
    # The README's example, read there: 1936 rules in its bidding chapter, 1932 refers to rule 40.
    assert "1936  insufficient-bid: RULED" in out and "1932  insufficient-bid: REFERENCED" in out


def venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


@pytest.mark.parametrize("argv,module,extra", [(["matrix", "--status"], "pandas", "tables"),
                                               (["exercises", "--format", "anki", "-o", "x.apkg"], "genanki", "exports")])
def test_a_command_that_needs_an_extra_says_which_in_one_line(bare, argv, module, extra):
    err = _bare(bare, *argv, code=2).stderr
    assert err == (f"bridgelaws: error: {argv[0]} needs {module}, which is not installed: "
                   f"pip install 'bridgelaws[{extra}]'\n"), err
    err = _bare(bare, "--lang", "nl", *argv, code=2).stderr
    assert err.startswith(f"bridgelaws: fout: {argv[0]} heeft {module} nodig") and err.count("\n") == 1, err


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


def test_the_installed_wheel_reads_its_bundle_and_judges_without_pyyaml(bare):
    # PyYAML made unimportable: the wheel's data come from bridgelaws/data.json alone.
    code = ("import sys; sys.modules['yaml'] = None\n"
            "from bridgelaws.text import datafiles\n"
            "assert datafiles.bundle() is not None, 'the bundle is not read'\n"
            "from bridgelaws.interfaces.cli import main\n"
            "sys.exit(main(['compare', '1S 1H', '--editions', '1936']))")
    done = subprocess.run([str(venv_python(bare)), "-c", code], cwd=bare.parent, capture_output=True, text=True,
                          timeout=120, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1936  insufficient-bid: RULED" in done.stdout
