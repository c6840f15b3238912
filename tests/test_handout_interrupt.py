"""Issue 22 (low): Ctrl-C during ``handout -o FILE.pdf`` left Chromium's profile folder in the
temporary folder. Chromium is played here by a small program (``BRIDGELAWS_CHROMIUM``) that does what
makes the leftover: it starts a helper process that keeps writing into ``--user-data-dir``, as
Chromium's helpers do, and waits. The run is interrupted as a terminal's Ctrl-C interrupts it: SIGINT
to the Python process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

FAKE_CHROMIUM = r'''
import os, subprocess, sys, time
profile = next(a.split("=", 1)[1] for a in sys.argv if a.startswith("--user-data-dir="))
helper = subprocess.Popen([sys.executable, "-c", """
import os, sys, time
profile = sys.argv[1]
for n in range(6000):
    try:
        os.makedirs(profile, exist_ok=True)
        with open(os.path.join(profile, "Local State"), "w") as stream:
            stream.write(str(n))
    except OSError:
        pass
    time.sleep(0.01)
""", profile])
with open(os.environ["FAKE_CHROMIUM_PIDS"], "w") as stream:
    stream.write(f"{os.getpid()} {helper.pid}\n")
time.sleep(60)
'''


def _running(pid: int) -> bool:
    """``pid`` is a live process (not a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stream:
            return stream.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_ctrl_c_during_a_pdf_handout_leaves_no_profile_and_no_chromium(tmp_path):
    fake = tmp_path / "chromium"
    fake.write_text(f"#!{sys.executable}\n{FAKE_CHROMIUM}", encoding="utf-8")
    fake.chmod(0o755)
    temporary = tmp_path / "tmp"  # the run's TMPDIR: whatever it leaves is here
    temporary.mkdir()
    pids = tmp_path / "pids"
    env = {**os.environ, "BRIDGELAWS_CHROMIUM": str(fake), "TMPDIR": str(temporary), "FAKE_CHROMIUM_PIDS": str(pids)}
    out = tmp_path / "handout.pdf"
    run = subprocess.Popen([sys.executable, "-m", "bridgelaws", "handout", "1S 1H", "-o", str(out)], cwd=REPO,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    chromium = helper = 0
    try:
        deadline = time.monotonic() + 120
        while not (pids.exists() and pids.read_text().endswith("\n")):
            assert run.poll() is None and time.monotonic() < deadline, run.communicate()
            time.sleep(0.05)
        chromium, helper = map(int, pids.read_text().split())
        assert [p.name for p in temporary.iterdir()][0].startswith("bridgelaws-handout-")
        time.sleep(0.3)  # the helper is writing into the profile
        run.send_signal(signal.SIGINT)
        stdout, stderr = run.communicate(timeout=60)
        assert run.returncode == 130 and stderr.strip() == "bridgelaws: interrupted" and stdout == ""
        time.sleep(0.5)  # long enough for a helper left running to write again
        assert not _running(chromium) and not _running(helper)
        assert list(temporary.iterdir()) == []
        assert not out.exists() and [p.name for p in tmp_path.iterdir() if p.suffix == ".part"] == []
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        for pid in (chromium, helper):
            if pid and _running(pid):
                os.kill(pid, signal.SIGKILL)
