"""The stepper and the comparison of the static site, run in the browser (``export-site --pyodide DIR``).

The site then also holds ``stepper.html`` and what it runs, all served by the host that serves the
site (no request leaves it; the page's Content-Security-Policy allows only its own host):

- ``pyodide/``: Pyodide's runtime and standard library, copied from the npm package ``pyodide``
  (its version pinned by ``tools/pyodide/package-lock.json``; ``make site`` installs it);
- ``engine/bridgelaws.zip``: the package's modules, as the wheel unpacks them, without its copy of
  the data; ``engine/data.json``: the data bundle (:mod:`bridgelaws.text.bundle`);
- ``stepper.js``: the thin front end (``bridgelaws/static/stepper.js``) over
  :mod:`bridgelaws.interfaces.browser_page`, which makes every view and control in Python.

A page opened from ``file://`` cannot fetch these files (the browser refuses), and says so.
"""

from __future__ import annotations

import io
import json
import zipfile
from html import escape
from importlib import resources
from pathlib import Path

from ..text import bundle, datafiles
from ..text.errors import BridgeLawsError
from ..text.i18n import t

#: The page of the stepper, from the site's root.
PAGE = "stepper.html"
#: What the page needs of the npm package ``pyodide`` (its runtime, the standard library, the lock
#: file it reads when it starts, and its package.json, which names the version).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
#: Only the site's own host: scripts, the WebAssembly, the fetches of the engine and the data.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'")
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every entry's date: the same files give the same archive


def pyodide_version(folder: str | Path) -> str:
    """The version of the npm package ``pyodide`` in ``folder``; one line when a file is missing."""
    folder = Path(folder)
    for name in PYODIDE_FILES:
        if not (folder / name).is_file():
            raise BridgeLawsError(f"--pyodide {folder}: {name} is missing: give the folder of the npm package "
                                  "pyodide (make site installs it into build/pyodide/node_modules/pyodide)")
    try:
        found = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        found = None
    if not isinstance(found, dict) or found.get("name") != "pyodide" or not isinstance(found.get("version"), str):
        raise BridgeLawsError(f"--pyodide {folder}: package.json is not the npm package pyodide's")
    return str(found["version"])


def package_archive() -> bytes:
    """The package's modules and static files as one zip (no data: the bundle carries them)."""
    root = Path(str(resources.files("bridgelaws")))
    names = sorted(path.relative_to(root.parent).as_posix() for path in root.rglob("*")
                   if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
                   and path.relative_to(root).parts[0] not in ("data", "data.json"))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in names:
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, (root.parent / name).read_bytes())
    return buffer.getvalue()


def bundle_text() -> str:
    """The data bundle of the data this process reads."""
    found = datafiles.bundle()
    return bundle.dumps(found if found is not None else bundle.build(datafiles.data_dir()))


def engine_files(pyodide: str | Path) -> dict[str, str | bytes]:
    """The files the stepper page runs: Pyodide's, the package's, the data bundle and the script."""
    pyodide_version(pyodide)
    files: dict[str, str | bytes] = {f"pyodide/{name}": (Path(pyodide) / name).read_bytes() for name in PYODIDE_FILES}
    files["engine/bridgelaws.zip"] = package_archive()
    files["engine/data.json"] = bundle_text()
    files["stepper.js"] = resources.files("bridgelaws").joinpath("static", "stepper.js").read_text(encoding="utf-8")
    return files


def page_head() -> str:
    """What the stepper page adds to its head: the policy and the two scripts (in this order)."""
    return (f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            '<script src="pyodide/pyodide.js" defer></script>\n<script src="stepper.js" defer></script>\n')


def page_body(lang: str) -> str:
    """The stepper page's body: the regions the script fills, the words it needs before the engine runs."""
    words = {name: t(f"site.app.{name}", lang) for name in ("loading", "file_refused", "failed", "internal")}
    data = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
    return (f'<noscript><p class="bl-site-lead">{escape(t("site.app.needs_script", lang))}</p></noscript>\n'
            f'<script type="application/json" id="bl-words">{data}</script>\n'
            '<div id="bl-app" class="bl-app" data-state="loading">\n'
            '<p id="bl-status" class="bl-app-status" role="status" aria-live="polite"></p>\n'
            '<section><h2 id="bl-title-stepper"></h2><div id="bl-controls" class="bl-app-controls"></div>'
            '<div id="bl-stepper" class="bl-view"></div></section>\n'
            '<section><h2 id="bl-title-compare"></h2><div id="bl-compare-controls" class="bl-app-controls"></div>'
            '<div id="bl-compare" class="bl-view"></div></section>\n'
            '<section><h2 id="bl-title-matrix"></h2><p><button type="button" data-action="matrix" '
            'id="bl-matrix-button"></button></p><div id="bl-matrix" class="bl-view"></div></section>\n</div>')
