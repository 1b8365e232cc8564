"""Playing against a bot, and hints, in a real JupyterLab (Debian's Chromium).

A widget with a bot seat is displayed from a cell (``players=["You",
Greedy()]``). The person takes money by clicking; the bot's "thinking" line
shows, the bot moves by itself (its move is played by the kernel between
cells), and the turn comes back to the person. Then *Hint* marks the best
moves on the table. Each step is checked in the kernel too. Screenshots go
to test-artifacts/lab-bots-*.png.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from alhambra_widget import Game

from .conftest import ARTIFACTS, notebook, open_notebook, run_all, run_code

pytestmark = pytest.mark.slow


def person_first() -> int:
    return next(s for s in range(100) if Game(["You", "Greedy"], seed=s).current == 0)


SETUP = """
from alhambra_widget import AlhambraWidget
from alhambra_widget.bots import Greedy
wb = AlhambraWidget(players=["You", Greedy(seed=1)], seed=%d, bot_delay=1.5)
display(wb)
"""

PROBE = """
import json
g = wb.game
print(json.dumps({"moves": len(g.history), "current": g.current,
                  "players": [m.player for m in wb.game.moves],
                  "hints": wb.view["hints"], "thinking": wb.view["thinking"]}))
"""


def bot_notebook(tmp_path) -> Path:
    """A notebook of one cell showing a widget with a bot seat (at the top of
    the page: JupyterLab takes cells far below the screen out of the DOM)."""
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(SETUP % person_first()))
    nb.cells.append(nbformat.v4.new_code_cell("print('probes run here')"))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "bots.ipynb"
    nbformat.write(nb, path)
    return path


def top(page):
    """Scroll the widget's cell back into view (JupyterLab takes cells out of
    the page once they are scrolled far away, e.g. after a new cell ran)."""
    page.keyboard.press("Escape")
    notebook(page).locator(".jp-Cell").first.scroll_into_view_if_needed()
    notebook(page).locator(".alh-root").first.wait_for()


def test_play_against_a_bot_and_ask_for_hints(browser, lab, tmp_path):
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_notebook(page, lab, lab.copy(bot_notebook(tmp_path)))
        run_all(page)
        notebook(page).locator(".alh-root").first.locator(".alh-status-text").wait_for(timeout=60_000)
        root = notebook(page).locator(".alh-root").first
        expect(root.locator(".alh-tag-bot")).to_have_count(1)
        # the person takes a money card: one action, the turn ends
        root.locator('.alh-money [data-act="money"]').first.click()
        root.locator('button[data-act="take"]').click()
        # the bot thinks (its line shows), then moves by itself
        expect(root.locator(".alh-thinking")).to_be_visible(timeout=10_000)
        expect(root.locator(".alh-thinking")).to_contain_text("Greedy")
        root.screenshot(path=str(ARTIFACTS / "lab-bots-thinking.png"))
        expect(root.locator(".alh-thinking")).to_have_count(0, timeout=30_000)
        s = json.loads(run_code(page, PROBE))
        assert s["players"][0] == 0 and 1 in s["players"], s
        assert s["current"] == 0 and s["thinking"] is None
        # a hint: the top moves listed and marked on the table
        top(page)
        root.locator('button[data-act="hint"]').click()
        expect(root.locator(".alh-hint-list li").first).to_be_visible(timeout=30_000)
        n = root.locator(".alh-hint-list li").count()
        assert 1 <= n <= 3
        assert root.locator(".alh-hint-mark").count() >= 1
        root.screenshot(path=str(ARTIFACTS / "lab-bots-hints.png"))
        s = json.loads(run_code(page, PROBE))
        top(page)
        assert s["hints"] is not None, json.dumps(s)
        assert len(s["hints"]) == n
        # each hint in words, its notation as the tooltip
        shown = [li.get_attribute("title") for li in root.locator(".alh-hint-list li").all()]
        for h, title in zip(s["hints"], shown):
            assert title == f"Notation: {h['action']}"
        # playing the top hint from a cell makes the hints disappear
        run_code(page, "wb.play(wb.view['hints'][0]['action'])")
        top(page)
        expect(root.locator(".alh-hint-list")).to_have_count(0, timeout=10_000)
        # the game over, other players for the next one: a Random bot where the person sat,
        # the Greedy bot kept; New game, and the two bots play by themselves in the kernel
        run_code(page, "import random\nr = random.Random(1)\nwhile not wb.game.is_over:\n"
                       "    wb.game.play(wb.game.random_action(r))")
        top(page)
        root.get_by_role("dialog").get_by_role("button").click()   # (the last scoring round, shown over the table)
        root.locator("details.alh-lineup summary").click()
        # a name typed at the table: letters that are the notebook's own shortcuts (a, b, d d, y, z)
        # go into the field, and nothing happens to the notebook's cells
        cells = notebook(page).locator(".jp-Cell").count()
        field = root.get_by_role("textbox", name="Name at seat 1", exact=True)
        field.click()
        page.keyboard.press("Control+a")
        page.keyboard.type("Abby Dazzy")
        page.keyboard.press("Enter")
        expect(root.locator("details.alh-lineup summary")).to_have_text(
            "Players of the next game: Abby Dazzy, Greedy, as now")
        assert notebook(page).locator(".jp-Cell").count() == cells
        root.get_by_role("combobox", name="Seat 1", exact=True).select_option("random")
        expect(root.get_by_role("combobox", name="Seat 2", exact=True)).to_have_value("same")
        expect(root.locator("details.alh-lineup summary")).to_have_text(
            "Players of the next game: Random (bot), Greedy, as now")
        root.get_by_role("button", name="New game", exact=True).click()
        expect(root.locator(".alh-tag-bot")).to_have_count(2, timeout=10_000)
        expect(root.locator(".alh-info")).to_have_text(re.compile(r"\bmove [3-9]\d*$"), timeout=30_000)
        s = json.loads(run_code(page, "import json\nprint(json.dumps([wb.game.names, sorted(wb.bots), wb.seat]))"))
        assert s == [["Random", "Greedy"], [0, 1], None], s
        run_code(page, "wb.autoplay = False")   # (the bots rest: other tests share the kernel's machine)
        assert errors == []
    finally:
        context.close()
