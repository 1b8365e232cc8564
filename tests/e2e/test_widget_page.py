"""The real bundle in Debian's Chromium, wired to a real AlhambraWidget in this
process -- no Jupyter server: a page with a stand-in for the anywidget model
imports ``static/widget.js`` from a blob: URL (as anywidget does), messages the
page sends go to ``w._handle_custom_msg`` and the new traits are pushed back.

Whole stretches of games are played by clicking (and by keyboard only), each
move chosen in Python and carried out through the controls a person would use;
every intent must become exactly that engine action. Chromium comes from the
session fixtures of ``conftest.py`` (under ``CI=true`` a missing Chromium fails
the run; elsewhere these tests skip); no JupyterLab is started for them.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.engine import actions as A

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "alhambra_widget" / "static" / "widget.js"

PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body><div id="out"></div><script>
const handlers = {};
window.state = {};
window.model = {
  get: (k) => window.state[k],
  set: (k, v) => { window.state[k] = v; },
  on: (ev, f) => { (handlers[ev] ||= []).push(f); },
  off: (ev, f) => { handlers[ev] = (handlers[ev] || []).filter((g) => g !== f); },
  save_changes: () => {},
  send: (m) => { window.sent.push(m); window.toKernel(JSON.stringify(m)); },
};
window.sent = [];
window.pushState = (s) => {
  for (const [k, v] of Object.entries(s)) { window.state[k] = v; (handlers["change:" + k] || []).forEach((f) => f()); }
};
</script></body></html>"""

pytestmark = pytest.mark.slow


@pytest.fixture
def chromium(browser):
    """Pages of their own (a fresh context each), in the session's Chromium."""
    contexts = []

    class Pages:
        def new_page(self, **kw):
            ctx = browser.new_context(**kw)
            contexts.append(ctx)
            return ctx.new_page()

    yield Pages()
    for ctx in contexts:
        ctx.close()


def open_widget(chromium, w, dark=False):
    page = chromium.new_page(viewport={"width": 1100, "height": 900}, color_scheme="dark" if dark else "light")
    return wire(page, w)


#: the widget's synced traits the front end reads (what the kernel sends at first)
TRAITS = ("view", "message", "seat", "graded", "strings", "lang", "lesson")


def wire(page, w, pushed=("view", "message", "graded")):
    """Show widget ``w`` on ``page`` with the real bundle, its messages played
    by ``w``: after each one, the traits named in ``pushed`` go back to the
    page (and the texts with the language, when it changed: the kernel sends
    them again only then); ``page.push()`` sends them after a change made in
    Python. The page's script errors gather in ``page.errors``. A page wired
    before may be wired again, to another widget (its document made anew)."""
    again = hasattr(page, "to_kernel")
    page.errors = []
    if not again:
        page.on("pageerror", lambda e: page.errors.append(str(e)))
    else:
        page.goto("about:blank")   # (a document of its own: set_content writes into the one there is)
    page.set_content(PAGE)
    page.push = lambda **more: page.evaluate("s => window.pushState(s)", {**{k: getattr(w, k) for k in pushed}, **more})

    def to_kernel(text):
        lang = w.lang
        w._handle_custom_msg(json.loads(text), [])
        page.push(**({"strings": w.strings, "lang": w.lang} if w.lang != lang else {}))

    page.to_kernel = to_kernel
    if not again:
        page.expose_function("toKernel", lambda text: page.to_kernel(text))
    mount_widget(page, w)
    return page


def mount_widget(page, w) -> None:
    """Give the page's stand-in model widget ``w``'s traits, then draw it with the real bundle."""
    page.evaluate("s => { window.state = s; }", {k: getattr(w, k) for k in TRAITS if w.has_trait(k)})
    mount_bundle(page)


def mount_bundle(page) -> None:
    """Import the real bundle from a blob: URL, as anywidget does, and render
    it into #out with the page's stand-in model (window.model)."""
    page.evaluate("""async (src) => {
        const url = URL.createObjectURL(new Blob([src], {type: "text/javascript"}));
        const mod = await import(url);
        mod.default.initialize({model: window.model});
        await mod.default.render({model: window.model, el: document.getElementById("out")});
    }""", BUNDLE.read_text())


def show(chromium, w, **page_options):
    """A page of its own showing widget ``w``'s table (its traits as the front
    end gets them, the real bundle); returned once the status line is there."""
    page = chromium.new_page(**page_options)
    page.set_content(PAGE)
    mount_widget(page, w)
    page.locator(".alh-status-text").first.wait_for()
    return page


def played(n: int, seed: int, moves=None) -> Game:
    """A random game of ``n`` players after ``moves`` moves (None: to its end)."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over and (moves is None or k < moves):
        g.play(g.random_action(rng))
        k += 1
    return g


def tables(games, lesson: int) -> list:
    """(name, make) of tables to look at: ``make(lang)`` the widget of a random
    game per (players, seed, moves) of ``games``, and of a tutorial lesson."""
    out = []
    for n, seed, moves in games:
        g = played(n, seed, moves)
        out.append((f"{n} players, {g.phase}", lambda lang="en", g=g: AlhambraWidget(g.copy(), lang=lang)))
    out.append((f"lesson {lesson + 1}", lambda lang="en": AlhambraWidget.tutorial(lang=lang, lesson=lesson)))
    return out


def carry_out(page, w, a, keyboard):
    """Do action ``a`` through the widget's controls, like a person would."""
    v = w.view
    me = v["legal"]["player"]

    def press(sel):
        loc = page.locator(sel).first
        if keyboard:
            loc.focus()
            page.keyboard.press(random.choice(["Enter", " "]))
        else:
            loc.click()

    # a scoring round just scored shows over the table until it is dismissed
    pop = page.get_by_role("dialog").get_by_role("button", name="Continue", exact=True)
    if pop.count():
        if keyboard:
            pop.focus()
            page.keyboard.press("Enter")
        else:
            pop.click()
        page.get_by_role("dialog").wait_for(state="detached")

    def pick(cards, shown, sel):
        used = set()
        for c in cards:
            i = next(i for i, s in enumerate(shown) if s == str(c) and i not in used)
            used.add(i)
            press(sel.format(i=i))

    t = type(a)
    if t is A.TakeMoney:
        pick(a.cards, v["money"], '.alh-money [data-act="money"][data-i="{i}"]')
        press('button[data-act="take"]')
    elif t is A.Buy:
        press(f'[data-act="slot"][data-slot="{a.slot}"]')
        pick(a.cards, v["players"][me]["hand"], '.alh-focus [data-act="card"][data-i="{i}"]')
        press('button[data-act="buy"]')
    elif t is A.Remove:
        press(f'.alh-focus [data-act="placed"][data-x="{a.pos[0]}"][data-y="{a.pos[1]}"]')
        press('button[data-act="to-reserve"]')
    elif t is A.Build or t is A.Swap:
        press(f'[data-act="reserve-tile"][data-id="{a.tile_id}"]')
        target = "spot" if t is A.Build else "placed"
        press(f'.alh-focus [data-act="{target}"][data-x="{a.pos[0]}"][data-y="{a.pos[1]}"]')
    elif t is A.Place:
        press(f'[data-act="pending-tile"][data-id="{a.tile_id}"]')
        press(f'.alh-focus [data-act="spot"][data-x="{a.pos[0]}"][data-y="{a.pos[1]}"]')
    elif t is A.Reserve:
        press(f'[data-act="pending-tile"][data-id="{a.tile_id}"]')
        press('button[data-act="to-reserve"]')
    elif t is A.GiveToDirk:
        press(f'[data-act="pending-tile"][data-id="{a.tile_id}"]')
        press('button[data-act="dirk"]')
    elif t is A.EndTurn:
        press('button[data-act="end"]')
    else:
        press('button[data-act="pass"]')


def play_by_hand(chromium, players, seed, moves, keyboard):
    random.seed(seed)
    w = AlhambraWidget(players=players, seed=seed)
    g = w.game
    rng = random.Random(seed)
    page = open_widget(chromium, w)
    for _ in range(moves):
        if g.is_over:
            break
        a = g.random_action(rng)
        before = len(g.history)
        carry_out(page, w, a, keyboard)
        page.wait_for_function(f"window.state.view.moves > {before}", timeout=10_000)
        assert len(g.history) == before + 1 and g.history[-1] == a, (str(a), w.message)
        assert page.locator(".alh-status-text").inner_text() == w.view["status"]
    assert not page.errors, page.errors
    return w, page


def test_a_two_player_game_by_mouse(chromium, artifacts):
    w, page = play_by_hand(chromium, 2, 1, moves=70, keyboard=False)
    assert len(w.game.history) == 70
    page.screenshot(path=str(artifacts / "widget-2p-mouse.png"), full_page=True)
    page.close()


def test_a_four_player_game_by_keyboard_only(chromium):
    w, page = play_by_hand(chromium, ["Ana", "Ben", "Chi", "Dan"], 2, moves=50, keyboard=True)
    assert len(w.game.history) == 50
    page.close()


def test_arrow_keys_walk_the_board_and_a_row_and_enter_plays_where_the_focus_is(chromium):
    """With a bought tile chosen, the arrow keys move the focus over the board's cells (the
    help line follows the focus), and Enter places the tile on the cell reached. (Rows of
    cards and slots: js/input.test.js.)"""
    g = Game(["Ana", "Ben", "Chi"], seed=8)
    rng = random.Random(8)
    while g.phase != "place" or len(g.players[g.current].alhambra.legal_spots(g.pending_for(g.current)[0])) < 3:
        g.play(g.random_action(rng))
    w = AlhambraWidget(g)
    page = open_widget(chromium, w)
    me, tile = g.current, g.pending_for(g.current)[0]
    legal = set(g.players[me].alhambra.legal_spots(tile))
    page.locator(f'[data-act="pending-tile"][data-id="{tile.id}"]').focus()
    page.keyboard.press("Enter")
    page.locator('.alh-focus [data-act="spot"][tabindex="0"]').first.wait_for()
    # from the westmost legal spot, east and south and back: the focus moves from cell to cell
    x0, y0 = min(legal)
    page.locator(f'.alh-focus [data-act="spot"][data-x="{x0}"][data-y="{y0}"]').focus()
    visited = [(x0, y0)]
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        at = page.evaluate("() => [document.activeElement.dataset.act, Number(document.activeElement.dataset.x), "
                           "Number(document.activeElement.dataset.y)]")
        assert at[0] in ("spot", "placed"), (key, at)
        visited.append(tuple(at[1:]))
    assert len(set(visited)) > 1, visited   # it moved
    # the help line speaks of the cell in focus; Enter on a legal spot places the tile there
    target = next(q for q in sorted(legal) if q != (x0, y0))
    page.locator(f'.alh-focus [data-act="spot"][data-x="{x0}"][data-y="{y0}"]').focus()
    steps = {(1, 0): "ArrowRight", (-1, 0): "ArrowLeft", (0, 1): "ArrowDown", (0, -1): "ArrowUp"}
    for _ in range(12):
        here = page.evaluate("() => [Number(document.activeElement.dataset.x), Number(document.activeElement.dataset.y)]")
        if tuple(here) == target:
            break
        dx, dy = target[0] - here[0], target[1] - here[1]
        page.keyboard.press(steps[(1 if dx > 0 else -1, 0)] if dx else steps[(0, 1 if dy > 0 else -1)])
    assert page.evaluate("() => [Number(document.activeElement.dataset.x), Number(document.activeElement.dataset.y)]") \
        == list(target)
    expect(page.locator(".alh-board-help")).to_contain_text(f"{target[0]},{target[1]}")
    before = len(g.moves)
    page.keyboard.press("Enter")
    page.wait_for_function(f"window.state.view.moves > {before}", timeout=10_000)
    assert str(g.history[-1]) == f"place {tile.id} at {target[0]},{target[1]}"
    assert not page.errors, page.errors
    page.close()


def test_the_focus_on_a_refused_cell_marks_what_it_names_and_stays_on_that_cell(chromium):
    """Tabbing or arrowing onto a refused spot whose refusal says where: the help line gives the
    engine's words, the board marks the side, and the board drawn again keeps the very element
    in focus (a screen reader does not hear the cell a second time)."""
    g = played(2, 0, 161)                     # (the tile to place: a wall against the fountain at 0,-1)
    tile = g.pending_for(g.current)[0]
    w = AlhambraWidget(g)
    page = open_widget(chromium, w)
    page.locator(f'[data-act="pending-tile"][data-id="{tile.id}"]').focus()
    page.keyboard.press("Enter")
    cell = page.locator('.alh-focus rect.alh-cell-no[data-x="0"][data-y="-1"]')
    cell.focus()
    page.evaluate("() => { window.__focused = document.activeElement; }")
    mark = page.locator(".alh-focus path.alh-refusal-mark")
    expect(mark).to_have_attribute("data-side", "S")
    expect(page.locator(".alh-board-help")).to_contain_text("Rule P3: ")
    expect(page.locator(".alh-board-help")).to_contain_text("on the south side it has a wall")
    assert page.evaluate("() => document.activeElement === window.__focused && window.__focused.isConnected")
    # arrows on: wherever the focus lands, the mark is that cell's (or none), and the focus on it
    cells = {tuple(c[:2]): c for c in w.view["legal"]["tiles"][0]["why_not"]}
    for key in ("ArrowLeft", "ArrowDown", "ArrowDown", "ArrowRight"):
        page.keyboard.press(key)
        act, x, y = page.evaluate("() => [document.activeElement.dataset.act, Number(document.activeElement.dataset.x),"
                                  " Number(document.activeElement.dataset.y)]")
        c = cells.get((x, y)) if act == "spot" else None
        if c is not None and isinstance(c[4], str):
            expect(mark).to_have_attribute("data-side", c[4])
        elif c is not None:
            expect(mark).to_have_attribute("data-cells", " ".join(f"{cx},{cy}" for cx, cy in c[4]))
        else:
            expect(mark).to_have_count(0)
    assert not page.errors, page.errors
    page.close()


def tile_to_place() -> Game:
    """Ana and Ben, the player to act with a tile to place (a tower that fits few spots)."""
    g = Game(["Ana", "Ben"], seed=11)
    rng = random.Random(3)
    while g.phase != "place":
        g.play(g.random_action(rng))
    return g


def test_a_hole_is_named_and_marked_on_the_board(chromium, artifacts):
    """A spot refused because it would close in a hole (P5): the message line names the empty
    spots, the board outlines them, and the game does not change (dark theme)."""
    g = played(2, 0, 161)                     # (a tile to place with a hole to close at 2,2)
    tile = g.pending_for(g.current)[0]
    a = g.players[g.current].alhambra
    assert a.why_not(tile, (2, 2)) == "P5"
    from alhambra_widget.engine.alhambra import _dec
    spots = [_dec(q) for q in a._holes_if_filled(2 + 256 * 2)]   # (the engine's cell ints as (x, y))
    assert spots
    w = AlhambraWidget(g)
    page = open_widget(chromium, w, dark=True)
    state = g.to_json()
    page.click(f'[data-act="pending-tile"][data-id="{tile.id}"]')
    page.click('.alh-focus rect.alh-cell-no[data-x="2"][data-y="2"]')
    msg = page.locator(".alh-message")
    expect(msg).to_have_attribute("data-rule", "P5")
    expect(msg).to_contain_text("would close in the empty spot" + ("s" if len(spots) > 1 else ""))
    for x, y in spots:
        expect(msg).to_contain_text(f"({x}, {y})")
    mark = page.locator(".alh-focus path.alh-refusal-mark")
    expect(mark).to_have_attribute("data-cells", " ".join(f"{x},{y}" for x, y in spots))
    # the outline lies on the hole's spot (a free spot next to the Alhambra: a cell of the board)
    cell = page.locator(f'.alh-focus rect[data-x="{spots[0][0]}"][data-y="{spots[0][1]}"]').bounding_box()
    box = mark.bounding_box()
    assert abs(box["x"] - cell["x"]) < 8 and abs(box["y"] - cell["y"]) < 8, (box, cell)
    # and the callout opens away from it (the hole lies north: the callout hangs below the spot clicked)
    clicked = page.locator('.alh-focus rect.alh-cell-no[data-x="2"][data-y="2"]').bounding_box()
    callout = page.locator(".alh-callout").bounding_box()
    assert callout["y"] >= clicked["y"] + clicked["height"] - 12, (callout, clicked)
    assert g.to_json() == state
    page.screenshot(path=str(artifacts / "widget-why-hole-dark.png"), full_page=True)
    assert not page.errors, page.errors


def test_a_refused_spot_is_explained_and_nothing_is_sent(chromium, artifacts):
    g = tile_to_place()
    w = AlhambraWidget(g)
    page = open_widget(chromium, w, dark=True)
    tile = g.pending_for(g.current)[0]
    a = g.players[g.current].alhambra
    x, y = next(q for q in sorted(a.frontier) if a.why_not(tile, q))
    state = g.to_json()
    page.click(f'[data-act="pending-tile"][data-id="{tile.id}"]')
    assert page.locator(".alh-focus rect.alh-spot").count() == len(a.legal_spots(tile))
    page.click(f'.alh-focus rect.alh-cell-no[data-x="{x}"][data-y="{y}"]')
    msg = page.locator(".alh-message")
    rule = a.why_not(tile, (x, y))
    assert msg.get_attribute("data-rule") == rule
    assert rule in msg.inner_text()
    # ... and at the spot: a callout anchored at the cell clicked, saying the rule and why
    callout = page.get_by_role("region", name="Alhambra in view").get_by_role("note")
    assert callout.get_attribute("data-rule") == rule
    assert rule in callout.inner_text() and w.view["explain"][rule] in callout.inner_text()
    cell = page.locator(f'.alh-focus rect.alh-cell-no[data-x="{x}"][data-y="{y}"]').bounding_box()
    box = callout.bounding_box()
    cx = cell["x"] + cell["width"] / 2
    assert box["x"] - 1 <= cx <= box["x"] + box["width"] + 1 or abs(box["x"] - cell["x"]) < 2 or \
        abs(box["x"] + box["width"] - cell["x"] - cell["width"]) < 2, (box, cell)   # under or over the cell
    gap = min(abs(box["y"] - (cell["y"] + cell["height"])), abs(box["y"] + box["height"] - cell["y"]))
    assert gap <= 12, (box, cell)                                                    # right at its edge
    assert g.to_json() == state
    page.screenshot(path=str(artifacts / "widget-why-not-dark.png"), full_page=True)
    # a legal spot then: the callout goes, the tile is placed
    spot = sorted(a.legal_spots(tile))[0]
    me, moves = g.current, len(g.moves)
    page.click(f'.alh-focus rect.alh-spot[data-x="{spot[0]}"][data-y="{spot[1]}"]')
    page.wait_for_function(f"window.state.view.moves === {moves + 1}")
    assert g.players[me].alhambra[spot] == tile and page.get_by_role("note").count() == 0
    page.close()


def test_undo_redo_and_replay_buttons(chromium):
    w = AlhambraWidget(players=3, seed=5)
    g = w.game
    rng = random.Random(5)
    for _ in range(6):
        g.play(g.random_action(rng))
    page = open_widget(chromium, w)
    last = g.history[-1]
    page.click('button[data-act="undo"]')
    page.wait_for_function("window.state.view.can_redo === true")
    # the move is taken back (an undo at the table may add a chance move: a reshuffle)
    assert [m.action for m in g.moves if m.player is not None] == g.history[:5] and last not in g.history[5:]
    page.click('button[data-act="redo"]')
    page.wait_for_function("window.state.view.can_redo === false")
    assert g.history[-1] == last
    n = len(g.moves)
    page.locator('input[data-act="replay"]').fill("2")
    page.wait_for_function("window.state.view.replay === 2")
    assert w.replay_index == 2 and len(g.moves) == n
    assert f"move 2 / {n}" in page.locator(".alh-replay").inner_text()
    # replay mode is obvious: a banner in place of the status line says which move is shown, and leads back
    banner = page.locator(".alh-replay-banner")
    assert f"after move 2 of {n}" in banner.inner_text()
    assert page.locator(".alh-app.alh-replaying").count() == 1
    # the slider sits by the board, under it
    board = page.get_by_role("region", name="Alhambra in view").bounding_box()
    slider = page.get_by_role("slider").bounding_box()
    assert board["y"] + board["height"] <= slider["y"] <= board["y"] + board["height"] + 80
    banner.get_by_role("button", name="Back to live", exact=True).click()
    page.wait_for_function("window.state.view.replay === null")
    assert page.locator(".alh-replay-banner").count() == 0 and page.locator(".alh-app.alh-replaying").count() == 0
    page.locator('input[data-act="replay"]').fill("1")
    page.wait_for_function("window.state.view.replay === 1")
    page.click('.alh-replay button[data-act="live"]')
    page.wait_for_function("window.state.view.replay === null")
    # by keyboard: Back to live in the banner goes with the banner; the focus goes to the slider
    page.locator('input[data-act="replay"]').fill("1")
    page.wait_for_function("window.state.view.replay === 1")
    back = page.locator(".alh-replay-banner").get_by_role("button", name="Back to live", exact=True)
    back.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.state.view.replay === null")
    expect(page.get_by_role("slider")).to_be_focused()
    assert not page.errors, page.errors
    page.close()


def test_play_from_here_while_replaying(chromium):
    """Replaying, the action bar offers to play on from the position shown:
    the later moves are taken back, the table is live again and says so, and
    Redo plays the first of them again."""
    w = AlhambraWidget(players=3, seed=5)
    g = w.game
    rng = random.Random(5)
    for _ in range(8):
        g.play(g.random_action(rng))
    before = list(g.history)
    n0 = len(g.moves)
    people = lambda: [m.action for m in g.moves if m.player is not None]  # noqa: E731 (less the chance moves)
    page = open_widget(chromium, w)
    # a click on a move in the log replays the position after it (as the slider does)
    page.locator('.alh-log-list li[data-n="3"]').click()
    page.wait_for_function("window.state.view.replay === 3")
    # in the action bar, where the game's buttons were (they are off while replaying)
    bar = page.get_by_role("toolbar", name=w.strings["ui.controls.aria"])
    button = bar.get_by_role("button", name="Play from here", exact=True)
    assert button.is_visible()
    assert [b.inner_text().strip() for b in bar.get_by_role("button").all()] == ["Play from here", "Hint"]
    button.click()
    page.wait_for_function("window.state.view.replay === null")
    kept = [m.action for m in g.moves[:3] if m.player is not None]
    assert people() == kept == before[:len(kept)]
    assert page.locator(".alh-replay-banner").count() == 0
    expect(page.locator(".alh-message")).to_contain_text("Playing on from here")
    moves = len(g.moves)
    page.get_by_role("button", name=w.strings["ui.btn.redo"], exact=True).click()
    page.wait_for_function(f"window.state.view.moves === {moves + 1}")
    assert people() == before[:len(kept) + 1]
    # the game as it was played is kept: its button under the board goes back to it, whole
    back = page.get_by_role("group", name="Replay").get_by_role("button", name="Game played", exact=True)
    assert back.get_attribute("title").startswith(f"Back to the game as it was played, up to move {n0}")
    back.click()
    page.wait_for_function(f"window.state.view.moves === {n0} && window.state.view.played_moves === null")
    assert [m.action for m in w.game.moves if m.player is not None] == before
    expect(page.locator(".alh-message")).to_contain_text("Back to the game as it was played")
    assert back.count() == 0
    assert not page.errors, page.errors
    page.close()


def test_the_next_scoring_round_as_it_stands_unfolds_and_follows_the_game(chromium):
    """In play the scoring section starts with the next round as it would be scored now:
    a line of each player's points, unfolded (by the keyboard) the engine's own table of it,
    which stays open and follows the game move by move."""
    g = Game(["Ana", "Ben", "Chi"], seed=4)
    rng = random.Random(4)
    while len(g.rounds) < 1 or g.phase != "action":
        g.play(g.random_action(rng))
    w = AlhambraWidget(g)
    page = open_widget(chromium, w)
    preview = g.scoring_preview()
    fold = page.locator("details.alh-preview")
    summary = fold.locator("summary")
    expect(summary).to_have_text(re.compile(rf"^Scoring round 2 if it were now: Ana \+{preview['points'][0]}, "))
    assert fold.get_attribute("open") is None and fold.locator("table").count() == 0
    summary.focus()
    page.keyboard.press("Enter")
    table = page.get_by_role("table", name="Scoring round 2 if it were now")
    expect(table).to_be_visible()
    cells = table.locator(".alh-round-points")
    assert cells.all_text_contents() == [f"+{x}" for x in preview["points"]]
    # a move later: still open, with the figures of the new position
    w._handle_custom_msg({"type": "action", "action": str(w.game.legal_actions("take")[0]), "stamp": w.view["stamp"],
                          "seat": None}, [])
    page.push()
    after = w.game.scoring_preview()
    expect(cells).to_have_text([f"+{x}" for x in after["points"]])
    expect(table.locator("tbody tr[data-player] td:last-child")).to_have_text([str(x) for x in after["scores"]])
    assert not page.errors, page.errors
    page.close()


def test_the_players_of_the_next_game_are_chosen_under_new_game(chromium, artifacts):
    """At the end of a game, the fold under New game seats a person or a bot at each
    seat, by keyboard; New game then deals the kernel a game of that line-up, and the
    table shows it."""
    w = AlhambraWidget(played(3, 5), autoplay=False)
    page = open_widget(chromium, w)
    summary = page.locator("details.alh-lineup summary")
    expect(summary).to_have_text("Players of the next game: Player 1, Player 2, Player 3")
    count = page.get_by_role("combobox", name="Players", exact=True)
    expect(count).to_be_hidden()   # folded
    summary.focus()
    page.keyboard.press("Enter")
    expect(count).to_be_visible()
    count.select_option("4")
    page.get_by_role("combobox", name="Seat 2", exact=True).select_option("greedy")
    seat4 = page.get_by_role("combobox", name="Seat 4", exact=True)
    seat4.focus()
    page.keyboard.press("End")          # the last kind of the list, by keyboard: MCTS
    expect(seat4).to_have_value("mcts")
    expect(summary).to_have_text("Players of the next game: Player 1, Greedy (bot), Player 3, MCTS (bot)")
    expect(seat4).to_be_focused()       # redrawn, the focus stays where it was
    # the seats in columns: the kinds line up with each other and with the number of
    # players, each person's name on the line of its kind
    kinds = [page.get_by_role("combobox", name=f"Seat {i}", exact=True).bounding_box() for i in (1, 2, 3, 4)]
    assert [round(b["x"]) for b in kinds[0::2]] == [round(count.bounding_box()["x"])] * 2, kinds
    assert round(kinds[1]["x"]) == round(kinds[3]["x"]) > kinds[0]["x"] + kinds[0]["width"], kinds
    assert [round(b["y"]) for b in kinds[:2]] == [round(kinds[0]["y"])] * 2, kinds
    for i in (1, 3):
        name_box = page.get_by_role("textbox", name=f"Name at seat {i}", exact=True).bounding_box()
        assert abs(name_box["y"] + name_box["height"] / 2 - kinds[i - 1]["y"] - kinds[i - 1]["height"] / 2) < 2, (name_box, kinds)
    page.locator(".alh-bar").screenshot(path=str(artifacts / "lineup-open.png"))   # (the documentation's picture)
    assert w.game.n == 3   # nothing sent until New game
    page.get_by_role("button", name="New game", exact=True).click()
    assert w.game.n == 4 and not w.game.is_over and w.game.names == ["Player 1", "Greedy", "Player 3", "MCTS"]
    assert sorted(w.bots) == [1, 3]
    expect(page.locator(".alh-app")).to_have_attribute("data-players", "4")
    expect(page.locator(".alh-app")).to_have_attribute("data-phase", re.compile("action|place"))
    assert not page.errors, page.errors
    page.close()


def test_new_game_by_keyboard_leaves_the_focus_on_the_first_money_card(chromium):
    """New game goes with the game over: pressed from the keyboard, the focus goes to the first
    move of the next game, the first face-up money card (it went to the language list at the top)."""
    w = AlhambraWidget(played(2, 5))
    page = open_widget(chromium, w)
    new = page.get_by_role("button", name="New game", exact=True)
    new.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.state.view.phase === 'action' && window.state.view.moves === 0")
    first = page.locator('[data-key="money-0"]')
    expect(first).to_be_focused()
    assert first.get_attribute("aria-label").startswith("face-up card ")
    assert not page.errors, page.errors
    page.close()


def test_before_the_first_move_the_players_of_the_game_may_change(chromium, artifacts):
    """A game no move has been made in: under the table, the players of this game
    unfold; two bots chosen there and "Deal for these players" give a new game for
    them, in the kernel; the first move takes the fold away."""
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=3, autoplay=False)
    page = open_widget(chromium, w)
    summary = page.locator("details.alh-lineup summary")
    expect(summary).to_have_text("Players of this game: Ana, Ben, Chi")
    summary.click()
    page.get_by_role("combobox", name="Seat 2", exact=True).select_option("greedy")
    page.get_by_role("combobox", name="Seat 3", exact=True).select_option("mcts")
    name = page.get_by_role("textbox", name="Name at seat 1", exact=True)
    expect(name).to_have_value("Ana")
    name.fill("Eve Abby")
    name.press("Enter")   # (a name counts once the field is left, or with Enter)
    expect(summary).to_have_text("Players of this game: Eve Abby, Greedy (bot), MCTS (bot)")
    expect(page.get_by_role("textbox", name="Name at seat 1", exact=True)).to_be_focused()
    page.screenshot(path=str(artifacts / "lineup-start.png"), full_page=True)
    page.get_by_role("button", name="Deal for these players", exact=True).click()
    assert w.game.names == ["Eve Abby", "Greedy", "MCTS"] and sorted(w.bots) == [1, 2] and w.seat == 0
    expect(page.locator(".alh-tag-bot")).to_have_count(2)
    expect(summary).to_have_text("Players of this game: Eve Abby, Greedy, as now, MCTS, as now")
    # the first move: no more changing who plays
    if w.game.current != 0:
        w.bots = {}   # (no bot moves here: the page has no kernel loop; the person plays for them)
    w.game.play(w.game.legal_actions("take")[0])
    page.push()
    expect(page.locator("details.alh-lineup")).to_have_count(0)
    assert not page.errors, page.errors
    page.close()


def test_a_name_typed_and_then_deal_clicked_deals_with_that_name_at_the_first_click(chromium):
    """A name typed into the line-up and Deal clicked at once (no Enter): the click deals, with the
    name. (Leaving the field redrew the line-up under the pressed button: the first click was lost.)"""
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=3, autoplay=False)
    page = open_widget(chromium, w)
    page.locator("details.alh-lineup summary").click()
    page.get_by_role("combobox", name="Players", exact=True).select_option("4")
    page.get_by_role("textbox", name="Name at seat 4", exact=True).fill("Dan")
    page.get_by_role("button", name="Deal for these players", exact=True).click()
    page.wait_for_function("window.state.view.players.length === 4")
    assert w.game.names[3] == "Dan" and w.game.n == 4
    assert not page.errors, page.errors
    page.close()


def test_earlier_scoring_rounds_unfold_by_mouse_and_keyboard(chromium):
    """The latest scoring round is shown in full; the earlier ones, why a round
    gave its points and (at the end) the moves are folded (and not drawn) until
    the summary is clicked or activated with the keyboard."""
    g = Game(["Ana", "Ben", "Chi"], seed=4)
    rng = random.Random(4)
    while not g.is_over:
        g.play(g.random_action(rng))
    w = AlhambraWidget(g)
    page = open_widget(chromium, w)
    rounds = page.locator("table.alh-round")
    assert [rounds.nth(i).get_attribute("data-round") for i in range(rounds.count())] == ["3"]
    details = page.locator("details.alh-earlier")
    assert details.get_attribute("open") is None
    page.click(".alh-earlier-summary")
    assert details.get_attribute("open") is not None
    assert [rounds.nth(i).get_attribute("data-round") for i in range(rounds.count())] == ["3", "2", "1"]
    assert page.locator("details.alh-earlier table.alh-round").first.is_visible()
    # keyboard: the summary keeps the focus; Enter folds, Enter unfolds again
    assert page.evaluate("() => document.activeElement.classList.contains('alh-earlier-summary')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('details.alh-earlier').open")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('details.alh-earlier').open")
    assert page.locator("details.alh-earlier table.alh-round").count() == 2
    assert page.evaluate("() => document.activeElement.classList.contains('alh-earlier-summary')")
    # why the last round gave its points: folded and not drawn; Enter on its summary draws it
    box = '.alh-round-box[data-round="3"]'
    assert page.locator(f"{box} details.alh-why").get_attribute("open") is None
    assert page.locator(f"{box} .alh-narration").count() == 0
    page.focus(f"{box} .alh-why-summary")
    page.keyboard.press("Enter")
    page.wait_for_function("b => document.querySelector(b + ' details.alh-why').open", arg=box)
    story = page.locator(f"{box} .alh-narration li")
    assert story.all_text_contents() == w.view["rounds"][-1]["narration"]
    assert story.first.is_visible()
    # the end of the game: the moves folded too, drawn when unfolded; folded,
    # their panel takes the line of its summary (no empty panel under it)
    assert page.locator(".alh-log-list li").count() == 0
    folded = page.locator(".alh-side-log").bounding_box()["height"]
    summary = page.locator(".alh-log-summary").bounding_box()["height"]
    assert folded < summary + 30, (folded, summary)
    page.click(".alh-log-summary")
    assert page.locator(".alh-log-list li").count() == len(w.view["log"])
    assert page.locator(".alh-log-list li").first.is_visible()
    # unfolded, they fill the column of players down to the main column's end, or further
    # (room for a few moves at least)
    side, main = page.locator(".alh-side").bounding_box(), page.locator(".alh-main").bounding_box()
    log = page.locator(".alh-side-log").bounding_box()
    assert log["height"] >= 259 and log["y"] + log["height"] >= main["y"] + main["height"] - 4, (log, main, side)
    assert not page.errors, page.errors
    page.close()


def test_the_status_line_gives_its_sentence_room_first(chromium):
    """The status line is one line: where it is too short, the counts give way
    first, then the actions left, and the sentence (whose turn it is) keeps
    every letter as long as they can give. (At a 1,100 px page a German
    six-player table cut "Spieler 1" to "Spiele..." by a fraction of a pixel
    while the counts still showed.)"""
    from alhambra_widget.i18n import LANGUAGES

    # per part: how much of its text is cut (its text's width less its box's), and its box's width
    measure = """s => ['alh-status-text', 'alh-turn', 'alh-info'].map(k => {
        const c = s.querySelector('.' + k), r = document.createRange(); r.selectNodeContents(c);
        const box = c.getBoundingClientRect().width;
        return [r.getBoundingClientRect().width - box, box]; })"""
    for n, seed, moves in ((6, 3, 120), (2, 5, 60)):
        g = played(n, seed, moves)
        for width in (1100, 800, 500):
            for lang in LANGUAGES:
                w = AlhambraWidget(g.copy(), lang=lang)
                page = show(chromium, w, viewport={"width": width, "height": 900})
                status = page.locator(".alh-status").filter(has_text=w.view["status"][:12])
                (sentence, _), (turn, turn_box), (_, info_box) = got = status.evaluate(measure)
                if sentence > 0.01:   # the sentence cut: only once nothing else is left to give
                    assert turn_box == 0 and info_box == 0, (n, width, lang, got)
                if turn > 0.01:       # the actions left cut: only once the counts are gone
                    assert info_box == 0, (n, width, lang, got)
                page.close()


def test_the_counts_in_the_status_line_show_a_few_words_or_nothing(chromium):
    """Where the status line is short, the counts (deck, discard, bag, move) give way first: they
    show with an ellipsis while a few words fit, and go whole when less would show -- never a
    letter or two at the line's end (a bot's "thinking..." beside the sentence left "c")."""
    seen = set()
    # the counts' text: its visible width (0 when it went out of sight)
    visible = """() => { const box = document.querySelector('.alh-status .alh-info'); if (!box) return -1;
        const r = document.createRange(); r.selectNodeContents(box);
        const b = box.getBoundingClientRect(), t = r.getBoundingClientRect();
        if (b.width < 1 || t.top >= b.bottom - 1) return 0;
        return Math.min(t.right, b.right) - Math.max(t.left, b.left); }"""
    for (n, seed, moves), lang, thinking in (((4, 3, 40), "en", True), ((6, 3, 120), "de", False),
                                             ((2, 5, 60), "fi", True)):
        w = AlhambraWidget(played(n, seed, moves), lang=lang)
        if thinking:   # a bot at the table thinking: "Greedy is thinking..." beside the sentence
            w.set_trait("view", {**w.view, "thinking": w.view["current"]})
        page = show(chromium, w, viewport={"width": 1300, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))   # (a resize callback's loop, say)
        em = page.locator(".alh-status .alh-info").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        for width in range(1300, 700, -4):
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            got = page.evaluate(visible)
            assert got == 0 or got >= 2.9 * em, (n, lang, thinking, width, got)
            seen.add(got == 0)
        assert not errors, errors
        page.close()
    assert seen == {True, False}, "the widths tried should show the counts and hide them"


def test_the_actions_left_in_the_status_line_show_whole_or_not_at_all(chromium):
    """Where the status line is short, the actions left ("1 tile to place") give way after the
    counts: whole words or nothing, never cut to "1 tile to p…", which told nothing."""
    seen = set()
    # the actions left: (the width that shows, the text's whole width); 0 shown when out of sight
    visible = """() => { const box = document.querySelector('.alh-status .alh-turn');
        const r = document.createRange(); r.selectNodeContents(box);
        const b = box.getBoundingClientRect(), t = r.getBoundingClientRect();
        if (b.width < 1 || t.top >= b.bottom - 1) return [0, t.width];
        return [Math.min(t.right, b.right) - Math.max(t.left, b.left), t.width]; }"""
    g, rng = Game(3, seed=7), random.Random(7)
    while g.phase != "place":   # until a tile is bought: "1 tile to place" (or more)
        g.play(rng.choice(g.legal_actions("buy") or g.legal_actions()))
    for lang in ("en", "de", "ja"):
        w = AlhambraWidget(g.copy(), lang=lang)
        page = show(chromium, w, viewport={"width": 1300, "height": 900})
        for width in range(1300, 500, -6):
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            shown, whole = page.evaluate(visible)
            assert shown == 0 or shown >= whole - 0.5, (lang, width, shown, whole)
            seen.add(shown == 0)
        page.close()
    assert seen == {True, False}, "the widths tried should show the actions left and hide them"


def test_dirks_row_is_readable_in_play_and_at_the_end(chromium):
    """Two players: Dirk's tiles, counted per building, beside the board in
    play and under the scoring once the game is over, at the same size, the
    label on one line (at the end the picture had shrunk to a few pixels and
    the label broken in two)."""
    for game in (played(2, 11, 60), played(2, 11)):
        w = AlhambraWidget(game, lang="de")
        page = show(chromium, w, viewport={"width": 1100, "height": 900})
        picture = page.get_by_role("img", name=w.strings["ui.dirk.label"])
        box = picture.bounding_box()
        assert box["height"] >= 18 and box["width"] >= 150, (game.phase, box)
        label = page.locator(".alh-dirk > .alh-label")
        assert label.inner_text().startswith(w.strings["ui.dirk.name"])
        line = label.bounding_box()
        assert line["height"] < 1.6 * float(label.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")), (game.phase, line)
        page.close()


#: every element with text of its own, shown and not only for screen readers, whose text is wider
#: (or taller: lines cut off below) than its box: [class, its text, the tooltip over it]
CUT = r"""() => [...document.querySelectorAll('.alh-root *')].filter(e => {
    if (e.closest('svg') || e.closest('.alh-sr') || e.classList.contains('alh-sr')) return false;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) return false;
    const box = e.getBoundingClientRect(); if (box.width <= 1) return false;
    const r = document.createRange(); r.selectNodeContents(e);
    const text = r.getBoundingClientRect();   // wider than its box, or taller (lines cut off below)
    return text.width - box.width > 0.5 || text.height - box.height > 2;
  }).map(e => [e.className, e.textContent.trim(), (e.closest('[title]') || {}).title || ''])"""

#: the texts, buttons, sliders and pictures of the table whose parts that show (a box a line for
#: text that wraps, inside the boxes that clip them) overlap another's: [class, text, class, text]
OVERLAPS = r"""() => {
  const shown = [...document.querySelectorAll('.alh-root *')].filter(e => {
    const tag = e.tagName.toLowerCase();
    if (e.closest('svg') && tag !== 'svg') return false;              // a picture counts as one
    if (e.closest('.alh-sr') || e.classList.contains('alh-sr')) return false;
    const cs = getComputedStyle(e);
    if (cs.display === 'none' || cs.visibility === 'hidden' || (cs.position === 'absolute' && tag !== 'svg')) return false;
    return tag === 'svg' || tag === 'button' || tag === 'input' || tag === 'select'
      || [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  });
  const seen = e => {            // the parts of e that show: its boxes (a line each, for text that wraps),
    let clips = [];              // clipped by every ancestor that clips
    for (let p = e.parentElement; p; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') clips.push(p.getBoundingClientRect());
    }
    return [...e.getClientRects()].map(r => clips.reduce((a, q) =>
      [Math.max(a[0], q.left), Math.max(a[1], q.top), Math.min(a[2], q.right), Math.min(a[3], q.bottom)],
      [r.left, r.top, r.right, r.bottom])).filter(a => a[2] - a[0] > 1 && a[3] - a[1] > 1);
  };
  const parts = shown.map(e => [e, seen(e)]).filter(([, rs]) => rs.length);
  const out = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
    const [e, as] = parts[i], [f, bs] = parts[j];
    if (e.contains(f) || f.contains(e)) continue;
    const hit = as.some(a => bs.some(b => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 2
                                        && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 2));
    if (hit) out.push([e.className.baseVal ?? e.className, e.textContent.trim().slice(0, 30),
                       f.className.baseVal ?? f.className, f.textContent.trim().slice(0, 30)]);
  }
  return out;
}"""


def test_no_text_is_cut_without_a_tooltip_and_the_focus_title_is_whole(chromium):
    """At 1,000, 860 and 760 px, in every language: any text on the table too long
    for its box (too wide, or too many lines) has its whole text in a tooltip
    -- also the help under the board about the cell pointed at -- and the title over the
    player's own hand and reserve ("Speler 1 - jouw beurt") is never cut (the
    Dutch and German ones were, at 1,000 px). Two games and a lesson of the
    tutorial."""
    from alhambra_widget.i18n import LANGUAGES

    for name, make in tables(((6, 3, 120), (2, 5, 60)), lesson=8):   # (lesson 9: the end; long sentences, crowded reserves)
        for width in (1000, 860, 760):
            for lang in LANGUAGES:
                w = make(lang)
                page = show(chromium, w, viewport={"width": width, "height": 900})
                for cls, text, title in page.evaluate(CUT):
                    assert text and text in title, (name, width, lang, cls, text, title)   # the whole text in its tooltip
                    assert "alh-focus-name" not in cls, (name, width, lang, text)
                page.close()
    # the help under the board, about a tile that must stay (the fountain, P6), in the longest words
    w = AlhambraWidget(played(3, 4, 25), lang="de")
    page = open_widget(chromium, w)
    page.set_viewport_size({"width": 1000, "height": 900})
    page.locator('.alh-focus [data-act="placed"][data-x="0"][data-y="0"]').first.hover()
    help_line = page.locator(".alh-board-help")
    expect(help_line).to_contain_text("P6")
    for cls, text, title in page.evaluate(CUT):
        assert text and text in title, ("board help", cls, text, title)


def test_no_two_things_on_the_table_overlap(chromium):
    """Every text, button, slider and picture of the table stays clear of the
    others (the parts of each that show -- a box a line for text that wraps --
    inside the boxes that clip them), in
    every language, at 1,000, 860 (the narrowest side by side table) and 760 px: two games in play, one over, and a
    lesson of the tutorial. (In Japanese the replay slider ran under the
    position beside it: the label's word counted as one character wide.)"""
    from alhambra_widget.i18n import LANGUAGES

    for name, make in tables(((6, 3, 120), (2, 5, 60), (4, 7, None), (3, 2, 200)), lesson=3):   # (3, 2, 200): a last move that wraps beside its tag
        for width in (1000, 860, 760):
            for lang in LANGUAGES:
                page = show(chromium, make(lang), viewport={"width": width, "height": 900})
                assert page.evaluate(OVERLAPS) == [], (name, width, lang)
                page.close()



#: WCAG 2.1's text spacing (1.4.12): a reader's style sheet may set at least these
SPACING = ("* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }"
           " p { margin-bottom: 2em !important; }")


def test_wider_text_spacing_cuts_no_text_and_makes_nothing_overlap(chromium):
    """WCAG 2.1 text spacing (1.4.12): with a reader's style sheet that spaces lines, letters,
    words and paragraphs as far as the criterion asks, set before the table is drawn, no text of
    the table is cut without its whole words in a tooltip and no two things overlap, in every
    language, at 1,000 and 760 px: two games in play, one over, and a lesson of the tutorial.
    The labels drawn inside the pictures (measured for the table's own spacing) are squeezed into
    their room: none runs past it into the next."""
    from alhambra_widget.i18n import LANGUAGES

    for name, make in tables(((6, 3, 120), (2, 5, 60), (4, 7, None)), lesson=3):
        for width in (1000, 760):
            for lang in LANGUAGES:
                page = chromium.new_page(viewport={"width": width, "height": 900})
                page.set_content(PAGE)
                page.add_style_tag(content=SPACING)
                mount_widget(page, make(lang))
                page.locator(".alh-status-text").first.wait_for()
                assert page.locator(".alh-status-text").first.evaluate("e => getComputedStyle(e).wordSpacing") != "0px"
                for cls, text, title in page.evaluate(CUT):
                    assert text and text in title, (name, width, lang, cls, text, title)
                assert page.evaluate(OVERLAPS) == [], (name, width, lang)
                # the labels in the pictures, measured for the table's own spacing, squeezed into their room
                over = page.evaluate("""() => [...document.querySelectorAll('.alh-root text[data-fit]')]
                    .filter(e => !e.hasAttribute('textLength')
                                 && e.getComputedTextLength() > Number(e.dataset.fit) + 0.5)
                    .map(e => e.textContent)""")
                assert over == [], (name, width, lang, over)
                page.close()


def test_at_320_px_the_table_reflows_with_no_sideways_scrolling(chromium):
    """WCAG 2.1 reflow (1.4.10): at 320 CSS px wide (a 1,280 px window zoomed to 400%) the table
    stacks into one column that the page scrolls only downwards, with no text cut without its
    whole words in a tooltip and nothing overlapping, in every language: two games in play, one
    over, a lesson of the tutorial. (The scoring round's table, a table of data, may scroll
    sideways inside its own box, as the criterion allows.)"""
    from alhambra_widget.i18n import LANGUAGES

    for name, make in tables(((6, 3, 120), (2, 5, 60), (4, 7, None)), lesson=3):
        for lang in LANGUAGES:
            page = show(chromium, make(lang), viewport={"width": 320, "height": 640})
            width, room = page.evaluate("() => [document.documentElement.scrollWidth,"
                                        " document.documentElement.clientWidth]")
            assert width <= room == 320, (name, lang, width, room)
            for cls, text, title in page.evaluate(CUT):
                assert text and text in title, (name, lang, cls, text, title)
            assert page.evaluate(OVERLAPS) == [], (name, lang)
            page.close()

def test_every_text_on_the_table_reads_at_wcag_aa_in_light_and_dark(chromium):
    """Every text of the table (not disabled controls, which WCAG leaves out)
    against the colour it is drawn on, the transparencies and opacities of
    what lies under it included: >= 4.5:1, on a light and a dark page, in
    play, at the end and in the tutorial. ("to act" on its orange tag read at
    4.41.)"""
    low = r"""() => {
      const canvas = document.createElement('canvas'); canvas.width = canvas.height = 1;
      const cx = canvas.getContext('2d', {willReadFrequently: true});
      const rgba = c => { cx.clearRect(0, 0, 1, 1); cx.fillStyle = 'rgba(0,0,0,0)'; cx.fillStyle = c; cx.fillRect(0, 0, 1, 1);
                          const d = cx.getImageData(0, 0, 1, 1).data; return [d[0], d[1], d[2], d[3] / 255]; };
      const lum = c => c.slice(0, 3).reduce((s, v, i) => { v /= 255;
        return s + [0.2126, 0.7152, 0.0722][i] * (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4); }, 0);
      const under = e => {            // the colour under e: its backgrounds, the nearest opaque one first
        const layers = [];
        for (let p = e; p; p = p.parentElement) {
          const c = rgba(getComputedStyle(p).backgroundColor);
          if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
        }
        let col = [255, 255, 255];
        if (layers.length && layers[layers.length - 1][3] >= 1) col = layers.pop().slice(0, 3);
        while (layers.length) { const c = layers.pop(); col = col.map((v, i) => v * (1 - c[3]) + c[i] * c[3]); }
        return col;
      };
      const out = [];
      for (const e of document.querySelectorAll('.alh-root *')) {
        if (e.closest('svg') || e.closest('.alh-sr')) continue;
        if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
        const cs = getComputedStyle(e);
        if (cs.display === 'none' || cs.visibility === 'hidden' || e.getBoundingClientRect().width < 2) continue;
        if (e.closest('button:disabled, [aria-disabled=true]')) continue;
        const bg = under(e), fg = rgba(cs.color);
        let alpha = fg[3];
        for (let p = e; p; p = p.parentElement) alpha *= Number(getComputedStyle(p).opacity);
        const ink = fg.slice(0, 3).map((v, i) => v * alpha + bg[i] * (1 - alpha));
        const [a, b] = [lum(ink), lum(bg)].sort((x, y) => y - x);
        const ratio = (a + 0.05) / (b + 0.05);
        if (ratio < 4.5) out.push([e.className, e.textContent.trim().slice(0, 30), Math.round(ratio * 100) / 100]);
      }
      return out;
    }"""
    for scheme in ("light", "dark"):
        for name, make in tables(((6, 3, 120), (2, 5, 60), (4, 7, None)), lesson=3):
            page = show(chromium, make(), viewport={"width": 1200, "height": 900}, color_scheme=scheme)
            assert page.evaluate(low) == [], (scheme, name)
            page.close()


def test_the_history_row_keeps_its_words_apart_in_every_language(chromium):
    """Undo, Redo, the replay slider with its label, the position and Live:
    in languages with long words the row wraps instead of the label running
    over the slider (German did, at a 1,100 px page)."""
    from alhambra_widget.i18n import LANGUAGES

    g = played(3, 4, 25)
    cases = [(lang, -1, None) for lang in LANGUAGES] + [("en", 12, None), ("de", 12, None)]
    cases += [(lang, -1, 1) for lang in LANGUAGES]   # a lesson of the tutorial: a narrower board column
    for lang, replay, lesson in cases:
        if lesson is None:
            w = AlhambraWidget(g.copy(), lang=lang)
            w.replay_index = replay   # (replaying: the position in bold, wider)
        else:
            w = AlhambraWidget.tutorial(lang=lang, lesson=lesson)
        page = show(chromium, w, viewport={"width": 1100, "height": 900})
        row = page.get_by_role("group", name=w.strings["ui.replay.title"])
        boxes = [row.locator(sel).first.bounding_box() for sel in
                 (".alh-history", ".alh-replay-label .alh-label", "input[type=range]", ".alh-replay-pos")]
        for a, b in zip(boxes, boxes[1:]):
            same_line = abs(a["y"] + a["height"] / 2 - (b["y"] + b["height"] / 2)) < 8
            if same_line:
                assert a["x"] + a["width"] <= b["x"] + 1, (lang, a, b)   # side by side, in order
            else:
                assert b["y"] >= a["y"] + a["height"] - 1, (lang, a, b)   # on a line below
        slider = boxes[2]
        assert slider["width"] >= 96, (lang, replay, slider)   # (a move of a long game must stay findable)
        # the slider, the position it shows and the way back to live keep to one line: when the row
        # wraps, Undo and Redo stay above (Finnish, at a 1,100 px page, split the position from its slider)
        live = row.get_by_role("button", name=w.strings["ui.replay.live"], exact=True).bounding_box()
        for b in (boxes[3], live):
            assert abs(b["y"] + b["height"] / 2 - (slider["y"] + slider["height"] / 2)) < 8, (lang, replay, slider, b)


def test_long_names_are_cut_before_the_scores_in_the_column_of_players(chromium):
    """Names of up to 64 characters: each player's panel still shows the score (a long name
    with no tag beside it pushed it out of the panel) and the tag, the name cut with its whole
    text in the tooltip."""
    names = ["Maximiliane-Friederike von Hohenzollern-Sigmaringen der Dritte", "W" * 40,
             "山田太郎左衛門之助藤原朝臣長い名前の人です", "Ana"]
    g = Game(names, seed=3)
    rng = random.Random(3)
    for _ in range(30):
        g.play(g.random_action(rng))
    inside = """() => [...document.querySelectorAll('.alh-player')].map(p => {
        const box = p.getBoundingClientRect(), name = p.querySelector('.alh-name');
        const parts = [...p.querySelectorAll('.alh-score, .alh-player-head .alh-tag')].map(e => e.getBoundingClientRect());
        const turn = p.querySelector('.alh-tag-turn');
        return {name: name.textContent, tip: name.title, cut: name.scrollWidth > name.clientWidth,
                turn: turn ? turn.scrollWidth - turn.clientWidth : null,
                out: parts.filter(r => r.right > box.right + 0.5 || r.left < box.left - 0.5).length}; })"""
    for width in (1280, 1000):
        # the game played, and the same players set up with each of them to act
        for current, h in [(g.current, g)] + [(i, Game.from_position(names, seed=3, current=i)) for i in range(len(names))]:
            page = show(chromium, AlhambraWidget(h.copy()), viewport={"width": width, "height": 900})
            got = page.evaluate(inside)
            assert [p["name"] for p in got] == names, got
            assert all(p["tip"].startswith(p["name"] + ":") for p in got), got   # the whole name in the tooltip
            assert all(p["out"] == 0 for p in got), (width, got)
            assert any(p["cut"] for p in got), got   # (the test does put a name too long for its line)
            assert got[current]["turn"] == 0, (width, current, got)   # "to act" whole: the name is cut before it
            page.close()
    # at the end, the scoring table keeps its figures in view: the names are cut, not the totals
    while not g.is_over:
        g.play(g.random_action(rng))
    wide = """() => [...document.querySelectorAll('.alh-scoring table.alh-round')].map(t => {
        const box = t.closest('.alh-scoring').getBoundingClientRect(), r = t.getBoundingClientRect();
        return {over: r.right - box.right, titles: [...t.querySelectorAll('.alh-cut-name')].map(e => e.title)}; })"""
    for width in (1280, 1000):
        page = show(chromium, AlhambraWidget(g.copy()), viewport={"width": width, "height": 900})
        tables = page.evaluate(wide)
        assert tables and all(x["over"] <= 1 for x in tables), (width, tables)
        assert tables[0]["titles"] == names, tables   # each name whole in its tooltip
        page.close()


def test_a_refusal_beside_the_board_is_never_cut_off(chromium):
    """The column beside the board (hand, tiles to place, reserve, action bar, message line) fits
    a 768 px high window in every language, two players (Dirk) and four, also where it is
    narrow (860 and 930 px: JupyterLab with its file browser open); in a shorter window it
    scrolls to the message rather than cut it. (With Dirk's row in it, a Dutch or German
    refusal at 930 x 768 lay below the column's end: cut off, unseen.)"""
    from alhambra_widget.i18n import LANGUAGES

    where = """() => { const h = document.querySelector('.alh-hold'), m = h.querySelector('.alh-message');
        const a = h.getBoundingClientRect(), b = m.getBoundingClientRect();
        return {top: b.top - a.top, below: b.bottom - a.bottom, scrolls: h.scrollHeight - h.clientHeight,
                text: m.textContent}; }"""
    games = {"2p place": played(2, 7, 20), "2p act": played(2, 11, 60), "4p act": played(4, 3, 40)}
    for height in (768, 720):
        for width in (860, 930, 1300):
            for name, g in games.items():
                for lang in LANGUAGES:
                    w = AlhambraWidget(g.copy(), lang=lang)
                    w.set_trait("message", {"kind": "error", "rule": "P3", "id": 1,
                                            "text": "The sides that touch must match: wall against wall, open against open."})
                    page = show(chromium, w, viewport={"width": width, "height": height})
                    got = page.evaluate(where)
                    assert "P3" in got["text"], got
                    assert got["below"] <= 1 and got["top"] >= -1, (height, width, name, lang, got)   # wholly in view
                    if height == 768:
                        assert got["scrolls"] <= 1, (width, name, lang, got)   # nothing beside the board out of view
                    page.close()


def test_a_refusal_is_read_whole_beside_the_board_and_nothing_above_it_moves(chromium):
    """A refused spot clicked: the message line beside the board shows the whole refusal (the
    engine's words where they say where, else its rule's explanation), in every language, where
    the column has room under it (1,100 x 900: the
    English P3 one was cut after three lines, "wall again..."); the action buttons over it stay
    where they were. (Where there is no room, it keeps three lines: see the test before.)"""
    from alhambra_widget.i18n import LANGUAGES

    g = Game(["Ana", "Ben"], seed=11)
    rng = random.Random(3)
    while g.phase != "place":
        g.play(g.random_action(rng))
    tile = g.pending_for(g.current)[0]
    a = g.players[g.current].alhambra
    refused = {a.why_not(tile, q): q for q in sorted(a.frontier) if a.why_not(tile, q)}
    fits = """() => { const m = document.querySelector('.alh-hold > .alh-message'), t = m.querySelector('.alh-message-text');
        const h = m.parentElement.getBoundingClientRect(), b = m.getBoundingClientRect();
        return {cut: t.scrollHeight - t.clientHeight, below: b.bottom - h.bottom, lines: t.clientHeight, text: t.textContent}; }"""
    scrolls = "() => { const h = document.querySelector('.alh-hold'); return h.scrollHeight - h.clientHeight; }"
    for width, height in ((1100, 900), (1300, 900)):
        for lang in LANGUAGES:
            w = AlhambraWidget(g.copy(), lang=lang)
            rule = max(refused, key=lambda r: len(w.view["explain"][r]))   # the longest explanation here
            x, y = refused[rule]
            page = show(chromium, w, viewport={"width": width, "height": height})
            take = page.locator('.alh-hold [data-act="take"]')
            before = take.bounding_box()
            page.click(f'[data-act="pending-tile"][data-id="{tile.id}"]')
            page.click(f'.alh-focus rect.alh-cell-no[data-x="{x}"][data-y="{y}"]')
            expect(page.locator(".alh-hold > .alh-message")).to_have_attribute("data-rule", rule)
            got = page.evaluate(fits)
            cell = next(c for c in w.view["legal"]["tiles"][0]["why_not"] if c[:2] == [x, y])
            if len(cell) == 5:   # the engine's words, which say where, filled in from its catalogue text
                assert f"({x}, {y})" in got["text"] and len(got["text"]) > len(w.view["explain"][rule]), (lang, got)
            else:
                assert w.view["explain"][rule] in got["text"], (lang, got)
            assert got["cut"] <= 1, (width, lang, rule, got)         # no line cut off
            assert got["below"] <= 1, (width, lang, rule, got)       # and in view
            after = take.bounding_box()
            assert (after["x"], after["y"]) == (before["x"], before["y"]), (width, lang)
            # a shorter window: the message gives back the room it took, rather than push the column
            # beside the board into scrolling
            page.set_viewport_size({"width": width, "height": 768})
            page.wait_for_timeout(100)
            assert page.evaluate(scrolls) <= 1, (width, lang, page.evaluate(fits))
            # dismissed: the line is back to its three lines' room
            page.get_by_role("button", name=w.strings["ui.msg.dismiss"]).click()
            expect(page.locator(".alh-hold > .alh-message")).to_have_text("")
            assert page.evaluate("() => document.querySelector('.alh-hold').style.getPropertyValue('--alh-msg-lines')") == ""
            page.close()


def test_what_to_do_gets_the_lines_it_needs_where_there_is_room_and_the_buttons_stay(chromium):
    """The sentence over the buttons beside the board (what the player may do now) takes four or
    five lines where the column has room: the German, Finnish and Dutch ones were cut after three
    at 1,300 x 768. Choosing a card changes the sentence, not the box: the buttons stay put."""
    from alhambra_widget.i18n import LANGUAGES

    g = played(4, 3, 40)
    fits = "() => { const s = document.querySelector('.alh-hold .alh-selection'); return s.scrollHeight - s.clientHeight; }"
    for lang in LANGUAGES:
        w = AlhambraWidget(g.copy(), lang=lang)
        page = show(chromium, w, viewport={"width": 1300, "height": 768})
        assert page.evaluate(fits) <= 1, lang   # the whole sentence shows
        take = page.locator('.alh-hold [data-act="take"]')
        before = take.bounding_box()
        sentence = page.locator(".alh-hold .alh-selection").inner_text()
        page.get_by_role("button", name=re.compile(r"^" + re.escape(w.strings["ui.money.card"].split("{")[0]))).first.click()
        expect(page.locator(".alh-hold .alh-selection")).not_to_have_text(sentence)
        after = take.bounding_box()   # (it may grow: the button to press is drawn in bold)
        assert (after["x"], after["y"]) == (before["x"], before["y"]), lang
        page.close()


def test_a_refusal_at_the_market_on_a_phone_is_brought_into_view(chromium):
    """On a phone the table is one column, and the message line lies far below the market: a tap
    on a slot the player cannot pay for brings the page to the refusal (it lay below the screen:
    the tap seemed to do nothing), which says what to do instead."""
    g = played(3, 4, 25)
    w = AlhambraWidget(g.copy())
    slot = next(i + 1 for i, tile in enumerate(g.market)
                if tile is not None and i + 1 not in g.affordable(g.current))
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    wire(page, w)
    page.locator(f'[data-act="slot"][data-slot="{slot}"]').click()
    line = page.locator(".alh-hold > .alh-message")
    expect(line).to_contain_text(f"You cannot pay for slot {slot}")
    expect(line).to_contain_text("Take money first, or choose a slot you can pay for.")
    expect(line).to_be_in_viewport()
    assert not page.errors, page.errors
    page.close()


def test_a_choice_made_on_a_phone_brings_its_button_into_view(chromium):
    """On a phone the buttons lie under the board and the hand, below the screen: a money card
    tapped brings the page just far enough to show Take (ready to press), and the card tapped stays
    in view, so that the next tap is in reach. The status line says whose turn it is whole."""
    w = AlhambraWidget(played(4, 3, 40))
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    wire(page, w)
    status = page.locator(".alh-status-text")   # (whose turn, whole: on two lines where one is too short)
    expect(status).to_have_text(re.compile(re.escape(w.game.players[w.game.current].name)))
    assert status.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1")
    take = page.get_by_role("button", name=w.strings["ui.btn.take"], exact=True)
    expect(take).to_have_count(1)
    expect(take).not_to_be_in_viewport()
    card = page.get_by_role("button", name=re.compile(r"^" + re.escape(w.strings["ui.money.card"].split("{")[0]))).first
    card.click()
    expect(take).to_be_in_viewport()
    expect(take).to_have_class(re.compile(r"alh-primary"))
    expect(card).to_be_in_viewport()
    assert page.evaluate("scrollY") < 200   # (just far enough: not the whole page)
    assert not page.errors, page.errors
    page.close()


def test_hints_asked_for_on_a_phone_are_brought_into_view_and_fit_its_width(chromium, artifacts):
    """On a phone (one column, 390 px, a dark page) the hints come under the action bar and the
    message line, below the screen: the page is brought just far enough to show their title and
    the best hint, Hint still in view (before, the tap seemed to do nothing). Each hint keeps to
    two lines and nothing sticks out sideways."""
    w = AlhambraWidget(played(4, 3, 40))
    page = chromium.new_page(viewport={"width": 390, "height": 844}, color_scheme="dark")
    wire(page, w)
    page.get_by_role("button", name=re.compile(r"^" + re.escape(w.strings["ui.money.card"].split("{")[0]))).first.click()
    page.get_by_role("button", name=w.strings["ui.btn.take"], exact=True).click()
    expect(page.locator(".alh-hold > .alh-message")).to_contain_text(w.game.players[w.game.moves[-1].player].name)
    hint = page.get_by_role("button", name="Hint", exact=True)
    hint.scroll_into_view_if_needed()
    hint.click()
    page.wait_for_function("() => window.sent.some((m) => m.type === 'hint')")
    assert w.wait(60)
    page.push()
    plays = page.get_by_role("button", name=re.compile(r"^Play this move: "))
    expect(plays.first).to_be_attached()
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")
    expect(page.get_by_text(re.compile(r"^Hints \(choose one to play it\)$"))).to_be_in_viewport(ratio=1)
    expect(plays.first).to_be_in_viewport(ratio=1)
    expect(hint).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for words in page.locator(".alh-hint-text").all():
        assert words.evaluate("e => e.getBoundingClientRect().height <= 2 * parseFloat(getComputedStyle(e).lineHeight) + 1")
    page.screenshot(path=str(artifacts / "phone-hints-dark.png"))
    assert not page.errors, page.errors
    page.close()


def test_on_a_short_window_the_board_the_hand_and_the_buttons_are_in_view(chromium):
    """A browser window on a 768-pixel laptop screen, JupyterLab's bars at its top, leaves the table
    some 560 pixels: the acting player's section gives up height (down to 380 pixels, its column
    beside the board scrolling), so that the board, the hand, Take and Undo stay in view."""
    w = AlhambraWidget(played(4, 3, 40))
    page = chromium.new_page(viewport={"width": 1366, "height": 560})
    wire(page, w)
    page.get_by_role("button", name=re.compile(r"^" + re.escape(w.strings["ui.money.card"].split("{")[0]))).first.click()
    for control in (page.get_by_role("region", name="Alhambra in view"),
                    page.get_by_role("button", name=w.strings["ui.btn.take"], exact=True),
                    page.get_by_role("button", name=re.compile("^" + re.escape(w.strings["ui.btn.undo"]))),
                    page.get_by_role("slider")):
        expect(control).to_be_in_viewport(ratio=1)
    assert not page.errors, page.errors
    page.close()


def test_the_alhambras_at_the_end_are_drawn_under_the_result(chromium, artifacts):
    """At the end, every player's Alhambra as it ended, named, side by side under the result: three
    of them within a 1,366 x 768 screen, and none wider than the table."""
    w = AlhambraWidget(played(3, 4))
    assert w.game.is_over
    page = show(chromium, w, viewport={"width": 1366, "height": 768})
    finals = page.get_by_role("region", name="The Alhambras at the end of the game")
    expect(finals).to_be_visible()
    for i, p in enumerate(w.game.players):
        board = finals.get_by_role("group", name=re.compile(f"^{re.escape(p.name)}'s Alhambra"))
        expect(board).to_have_count(1)
        box = board.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1366 and box["y"] + box["height"] <= 768, (i, box)
    page.screenshot(path=str(artifacts / "finals-3p.png"))
    page.close()


def test_six_alhambras_at_the_end_share_one_row_and_every_name_shows_whole(chromium, artifacts):
    """Six players' Alhambras at the end of a game on a 1,280 x 800 screen: one row (each board a
    little smaller rather than one of them alone on a second row), the whole end of the game within
    the screen's height, every player's name shown whole above the board."""
    w = AlhambraWidget(played(6, 3), lang="ja")
    assert w.game.is_over
    page = show(chromium, w, viewport={"width": 1280, "height": 800})
    finals = page.get_by_role("region", name=w.strings["ui.table.finals"])
    shown = [p["name"] for p in w.view["players"]]  # (the seats' names in Japanese)
    tops = []
    for name in shown:
        board = finals.get_by_role("group", name=re.compile("^" + re.escape(name)))
        box = board.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 800, (name, box)
        tops.append(round(box["y"]))
    names = finals.locator(".alh-final-name")
    assert names.all_text_contents() == shown
    assert names.evaluate_all("els => els.every(e => e.scrollWidth <= e.clientWidth)")
    # the boards' tops within a line of each other: one row
    assert max(tops) - min(tops) < 20, tops
    page.screenshot(path=str(artifacts / "finals-6p.png"))
    page.close()


def test_hints_asked_for_fit_beside_the_board_and_the_hand_stays_in_view(chromium):
    """Hint on a 1,280 x 720 or 1,366 x 768 screen: the hints fit the room under the action bar.
    Their title and the best move, its win chance and the button that plays it, are in view at
    once; the others, where there is no room for them, in a list that scrolls on its own, each
    shown whole when the keyboard reaches it; and the column beside the board never scrolls, so
    the hand, Take and Hint stay in view. (They were squeezed to a 3-pixel box under the action
    bar, the first one cut mid-sentence; then the column scrolled to them, the hand out of sight.)"""
    where = """(b) => { const h = document.querySelector('.alh-hold'), a = h.getBoundingClientRect();
        const l = b.closest('.alh-hint-list').getBoundingClientRect(), r = b.getBoundingClientRect();
        return {top: r.top - Math.max(a.top, l.top), below: r.bottom - Math.min(a.bottom, l.bottom),
                cut: b.scrollHeight - b.clientHeight, scrolled: h.scrollTop}; }"""
    g = played(3, 4, 25)
    for width, height, lang in ((1280, 720, "en"), (1366, 768, "en"), (1366, 768, "de")):
        w = AlhambraWidget(g.copy(), lang=lang)
        page = chromium.new_page(viewport={"width": width, "height": height})
        wire(page, w)
        bar = page.get_by_role("toolbar", name=w.strings["ui.controls.aria"])
        me = w.strings["ui.hand.of"].replace("{name}", w.view["players"][w.view["current"]]["name"])
        hand = page.get_by_role("group", name=re.compile("^" + re.escape(me) + ": "))
        keep = [hand, bar.get_by_role("button", name=w.strings["ui.btn.take"], exact=True),
                bar.get_by_role("button", name=w.strings["ui.bots.hint"], exact=True)]
        before = [k.bounding_box() for k in keep]
        keep[-1].click()
        assert w.wait(60)
        page.push()
        plays = page.locator('.alh-focus-hints button[data-act="hint-play"]')
        plays.first.wait_for()
        page.wait_for_timeout(100)
        assert plays.count() == len(w.view["hints"]) >= 2
        assert [k.bounding_box() for k in keep] == before, (width, height, lang, "moved by Hint")
        for k in keep:
            expect(k).to_be_in_viewport(ratio=1)
        best = plays.first.evaluate(where)
        assert best["top"] >= -1 and best["below"] <= 1 and best["cut"] <= 1 and best["scrolled"] == 0, (width, height, lang, best)
        for i in range(plays.count()):
            plays.nth(i).focus()
            got = plays.nth(i).evaluate(where)
            assert got["top"] >= -1 and got["below"] <= 1 and got["cut"] <= 1 and got["scrolled"] == 0, (width, height, lang, i, got)
        assert not page.errors, page.errors
        page.close()


def test_vs_code_themes_light_dark_and_high_contrast_are_followed(chromium):
    """VS Code marks its theme on the body of a notebook's outputs: vscode-light, vscode-dark,
    vscode-high-contrast (dark) and vscode-high-contrast-light. The table takes that theme
    whatever the system's colour scheme. (Simulated on a page of its own: VS Code cannot be
    installed here. Its "reduce motion": tests/e2e/test_motion.py.)"""
    def looks(page):
        scheme, bg, fg = page.locator(".alh-root").evaluate(
            "e => { const s = getComputedStyle(e); return [s.colorScheme, s.backgroundColor, s.color]; }")

        def lum(rgb):
            r, g, b = (int(x) for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
            return 0.2126 * r + 0.7152 * g + 0.0722 * b
        return scheme, "dark" if lum(bg) < 80 and lum(fg) > 170 else "light" if lum(bg) > 170 and lum(fg) < 80 else "?"

    w = AlhambraWidget(played(3, 5, 30))
    cases = {"vscode-light": "light", "vscode-dark": "dark", "vscode-high-contrast": "dark",
             "vscode-high-contrast vscode-high-contrast-light": "light", "vscode-high-contrast-light": "light"}
    for classes, theme in cases.items():
        for system in ("light", "dark"):
            page = chromium.new_page(viewport={"width": 1100, "height": 900}, color_scheme=system)
            page.set_content(PAGE)
            page.evaluate("c => document.body.className = c", classes)
            mount_widget(page, w)
            page.locator(".alh-status-text").first.wait_for()
            assert looks(page) == (theme, theme), (classes, system, looks(page))
            page.close()


def test_the_board_fills_its_frame_with_grid_at_any_window_and_after_a_resize(chromium):
    """The acting player's board fills the frame the layout gives it, to its edges: a tall narrow
    frame (860 px wide: the column beside the board is the taller) gets rows more, a wide one
    (1366 x 768) columns more, at the size of a cell the board had -- no band of empty page under
    or beside the board. A window resized redraws the board to its frame's new shape."""
    fill = """() => { const f = document.querySelector('.alh-focus-board');
        const g = f.querySelector('rect.alh-board-bg').getBoundingClientRect(), r = f.getBoundingClientRect();
        const grid = f.querySelector('path.alh-grid').getAttribute('d');
        return {frame: [r.x, r.y, r.width, r.height], ground: [g.x, g.y, g.width, g.height],
                columns: grid.split('V').length - 2, rows: grid.split('H').length - 2}; }"""

    def filled(page):
        got = page.evaluate(fill)
        assert all(abs(a - b) <= 2.5 for a, b in zip(got["frame"], got["ground"])), got
        return got

    g = played(3, 4, 25)
    page = show(chromium, AlhambraWidget(g.copy()), viewport={"width": 860, "height": 900})
    tall = filled(page)
    assert tall["frame"][3] > tall["frame"][2] * 1.3, tall      # (the frame is tall and narrow here)
    assert tall["rows"] > tall["columns"] >= 5, tall
    # (marked, to tell whether the hand beside the board is drawn again too: it need not be)
    page.evaluate("() => { document.querySelector('.alh-focus-hand svg').dataset.kept = 'yes'; }")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function("() => { const f = document.querySelector('.alh-focus-board').getBoundingClientRect();"
                           " const g = document.querySelector('.alh-focus-board rect.alh-board-bg').getBoundingClientRect();"
                           " return Math.abs(f.width - g.width) <= 2.5 && Math.abs(f.height - g.height) <= 2.5; }")
    wide = filled(page)
    assert wide["frame"][2] > wide["frame"][3] * 1.3, wide
    assert wide["columns"] > wide["rows"] >= 5, wide
    assert page.evaluate("() => document.querySelector('.alh-focus-hand svg').dataset.kept") == "yes"
    page.close()


def test_windows_high_contrast_keeps_the_colours_that_say_something(chromium, artifacts):
    """Windows' high-contrast themes (forced colours, as Chromium emulates them, dark and light):
    the browser paints the page's text, backgrounds and borders in the system's colours. Read
    from the pixels painted: each player's panel keeps its seat's colour in the bar over its edge,
    the dot beside whose turn it is keeps the player's; the player to act is framed and tagged in
    Highlight, the others not; the board is drawn on the system's Canvas; the focus ring is
    Highlight; the review's marks keep their grades' colours. Screenshots:
    test-artifacts/forced-colours-*.png."""
    import io

    from PIL import Image

    from alhambra_widget.bots import Greedy

    palette = json.loads((ROOT / "alhambra_widget" / "palette.json").read_text())
    rgb = lambda h: tuple(int(h[k:k + 2], 16) for k in (1, 3, 5))   # noqa: E731
    seats = [rgb(c) for c in palette["seats"]]
    near = lambda a, b: max(abs(x - y) for x, y in zip(a, b)) <= 12   # noqa: E731 (anti-aliasing, colour management)

    ended = Game(2, seed=1)
    bots = [Greedy(seed=1), Greedy(seed=2)]
    while not ended.is_over:
        ended.play(bots[ended.current].choose(ended))
    reviewed = AlhambraWidget(ended)
    reviewed.review(seconds_per_move=0.01)
    assert reviewed.wait(60) and reviewed.graded["moves"]

    w = AlhambraWidget(played(4, 6, 60))
    for scheme in ("dark", "light"):
        page = show(chromium, w, viewport={"width": 1300, "height": 900}, color_scheme=scheme, forced_colors="active")
        # the system's colours as painted: swatches outside the table that keep them
        page.evaluate("""() => { for (const c of ["Canvas", "Highlight"]) {
            const d = document.createElement("div"); d.id = "probe-" + c;
            d.style.cssText = `position:fixed;right:0;bottom:${c === "Canvas" ? 0 : 20}px;width:20px;height:20px;`
              + `forced-color-adjust:none;background:${c}`;
            document.body.append(d); } }""")
        page.wait_for_timeout(400)   # (the marks of what changed fade in)
        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")

        def at(x, y):
            return shot.getpixel((round(x), round(y)))

        def centre(locator):
            b = locator.bounding_box()
            return at(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)

        canvas, highlight = centre(page.locator("#probe-Canvas")), centre(page.locator("#probe-Highlight"))
        assert not near(canvas, highlight), (scheme, canvas, highlight)
        current = w.game.current
        for i, name in enumerate(w.game.names):
            panel = page.get_by_role("listitem", name=re.compile(rf"^{re.escape(name)}: \d+ points?$"))
            b = panel.bounding_box()
            bar = at(b["x"] + 3, b["y"] + b["height"] / 2)
            assert near(bar, seats[i]), (scheme, name, bar, seats[i])   # the seat's colour at the edge
            # framed in Highlight just outside its border: the player to act only
            outside = at(b["x"] + b["width"] + 2, b["y"] + b["height"] / 2)
            assert near(outside, highlight) == (i == current), (scheme, name, outside)
        tag = page.get_by_text("to act", exact=True)
        tb = tag.bounding_box()
        assert near(at(tb["x"] + 2, tb["y"] + tb["height"] / 2), highlight), scheme
        dot = page.locator(".alh-status .alh-seat-dot, .alh-focus-title .alh-seat-dot").first
        assert near(centre(dot), seats[current]), (scheme, centre(dot))
        bb = page.get_by_role("region", name="Alhambra in view").bounding_box()
        assert near(at(bb["x"] + 10, bb["y"] + bb["height"] - 10), canvas), scheme   # the board's own ground
        page.evaluate("() => document.querySelectorAll('[id^=probe-]').forEach((e) => e.remove())")
        page.screenshot(path=str(artifacts / f"forced-colours-{scheme}.png"))
        # the focus, by keyboard: a ring in Highlight
        hint = page.get_by_role("button", name="Hint", exact=True)
        hint.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        assert hint.evaluate("e => e === document.activeElement && e.matches(':focus-visible')")
        hb = hint.bounding_box()
        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        assert near(at(hb["x"] - 2.5, hb["y"] + hb["height"] / 2), highlight), scheme
        page.close()

        page = show(chromium, reviewed, viewport={"width": 1300, "height": 900}, color_scheme=scheme,
                    forced_colors="active")
        group = page.get_by_role("group", name="Reviewed moves")
        group.get_by_role("button").first.wait_for()
        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        for grade in ("inaccuracy", "mistake", "blunder"):
            marks = group.locator(f".alh-review-{grade}")
            if marks.count():
                assert near(centre(marks.first), rgb(palette["review"][grade])), (scheme, grade)
        page.close()
