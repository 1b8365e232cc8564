"""Every move seen, told in words, in Debian's Chromium: the real bundle on
the static page harness of test_widget_page.py (a stand-in model wired to a
real AlhambraWidget in this process, no Jupyter server).

* after a move, ``document.getAnimations()`` is non-empty: the tile bought
  flies from its market slot to the tiles to place (its ghost starts on the
  slot and ends where the tile now is), each within ~400 ms, and nothing is
  left over the table afterwards;
* after an undo, what the moves taken back moved flies back (the tile placed
  from the board to where it is again);
* with ``prefers-reduced-motion: reduce`` nothing animates;
* in Japanese the log and the message line tell the move in Japanese, with
  the notation as the log line's tooltip.
"""

from __future__ import annotations

import re

import pytest

from alhambra_widget import AlhambraWidget
from alhambra_widget.engine import actions as A
from alhambra_widget.i18n.moves import describe_move

from .test_widget_page import carry_out, wire

pytestmark = pytest.mark.slow

#: every animation of a move, with its delay, ends by then (ms); a scoring round counts up after it
MOVE_MS = 400

ANIMATIONS = """() => document.getAnimations().map((a) => {
  const t = a.effect.getComputedTiming();
  return {end: t.endTime, target: a.effect.target && a.effect.target.getAttribute("class")};
})"""
#: the largest box of the elements matched (getBoundingClientRect: the geometry, as the widget measures it)
LARGEST = """(sel) => {
  const boxes = [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect()).filter((r) => r.width);
  if (!boxes.length) return null;
  const r = boxes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  return {x: r.left, y: r.top, width: r.width, height: r.height};
}"""
SETTLED = """() => Promise.all(document.getAnimations().map((a) => a.finished))
  .then(() => document.querySelectorAll(".alh-motion > *").length)"""


@pytest.fixture
def table(browser):
    """open(w, reduced=False, lang=...): the widget in a page of its own, its intents played by ``w``."""
    contexts = []

    def open_(w, reduced=False):
        ctx = browser.new_context(viewport={"width": 1366, "height": 900},
                                  reduced_motion="reduce" if reduced else "no-preference")
        contexts.append(ctx)
        return wire(ctx.new_page(), w, pushed=("view", "message"))

    yield open_
    for ctx in contexts:
        ctx.close()


def play(page, w, a):
    before = len(w.game.moves)
    carry_out(page, w, a, keyboard=False)
    page.wait_for_function(f"window.state.view.moves > {before}", timeout=10_000)
    assert w.game.history[-1] == a


def a_buy(w):
    return next(a for a in w.game.legal_actions("buy"))


def four_players():
    w = AlhambraWidget(players=["Ana", "Ben", "Chi", "Dan"], seed=3)
    # a position where the player to act can buy (take money until then)
    while not w.game.legal_actions("buy"):
        w.play(w.game.legal_actions("take")[0])
    return w


def test_a_move_is_seen_moving_from_where_it_was_to_where_it_goes(table):
    w = four_players()
    page = table(w)
    a = a_buy(w)
    tile = w.game.market[a.slot - 1]
    # where the tile is drawn (its largest drawing) when the kernel's new view comes
    page.evaluate("""([largest, sel]) => {
        const push = window.pushState;
        const measure = eval(largest);
        window.pushState = (s) => {
          if (s.view) window.__slot = measure(sel);
          push(s);
        };
      }""", [LARGEST, f'.alh-app [data-tile="{tile.id}"]'])
    play(page, w, a)
    slot = page.evaluate("() => window.__slot")
    anims = page.evaluate(ANIMATIONS)
    assert anims, "a move animates"
    assert all(x["end"] <= MOVE_MS + 1 for x in anims), anims
    # the tile's ghost: on the slot at the start, where the tile is drawn now at the end
    page.evaluate("() => document.getAnimations().forEach((a) => { a.pause(); a.currentTime = 0; })")
    ghost = f'.alh-motion [data-tile="{tile.id}"]'
    start = page.evaluate(LARGEST, ghost)
    assert abs(start["x"] - slot["x"]) < 3 and abs(start["y"] - slot["y"]) < 3, (start, slot)
    assert abs(start["width"] - slot["width"]) < 3
    page.evaluate("() => document.getAnimations().forEach((a) => { a.currentTime = a.effect.getComputedTiming().endTime - 1; })")
    end = page.evaluate(LARGEST, ghost)
    now = page.evaluate(LARGEST, f'.alh-app [data-tile="{tile.id}"]')
    assert abs(end["x"] - now["x"]) < 3 and abs(end["y"] - now["y"]) < 3, (end, now)
    page.evaluate("() => document.getAnimations().forEach((a) => a.play())")
    assert page.evaluate(SETTLED) == 0          # nothing left over the table
    # the next move: the tile placed (or reserved) moves again
    b = next(x for x in w.game.legal_actions() if isinstance(x, (A.Place, A.Reserve)))
    play(page, w, b)
    assert page.evaluate(ANIMATIONS)
    assert page.evaluate(SETTLED) == 0
    assert not page.errors, page.errors


def test_a_tile_placed_lands_on_its_cell_of_the_players_miniature(table):
    # hot-seat: once the turn passes, the placer's board is a miniature in the
    # players' column (one path per building): the tile lands on its cell there
    w = four_players()
    page = table(w)
    play(page, w, a_buy(w))
    assert page.evaluate(SETTLED) == 0
    placer = w.game.current
    b = next(x for x in w.game.legal_actions() if isinstance(x, A.Place))
    play(page, w, b)
    assert w.game.current != placer
    page.wait_for_function("""() => { const a = document.getAnimations();
        a.forEach((x) => { x.pause(); x.currentTime = x.effect.getComputedTiming().endTime - 1; }); return a.length > 0; }""",
                           timeout=10_000)
    ghost = page.evaluate(LARGEST, f'.alh-motion [data-tile="{b.tile_id}"]')
    # the tile's cell on the placer's miniature: its grid (left, top, cell) in the picture's units
    cell = page.evaluate("""([p, x, y]) => {
        const svg = document.querySelector(`.alh-player[data-player="${p}"] svg[data-grid]`);
        const [ox, oy, c] = svg.getAttribute("data-grid").split(" ").map(Number);
        const m = svg.getScreenCTM();
        return {x: m.a * (ox + x * c) + m.e, y: m.d * (oy + y * c) + m.f, width: m.a * c, tiles: svg.getAttribute("data-tiles")};
    }""", [placer, b.pos[0], b.pos[1]])
    assert f"{b.tile_id}@{b.pos[0]},{b.pos[1]}" in cell["tiles"]
    assert ghost is not None
    assert abs(ghost["x"] - cell["x"]) < 2 and abs(ghost["y"] - cell["y"]) < 2, (ghost, cell)
    assert abs(ghost["width"] - cell["width"]) < 2, (ghost, cell)
    page.evaluate("() => document.getAnimations().forEach((a) => a.play())")
    assert page.evaluate(SETTLED) == 0
    assert not page.errors, page.errors


def test_an_undo_is_seen_moving_back(table):
    w = four_players()
    w.seat = w.game.current   # the buyer's screen: their board stays in focus after their turn
    page = table(w)
    a = a_buy(w)
    tile = w.game.market[a.slot - 1]
    play(page, w, a)
    b = next(x for x in w.game.legal_actions() if isinstance(x, A.Place))
    play(page, w, b)
    assert page.evaluate(SETTLED) == 0
    board = page.evaluate(LARGEST, f'.alh-app [data-tile="{tile.id}"]')   # on the board now
    page.get_by_role("button", name="Undo", exact=True).click()
    # (the move count may stay: an undo that took back shown tiles ends in a reshuffle, a chance move)
    page.wait_for_function("window.state.view.can_redo", timeout=10_000)
    # held at their start as soon as they are there (they last 320 ms)
    page.wait_for_function("""() => { const a = document.getAnimations();
        a.forEach((x) => { x.pause(); x.currentTime = 0; }); return a.length > 0; }""", timeout=10_000)
    anims = page.evaluate(ANIMATIONS)
    assert anims, "an undo animates"
    assert all(x["end"] <= MOVE_MS + 1 for x in anims), anims
    # the tile flies back: its ghost starts on the board, where it was
    start = page.evaluate(LARGEST, f'.alh-motion [data-tile="{tile.id}"]')
    assert start is not None and abs(start["x"] - board["x"]) < 3 and abs(start["y"] - board["y"]) < 3, (start, board)
    page.evaluate("() => document.getAnimations().forEach((a) => a.play())")
    assert page.evaluate(SETTLED) == 0
    assert not page.errors, page.errors


def test_another_game_shown_is_not_seen_as_moves_taken_back(table):
    """A game put in from a cell (a new game, a lesson's next step) is another game, even with the
    same players and the moves of the last one but its latest: nothing flies back as after an
    undo (the undo above is the same change of log, and does)."""
    w = four_players()
    page = table(w)
    play(page, w, a_buy(w))
    assert page.evaluate(SETTLED) == 0
    w.game = w.game.position_at(len(w.game.moves) - 1)   # the same game one move back, as a game of its own
    page.push()
    page.wait_for_function(f"window.state.view.moves === {len(w.game.moves)}", timeout=10_000)
    page.wait_for_timeout(50)
    assert page.evaluate(ANIMATIONS) == []
    assert page.locator(".alh-motion > *").count() == 0
    # a move still flying when another game comes lands at once: its ghosts would cross the new table
    play(page, w, a_buy(w))
    page.wait_for_function("""() => { const a = document.getAnimations();
        a.forEach((x) => x.pause()); return a.length > 0; }""", timeout=10_000)   # held in flight
    assert page.locator(".alh-motion > *").count() > 0
    w.new_game()
    page.push()
    page.wait_for_function("window.state.view.moves === 0", timeout=10_000)
    page.wait_for_function("() => !document.querySelector('.alh-motion > *')", timeout=2_000)
    assert page.evaluate(ANIMATIONS) == []
    assert not page.errors, page.errors


def test_reduced_motion_turns_the_animations_off(table):
    w = four_players()
    page = table(w, reduced=True)
    play(page, w, a_buy(w))
    assert page.evaluate(ANIMATIONS) == []
    assert page.locator(".alh-motion > *").count() == 0
    play(page, w, w.game.legal_actions()[0])
    assert page.evaluate(ANIMATIONS) == []
    page.get_by_role("button", name="Undo", exact=True).click()   # nor does an undo
    page.wait_for_function("window.state.view.can_redo", timeout=10_000)
    assert page.evaluate(ANIMATIONS) == []
    assert not page.errors, page.errors


def test_vs_codes_own_reduce_motion_turns_the_animations_off_too(table):
    """VS Code has a "reduce motion" setting of its own, marked on the body of a notebook's
    outputs (vscode-reduce-motion), whatever the system's setting (here: motion allowed)."""
    w = four_players()
    page = table(w)
    page.evaluate("() => document.body.classList.add('vscode-dark', 'vscode-reduce-motion')")
    play(page, w, a_buy(w))
    assert page.evaluate(ANIMATIONS) == []
    assert page.locator(".alh-motion > *").count() == 0
    # and without it, the same kind of move is seen moving (the check above can fail)
    page.evaluate("() => document.body.classList.remove('vscode-reduce-motion')")
    while not w.game.legal_actions("buy"):
        play(page, w, w.game.legal_actions()[0])
    play(page, w, a_buy(w))
    assert page.evaluate(ANIMATIONS) != []
    assert not page.errors, page.errors


def test_in_japanese_the_log_tells_the_moves_in_japanese(table):
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7, lang="ja")
    page = table(w)
    for _ in range(3):
        play(page, w, w.game.legal_actions()[0])
    g = w.game
    items = page.locator(".alh-log-list li")
    assert items.count() == 3
    for k, m in enumerate(reversed(g.moves[-3:])):
        said = describe_move(m, g, "ja")
        assert items.nth(k).inner_text().replace("\n", "") == said
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", said) and str(m.action) not in said
        assert items.nth(k).get_attribute("title") == f"記法：{m.action}"
    # the message line says the last move as the log does
    assert describe_move(g.moves[-1], g, "ja") in page.locator(".alh-message").inner_text()
    assert not page.errors, page.errors


def test_a_score_counting_up_says_each_number_in_its_own_words(table):
    """A scoring round counts each player's points up after its move: every number shown on the
    way is worded as the table words it ("1 pt", "2 pts"), never "1 pts"."""
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=5)
    g = w.game
    # play on until some move brings a scoring round (a scoring card drawn with the money refilled)
    while True:
        scoring = next((a for a in g.legal_actions() if _scores_round(g, a)), None)
        if scoring is not None:
            break
        acts = g.legal_actions()   # (buying and placing, so that the round has points to count)
        w.play(next((a for a in acts if a.kind in ("buy", "place")), acts[0]))
    page = table(w)
    page.evaluate("""() => { window.samples = []; const look = () => {
        for (const el of document.querySelectorAll('.alh-player .alh-score')) window.samples.push(el.textContent);
        if (window.samples.length < 20000) requestAnimationFrame(look); }; requestAnimationFrame(look); }""")
    play(page, w, scoring)
    page.evaluate(SETTLED)
    samples = set(page.evaluate("window.samples"))
    final = {f"{p.score} pt" if p.score == 1 else f"{p.score} pts" for p in g.players}
    assert samples - final, "the scores were not seen counting"
    for s in samples:
        n, unit = re.fullmatch(r"(\d+) (pts?)", s).groups()
        assert unit == ("pt" if n == "1" else "pts"), s


def _scores_round(g, a) -> bool:
    h = g.copy()
    before = len(h.rounds)
    h.play(a)
    return len(h.rounds) > before
