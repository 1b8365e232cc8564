"""A real screen reader at the table: Orca, the GNOME screen reader, reads the
widget in Chromium on a virtual screen (tests/e2e/screen_reader.py), and these
tests check what it says -- its words, in order, as a blind player hears them:

* a move made by keyboard: each control in focus by its name, a card chosen as
  "pressed" (not the market again), the choice it answers, then the move in
  words and whose turn it is -- not first what the next player may do, which
  changes at the same moment; the focus stays where the player was (on Take,
  or on the board when the cell is gone);
* a move made from a cell: the move, then the turn (two sentences Chromium
  would otherwise hand over in either order);
* a refusal: once, with its rule (never the words twice, as a tooltip and
  again as text);
* the replay slider moved by keyboard: the new position, then the move it shows,
  and not the whole control again (the slider is kept, not drawn anew);
* in the tutorial: a refusal once, then its detail as a sentence of its own;
  at the next step, what the step says and asks;
* in Japanese, Japanese.

The other accessibility tests (test_accessibility.py) check the page's
structure; these check what a screen reader makes of it.
"""

from __future__ import annotations

import re
import time

import pytest

from alhambra_widget import AlhambraWidget
from alhambra_widget.i18n import t
from alhambra_widget.i18n.format import building_name
from alhambra_widget.i18n.moves import describe_move
from alhambra_widget.tutorial import LESSONS, rule_explanation

from .conftest import CHROMIUM_ARGS, _ci
from .screen_reader import missing, orca_session
from .test_widget_page import played, tile_to_place, wire


@pytest.fixture(scope="module")
def reader(browser, chromium_path, tmp_path_factory):
    """Orca, with a Chromium of its own on Orca's screen and one page in it
    (``reader.page``): a window of one tab, which Orca takes for the active one."""
    gone = missing()
    if gone:
        if _ci():
            pytest.fail(f"not installed: {', '.join(gone)} (scripts/_setup.sh installs them with Chromium, as root)")
        pytest.skip(f"not installed: {', '.join(gone)} (apt-get install orca xvfb dbus-x11 at-spi2-core)")
    with orca_session(tmp_path_factory.mktemp("orca")) as orca:
        b = browser.browser_type.launch(executable_path=chromium_path, headless=False, env=orca.env,
                                        args=[*CHROMIUM_ARGS, "--force-renderer-accessibility"])
        orca.page = b.new_page(viewport={"width": 1200, "height": 860})
        yield orca
        b.close()


@pytest.fixture
def table(reader):
    """open(w): widget ``w`` on the page (a document of its own), once Orca has taken it in
    (whatever it reads of it then: the table may be drawn before or after the page is loaded)
    and the reader's focus is in the table, as a player's would be."""

    def open_(w, pushed=("view", "message", "graded")):
        m = reader.mark()
        page = wire(reader.page, w, pushed)
        reader.wait_for(lambda said: any(u.startswith("Finished loading") for u in said), since=m, timeout=20)
        m = reader.mark()
        page.locator(".alh-root").first.focus()
        reader.wait_for(lambda said: len(said) > 0, since=m, timeout=20)
        settle(reader)
        return page

    return open_


def settle(reader, quiet: float = 0.8, most: float = 10.0) -> None:
    """Wait until Orca has said nothing new for ``quiet`` seconds."""
    end = time.monotonic() + most
    n = reader.mark()
    still = time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.1)
        m = reader.mark()
        if m != n:
            n, still = m, time.monotonic()
        elif time.monotonic() - still >= quiet:
            return


def at_a_tile_to_place(table, legal: bool):
    """A table where the player to act has a tile to place: ``(game, widget, page, tile, spot)``,
    the spot the first frontier cell where the tile may go (``legal``) or may not."""
    g = tile_to_place()
    w = AlhambraWidget(g)
    page = table(w)
    tile = g.pending_for(g.current)[0]
    a = g.players[g.current].alhambra
    spot = next(q for q in sorted(a.frontier) if (a.why_not(tile, q) is None) == legal)
    return g, w, page, tile, spot


def said_after(reader, do, until, timeout: float = 30.0) -> list:
    """Do ``do()``; the utterances that follow, once ``until(utterances)`` holds and Orca is quiet.
    (Up to ``timeout`` seconds: on a loaded machine a round trip to the kernel, then Orca's own
    queue, once took longer than 15 s; a passing test waits only as long as Orca needs.)"""
    m = reader.mark()
    do()
    reader.wait_for(until, since=m, timeout=timeout)
    settle(reader)
    return reader.said(m)


def test_a_move_by_keyboard_is_read_in_order_the_move_then_whose_turn(reader, table):
    w = AlhambraWidget(players=["Ana", "Ben"], seed=5)
    page = table(w)
    card = page.locator('.alh-money [data-act="money"][data-i="0"]')
    name = card.get_attribute("aria-label")
    said = said_after(reader, card.focus, lambda s: any(x.startswith(name) for x in s))
    assert any(x.startswith(name) and "button" in x for x in said), said   # the card by its name and role
    ana = page.locator(".alh-selection").inner_text()                      # what Ana may do
    # chosen: its new state and what the choice does now ("pressed", "Take 8."), not the market
    # and the card again (the card is kept, not drawn anew; its name does not change)
    said = said_after(reader, lambda: page.keyboard.press("Enter"),
                      lambda s: page.locator(".alh-selection").inner_text() in s)
    assert ana not in said
    assert said[0] == "pressed" and not any(name in u or "region" in u for u in said), said
    take = page.get_by_role("button", name="Take", exact=True)
    said = said_after(reader, take.focus, lambda s: any(x.startswith("Take push button") for x in s))
    # the move, then whose turn: not first what Ben may do, nor Ana's hint again
    said = said_after(reader, lambda: page.keyboard.press("Enter"), lambda s: any(w.view["status"] in u for u in s))
    move, turn = w.message["text"], w.view["status"]
    assert move.startswith("Ana took ") and "Ben" in turn
    assert f"{move} {turn}" in said, said                    # one utterance: the move, then the turn
    assert sum(u.count(move) for u in said) == 1, said       # (not read again by the message line)
    ben = page.locator(".alh-selection").inner_text()
    assert ben.startswith("Ben:") and ben not in said and ana not in said, said
    # the focus stays on Take, now off (not sent back to the top of the table): Tab goes on from there
    assert page.evaluate("() => document.activeElement.dataset.act") == "take"
    said = said_after(reader, lambda: page.keyboard.press("Tab"), lambda s: len(s) > 0)
    assert any(u.startswith("Hint push button") for u in said), said
    assert not page.errors, page.errors


def test_a_tile_placed_by_keyboard_is_told_and_the_focus_stays_on_the_board(reader, table):
    g, w, page, tile, (x, y) = at_a_tile_to_place(table, legal=True)
    page.locator(f'[data-act="pending-tile"][data-id="{tile.id}"]').focus()
    settle(reader)
    # the tile chosen: the focus goes to the board's first legal spot, said by name, and what to do now
    chosen = lambda s: any(" legal push button" in u for u in s) and any("click a highlighted spot" in u for u in s)  # noqa: E731
    said = said_after(reader, lambda: page.keyboard.press("Enter"), chosen)
    spot = page.evaluate("() => [document.activeElement.dataset.act, Number(document.activeElement.dataset.x), "
                         "Number(document.activeElement.dataset.y)]")
    assert spot[0] == "spot" and tuple(spot[1:]) in g.players[g.current].alhambra.legal_spots(tile), spot
    assert any(u.startswith(f"empty spot {spot[1]},{spot[2]}: legal push button") for u in said), said
    assert any(u.startswith(page.locator("p.alh-selection").inner_text()) for u in said), said
    page.locator(f'.alh-focus [data-act="spot"][data-x="{x}"][data-y="{y}"]').focus()
    settle(reader)
    said = said_after(reader, lambda: page.keyboard.press("Enter"), lambda s: any(w.view["status"] in u for u in s))
    move = describe_move(g.moves[-1], g)
    assert f"{move} {w.view['status']}" in said, said
    # the next player's board is shown, without that cell: the focus goes to the board, not to the
    # top of the table, and Tab goes on into that board (the fountain: no action said, P6)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Alhambra in view"
    said = said_after(reader, lambda: page.keyboard.press("Tab"), lambda s: any("push button" in u for u in s))
    assert any(u.startswith("fountain at 0,0 push button") for u in said), said
    assert not page.errors, page.errors


def test_a_move_from_a_cell_is_read_with_the_turn_after_it(reader, table):
    w = AlhambraWidget(players=["Ana", "Ben"], seed=5)
    g = w.game
    page = table(w)
    for _ in range(2):
        def play():
            w.play(g.legal_actions("take")[-1])
            page.push()
        said = said_after(reader, play, lambda s: any(w.view["status"] in x for x in s))
        move = describe_move(g.moves[-1], g)
        assert f"{move} {w.view['status']}" in said, said      # one utterance: the move, then the turn
        assert not any(x.startswith(w.view["players"][g.current]["name"] + ":") for x in said), said
    assert not page.errors, page.errors


def test_a_refusal_is_read_once_with_its_rule(reader, table):
    g, w, page, tile, (x, y) = at_a_tile_to_place(table, legal=False)
    rule = g.players[g.current].alhambra.why_not(tile, (x, y))
    page.locator(f'[data-act="pending-tile"][data-id="{tile.id}"]').focus()
    page.keyboard.press("Enter")
    settle(reader)
    line = page.locator(".alh-hold > .alh-message")
    cell = page.locator(f'.alh-focus rect.alh-cell-no[data-x="{x}"][data-y="{y}"]')
    words_of = lambda: line.locator(".alh-message-text").get_attribute("data-text")  # noqa: E731  (the words, not the mark)
    refused = next(c for c in w.view["legal"]["tiles"][0]["why_not"] if c[:2] == [x, y])
    said = said_after(reader, cell.click, lambda s: any(words_of() in u for u in s))
    words = words_of()
    if len(refused) == 5:
        # the engine's words, which say where (a wall against an open side: the side and the tile
        # there), the rule said before them (the words do not name it)
        name = t("ui.tile.short", "en", building=building_name(tile.building, "en"), price=tile.price)
        assert words.startswith(f"{name} at ({x}, {y}) ") and f"rule {rule}" not in words
        line_said = f"Rule {rule}. {words}"
        # the cell's description says where too (heard on the cell before any click)
        assert words in cell.locator("title").text_content()
    else:
        assert f"rule {rule}" in words and w.view["explain"][rule] in words
        line_said = words
    # the cell by its name, then the message line once -- not its tooltip and then its words
    assert said.count(line_said) == 1, said
    assert sum(x.count(w.view["explain"][rule]) for x in said) <= 2, said   # (the cell's description, the line)
    assert sum(x.count(words) for x in said) <= 2, said
    assert any(u.startswith(f"empty spot {x},{y}: not allowed (rule {rule})") for u in said), said

    # a refusal from the kernel (a click overtaken by the game, a forged message): its rule said first
    bad = {"type": "action", "action": "end", "stamp": w.view["stamp"], "seat": None}
    said = said_after(reader, lambda: page.evaluate("m => window.model.send(m)", bad),
                      lambda s: any(x.startswith("Rule ") for x in s))
    assert w.message["kind"] == "error" and w.message["rule"]
    told = f"Rule {w.message['rule']}. Refused: {w.message['text']}"
    assert said.count(told) == 1, (told, said)
    assert not page.errors, page.errors


def test_in_japanese_orca_reads_japanese(reader, table):
    w = AlhambraWidget(players=["Ana", "Ben"], seed=5, lang="ja")
    g = w.game
    page = table(w)

    def play():
        w.play(g.legal_actions("take")[0])
        page.push()
    said = said_after(reader, play, lambda s: any(w.view["status"] in x for x in s))
    move = describe_move(g.moves[-1], g, "ja")
    assert f"{move}{w.view['status']}" in said, said        # (Japanese sentences follow without a space)
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", move) and "Ana" in move, move
    assert not page.errors, page.errors


def test_in_the_tutorial_a_refusal_then_the_next_step_are_read(reader, table):
    li = [lesson.key for lesson in LESSONS].index("place")
    w = AlhambraWidget.tutorial(lang="en", lesson=li)
    page = table(w, pushed=("view", "message", "seat", "lesson"))
    turn = page.locator('.alh-lesson button[data-op="turn"]')
    turn.focus()
    settle(reader)
    explained = rule_explanation("P1", "en")
    said = said_after(reader, lambda: page.keyboard.press("Enter"), lambda s: any(explained in u for u in s))
    told = [u for u in said if explained in u]
    assert len(told) == 1 and told[0].startswith("Refused by rule P1: "), said   # once, not after "P1" or "Rule P1"
    detail = w.lesson["feedback"]["detail"]
    assert told[0] == f"{w.lesson['feedback']['text']} {detail}", told   # the detail a sentence of its own
    assert not any(u.startswith("Rule P1") for u in said), said
    page.locator('[data-act="pending-tile"][data-id="44"]').focus()
    page.keyboard.press("Enter")
    said = said_after(reader, lambda: (page.locator('.alh-focus [data-act="spot"][data-x="0"][data-y="-1"]').focus(),
                                       page.keyboard.press("Enter")),
                      lambda s: any(u.startswith("Well done") for u in s))
    assert sum(u.count("Well done") for u in said) == 1, said
    nxt = page.locator('.alh-lesson button[data-op="next"]')
    nxt.focus()
    settle(reader)
    said = said_after(reader, lambda: page.keyboard.press("Enter"), lambda s: any(w.lesson["task"] in u for u in s))
    assert any(u.startswith(w.lesson["text"]) and w.lesson["task"] in u for u in said), said
    assert not page.errors, page.errors


def test_the_replay_slider_says_where_it_is_and_the_move_shown(reader, table):
    w = AlhambraWidget(played(3, 4, 30))
    n = len(w.game.moves)
    page = table(w)
    slider = page.get_by_role("slider")
    said = said_after(reader, slider.focus, lambda s: any("slider" in u for u in s))
    assert any(u.startswith(f"Replay: show the position after move {n} of {n} horizontal slider") for u in said), said
    for at in (n - 1, n - 2):
        said = said_after(reader, lambda: page.keyboard.press("ArrowLeft"),
                          lambda s: any(u.startswith(f"Replay — after move {at} of {n}:") for u in s))
        assert said[0] == f"move {at} of {n}", said                       # the new position first, not the old
        assert not any("slider" in u or "Replay panel" in u for u in said), said   # not the control again
    said = said_after(reader, lambda: page.keyboard.press("End"), lambda s: w.view["status"] in s)
    assert said == [f"move {n} of {n}", w.view["status"]], said
    assert not page.errors, page.errors
