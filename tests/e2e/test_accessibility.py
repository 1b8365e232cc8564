"""An accessibility audit of the table: axe-core (the rules engine behind the
browsers' own accessibility audits; an npm package installed with the front
end, never fetched at run time) checks the real bundle in Debian's Chromium
against the WCAG 2.1 A and AA rules and axe's best practices -- names, roles,
contrast, keyboard access -- in every phase of a game, at 2, 4 and 6 players,
in a lesson, with a selection made, with a scoring round shown over the table,
in the light and the dark theme and in all five languages.

One rule is checked differently for the drawn controls. axe's "label in name"
(WCAG 2.5.3) reads an SVG control's visible words by joining its <text> and
<title> elements without spaces ("6" and "florin" read as "6florin"), which is
not what a person sees. For SVG controls the same criterion is checked here
word by word: every word drawn on a control is in its accessible name. HTML
controls keep axe's own check.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.bots import Greedy
from alhambra_widget.i18n import LANGUAGES

from .test_widget_page import carry_out, chromium, open_widget, played, show  # noqa: F401  (the fixture and the page)

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = pytest.mark.slow

#: axe over the widget's root; each violation with its nodes, and whether a node is drawn (SVG)
RUN_AXE = """async (root) => {
  const r = await axe.run(root, {resultTypes: ["violations"], elementRef: true});
  return r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), svg: n.element instanceof SVGElement, html: n.html.slice(0, 200)})),
  }));
}"""

#: WCAG 2.5.3 for the drawn controls: the words drawn on each (its <text>s, not
#: its <title> tooltip) that its accessible name lacks. A word counts as there when
#: it is a word of the name, or, in a name written without spaces (Japanese), part of it.
SVG_WORDS_MISSING = r"""(root) => {
  const split = (s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  const out = [];
  for (const el of root.querySelectorAll('svg [role="button"]')) {
    const name = (el.getAttribute("aria-label") || "").toLowerCase();
    const words = new Set(split(name));
    const drawn = [...el.querySelectorAll("text")].flatMap((x) => split(x.textContent));
    const missing = drawn.filter((w) => (cjk.test(name) ? !name.includes(w) : !words.has(w)));
    if (missing.length) out.push({name, missing});
  }
  return out;
}"""


def audit(page, root="#out") -> list:
    """Everything axe-core finds wrong in the widget on ``page`` (but axe's label-in-name
    verdict on drawn controls), and every drawn control whose name lacks a word it shows.
    ``root``: the widget's element, a Playwright locator or a CSS selector (the first match;
    a locator reaches into a shadow root, as marimo's)."""
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run npm install (it is in package.json)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    if isinstance(root, str):
        root = page.locator(root).first
    problems = []
    for v in root.evaluate(RUN_AXE):
        nodes = [n for n in v["nodes"] if not (v["id"] == "label-content-name-mismatch" and n["svg"])]
        if nodes:
            problems.append((v["id"], v["impact"], v["help"], [n["html"] for n in nodes[:3]]))
    for m in root.evaluate(SVG_WORDS_MISSING):
        problems.append(("label-in-name (drawn control)", "serious", m["name"], m["missing"]))
    return problems


#: the element with the keyboard focus: whether it is in the widget, what it is, and whether
#: it shows where the focus is (WCAG 2.4.7): an outline (the browser's own ring counts, as on
#: the slider), or for a drawn control its outline or its frame in the focus colour
#: (JS) whether the computed style ``cs`` draws a focus ring
RING = 'cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 1'

FOCUSED = """(root) => {
  const el = document.activeElement;
  const inside = !!el && root.contains(el) && el !== root;
  const cs = inside ? getComputedStyle(el) : null;
  const ring = !!cs && """ + RING + """;
  return {inside, what: inside ? (el.dataset.act || el.tagName.toLowerCase()) : null,
          name: inside ? (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40) : null, ring};
}"""


#: a picture of controls (the board, a row of cards) is one tab stop, the arrow keys move inside it:
#: where Tab lands in one, each of its usable controls in turn (focused from the page's script
#: after the Tab, so the browser shows the focus as for the keyboard), then the focus back
PICTURE = """(root) => {
  const el = document.activeElement;
  const pic = el && el.closest && el.matches('[role="button"][data-act]') ? el.closest('svg') : null;
  if (!pic || !root.contains(pic)) return [];
  const out = [];
  for (const c of pic.querySelectorAll('[role="button"][data-act]:not([aria-disabled="true"])')) {
    if (c === el) continue;
    c.focus();
    const cs = getComputedStyle(c);
    out.push([c.dataset.act, (c.getAttribute("aria-label") || "").trim().slice(0, 40), """ + RING + """]);
  }
  el.focus();
  return out;
}"""


def focus_walk(page, root="#out", most: int = 80, stops: list | None = None) -> list:
    """Tab through the widget, from just before it to its last control: each control the
    focus reaches, once, as (what, name, shows the focus) -- in a picture of controls, where
    Tab stops once, each of them (see PICTURE). ``stops``, if given, gets the controls Tab
    itself stopped at."""
    if isinstance(root, str):
        root = page.locator(root).first
    root.evaluate("r => { const b = document.createElement('button'); b.textContent = 'before';"
                  " b.className = 'alh-walk-start'; r.parentElement.insertBefore(b, r); b.focus(); }")
    walked, seen = [], set()
    try:
        for _ in range(most):
            page.keyboard.press("Tab")
            f = root.evaluate(FOCUSED)
            if not f["inside"]:
                break
            if stops is not None:
                stops.append((f["what"], f["name"]))
            if (f["what"], f["name"]) not in seen:
                seen.add((f["what"], f["name"]))
                walked.append((f["what"], f["name"], f["ring"]))
                for what, name, ring in root.evaluate(PICTURE):
                    if (what, name) not in seen:
                        seen.add((what, name))
                        walked.append((what, name, ring))
    finally:
        root.evaluate("r => r.parentElement.querySelector(':scope > .alh-walk-start')?.remove()")
    return walked


def test_the_scoring_round_over_the_table_is_a_dialog_a_keyboard_can_use(chromium):  # noqa: F811
    """The panel covers the table: opened by keyboard, it takes the focus to its button; Tab
    stays in it (nothing hidden under it gets the focus); Escape closes it and gives the focus
    back to the control that opened it."""
    page = show(chromium, AlhambraWidget(GAMES["3 players, over"]()), viewport={"width": 1100, "height": 900})
    opener = page.get_by_role("button", name="Show on the table")
    dialog = open_by_keyboard(page, opener, page.get_by_role("dialog"), "Continue")
    close_by_escape(page, dialog, opener)


def open_by_keyboard(page, opener, dialog, close: str):
    """Enter on ``opener`` shows ``dialog``, a modal one: the focus on its button ``close``,
    and Tab and Shift+Tab keep it inside."""
    opener.focus()
    page.keyboard.press("Enter")
    dialog.wait_for()
    assert dialog.get_attribute("aria-modal") == "true"
    assert dialog.get_by_role("button", name=close).evaluate("e => e === document.activeElement")
    for key in ("Tab", "Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert dialog.evaluate("e => e.contains(document.activeElement)"), key
    return dialog


def close_by_escape(page, dialog, opener):
    """Escape closes ``dialog`` and gives the focus back to ``opener``."""
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert opener.evaluate("e => e === document.activeElement")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_player_looked_at_is_a_dialog_a_keyboard_can_use(chromium, theme, artifacts):  # noqa: F811
    """A player's name in the column of players opens their Alhambra big with their numbers
    in words: by keyboard, the focus goes to its button, Tab stays in it, Escape closes it and
    the focus is back on the name; axe finds nothing in it, in either theme; a click on a
    player's picture opens it too."""
    g = Game(["Ana", "Ben", "Chi", "Dan"], seed=3)
    bot = Greedy(seed=3)
    while len(g.moves) < 150 and not g.is_over:   # (a game played with sense: Alhambras worth looking at)
        g.play(bot.choose(g))
    w = AlhambraWidget(g)
    page = show(chromium, w, viewport={"width": 1100, "height": 900}, color_scheme=theme)
    name = w.game.names[2]
    opener = page.get_by_role("button", name=f"{name}: see the Alhambra big")
    looked = page.get_by_role("dialog", name=f"{name}: {w.game.players[2].score} points")
    dialog = open_by_keyboard(page, opener, looked, "Close")
    rows = dialog.get_by_role("row")
    assert rows.count() == 1 + 6 + 2      # the heading, a building each, the wall, the round
    assert audit(page) == []
    if theme == "light":   # the documentation's picture (scripts/readme_pictures.py)
        dialog.locator(".alh-pop-card").screenshot(path=str(artifacts / "look-dialog.png"))
    close_by_escape(page, dialog, opener)
    page.locator('.alh-player[data-player="1"] .alh-panel-picture').click()
    page.get_by_role("dialog", name=f"{w.game.names[1]}: ").wait_for()


def in_phase(n: int, seed: int, phase: str, after: int) -> Game:
    """A random game of ``n`` players at its first position in ``phase`` after ``after`` moves."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over and (k < after or g.phase != phase):
        g.play(g.random_action(rng))
        k += 1
    assert g.phase == phase, (n, seed, phase)
    return g


GAMES = {
    "2 players, to act": lambda: played(2, 3, 30),
    "4 players, to act": lambda: played(4, 3, 40),
    "6 players, placing": lambda: in_phase(6, 2, "place", 60),
    "3 players, over": lambda: played(3, 4, None),
}


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", [*GAMES, "lesson 3"])
def test_no_accessibility_problems_in_any_phase_or_theme(chromium, name, theme):  # noqa: F811
    """Every phase of a game, and a lesson, in both themes: nothing for axe to report."""
    w = AlhambraWidget.tutorial(lesson=2) if name == "lesson 3" else AlhambraWidget(GAMES[name]())
    page = show(chromium, w, viewport={"width": 1100, "height": 900}, color_scheme=theme)
    assert audit(page) == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_accessibility_problems_in_any_language(chromium, lang):  # noqa: F811
    """The translated table (names and labels from other catalogues, longer and CJK words)."""
    for w in (AlhambraWidget(GAMES["4 players, to act"](), lang=lang), AlhambraWidget.tutorial(lesson=2, lang=lang)):
        page = show(chromium, w, viewport={"width": 1100, "height": 900})
        assert audit(page) == [], w.lang


def test_no_accessibility_problems_with_a_selection_or_a_round_over_the_table(chromium):  # noqa: F811
    """What the first looks miss: the table with things chosen (a money card; a tile
    to place, its spots drawn as controls), the next scoring round unfolded, and a
    scoring round shown over the table."""
    page = show(chromium, AlhambraWidget(GAMES["4 players, to act"]()), viewport={"width": 1100, "height": 900})
    page.get_by_role("button", name="face-up card").first.click()
    page.locator('[data-act="money"][aria-pressed="true"]').wait_for()
    page.locator(".alh-preview-summary").click()   # and the next scoring round as it stands, unfolded
    page.locator("table.alh-preview-table").wait_for()
    assert audit(page) == []

    page = show(chromium, AlhambraWidget(GAMES["6 players, placing"]()), viewport={"width": 1100, "height": 900})
    page.get_by_role("button", name="tile to place").first.click()
    page.locator('.alh-focus [data-act="spot"]').first.wait_for()
    assert audit(page) == []

    page = show(chromium, AlhambraWidget(GAMES["3 players, over"]()), viewport={"width": 1100, "height": 900})
    page.get_by_role("button", name="Show on the table").click()
    page.get_by_role("dialog").wait_for()
    assert audit(page) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_accessibility_problems_in_the_players_of_the_next_game(chromium, theme):  # noqa: F811
    """The fold under New game, unfolded, a bot kept at one seat: its selects are
    labelled, its texts read, and each shows the keyboard focus."""
    w = AlhambraWidget(GAMES["3 players, over"](), bots={1: Greedy(seed=1)}, autoplay=False)
    page = show(chromium, w, viewport={"width": 1100, "height": 900}, color_scheme=theme)
    page.locator("details.alh-lineup summary").click()
    page.get_by_role("combobox", name="Seat 3", exact=True).wait_for()
    assert audit(page) == []
    walked = focus_walk(page)
    assert {"lineup-n", "lineup-seat"} <= {w[0] for w in walked}, walked
    assert [w for w in walked if not w[2]] == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_accessibility_problems_in_the_games_played_at_this_table(chromium, theme):  # noqa: F811
    """The end of the third game played one after the other: the table of the games at this table
    (a row of the players, a row of their wins) is named by its caption, and axe finds nothing."""
    w = AlhambraWidget(GAMES["3 players, over"](), autoplay=False)
    for seed in (11, 12):
        w.new_game(seed=seed)
        rng = random.Random(seed)
        while not w.game.is_over:
            w.game.play(w.game.random_action(rng))
    page = show(chromium, w, viewport={"width": 1100, "height": 900}, color_scheme=theme)
    table = page.get_by_role("table", name="At this table: 3 games")
    table.wait_for()
    assert table.get_by_role("columnheader").count() == 3
    assert audit(page) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_accessibility_problems_in_a_reviewed_game(chromium, theme):  # noqa: F811
    """A review running (its progress, Stop); after it, the marks along the
    slider, the graph behind it, the table of the review under it; and the
    replay at a marked move, its sentence and marks beside the board."""
    w = AlhambraWidget(GAMES["3 players, over"]())
    page = show(chromium, w, viewport={"width": 1100, "height": 900}, color_scheme=theme)
    # while it runs: its progress on the button, and Stop beside it
    page.evaluate("s => window.pushState(s)", {"graded": {"running": True, "done": 3, "total": 120}})
    page.get_by_role("button", name="Stop", exact=True).wait_for()
    assert audit(page) == []
    w.review(seconds_per_move=0.01, wait=True)
    page.evaluate("s => window.pushState(s)", {"view": w.view, "graded": w.graded})
    page.get_by_role("table", name="Review of the game").wait_for()
    assert audit(page) == []
    # the marks along the slider are one tab stop (the arrow keys move along them), not one each
    marks = page.get_by_role("group", name=w.strings["ui.review.marks"]).get_by_role("button")
    assert marks.count() >= 5
    stops = []
    focus_walk(page, stops=stops)
    titles = {m["title"][:40].strip() for m in w.graded["moves"].values()}
    assert sum(1 for _, name in stops if name in titles) == 1, stops
    index = int(next(iter(w.graded["moves"])))
    w.replay_index = index - 1
    page.evaluate("s => window.pushState(s)", {"view": w.view})
    page.locator(".alh-selection.alh-reviewed").wait_for()
    assert audit(page) == []


def test_the_audit_finds_what_it_should(chromium):  # noqa: F811
    """The audit is not blind: a control named apart from its words, a drawn control
    without its drawn word in its name, a scrolling log no keyboard reaches, and a button
    that hides the focus are found."""
    page = show(chromium, AlhambraWidget(GAMES["4 players, to act"]()), viewport={"width": 1100, "height": 900})
    page.evaluate("""() => {
        document.querySelector('button[data-act="end"]').setAttribute("aria-label", "Finish");
        const card = document.querySelector('#out svg [data-act="money"]');
        card.setAttribute("aria-label", "a card");
        const log = document.querySelector(".alh-log");
        log.removeAttribute("tabindex");
        log.style.maxHeight = "60px";
        document.querySelector('button[data-act="hint"]').style.outline = "none";
    }""")
    found = {p[0] for p in audit(page)}
    assert {"label-content-name-mismatch", "label-in-name (drawn control)", "scrollable-region-focusable"} <= found
    assert [w[0] for w in focus_walk(page) if not w[2]] == ["hint"]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_control_shows_the_keyboard_focus(chromium, theme):  # noqa: F811
    """Tab walks every control of the table, in play and with a tile to place (its spots
    drawn as controls), and each one shows where the focus is (WCAG 2.4.7)."""
    for g in (GAMES["4 players, to act"](), GAMES["6 players, placing"]()):
        page = show(chromium, AlhambraWidget(g), viewport={"width": 1100, "height": 900}, color_scheme=theme)
        if g.phase == "place":
            page.get_by_role("button", name="tile to place").first.click()
            page.locator('.alh-focus [data-act="spot"]').first.wait_for()
        stops = []
        walked = focus_walk(page, stops=stops)
        assert len(walked) >= 12, walked   # the table's controls, not a few
        assert [w for w in walked if not w[2]] == []
        # Tab stops once on the board, and once in each row of cards (the arrow keys go on inside)
        cells = [s for s in stops if s[0] in ("spot", "placed")]
        assert len(cells) == 1, stops
        assert len([s for s in stops if s[0] == "money"]) == (1 if g.phase == "action" else 0), stops
        assert len([w for w in walked if w[0] in ("spot", "placed")]) > 1, walked


def test_the_move_log_scrolls_by_keyboard(chromium):  # noqa: F811
    """The last moves scroll in a column of their own: Tab reaches the log, and the
    keys that scroll a page scroll it (JupyterLab's shortcuts do not take them)."""
    page = show(chromium, AlhambraWidget(played(4, 3, 120)), viewport={"width": 1100, "height": 900})
    log = page.get_by_role("region", name="last moves")
    assert log.evaluate("e => e.scrollHeight > e.clientHeight + 20")   # (it has more than it shows)
    log.focus()
    assert log.evaluate("e => e === document.activeElement")
    page.keyboard.press("PageDown")
    page.wait_for_function("() => document.querySelector('.alh-log').scrollTop > 0")
    page.keyboard.press("End")
    page.wait_for_function("() => { const e = document.querySelector('.alh-log'); return e.scrollTop + e.clientHeight >= e.scrollHeight - 2; }")


def test_every_move_and_turn_is_read_out_to_a_screen_reader(chromium):  # noqa: F811
    """Every move is told, then whose turn it is, by the table's voice, a hidden live region: one
    paragraph per update, so that a screen reader reads them in this order. A move made at the table
    is told in the words of its message, which the message line shows without reading it again (it
    reads refusals); a move made from Python (a cell), which brings no message, in the words of the
    log. Nothing is said twice, nor on the first draw."""
    w = AlhambraWidget(players=["Ana", "Ben"], seed=5)
    g = w.game
    page = open_widget(chromium, w)
    voice = page.get_by_role("log", name="what happens at the table")
    said = voice.locator("p")
    assert voice.count() == 1 and said.count() == 0
    newest = page.locator(".alh-log-list li").first
    line = page.locator(".alh-hold > .alh-message")
    line.evaluate("e => { window.messageLine = e; }")

    carry_out(page, w, g.legal_actions("take")[0], keyboard=True)     # Ana, by keyboard
    page.wait_for_function("window.state.view.moves === 1")
    words = line.locator(".alh-message-text")
    assert line.get_attribute("role") == "status" and words.inner_text().startswith("Ana took ")
    assert line.get_attribute("aria-live") == "off"                    # (the voice reads it)
    assert line.evaluate("e => e === window.messageLine")              # the same region, kept in place
    assert words.inner_text() == newest.inner_text()
    said.first.wait_for()
    assert said.all_inner_texts() == [f"{newest.inner_text()} {w.view['status']}"]   # the move, then whose turn
    assert "Ben" in w.view["status"]

    w.play(g.legal_actions("take")[-1])                                  # Ben, from a cell
    page.push()
    page.wait_for_function("window.state.view.moves === 2")
    page.wait_for_function("document.querySelectorAll('.alh-said p').length === 2")
    assert said.all_inner_texts()[1] == f"{newest.inner_text()} {w.view['status']}"
    assert said.all_inner_texts()[1].startswith("Ben took ")

    assert w.undo() is not None                                          # an undo: what it took back, whose turn
    page.push()
    page.wait_for_function("document.querySelectorAll('.alh-said p').length === 3")
    assert w.message["text"].startswith("Taken back: Ben took ")
    assert said.all_inner_texts()[-1] == f"{w.message['text']} {w.view['status']}"

    w.new_game(seed=6)                                                   # another game: where it starts
    page.push()
    page.wait_for_function("document.querySelectorAll('.alh-said p').length === 4")
    assert said.all_inner_texts()[-1] == w.view["status"] and w.view["moves"] == 0
    assert not page.errors, page.errors
