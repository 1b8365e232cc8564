"""A long session at one table leaves the page as it found it.

The real bundle in Debian's Chromium (the static page of ``test_widget_page``,
no Jupyter server), one widget played through whole games one after another,
each move pushed to the page as the kernel pushes it after a cell or a click,
with undos, replays and new games on the way. At the start of each new game
the page must hold what it held at the start of the one before: as many
elements and event listeners, and a JavaScript heap (after a forced garbage
collection) that has stopped growing -- the front end's caches are bounded,
nothing of a finished game is kept.
"""

from __future__ import annotations

import random

import pytest

from alhambra_widget import AlhambraWidget

from .test_widget_page import wire

pytestmark = pytest.mark.slow

#: the heap may still grow this much from one new game to the next (its caches of path data and
#: templates filling up to their bounds: 0.1-0.5 MB seen); anything kept per move (a view is some
#: 100 kB as objects, a game some 400 moves) would be many times more
HEAP_SLACK = 1_000_000


def test_whole_games_one_after_another_leave_the_page_as_it_was(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        w = AlhambraWidget(players=["Ana", "Ben", "Chi", "Dan"], seed=3)
        wire(page, w)
        cdp = ctx.new_cdp_session(page)
        status = page.locator(".alh-status-text").first
        status.wait_for()   # (before the first count: Playwright's own script on the page has listeners too)

        def measure():
            cdp.send("HeapProfiler.collectGarbage")
            cdp.send("HeapProfiler.collectGarbage")
            counters = cdp.send("Memory.getDOMCounters")
            return {"heap": cdp.send("Runtime.getHeapUsage")["usedSize"],
                    "elements": page.evaluate("document.getElementsByTagName('*').length"),
                    "nodes": counters["nodes"],   # (every node, those taken out of the page but still held too)
                    "listeners": counters["jsEventListeners"], "documents": counters["documents"]}

        rng = random.Random(3)
        starts = []
        for _game in range(3):
            page.wait_for_timeout(300)
            starts.append(measure())
            if len(starts) == 3:
                break
            g = w.game
            while not g.is_over:
                w.play(rng.choice(g.legal_actions()))
                if rng.random() < 0.03:
                    w.undo()
                if rng.random() < 0.02:   # a look back at an earlier position, and back to the game
                    w.replay_index = rng.randrange(len(g.moves) + 1)
                    page.push()
                    w.replay_index = -1
                page.push()
            assert status.inner_text().startswith("Game over")
            w.new_game()
            page.push()
        assert page.errors == []
        first, second, third = starts
        for later in (second, third):
            assert later["documents"] == first["documents"]
            assert later["listeners"] == first["listeners"], starts
            assert abs(later["elements"] - first["elements"]) <= 20, starts   # (another deal's cards and words)
            assert abs(later["nodes"] - first["nodes"]) <= 60, starts
        assert third["heap"] - second["heap"] < HEAP_SLACK, starts
    finally:
        ctx.close()
