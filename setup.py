"""Only the part pyproject.toml cannot say: the wheel carries the top-level ``data/`` directory.

``data/`` stays at the top of the repository (the project card names it there); at build time it is
copied into the package as ``bridgelaws/data``, where :mod:`bridgelaws.text.datafiles` finds it in an
installed wheel. An editable install needs no copy: the package finds ``data/`` beside itself.
"""

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


setup(cmdclass={"build_py": build_py_with_data})
