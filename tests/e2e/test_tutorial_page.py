"""The tutorial in a real browser: the built bundle in Debian's Chromium, wired
to an ``AlhambraWidget.tutorial()`` in this process (a page with a stand-in
for the anywidget model, as in test_widget_page.py; no Jupyter server).

A learner completes the lesson on placing tiles by clicking -- the lesson's
"Try it turned" button, wrong spots (refused by the engine, explained in the
panel with the rule id), the right spots, Next -- and the keyboard works the
panel's buttons. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from alhambra_widget import AlhambraWidget
from alhambra_widget.tutorial import LESSONS, rule_explanation

from .test_widget_page import wire  # the static page: a stand-in model, messages in window.sent

pytestmark = pytest.mark.slow


@pytest.fixture
def open_tutorial(browser):
    contexts = []

    def open_(w, width=1100, height=1000):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        return wire(ctx.new_page(), w, pushed=("view", "message", "seat", "lesson"))

    yield open_
    for ctx in contexts:
        ctx.close()


def feedback(page):
    return page.locator(".alh-lesson .alh-lesson-feedback")


def wait_feedback(page, n):
    """Wait until the panel shows feedback number n (the kernel's answer arrived)."""
    page.wait_for_function(f"(window.state.lesson.feedback || {{}}).id === {n}", timeout=10_000)


def place(page, tile_id, x, y):
    page.click(f'[data-act="pending-tile"][data-id="{tile_id}"]')
    page.click(f'.alh-focus [data-act="spot"][data-x="{x}"][data-y="{y}"]')


def test_a_learner_completes_the_placing_lesson_by_clicking(open_tutorial, artifacts):
    li = [lesson.key for lesson in LESSONS].index("place")
    w = AlhambraWidget.tutorial(lang="en", lesson=li)
    page = open_tutorial(w)
    panel = page.locator(".alh-lesson")
    assert page.locator(".alh-lesson-count").inner_text() == f"Lesson {li + 1} of {len(LESSONS)}"
    assert page.locator(".alh-lesson-step").inner_text() == "Step 1 of 3"
    assert page.locator("progress.alh-lesson-bar").get_attribute("value") == str(w.tutor.position)
    assert "Try it turned" in panel.inner_text()

    # step 1: a turned tile (P1), a wall against an open side (P3), then as printed
    page.click('.alh-lesson button[data-op="turn"]')
    wait_feedback(page, 1)
    fb = feedback(page)
    assert fb.get_attribute("data-kind") == "refused" and fb.get_attribute("data-rule") == "P1"
    assert rule_explanation("P1", "en") in fb.inner_text()
    page.screenshot(path=str(artifacts / "tutorial-p1-turned.png"), full_page=True)
    state = w.game.to_json()
    place(page, 44, 0, 1)                                   # a refused cell: sent, refused, explained
    wait_feedback(page, 2)
    assert fb.get_attribute("data-rule") == "P3" and w.game.to_json() == state
    assert page.evaluate("window.sent.at(-1)")["action"] == "place 44 at 0,1"
    place(page, 44, 0, -1)
    wait_feedback(page, 3)
    assert fb.get_attribute("data-kind") == "ok"
    assert panel.get_attribute("data-done") == "true"
    assert w.game.players[0].alhambra[(0, -1)].id == 44
    page.click('.alh-lesson button[data-op="next"]')
    page.wait_for_function("window.state.lesson.step === 1")

    # step 2: walls must match (P3), then a legal spot
    assert page.locator(".alh-lesson-step").inner_text() == "Step 2 of 3"
    place(page, 13, 0, -1)
    page.wait_for_function("(window.state.lesson.feedback || {}).rule === 'P3'")
    place(page, 13, 0, 1)
    page.wait_for_function("window.state.lesson.done === true")
    page.click('.alh-lesson button[data-op="next"]')
    page.wait_for_function("window.state.lesson.step === 2")

    # step 3: a wall between the tile and the fountain (P4), then a reachable spot
    place(page, 49, 2, 0)
    page.wait_for_function("(window.state.lesson.feedback || {}).rule === 'P4'")
    assert "P4" in page.locator(".alh-lesson .alh-rule").last.inner_text()
    # the board marks the wall that shuts the tower out: the west side of the spot tried
    mark = page.locator(".alh-focus path.alh-refusal-mark")
    expect(mark).to_have_attribute("data-side", "W")   # (a line: no area, so not "visible" to Playwright)
    assert mark.get_attribute("data-rule") == "P4"
    page.screenshot(path=str(artifacts / "tutorial-p4-refused.png"), full_page=True)
    place(page, 49, 1, -1)
    page.wait_for_function("window.state.lesson.done === true")
    assert feedback(page).get_attribute("data-kind") == "ok"
    page.screenshot(path=str(artifacts / "tutorial-lesson-done.png"), full_page=True)
    assert all((li, s) in w.tutor.completed for s in range(3))

    # Replay sets the step up again; Next goes on to the next lesson
    page.click('.alh-lesson button[data-op="replay"]')
    page.wait_for_function("window.state.view.moves === 0 && window.state.lesson.feedback === null")
    assert w.game.pending and w.game.pending[0][1].id == 49
    page.click('.alh-lesson button[data-op="next"]')
    page.wait_for_function(f"window.state.lesson.index === {li + 1}")
    assert page.locator(".alh-lesson-count").inner_text() == f"Lesson {li + 2} of {len(LESSONS)}"
    assert not page.errors, page.errors


def test_the_lesson_panel_works_by_keyboard_in_finnish(open_tutorial, artifacts):
    w = AlhambraWidget.tutorial(lang="fi", lesson=1)         # taking money
    page = open_tutorial(w)
    assert page.locator(".alh-lesson-count").inner_text() == "Oppitunti 2/10"
    # too many cards: the Take button is enabled in the tutorial; the kernel refuses (T1)
    money = w.view["money"]
    for card in ("florin 2", "dinar 3", "ducat 1"):
        page.locator(f'.alh-money [data-act="money"][data-i="{money.index(card)}"]').focus()
        page.keyboard.press("Enter")
    page.locator('button[data-act="take"]').focus()
    page.keyboard.press("Enter")
    wait_feedback(page, 1)
    fb = feedback(page)
    assert fb.get_attribute("data-rule") == "T1"
    assert rule_explanation("T1", "fi") in fb.inner_text()
    assert "Hylätty" in fb.inner_text()
    page.screenshot(path=str(artifacts / "tutorial-fi-refused.png"), full_page=True)
    # the panel's buttons by keyboard: Tab reaches them, Enter and Space press them
    nxt = page.locator('.alh-lesson button[data-op="next"]')
    assert nxt.get_attribute("title") == "Seuraava: seuraava vaihe"   # its name is the word it shows
    nxt.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.state.lesson.step === 1")
    page.locator('.alh-lesson button[data-op="back"]').focus()
    page.keyboard.press(" ")
    page.wait_for_function("window.state.lesson.step === 0")
    assert page.evaluate("window.sent.filter((m) => m.type === 'lesson').map((m) => m.op)") == ["next", "back"]
    assert not page.errors, page.errors


def test_the_lesson_speaks_once_in_a_table_of_its_own(open_tutorial, artifacts):
    """The first lesson's table: the learner's section is titled with their name alone (not
    "You (you)"), Dirk's tiles and button are left out (they come with the lesson on Dirk), a
    refusal is told once (in the lesson panel, not again in the message line), and a message's
    dismiss button stays on the message's line."""
    w = AlhambraWidget.tutorial(lang="en", lesson=0)
    page = open_tutorial(w, width=1366, height=900)
    assert w.game.n == 2 and w.view["dirk"] is not None            # a two-player game: Dirk is at the table ...
    assert page.locator(".alh-dirk").count() == 0                  # ... but not in the first lesson
    assert page.locator('button[data-act="dirk"]').count() == 0
    title = page.locator(".alh-focus-title").inner_text()
    assert "(you)" not in title and title.startswith(w.game.players[0].name)
    dirk = [lesson.key for lesson in LESSONS].index("dirk")
    w2 = AlhambraWidget.tutorial(lang="en", lesson=dirk)
    page2 = open_tutorial(w2, width=1366, height=900)
    assert page2.locator(".alh-dirk").count() == 1                 # the lesson on Dirk shows his tiles

    li = [lesson.key for lesson in LESSONS].index("place")
    w3 = AlhambraWidget.tutorial(lang="en", lesson=li)
    page3 = open_tutorial(w3, width=1366, height=900)
    place(page3, 44, 0, 1)                                          # refused by the engine (P3)
    wait_feedback(page3, 1)
    assert feedback(page3).get_attribute("data-rule") == "P3"
    assert w3.message.get("kind") == "error"                        # the kernel refused it ...
    assert page3.locator(".alh-message").inner_text().strip() == ""  # ... and only the lesson says so
    assert "P3" in feedback(page3).inner_text()
    # a note of the page's own (a tile of the Alhambra clicked while a bought tile waits): its dismiss button on its line
    page3.click('.alh-focus [data-act="placed"]')
    msg = page3.locator(".alh-message")
    msg.locator(".alh-message-text").wait_for()
    text = msg.locator(".alh-message-text").bounding_box()
    button = msg.get_by_role("button", name="Dismiss the message").bounding_box()
    assert button["y"] < text["y"] + 22 and button["x"] >= text["x"] + text["width"] - 1, (text, button)
    page3.screenshot(path=str(artifacts / "tutorial-table.png"))
    assert not (page.errors or page2.errors or page3.errors)


def test_on_a_wide_table_the_lesson_reads_beside_what_to_do(open_tutorial):
    """A laptop's screen (1,366 x 768): the lesson's text on the left, its task,
    rules and buttons beside it, so the panel leaves the board room; on a
    narrow page one under the other."""
    w = AlhambraWidget.tutorial(lang="nl", lesson=6)     # a long lesson text
    page = open_tutorial(w, width=1366, height=768)
    text = page.locator(".alh-lesson-text").bounding_box()
    task = page.locator(".alh-lesson-task").bounding_box()
    next_button = page.get_by_role("button", name=w.view["lesson"]["labels"]["next"])
    assert task["x"] >= text["x"] + text["width"] and task["y"] < text["y"] + text["height"], (text, task)
    panel = page.locator(".alh-lesson").bounding_box()
    assert next_button.bounding_box()["y"] + next_button.bounding_box()["height"] <= panel["y"] + panel["height"]
    assert panel["height"] < 200, panel          # (one above the other it took 290 px)
    assert page.locator(".alh-focus-board").bounding_box()["y"] < 768 / 2 + 20
    narrow = open_tutorial(w, width=800, height=900)
    text = narrow.locator(".alh-lesson-text").bounding_box()
    task = narrow.locator(".alh-lesson-task").bounding_box()
    assert task["y"] >= text["y"] + text["height"], (text, task)
    assert page.errors == [] and narrow.errors == []


def test_on_a_phone_the_lessons_answer_to_a_tap_on_the_board_is_brought_into_view(open_tutorial):
    """On a phone the lesson panel lies far above the board: a refused spot tapped there brings the
    page up to the lesson's answer (it was off screen: the tap seemed to do nothing), and so does the
    praise, with Next under it."""
    li = [lesson.key for lesson in LESSONS].index("place")
    w = AlhambraWidget.tutorial(lang="en", lesson=li)
    page = open_tutorial(w, width=390, height=844)
    page.click('.alh-lesson button[data-op="next"]')        # step 2: walls (P3)
    page.wait_for_function("window.state.lesson.step === 1")
    tile = w.game.pending_for(0)[0].id
    page.click(f'[data-act="pending-tile"][data-id="{tile}"]')
    wrong = next((c[0], c[1]) for c in w.view["legal"]["tiles"][0]["why_not"] if c[2] == "P3")
    spot = page.locator(f'.alh-focus [data-act="spot"][data-x="{wrong[0]}"][data-y="{wrong[1]}"]')
    spot.scroll_into_view_if_needed()
    answer = feedback(page)
    expect(answer).not_to_be_in_viewport()
    spot.click()
    expect(answer).to_have_attribute("data-rule", "P3")
    expect(answer).to_be_in_viewport()
    right = w.view["legal"]["tiles"][0]["spots"][0]
    page.click(f'[data-act="pending-tile"][data-id="{tile}"]')
    page.locator(f'.alh-focus [data-act="spot"][data-x="{right[0]}"][data-y="{right[1]}"]').click()
    expect(answer).to_have_attribute("data-kind", "ok")
    expect(answer).to_be_in_viewport()
    expect(page.locator('.alh-lesson button[data-op="next"]')).to_be_in_viewport()
    assert not page.errors, page.errors
