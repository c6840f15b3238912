"""What the browser tests share: Debian's Chromium and its flags, the servers they start (Voila,
JupyterLab) on free local ports, and the environment those servers run in.

Every server a test starts gets a Jupyter environment of its own (:func:`jupyter_env`): its
configuration, data, runtime, JupyterLab settings and workspaces, and IPython folders are fresh
temporary folders, so that nothing the machine's user did before (``~/.jupyter``, a JupyterLab
workspace with notebooks open, ``~/.ipython`` start-up files, a user kernel spec) changes what a test
sees. The fixtures themselves (``browser``, ``app_server``, ``app_url``) are in ``conftest.py``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHOTS = REPO / "build" / "screenshots"
CHROMIUM = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
#: The browser that drives the app's pages in the tests (Playwright): Debian's chromium-headless-shell
#: (the "old headless" build of the same Chromium version, what Playwright itself runs for headless
#: tests) where it is installed, else :data:`CHROMIUM`; `make test HEADLESS_SHELL=` (empty) drives
#: :data:`CHROMIUM` throughout. It does less around each page: the browser tests took a fifth less
#: processor time (docs/performance.md). Its default fonts are not Chromium's (its generic monospace
#: is Liberation Mono, Chromium's DejaVu Sans Mono), so the tests that measure widths, overflow or
#: printed pages use :data:`CHROMIUM` (conftest.py's ``users_browser``).
HEADLESS_SHELL = os.environ.get("BRIDGELAWS_HEADLESS_SHELL", "/usr/lib/chromium/chromium-headless-shell")
PAGES_BROWSER = HEADLESS_SHELL if HEADLESS_SHELL and os.access(HEADLESS_SHELL, os.X_OK) else CHROMIUM
# Flags for a closed network and a root user (see the machine notes): no background connections.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 # Pages open side by side (the kernels test) are all in the foreground: none is slowed.
                 "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                 "--disable-backgrounding-occluded-windows"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(home: Path) -> dict[str, str]:
    """The environment of a server started by a test: this process's, with every per-user Jupyter
    and IPython folder moved into ``home`` (created empty)."""
    folders = {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data", "JUPYTER_RUNTIME_DIR": "runtime",
               "JUPYTERLAB_SETTINGS_DIR": "lab-settings", "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
               "IPYTHONDIR": "ipython"}
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    for variable, name in folders.items():
        folder = home / name
        folder.mkdir(parents=True, exist_ok=True)
        env[variable] = str(folder)
    return env


def wait_for(url: str, process: subprocess.Popen, log: Path, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"server exited early: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer within {seconds} s: {log.read_text()[-2000:]}")


def start(command: list[str], url: str, log: Path, cwd: Path) -> subprocess.Popen:
    """Start a server (its output to ``log``, its Jupyter folders beside ``log``) and wait until
    ``url`` answers 200."""
    handle = log.open("w")
    env = jupyter_env(log.parent / f"{log.stem}-home")
    process = subprocess.Popen(command, cwd=cwd, stdout=handle, stderr=subprocess.STDOUT, env=env,
                               start_new_session=True)
    try:
        wait_for(url, process, log)
    except BaseException:
        stop(process)
        raise
    return process


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


@contextlib.contextmanager
def served_folder(directory: Path) -> Iterator[str]:
    """``directory`` served on a free loopback port, quietly, for as long as the block runs: the
    address (``http://127.0.0.1:PORT``). The static site's stepper is tested and benchmarked so
    (benchmarks/site_browser.py uses it too), as a school's web server or ``python3 -m http.server``
    would serve it."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
