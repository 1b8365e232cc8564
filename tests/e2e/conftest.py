"""Real-browser tests: a real JupyterLab server and Debian's Chromium driven by Playwright.

The session starts one JupyterLab on a free port in a temporary root (all its
config, data, runtime and settings directories inside it), and one headless
Chromium. Screenshots go to ``test-artifacts/`` at the repository root.
``lab_server`` (the server as a context manager) and the page helpers
(``open_notebook``, ``run_all``, ``run_code`` ...) are plain functions, reused by
benchmarks/bench_widget.py.

Under ``CI=true`` a missing Chromium fails the run; elsewhere the tests skip.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
TOKEN = "alhambra-e2e"


def _ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false")


def need_module(module: str) -> None:
    """Skip the test when ``module`` (a package of the test extra) is missing;
    under ``CI=true`` fail it instead: there every browser test must run."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        if _ci():
            pytest.fail(f"{module} is not installed (it is in the test extra: pip install -e '.[test]')")
        pytest.skip(f"{module} is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path():
    if not Path(CHROMIUM).exists():
        if _ci():
            pytest.fail(f"Chromium not found at {CHROMIUM}: scripts/test.sh installs it (apt) when run as root")
        pytest.skip(f"Chromium not found at {CHROMIUM}")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


class Lab:
    """A running JupyterLab server: ``url(path)``, ``root``, ``base`` and ``copy(notebook)``."""

    def __init__(self, root: Path, base: str):
        self.root = root
        self.base = base

    def url(self, path: str) -> str:
        # reset: a fresh workspace, so tabs of earlier tests do not come back
        return f"{self.base}/lab/tree/{path}?reset&token={TOKEN}"

    def copy(self, notebook: Path, name: str | None = None) -> str:
        dest = self.root / (name or notebook.name)
        shutil.copy(notebook, dest)
        return dest.name


@contextlib.contextmanager
def lab_server(root: Path):
    """Start JupyterLab on a free port with every config/data/runtime/settings
    directory inside ``root``; yield a :class:`Lab`; kill its process group after.
    Used by the ``lab`` fixture and by benchmarks/bench_widget.py."""
    home = root / ".jupyter-home"
    env = dict(os.environ)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"), ("IPYTHONDIR", "ipython")]:
        d = home / sub
        d.mkdir(parents=True, exist_ok=True)
        env[var] = str(d)
    # keep the kernel of this venv, and the "news" toast away from the cells
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}",
           "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    base = f"http://127.0.0.1:{port}"
    with served("JupyterLab", cmd, env=env, url=f"{base}/api/status?token={TOKEN}", log_path=root / "lab.log"):
        yield Lab(root, base)


@contextlib.contextmanager
def served(name: str, cmd: list, *, env: dict, url: str, log_path: Path, cwd=None):
    """Start a server (``cmd``, its output into ``log_path``) in a process group of its own,
    wait until ``url`` answers 200 (RuntimeError with the log's end if it stops or takes a
    minute); stop the whole group after (the kernels it started too)."""
    log = open(log_path, "w")
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                log.flush()
                raise RuntimeError(f"{name} did not start:\n" + log_path.read_text()[-3000:])
            time.sleep(0.3)
        yield proc
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A running JupyterLab (see :class:`Lab`), one per session."""
    with lab_server(tmp_path_factory.mktemp("lab")) as server:
        yield server


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def static_files(root):
    """Python's file server on a free port of 127.0.0.1, serving ``root``; yields its address."""
    handler = functools.partial(_Quiet, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", _free_port()), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def lite(tmp_path_factory):
    """A JupyterLite site built from this checkout by ``scripts/build_lite.py`` (its wheel,
    Pyodide's core from npm, the wheels it needs from PyPI), served as plain files: its
    address, one per session."""
    site = tmp_path_factory.mktemp("lite") / "site"
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--out", str(site)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    with static_files(site) as base:
        yield base


def open_lite(page, lite, name: str = "play.ipynb"):
    """Open a notebook of the JupyterLite site and run it all (its first cell installs the
    package from the site); returns once its first table is drawn."""
    page.goto(f"{lite}/lab/index.html?path={name}")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    run_all(page)
    notebook(page).locator(".alh-root").first.wait_for(timeout=180_000)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = context.new_page()
    yield p
    context.close()


def cell_notebook(path: Path, code: str) -> Path:
    """Write a notebook of one cell of ``code`` and an empty-ish second cell (where
    :func:`run_code` runs its probes), at ``path``. The widget's cell stays at the
    top of the page: JupyterLab takes cells far below the screen out of the DOM."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(code))
    nb.cells.append(nbformat.v4.new_code_cell("print('probes run here')"))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def open_notebook(page, lab, name: str):
    """Open a notebook and wait until its kernel is idle (Run All is dropped before that)."""
    with page.expect_websocket(lambda ws: "/api/kernels/" in ws.url, timeout=60_000):
        page.goto(lab.url(name))
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)


def notebook(page):
    """The notebook in the current tab (earlier tabs stay in the DOM, hidden)."""
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first


def run_all(page):
    """Run every cell through JupyterLab's Run menu."""
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    try:
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click(timeout=5000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "run-menu.png"))
        raise


def run_cell_code(page, code: str, timeout: float = 60_000) -> str:
    """Add a code cell at the end of the open notebook, run it, return its text output."""
    nb = notebook(page)
    last = nb.locator(".jp-Cell").last
    last.locator(".jp-InputPrompt").first.click()  # select the cell, command mode
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new cell below
    cells = nb.locator(".jp-Cell")
    cell = cells.nth(cells.count() - 1)  # fixed index: running may append another cell
    cell.locator(".cm-content").click()
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")  # run in place
    out = cell.locator(".jp-OutputArea-output").first
    try:
        out.wait_for(timeout=timeout)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "run-cell-failed.png"))
        raise
    return out.inner_text()


_RUNS = itertools.count(1)


def run_code(page, code: str, *, new_cell: bool = False, timeout: float = 60_000) -> str:
    """Run ``code`` in the last cell of the open notebook, replacing that cell's
    code (in a new cell below when ``new_cell``), and return what it printed.

    Unlike :func:`run_cell_code` the notebook does not grow with every call, and
    the output is known to be fresh: the cell prints a marker of this run last.
    A cell that raises fails the caller with its traceback. (The code runs
    indented in a ``try`` block: no multi-line string literals in it.)"""
    nb = notebook(page)
    if new_cell:
        nb.locator(".jp-Cell").last.locator(".jp-InputPrompt").first.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
    cell = nb.locator(".jp-Cell").last
    marker = f"<done {next(_RUNS)}>"
    body = textwrap.indent(code.strip("\n"), "    ") or "    pass"
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(f"try:\n{body}\nfinally:\n    print({marker!r})")
    page.keyboard.press("Control+Enter")  # run in place
    outputs = cell.locator(".jp-OutputArea-output")
    try:
        outputs.filter(has_text=marker).first.wait_for(timeout=timeout)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "run-code-failed.png"))
        raise
    text = "\n".join(outputs.all_inner_texts())
    if "Traceback" in text:
        raise AssertionError(f"the cell failed:\n{code}\n---\n{text}")
    return text.replace(marker, "").strip()


@contextlib.contextmanager
def play_page(browser, lab, name: str | None = None):
    """examples/play.ipynb (copied as ``name``), opened and run in a page of its
    own, tall enough for the whole widget (element screenshots); uncaught page
    errors are kept in ``page.errors``."""
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        open_notebook(page, lab, lab.copy(ROOT / "examples" / "play.ipynb", name))
        run_all(page)
        notebook(page).locator(".alh-root .alh-status-text").wait_for(timeout=60_000)
        yield page
    finally:
        context.close()


@contextlib.contextmanager
def no_new_page_errors(page):
    """(page, the widget's root); no uncaught error in the page meanwhile."""
    before = len(page.errors)
    yield page, notebook(page).locator(".alh-root")
    assert page.errors[before:] == []

