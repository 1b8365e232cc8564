"""The widget in a real JupyterLab, in Debian's Chromium driven by Playwright.

examples/play.ipynb (copied into the lab's root) is opened and run as a user
would; its widget is bound to ``w``. Turns of every kind are then played by
clicking only -- take money, an exact-payment buy followed by a second action,
a placement on a highlighted spot, a refused placement (rule id and
explanation shown), redesigns (build, to reserve, swap) -- and after each the
kernel is asked, by running a cell, whether the game changed accordingly.
Positions are set up from a cell first (``Game.from_position``) so that every
situation is reachable deterministically; the moves themselves are clicks.
The other way round: the game is changed from cells (``w.play``,
``w.game.undo()``, ``w.game = Game.from_json(...)``) and the SVG must follow.
Also: the dark theme, Tab/Enter, and notebook shortcut keys pressed while a
widget control has the focus.

All tests of this module share one page (opening the notebook and starting its
kernel is the slow part); each test sets up the game it needs. Screenshots go
to test-artifacts/lab-*.png.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, no_new_page_errors, notebook, play_page, run_code
from .test_accessibility import audit, focus_walk

pytestmark = pytest.mark.slow


# A summary of ``w`` (the play notebook's widget) as JSON, printed by ``probe()``.
PROBE = '''
import json
from alhambra_widget import Game

def probe(**extra):
    g = w.game
    last = g.history[-1] if g.history else None
    print(json.dumps({
        "moves": len(g.history), "last": None if last is None else str(last),
        "current": g.current, "phase": g.phase, "extra": g.extra,
        "hands": [[str(c) for c in p.hand] for p in g.players],
        "reserves": [sorted(t.id for t in p.reserve) for p in g.players],
        "alhambras": [{f"{x},{y}": t.id for (x, y), t in p.alhambra.items()} for p in g.players],
        "pending": [[i, t.id] for i, t in g.pending],
        "message": w.message, "status": w.view["status"], "stamp": w.view["stamp"],
        "legal": w.view["legal"], "explain": w.view["explain"], **extra}))

probe()
'''


@pytest.fixture(scope="module")
def lab_page(browser, lab, artifacts):
    """The play notebook, run, in a page of its own; the widget on screen."""
    with play_page(browser, lab) as page:
        s = json.loads(run_code(page, PROBE, new_cell=True))
        assert s["moves"] == 0 and len(s["hands"]) == 3
        yield page


@pytest.fixture
def ui(lab_page):
    """(page, widget root); no uncaught error in the page during the test."""
    with no_new_page_errors(lab_page) as ui:
        yield ui


def state(page, code: str = "") -> dict:
    """Run ``code`` (if any), then ``probe()``; the game as the kernel sees it."""
    return json.loads(run_code(page, f"{code}\nprobe()"))


def expect_moves(root, n: int):
    """The status bar shows move n (the widget has drawn the position after n moves)."""
    expect(root.locator(".alh-info")).to_have_text(re.compile(rf"\bmove {n}$"), timeout=15_000)


def snap(root, name: str):
    root.screenshot(path=str(ARTIFACTS / name))


def money_card(root, card: str):
    cur, val = card.split()
    return root.locator(f'.alh-money [data-act="money"][data-currency="{cur}"][data-value="{val}"]').first


def hand_card(root, card: str):
    cur, val = card.split()
    return root.locator(f'.alh-focus [data-act="card"][data-currency="{cur}"][data-value="{val}"]').first


def spot(root, x: int, y: int, cls: str = "alh-spot"):
    return root.locator(f'.alh-focus rect.{cls}[data-x="{x}"][data-y="{y}"]')


def test_take_money_by_clicking(ui):
    page, root = ui
    s0 = state(page)
    assert s0["moves"] == 0 and s0["phase"] == "action"
    me = s0["current"]
    first = root.locator('.alh-money [data-act="money"]').first
    card = f'{first.get_attribute("data-currency")} {first.get_attribute("data-value")}'
    first.click()
    expect(money_card(root, card)).to_have_attribute("aria-pressed", "true")
    expect(root.locator("p.alh-selection")).to_contain_text("Take")
    root.locator('button[data-act="take"]').click()
    expect_moves(root, 1)
    s1 = state(page)
    assert s1["moves"] == 1
    assert s1["last"] == f"take {card}"
    assert s1["current"] == (me + 1) % 3
    assert sorted(s1["hands"][me]) == sorted(s0["hands"][me] + [card])
    # the move in words (the notation stays in the log line's tooltip and in w.game.moves)
    assert s1["message"]["kind"] == "info" and re.search(rf" took {card}\.", s1["message"]["text"])
    expect(root.locator(".alh-status-text")).to_have_text(s1["status"])
    expect(root.locator(".alh-log-list li").first).to_have_text(re.compile(rf"^\S+ took {card}\."))
    expect(root.locator(".alh-log-list li").first).to_have_attribute("title", f"Notation: take {card}")
    snap(root, "lab-take-money.png")


EXACT = '''
w.game = Game.from_position(["Ana", "Ben", "Chi"], seed=3,
                            hands=[["florin 2", "florin 3", "dirham 1"], ["dinar 4"], ["ducat 2"]],
                            market=[4, 9, 15, 24], money=["dinar 2", "ducat 4", "dirham 3", "florin 6"])
'''


def test_exact_buy_second_action_refused_and_legal_placement(ui):
    page, root = ui
    s = state(page, EXACT)
    assert s["moves"] == 0 and s["current"] == 0
    expect_moves(root, 0)
    expect(root.locator('.alh-focus [data-act="card"]')).to_have_count(3)

    # buy slot 1 (pavilion 5, florin) with florin 2 + 3: an exact payment
    root.locator('[data-act="slot"][data-slot="1"]').click()
    hand_card(root, "florin 2").click()
    hand_card(root, "florin 3").click()
    expect(root.locator("p.alh-selection")).to_contain_text("exact payment")
    buy = root.locator('button[data-act="buy"]')
    expect(buy).to_have_text("Buy (exact)")
    buy.click()
    expect_moves(root, 1)
    s = state(page)
    assert s["last"] == "buy 1 with florin 2+3"
    assert s["current"] == 0 and s["phase"] == "action" and s["extra"] is True
    assert s["hands"][0] == ["dirham 1"]
    assert s["pending"] == [[0, 4]]
    expect(root.locator(".alh-turn")).to_contain_text("one more action after an exact payment")
    expect(root.locator('.alh-pending [data-tile="4"]')).to_have_count(1)
    snap(root, "lab-exact-buy.png")

    # the second action of the turn: take dinar 2
    money_card(root, "dinar 2").click()
    root.locator('button[data-act="take"]').click()
    expect_moves(root, 2)
    s = state(page)
    assert s["last"] == "take dinar 2"
    assert s["current"] == 0 and s["phase"] == "place"
    assert sorted(s["hands"][0]) == ["dinar 2", "dirham 1"]
    entry = s["legal"]["tiles"][0]
    assert entry["id"] == 4
    legal = sorted(map(tuple, entry["spots"]))
    refused = {(c[0], c[1]): c[2] for c in entry["why_not"]}
    assert legal == [(-1, 0), (0, -1)] and refused == {(1, 0): "P3", (0, 1): "P3"}

    # choose the bought tile: its legal spots are highlighted
    root.locator('[data-act="pending-tile"][data-id="4"]').click()
    expect(root.locator(".alh-focus rect.alh-spot")).to_have_count(len(legal))
    for x, y in legal:
        expect(spot(root, x, y)).to_have_count(1)

    # a refused spot: the refusal says where (its west wall against the fountain's open side),
    # the rule's text at the spot; nothing is sent
    spot(root, 1, 0, "alh-cell-no").click()
    msg = root.locator(".alh-message")
    expect(msg).to_have_attribute("data-rule", "P3")
    expect(msg.locator(".alh-rule")).to_have_text("P3")
    expect(msg).to_contain_text("Pavilion 5 at (1, 0) would put a wall against an open side: on the west side it has "
                                "a wall and the tile next to it (fountain) has none.")
    expect(root.locator(".alh-callout")).to_contain_text(s["explain"]["P3"])
    # and the board marks the side it names: the spot's west side, against the fountain
    mark = root.locator(".alh-focus path.alh-refusal-mark")
    expect(mark).to_have_attribute("data-side", "W")
    assert mark.bounding_box()["width"] < mark.bounding_box()["height"]   # (a side running north to south)
    assert msg.is_visible()
    snap(root, "lab-refused-placement.png")
    after = state(page)
    assert after == s  # the game (and the widget's stamp) did not change

    # the tile is still chosen: a highlighted spot places it
    spot(root, -1, 0).click()
    expect_moves(root, 3)
    s = state(page)
    assert s["last"] == "place 4 at -1,0"
    assert s["alhambras"][0]["-1,0"] == 4
    assert s["pending"] == [] and s["current"] == 1 and s["phase"] == "action"
    expect(root.locator('.alh-player[data-player="0"] .alh-panel-picture')).to_have_attribute(
        "data-tiles", re.compile(r"(^| )4@-1,0( |$)"))
    expect(root.locator(".alh-focus")).to_have_attribute("data-player", "1")
    snap(root, "lab-placed.png")


REDESIGN = '''
w.game = Game.from_position(["Ana", "Ben", "Chi"], seed=5,
                            alhambras=[{(1, 0): 7}, {(0, 1): 14}, {(-1, 0): 31}],
                            reserves=[[22], [], [32]])
'''


def test_redesigns_by_clicking(ui):
    page, root = ui
    s = state(page, REDESIGN)
    assert s["moves"] == 0 and s["current"] == 0
    expect_moves(root, 0)
    builds = [t for t in s["legal"]["tiles"] if t["id"] == 22][0]["spots"]

    # Ana builds her reserve tile on a highlighted spot (T3b)
    root.locator('[data-act="reserve-tile"][data-id="22"]').click()
    expect(root.locator(".alh-focus rect.alh-spot")).to_have_count(len(builds))
    spot(root, 2, 0).click()
    expect_moves(root, 1)
    s = state(page)
    assert s["last"] == "build 22 at 2,0"
    assert s["alhambras"][0]["2,0"] == 22 and s["reserves"][0] == []
    assert s["current"] == 1

    # Ben moves a tile of his Alhambra to his reserve (T3a)
    root.locator('.alh-focus [data-act="placed"][data-x="0"][data-y="1"]').click()
    root.locator('button[data-act="to-reserve"]').click()
    expect_moves(root, 2)
    s = state(page)
    assert s["last"] == "remove 0,1"
    assert "0,1" not in s["alhambras"][1] and s["reserves"][1] == [14]
    assert s["current"] == 2

    # Chi swaps her reserve tile with a tile of her Alhambra (T3c)
    root.locator('[data-act="reserve-tile"][data-id="32"]').click()
    expect(root.locator('.alh-focus g.alh-swappable[data-x="-1"][data-y="0"]')).to_have_count(1)
    root.locator('.alh-focus [data-act="placed"][data-x="-1"][data-y="0"]').click()
    expect_moves(root, 3)
    s = state(page)
    assert s["last"] == "swap 32 at -1,0"
    assert s["alhambras"][2]["-1,0"] == 32 and s["reserves"][2] == [31]
    assert s["current"] == 0
    expect(root.locator('.alh-player[data-player="2"] .alh-panel-picture')).to_have_attribute(
        "data-tiles", re.compile(r"(^| )32@-1,0( |$)"))
    snap(root, "lab-redesign.png")


def test_the_widget_follows_changes_made_from_cells(ui):
    page, root = ui
    s = state(page, 'w.game = Game(["Ana", "Ben", "Chi"], seed=7)')
    expect_moves(root, 0)
    expect(root.locator(".alh-log")).to_contain_text("No moves yet.")

    s = state(page, 'w.play(w.game.legal_actions("take")[-1])')
    assert s["moves"] == 1
    expect_moves(root, 1)
    expect(root.locator('.alh-log-list li[data-n="1"]')).to_have_text(re.compile(r"^\S+ took "))
    expect(root.locator('.alh-log-list li[data-n="1"]')).to_have_attribute("title", f"Notation: {s['last']}")
    expect(root.locator(".alh-status-text")).to_have_text(s["status"])
    cur = s["current"]
    expect(root.locator(f'.alh-player[data-player="{cur}"]')).to_have_class(re.compile(r"\balh-current\b"))
    snap(root, "lab-cell-play.png")

    s = state(page, "w.game.undo()")
    assert s["moves"] == 0
    expect_moves(root, 0)
    expect(root.locator(".alh-log-list li")).to_have_count(0)
    expect(root.locator(".alh-log")).to_contain_text("No moves yet.")
    expect(root.locator(".alh-status-text")).to_have_text(s["status"])

    s = state(page, '''
import random
g2 = Game(["Ana", "Ben", "Chi", "Dan"], seed=11)
rng = random.Random(2)
for _ in range(60):
    g2.play(g2.random_action(rng))
w.game = Game.from_json(g2.to_json())''')
    assert s["moves"] == 60 and len(s["alhambras"]) == 4
    expect_moves(root, 60)
    expect(root.locator(".alh-player")).to_have_count(4)
    for i, al in enumerate(s["alhambras"]):
        # every tile of every Alhambra, where the game has it
        drawn = root.locator(f'.alh-player[data-player="{i}"] .alh-panel-picture').get_attribute("data-tiles")
        assert sorted(drawn.split()) == sorted(f"{tid}@{pos}" for pos, tid in al.items())
    expect(root.locator(".alh-status-text")).to_have_text(s["status"])
    snap(root, "lab-from-json.png")


def _focused(page) -> dict:
    return page.evaluate("""() => {
        const el = document.activeElement;
        const root = el && el.closest ? el.closest('.alh-root') : null;
        return {inWidget: !!root, act: el ? el.getAttribute('data-act') : null,
                pressed: el ? el.getAttribute('aria-pressed') : null, tag: el ? el.tagName : null};
    }""")


def _tab_to(page, act: str, limit: int = 40) -> dict:
    for _ in range(limit):
        page.keyboard.press("Tab")
        f = _focused(page)
        if f["inWidget"] and f["act"] == act:
            return f
    raise AssertionError(f"{limit} Tab presses did not reach a {act!r} control (last: {f})")


def test_keyboard_tab_enter_and_notebook_shortcuts(ui):
    page, root = ui
    s0 = state(page, 'w.game = Game(["Ana", "Ben", "Chi"], seed=7)')
    expect_moves(root, 0)
    nb = notebook(page)
    cells = nb.locator(".jp-Cell")
    n_cells = cells.count()
    sources = nb.locator(".jp-Cell .cm-content").all_inner_texts()

    # focus goes into the widget (a click on its status bar), Tab walks to a money card
    page.keyboard.press("Escape")
    root.locator(".alh-status").click()
    f = _tab_to(page, "money")
    assert f["pressed"] == "false"
    page.keyboard.press("Enter")
    f = _focused(page)
    assert f["inWidget"] and f["act"] == "money" and f["pressed"] == "true", f  # focus kept, card chosen
    card = page.evaluate("() => document.activeElement.getAttribute('data-currency') + ' ' + "
                         "document.activeElement.getAttribute('data-value')")
    # the arrow keys walk the row of money cards, not the notebook's cells
    active = nb.locator(".jp-Cell.jp-mod-active")
    cell_before = active.evaluate("c => [...c.parentElement.children].indexOf(c)")
    page.keyboard.press("ArrowRight")
    f = _focused(page)
    assert f["inWidget"] and f["act"] == "money" and f["pressed"] == "false", f   # the next card, not chosen
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    f = _focused(page)
    assert f["inWidget"] and f["act"] == "money" and f["pressed"] == "true", f    # back at the card chosen
    assert active.evaluate("c => [...c.parentElement.children].indexOf(c)") == cell_before

    # notebook shortcut keys while a widget control has the focus: no cell added, cut, changed
    for key in ["a", "b", "x", "c", "v", "d", "d", "m", "y", "z", "Shift+M", "Shift+L"]:
        page.keyboard.press(key)
    assert _focused(page)["inWidget"]
    assert cells.count() == n_cells
    assert nb.locator(".jp-Cell .cm-content").all_inner_texts() == sources
    assert nb.locator(".jp-MarkdownCell").count() == 1  # play.ipynb's introduction only
    assert not nb.evaluate("n => n.classList.contains('jp-mod-editMode')")
    expect(money_card(root, card)).to_have_attribute("aria-pressed", "true")  # the widget kept its selection

    # Tab on to the Take button; Enter takes the card
    _tab_to(page, "take")
    page.keyboard.press("Enter")
    expect_moves(root, 1)
    assert not nb.evaluate("n => n.classList.contains('jp-mod-editMode')")  # Enter did not open a cell editor
    assert cells.count() == n_cells
    s = state(page)
    assert s["moves"] == 1 and s["last"] == f"take {card}"
    assert sorted(s["hands"][s0["current"]]) == sorted(s0["hands"][s0["current"]] + [card])
    snap(root, "lab-keyboard.png")


def _theme(page, name: str):
    page.locator(".lm-MenuBar-item", has_text="Settings").first.click()
    page.locator(".lm-Menu-item", has_text=re.compile(r"^Theme")).first.hover()
    page.locator(".lm-Menu-itemLabel").get_by_text(name, exact=True).click()
    page.wait_for_selector(f'body[data-jp-theme-name="{name}"]', state="attached", timeout=30_000)
    # JupyterLab covers the page with its splash while the theme loads
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=30_000)


# colours as computed styles give them (parse), one over another (over), relative luminance (lum):
# the start of a function body in JavaScript
COLOURS = """
  // rgb()/rgba() have 0-255 channels; colours made with color-mix() compute to
  // color(srgb r g b / a) with 0-1 channels: read both
  const parse = (c) => { const m = c.match(/-?[\\d.]+(?:e[-+]?\\d+)?/g).map(Number); const k = c.startsWith('color(') ? 255 : 1; return [m[0] * k, m[1] * k, m[2] * k, m.length > 3 ? m[3] : 1]; };
  const over = (top, bot) => [0, 1, 2].map((i) => top[i] * top[3] + bot[i] * (1 - top[3])).concat([1]);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
"""

# WCAG contrast ratio of each selector's first element: its text colour against
# the background it is drawn on (ancestors' backgrounds composited, alpha included)
CONTRAST = """(root, selectors) => {""" + COLOURS + """
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let acc = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) acc = over(layers[i], acc);
    return acc;
  };
  const out = {};
  for (const sel of selectors) {
    const el = root.querySelector(sel);
    if (!el) { out[sel] = null; continue; }
    const bg = background(el);
    const fg = over(parse(getComputedStyle(el).color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    out[sel] = {ratio: Math.round((a + 0.05) / (b + 0.05) * 100) / 100, color: getComputedStyle(el).color,
                background: `rgb(${bg.slice(0, 3).map(Math.round).join(", ")})`};
  }
  return out;
}"""


def _luminance(css_color: str) -> float:
    r, g, b = (int(float(v)) for v in re.findall(r"[\d.]+", css_color)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_dark_theme(ui, artifacts):
    page, root = ui
    state(page, EXACT + 'w.play("buy 1 with florin 2+3")\nw.play("take dinar 2")')
    expect_moves(root, 2)
    try:
        _theme(page, "JupyterLab Dark")
        assert page.locator("body").get_attribute("data-jp-theme-light") == "false"
        # a refused spot, so that the message line shows too
        root.locator('[data-act="pending-tile"][data-id="4"]').click()
        spot(root, 0, 1, "alh-cell-no").click()
        expect(root.locator(".alh-message")).to_have_attribute("data-rule", "P3")
        colors = root.evaluate("""r => {
            const cs = getComputedStyle(r);
            const text = getComputedStyle(r.querySelector('.alh-status-text'));
            const panel = getComputedStyle(r.querySelector('.alh-board-bg'));
            return {bg: cs.backgroundColor, fg: text.color, board: panel.fill};
        }""")
        assert _luminance(colors["bg"]) < 0.3, colors
        assert _luminance(colors["fg"]) > 0.6, colors
        assert _luminance(colors["board"]) < 0.4, colors
        snap(root, "lab-dark-theme.png")
        page.screenshot(path=str(artifacts / "lab-dark-theme-page.png"))
        texts = [".alh-status-text", ".alh-message", "p.alh-selection", "button.alh-btn:not([disabled]):not([aria-disabled=true])",
                 ".alh-player .alh-name", ".alh-log-list li"]
        contrast = root.evaluate(CONTRAST, texts)
        low = {sel: c for sel, c in contrast.items() if c is None or c["ratio"] < 4.5}
        assert not low, f"text below WCAG AA contrast (4.5:1) in JupyterLab Dark: {low}"
    finally:
        _theme(page, "JupyterLab Light")
    assert page.locator("body").get_attribute("data-jp-theme-light") == "true"


def test_accessibility_audit_in_light_and_dark(ui):
    """axe-core over the widget in JupyterLab itself (its fonts, its theme's colours, its
    page around the widget) finds nothing in Light or Dark, with a refusal on the table;
    Tab shows the focus on every control there."""
    page, root = ui
    state(page, EXACT + 'w.play("buy 1 with florin 2+3")\nw.play("take dinar 2")')
    expect_moves(root, 2)
    root.locator('[data-act="pending-tile"][data-id="4"]').click()
    spot(root, 0, 1, "alh-cell-no").click()
    expect(root.locator(".alh-message")).to_have_attribute("data-rule", "P3")
    try:
        assert audit(page, ".jp-Notebook .alh-root") == [], "JupyterLab Light"
        _theme(page, "JupyterLab Dark")
        assert audit(page, ".jp-Notebook .alh-root") == [], "JupyterLab Dark"
        # and with JupyterLab's own styles around it, every control shows the keyboard focus
        walked = focus_walk(page, ".jp-Notebook .alh-root")
        assert len(walked) >= 12 and [w for w in walked if not w[2]] == [], walked
    finally:
        if not _is_light(page):
            _theme(page, "JupyterLab Light")


# Text drawn in a theme colour or on a tinted background, beyond test_dark_theme's list
IN_PLAY = [".alh-turn", ".alh-tag-turn", ".alh-info", ".alh-label", ".alh-focus h3", "button.alh-primary"]
OVER_TEXT = [".alh-message", ".alh-rule", ".alh-final", ".alh-round-points", ".alh-tag-winner",
             ".alh-earlier-summary", ".alh-round th.alh-garden", ".alh-round th.alh-pavilion",
             ".alh-round th.alh-arcades", ".alh-round td", ".alh-legend", "button.alh-primary"]

# a three-player game played to the end, then an intent the kernel refuses (E4): an error message
OVER = """
import random
g3 = Game(["Ana", "Ben", "Chi"], seed=4)
rng = random.Random(4)
while not g3.is_over:
    g3.play(g3.random_action(rng))
w.game = g3
w._handle_custom_msg({"type": "action", "action": "end", "stamp": w.view["stamp"], "seat": None}, [])
"""


CONTRAST_ANY = CONTRAST  # (one reader for every colour syntax)


def _low_contrast(root, selectors) -> dict:
    contrast = root.evaluate(CONTRAST_ANY, selectors)
    return {sel: c for sel, c in contrast.items() if c is None or c["ratio"] < 4.5}


def _is_light(page) -> bool:
    return page.locator("body").get_attribute("data-jp-theme-light") == "true"


def test_messages_and_coloured_text_contrast_in_light_and_dark(ui):
    """Info and error messages, the actions left, chips, tags, the primary
    button and the scoring tables: >= 4.5:1 (WCAG AA) in JupyterLab Light and Dark."""
    page, root = ui
    assert _is_light(page)
    # in play, after an exact payment: another action; a money card chosen (Take is the primary button)
    state(page, EXACT + 'w.play("buy 1 with florin 2+3")')
    expect_moves(root, 1)
    money_card(root, "dinar 2").click()
    expect(root.locator("button.alh-primary")).to_have_attribute("data-act", "take")
    try:
        assert not _low_contrast(root, IN_PLAY), ("JupyterLab Light", _low_contrast(root, IN_PLAY))
        _theme(page, "JupyterLab Dark")
        assert not _low_contrast(root, IN_PLAY), ("JupyterLab Dark", _low_contrast(root, IN_PLAY))
        # the take: the kernel's info message
        root.locator('button[data-act="take"]').click()
        expect_moves(root, 2)
        expect(root.locator(".alh-message.alh-info-msg")).to_contain_text("took dinar 2")
        assert not _low_contrast(root, [".alh-message"]), ("JupyterLab Dark", _low_contrast(root, [".alh-message"]))
        _theme(page, "JupyterLab Light")
        assert not _low_contrast(root, [".alh-message"]), ("JupyterLab Light", _low_contrast(root, [".alh-message"]))
        # the game over: winners, scoring rounds, and an error message with its rule
        state(page, OVER)
        expect(root.locator(".alh-message.alh-error")).to_have_attribute("data-rule", "E4")
        assert not _low_contrast(root, OVER_TEXT), ("JupyterLab Light", _low_contrast(root, OVER_TEXT))
        snap(root, "lab-light-over.png")
        _theme(page, "JupyterLab Dark")
        assert not _low_contrast(root, OVER_TEXT), ("JupyterLab Dark", _low_contrast(root, OVER_TEXT))
        snap(root, "lab-dark-over.png")
    finally:
        if not _is_light(page):
            _theme(page, "JupyterLab Light")
    assert _is_light(page)
    # the game over: New game deals a new one for the same players, in the kernel
    root.get_by_role("button", name="New game", exact=True).click()
    expect(root.locator(".alh-status-text")).to_have_text(re.compile(r"^Turn 1 — (Ana|Ben|Chi) to act$"))
    now = state(page)
    assert now["moves"] == 0 and now["phase"] == "action" and len(now["hands"]) == 3 and now["message"] == {}
