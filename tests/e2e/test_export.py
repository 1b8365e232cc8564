"""A notebook exported with nbconvert, opened without a kernel and offline.

A notebook with a widget is executed headless (nbclient, which saves the
widget state) -- one cell shows the widget, the next plays two moves from code
-- under ipywidgets 8 (this venv) and under ipywidgets 7 (a venv of its own,
made with uv in a few seconds), and exported with ``nbconvert --to html``
(the lab template, its default options). The page is opened in Debian's
Chromium with the network blocked:

* with JavaScript off, the picture after the widget's output shows the last
  position (an inline SVG, role ``img``, named by its title);
* with JavaScript on, the page's widget JavaScript (require.js and
  @jupyter-widgets/html-manager, which nbconvert's page loads from a CDN, and
  anywidget's AMD module, which html-manager loads from another) is served
  from local copies in place of the CDNs, so the table is drawn from the saved
  widget state with no kernel: it says it is a saved copy, its controls are
  disabled, and the picture is hidden.

The local copies: anywidget's module comes with the Python package
(``anywidget/nbextension/index.js``); require.js and html-manager's
``dist/embed-amd.js`` are taken from their npm packages (``npm pack``, about
a second, kept in ``node_modules/.cache``). Under ``CI=true`` not getting them
(or not making the ipywidgets 7 venv) fails the test; elsewhere it skips.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import nbformat
import pytest

from alhambra_widget import AlhambraWidget
from alhambra_widget.i18n import t

from .conftest import ROOT, _ci
from .test_accessibility import audit

pytestmark = pytest.mark.slow

PLAYERS = ["Ana", "Ben", "Chi"]
SEED = 7
CELLS = [
    f"from alhambra_widget import AlhambraWidget\nw = AlhambraWidget(players={PLAYERS!r}, seed={SEED})\nw",
    'for _ in range(2):\n    w.play(w.game.legal_actions("take")[0])',
]
#: the npm packages of the page's widget JavaScript (pinned: the test does not follow the CDN)
NPM = {"requirejs": "2.3.8", "@jupyter-widgets/html-manager": "1.0.15"}
CACHE = ROOT / "node_modules" / ".cache" / "alhambra-widget-export"
ORIGIN = "http://notebook.test"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def expected_status() -> str:
    """What the table says after the notebook's move (the last position)."""
    w = AlhambraWidget(players=PLAYERS, seed=SEED)
    for _ in range(2):
        w.play(w.game.legal_actions("take")[0])
    status = w.view["status"]
    w.close()
    return status


EXECUTE = f"""
import json, sys, nbformat
from nbclient import NotebookClient
updates = {{}}   # cell index -> update_display_data messages
class Client(NotebookClient):
    def process_message(self, msg, cell, cell_index):
        if msg["msg_type"] == "update_display_data":
            updates[cell_index] = updates.get(cell_index, 0) + 1
        return super().process_message(msg, cell, cell_index)
nb = nbformat.v4.new_notebook()
nb.cells = [nbformat.v4.new_code_cell(src) for src in {CELLS!r}]
Client(nb, kernel_name="python3", timeout=120).execute()
nb.metadata["test_updates"] = updates
nbformat.write(nb, sys.argv[1])
"""


def ipywidgets7_python(where: Path, extra: tuple = ()) -> str:
    """A venv with ipywidgets 7 and this venv's anywidget (its front end is the
    one served to the page), and any ``extra`` packages, made with uv (pip
    without it); the package comes from the source tree (PYTHONPATH)."""
    import anywidget

    venv = where / "venv"
    py = str(venv / "bin" / "python")
    packages = ["ipywidgets>=7.6,<8", f"anywidget=={anywidget.__version__}", "ipykernel", "nbclient", "nbformat",
                *extra]
    uv = [sys.executable, "-m", "uv"]
    try:
        if subprocess.run(uv + ["--version"], capture_output=True).returncode == 0:
            subprocess.run(uv + ["venv", "-q", str(venv), "--python", sys.executable], check=True,
                           capture_output=True, timeout=120)
            subprocess.run(uv + ["pip", "install", "-q", "--python", py, *packages],
                           check=True, capture_output=True, timeout=600)
        else:   # pip: slower (about a minute), as scripts/_setup.sh falls back to it
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=120)
            subprocess.run([py, "-m", "pip", "install", "-q", *packages], check=True, capture_output=True, timeout=900)
    except (OSError, subprocess.SubprocessError) as e:
        message = f"could not make a venv with ipywidgets 7: {e}"
        if _ci():
            pytest.fail(message)
        pytest.skip(message)
    return py


@pytest.fixture(scope="module", params=["8", "7"], ids=["ipywidgets8", "ipywidgets7"])
def executed(request, tmp_path_factory):
    """The notebook executed under ipywidgets 8 (this venv) or 7 (a venv of its own)."""
    where = tmp_path_factory.mktemp(f"ipywidgets{request.param}")
    py = sys.executable if request.param == "8" else ipywidgets7_python(where)
    out = where / "game.ipynb"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([py, "-c", EXECUTE, str(out)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    nb = nbformat.read(out, as_version=4)
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    base = {m["model_module_version"] for m in state.values() if m["model_module"] == "@jupyter-widgets/base"}
    assert base == ({"2.0.0"} if request.param == "8" else {"1.2.0"})   # the state of that ipywidgets
    return nb


@pytest.fixture(scope="module")
def exported(executed, tmp_path_factory):
    from nbconvert import HTMLExporter

    html, _ = HTMLExporter().from_notebook_node(executed)
    path = tmp_path_factory.mktemp("export") / "game.html"
    path.write_text(html, encoding="utf-8")
    return path


def _npm_file(package: str, member: str) -> bytes:
    version = NPM[package]
    dest = CACHE / f"{package.replace('/', '+')}-{version}" / member
    if not dest.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        try:
            if npm is None:
                raise OSError("npm not found")
            r = subprocess.run([npm, "pack", f"{package}@{version}", "--pack-destination", str(CACHE),
                                "--silent", "--no-audit", "--no-fund"],
                               capture_output=True, text=True, timeout=120)
            if r.returncode != 0:
                raise OSError(r.stderr.strip()[-500:])
            tgz = CACHE / r.stdout.strip().splitlines()[-1]
            with tarfile.open(tgz) as tar:
                data = tar.extractfile(f"package/{member}").read()
            tgz.unlink()
        except (OSError, subprocess.SubprocessError, KeyError) as e:
            message = f"could not get {package}@{version} with npm pack: {e}"
            if _ci():
                pytest.fail(message)
            pytest.skip(message)
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    return dest.read_bytes()


@pytest.fixture(scope="module")
def widget_js():
    """URL pattern -> (what it is, the local file's bytes) for the page's widget JavaScript."""
    import anywidget

    return [
        (re.compile(r"/require(\.min)?\.js$"), "require.js", _npm_file("requirejs", "require.js")),
        (re.compile(r"@jupyter-widgets/html-manager@[^/]*/dist/embed-amd\.js$"), "html-manager",
         _npm_file("@jupyter-widgets/html-manager", "dist/embed-amd.js")),
        (re.compile(r"/anywidget(@[^/]*/dist/index)?\.js$"), "anywidget",
         (Path(anywidget.__file__).parent / "nbextension" / "index.js").read_bytes()),
    ]


def offline(context, page_html: Path, js=()):
    """Serve the exported page at ORIGIN and ``js`` in place of the CDNs; block every
    other request. Returns the lists of (served, blocked) URLs."""
    served, blocked = [], []

    def handle(route):
        url = route.request.url
        if url == f"{ORIGIN}/game.html":
            served.append(url)
            return route.fulfill(body=page_html.read_bytes(), content_type="text/html; charset=utf-8")
        for pattern, name, body in js:
            if pattern.search(url):
                served.append(name)
                return route.fulfill(body=body, content_type="text/javascript")
        blocked.append(url)
        return route.abort()

    context.route("**/*", handle)
    return served, blocked


def test_the_picture_is_an_output_of_its_own_after_the_widget(executed):
    outs = executed.cells[0].outputs
    assert set(outs[0]["data"]) == {"text/plain", WIDGET_VIEW}     # no picture in the widget's own output
    picture = outs[1]["data"]
    assert picture["text/html"].startswith('<div class="alh-picture"><svg')
    assert picture["image/svg+xml"].startswith("<svg")
    # the moves played by the next cell updated it, once, when the cell ended: it shows the last position
    status = expected_status()
    assert picture["text/plain"] == t("picture.text", "en", status=status)
    assert f"<title>{status}</title>" in picture["text/html"]
    assert executed.metadata["test_updates"] == {"1": 1}


def test_without_javascript_and_offline_the_page_shows_the_last_position(browser, exported, artifacts):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        served, blocked = offline(context, exported)
        page.goto(f"{ORIGIN}/game.html")
        picture = page.get_by_role("img", name=expected_status(), exact=True)
        picture.wait_for(timeout=10_000)
        assert picture.is_visible()
        box = picture.bounding_box()
        assert box and box["width"] > 600 and box["height"] > 300   # the table, not an icon
        assert page.locator(".alh-root").count() == 0               # no widget drawn without JavaScript
        page.screenshot(path=str(artifacts / "export-no-js.png"), full_page=True)
        assert served == [f"{ORIGIN}/game.html"]
    finally:
        context.close()


def test_with_widget_javascript_and_no_kernel_the_table_is_a_saved_copy(browser, exported, widget_js, artifacts):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        served, blocked = offline(context, exported, widget_js)
        page.goto(f"{ORIGIN}/game.html")
        table = page.get_by_role("region", name=t("ui.widget.aria", "en"))
        table.wait_for(timeout=30_000)
        # drawn from the saved state: the last position
        assert table.locator(".alh-status-text").inner_text() == expected_status()
        note = table.get_by_role("note")
        assert note.inner_text() == t("ui.static.note", "en")
        # every control is disabled, those drawn later too
        undo = table.get_by_role("button", name=t("ui.btn.undo", "en"), exact=True)
        assert undo.is_disabled()
        live = table.locator("[data-act]").evaluate_all(
            "els => els.filter(e => !(e.disabled || e.getAttribute('aria-disabled') === 'true')).length")
        assert table.locator("[data-act]").count() > 10 and live == 0
        table.locator('[data-act="money"]').first.click(force=True)
        assert table.locator(".alh-selected").count() == 0           # nothing taken up
        # the table replaces the picture
        assert page.locator(".alh-picture").count() == 1 and page.locator(".alh-picture").is_hidden()
        # as accessible as the live table (axe-core, tests/e2e/test_accessibility.py)
        assert audit(page, ".alh-root") == []
        page.screenshot(path=str(artifacts / "export-static-copy.png"), full_page=True)
        assert {"require.js", "html-manager", "anywidget"} <= set(served)
        assert errors == []
    finally:
        context.close()
