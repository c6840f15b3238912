"""tools/rewrite_tests.py (run by `make test` before pytest): the rewritten modules it writes are the
ones pytest writes itself, where pytest looks for them, so that a worker reads them instead of
rewriting; and it covers every module pytest rewrites here."""

from __future__ import annotations

import importlib.util
import marshal
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("rewrite_tests", REPO / "tools" / "rewrite_tests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _codes(code):
    yield code
    for constant in code.co_consts:
        if hasattr(constant, "co_code"):
            yield from _codes(constant)


def _read(pyc: Path):
    data = pyc.read_bytes()
    return data[:16], marshal.loads(data[16:])


SAMPLE = '''
import pytest

def helper(x):
    return x * 2

def test_one():
    assert helper(2) == 4, "twice two"

class TestTwo:
    def test_two(self):
        values = [helper(i) for i in range(3)]
        assert values == [0, 2, 4] and len(values) == 3
        with pytest.raises(ZeroDivisionError):
            assert 1 / 0
'''


def test_the_tool_writes_what_pytest_writes(tmp_path):
    tool = _tool()
    (tmp_path / "tests").mkdir()
    module = tmp_path / "tests" / "test_sample.py"
    module.write_text(SAMPLE, encoding="utf-8")
    (tmp_path / "conftest.py").write_text("def pytest_configure(config):\n    assert config is not None\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    # pytest itself, allowed to write its cache: it rewrites the conftest and the test module.
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    written = {path: tool.cache_file(path) for path in (module, tmp_path / "conftest.py")}
    by_pytest = {path: _read(pyc) for path, pyc in written.items()}
    for pyc in written.values():
        pyc.unlink()
    assert tool.main(["--root", str(tmp_path), "--jobs", "1"]) == 0
    for path, pyc in written.items():
        header, code = _read(pyc)
        pytest_header, pytest_code = by_pytest[path]
        assert header == pytest_header  # magic number, hash-checked flag, the source's hash
        pairs = list(zip(_codes(code), _codes(pytest_code), strict=True))
        assert all(a == b and a.co_filename == b.co_filename == str(path) for a, b in pairs)
    # The rewriting is there: the assert became explanatory code, not a plain assert.
    names = {name for c in _codes(_read(written[module])[1]) for name in c.co_names}
    assert "@pytest_ar" in names


def test_it_covers_every_module_pytest_rewrites_here():
    tool = _tool()
    found = {path.relative_to(REPO).as_posix() for path in tool.modules(REPO)}
    expected = {f"tests/{path.name}" for path in (REPO / "tests").glob("test_*.py")}
    assert found == expected | {"conftest.py", "tests/conftest.py"}


def _repo(tmp_path: Path, module_text: str, pyproject: str = "") -> Path:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_sample.py").write_text(module_text, encoding="utf-8")
    if pyproject:
        (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    return tmp_path / "tests" / "test_sample.py"


def test_a_module_whose_rewriting_warns_is_left_to_pytest(tmp_path, capsys):
    # pytest warns at rewriting time of an assert on a tuple ("always true"): written in advance, the
    # warning would never reach pytest's report.
    module = _repo(tmp_path, "def test_x():\n    assert (1 == 2, 'never false')\n")
    assert _tool().main(["--root", str(tmp_path), "--jobs", "1"]) == 0
    assert not _tool().cache_file(module).exists()
    err = capsys.readouterr().err
    assert "test_sample.py: its rewriting warns" in err and "always true" in err


def test_nothing_is_written_where_the_rewriting_depends_on_the_configuration(tmp_path, capsys):
    module = _repo(tmp_path, SAMPLE, "[tool.pytest.ini_options]\nenable_assertion_pass_hook = true\n")
    assert _tool().main(["--root", str(tmp_path), "--jobs", "1"]) == 0
    assert not _tool().cache_file(module).exists()
    assert "enable_assertion_pass_hook" in capsys.readouterr().err


def test_python_files_from_pyproject_choose_the_modules(tmp_path):
    _repo(tmp_path, SAMPLE, '[tool.pytest.ini_options]\npython_files = ["check_*.py"]\n')
    (tmp_path / "tests" / "check_more.py").write_text(SAMPLE, encoding="utf-8")
    assert [path.name for path in _tool().modules(tmp_path)] == ["check_more.py"]


def test_a_failure_inside_pytest_is_one_line_and_leaves_the_work_to_pytest(tmp_path, monkeypatch, capsys):
    from _pytest.assertion import rewrite

    module = _repo(tmp_path, SAMPLE)

    def broken(fn, config):
        raise AttributeError("'NoneType' object has no attribute 'getini'")

    monkeypatch.setattr(rewrite, "_rewrite_test", broken)
    assert _tool().main(["--root", str(tmp_path), "--jobs", "1"]) == 0
    assert not _tool().cache_file(module).exists()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "AttributeError" in lines[0] and "pytest rewrites it itself" in lines[0]
