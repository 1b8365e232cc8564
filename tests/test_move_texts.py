"""Moves told in words (alhambra_widget/i18n/moves.py): every kind of move in
every language, with building names, prices, cards and places from the
fountain, never a tile id; and js/fixtures/moves/cases.json, the cases the front
end's js/describe.test.js must put into exactly the same words.

Regenerate the fixture when the texts change on purpose::

    .venv/bin/python tests/test_move_texts.py
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alhambra_widget import Game  # noqa: E402
from alhambra_widget.i18n import LANGUAGES, t  # noqa: E402
from alhambra_widget.i18n.moves import cards_text, describe_entry, describe_move, place_text  # noqa: E402
from alhambra_widget.i18n.moves import log_entry  # noqa: E402

FIXTURE = ROOT / "js" / "fixtures" / "moves" / "cases.json"

#: what each case must show: a label -> a test of a move (and its events' kinds)
WANTED = {
    "take one": lambda m, k: m.action.verb == "take" and len(m.action.cards) == 1,
    "take several": lambda m, k: m.action.verb == "take" and len(m.action.cards) > 1,
    "buy exact": lambda m, k: m.action.verb == "buy" and "extra" in k,
    "buy over": lambda m, k: m.action.verb == "buy" and "extra" not in k,
    "remove": lambda m, k: m.action.verb == "remove",
    "build": lambda m, k: m.action.verb == "build",
    "swap": lambda m, k: m.action.verb == "swap",
    "place next to the fountain": lambda m, k: m.action.verb == "place" and abs(m.action.pos[0]) + abs(m.action.pos[1]) == 1,
    "place further away": lambda m, k: m.action.verb == "place" and m.action.pos[0] and m.action.pos[1],
    "reserve": lambda m, k: m.action.verb == "reserve",
    "dirk": lambda m, k: m.action.verb == "dirk",
    "end": lambda m, k: m.action.verb == "end",
    "refills": lambda m, k: "refill" in k and "money" in k,
    "shuffle": lambda m, k: "shuffle" in k,
    "scoring": lambda m, k: "score" in k and "dirk_draw" not in k and "over" not in k,
    "scoring with Dirk": lambda m, k: "score" in k and "dirk_draw" in k,
    "award": lambda m, k: "award" in k,
    "over": lambda m, k: "over" in k,
}


def _rounds(rounds) -> list:
    return [{"round": r["round"], "points": list(r["points"]), "dirk": r["dirk"]} for r in rounds]


def cases() -> list:
    """One logged move for each case of WANTED, from seeded random games (2
    and 3 players), with the players' names and the scoring rounds so far;
    and a pass (X4, rare in play) as its log entry."""
    found: dict = {}
    for n, seed in [(2, 7), (3, 7), (2, 11), (3, 5), (2, 3), (3, 9)]:
        g = Game(["Ana", "Ben", "Chi"][:n], seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(g.random_action(rng))
            m = g.moves[-1]
            kinds = {e.kind for e in m.events}
            for label, test in WANTED.items():
                if label not in found and m.player is not None and test(m, kinds):
                    found[label] = {"label": label, "entry": log_entry(m, g.names), "names": list(g.names),
                                    "rounds": _rounds(g.rounds)}
        if len(found) == len(WANTED):
            break
    missing = set(WANTED) - set(found)
    assert not missing, f"no game showed {missing}"
    out = [found[label] for label in WANTED]
    out.append({"label": "pass", "names": ["Ana", "Ben", "Chi"], "rounds": [],
                "entry": {"n": 9, "player": 0, "name": "Ana", "action": "pass", "rounds": [],
                          "events": [{"kind": "next", "player": 1}], "tiles": {}}})
    # chance, no one's move: what nobody has seen shuffled afresh after an undo at the table
    g = Game(["Ana", "Ben"], seed=3)
    g.play(g.legal_actions("take")[0])
    g.resample_hidden(random.Random(3))
    out.append({"label": "reshuffle", "entry": log_entry(g.moves[-1], g.names), "names": list(g.names), "rounds": []})
    # the end when the bag ran out before scoring card 2 came up (E1-E3): rounds 1 and 3
    g = Game.from_position(["Ana", "Ben", "Chi"], seed=1,
                           reserves=[list(range(1, 16)), list(range(16, 31)), list(range(31, 46))])
    rng = random.Random(0)
    while not g.is_over:
        kinds = g.legal_kinds()
        g.play(rng.choice(g.legal_actions("buy" if "buy" in kinds else rng.choice(kinds))))
    assert [r["round"] for r in g.rounds] == [1, 3]
    last = next(m for m in reversed(g.moves) if m.of_kind("score"))
    out.append({"label": "round 3 after round 1", "entry": log_entry(last, g.names), "names": list(g.names),
                "rounds": _rounds(g.rounds)})
    return out


def fixture() -> dict:
    out = []
    for case in cases():
        texts = {lang: describe_entry(case["entry"], case["names"], case["rounds"], lang) for lang in LANGUAGES}
        out.append({**case, "texts": texts})
    return {"about": "Log entries and what alhambra_widget/i18n/moves.py says of them in every language "
                     "(tests/test_move_texts.py writes it; js/describe.test.js must say the same).",
            "cases": out}


def text_of(data) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


@pytest.fixture(scope="module")
def made():
    return fixture()


def test_the_front_ends_cases_are_up_to_date(made):
    assert FIXTURE.exists() and FIXTURE.read_text(encoding="utf-8") == text_of(made), (
        "js/fixtures/moves/cases.json is out of date: run `python tests/test_move_texts.py`, then `npx vitest run`")


def test_every_kind_of_move_in_every_language_in_words_never_by_tile_id(made):
    for case in made["cases"]:
        e = case["entry"]
        ids = {str(k) for k in e["tiles"]}
        en = case["texts"]["en"]
        for lang, text in case["texts"].items():
            assert text and "{" not in text and "ui.move" not in text, (case["label"], lang, text)
            assert "#" not in text, (case["label"], lang, text)                   # every tile known by the log
            if " " in e["action"]:    # never the notation ("end" and "pass" are words too)
                assert e["action"] not in text, (case["label"], lang, text)
            assert e["name"] is None or e["name"] in text, (case["label"], lang, text)
            for tid in ids:       # a tile's id appears only as a price or a count, never as "#id" or "id at"
                assert f"{tid} at" not in text
            if lang != "en":
                assert text != en, (case["label"], lang)


def test_buildings_prices_cards_and_places():
    g = Game(["Ana", "Ben", "Chi"], seed=3)
    rng = random.Random(2)
    seen = set()
    while not g.is_over and len(seen) < 3:
        g.play(g.random_action(rng))
        m = g.moves[-1]
        a = m.action
        if a.verb == "buy" and "buy" not in seen:
            seen.add("buy")
            tile = m.of_kind("buy")[0].tile
            text = describe_move(m, g)
            building = t(f"building.{tile.building.value}").lower()
            assert "bought " in text and building in text.lower() and f"({tile.price})" in text
            assert cards_text([str(c) for c in a.cards]) in text
            over = a.total - tile.price
            assert ("the exact price" in text) == (over == 0) and (over == 0 or f"{over} over the price" in text)
        if a.verb == "place" and "place" not in seen:
            seen.add("place")
            assert describe_move(m, g).startswith(f"{g.names[m.player]} placed ") and place_text(a.pos) in describe_move(m, g)
        if a.verb == "take" and len(a.cards) > 1 and "take" not in seen:
            seen.add("take")
            assert describe_move(m, g).startswith(f"{g.names[m.player]} took ")
    assert seen == {"buy", "place", "take"}


@pytest.mark.parametrize("pos, en, ja", [
    ((1, 0), "east of the fountain", "スタートタイルの東"),
    ((0, -1), "north of the fountain", "スタートタイルの北"),
    ((0, 1), "south of the fountain", "スタートタイルの南"),
    ((-1, 0), "west of the fountain", "スタートタイルの西"),
    ((-2, 0), "2 west of the fountain", "スタートタイルから西に2マス"),
    ((0, 2), "2 south of the fountain", "スタートタイルから南に2マス"),
    ((-1, -2), "2 north, 1 west of the fountain", "スタートタイルから北に2マス、西に1マス"),
    ((3, 1), "1 south, 3 east of the fountain", "スタートタイルから南に1マス、東に3マス"),
])
def test_places_are_told_from_the_fountain(pos, en, ja):
    assert place_text(pos, "en") == en
    assert place_text(pos, "ja") == ja
    for lang in LANGUAGES:       # every language says where, and says it apart from the others
        assert place_text(pos, lang) and not re.search(r"-?\d+,-?\d+", place_text(pos, lang))


@pytest.mark.parametrize("action", ["take dinar 3", "buy 2 with dirham 3+4", "remove 1,0", "build 23 at 1,0",
                                    "place 23 at 1,0", "swap 23 at 1,0", "reserve 23", "dirk 23"])
def test_a_log_entry_without_its_events_is_told_by_its_notation(action):
    # (a log entry of an older view, or of a move whose events it does not carry)
    assert describe_entry({"name": "Ana", "action": action, "events": []}, ["Ana", "Ben"], [], "en") == f"Ana: {action}"
    other = {"take": "buy", "buy": "take"}.get(action.split()[0], "take")
    entry = {"name": "Ana", "action": action, "events": [{"kind": other, "tile": 23, "cards": ["dinar 3"]}]}
    assert describe_entry(entry, ["Ana", "Ben"], [], "en") == f"Ana: {action}"   # (nor by another kind's)


def test_a_purchase_whose_tile_the_entry_does_not_describe_is_told_by_its_notation():
    # (without the tile's price the words could not say what was paid over it)
    entry = {"name": "Ana", "action": "buy 2 with dirham 3+4",
             "events": [{"kind": "buy", "slot": 2, "tile": 23}, {"kind": "pay", "cards": ["dirham 3", "dirham 4"]}]}
    assert describe_entry(entry, ["Ana", "Ben"], [], "en") == "Ana: buy 2 with dirham 3+4"
    entry["tiles"] = {"23": {"building": "arcades", "price": 7}}
    assert describe_entry(entry, ["Ana", "Ben"], [], "en") == "Ana bought arcades (7) with dirham 3+4, the exact price."


def test_cards_are_grouped_by_currency_in_slot_order():
    assert cards_text(["ducat 2", "florin 2", "florin 1"], "en") == "florin 1+2 and ducat 2"
    assert cards_text(["dinar 3"], "de") == "Denar 3"
    assert cards_text(["dirham 4", "dinar 3"], "ja") == "ディルハム4とディナール3"


def test_a_scoring_round_says_each_players_points_and_dirks():
    case = next(c for c in fixture()["cases"] if c["label"] == "scoring with Dirk")
    r = case["rounds"][case["entry"]["rounds"][0] - 1]
    text = case["texts"]["en"]
    for name, p in zip(case["names"], r["points"]):
        assert f"{name} +{p}" in text
    assert f"Dirk +{sum(r['dirk'])}" in text and "Dirk drew " in text


#: what a tile looks like inside a sentence, per language: the one in the market
#: the subject (nominative), the one Dirk drew the object (accusative in German
#: and Finnish), both lower case where the language writes nouns so
NEW_IN_MARKET = {"en": "a tower (9)", "de": "ein Turm (9)", "nl": "een toren (9)", "fi": "torni (9)", "ja": "塔（9）"}
DRAWN_BY_DIRK = {"en": "a tower (9)", "de": "einen Turm (9)", "nl": "een toren (9)", "fi": "tornin (9)", "ja": "塔（9）"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tile_new_in_the_market_or_drawn_by_dirk_is_named_as_the_sentence_needs(lang):
    tiles = {"9": {"building": "tower", "price": 9}, "4": {"building": "arcades", "price": 4}}
    entry = {"name": "Ana", "action": "end", "tiles": tiles,
             "events": [{"kind": "end"}, {"kind": "refill", "tile": 9, "slot": 1}, {"kind": "refill", "tile": 4, "slot": 3},
                        {"kind": "dirk_draw", "tiles": [9, 4]}]}
    text = describe_entry(entry, ["Ana", "Ben"], [], lang)
    market = t("ui.move.refill", lang, tiles="")[:-1]   # the sentence up to its list
    assert market + t("ui.move.in_slot", lang, tile=NEW_IN_MARKET[lang], slot="1") in text, text
    assert t("ui.move.dirk_draw", lang, tiles=DRAWN_BY_DIRK[lang])[:-1] in text, text
    if lang in ("en", "nl", "fi"):   # no capital letter inside the sentence
        assert not re.search(r": [A-Z]", text), text


if __name__ == "__main__":
    FIXTURE.write_text(text_of(fixture()), encoding="utf-8")
    print("wrote", FIXTURE)
