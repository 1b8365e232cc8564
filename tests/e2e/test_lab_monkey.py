"""Random clicks on whatever the table offers, in a real JupyterLab and in JupyterLite (Python
in the page), in Debian's Chromium.

A widget of two people and a bot (and, in a second test, the tutorial) is displayed from a cell; then, a few hundred
times, one control the page offers now (an enabled button, or an element with
the role of a button that is not disabled: a money card, a market slot, a
spot, a tile, a move in the log, the replay's buttons, Hint, Review, New
game...) is chosen at random and clicked, now and then the replay slider is
moved or the language switched, and Escape closes what a click opened. The
page must never throw, and every refusal the message line shows must be one
a person could have met by clicking there (the rule broken, or a move meant
for a position a bot's move has replaced); afterwards the kernel's game keeps
its books and the page shows the kernel's last view.

``MONKEY_SEED=N`` chooses other random clicks (to look for what the usual ones miss).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from alhambra_widget import Game
from alhambra_widget.i18n import LANGUAGES, t as tr

from .conftest import ARTIFACTS, cell_notebook, notebook, open_lite, open_notebook, run_all, run_code

pytestmark = pytest.mark.slow

CLICKS = 300

GAME = """
from alhambra_widget import AlhambraWidget
from alhambra_widget.bots import Greedy
wm = AlhambraWidget(players=["Ana", "Ben", Greedy(seed=1)], seed=%d, bot_delay=0, lang="en")
display(wm)
"""

LESSONS = """
from alhambra_widget import AlhambraWidget
wm = AlhambraWidget.tutorial(lang="en")
display(wm)
"""

PROBE = """
import json
wm.autoplay = False   # (a bot moving on while this runs would leave the page ahead of what it reads)
g = wm.game
g.check()
wm.stop_review()
tut = wm.tutor.state() if wm.tutor else {}
print(json.dumps({"moves": len(g.moves), "over": g.is_over, "status": wm.view["status"], "replay": wm.view["replay"],
                  "steps": tut.get("position", 0), "done": tut.get("completed", 0)}))
"""

CONTROLS = 'button:not([disabled]):not([aria-disabled="true"]), [role="button"]:not([aria-disabled="true"])'

#: how often each kind of control is chosen, against the others: a move takes a few clicks
#: (a card, then Take; a slot, cards, Buy; a tile, a spot), so those come first
WEIGHTS = {"take": 30, "buy": 30, "to-reserve": 10, "dirk": 10, "end": 10, "pass": 30,
           "money": 5, "card": 5, "slot": 5, "spot": 15, "pending-tile": 5, "reserve-tile": 4, "placed": 2,
           "undo": 0.5, "redo": 0.5, "replay": 0.5, "live": 1, "play-from": 0.5, "back-to-game": 0.5, "hint": 0.5,
           "hint-play": 1, "review": 0.3, "review-stop": 1, "new_game": 0.3, "clear": 0.5, "look": 0.1,
           "scoring-round": 0.2, "lesson": 3}


def in_lab(lab, tmp_path):
    """Show a cell's widget in JupyterLab: a notebook of that cell (probes run in the cell below)."""
    def show(page, code):
        open_notebook(page, lab, lab.copy(cell_notebook(tmp_path / "monkey.ipynb", code)))
        run_all(page)
        return notebook(page).locator(".alh-root").first, lambda probe: run_code(page, probe, new_cell=False)
    return show


def in_lite(lite):
    """Show a cell's widget in JupyterLite: the example run (it installs the package in the
    page), then the cell at its end (probes run in a cell below it)."""
    def show(page, code):
        open_lite(page, lite)
        run_code(page, code, new_cell=True)
        run_code(page, "print('probes run here')", new_cell=True)   # (the table's cell stays where it is)
        # (the last cell with a table: the example's own table is in a cell above)
        table = notebook(page).locator(".jp-Cell", has=page.locator(".alh-root")).last.locator(".alh-root")
        return table, lambda probe: run_code(page, probe, new_cell=False)
    # (JupyterLite's file system asks the site for listings of Python's own folders, which a site
    # of plain files answers with 404: "nothing's broken", it logs)
    show.known = ("Failed to load resource: the server responded with a status of 404",)
    return show


def monkey(browser, show, code: str, shot: str) -> dict:
    """Display the widget ``code`` makes (``show(page, code)``: where, and how to probe the
    kernel), click on it CLICKS times at random, check the page and the refusals it showed,
    and return the kernel's probe."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # (an error in a trait's change handler does not reach "pageerror": the host catches it
    # and logs it, "Error setting state: ...")
    known = getattr(show, "known", ())
    page.on("console", lambda m: m.type == "error" and not m.text.startswith(known)
            and errors.append(f"console: {m.text[:500]}"))
    rng = random.Random(int(os.environ.get("MONKEY_SEED", "20261204")))
    clicked, refusals = [], []
    missed = 0
    try:
        root, probe = show(page, code)
        root.locator(".alh-status-text").wait_for(timeout=60_000)
        line = root.locator(".alh-message").first

        def said():   # what the message line says: (kind, rule, text)
            return line.evaluate("m => [m.classList.contains('alh-error') ? 'error' : 'other', m.dataset.rule || '',"
                                 " m.textContent]")

        last = said()
        info = root.locator(".alh-info").first
        reached = 0   # the most moves the game had at any time (undos and play-from take some back)
        for _ in range(CLICKS):
            r = rng.random()
            if r < 0.01:
                root.locator("select").first.select_option(rng.choice(["en", "de", "fi", "ja", "nl"]))
                clicked.append("language")
            elif r < 0.03:
                slider = root.locator('input[type="range"]').first
                if slider.is_enabled():
                    slider.focus()
                    page.keyboard.press(rng.choice(["ArrowLeft", "ArrowRight", "Home", "End"]))
                    clicked.append("slider")
            elif r < 0.04:
                page.keyboard.press("Escape")
                clicked.append("escape")
            else:
                # (a dialog open holds the clicks: its own controls, as a person's would be)
                dialog = root.locator('[role="dialog"][aria-modal="true"]')
                controls = (dialog.first if dialog.count() else root).locator(CONTROLS)
                # (what is offered now, in one look: the act, the name, whether it shows)
                offered = controls.evaluate_all(
                    "els => els.map(e => [e.dataset.act || '', (e.getAttribute('aria-label') || e.textContent || '').slice(0, 50),"
                    " e.getClientRects().length > 0 && !e.closest('details:not([open]) > :not(summary)')])")
                shown = [(i, act, name) for i, (act, name, vis) in enumerate(offered) if vis]
                if not shown:
                    page.wait_for_timeout(100)
                    continue
                i, act, name = rng.choices(shown, weights=[WEIGHTS.get(a, 0.5) for _, a, _ in shown])[0]
                try:
                    controls.nth(i).click(timeout=1500)
                except Exception:   # (redrawn away between the look and the click: the table moved on)
                    missed += 1
                    continue
                clicked.append(f"{act}: {name}")
                page.wait_for_timeout(40)
                now = said()
                if now != last and now[0] == "error":
                    refusals.append((clicked[-1], now[1], now[2]))
                last = now
                counts = re.findall(r"\d+", info.text_content() or "")   # (the move count comes last, in every language)
                reached = max(reached, int(counts[-1]) if counts else 0)
        assert errors == [], errors
        page.screenshot(path=str(ARTIFACTS / shot))
        out = json.loads(probe(PROBE).splitlines()[-1])
        # every refusal is one a click there may meet: a rule broken (the engine's, explained), or
        # a move overtaken by a bot's; never a control offered and then refused for no rule
        stale = [tr("ui.refuse.stale", lang) for lang in LANGUAGES]
        odd = [(c, rule, text) for c, rule, text in refusals if not rule and not any(x in text for x in stale)]
        assert odd == [], odd[:10]
        # the page shows the kernel's last view: the live game's status line, or the position replayed
        if out["replay"] is None:
            expect(root.locator(".alh-status-text")).to_have_text(out["status"])
        else:
            expect(root.locator(".alh-replay-banner")).to_be_visible()
            expect(root.locator('input[type="range"]').first).to_have_value(str(out["replay"]))
        out.update(clicked=Counter(c.split(":")[0] for c in clicked).most_common(), missed=missed,
                   refusals=len(refusals), reached=reached)
        return out
    finally:
        context.close()


def person_starts() -> int:
    """The first seed whose game GAME's person (seat 0 or 1, not the bot's 2) starts."""
    return next(s for s in range(100) if Game(3, seed=s).current != 2)


def test_random_clicks_on_what_the_table_offers(browser, lab, tmp_path):
    out = monkey(browser, in_lab(lab, tmp_path), GAME % person_starts(), "lab-monkey.png")
    # the clicks made moves, not stuck in a corner of the table (some may have been taken back since)
    assert out["reached"] >= 5, out


def test_random_clicks_in_jupyterlite(browser, lite):
    """The same with Python in the page (Pyodide, no threads: the bot moves on the event loop
    between the clicks' messages)."""
    out = monkey(browser, in_lite(lite), GAME % person_starts(), "lite-monkey.png")
    assert out["reached"] >= 5, out


def test_random_clicks_in_the_tutorial(browser, lab, tmp_path):
    """The same in the tutorial, where a wrong try is sent to the kernel and explained by its
    rule in the lesson's panel (the message line stays empty there)."""
    out = monkey(browser, in_lab(lab, tmp_path), LESSONS, "lab-monkey-tutorial.png")
    assert out["steps"] >= 1 and out["done"] >= 1, repr(out)   # the clicks went on through the lessons' steps
