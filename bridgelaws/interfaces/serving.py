"""Serving the web app (``make app``): the Voilà command for a host and a port, and a cap on kernels.

    python -m bridgelaws.interfaces.serving                        # 127.0.0.1:8866, as `make app`
    python -m bridgelaws.interfaces.serving --host 0.0.0.0         # a classroom: every interface, with a warning
    python -m bridgelaws.interfaces.serving --print-command        # the Voilà command, one argument a line
    python -m bridgelaws.interfaces.serving --max-per-address 40   # a class behind one router (make app MAX_PER_ADDRESS=40)

Every page load of the app starts a kernel (a Python process of about 65 MB: ``make bench-app``).
The settings that keep that in bounds are in ``app/voila.json``: the page's own shutdown request on
close is accepted (Voilà's front end sends it without the ``_xsrf`` cookie, which this server never
sets; docs/teachers.md says why accepting it is safe here); :class:`CappedKernelManager` shuts down
a kernel whose page never connected (40 s after its render) or has gone (45 s without a connection,
busy or not; the websocket's pings close a silent one within 45 s), refuses a page beyond
``max_kernels`` open at once (HTTP 503) or beyond ``max_kernels_per_client`` for one address (HTTP
429) rather than filling the memory (the caps: ``make app MAX_KERNELS=N MAX_PER_ADDRESS=N``, given to
Voilà on its command line; the page refused says why in the language of its address, ``?lang=nl``,
to the pupil and to the teacher: :func:`refused_page`); an open page keeps its kernel until it has been
idle for 30 minutes (``make app IDLE_MINUTES=N``), whatever holds its connection. A busy
port stops ``make app`` with one line; it never moves to another port. The bounds measured:
docs/robustness.md, "The served app".

The host is an explicit choice. ``127.0.0.1`` (the default) answers only this machine, and only to a
local ``Host`` header (``localhost`` or a loopback address), which keeps a page of another site that
rebinds its name to 127.0.0.1 out. Any other host serves the network and prints a warning line:

* a name (``--host teacher-pc.local``): listens on that name's addresses; the ``Host`` check answers
  ``localhost``, loopback addresses and that name only (students type ``http://teacher-pc.local:8866/``);
* an address (``--host 0.0.0.0``, ``--host 192.168.1.10``): jupyter-server compares an address in a
  ``Host`` header with loopback only and cannot be told another one, so the check is off
  (``allow_remote_access``); the kernel caps, the reaper and the app-only routes still hold.

Nothing but the app is served either way: Voilà, given one notebook, has no tree, no contents API and
no file browser, and ``app/voila.json`` serves no file of ``app/`` (``file_allowlist`` is empty).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import errno
import ipaddress
import json
import os
import socket
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server._tz import utcnow
from tornado import web
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Integer

from .serving_pages import PagesRefused, end_request, speak_refusals

REPO = Path(__file__).resolve().parents[2]
APP_NOTEBOOK = REPO / "app" / "bridgelaws.ipynb"
APP_CONFIG_DIR = REPO / "app"
BUILD = REPO / "build"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8866


#: The address of the visitor whose page is being rendered: set by :meth:`CappedKernelManager.note_client`
#: (Voila's ``prelaunch_hook``, which sees the request) and read by ``start_kernel`` in the same request.
_CLIENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("bridgelaws_client", default=None)
#: The request of that page (Voila's handler), likewise: what the manager watches of it (its end, its deadline).
_REQUEST: contextvars.ContextVar[Any] = contextvars.ContextVar("bridgelaws_request", default=None)


class CappedKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with limits on the kernels alive (one per open page), and a reaper of
    kernels that no page holds.

    * at most ``max_kernels`` at once, and at most ``max_kernels_per_client`` for one client address
      (a page beyond them gets HTTP 503 or 429 and starts nothing);
    * a kernel whose page never connects its websocket (a plain GET: a crawler, ``curl``, a page
      that failed) is shut down ``first_connection_timeout`` seconds after its last activity (the
      end of its render);
    * a kernel whose page had connected and has had no connection for ``disconnected_timeout``
      seconds (a tab closed without its shutdown request, a browser killed or gone off the network:
      the websocket pings of ``app/voila.json`` close a silent connection) is shut down, busy or not;
    * a page that stays connected keeps its kernel: only ``MappingKernelManager``'s idle culler
      (``cull_idle_timeout`` in ``app/voila.json``, 30 minutes without a message; ``make app
      IDLE_MINUTES=N``) ends it, whatever holds its websocket (a browser, or a script).

    The reaper looks every ``reap_interval`` seconds. All of it is configurable (``app/voila.json``,
    or ``--CappedKernelManager.NAME=VALUE`` on Voila's command line; the tests use seconds)."""

    max_kernels = Integer(40, config=True, help=(
        "The most kernels alive at once (one per open page of the app, about 65 MB each); a page "
        "opened beyond it gets HTTP 503 and starts nothing. 0 or less: no limit."))
    max_kernels_per_client = Integer(5, config=True, help=(
        "The most kernels one client address may hold at once; its next page gets HTTP 429 and starts "
        "nothing. 0 or less: no limit. (Behind a proxy every visitor has the proxy's address.)"))
    first_connection_timeout = Float(40.0, config=True, help=(
        "Seconds after its last activity that a kernel whose page never connected is shut down."))
    disconnected_timeout = Float(45.0, config=True, help=(
        "Seconds without a connection after which a kernel whose page had connected is shut down, "
        "busy or not."))
    reap_interval = Float(5.0, config=True, help="Seconds between two looks of the reaper.")
    ready_timeout = Float(30.0, config=True, help=(
        "Seconds a new kernel has to answer its first request (kernel_info) before it counts as failed: "
        "it is shut down, its place given back, and the start tried once more; then HTTP 503."))
    page_deadline = Float(240.0, config=True, help=(
        "Seconds after which a page's request still unanswered is ended (HTTP 503 if nothing was sent yet, "
        "else its connection closed), whatever happened to its kernel. 0: none."))
    reload_grace = Float(10.0, config=True, help=(
        "Seconds after its request ended that a page which never connected may give its place to a new page "
        "of the same address at its share (a quick reload); a request the browser abandoned gives it at once."))

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._client: dict[str, str | None] = {}  # kernel -> the address that asked for its page
        self._started: dict[str, float] = {}  # kernel -> time.monotonic() at its start
        self._connected_once: set[str] = set()
        self._unconnected_since: dict[str, float] = {}  # kernel (once connected) -> when its last connection closed
        self._leaving: set[str] = set()  # kernels being shut down: no longer counted
        self._starting: dict[str, str | None] = {}  # kernel being started -> its client (its id chosen here)
        self._request_over: dict[str, tuple[float, bool]] = {}  # kernel -> (when its page's request ended, abandoned?)
        self._reaper: PeriodicCallback | None = None
        # Voila calls its prelaunch_hook with the request before it starts the page's kernel: the hook
        # is how the client's address reaches start_kernel (a hook set in the configuration still runs).
        configuration = getattr(self.parent, "voila_configuration", None)
        if configuration is not None:
            configuration.prelaunch_hook = self._prelaunch_hook(configuration.prelaunch_hook)

    def _prelaunch_hook(self, previous: Any) -> Any:
        def hook(handler: Any, notebook: Any = None, cwd: Any = None) -> Any:
            self.note_client(handler.request.remote_ip)
            _REQUEST.set(handler)
            speak_refusals(handler)
            return previous(handler, notebook=notebook, cwd=cwd) if previous else None
        return hook

    @staticmethod
    def note_client(address: str | None) -> None:
        """The page about to be rendered in this request is for ``address``."""
        _CLIENT.set(address)

    def kernels_of(self, client: str | None) -> list[str]:
        """The kernels alive (not being shut down) that ``client`` asked for, those being started included."""
        alive = [k for k, c in self._client.items() if c == client and k in self._kernels and k not in self._leaving]
        return alive + [k for k, c in self._starting.items() if c == client and k not in alive]

    # jupyter_client types start_kernel as synchronous; the server's managers are asynchronous.
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        client = _CLIENT.get()
        # Counted and reserved before the first await: requests that arrive together see each other.
        # A kernel being started is counted once, by the id chosen here (jupyter_client lists it among
        # the kernels before it is ready). When a cap is reached, kernels whose page has gone (connected
        # once, no connection now: a tab closed, a page reloaded) make room at once instead of waiting
        # out disconnected_timeout; at an address's share, so do its own pages that never connected and
        # whose request has ended (a quick reload).
        if self.max_kernels > 0 and not self._room(self._alive_ids(), self.max_kernels):
            raise PagesRefused("server", self.max_kernels, reason=(
                f"The app is full: {self.max_kernels} pages are open, the most this server allows. "
                "Close a page of the app, or try again in a minute."))
        if (client is not None and self.max_kernels_per_client > 0
                and not self._room(self.kernels_of(client), self.max_kernels_per_client, reloads=True)):
            raise PagesRefused("client", self.max_kernels_per_client, reason=(
                f"Too many pages of the app from one address: {self.max_kernels_per_client} are open, the "
                "most this server allows. Close one of them (a page left without closing gives its place "
                "back within two minutes)."))
        kernel_id = await self._start_ready(client, *args, **kwargs)
        self._client[kernel_id] = client
        self._started[kernel_id] = time.monotonic()
        self._watch_request(kernel_id, _REQUEST.get())
        self._start_reaper()
        return kernel_id

    async def _start_ready(self, client: str | None, *args: Any, **kwargs: Any) -> str:
        """Start a kernel and wait until it answers (:meth:`_not_ready`); one that fails (its ports taken
        by another process, a kernel that dies before it answers) is shut down and its place given back
        at once, and the start is tried once more; a second failure is HTTP 503."""
        for attempt in (1, 2):
            kernel_id = kwargs.pop("kernel_id", None) or self.new_kernel_id()
            self._starting[kernel_id] = client
            try:
                started: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
                problem = await self._not_ready(started)
            except web.HTTPError:
                raise
            except Exception as exc:  # the start itself failed (e.g. zmq's "Address already in use")
                started, problem = kernel_id, f"{type(exc).__name__}: {exc}"
            finally:
                del self._starting[kernel_id]
            if problem is None:
                return started
            self.log.warning("Kernel %s did not start (%s): its place is given back (attempt %d of 2).",
                             started, problem, attempt)
            await self._discard(started)
        raise PagesRefused("start", 0, reason="The page's kernel could not start (the server is busy): load the page again.")

    async def _not_ready(self, kernel_id: str) -> str | None:
        """Why the kernel just started cannot serve its page (None: it answered ``kernel_info``)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return "it is gone"
        ready = getattr(kernel, "ready", None)
        if isinstance(ready, asyncio.Future) and ready.done() and ready.exception() is not None:
            return f"{type(ready.exception()).__name__}: {ready.exception()}"
        if not hasattr(kernel, "client"):
            return None  # not a kernel of jupyter_client (the tests' stand-ins)
        client = kernel.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=self.ready_timeout)
        except (RuntimeError, TimeoutError, asyncio.TimeoutError) as exc:
            return f"{type(exc).__name__}: {exc}"
        finally:
            client.stop_channels()
        return None

    async def _discard(self, kernel_id: str) -> None:
        """Shut down a kernel that failed to start (or forget it, if it never was)."""
        if kernel_id in self._kernels:
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception as exc:  # noqa: BLE001 - a kernel that failed may fail to stop too
                self.log.warning("Could not shut down kernel %s: %s", kernel_id, exc)
                self._kernels.pop(kernel_id, None)
        self._forget(kernel_id)

    def _watch_request(self, kernel_id: str, handler: Any) -> None:
        """Note when the page's request of ``kernel_id`` ends (finished, or abandoned by the browser), and
        end it at ``page_deadline`` if it is still open then: every request is answered within a bound."""
        if handler is None:
            return
        previous_close, previous_finish = handler.on_connection_close, handler.on_finish

        def closed() -> None:
            self._request_over.setdefault(kernel_id, (time.monotonic(), True))
            previous_close()

        def finished() -> None:
            self._request_over.setdefault(kernel_id, (time.monotonic(), False))
            previous_finish()

        # tornado gave the connection the handler's bound method when the request came: the callback is
        # set again (the connection tells of a browser that went at the first write after it went).
        connection = getattr(handler.request, "connection", None)
        if connection is not None and hasattr(connection, "set_close_callback"):
            connection.set_close_callback(closed)
        handler.on_connection_close, handler.on_finish = closed, finished
        if self.page_deadline > 0:
            from tornado.ioloop import IOLoop

            IOLoop.current().call_later(self.page_deadline, end_request, handler, kernel_id, self.log)

    def _room(self, kernels: list[str], cap: int, reloads: bool = False) -> bool:
        """Whether one more kernel fits beside ``kernels`` under ``cap``, shutting down as many kernels of
        ``kernels`` whose page has gone as it takes (the longest gone first); with ``reloads``, also
        those whose page never connected and whose request has ended (abandoned, or over for
        ``reload_grace`` seconds). Synchronous: the kernels shut down are marked leaving before
        anything else runs."""
        over = len(kernels) + 1 - cap
        if over <= 0:
            return True
        now = time.monotonic()
        gone = [(self._unconnected_since.get(k, 0.0), k) for k in kernels
                if k in self._connected_once and not self._kernel_connections.get(k, 0)]
        if reloads:
            for k in kernels:
                ended, abandoned = self._request_over.get(k, (None, False))
                if (k not in self._connected_once and ended is not None
                        and (abandoned or now - ended >= self.reload_grace)):
                    gone.append((ended, k))
        if len(gone) < over:
            return False
        for _, kernel_id in sorted(gone)[:over]:
            self.log.warning("Shutting down kernel %s: its page has gone, and a new page needs its place.", kernel_id)
            self._leaving.add(kernel_id)
            asyncio.ensure_future(self._shut_down(kernel_id))
        return True

    def _alive_ids(self) -> list[str]:
        """The kernels alive, and those being started, each once."""
        alive = [k for k in self.list_kernel_ids() if k not in self._leaving]
        return alive + [k for k in self._starting if k not in alive]

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        if kernel_id in self._kernel_connections:
            self._connected_once.add(kernel_id)
            self._unconnected_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if self._kernel_connections.get(kernel_id, 1) <= 0:
            self._unconnected_since[kernel_id] = time.monotonic()

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        if kernel_id in self._leaving:  # the page's request and the reaper at once: the first does it
            return
        self._leaving.add(kernel_id)
        await self._shut_down(kernel_id, *args, **kwargs)

    async def _shut_down(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        """Shut down ``kernel_id``, already marked leaving."""
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        except Exception as exc:
            if kernel_id in self._kernels:
                raise
            self.log.debug("Kernel %s was gone already: %s", kernel_id, exc)
        finally:
            self._forget(kernel_id)

    def _forget(self, kernel_id: str) -> None:
        self._leaving.discard(kernel_id)
        self._client.pop(kernel_id, None)
        self._started.pop(kernel_id, None)
        self._connected_once.discard(kernel_id)
        self._unconnected_since.pop(kernel_id, None)
        self._request_over.pop(kernel_id, None)

    def _start_reaper(self) -> None:
        if self._reaper is None and self.reap_interval > 0:
            self._reaper = PeriodicCallback(self.reap, 1000 * self.reap_interval)
            self._reaper.start()

    def unheld(self, now: float | None = None) -> list[tuple[str, str]]:
        """The kernels no page holds, each with the reason it is shut down (see the class)."""
        now = time.monotonic() if now is None else now
        found = []
        for kernel_id in list(self._kernels):
            if kernel_id in self._leaving or self._kernel_connections.get(kernel_id, 0) > 0:
                continue
            if kernel_id in self._connected_once:
                gone = now - self._unconnected_since.get(kernel_id, now)
                if gone >= self.disconnected_timeout:
                    found.append((kernel_id, f"its page has been gone for {gone:.0f} s"))
                continue
            started = self._started.get(kernel_id, now)
            activity = getattr(self._kernels[kernel_id], "last_activity", None)
            quiet = (utcnow() - activity).total_seconds() if activity is not None else now - started
            if min(now - started, quiet) >= self.first_connection_timeout:
                found.append((kernel_id, f"its page never connected ({quiet:.0f} s without activity)"))
        return found

    async def reap(self) -> None:
        """Shut down the kernels no page holds (:meth:`unheld`), all at once."""
        for kernel_id in [k for k in self._client if k not in self._kernels and k not in self._leaving]:
            self._forget(kernel_id)  # removed by another way (a kernel that died)
        unheld = self.unheld()
        for kernel_id, reason in unheld:
            self.log.warning("Shutting down kernel %s: %s.", kernel_id, reason)
        done = await asyncio.gather(*(self.shutdown_kernel(k) for k, _ in unheld), return_exceptions=True)
        for (kernel_id, _), result in zip(unheld, done):
            if isinstance(result, BaseException):  # one kernel's failure must not stop the reaper
                self.log.warning("Could not shut down kernel %s: %s", kernel_id, result)


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


def caps(max_kernels: int | None = None, max_per_address: int | None = None,
         config_dir: Path = APP_CONFIG_DIR) -> tuple[int, int]:
    """The caps the app runs with: ``make app MAX_KERNELS=... MAX_PER_ADDRESS=...`` where given,
    else ``app/voila.json``'s (``CappedKernelManager.max_kernels``, ``max_kernels_per_client``)."""
    config = json.loads((config_dir / "voila.json").read_text(encoding="utf-8")).get("CappedKernelManager", {})
    return (int(config.get("max_kernels", 40)) if max_kernels is None else max_kernels,
            int(config.get("max_kernels_per_client", 5)) if max_per_address is None else max_per_address)


def _cap_words(value: int, what: str) -> str:
    return f"{what} no limit" if value <= 0 else f"{what} at most {value}"


def warning(host: str, port: int, max_kernels: int | None = None, max_per_address: int | None = None) -> str | None:
    """The line printed when the app is served beyond this machine (None for a loopback host): it
    names both caps and the settings of ``make app`` that change them."""
    if is_loopback(host):
        return None
    check = ("the Host check is off (an address cannot be checked)" if is_address(host)
             else f"it answers only to the names localhost and {host}")
    server, client = caps(max_kernels, max_per_address)
    return (f"WARNING: serving the app to the network on {host}:{port}: anyone who can reach this machine "
            f"can open it (no password); {check}; {_cap_words(server, 'pages open at once:')} "
            f"(MAX_KERNELS={server}), {_cap_words(client, 'from one address:')} (MAX_PER_ADDRESS={client}; a "
            "class behind one router or proxy shares one address): change them with make app "
            "MAX_KERNELS=N MAX_PER_ADDRESS=N (0: no limit).")


def voila_command(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                  config_dir: Path = APP_CONFIG_DIR, notebook: Path = APP_NOTEBOOK,
                  max_kernels: int | None = None, max_per_address: int | None = None,
                  idle_minutes: int | None = None) -> list[str]:
    """The Voilà command that serves the app on ``host:port`` with ``config_dir/voila.json``; the
    caps given override the file's on the command line (the tracked file is never edited)."""
    voila = Path(sys.executable).with_name("voila")
    # port_retries=0: a busy port stops the server (Voila would move to the next free one, and the
    # class would be told the wrong address); main() says so in one line before Voila starts.
    command = [str(voila), str(notebook), "--no-browser", f"--port={port}", "--Voila.port_retries=0",
               f"--Voila.ip={host}", f"--Voila.config_file_paths={config_dir_for(host, config_dir)}"]
    if max_kernels is not None:
        command.append(f"--CappedKernelManager.max_kernels={max_kernels}")
    if max_per_address is not None:
        command.append(f"--CappedKernelManager.max_kernels_per_client={max_per_address}")
    if idle_minutes is not None:
        command.append(f"--MappingKernelManager.cull_idle_timeout={60 * idle_minutes}")
    return command


def port_problem(host: str, port: int) -> str | None:
    """Why the app cannot listen on ``host:port`` (one line), or None if it can: each address of
    ``host`` is bound as tornado's ``bind_sockets`` binds it (``SO_REUSEADDR``, IPv6 only on an IPv6
    socket, ``::1`` skipped where IPv6 is off) and released at once."""
    try:
        addresses = set(socket.getaddrinfo(host or None, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0,
                                           socket.AI_PASSIVE))
    except (OSError, UnicodeError) as exc:
        return f"the name {host} does not resolve ({getattr(exc, 'strerror', None) or exc})"
    for family, kind, proto, _name, address in sorted(addresses, key=lambda a: a[0]):
        try:
            sock = socket.socket(family, kind, proto)
        except OSError:
            continue  # a family this machine does not have
        with sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRNOTAVAIL and host == "localhost" and address[0] == "::1":
                    continue
                if exc.errno == errno.EADDRINUSE:
                    return (f"port {port} on {host} is busy (another program listens there): stop it, "
                            f"or choose another port, e.g. make app PORT={port + 1 if port < 65535 else 8866}")
                if exc.errno == errno.EACCES:
                    return (f"port {port} on {host} is not open to this user (a port below 1024 needs "
                            "root): choose another, e.g. make app PORT=8866")
                return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    return None


def _port(text: str) -> int:
    try:
        port = int(text, 10)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535 or not text.strip().isascii():
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (a number from 1 to 65535)")
    return port


def _cap(text: str) -> int:
    if not (text.strip().isascii() and text.strip().isdigit()) or len(text.strip()) > 6:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of pages (a whole number, 0: no limit)")
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bridgelaws.interfaces.serving", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help="the address or name to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help="the port (default 8866); a busy port stops with one line, never moves to another")
    parser.add_argument("--max-kernels", type=_cap, default=None, metavar="N",
                        help="pages of the app open at once (make app MAX_KERNELS=N; default: app/voila.json's)")
    parser.add_argument("--max-per-address", type=_cap, default=None, metavar="N",
                        help="pages open from one address (make app MAX_PER_ADDRESS=N; default: app/voila.json's)")
    parser.add_argument("--idle-minutes", type=_cap, default=None, metavar="N",
                        help="minutes without a message after which an open page's kernel is shut down "
                             "(make app IDLE_MINUTES=N; default: app/voila.json's, 30; 0: never)")
    parser.add_argument("--print-command", action="store_true",
                        help="print the Voilà command, one argument a line, and start nothing")
    args = parser.parse_args(argv)
    host = args.host.strip() or DEFAULT_HOST
    command = voila_command(host, args.port, max_kernels=args.max_kernels, max_per_address=args.max_per_address,
                            idle_minutes=args.idle_minutes)
    line = warning(host, args.port, args.max_kernels, args.max_per_address)
    if line:
        print(line, file=sys.stderr, flush=True)
    if args.print_command:
        print("\n".join(command))
        return 0
    problem = port_problem(host, args.port)
    if problem:
        print(f"the app cannot start: {problem}", file=sys.stderr, flush=True)
        return 1
    os.execv(command[0], command)
    return 0  # not reached: execv replaces this process with Voilà


if __name__ == "__main__":
    sys.exit(main())
