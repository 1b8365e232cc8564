"""The game review in Debian's Chromium (the page of test_widget_page.py, no
Jupyter server): the Review button at the end of a game, the marks of the
graded moves along the replay slider with the players' win chances behind it,
and the better move on the board."""

from __future__ import annotations

import functools
import re

import pytest
from playwright.sync_api import expect

from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.bots import Greedy

from .test_widget_page import chromium, open_widget  # noqa: F401  (the fixture and the page)

pytestmark = pytest.mark.slow


def test_review_button_marks_and_the_better_move_on_the_board(chromium, artifacts):  # noqa: F811
    g = Game(2, seed=1)
    bots = [Greedy(seed=1), Greedy(seed=2)]
    while not g.is_over:
        g.play(bots[g.current].choose(g))
    w = AlhambraWidget(g)
    w.review = functools.partial(w.review, seconds_per_move=0.02)   # the button's review, faster
    page = open_widget(chromium, w)
    button = page.get_by_role("button", name="Review", exact=True)   # named by the word it shows
    assert button.get_attribute("title") == "Review the game: grade every move"   # what it does, in full
    assert button.is_enabled()
    button.click()
    button = page.locator('button[data-act="review"]')   # (now named by its progress)
    page.wait_for_function("() => window.sent.some((m) => m.type === 'review')")
    page.wait_for_selector('button[data-act="review"][aria-disabled="true"]')
    assert button.inner_text().startswith("Reviewing…")   # and how many moves of all are graded
    assert w.wait(60)
    page.push()
    group = page.get_by_role("group", name="Reviewed moves")
    group.get_by_role("button").first.wait_for()
    expect(page.get_by_role("button", name="Reviewed \u2713", exact=True)).to_be_disabled()   # done, and says so
    marked = w.graded["moves"]
    assert group.get_by_role("button").count() == len(marked) > 0
    index, m = min(marked.items(), key=lambda kv: int(kv[0]))
    mark = page.get_by_role("button", name=m["title"])
    assert mark.get_attribute("title") == m["title"] and f"alh-review-{m['grade']}" in mark.get_attribute("class")
    # along the slider: under it, left to right in the order of the moves
    track = page.locator(".alh-range").bounding_box()
    boxes = [b.bounding_box() for b in group.get_by_role("button").all()]
    assert all(track["x"] <= b["x"] <= track["x"] + track["width"] for b in boxes)
    assert [b["x"] for b in boxes] == sorted(b["x"] for b in boxes)
    # the players' win chances behind the slider: a line per player, across the track
    graph = page.get_by_role("img", name="Win chances over the game")
    g_box = graph.bounding_box()
    assert graph.locator("polyline").count() == 2
    span = page.locator(".alh-replay-track").bounding_box()   # the marks' frame too
    assert abs(g_box["width"] - (span["width"] - 14)) < 2 and g_box["height"] > 10
    page.locator(".alh-replay").screenshot(path=str(artifacts / "review-graph.png"))
    # the review summed up per player under the slider: a row per player, the grades counted
    summary = page.get_by_role("table", name="Review of the game")
    expect(summary).to_be_visible()
    assert summary.locator("tbody tr").count() == 2
    first = [c.inner_text() for c in summary.locator("tbody tr").first.locator("td").all()]
    assert first[0] == str(w.graded["players"][0]["moves"])
    page.locator(".alh-result").screenshot(path=str(artifacts / "review-summary.png"))
    mark.click(force=True)   # (a later mark may lie over part of it: the click goes to the nearest middle)
    page.wait_for_selector(".alh-replay-banner")
    assert w.replay_index == int(index) - 1
    # the move marked, told in words where the action bar speaks: played, its grade, the better move
    expect(page.locator(".alh-selection")).to_have_text(m["text"])
    assert page.locator(".alh-hint-mark").count() >= 1      # the better move, marked on the table
    hints = page.locator(".alh-hints li")    # the better move, then the move played (a cross)
    assert hints.count() == 2 and "chance to win" in hints.first.inner_text()
    assert not re.search(r"ahead|behind|neck and neck", hints.first.inner_text())   # (the review estimates no margin)
    assert hints.nth(1).get_attribute("data-hint") == "played" and "played:" in hints.nth(1).inner_text()
    assert page.locator(".alh-hint-mark.alh-hint-played").count() >= 1      # and the move played, marked apart
    # both in full view beside the board (the action buttons, idle in a replay, give them room)
    room = page.locator(".alh-focus-hints").bounding_box()
    for i in range(2):
        item = hints.nth(i).bounding_box()
        assert room["y"] <= item["y"] and item["y"] + item["height"] <= room["y"] + room["height"] + 1, (item, room)
    assert page.locator('.alh-hold button[data-act="take"]').is_hidden()
    # Hint there searches that position afresh: its best moves replace the review's two
    bar = page.get_by_role("toolbar", name=w.strings["ui.controls.aria"])
    bar.get_by_role("button", name="Hint", exact=True).click()
    page.wait_for_function("() => window.sent.some((m) => m.type === 'hint')")
    assert w.wait(60)
    page.push()
    page.wait_for_function("() => (window.state.view.hints || []).length && window.state.view.hints.every((h) => !h.played)")
    hints = page.locator(".alh-hints li")
    assert 1 <= hints.count() <= 3 and re.search(r"chance to win, (about \d+ points? (ahead|behind)|neck and neck)",
                                                 hints.first.inner_text())
    assert page.locator(".alh-hint-mark.alh-hint-played").count() == 0 and page.locator(".alh-hint-mark").count() >= 1
    assert w.replay_index == int(index) - 1 and w.graded["moves"] == marked   # still there, still reviewed
    # a click on the best of them plays on from there with it: the later moves taken back
    tried = w.view["hints"][0]["action"]
    before = [m.action for m in w.game.moves]
    page.get_by_role("button", name=re.compile(r"^Play on from this position with this move")).first.click()
    page.wait_for_function("() => window.sent.some((m) => m.type === 'play_from' && m.action)")
    page.push()
    page.wait_for_function("window.state.view.replay === null")
    assert str(w.game.moves[-1].action) == tried and w.game.moves[-1].player is not None
    assert [m.action for m in w.game.moves[:int(index) - 1]] == before[:int(index) - 1]
    assert len(w.game.moves) < len(before)      # (a finished game of ~120 moves, tried from a move inside it)
    assert w.graded["partial"] is True          # the review holds on the moves kept
    assert page.errors == []


def test_a_click_on_overlapping_marks_goes_to_the_nearest_one(chromium):  # noqa: F811
    """Moves close together in a long game: their marks overlap along the
    slider. A click goes to the mark whose middle is nearest to it, so the one
    underneath can still be clicked where it shows; a key goes to its own."""
    g = Game(4, seed=2)
    bots = [Greedy(seed=i) for i in range(4)]
    while not g.is_over:
        g.play(bots[g.current].choose(g))
    w = AlhambraWidget(g)
    page = open_widget(chromium, w)
    mover = [m.player for m in g.moves]
    moves = {str(k): {"grade": grade, "player": mover[k - 1], "played": f"move {k}", "best": "other", "loss": 0.1,
                      "before": 50, "after": 40, "title": f"move {k}: {grade}", "text": f"Move {k}: {grade}."}
             for k, grade in ((40, "mistake"), (41, "blunder"), (42, "inaccuracy"))}
    graded = {"graded": {"moves": moves, "counts": {}, "chances": []}}   # (this widget has no review of its own)
    page.evaluate("s => window.pushState(s)", graded)
    marks = [page.get_by_role("button", name=f"move {k}:") for k in (40, 41, 42)]
    boxes = [m.bounding_box() for m in marks]
    assert boxes[0]["x"] + boxes[0]["width"] > boxes[1]["x"], "the marks overlap at this width"
    for k, mark in zip((40, 41, 42), marks):
        box = mark.bounding_box()   # (where it is now: the replay draws the slider under the board)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)
        page.wait_for_function("k => window.sent.some((m) => m.type === 'replay' && m.index === k)", arg=k - 1)
        assert w.replay_index == k - 1
        page.evaluate("s => window.pushState(s)", graded)
    marks[0].focus()          # the keyboard reaches each mark, the one underneath too
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.sent.filter((m) => m.type === 'replay').pop().index === 39")
    assert page.errors == []


def test_a_review_running_is_stopped_by_its_stop_button(chromium):  # noqa: F811
    g = Game(2, seed=1)
    bots = [Greedy(seed=1), Greedy(seed=2)]
    while not g.is_over:
        g.play(bots[g.current].choose(g))
    w = AlhambraWidget(g)
    w.review = functools.partial(w.review, seconds_per_move=0.3)   # (half a minute: time to stop it)
    page = open_widget(chromium, w)
    page.get_by_role("button", name="Review", exact=True).click()
    stop = page.get_by_role("button", name="Stop", exact=True)
    expect(stop).to_be_visible()
    assert stop.get_attribute("title") == "Stop the review (the moves graded so far are dropped)"
    stop.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.sent.some((m) => m.type === 'review_stop')")
    review = page.get_by_role("button", name="Review", exact=True)   # back as it was, to start again
    expect(review).to_be_enabled()
    expect(stop).to_have_count(0)
    expect(review).to_be_focused()   # (the focus goes with Stop to the button that takes its place)
    assert w.graded is None and not w._runner.running("review")
    assert page.locator(".alh-review-mark").count() == 0 and page.errors == []
