"""The widget in Jupyter Notebook 7 and in Voila, served by the same
jupyter_server as the JupyterLab of the other browser tests (both are server
extensions of it: ``/notebooks/<file>`` and ``/voila/render/<file>``), and in
the classic Notebook 6 with ipywidgets 7 (a server of its own, in a venv made
for it), driven by Debian's Chromium.

In each, examples/play.ipynb runs, the table is drawn, and a turn clicked in
it reaches the engine in the kernel: the status line moves to the next
player, the last moves name the card taken, and axe-core finds nothing to report
(tests/e2e/test_accessibility.py). Elements are found by their role and accessible name.
In JupyterLite (the site ``scripts/build_lite.py`` builds: Python in the page, Pyodide) the
same, and bots move there by themselves and a review stops though Pyodide has no threads.
Under ``CI=true`` a missing ``notebook`` or ``voila`` fails the test (they are in the test
extra); elsewhere it skips.
Screenshots go to test-artifacts/host-notebook7.png, host-voila.png, host-notebook6.png and
host-jupyterlite.png.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, TOKEN, _free_port, need_module, notebook, open_lite, run_code, served
from .test_accessibility import audit

pytestmark = pytest.mark.slow


def take_a_card(root) -> str:
    """Click the first face-up money card and Take; the card's name as the last moves tell it."""
    card = root.get_by_role("button", name=re.compile(r"^face-up card ")).first
    name = card.get_attribute("aria-label").removeprefix("face-up card ")
    card.click()
    root.get_by_role("button", name="Take", exact=True).click()
    return name


def play_a_turn(page, selector: str, shot):
    """Play a turn at the table under ``selector`` (the first), then audit it with axe-core
    in the host's own page and theme."""
    root = page.locator(selector).first
    status = root.locator(".alh-status-text")
    expect(status).to_have_text(re.compile(r"^Turn 1 — \w+ to act$"), timeout=60_000)
    first = status.inner_text()
    card = take_a_card(root)
    expect(status).not_to_have_text(first, timeout=15_000)   # the kernel's engine moved the game on
    assert status.inner_text().startswith("Turn 2 — ")
    last = root.get_by_role("region", name="last moves").get_by_role("listitem").first
    expect(last).to_contain_text(f"took {card}")
    page.screenshot(path=str(shot))
    assert audit(page, selector) == []


@contextlib.contextmanager
def host_page(browser, module: str, lab, name: str):
    """A page of its own for a host (skipped or failed without ``module``), examples/play.ipynb
    copied as ``name``; yields the page, which keeps its uncaught errors in ``page.errors``."""
    need_module(module)
    lab.copy(ROOT / "examples" / "play.ipynb", name)
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        yield page
    finally:
        ctx.close()


def test_notebook_7_plays_the_example(browser, lab, artifacts):
    with host_page(browser, "notebook", lab, "host-notebook7.ipynb") as page:
        with page.expect_websocket(lambda ws: "/api/kernels/" in ws.url, timeout=60_000):
            page.goto(f"{lab.base}/notebooks/host-notebook7.ipynb?token={TOKEN}")
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
        page.wait_for_timeout(500)
        # (Notebook 7.6 itself throws once while it loads, reading a settings schema, with or without
        # this widget: only what comes after counts)
        known = len(page.errors)
        page.locator(".lm-MenuBar-item", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
        play_a_turn(page, ".jp-Notebook .alh-root", artifacts / "host-notebook7.png")
        assert page.errors[known:] == []


def test_voila_plays_the_example(browser, lab, artifacts):
    with host_page(browser, "voila", lab, "host-voila.ipynb") as page:
        page.goto(f"{lab.base}/voila/render/host-voila.ipynb?token={TOKEN}")   # Voila runs the notebook
        play_a_turn(page, ".alh-root", artifacts / "host-voila.png")
        assert page.get_by_text("w = AlhambraWidget(").count() == 0   # an app: the notebook's code is not shown
        assert page.errors == []


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="the classic Notebook 6 imports distutils, "
                    "which Python 3.12 took out (its server does not start there)")
def test_the_classic_notebook_6_with_ipywidgets_7_plays_the_example(browser, artifacts, tmp_path):
    """The classic Notebook (6.5) with ipywidgets 7: anywidget's own extension for it draws the
    table, and a turn clicked in it reaches the kernel."""
    from .test_export import ipywidgets7_python

    # (6.5.7: the first to pin jupyter_client below 8, which 6.5 does not start with)
    py = ipywidgets7_python(tmp_path, extra=("notebook>=6.5.7,<7",))
    root = tmp_path / "notebooks"
    root.mkdir()
    (root / "play.ipynb").write_bytes((ROOT / "examples" / "play.ipynb").read_bytes())
    env = dict(os.environ, PYTHONPATH=str(ROOT))   # (the server's kernel imports the package from the source tree)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython")]:
        (tmp_path / sub).mkdir()
        env[var] = str(tmp_path / sub)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [py, "-m", "notebook", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
           "--port-retries=0", f"--NotebookApp.token={TOKEN}", f"--notebook-dir={root}"]
    with served("Notebook 6", cmd, env=env, url=f"{base}/api/status?token={TOKEN}", log_path=tmp_path / "notebook.log"):
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
        try:
            page = ctx.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{base}/notebooks/play.ipynb?token={TOKEN}")
            page.wait_for_selector("#kernel_indicator_icon.kernel_idle_icon", timeout=60_000)
            page.locator("#celllink").click()          # Cell > Run All (the classic Notebook's own menu)
            page.locator("#run_all_cells").click()
            play_a_turn(page, "#notebook .alh-root", artifacts / "host-notebook6.png")
            # the kernel behind the table runs ipywidgets 7 (asked through the page's own kernel client)
            version = page.evaluate("""() => new Promise((resolve) => Jupyter.notebook.kernel.execute(
                "import ipywidgets; print(ipywidgets.__version__)",
                {iopub: {output: (m) => { if (m.content.text) resolve(m.content.text.trim()); }}}))""")
            assert version.startswith("7."), version
            assert errors == []
        finally:
            ctx.close()


def test_jupyterlite_plays_the_example_with_python_in_the_page(browser, lite, artifacts):
    """JupyterLite: the site built from this checkout, served as plain files; the example's
    first cell installs the package from the site, the table is drawn, a turn clicked reaches
    the engine running in the page, and bots at another table move by themselves (Pyodide
    starts no threads: their work runs on its event loop), and a review there can be stopped."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_lite(page, lite)
        play_a_turn(page, ".jp-Notebook .alh-root", artifacts / "host-jupyterlite.png")
        # the picture of the position in the notebook (hidden under the table) follows the click half
        # a second later, on Pyodide's event loop too
        picture = page.locator(".jp-Notebook .alh-picture").first
        expect(picture).to_contain_text("Turn 2 — ", timeout=10_000)
        assert run_code(page, "import sys\nprint(sys.platform)", new_cell=True) == "emscripten"
        run_code(page, "from alhambra_widget.bots import Greedy\n"
                       "bots = AlhambraWidget(players=[Greedy(seed=1), Greedy(seed=2)], seed=1, bot_delay=0)")
        page.wait_for_timeout(2000)   # (the loop runs the bots' moves between cells)
        made = int(run_code(page, "print(len(bots.game.moves))"))
        assert made > 5
        # a game at its end: Review grades it a move at a time on that loop, so Stop is read meanwhile
        run_code(page, "over = AlhambraWidget(players=['Ana', 'Ben'], seed=1, autoplay=False)\n"
                       "seats = [Greedy(seed=1), Greedy(seed=2)]\n"
                       "while not over.game.is_over:\n"
                       "    over.game.play(seats[over.game.current].choose(over.game))\n"
                       "display(over)", new_cell=True)
        table = page.locator(".jp-Notebook .alh-root").last
        expect(table.locator(".alh-status-text")).to_contain_text("Game over")
        review = table.get_by_role("button", name="Review", exact=True)
        expect(review).to_be_enabled()   # (not reviewed yet: the kernel's None is no review)
        review.click()
        # (moves graded/to grade: a "/" in the pattern is more than Playwright's selector takes)
        running = table.get_by_role("button", name=re.compile(r"^Reviewing… [1-9][0-9]*.[0-9]+$"))
        expect(running).to_be_visible(timeout=60_000)
        table.get_by_role("button", name="Stop", exact=True).click()
        expect(review).to_be_enabled(timeout=30_000)
        assert run_code(page, "print(over.graded, over.game.is_over)") == "None True"
        assert errors == []
    finally:
        ctx.close()


def test_jupyterlite_keeps_a_saved_game_over_a_reload_of_the_page(browser, lite):
    """JupyterLite keeps its files in the browser: a game played at a table with ``save=`` is
    written there at each move, and after the page is loaded again (Pyodide starts afresh, the
    package installed again by the notebook's first cell) the same cell shows the game where
    it was."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    cell = "kept = AlhambraWidget(players=['Ana', 'Ben'], seed=3, save='kept-game.json')\ndisplay(kept)"
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_lite(page, lite)
        run_code(page, "import os\nif os.path.exists('kept-game.json'): os.remove('kept-game.json')", new_cell=True)
        run_code(page, cell, new_cell=True)
        table = notebook(page).locator(".alh-root").last
        card = take_a_card(table)
        expect(table.locator(".alh-info")).to_have_text(re.compile(r"\bmove 1$"), timeout=15_000)
        before = run_code(page, "print(len(kept.game.moves), kept.game.current, os.path.getsize('kept-game.json') > 0)",
                          new_cell=True)
        assert before.startswith("1 ") and before.endswith(" True")

        open_lite(page, lite)   # (the page loaded anew: Pyodide starts afresh)
        run_code(page, cell, new_cell=True)
        table = notebook(page).locator(".alh-root").last
        expect(table.locator(".alh-info")).to_have_text(re.compile(r"\bmove 1$"), timeout=15_000)
        last = table.get_by_role("region", name="last moves").get_by_role("listitem").first
        expect(last).to_contain_text(f"took {card}")
        assert run_code(page, "print(len(kept.game.moves), kept.game.current, True)", new_cell=True) == before
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("name", ["tutorial.ipynb", "scripting.ipynb"])
def test_jupyterlite_runs_the_other_examples_it_holds(browser, lite, name):
    """The site's other notebooks run there top to bottom: every cell, no error."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_lite(page, lite, name)
        code = [c for c in json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))["cells"]
                if c["cell_type"] == "code"]
        # the cells run before this one (queued after them): the site's install cell and every code cell
        ran = int(run_code(page, "print(len(In) - 2)", new_cell=True))   # (In[0] is empty, the last is this)
        assert ran == len(code) + 1
        assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        assert "Traceback" not in notebook(page).inner_text()
        assert errors == []
    finally:
        ctx.close()
