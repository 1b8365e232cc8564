"""The README's first command, ``scripts/lab.sh``, starts quietly: it sets up
what it needs (here already there: the test command ran first, in the same
.venv, with the test extra's extra server extensions), then JupyterLab serves
the example notebook, and nothing in its output reads like a failure -- no
warning, error or traceback a newcomer would take for one."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
import urllib.request

import pytest

from .conftest import ROOT, _free_port

pytestmark = pytest.mark.slow

# what reads like a failure: the words, and JupyterLab's own warning and error lines ("[W 2026-...", "[E ...")
ALARMING = re.compile(r"warn|error|traceback|exception|deprecat|fail|\[[WE] \d", re.I)


def test_the_lab_command_starts_quietly_and_serves_the_example(tmp_path):
    port = _free_port()
    env = dict(os.environ)
    # JupyterLab's own folders in a temporary place (not this machine's user settings)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")]:
        (tmp_path / sub).mkdir()
        env[var] = str(tmp_path / sub)
    out = tmp_path / "lab.out"
    with open(out, "w") as log:
        proc = subprocess.Popen(
            ["bash", str(ROOT / "scripts" / "lab.sh"), "--no-browser", f"--port={port}", "--ServerApp.port_retries=0",
             "--IdentityProvider.token=quiet"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.time() + 240   # (a set-up with nothing to do takes seconds; a first one, minutes)
            while True:
                try:
                    # the notebook, as the page opening it asks for it (a notebook not trusted is logged then)
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/play.ipynb?token=quiet",
                                                timeout=2) as r:
                        assert r.status == 200
                        break
                except OSError:
                    pass
                assert proc.poll() is None, out.read_text()[-3000:]
                assert time.time() < deadline, out.read_text()[-3000:]
                time.sleep(0.5)
            time.sleep(2)   # what the server prints once it is up (the language servers it looked for)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
    text = out.read_text()
    started = text[:text.index("received signal")] if "received signal" in text else text
    assert "is running at" in started
    alarming = [line for line in started.splitlines() if ALARMING.search(line)]
    assert alarming == [], "\n".join(alarming)
