"""The README's first command, ``scripts/lab.sh``, starts quietly: it sets up
what it needs (here already there: the test command ran first, in the same
.venv, with the test extra's extra server extensions), then JupyterLab serves
the example notebook, a kernel starts and its websocket connects as when the
page opens the notebook, and nothing in its output reads like a failure -- no
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


def _open_kernel(port: int, token: str) -> None:
    """Start a kernel through the server's REST API and connect to its channels' websocket, as the
    page opening a notebook does; wait until the kernel answers a kernel_info request."""
    import asyncio
    import json
    import uuid
    from concurrent.futures import ThreadPoolExecutor

    from tornado.websocket import websocket_connect

    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/kernels?token={token}", method="POST",
                                 data=b'{"name": "python3"}', headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        kernel = json.load(r)["id"]

    async def ask():
        session = uuid.uuid4().hex
        ws = await websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels?token={token}"
                                     f"&session_id={session}")
        msg_id = uuid.uuid4().hex
        ws.write_message(json.dumps({"channel": "shell", "content": {}, "metadata": {}, "parent_header": {},
                                     "buffers": [], "header": {"msg_id": msg_id, "msg_type": "kernel_info_request",
                                                               "username": "", "session": session,
                                                               "version": "5.3", "date": ""}}))
        while True:
            reply = json.loads(await ws.read_message())
            if reply.get("parent_header", {}).get("msg_id") == msg_id and reply["msg_type"] == "kernel_info_reply":
                break
        ws.close()

    # in a thread of its own: Playwright's sync API keeps an event loop running in this one
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, asyncio.wait_for(ask(), 60)).result()


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
            # the notebook opened: a kernel started and its websocket connected, as the page does (both
            # had logged warnings: ipykernel's on TCP, Tornado's on the websocket ping timeout)
            try:
                _open_kernel(port, "quiet")
            except Exception as e:
                raise AssertionError(out.read_text()[-3000:]) from e
            time.sleep(2)   # what the server prints once it is up (the language servers it looked for)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
    text = out.read_text()
    started = text[:text.index("received signal")] if "received signal" in text else text
    assert "is running at" in started
    alarming = [line for line in started.splitlines() if ALARMING.search(line)]
    assert alarming == [], "\n".join(alarming)
