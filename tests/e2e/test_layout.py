"""The table on one screen, in a real JupyterLab (Debian's Chromium).

A notebook of one cell shows a hot-seat game in play; the file browser is
closed, as a player would have it. At a 1366 x 768 window, with 2 and with 4
players, and at 1440 x 900 with 6, every player's panel, both markets, the
action bar and the acting player's board lie inside the visible notebook area
once the widget is scrolled to its top -- nothing of a turn needs scrolling.
Then a turn is played by clicking (select, take; select, buy; place): the
markets, the board and the action bar keep their boxes to the pixel after
every step. Elements are found by their role and accessible name.
Hint asked for with four players at 1366 x 768, in JupyterLab Light and
Dark: the hints fit the room beside the board, and the hand, Take, Undo,
Hint and the board stay where they were, whole in view.
Screenshots of 2, 4 and 6 players in JupyterLab Light and Dark go to
test-artifacts/layout-*.png.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, notebook, open_notebook, run_all, run_code
from .test_lab_widget import COLOURS, CONTRAST

pytestmark = pytest.mark.slow

NAMES = ["Ana", "Ben", "Chi", "Dan", "Eve", "Fay"]

# a game in play: the builder policy of benchmarks/bench_widget.py (Alhambras grow as in a real game)
GAME = """
import random
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.engine import actions as A

def builder(g, rng):
    acts = g.legal_actions()
    for kind in (A.Place, A.Buy, A.Build):
        pick = [a for a in acts if isinstance(a, kind)]
        if pick:
            return rng.choice(pick)
    takes = [a for a in acts if isinstance(a, A.TakeMoney)]
    if takes:
        return max(takes, key=lambda a: sum(c.value for c in a.cards))
    return rng.choice(acts)

def in_play(n, moves, seed=6):
    g = Game(%r[:n], seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (len(g.history) < moves or g.phase != "action"):
        g.play(builder(g, rng))
    return g
""" % NAMES

# a turn set up to be played by clicking: Ana takes dinar 2, Ben buys slot 2
# (seraglio 4 for dirham 1+3, exact: he then ends his turn) and places it
TURN = """
w.game = Game.from_position(["Ana", "Ben", "Chi", "Dan"], seed=3,
                            hands=[["florin 2", "florin 3", "dirham 1"], ["dirham 1", "dirham 3", "ducat 4"],
                                   ["ducat 2"], ["dinar 5"]],
                            market=[4, 9, 15, 24], money=["dinar 2", "ducat 4", "dirham 3", "florin 6"])
print(w.game.current, w.view["market"][1]["tile"])
"""

# boxes in the page, rounded to a tenth of a pixel; and the visible notebook area
BOXES = """(root) => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10); };
  const area = root.closest('.jp-WindowedPanel-outer') || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
  return {area: box(area), root: box(root)};
}"""

# every animation that ends (the spinner of a thinking bot runs forever): wait for them
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => { const t = a.effect && a.effect.getComputedTiming(); return t && t.endTime !== Infinity; })
  .map((a) => a.finished.catch(() => null)))"""


def moved_to(root, n: int):
    """The widget shows the position after n moves (the status line's counts end with the move number)."""
    expect(root.locator(".alh-info")).to_have_text(re.compile(rf"\bmove {n}$"), timeout=15_000)


def layout_notebook(tmp: Path, n: int) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(GAME + f"\nw = AlhambraWidget(in_play({n}, {40 if n < 6 else 150}))\nw"))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp / f"layout-{n}p.ipynb"
    nbformat.write(nb, path)
    return path


def open_table(browser, lab, tmp: Path, n: int, viewport: tuple, file_browser: bool = False):
    """The notebook for ``n`` players in a page of that size, run, the file
    browser closed (or left open, as JupyterLab first opens)."""
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_notebook(page, lab, lab.copy(layout_notebook(tmp, n)))
    if file_browser:
        page.locator("#jp-left-stack:not(.lm-mod-hidden)").wait_for()
    else:
        # close the left sidebar (the file browser): click its open tab
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").first.click()
        page.wait_for_function("() => !document.querySelector('#jp-left-stack') || "
                               "document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
    run_all(page)
    root = notebook(page).locator(".alh-root").first
    root.locator(".alh-status-text").wait_for(timeout=60_000)
    page.evaluate("() => document.fonts.ready")
    return ctx, page, root


def to_top(page, root):
    """Scroll the widget's top to the top of the visible notebook area; wait for it to be still."""
    root.evaluate("r => r.scrollIntoView({block: 'start'})")
    page.evaluate(SETTLED)
    page.wait_for_timeout(50)


def inside(box, area) -> bool:
    x, y, w, h = box
    ax, ay, aw, ah = area
    return x >= ax - 0.5 and y >= ay - 0.5 and x + w <= ax + aw + 0.5 and y + h <= ay + ah + 0.5


def parts(page, root, n: int) -> dict:
    """The parts a turn needs, found by role and accessible name: name -> locator."""
    out = {
        "building market": root.get_by_role("region", name="Building market"),
        "money market": root.get_by_role("region", name="Money market"),
        "action bar": root.get_by_role("toolbar", name="Actions"),
        "acting board": root.get_by_role("region", name="Alhambra in view"),
    }
    players = root.get_by_role("list", name="players").get_by_role("listitem")
    assert players.count() == n
    for i in range(n):
        out[f"panel {i + 1}"] = players.nth(i)
    return out


def boxes(page, root, n: int) -> dict:
    """The parts' boxes relative to the widget's top left corner (a click may scroll the notebook)."""
    r = root.bounding_box()
    out = {}
    for k, loc in parts(page, root, n).items():
        b = loc.bounding_box()
        out[k] = [round(b["x"] - r["x"], 1), round(b["y"] - r["y"], 1), round(b["width"], 1), round(b["height"], 1)]
    return out


def assert_fits(page, root, n: int, label: str):
    to_top(page, root)
    area = root.evaluate(BOXES)["area"]
    got = {k: [b["x"], b["y"], b["width"], b["height"]] for k, b in
           ((k, loc.bounding_box()) for k, loc in parts(page, root, n).items())}
    out = {k: b for k, b in got.items() if not inside(b, area)}
    assert not out, f"{label}: outside the visible notebook area {area}: {out}"


def _theme(page, name: str):
    page.locator(".lm-MenuBar-item", has_text="Settings").first.click()
    page.locator(".lm-Menu-item", has_text=re.compile(r"^Theme")).first.hover()
    page.locator(".lm-Menu-itemLabel").get_by_text(name, exact=True).click()
    page.wait_for_selector(f'body[data-jp-theme-name="{name}"]', state="attached", timeout=30_000)


# the table's texts, each drawn on its own background: >= 4.5:1 (WCAG AA) in both themes
TEXTS = [".alh-status-text", ".alh-turn", ".alh-info", ".alh-focus-name", ".alh-focus-score", "p.alh-selection",
         "button.alh-btn:not([disabled]):not([aria-disabled=true])", ".alh-player .alh-name", ".alh-player .alh-score", ".alh-tag-turn",
         ".alh-log-list li", ".alh-replay-pos", ".alh-hold .alh-label", ".alh-replay-label .alh-label",
         ".alh-board-help"]


def low_contrast(root) -> dict:
    found = root.evaluate(CONTRAST, TEXTS)
    return {sel: c for sel, c in found.items() if c is not None and c["ratio"] < 4.5}


# the contrast of the board's grid against the board it is drawn on: at least 1.2:1, a line one
# can see (JupyterLab Light once drew it in its own panel colour, #eee on #eee: 1:1)
LINES = """(root) => {""" + COLOURS + """
  const grid = root.querySelector('.alh-focus .alh-grid');
  const board = root.querySelector('.alh-focus .alh-board-bg');
  let page = [255, 255, 255, 1];
  for (let e = board.closest('div'); e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c[3] >= 1) { page = c; break; }
  }
  const bg = over(parse(getComputedStyle(board).fill), page);
  const line = over(parse(getComputedStyle(grid).stroke), bg);
  const [a, b] = [lum(line), lum(bg)].sort((x, y) => y - x);
  return Math.round((a + 0.05) / (b + 0.05) * 100) / 100;
}"""


def faint_grid(root):
    """The grid's contrast against the board if it is too faint to see, else None."""
    ratio = root.evaluate(LINES)
    return None if ratio >= 1.2 else ratio


def shots(page, root, name: str):
    """Screenshots of the visible notebook area in JupyterLab Light and Dark (back to Light after);
    the texts' contrast and the board's grid checked in both."""
    to_top(page, root)
    area = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer")
    area.screenshot(path=str(ARTIFACTS / f"{name}-light.png"))
    assert not low_contrast(root), ("JupyterLab Light", low_contrast(root))
    assert not faint_grid(root), ("JupyterLab Light: the board's grid against the board", faint_grid(root))
    try:
        _theme(page, "JupyterLab Dark")
        to_top(page, root)
        area.screenshot(path=str(ARTIFACTS / f"{name}-dark.png"))
        assert not low_contrast(root), ("JupyterLab Dark", low_contrast(root))
        assert not faint_grid(root), ("JupyterLab Dark: the board's grid against the board", faint_grid(root))
    finally:
        _theme(page, "JupyterLab Light")


def test_two_and_four_players_fit_a_1366x768_screen_and_a_turn_moves_nothing(browser, lab, artifacts, tmp_path):
    ctx, page, root = open_table(browser, lab, tmp_path, 2, (1366, 768))
    try:
        assert_fits(page, root, 2, "2 players at 1366 x 768")
        shots(page, root, "layout-2p")

        run_code(page, GAME + "\nw.game = in_play(4, 40)\nprint(len(w.game.players))", new_cell=True)
        root.locator('.alh-app[data-players="4"]').wait_for()
        assert_fits(page, root, 4, "4 players at 1366 x 768")
        shots(page, root, "layout-4p")

        # a turn by clicking: the markets, the board and the action bar never move
        cur, tile = run_code(page, TURN).split(" ", 1)
        assert cur == "0"
        moved_to(root, 0)
        to_top(page, root)
        keep = ("building market", "money market", "action bar", "acting board")

        def still(step: str):
            page.evaluate(SETTLED)
            now = boxes(page, root, 4)
            moved = {k: (first[k], now[k]) for k in keep if now[k] != first[k]}
            assert not moved, f"moved by {step}: {moved}"

        first = boxes(page, root, 4)
        root.get_by_role("button", name="face-up card dinar 2").click()                  # select
        still("selecting a card")
        root.get_by_role("button", name="Take", exact=True).click()                        # take
        moved_to(root, 1)
        still("taking it")
        root.get_by_role("button", name=re.compile(r"^slot 2 \(pay in dirham\)")).click()  # Ben: select the slot ...
        root.get_by_role("button", name="your card dirham 1").click()
        root.get_by_role("button", name="your card dirham 3").click()
        still("selecting a slot and cards")
        root.get_by_role("button", name=re.compile(r"^Buy\b")).click()                   # buy
        moved_to(root, 2)
        still("buying")
        root.get_by_role("button", name="End turn", exact=True).click()
        moved_to(root, 3)
        still("ending the turn")
        state = json.loads(run_code(page, "import json\nprint(json.dumps(w.view['legal']['tiles']))"))
        tile_id, (x, y) = state[0]["id"], state[0]["spots"][0]
        root.get_by_role("button", name=re.compile(r"tile to place")).first.click()     # place: the tile ...
        still("choosing the tile to place")
        root.get_by_role("button", name=f"empty spot {x},{y}: legal").click()           # ... on a legal spot
        moved_to(root, 4)
        still("placing it")
        placed = json.loads(run_code(page, "print(json.dumps({f'{x},{y}': t.id for (x, y), t in "
                                           "w.game.players[1].alhambra.items()}))"))
        assert placed[f"{x},{y}"] == tile_id
        assert page.errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("screen", [(1366, 768), (1280, 720)])
def test_with_the_file_browser_open_four_players_still_fit_the_screen_side_by_side(browser, lab, artifacts, tmp_path,
                                                                                   screen):
    """JupyterLab first opens with its file browser beside the notebook: the
    widget is then some 930 px wide at 1366 x 768 and 850 at 1280 x 720. The
    column of players stays beside the main one (it went under it, below the
    screen, at less than 960 px), and every part of a turn is in view."""
    ctx, page, root = open_table(browser, lab, tmp_path, 4, screen, file_browser=True)
    try:
        width = root.evaluate("r => r.getBoundingClientRect().width")
        assert 820 < width < 960, f"the widget is {width} px wide: not the width this test is about"
        assert_fits(page, root, 4, f"4 players at {screen[0]} x {screen[1]}, the file browser open")
        main = root.get_by_role("region", name="Alhambra in view").bounding_box()
        side = root.get_by_role("list", name="players").bounding_box()
        assert side["x"] >= main["x"] + main["width"], "the players are not beside the board"
        # the column beside the board has room for what to do now, whole: JupyterLab lays the
        # output out after the widget's first draw, and the lines follow the column's size
        cut = root.locator(".alh-hold .alh-selection").evaluate("s => s.scrollHeight - s.clientHeight")
        assert cut <= 1, f"what to do now is cut by {cut} px: {root.locator('.alh-hold .alh-selection').inner_text()!r}"
        to_top(page, root)
        page.screenshot(path=str(ARTIFACTS / f"layout-4p-file-browser-{screen[0]}.png"))
        assert page.errors == []
    finally:
        ctx.close()


def test_six_players_fit_a_1440x900_screen(browser, lab, artifacts, tmp_path):
    ctx, page, root = open_table(browser, lab, tmp_path, 6, (1440, 900))
    try:
        assert_fits(page, root, 6, "6 players at 1440 x 900")
        shots(page, root, "layout-6p")
        assert page.errors == []
    finally:
        ctx.close()


# how much of an element the visible notebook area and the scrolling blocks around it (the column
# beside the board, the hint list) cut off, in pixels at each side (0: it shows whole)
CUT = """(el) => {
  const box = el.getBoundingClientRect();
  let [l, t, r, b] = [box.left, box.top, box.right, box.bottom];
  for (let p = el.parentElement; p; p = p.parentElement) {
    const area = p.classList.contains('jp-WindowedPanel-outer');
    const s = getComputedStyle(p);
    if (!area && s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const c = p.getBoundingClientRect();
    [l, t, r, b] = [Math.max(l, c.left), Math.max(t, c.top), Math.min(r, c.right), Math.min(b, c.bottom)];
    if (area) break;
  }
  return Math.max(0, l - box.left, t - box.top, box.right - r, box.bottom - b);
}"""


def fully_shown(locator) -> bool:
    """The element shows whole (to a pixel): not cut by the notebook's visible area nor by a scrolling block."""
    return locator.evaluate(CUT) <= 1


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_hints_fit_beside_the_board_and_the_hand_stays_in_view(browser, lab, artifacts, tmp_path, theme):
    """Hint asked for at a 1366 x 768 window with four players, after a move told in the message
    line: the hints fit the room under the action bar (the list's title and the best hint whole,
    the others in a list that scrolls on its own), and the hand, Take, Undo, Hint and the acting
    board stay where they were, whole in view. (The column beside the board scrolled to the hints,
    the hand out of sight.) Each hint reached by the keyboard is shown without moving the hand."""
    ctx, page, root = open_table(browser, lab, tmp_path, 4, (1366, 768))
    try:
        if theme != "JupyterLab Light":
            _theme(page, theme)
        # a move by clicking: its message told beside the board
        root.get_by_role("button", name=re.compile(r"^face-up card ")).first.click()
        root.get_by_role("button", name="Take", exact=True).click()
        moved_to(root, 41)
        expect(root.locator(".alh-message.alh-info-msg")).to_be_visible()
        to_top(page, root)
        focus = root.get_by_role("region", name=re.compile(r": hand, Alhambra and reserve$"))
        keep = {
            "hand": focus.get_by_role("group", name=re.compile(r"'s hand: \d+ cards?$")),
            "Take": root.get_by_role("button", name="Take", exact=True),
            "Undo": root.get_by_role("button", name=re.compile(r"^Undo\b")),
            "Hint": root.get_by_role("button", name="Hint", exact=True),
            "acting board": root.get_by_role("region", name="Alhambra in view"),
        }
        before = {k: loc.bounding_box() for k, loc in keep.items()}
        assert all(fully_shown(loc) for loc in keep.values()), "not all in view before Hint"

        keep["Hint"].click()
        plays = root.get_by_role("button", name=re.compile(r"^Play this move: "))
        expect(plays.first).to_be_visible(timeout=60_000)
        page.evaluate(SETTLED)
        page.wait_for_timeout(100)
        n = plays.count()
        assert 1 <= n <= 3
        after = {k: loc.bounding_box() for k, loc in keep.items()}
        moved = {k: (before[k], after[k]) for k in keep if after[k] != before[k]}
        assert not moved, f"moved by Hint: {moved}"
        hidden = [k for k, loc in keep.items() if not fully_shown(loc)]
        assert not hidden, f"out of view after Hint: {hidden}"
        # the list's title and the best hint whole, in view; every hint inside the room for them
        title = root.get_by_text(re.compile(r"^Hints \(choose one to play it\)$"))
        assert fully_shown(title) and fully_shown(plays.first), "the hints' title or the best hint is cut"
        room = root.get_by_role("status", name="Hints").bounding_box()
        hold = root.locator(".alh-hold").bounding_box()
        assert room["y"] + room["height"] <= hold["y"] + hold["height"] + 1, (room, hold)
        area = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer")
        area.screenshot(path=str(ARTIFACTS / f"layout-4p-hints-{theme.split()[-1].lower()}.png"))
        # each hint by the keyboard: brought into view within the list, the hand where it was
        for i in range(n):
            plays.nth(i).focus()
            page.wait_for_timeout(50)
            assert fully_shown(plays.nth(i)), f"hint {i + 1} focused but not shown whole"
            assert keep["hand"].bounding_box() == before["hand"], f"the hand moved to show hint {i + 1}"
        faint = {sel: c for sel, c in root.evaluate(CONTRAST, [".alh-hints-title", ".alh-hint-text"]).items()
                 if c is None or c["ratio"] < 4.5}
        assert not faint, (theme, faint)
        assert page.errors == []
    finally:
        if theme != "JupyterLab Light":   # (the theme is the session's JupyterLab setting: back for the next tests)
            _theme(page, "JupyterLab Light")
        ctx.close()
