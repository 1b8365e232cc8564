"""Playing against a bot, hints and the game review, in a real JupyterLab (Debian's Chromium).

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

import pytest
from playwright.sync_api import expect

from alhambra_widget import Game

from .conftest import ARTIFACTS, cell_notebook, notebook, open_notebook, run_all, run_code

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
    return cell_notebook(tmp_path / "bots.ipynb", SETUP % person_first())


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
        # each hint in words, a button that plays it, its notation in the tooltip
        plays = root.get_by_role("button", name=re.compile("^Play this move: "))
        assert plays.count() == n
        for h, button in zip(s["hints"], plays.all()):
            assert button.get_attribute("title").endswith(f"\nNotation: {h['action']}")
        # a click on the top hint plays it; the hints disappear
        plays.first.click()
        expect(root.locator(".alh-hint-list")).to_have_count(0, timeout=10_000)
        mine = json.loads(run_code(page, "print(json.dumps(str([m for m in wb.game.moves if m.player == 0][-1].action)))"))
        assert mine == s["hints"][0]["action"], (mine, s["hints"])
        top(page)
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


REVIEW_SETUP = """
import functools
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.bots import Greedy
g = Game(2, seed=1)
bots = [Greedy(seed=1), Greedy(seed=2)]
while not g.is_over:
    g.play(bots[g.current].choose(g))
wr = AlhambraWidget(g)
wr.review = functools.partial(wr.review, seconds_per_move=0.05)   # (the button's review, faster)
display(wr)
"""


def test_the_review_runs_in_the_kernel_and_its_marks_lead_to_the_moves(browser, lab, tmp_path):
    """Review at the end of a game, in a real kernel: the search runs in a
    thread of the kernel, the button counts the moves graded as they come,
    then the marks, the win chances and the review's table show; a mark
    replays the position before its move and tells the move in words."""
    path = cell_notebook(tmp_path / "review.ipynb", REVIEW_SETUP)
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_notebook(page, lab, lab.copy(path))
        run_all(page)
        root = notebook(page).locator(".alh-root").first
        button = root.get_by_role("button", name="Review", exact=True)
        button.wait_for(timeout=60_000)
        button.click()
        progress = root.locator('button[data-act="review"]')
        expect(progress).to_have_text(re.compile(r"^Reviewing… [1-9]\d*/\d+$"), timeout=30_000)
        first = int(re.search(r"(\d+)/", progress.inner_text()).group(1))
        expect(progress).not_to_have_text(f"Reviewing… {first}/", timeout=30_000)   # it counts on
        summary = root.get_by_role("table", name="Review of the game")
        expect(summary).to_be_visible(timeout=120_000)
        expect(summary.locator("tbody tr")).to_have_count(2)
        marks = root.get_by_role("group", name="Reviewed moves").get_by_role("button")
        assert marks.count() > 0
        assert root.get_by_role("img", name="Win chances over the game").count() == 1
        root.screenshot(path=str(ARTIFACTS / "lab-review.png"))
        s = json.loads(run_code(page, "import json\nprint(json.dumps([sorted(map(int, wr.graded['moves'])), "
                                      "sum(p['moves'] for p in wr.graded['players']), "
                                      "sum(m.player is not None for m in wr.game.moves)]))"))
        marked, graded, made = s
        assert marks.count() == len(marked) and graded == made > 100   # every move a player made, graded
        top(page)
        marks.first.click(force=True)   # (a later mark may lie over part of it: the nearest middle wins)
        expect(root.locator(".alh-replay-banner")).to_be_visible(timeout=10_000)
        expect(root.locator(".alh-selection")).to_have_text(re.compile(rf"^Move {marked[0]}, "), timeout=10_000)
        s = json.loads(run_code(page, "print(wr.replay_index)"))
        assert s == marked[0] - 1
        assert errors == []
    finally:
        context.close()
