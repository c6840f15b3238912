"""Serving the web app (``make app``): the Voilà command for a host and a port, and a cap on kernels.

    python -m bridgelaws.serving                        # 127.0.0.1:8866, as `make app`
    python -m bridgelaws.serving --host 0.0.0.0         # a classroom: every interface, with a warning
    python -m bridgelaws.serving --print-command        # the Voilà command, one argument a line

Every page load of the app starts a kernel (a Python process of about 65 MB: ``make bench-app``).
The settings that keep that in bounds are in ``app/voila.json``: the page's own shutdown request on
close is accepted (Voilà's front end sends it without the ``_xsrf`` cookie, which this server never
sets; docs/teachers.md says why accepting it is safe here), kernels whose page has gone are culled when idle, and :class:`CappedKernelManager` refuses a new page
beyond ``max_kernels`` open at once (HTTP 503, "try again later") rather than filling the memory.

The host is an explicit choice. ``127.0.0.1`` (the default) answers only this machine, and only to a
local ``Host`` header (``localhost`` or a loopback address), which keeps a page of another site that
rebinds its name to 127.0.0.1 out. Any other host serves the network and prints a warning line:

* a name (``--host teacher-pc.local``): listens on that name's addresses; the ``Host`` check answers
  ``localhost``, loopback addresses and that name only (students type ``http://teacher-pc.local:8866/``);
* an address (``--host 0.0.0.0``, ``--host 192.168.1.10``): jupyter-server compares an address in a
  ``Host`` header with loopback only and cannot be told another one, so the check is off
  (``allow_remote_access``); the kernel cap, the culling and the app-only routes still hold.

Nothing but the app is served either way: Voilà, given one notebook, has no tree, no contents API and
no file browser, and ``app/voila.json`` serves no file of ``app/`` (``file_allowlist`` is empty).
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

REPO = Path(__file__).resolve().parents[1]
APP_NOTEBOOK = REPO / "app" / "bridgelaws.ipynb"
APP_CONFIG_DIR = REPO / "app"
BUILD = REPO / "build"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8866


class CappedKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with a limit on the kernels alive at once (one per open page)."""

    max_kernels = Integer(40, config=True, help=(
        "The most kernels alive at once (one per open page of the app, about 65 MB each); a page "
        "opened beyond it gets HTTP 503 and starts nothing. 0 or less: no limit."))

    # jupyter_client types start_kernel as synchronous; the server's managers are asynchronous.
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        if self.max_kernels > 0 and len(self.list_kernel_ids()) >= self.max_kernels:
            raise web.HTTPError(503, reason=(
                f"The app is full: {self.max_kernels} pages are open, the most this server allows. "
                "Close a page of the app, or try again in a minute."))
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def host_check_settings(host: str) -> dict[str, Any]:
    """The tornado settings of the ``Host`` check for a server listening on ``host`` (module doc)."""
    if is_loopback(host):
        return {"allow_remote_access": False, "local_hostnames": ["localhost"]}
    if is_address(host):
        return {"allow_remote_access": True}
    return {"allow_remote_access": False, "local_hostnames": ["localhost", host.lower()]}


def app_config(host: str, config_dir: Path = APP_CONFIG_DIR) -> dict[str, Any]:
    """The app's configuration (``config_dir/voila.json``) with the ``Host`` check for ``host``."""
    config: dict[str, Any] = json.loads((config_dir / "voila.json").read_text(encoding="utf-8"))
    voila = dict(config.get("Voila", {}))
    settings = dict(voila.get("tornado_settings", {}))
    settings.pop("allow_remote_access", None)
    settings.pop("local_hostnames", None)
    voila["tornado_settings"] = {**settings, **host_check_settings(host)}
    return {**config, "Voila": voila}


def config_dir_for(host: str, config_dir: Path = APP_CONFIG_DIR, build: Path = BUILD) -> Path:
    """The folder of the configuration to serve ``host`` with: ``config_dir`` itself for a loopback
    host, else ``build/serve-<host>/`` with a ``voila.json`` written from :func:`app_config`.

    (A ``--Voila.tornado_settings`` on the command line cannot carry the settings: traitlets reads a
    dictionary there as strings, and ``"False"`` would be true.)"""
    if is_loopback(host):
        return config_dir
    folder = build / ("serve-" + "".join(c if c.isalnum() or c in ".-" else "_" for c in host))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "voila.json").write_text(json.dumps(app_config(host, config_dir), indent=2) + "\n", encoding="utf-8")
    return folder


def warning(host: str, port: int) -> str | None:
    """The line printed when the app is served beyond this machine (None for a loopback host)."""
    if is_loopback(host):
        return None
    check = ("the Host check is off (an address cannot be checked)" if is_address(host)
             else f"it answers only to the names localhost and {host}")
    return (f"WARNING: serving the app to the network on {host}:{port}: anyone who can reach this machine "
            f"can open it (no password); {check}; at most the configured number of kernels "
            f"(CappedKernelManager.max_kernels in app/voila.json) run at once.")


def voila_command(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                  config_dir: Path = APP_CONFIG_DIR, notebook: Path = APP_NOTEBOOK) -> list[str]:
    """The Voilà command that serves the app on ``host:port`` with ``config_dir/voila.json``."""
    voila = Path(sys.executable).with_name("voila")
    return [str(voila), str(notebook), "--no-browser", f"--port={port}", f"--Voila.ip={host}",
            f"--Voila.config_file_paths={config_dir_for(host, config_dir)}"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bridgelaws.serving", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help="the address or name to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--print-command", action="store_true",
                        help="print the Voilà command, one argument a line, and start nothing")
    args = parser.parse_args(argv)
    host = args.host.strip() or DEFAULT_HOST
    command = voila_command(host, args.port)
    line = warning(host, args.port)
    if line:
        print(line, file=sys.stderr, flush=True)
    if args.print_command:
        print("\n".join(command))
        return 0
    os.execv(command[0], command)
    return 0  # not reached: execv replaces this process with Voilà


if __name__ == "__main__":
    sys.exit(main())
