"""The widget in five languages, in a real JupyterLab (Debian's Chromium driven
by Playwright).

examples/play.ipynb is opened and run; the language is switched with the
widget's own switch (a <select>) to Japanese, then Finnish (and German), and
every time the texts on screen change -- a button, a building name on a tile,
the status -- and the kernel's ``w.lang`` follows. In Japanese (and in the
long words of Finnish and German) no element of the widget sticks out of its
box. While a tile is being placed, pointing at a spot says in the widget's
language which rule forbids it. Screenshots go to test-artifacts/lab-lang-*.png.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from alhambra_widget.i18n import catalogue

from .conftest import ARTIFACTS, no_new_page_errors, play_page, run_code

pytestmark = pytest.mark.slow

CJK_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")

# A position where the player to act has bought a tile that may not go
# south of the fountain (P3): the same set-up as test_lab_widget's EXACT.
PLACING = '''
from alhambra_widget import Game
w.game = Game.from_position(["Ana", "Ben", "Chi"], seed=3,
                            hands=[["florin 2", "florin 3", "dirham 1"], ["dinar 4"], ["ducat 2"]],
                            market=[4, 9, 15, 24], money=["dinar 2", "ducat 4", "dirham 3", "florin 6"])
w.play("buy 1 with florin 2+3")
w.play("take dinar 2")
print(json.dumps({"phase": w.game.phase, "explain": w.view["explain"], "lang": w.lang}))
'''

# Elements of the widget that stick out of their box horizontally:
# * an HTML element whose content is wider than its box (scrollWidth), where
#   the box does not scroll or clip on purpose (a one-line text cut with an
#   ellipsis and its whole text in a tooltip; a label only for screen readers);
# * an element that reaches beyond the widget's root;
# * an SVG label (building name, currency, slot head) wider than the tile,
#   card or slot it is drawn on.
OVERFLOW = """(root) => {
  const out = [];
  const r = root.getBoundingClientRect();
  const scrolls = (el) => { for (let e = el.parentElement; e && e !== root; e = e.parentElement) {
    const o = getComputedStyle(e).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; } return false; };
  const name = (el) => el.tagName.toLowerCase() + (el.getAttribute('class') ? '.' + el.getAttribute('class').split(' ').join('.') : '') +
    ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') continue;
    const b = el.getBoundingClientRect();
    if (!b.width) continue;
    if (!scrolls(el) && (b.left < r.left - 1 || b.right > r.right + 1)) out.push('outside the widget: ' + name(el));
    const cut = cs.textOverflow === 'ellipsis' && (el.hasAttribute('title') || el.closest('[title]'));
    const unseen = (cs.position === 'absolute' && b.width <= 1 && b.height <= 1) || !!el.closest('.alh-sr');   // for screen readers only
    const clip = cs.overflowX === 'auto' || cs.overflowX === 'scroll' || cut || unseen;
    if (!clip && el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && cs.display !== 'inline')
      out.push(`content ${el.scrollWidth}px in a ${el.clientWidth}px box: ` + name(el));
  }
  for (const text of root.querySelectorAll('svg text')) {
    const g = text.parentElement;
    const box = g.querySelector(':scope > .alh-tile-face, :scope > .alh-card-face, :scope > .alh-slot-bg');
    if (!box) continue;
    const t = text.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (t.width && (t.left < b.left - 1 || t.right > b.right + 1)) out.push(`"${text.textContent}" is wider than its ${box.getAttribute('class')}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def lang_page(browser, lab, artifacts):
    """The play notebook, run, in a page of its own; the widget on screen."""
    with play_page(browser, lab, "play-languages.ipynb") as page:
        assert run_code(page, "import json\nprint(w.lang)", new_cell=True) == "en"
        yield page


@pytest.fixture
def ui(lang_page):
    with no_new_page_errors(lang_page) as ui:
        yield ui


def switch(page, root, lang: str):
    """Choose a language in the widget's switch (as a user does) and wait for the kernel's answer."""
    select = root.locator("select.alh-lang-select")
    expect(select).to_have_attribute("aria-label", catalogue_text(root_lang(root), "ui.lang.aria"))
    select.select_option(lang)
    expect(root).to_have_attribute("lang", lang, timeout=15_000)
    expect(select).to_have_value(lang)
    assert run_code(page, "print(w.lang)") == lang


def root_lang(root) -> str:
    return root.get_attribute("lang") or "en"


def catalogue_text(lang: str, key: str, **params) -> str:
    text = catalogue(lang)[key]
    return text.format(**params) if params else text


def building_names(root, lang: str) -> list:
    """The building named by each tile of the building market (the tile shows
    its building's mark; its name begins the tile's title, in the widget's
    language)."""
    cat = catalogue(lang)
    out = []
    for building, title in root.locator(".alh-market .alh-tile").evaluate_all(
            "els => els.map(g => [[...g.classList].find(c => c !== 'alh-tile' && c.startsWith('alh-')).slice(4),"
            " g.querySelector('title').textContent])"):
        name = cat[f"building.{building}"]
        # the name, then the price: after a space, or right after it in Japanese ("塔8")
        assert re.match(re.escape(name) + r"\s?\d", title), (lang, building, title)
        out.append(name)
    return out


def no_overflow(page, root, name: str):
    bad = root.evaluate(OVERFLOW)
    if bad:
        root.screenshot(path=str(ARTIFACTS / f"lab-lang-overflow-{name}.png"))
    assert bad == []


def no_overflow_narrow(page, root, lang: str):
    """In a 900-px notebook too, nothing sticks out (screenshot lab-lang-<lang>-narrow.png)."""
    page.set_viewport_size({"width": 900, "height": 2000})
    try:
        page.wait_for_timeout(300)
        no_overflow(page, root, f"{lang}-narrow")
        root.screenshot(path=str(ARTIFACTS / f"lab-lang-{lang}-narrow.png"))
    finally:
        page.set_viewport_size({"width": 1400, "height": 2000})


def test_cjk_fonts_are_installed():
    """Without a CJK font Chromium draws every Japanese character as a box
    (scripts/_setup.sh installs Debian's fonts-noto-cjk)."""
    fc = shutil.which("fc-list")
    found = subprocess.run([fc, ":lang=ja", "family"], capture_output=True, text=True).stdout if fc else ""
    assert CJK_FONT.exists() or "CJK JP" in found, "install the Debian package fonts-noto-cjk"


def test_the_overflow_check_finds_overflow(ui):
    """The check below does see a word that sticks out of its box, and a label wider than its card."""
    page, root = ui
    bad = root.evaluate("""(root) => {
      const b = document.createElement('button');
      b.className = 'alh-btn'; b.style.width = '40px'; b.style.whiteSpace = 'nowrap'; b.textContent = 'Verwaltungsgebäude';
      root.querySelector('.alh-buttons').appendChild(b);
      const text = root.querySelectorAll('.alh-money .alh-card text')[1];  // a card's currency name
      const old = text.textContent, fit = text.getAttribute('textLength');
      text.textContent = 'Holvikäytäväholvikäytävä';
      text.removeAttribute('textLength');
      const out = (""" + OVERFLOW + """)(root);
      b.remove(); text.textContent = old;
      if (fit) text.setAttribute('textLength', fit);
      return out;
    }""")
    assert any("Verwaltungsgebäude" in x for x in bad) and any("Holvikäytäväholvikäytävä" in x for x in bad), bad


def test_switch_to_japanese_then_finnish(ui):
    page, root = ui
    take = root.locator('button[data-act="take"]')
    expect(take).to_have_text("Take")
    en_names = building_names(root, "en")
    assert en_names
    status_en = root.locator(".alh-status-text").inner_text()

    # Japanese, with the widget's switch
    switch(page, root, "ja")
    ja = catalogue("ja")
    expect(take).to_have_text(ja["ui.btn.take"])
    expect(root.locator('button[data-act="undo"]')).to_contain_text(ja["ui.btn.undo"])
    ja_names = building_names(root, "ja")
    assert len(ja_names) == len(en_names) and ja_names != en_names
    expect(root.locator(".alh-status-text")).not_to_have_text(status_en)
    expect(root.locator(".alh-status-text")).to_contain_text("手番")
    expect(root.locator(".alh-log h3")).to_have_text(ja["ui.log.title"])
    assert "Noto Sans CJK JP" in root.evaluate("r => getComputedStyle(r).fontFamily")
    no_overflow(page, root, "ja")
    root.screenshot(path=str(ARTIFACTS / "lab-lang-ja.png"))

    # a narrower notebook: still nothing sticks out
    no_overflow_narrow(page, root, "ja")

    # Finnish
    switch(page, root, "fi")
    fi = catalogue("fi")
    expect(take).to_have_text(fi["ui.btn.take"])
    fi_names = building_names(root, "fi")
    assert fi_names != en_names and fi_names != ja_names
    expect(root.locator(".alh-status-text")).to_contain_text("vuorossa")
    no_overflow(page, root, "fi")
    root.screenshot(path=str(ARTIFACTS / "lab-lang-fi.png"))


def test_long_german_words_stay_in_their_boxes(ui):
    page, root = ui
    switch(page, root, "de")
    de = catalogue("de")
    expect(root.locator('button[data-act="take"]')).to_have_text(de["ui.btn.take"])
    no_overflow_narrow(page, root, "de")


def test_pointing_at_a_spot_says_which_rule_forbids_it_in_finnish(ui):
    page, root = ui
    switch(page, root, "fi")
    s = json.loads(run_code(page, PLACING))
    assert s["phase"] == "place" and s["lang"] == "fi" and "P3" in s["explain"]
    fi = catalogue("fi")
    expect(root.locator(".alh-status-text")).to_contain_text("aseta tällä vuorolla")
    root.locator('[data-act="pending-tile"][data-id="4"]').click()
    help_line = root.locator(".alh-focus .alh-board-help")
    expect(help_line).to_have_text(fi["ui.hover.point_at"])
    root.locator('.alh-focus rect.alh-cell-no[data-x="0"][data-y="1"]').hover()
    # the tile by its building and price, as on the table ("Paviljonki 5"), not by its number in the set (4)
    name = catalogue_text("fi", "ui.tile.short", building=fi["building.pavilion"], price=5)
    # the engine's words, which say where (its north wall against the fountain), as a click gives them
    words = catalogue_text("fi", "error.P3.wall_to_open", pos="(0, 1)", tile=name, side=fi["side.at.N"],
                           other=fi["ui.tile.fountain"])
    expect(help_line).to_have_text(catalogue_text("fi", "ui.hover.refused", rule="P3", words=words))
    # and the board marks the side it names (hidden from screen readers, which hear the words)
    mark = root.locator(".alh-focus path.alh-refusal-side")
    expect(mark).to_have_attribute("data-side", "N")
    expect(mark).to_have_attribute("aria-hidden", "true")
    # longer than the line's two lines of room: read whole, over the replay control below it
    expect(help_line).to_have_class(re.compile(r"\balh-help-over\b"))
    shown = help_line.evaluate("""(p) => {
      const box = p.getBoundingClientRect(), room = p.parentElement.getBoundingClientRect();
      const below = p.closest('.alh-play').querySelector('.alh-replay').getBoundingClientRect();
      return {cut: p.scrollHeight - p.clientHeight, lines: Math.round(box.height / parseFloat(getComputedStyle(p).lineHeight)),
              over: box.bottom > room.bottom && box.bottom > below.top && box.top < below.top};
    }""")
    assert shown["cut"] <= 1 and shown["lines"] > 2 and shown["over"], shown
    root.screenshot(path=str(ARTIFACTS / "lab-lang-fi-hover.png"))
    # a legal spot: a short line in its room
    spot = root.locator(".alh-focus rect.alh-spot").first
    x, y = spot.get_attribute("data-x"), spot.get_attribute("data-y")
    spot.hover()
    expect(help_line).to_have_text(catalogue_text("fi", "ui.hover.place_ok", x=x, y=y, tile=name))
    expect(mark).to_have_count(0)
    expect(help_line).not_to_have_class(re.compile(r"\balh-help-over\b"))
    # clicking the refused spot: the same words in the message line, and the rule's text at the spot
    root.locator('.alh-focus rect.alh-cell-no[data-x="0"][data-y="1"]').click()
    msg = root.locator(".alh-message")
    expect(msg).to_have_attribute("data-rule", "P3")
    expect(msg).to_contain_text(words)
    expect(root.locator(".alh-callout")).to_contain_text(s["explain"]["P3"])
    # a refusal made by the kernel (a forged language), in Finnish too
    run_code(page, 'w._handle_custom_msg({"type": "language", "lang": "xx"}, [])')
    expect(msg).to_contain_text(fi["ui.msg.refused"].split("{")[0].strip())
    expect(root.locator("select.alh-lang-select")).to_have_value("fi")
    # back to English for whoever comes next
    switch(page, root, "en")
    expect(root.locator('button[data-act="take"]')).to_be_disabled()   # placing: no taking (the button stays, off)
    expect(root.locator(".alh-status-text")).to_contain_text("place the tiles bought")
