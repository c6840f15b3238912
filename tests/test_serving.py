"""The served app's settings (issue 13 §1): the Host check per HOST, the warning line, the kernel cap,
and the settings of app/voila.json that shut kernels down and cull them. What needs a running server
and a browser is in tests/test_browser.py."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from tornado import web

from bridgelaws.interfaces import serving

REPO = Path(__file__).resolve().parents[1]
CONFIG = json.loads((REPO / "app" / "voila.json").read_text(encoding="utf-8"))


def test_the_app_accepts_the_pages_own_shutdown_request_and_culls_idle_kernels():
    # Voila's front end sends the shutdown beacon with an _xsrf value read from a cookie this server
    # never sets: without disable_check_xsrf every shutdown request was refused (403) and each page
    # load left a kernel behind.
    settings = CONFIG["Voila"]["tornado_settings"]
    assert settings["disable_check_xsrf"] is True
    culling = CONFIG["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]
    assert CONFIG["VoilaConfiguration"]["multi_kernel_manager_class"] == "bridgelaws.interfaces.serving.CappedKernelManager"
    assert CONFIG["CappedKernelManager"]["max_kernels"] >= 30  # a class of thirty
    assert CONFIG["VoilaConfiguration"]["file_allowlist"] == []  # no file of app/ is served
    # On a loaded server (a class, or the tests beside other work) a cell's widget arrived after
    # nbclient's default 4 s wait for output, and the page came without its stepper.
    assert CONFIG["VoilaExecutor"]["iopub_timeout"] >= 30


@pytest.mark.parametrize("host, expected", [
    ("127.0.0.1", {"allow_remote_access": False, "local_hostnames": ["localhost"]}),
    ("localhost", {"allow_remote_access": False, "local_hostnames": ["localhost"]}),
    ("::1", {"allow_remote_access": False, "local_hostnames": ["localhost"]}),
    ("teacher-pc.local", {"allow_remote_access": False, "local_hostnames": ["localhost", "teacher-pc.local"]}),
    ("Teacher-PC", {"allow_remote_access": False, "local_hostnames": ["localhost", "teacher-pc"]}),
    ("0.0.0.0", {"allow_remote_access": True}),
    ("192.168.1.10", {"allow_remote_access": True}),
])
def test_the_host_check_follows_the_host(host, expected):
    assert serving.host_check_settings(host) == expected


def test_a_classroom_host_gets_its_own_config_with_everything_else_kept(tmp_path):
    folder = serving.config_dir_for("0.0.0.0", build=tmp_path)
    written = json.loads((folder / "voila.json").read_text(encoding="utf-8"))
    assert written["Voila"]["tornado_settings"] == {"disable_check_xsrf": True, "allow_remote_access": True,
                                                    "ws_ping_interval": 15000, "ws_ping_timeout": 30000}
    for section in ("VoilaConfiguration", "CappedKernelManager", "MappingKernelManager"):
        assert written[section] == CONFIG[section]
    named = json.loads((serving.config_dir_for("teacher-pc.local", build=tmp_path) / "voila.json").read_text())
    assert named["Voila"]["tornado_settings"]["local_hostnames"] == ["localhost", "teacher-pc.local"]
    assert named["Voila"]["tornado_settings"]["allow_remote_access"] is False
    # The default host serves the committed configuration itself, and writes nothing.
    assert serving.config_dir_for("127.0.0.1", build=tmp_path / "none") == REPO / "app"
    assert not (tmp_path / "none").exists()


def _make_app_command(*variables: str) -> list[str]:
    dry_run = subprocess.run(["make", "-s", "-n", "app", *variables], cwd=REPO, capture_output=True, text=True,
                             timeout=60)
    return dry_run.stdout.strip().splitlines()[-1].split()


def test_make_app_defaults_to_localhost_and_host_is_passed_through():
    assert _make_app_command()[-2:] == ["--host=127.0.0.1", "--port=8866"]
    assert _make_app_command("HOST=0.0.0.0", "PORT=9001")[-2:] == ["--host=0.0.0.0", "--port=9001"]


def test_make_app_with_a_host_prints_a_warning_and_builds_its_config():
    command = _make_app_command("HOST=0.0.0.0", "PORT=9001")
    command[0] = str(REPO / command[0])
    result = subprocess.run([*command, "--print-command"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    warning = result.stderr.strip().splitlines()
    assert len(warning) == 1 and warning[0].startswith("WARNING: serving the app to the network on 0.0.0.0:9001")
    # Issue 32 §5: the line names both caps, with their values and the settings that change them.
    caps = CONFIG["CappedKernelManager"]
    assert (f"pages open at once: at most {caps['max_kernels']} (MAX_KERNELS={caps['max_kernels']})" in warning[0]
            and f"from one address: at most {caps['max_kernels_per_client']} "
                f"(MAX_PER_ADDRESS={caps['max_kernels_per_client']};" in warning[0])
    assert "make app MAX_KERNELS=N MAX_PER_ADDRESS=N" in warning[0]
    voila = result.stdout.splitlines()
    assert "--Voila.ip=0.0.0.0" in voila and "--port=9001" in voila
    config_dir = Path(next(a for a in voila if a.startswith("--Voila.config_file_paths=")).split("=", 1)[1])
    assert config_dir == REPO / "build" / "serve-0.0.0.0"
    assert json.loads((config_dir / "voila.json").read_text())["Voila"]["tornado_settings"]["allow_remote_access"]
    # The default host: no warning, the committed configuration.
    local = subprocess.run([sys.executable, "-m", "bridgelaws.interfaces.serving", "--print-command"], cwd=REPO,
                           capture_output=True, text=True, timeout=60)
    assert local.stderr == "" and f"--Voila.config_file_paths={REPO / 'app'}" in local.stdout.splitlines()
    assert "--Voila.ip=127.0.0.1" in local.stdout.splitlines()


def test_the_kernel_cap_refuses_a_page_beyond_it(monkeypatch):
    manager = serving.CappedKernelManager(max_kernels=3)
    started = []

    async def start(self, *args, **kwargs):
        started.append(kwargs)
        self._kernels["new-kernel"] = _Kernel()  # as jupyter_client lists a kernel it has started
        return "new-kernel"

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(manager, "list_kernel_ids", lambda: ["a", "b"])
    assert asyncio.run(manager.start_kernel(kernel_name="python3")) == "new-kernel"
    monkeypatch.setattr(manager, "list_kernel_ids", lambda: ["a", "b", "c"])
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    assert refused.value.status_code == 503 and "3 pages are open" in refused.value.reason
    assert len(started) == 1


# --- issue 22 (the served app) and issue 25 §2: kernels that no page holds, and one client's share ---

def test_the_settings_free_a_kernel_no_page_holds_in_time_and_bound_an_open_page_idle():
    # Issue 22: a kernel whose page never connects is shut down within a minute; one whose page went
    # away within two minutes, busy or not. Issue 25 §2 kept an open idle page for a lesson (three
    # hours); issue 37 bounds it to half an hour by default (make app IDLE_MINUTES=N for a lesson).
    reaper = CONFIG["CappedKernelManager"]
    # never connected: the reaper sees it first_connection_timeout after the render's last activity,
    # at its next look at the latest; then jupyter_client's 5 s wait for a kernel to stop.
    assert reaper["first_connection_timeout"] + reaper["reap_interval"] + 5 <= 60
    # gone without a word (a browser killed, a laptop closed): the websocket's pings find the silent
    # connection within ping timeout + one ping interval; then disconnected_timeout, the reaper's next
    # look, and jupyter_client's 5 s wait for a kernel to stop before it is killed.
    settings = CONFIG["Voila"]["tornado_settings"]
    silent = (settings["ws_ping_timeout"] + settings["ws_ping_interval"]) / 1000
    assert silent + reaper["disconnected_timeout"] + reaper["reap_interval"] + 5 <= 120
    assert reaper["disconnected_timeout"] >= 3 * settings["ws_ping_interval"] / 1000  # a reload, a short drop of the network
    # an open page: only jupyter-server's idle culler ends it, after half an hour without a message,
    # whatever holds its websocket (issue 37: a script held its kernels past every reaper); a teacher
    # keeps idle pages through a lesson with make app IDLE_MINUTES=100.
    culling = CONFIG["MappingKernelManager"]
    assert 20 * 60 <= culling["cull_idle_timeout"] <= 30 * 60 and culling["cull_busy"] is False
    assert culling["cull_connected"] is True and culling["cull_interval"] <= 60
    assert "--MappingKernelManager.cull_idle_timeout=6000" in serving.voila_command(idle_minutes=100)
    assert 1 <= CONFIG["CappedKernelManager"]["max_kernels_per_client"] <= 5  # "a few"


class _Kernel(SimpleNamespace):
    pass


def _manager_with(kernels, **settings):
    """A CappedKernelManager that believes it runs ``kernels``: id -> (connections, seconds since the last
    activity, seconds since the start, connected once?, seconds since the last connection closed)."""
    from jupyter_server._tz import utcnow

    manager = serving.CappedKernelManager(**settings)
    now = time.monotonic()
    for kernel_id, (connections, quiet, age, once, gone) in kernels.items():
        manager._kernels[kernel_id] = _Kernel(last_activity=utcnow() - timedelta(seconds=quiet))
        manager._kernel_connections[kernel_id] = connections
        manager._started[kernel_id] = now - age
        if once:
            manager._connected_once.add(kernel_id)
        if gone is not None:
            manager._unconnected_since[kernel_id] = now - gone
    return manager, now


def test_the_reaper_takes_the_kernels_no_page_holds_and_leaves_the_open_pages():
    manager, now = _manager_with({
        "plain-get": (0, 50, 60, False, None),        # never connected, its render ended 50 s ago
        "still-rendering": (0, 2, 60, False, None),    # never connected, busy with its render 2 s ago
        "new": (0, 50, 10, False, None),               # just started (activity clock older: the start counts)
        "open-idle": (1, 6 * 3600, 7 * 3600, True, None),  # an open page, idle for six hours
        "closed-busy": (0, 0, 600, True, 46),          # its page went 46 s ago, the kernel busy this second
        "reloading": (0, 0, 600, True, 10),            # its page went 10 s ago
    })
    # The defaults are app/voila.json's: 40 s without a first connection, 45 s without a page.
    assert manager.first_connection_timeout == 40 and manager.disconnected_timeout == 45
    reaped = dict(manager.unheld(now))
    assert sorted(reaped) == ["closed-busy", "plain-get"]
    assert "never connected" in reaped["plain-get"] and "gone for 46 s" in reaped["closed-busy"]


def test_a_page_that_connects_again_keeps_its_kernel():
    manager, now = _manager_with({"k": (0, 0, 600, False, None)})
    manager.notify_connect("k")
    manager.notify_disconnect("k")  # a reload or a short drop: the clock starts at the last closing
    assert manager._unconnected_since["k"] <= time.monotonic()
    manager.notify_connect("k")
    assert manager.unheld(time.monotonic() + 3600) == []  # connected again: held, however long


def test_one_client_address_holds_at_most_its_share_of_kernels(monkeypatch):
    # Issue 22: eighteen plain GET requests filled the 40-kernel cap. Each address gets
    # max_kernels_per_client; requests that arrive together are counted before any kernel exists.
    manager = serving.CappedKernelManager(max_kernels=40, max_kernels_per_client=2)
    started = iter(f"kernel-{n}" for n in range(100))

    async def start(self, *args, **kwargs):
        await asyncio.sleep(0.05)  # the kernel takes a while to start: the other requests arrive meanwhile
        kernel_id = next(started)
        self._kernels[kernel_id] = _Kernel()
        return kernel_id

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(manager, "_start_reaper", lambda: None)

    async def visit(address):
        serving.CappedKernelManager.note_client(address)
        try:
            return await manager.start_kernel(kernel_name="python3")
        except web.HTTPError as refused:
            return refused

    async def class_of(*addresses):
        # each visit in a task of its own, as tornado runs each request
        return await asyncio.gather(*(asyncio.ensure_future(visit(a)) for a in addresses))

    results = asyncio.run(class_of(*["10.0.0.5"] * 18, "10.0.0.6"))
    refused = [r for r in results[:18] if isinstance(r, web.HTTPError)]
    assert len(refused) == 16 and {r.status_code for r in refused} == {429}
    assert "2 are open" in refused[0].reason
    assert isinstance(results[18], str)  # another address is served
    assert len(manager.kernels_of("10.0.0.5")) == 2 and len(manager.kernels_of("10.0.0.6")) == 1
    # A kernel shut down gives its place back at once, while it is still stopping.
    manager._leaving.add(manager.kernels_of("10.0.0.5")[0])
    assert isinstance(asyncio.run(class_of("10.0.0.5"))[0], str)


class _Handler:
    """A page's request as Voila's handler holds it: the address, the query's arguments, and the
    error page tornado writes (its own: a line in ``written``)."""

    def __init__(self, remote_ip: str, **arguments: str) -> None:
        self.close_callbacks = []  # what tornado's connection calls when the browser has gone
        self.request = SimpleNamespace(remote_ip=remote_ip,
                                       connection=SimpleNamespace(set_close_callback=self.close_callbacks.append))
        self.arguments, self.written, self.headers = arguments, [], {}

    def get_argument(self, name, default=None):
        return self.arguments.get(name, default)

    def set_header(self, name, value):
        self.headers[name] = value

    def write(self, text):
        self.written.append(text)

    def write_error(self, status_code, **kwargs):
        self.written.append(f"the server's own page: {status_code}")

    def on_connection_close(self):
        pass

    def on_finish(self):
        pass


def test_voilas_prelaunch_hook_tells_the_manager_the_visitors_address():
    from traitlets.config import Configurable
    from voila.configuration import VoilaConfiguration

    seen = []

    class App(Configurable):
        pass

    app = App()
    app.voila_configuration = VoilaConfiguration(prelaunch_hook=lambda handler, notebook, cwd: seen.append(cwd))
    serving.CappedKernelManager(parent=app)
    handler = _Handler("192.168.1.23")
    app.voila_configuration.prelaunch_hook(handler, notebook=None, cwd="app")
    assert serving._CLIENT.get() == "192.168.1.23"
    assert seen == ["app"]  # a hook set in the configuration still runs


def test_a_busy_port_stops_the_app_with_one_line_and_starts_nothing(capsys, monkeypatch):
    # Issue 25: `make app PORT=N` on a busy port moved to another port (Voila's port_retries).
    monkeypatch.setattr(serving.os, "execv", lambda *a: pytest.fail("Voila was started"))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert serving.main([f"--port={port}"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.splitlines() == [
        f"the app cannot start: port {port} on 127.0.0.1 is busy (another program listens there): stop it, "
        f"or choose another port, e.g. make app PORT={port + 1}"]
    # Should the port be taken between the check and Voila's start, Voila stops too (no retries).
    assert "--Voila.port_retries=0" in serving.voila_command(port=port)
    # A free port goes on to Voila.
    started = []
    monkeypatch.setattr(serving.os, "execv", lambda *a: started.append(a))
    assert serving.main([f"--port={port}"]) == 0 and f"--port={port}" in started[0][1]


@pytest.mark.parametrize("port", ["70000", "0", "-1", "http", "\u0665"])
def test_a_port_that_is_no_port_is_one_line(port, capsys):
    with pytest.raises(SystemExit) as stopped:
        serving.main([f"--port={port}", "--print-command"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        f"argument --port: {port!r} is not a port (a number from 1 to 65535)")


def test_the_reaper_shuts_the_unheld_kernels_down_together_and_one_failure_stops_none(monkeypatch):
    manager, _ = _manager_with({f"gone-{n}": (0, 0, 600, True, 0) for n in range(4)} | {"open": (1, 0, 600, True, None)},
                               disconnected_timeout=0)
    running, most, stopped = [0], [0], []

    async def shutdown(self, kernel_id, *args, **kwargs):
        running[0] += 1
        most[0] = max(most[0], running[0])
        await asyncio.sleep(0.05)
        running[0] -= 1
        if kernel_id == "gone-0":
            raise RuntimeError("no such kernel")
        stopped.append(kernel_id)

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    asyncio.run(manager.reap())
    assert sorted(stopped) == ["gone-1", "gone-2", "gone-3"] and most[0] == 4  # together, not one after another
    assert manager._leaving == set() and "gone-0" not in manager._connected_once


def test_at_its_share_a_client_gets_the_place_of_its_own_page_that_has_gone(monkeypatch):
    # A tab closed without its request, or a page reloaded: its kernel (connected once, no connection
    # now) makes room at once for the same address's new page. Open pages, and pages that never
    # connected (plain GETs), keep their places: the next request is refused.
    manager, _ = _manager_with({"open": (1, 0, 600, True, None), "plain": (0, 0, 5, False, None),
                                "closed": (0, 0, 600, True, 2), "other": (0, 0, 600, True, 3)},
                               max_kernels_per_client=3)
    manager._client.update({"open": "10.0.0.5", "plain": "10.0.0.5", "closed": "10.0.0.5", "other": "10.0.0.9"})
    stopped = []

    async def shutdown(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)
        del self._kernels[kernel_id]

    async def start(self, *args, **kwargs):
        self._kernels["new"] = _Kernel()
        return "new"

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(manager, "_start_reaper", lambda: None)

    async def visit():
        serving.CappedKernelManager.note_client("10.0.0.5")
        try:
            return await manager.start_kernel(kernel_name="python3")
        finally:
            await asyncio.sleep(0.01)  # the shutdown runs beside the start

    assert asyncio.run(visit()) == "new"
    assert stopped == ["closed"]  # not another address's kernel, not the open page, not the plain GET's
    assert sorted(manager.kernels_of("10.0.0.5")) == ["new", "open", "plain"]
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(visit())
    assert refused.value.status_code == 429 and stopped == ["closed"]


def test_a_full_server_gives_a_gone_pages_place_to_a_new_visitor(monkeypatch):
    manager, _ = _manager_with({"gone": (0, 0, 600, True, 1), "open": (1, 0, 600, True, None)}, max_kernels=2)
    stopped = []

    async def shutdown(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)

    async def start(self, *args, **kwargs):
        self._kernels["new"] = _Kernel()
        return "new"

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(manager, "_start_reaper", lambda: None)

    async def visit():
        serving.CappedKernelManager.note_client("10.0.0.7")
        kernel_id = await manager.start_kernel(kernel_name="python3")
        await asyncio.sleep(0.01)
        return kernel_id

    assert asyncio.run(visit()) == "new" and stopped == ["gone"]


# --- issue 32 §5: the served app for a class ---------------------------------------------------------

def test_make_app_takes_the_caps_as_options_and_never_edits_a_tracked_file():
    before = (REPO / "app" / "voila.json").read_bytes()
    command = _make_app_command("HOST=0.0.0.0", "MAX_KERNELS=60", "MAX_PER_ADDRESS=40")
    assert command[-4:] == ["--host=0.0.0.0", "--port=8866", "--max-kernels=60", "--max-per-address=40"]
    command[0] = str(REPO / command[0])
    result = subprocess.run([*command, "--print-command"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    voila = result.stdout.splitlines()
    assert voila[-2:] == ["--CappedKernelManager.max_kernels=60", "--CappedKernelManager.max_kernels_per_client=40"]
    assert "at most 60 (MAX_KERNELS=60)" in result.stderr and "at most 40 (MAX_PER_ADDRESS=40;" in result.stderr
    assert "from one address: no limit (MAX_PER_ADDRESS=0" in serving.warning("0.0.0.0", 8866, None, 0)
    assert (REPO / "app" / "voila.json").read_bytes() == before
    # Not given: nothing on Voila's command line, the file's caps hold.
    assert not [a for a in serving.voila_command() if a.startswith("--CappedKernelManager.")]


@pytest.mark.parametrize("value", ["x", "-1", "\u0665", "1e3"])
def test_a_cap_that_is_no_number_is_one_line(value, capsys):
    with pytest.raises(SystemExit) as stopped:
        serving.main([f"--max-per-address={value}", "--print-command"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        f"argument --max-per-address: {value!r} is not a number of pages (a whole number, 0: no limit)")


def _refused(manager, handler, monkeypatch):
    """The page of ``handler`` refused by ``manager``: what the handler writes."""
    from traitlets.config import Configurable
    from voila.configuration import VoilaConfiguration

    class App(Configurable):
        pass

    async def start(self, *args, **kwargs):
        return "never"

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    app = App()
    app.voila_configuration = VoilaConfiguration()
    manager.parent = app
    hook = manager._prelaunch_hook(None)
    hook(handler)
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    handler.write_error(refused.value.status_code, exc_info=(type(refused.value), refused.value, None))
    return refused.value, "".join(handler.written)


def test_the_refused_page_speaks_the_pages_language_to_the_pupil_and_the_teacher(monkeypatch):
    # Before: a bare English "429: Too many pages of the app from one address ... Close one of them".
    from html.parser import HTMLParser

    manager, _ = _manager_with({"open": (1, 0, 600, True, None)}, max_kernels_per_client=1)
    manager._client["open"] = "10.0.0.5"
    refused, page = _refused(manager, _Handler("10.0.0.5", lang="nl"), monkeypatch)
    assert refused.status_code == 429
    text = []
    parser = HTMLParser()
    parser.handle_data = text.append
    parser.feed(page)
    said = " ".join(text)
    assert '<html lang="nl">' in page
    assert "Te veel pagina's van de app vanaf deze computer" in said
    assert "vraag het je docent" in said  # the pupil: what to do
    assert "Voor de docent" in said and "make app MAX_PER_ADDRESS=40" in said  # the teacher: the setting
    assert "bridgelaws export-site" in said and "docs/teachers.md" in said  # and the static stepper
    # The server's cap, in English (no lang, or one the catalogue does not have).
    manager, _ = _manager_with({"a": (1, 0, 600, True, None), "b": (1, 0, 600, True, None)}, max_kernels=2)
    refused, page = _refused(manager, _Handler("10.0.0.7", lang="fr"), monkeypatch)
    assert refused.status_code == 503 and '<html lang="en">' in page
    assert "The app is full" in page and "ask your teacher" in page and "make app MAX_KERNELS=4" in page
    assert "bridgelaws export-site" in page


def test_other_errors_keep_the_servers_own_page():
    handler = _Handler("10.0.0.5", lang="nl")
    serving.speak_refusals(handler)
    error = web.HTTPError(404)
    handler.write_error(404, exc_info=(type(error), error, None))
    assert handler.written == ["the server's own page: 404"]


def test_a_real_server_answers_a_refused_page_in_the_pages_language(tmp_path):
    # Through Voila and tornado: the handler's error page is the one the manager gave it. Two page
    # loads at once from one address with a share of one: the second is refused before any kernel
    # of its own starts (the first's kernel is shut down when the server stops).
    import urllib.error
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    sys.path.insert(0, str(REPO / "tests"))
    from serving_helpers import free_port, start, stop

    port = free_port()
    command = serving.voila_command(port=port, max_per_address=1)
    process = start(command, f"http://127.0.0.1:{port}/voila/static/voila.js", tmp_path / "voila.log", REPO)

    def load(query: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/?{query}", timeout=120) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    try:
        with ThreadPoolExecutor(2) as pool:
            first = pool.submit(load, "lang=nl")
            time.sleep(0.5)
            second = load("lang=nl&scenario=1S")
            assert second[0] == 429 and '<html lang="nl">' in second[1] and "vraag het je docent" in second[1]
            assert first.result()[0] == 200
    finally:
        stop(process)


# --- issue 37: every page load answered, one count per kernel, quick reloads --------------------------

def _visiting(manager, address):
    async def visit():
        serving.CappedKernelManager.note_client(address)
        try:
            return await manager.start_kernel(kernel_name="python3")
        except web.HTTPError as refused:
            return refused
    return visit


def test_a_kernel_still_starting_is_counted_once(monkeypatch):
    # Issue 37: "503, 40 pages are open" with 37-39 open: jupyter_client lists a kernel as soon as its
    # process runs, while the manager still counted it among the starts.
    manager = serving.CappedKernelManager(max_kernels=3, max_kernels_per_client=0)

    async def start(self, *args, kernel_id=None, **kwargs):
        self._kernels[kernel_id] = _Kernel()  # listed at once ...
        await asyncio.sleep(0.05)  # ... and only then ready
        return kernel_id

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(manager, "_start_reaper", lambda: None)

    async def three_then_one():
        first = await asyncio.gather(*(asyncio.ensure_future(_visiting(manager, f"10.0.0.{n}")()) for n in range(3)))
        return first, await _visiting(manager, "10.0.0.9")()

    first, fourth = asyncio.run(three_then_one())
    assert all(isinstance(k, str) for k in first), first
    assert isinstance(fourth, web.HTTPError) and fourth.status_code == 503 and "3 pages are open" in fourth.reason
    assert len(manager._alive_ids()) == 3 and manager._starting == {}


class _Ready(asyncio.Future):
    pass


def test_a_kernel_that_fails_to_start_gives_its_place_back_and_the_page_an_answer(monkeypatch):
    # Issue 37: zmq's "Address already in use" (two kernels' ports collided), "Kernel died before replying
    # to kernel_info": the page waited minutes for a kernel that was not there, and its place stayed taken.
    manager = serving.CappedKernelManager(max_kernels=2, max_kernels_per_client=0)
    failures, stopped = [2], []

    async def start(self, *args, kernel_id=None, **kwargs):
        kernel = _Kernel(ready=asyncio.get_running_loop().create_future())
        if failures[0]:
            failures[0] -= 1
            kernel.ready.set_exception(RuntimeError("zmq.error.ZMQError: Address already in use"))
        else:
            kernel.ready.set_result(None)
        self._kernels[kernel_id] = kernel
        return kernel_id

    async def shutdown(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)
        del self._kernels[kernel_id]

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(serving.AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(manager, "_start_reaper", lambda: None)
    # Two failures in a row: HTTP 503 at once, both kernels shut down, no place taken.
    refused = asyncio.run(_visiting(manager, "10.0.0.5")())
    assert isinstance(refused, web.HTTPError) and refused.status_code == 503 and "load the page again" in refused.reason
    assert len(stopped) == 2 and manager._alive_ids() == [] and manager.kernels_of("10.0.0.5") == []
    from bridgelaws.interfaces.serving_pages import refused_page

    page = refused_page(refused, "nl")  # the page in the language of its address
    assert "De pagina kon niet worden gemaakt" in page and "vraag het je docent" in page
    # One failure, then a kernel that starts: the page is served, the failed kernel gone.
    failures[0] = 1
    served = asyncio.run(_visiting(manager, "10.0.0.5")())
    assert isinstance(served, str) and len(stopped) == 3 and manager._alive_ids() == [served]


def test_a_start_that_raises_gives_its_place_back(monkeypatch):
    manager = serving.CappedKernelManager(max_kernels=1, max_kernels_per_client=0)

    async def start(self, *args, kernel_id=None, **kwargs):
        raise OSError("Address already in use")

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    refused = asyncio.run(_visiting(manager, "10.0.0.5")())
    assert isinstance(refused, web.HTTPError) and refused.status_code == 503
    assert manager._starting == {} and manager._alive_ids() == []


def test_a_quick_reload_gives_the_place_of_the_page_it_replaces(monkeypatch):
    # Issue 37: quick reloads of one page locked the visitor out with 429 for about 40 s (the reloaded
    # pages never connected, and a page that never connected kept its place for first_connection_timeout).
    manager, now = _manager_with({"abandoned": (0, 0, 3, False, None), "rendered": (0, 0, 3, False, None),
                                  "plain": (0, 0, 3, False, None)},
                                 max_kernels_per_client=3, page_deadline=0, reload_grace=10)
    manager._client.update({k: "10.0.0.5" for k in ("abandoned", "rendered", "plain")})
    handlers = {k: _Handler("10.0.0.5") for k in ("abandoned", "rendered")}
    for kernel_id, handler in handlers.items():
        manager._watch_request(kernel_id, handler)
    handlers["abandoned"].close_callbacks[-1]()  # the browser left the page while it was made: a reload
    handlers["rendered"].on_finish()  # made whole a moment ago: its page may still connect
    stopped = []

    async def shutdown(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)
        del self._kernels[kernel_id]

    async def start(self, *args, kernel_id=None, **kwargs):
        self._kernels[kernel_id] = _Kernel()
        return kernel_id

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(manager, "_start_reaper", lambda: None)

    async def reload():
        result = await _visiting(manager, "10.0.0.5")()
        await asyncio.sleep(0.01)  # the shutdown runs beside the start
        return result

    assert isinstance(asyncio.run(reload()), str) and stopped == ["abandoned"]
    refused = asyncio.run(reload())  # the rendered page's request ended under reload_grace ago; "plain" has none
    assert isinstance(refused, web.HTTPError) and refused.status_code == 429 and stopped == ["abandoned"]
    manager._request_over["rendered"] = (time.monotonic() - 11, False)  # and now it is past its grace
    assert isinstance(asyncio.run(reload()), str) and stopped == ["abandoned", "rendered"]


def test_a_request_still_open_at_its_deadline_is_answered():
    import logging

    class Open(_Handler):
        _finished, _headers_written = False, False

        def clear(self):
            self.written.clear()

        def set_status(self, code, reason=None):
            self.status = (code, reason)

        def finish(self, text=""):
            self.written.append(text)
            self._finished = True

    waiting = Open("10.0.0.5")
    serving.end_request(waiting, "k", logging.getLogger("test"))
    assert waiting.status[0] == 503 and waiting._finished and "load it again" in waiting.written[-1]
    dutch = Open("10.0.0.5", lang="nl")  # before, English whatever the page's language
    serving.end_request(dutch, "k", logging.getLogger("test"))
    assert '<html lang="nl">' in dutch.written[-1] and "Het laden van de pagina duurde te lang" in dutch.written[-1]
    streaming = Open("10.0.0.5")
    streaming._headers_written = True
    closed = []
    streaming.request.connection = SimpleNamespace(close=lambda: closed.append(True))
    serving.end_request(streaming, "k", logging.getLogger("test"))
    assert closed == [True]
    done = Open("10.0.0.5")
    done._finished = True
    serving.end_request(done, "k", logging.getLogger("test"))
    assert done.written == []


def test_a_real_kernel_that_dies_before_it_answers_is_a_503_and_takes_no_place(tmp_path):
    # The kernel's process exits at once (as one whose ports were taken): before, start_kernel returned
    # it as started, and Voila's page waited for its kernel_info for minutes.
    from jupyter_client.kernelspec import KernelSpecManager

    (tmp_path / "dying").mkdir()
    (tmp_path / "dying" / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-c", "import sys; sys.exit(3)", "{connection_file}"],
        "display_name": "dying", "language": "python"}))
    manager = serving.CappedKernelManager(kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(tmp_path)]),
                                          root_dir=str(tmp_path), ready_timeout=20)

    async def visit():
        try:
            return await manager.start_kernel(kernel_name="dying")
        except web.HTTPError as refused:
            return refused

    refused = asyncio.run(visit())
    assert isinstance(refused, web.HTTPError) and refused.status_code == 503, refused
    assert manager._alive_ids() == [] and manager._starting == {}
