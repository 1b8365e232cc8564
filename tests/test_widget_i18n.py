"""The widget in five languages: the ``lang`` trait, the language switch's
intent, the ``strings`` the front end draws with, and the texts Python makes
(status, refusals, engine refusals raised through ``w.play``) in the widget's
language. Also: every key the front end's sources use exists in the English
catalogue."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_widget import ROOT, intent, send  # noqa: E402  (builds the bundle first)

import traitlets  # noqa: E402

from alhambra_widget import AlhambraWidget, Game, IllegalMove  # noqa: E402
from alhambra_widget.i18n import LANGUAGES, catalogue, t, use_language  # noqa: E402
from alhambra_widget.i18n.moves import describe_move  # noqa: E402
from alhambra_widget.i18n.strings import front_end_strings  # noqa: E402
from alhambra_widget.view import status_text, view  # noqa: E402

JS = ROOT / "js"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture
def w():
    return AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7)


# ------------------------------------------------------- the front end's keys
def js_sources():
    return [p for p in JS.rglob("*.js") if not p.name.endswith(".test.js") and "fixtures" not in p.parts]


KEY = r"([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)"
CALL = re.compile(r"""\b(t|tn)\(\s*["']""" + KEY + """["']""")
# a key chosen by a condition: t(cond ? "ui.a" : "ui.b")
CHOICE = re.compile(r"""\b(t|tn)\(\s*[^"'()]*\?\s*["']""" + KEY + r"""["']\s*:\s*["']""" + KEY + """["']""")


def js_keys() -> set:
    keys = set()
    for path in js_sources():
        src = path.read_text(encoding="utf-8")
        for fn, key in CALL.findall(src):
            keys.add((fn, key))
        for fn, a, b in CHOICE.findall(src):
            keys.update({(fn, a), (fn, b)})
    return keys


def test_every_key_the_front_end_uses_is_in_the_english_catalogue():
    en = catalogue("en")
    keys = js_keys()
    assert len(keys) > 150, "the scan finds the front end's texts"
    missing = []
    for fn, key in sorted(keys):
        need = [f"{key}_one", f"{key}_other"] if fn == "tn" else [key]
        missing += [k for k in need if k not in en]
    assert missing == []
    # any "ui.*" literal (keys chosen by nested conditions too): a key, or a counted key
    for path in js_sources():
        for key in re.findall(r"""["'`](ui\.[A-Za-z0-9_.]+)["'`]""", path.read_text(encoding="utf-8")):
            assert key in en or (f"{key}_one" in en and f"{key}_other" in en), (path.name, key)


def test_every_language_has_the_front_ends_keys_and_sends_them():
    keys = {k for fn, key in js_keys() for k in ([f"{key}_one", f"{key}_other"] if fn == "tn" else [key])}
    for lang in LANGUAGES:
        s = front_end_strings(lang)
        assert keys <= set(s), (lang, sorted(keys - set(s))[:10])
        assert {f"language.{c}" for c in LANGUAGES} <= set(s)
        assert s["language." + lang] == LANGUAGES[lang]
        assert s["building.tower"] == t("building.tower", lang)
        assert any(k.startswith("rule.") for k in s) or lang != "en"


def test_no_hard_coded_english_is_left_in_the_views():
    """Markup text between tags and aria-label/title values come from t()."""
    words = re.compile(r""">([A-Z][a-z]+(?: [a-z]+){1,})<|aria-label="([A-Za-z][a-z]+ [a-z ]+)"|title="([A-Za-z][a-z]+ [a-z ]+)\"""")
    found = []
    for path in js_sources():
        for m in words.finditer(path.read_text(encoding="utf-8")):
            found.append((path.name, m.group(0)))
    assert found == []


# ------------------------------------------------------------- lang and strings
def test_lang_trait_and_strings(w):
    assert w.lang == "en" and w.strings["ui.btn.take"] == "Take"
    fi = AlhambraWidget(players=["Ana", "Ben"], seed=1, lang="fi")
    assert fi.lang == "fi" and fi.strings["ui.btn.take"] == t("ui.btn.take", "fi") != "Take"
    assert fi.view["status"] == status_text(fi.game, "fi")
    assert fi.strings["building.tower"] == "Torni"
    with pytest.raises(traitlets.TraitError, match="choose one of"):
        AlhambraWidget(players=2, seed=1, lang="xx")
    with pytest.raises(traitlets.TraitError):
        w.lang = "english"
    assert w.lang == "en"
    # without lang=, the current language (set_language / use_language): English unless chosen
    with use_language("nl"):
        nl = AlhambraWidget(players=["Ana", "Ben"], seed=1)
        lesson = AlhambraWidget.tutorial()
    assert nl.lang == "nl" and nl.strings["building.tower"] == t("building.tower", "nl")
    assert lesson.lang == "nl" and lesson.tutor.lang == "nl"
    assert AlhambraWidget(players=2, seed=1).lang == "en" == AlhambraWidget.tutorial().tutor.lang
    # a language tag or a locale names its language: the trait holds the code
    de = AlhambraWidget(players=["Ana", "Ben"], seed=1, lang="de-AT")
    assert de.lang == "de" and de.strings["building.tower"] == "Turm"
    de.lang = "ja_JP.UTF-8"
    assert de.lang == "ja" and de.strings == front_end_strings("ja")
    # sent apart from the game state, and only when the language changes: one message of at most
    # 36 KiB, the table's own texts only (Japanese, three bytes a character in UTF-8, is the
    # largest: some 32 KB; the tutorial's and explain()'s texts, never sent, are three times that)
    for lang in LANGUAGES:
        assert len(json.dumps(front_end_strings(lang), ensure_ascii=False).encode()) < 36 * 1024, lang


def test_changing_lang_from_python_redraws_in_the_new_language(w):
    intent(w, "buy 2 with florin 9")              # a refusal, in English
    assert w.message["kind"] == "error"
    before = w.view["stamp"]
    w.lang = "de"
    assert w.strings["ui.btn.undo"] == "Rückgängig" and w.strings["building.tower"] == "Turm"
    assert w.view["status"] == status_text(w.game, "de") and w.view["status"].startswith("Zug 1")
    assert w.view["stamp"] != before              # a new picture (a click on the old one means the same move)
    assert w.message == {}                        # no message left in the old language
    w.lang = "ja"
    assert "手番" in w.view["status"] and w.strings["building.tower"] == "塔"


def test_the_view_of_every_language_is_small(w):
    g = Game(6, seed=3)
    import random
    rng = random.Random(1)
    while not g.is_over:
        g.play(g.random_action(rng))
    for lang in LANGUAGES:
        v = view(g, lang=lang)
        assert len(json.dumps(v).encode()) <= 30 * 1024, lang
        assert len(v["rounds"]) == 3 and all(r["narration"] for r in v["rounds"])


# --------------------------------------------------------- the language switch
def test_the_language_switch_intent(w):
    send(w, type="language", lang="fi", seat=None)
    assert w.lang == "fi" and w.strings["ui.btn.take"] == t("ui.btn.take", "fi")
    assert w.message == {}
    send(w, type="language", lang="ja")           # seat is optional
    assert w.lang == "ja"
    # allowed while watching the replay; it does not touch the game
    w.play(w.game.legal_actions()[0])
    state = w.game.to_json()
    send(w, type="replay", index=0, seat=None)
    send(w, type="language", lang="nl", seat=None)
    assert w.lang == "nl" and w.replay_index == 0 and w.game.to_json() == state


@pytest.mark.parametrize("msg", [
    {"type": "language", "lang": "xx", "seat": None},
    {"type": "language", "lang": "EN", "seat": None},
    {"type": "language", "lang": 5, "seat": None},
    {"type": "language", "lang": None, "seat": None},
    {"type": "language", "lang": ["fi"], "seat": None},
    {"type": "language", "lang": "fi" * 500, "seat": None},
    {"type": "language", "seat": None},
    {"type": "language", "lang": "fi", "seat": None, "strings": {"ui.btn.take": "pwned"}},
    {"type": "language", "lang": "fi", "seat": 2},
    {"type": "language", "lang": "fi", "seat": None, "stamp": -5},
], ids=lambda m: repr(m)[:60])
def test_a_forged_language_intent_is_refused_and_changes_nothing(msg):
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7)
    before = (w.lang, json.dumps(w.strings), json.dumps(w.view))
    w._handle_custom_msg(msg, [])                 # must not raise
    assert (w.lang, json.dumps(w.strings), json.dumps(w.view)) == before
    assert w.message["kind"] == "error" and len(w.message["text"]) < 600


def test_the_front_end_cannot_write_lang_or_strings(w):
    sent = []
    w.send_state = lambda key=None: sent.append(key)
    w.set_state({"lang": "de", "strings": {"ui.btn.take": "x"}})
    assert w.lang == "en" and w.strings["ui.btn.take"] == "Take"
    assert sent and set(sent[0]) == {"lang", "strings"}


# ------------------------------------------------- messages in the widget's language
def test_refusals_are_in_the_widgets_language():
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7, lang="fi")
    intent(w, str(w.game.legal_actions()[0]), stamp=w.view["stamp"] - 1)
    assert w.message["text"] == t("ui.refuse.stale", "fi")
    send(w, type="language", lang="xx", seat=None)
    assert w.message["text"] == t("ui.refuse.language", "fi", value="'xx'", languages=", ".join(LANGUAGES))
    send(w, type="undo", seat=None)
    assert w.message["text"] == t("ui.refuse.no_undo", "fi")
    w.lang = "ja"
    w._handle_custom_msg({"type": "nonsense"}, [])
    assert w.message["text"] == t("ui.refuse.unknown_type", "ja", value="'nonsense'")


def test_an_accepted_move_is_noted_in_the_widgets_language():
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7, lang="de")
    a = w.game.legal_actions()[0]
    name = w.game.players[w.game.current].name
    intent(w, str(a))
    said = describe_move(w.game.moves[-1], w.game, "de")
    assert w.message == {**w.message, "kind": "info", "text": said}
    assert said.startswith(f"{name} nahm ") and str(a) not in said    # in words, not the notation


def _engine_refusal(game, action, lang):
    with use_language(lang):
        try:
            game.copy().play(action)
        except IllegalMove as e:
            return e
    raise AssertionError("the move was legal")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_engine_refusals_come_in_the_widgets_language(lang):
    """IllegalMove from the engine, shown in the widget and raised by w.play,
    is made in the widget's language (whatever the caller's language is)."""
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7, lang=lang)
    bad = "buy 2 with florin 9"
    expected = _engine_refusal(w.game, bad, lang)
    intent(w, bad)
    assert w.message["rule"] == expected.rule == "T2"
    assert w.message["text"] == expected.message
    with use_language("en"), pytest.raises(IllegalMove) as info:
        w.play(bad)
    assert info.value.message == expected.message


TOWER = {"en": "Tower 7 (walls N E W)", "de": "Turm 7 (Mauern N O W)", "fi": "Torni 7 (muurit P I L)",
         "ja": "塔7（城壁 北 東 西）", "nl": "Toren 7 (muren N O W)"}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_refusal_at_the_table_names_a_tile_as_the_table_shows_it(lang):
    """On the message line a tile is named by its building, price and walls, as the board
    draws it -- not by the id a script uses (``#44``); w.play's error keeps the id."""
    g = Game.from_position(["Ana", "Ben"], seed=1, hands=[["florin 9", "florin 7"], ["dinar 2"]],
                           market=[44, 2, 3, 4], dirk=[50, 51])
    g.play("buy 1 with florin 9")   # overpaid: the tower waits to be placed
    w = AlhambraWidget(g, lang=lang)
    before = w.game.to_json()
    intent(w, "place 44 at -1,0")   # its east wall against the fountain's open west side
    text = w.message["text"]
    assert w.message["rule"] == "P3" and TOWER[lang] in text and "44" not in text, text
    assert w.game.to_json() == before
    with pytest.raises(IllegalMove) as info:
        w.play("place 44 at -1,0")
    assert "#44" in info.value.message and "#44" in str(info.value)


# ------------------------------------------------- the picture without JavaScript
@pytest.mark.parametrize("lang", OTHERS)
def test_the_svg_fallback_is_in_the_widgets_language(lang):
    """Where no JavaScript runs (exported HTML, GitHub) the widget shows an SVG
    picture of the table: its texts are in the widget's language too."""
    from alhambra_widget.render import game_svg

    w = AlhambraWidget(players=["Ana", "Ben"], seed=3, lang=lang)
    bundle, _ = w._repr_mimebundle_()
    svg = bundle["image/svg+xml"]
    with use_language(lang):
        assert svg == game_svg(w.game)
    cat = catalogue(lang)
    for key in ("ui.market.building", "ui.market.money", "ui.reserve", "ui.hand.label"):
        assert f">{cat[key]}<" in svg, key
    assert status_text(w.game, lang) in svg
    assert cat["ui.market.building"] not in game_svg(w.game)      # English outside the widget's language


def test_unnamed_seats_are_named_in_the_readers_language():
    """``Game(3)`` names its seats "Player 1".. (the engine's data); every text
    and the view show them in the reader's language; a given name stays as it is."""
    g = Game(3, seed=7)
    assert g.names == ["Player 1", "Player 2", "Player 3"]
    g.play("buy 1 with florin 9")
    with pytest.raises(IllegalMove) as refused:
        g.play("take dirham 8")   # the tile bought comes first (T4)
    for lang in LANGUAGES:
        name = t("explain.player_default", lang, n=2)
        assert (name == "Player 2") == (lang == "en")
        v = view(g, lang=lang)
        assert [p["name"] for p in v["players"]] == [t("explain.player_default", lang, n=i) for i in (1, 2, 3)]
        assert v["log"][-1]["name"] == name   # (the front end tells the moves with these names)
        assert name in v["status"]
        assert name in refused.value.localized(lang)
        assert name in describe_move(g.moves[-1], g, lang)
        if lang != "en":
            assert "Player" not in v["status"] + refused.value.localized(lang)
    assert g.names == ["Player 1", "Player 2", "Player 3"]   # the game's own names are unchanged
    named = Game(["Player 2", "Ana", "Ben"], seed=7)   # a default-looking name is shown the same way
    v = view(named, lang="de")
    assert [p["name"] for p in v["players"]] == ["Spieler 2", "Ana", "Ben"]
    assert "Ana" in status_text(Game(["Ben", "Ana"], seed=1, start_player=1), lang="de")
