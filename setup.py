"""Only the part pyproject.toml cannot say: the wheel carries the top-level ``data/`` directory.

``data/`` stays at the top of the repository (the project card names it there); at build time it is
copied into the package as ``bridgelaws/data``, where :mod:`bridgelaws.text.datafiles` finds it in an
installed wheel, and written as one JSON file, the data bundle ``bridgelaws/data.json``
(:mod:`bridgelaws.text.bundle`), which the installed package reads while the copy is unchanged. An
editable install needs neither: the package finds ``data/`` beside itself.
"""

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class build_py_with_data(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "bridgelaws" / "data"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(ROOT / "data", target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        # The bundle module imports nothing of the package: loaded by its path, before any install.
        spec = importlib.util.spec_from_file_location("_bridgelaws_bundle", ROOT / "bridgelaws" / "text" / "bundle.py")
        assert spec is not None and spec.loader is not None
        bundle = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bundle)
        bundle.write(target, target.parent / "data.json")


setup(cmdclass={"build_py": build_py_with_data})
