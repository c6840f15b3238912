"""The served app's settings (issue 13 §1): the Host check per HOST, the warning line, the kernel cap,
and the settings of app/voila.json that shut kernels down and cull them. What needs a running server
and a browser is in tests/test_browser.py."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from tornado import web

from bridgelaws import serving

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
    assert culling["cull_connected"] is False  # an open page keeps its kernel
    assert CONFIG["VoilaConfiguration"]["multi_kernel_manager_class"] == "bridgelaws.serving.CappedKernelManager"
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
    assert written["Voila"]["tornado_settings"] == {"disable_check_xsrf": True, "allow_remote_access": True}
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
    voila = result.stdout.splitlines()
    assert "--Voila.ip=0.0.0.0" in voila and "--port=9001" in voila
    config_dir = Path(next(a for a in voila if a.startswith("--Voila.config_file_paths=")).split("=", 1)[1])
    assert config_dir == REPO / "build" / "serve-0.0.0.0"
    assert json.loads((config_dir / "voila.json").read_text())["Voila"]["tornado_settings"]["allow_remote_access"]
    # The default host: no warning, the committed configuration.
    local = subprocess.run([sys.executable, "-m", "bridgelaws.serving", "--print-command"], cwd=REPO,
                           capture_output=True, text=True, timeout=60)
    assert local.stderr == "" and f"--Voila.config_file_paths={REPO / 'app'}" in local.stdout.splitlines()
    assert "--Voila.ip=127.0.0.1" in local.stdout.splitlines()


def test_the_kernel_cap_refuses_a_page_beyond_it(monkeypatch):
    manager = serving.CappedKernelManager(max_kernels=3)
    started = []

    async def start(self, *args, **kwargs):
        started.append(kwargs)
        return "new-kernel"

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(manager, "list_kernel_ids", lambda: ["a", "b"])
    assert asyncio.run(manager.start_kernel(kernel_name="python3")) == "new-kernel"
    monkeypatch.setattr(manager, "list_kernel_ids", lambda: ["a", "b", "c"])
    with pytest.raises(web.HTTPError) as refused:
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    assert refused.value.status_code == 503 and "3 pages are open" in refused.value.reason
    assert len(started) == 1
