"""Refusals in five languages: every IllegalMove the engine raises carries a
catalogue key that every language has, keeps its rule id, reads differently
in each language with every placeholder filled, survives pickling, and leaves
the game exactly as it was."""

import pickle
import sys
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_widget import Alhambra, Buy, Game, IllegalMove, explain_rule, parse, tile
from alhambra_widget.engine.errors import NotationError
from alhambra_widget.i18n.rules import RULE_TEXT
from alhambra_widget.i18n import LANGUAGES, catalogue, placeholders, t, use_language
from alhambra_widget.i18n.format import Text, cards_name, localize, localize_params, tile_name, tile_names, walls_words
from alhambra_widget.engine.money import card

ENGINE = Path(__file__).resolve().parents[1] / "alhambra_widget" / "engine"
LANGS = list(LANGUAGES)
UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*\}")
CURRENCIES = ["florin", "dirham", "dinar", "ducat"]


def unfilled(e, lang):
    """Placeholders of the template left in the message (the echoed input of
    the player, which may hold braces, is left out of the search)."""
    assert placeholders(catalogue(lang)[e.key]) <= set(e.params), (e.key, e.params)
    text = e.message
    for v in localize_params(e.params, lang).values():
        text = text.replace(str(v), "")
    return UNFILLED.findall(text)


def refuse_everywhere(g, action):
    """Play ``action`` in every language: each time IllegalMove, nothing
    changes. Returns {lang: error}."""
    before = g.to_json()
    errs = {}
    for lang in LANGS:
        with use_language(lang):
            with pytest.raises(IllegalMove) as ei:
                g.play(action)
        errs[lang] = ei.value
        assert g.to_json() == before, f"a refused {action!r} changed the game ({lang})"
    return errs


def check_errors(errs, what):
    en = errs["en"]
    assert en.key is not None, f"{what}: refused without a catalogue key: {en}"
    for lang, e in errs.items():
        assert e.rule == en.rule and e.key == en.key and e.params == en.params, (what, lang)
        assert e.key in catalogue(lang), (what, lang, e.key)
        assert not unfilled(e, lang), (what, lang, e.message)
        assert str(e) == f"[{e.rule}] {e.message}"
        assert e.localized(lang) == e.message
        assert e.localized("en") == en.message
        if lang != "en":
            assert e.message != en.message, (what, lang, e.message)


def illegal_candidates(g, rng, n):
    """Actions (mostly notation) that are very likely illegal now."""
    p = g.players[g.current]
    a = p.alhambra
    x0, x1, y0, y1 = a.bounds
    out = []
    for _ in range(n):
        k = rng.randrange(14)
        cur = rng.choice(CURRENCIES)
        pos = (rng.randint(x0 - 2, x1 + 2), rng.randint(y0 - 2, y1 + 2))
        tid = rng.choice([rng.randint(1, 54), rng.randint(1, 54), 0, 55, 99])
        if k == 0:
            vals = "+".join(str(rng.randint(1, 9)) for _ in range(rng.randint(1, 3)))
            out.append(f"take {cur} {vals}")
        elif k == 1:
            vals = "+".join(str(rng.randint(1, 9)) for _ in range(rng.randint(1, 3)))
            out.append(f"buy {rng.choice([1, 2, 3, 4, 4, 0, 7])} with {cur} {vals}")
        elif k == 2:
            out.append(f"remove {pos[0]},{pos[1]}")
        elif k in (3, 4, 5):
            out.append(f"{['build', 'swap', 'place'][k - 3]} {tid} at {pos[0]},{pos[1]}")
        elif k == 6:
            out.append(f"{rng.choice(['reserve', 'dirk'])} {tid}")
        elif k == 7:
            out.append(rng.choice(["end", "pass"]))
        elif k == 8:
            out.append(rng.choice(["tkae dinar 3", "take", "take dinar", "take 3", "take euro 3",
                                   "take florin 0", "buy 2 with", "place 5 at 1", "{name} {x}", "",
                                   "place 5 at 99999999999999999999,0", "x" * 500]))
        elif k == 9:
            out.append(rng.choice([7, None, 3.5, ("take",), {"x": 1}]))
        elif k == 10 and p.reserve:  # a reserve tile on a random spot: build or swap
            t_ = rng.choice(p.reserve)
            out.append(f"{rng.choice(['build', 'swap'])} {t_.id} at {pos[0]},{pos[1]}")
        elif k == 11:
            mine = g.pending_for(g.current)
            if mine:
                out.append(f"place {rng.choice(mine).id} at {pos[0]},{pos[1]}")
        elif k == 12 and g.money:  # two face-up cards, often worth more than 5
            cs = rng.sample(g.money, min(2, len(g.money)))
            out.append("take " + ", ".join(f"{c.currency.value} {c.value}" for c in cs))
        elif k == 13 and p.hand:  # a real card of the hand on a random slot
            c = rng.choice(p.hand)
            out.append(f"buy {rng.randint(1, 4)} with {c.currency.value} {c.value}")
    return out


def test_random_refusals_in_every_language_keep_rule_and_change_nothing():
    rng = random.Random(2024)
    keys, rules, seen = set(), set(), 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 6), (5, 2)):
        g = Game(players, seed=seed)
        steps = 0
        while not g.is_over:
            if steps % 9 == 0:
                for cand in illegal_candidates(g, rng, 12):
                    if g.is_legal(cand):
                        continue
                    errs = refuse_everywhere(g, cand)
                    check_errors(errs, f"{cand!r} at move {len(g.history)}")
                    keys.add(errs["en"].key)
                    rules.add(errs["en"].rule)
                    seen += 1
            g.play(g.random_action(rng))
            steps += 1
        # once the game is over, every action is refused (E4)
        errs = refuse_everywhere(g, "take dinar 3")
        check_errors(errs, "after the end")
        keys.add(errs["en"].key)
        rules.add(errs["en"].rule)
    assert seen > 300
    # most kinds of refusal came up, not one message over and over
    assert len(keys) >= 30, sorted(keys)
    assert {"T", "T1", "T2", "T4", "P2", "P3", "P6", "E4"} <= rules, sorted(rules)


def test_every_error_key_in_the_engine_source_exists_in_every_catalogue():
    used = set()
    for path in ENGINE.glob("*.py"):
        used |= set(re.findall(r'"(error\.[A-Za-z0-9_.]+)"', path.read_text()))
    assert len(used) >= 40, sorted(used)
    for lang in LANGS:
        missing = sorted(k for k in used if k not in catalogue(lang))
        assert missing == [], (lang, missing)


def placement_refusals():
    """One Alhambra refusal of each kind (P1-P6, T3a, T3c), as (call, rule)."""
    a = Alhambra.from_tiles({(1, 0): tile(7), (0, 1): tile(14), (1, 1): tile(22)})
    b = Alhambra.from_tiles({(1, 0): tile(6)})                # pavilion 7: wall E
    return a, [
        (lambda: a.place(tile(1).turned(1), (-1, 0)), "P1"),
        (lambda: a.place(tile(5), (5, 5)), "P2"),
        (lambda: a.place(tile(44), (-1, 0)), "P3"),          # tower 7: walls N, E, W
        (lambda: b.place(tile(12), (2, 0)), "P4"),           # seraglio 7 (wall W) against a wall only
        (lambda: a.place(tile(23), (0, 0)), "P6"),
        (lambda: a.place(tile(7), (2, 0)), "P6"),            # already in it
        (lambda: a.place(tile(23), (2, 0)), None),           # legal: marks the end of the list
        (lambda: a.remove((0, 0)), "P6"),
        (lambda: a.remove((4, 4)), "T3a"),
        (lambda: a.swap(tile(23), (3, 3)), "T3c"),
        (lambda: a.swap(tile(44), (1, 0)), "P3"),
        (lambda: a.swap(tile(2).turned(2), (1, 0)), "P1"),
        (lambda: a.place(tile(23), (150, 0)), "P2"),
    ]


def in_place_phase(players: int, seed: int) -> Game:
    """A random game stopped at its first placement phase before the end."""
    g = Game(players, seed=seed)
    rng = random.Random(seed)
    while g.phase != "place":
        g.play(g.random_action(rng))
    assert not g.final
    return g


def test_a_refusal_names_the_slots_currency_and_the_tiles_ways_with_or_without_dirk():
    g = Game(3, seed=1)
    for slot, currency in enumerate(CURRENCIES, 1):     # T2: a slot is paid in its own currency
        with pytest.raises(IllegalMove) as e:
            g.play(Buy(slot, ()))
        assert e.value.key == "error.T2.no_cards" and f"with {currency} cards" in e.value.localized("en")
    # T4: a take while tiles wait to be placed; with two players, giving a tile to Dirk is one way
    for players, key, ways in [(2, "error.T4.place_first_dirk", "(place, reserve or dirk)"),
                               (3, "error.T4.place_first", "(place or reserve)")]:
        g = in_place_phase(players, seed=4)
        with pytest.raises(IllegalMove) as e:
            g.play(f"take {g.money[0]}")
        assert (e.value.rule, e.value.key) == ("T4", key) and ways in e.value.localized("en")


def test_alhambra_refusals_in_every_language():
    a, calls = placement_refusals()
    for call, rule in calls:
        if rule is None:
            continue
        before = a.to_list()
        errs = {}
        for lang in LANGS:
            with use_language(lang):
                with pytest.raises(IllegalMove) as ei:
                    call()
            errs[lang] = ei.value
            assert a.to_list() == before
        assert errs["en"].rule == rule, errs["en"]
        check_errors(errs, rule)


def test_a_hole_and_a_cut_are_refused_with_their_words():
    # open tiles around (1, 1), all but (2, 1): filling (2, 1) closes (1, 1) off
    ring = {(1, 0): 7, (2, 0): 14, (0, 1): 22, (0, 2): 23, (1, 2): 31, (2, 2): 32}
    a = Alhambra.from_tiles({p: tile(i) for p, i in ring.items()})
    with use_language("fi"):
        with pytest.raises(IllegalMove) as ei:
            a.place(tile(41), (2, 1))
    e = ei.value
    assert e.rule == "P5" and "aukko" in e.message and "Puutarha 10 #41" in e.message
    assert "hole" in e.localized("en") and "Loch" in e.localized("de") and "穴" in e.localized("ja")
    # (2, 0) hangs on (1, 0): taking (1, 0) out cuts it off from the fountain
    b = Alhambra.from_tiles({(1, 0): tile(7), (2, 0): tile(14)})
    with pytest.raises(IllegalMove) as ei:
        b.remove((1, 0))
    assert ei.value.rule == "P4" and "(1, 0)" in ei.value.localized("nl") and "afgesneden" in ei.value.localized("nl")


def test_values_inside_messages_are_translated():
    g = Game(["Ana", "Ben", "Chi"], seed=7)
    g.play(g.legal_actions("take")[0])
    with pytest.raises(IllegalMove) as ei:
        g.play("buy 1 with dinar 9")
    e = ei.value
    assert e.rule == "T2" and e.key == "error.T2.wrong_currency"
    assert e.message == "Slot 1 takes florin only; dinar 9 cannot pay for it."   # the README quotes it
    assert e.localized("de") == "Feld 1 nimmt nur Gulden; mit Denar 9 kann man es nicht bezahlen."
    assert e.localized("fi") == ("Ruudun 1 laatan voi maksaa vain valuutalla forintti; "
                                 "maksu dinaari 9 ei kelpaa.")
    assert e.localized("ja") == "マス1の支払いに使えるのはフローリンだけです。ディナール9では支払えません。"
    assert e.localized("nl") == "Veld 1 neemt alleen gulden; met dinar 9 kun je het niet betalen."


def test_the_language_at_raise_time_is_the_message():
    g = Game(3, seed=1)
    with use_language("ja"):
        with pytest.raises(IllegalMove) as ei:
            g.play("end")
    e = ei.value
    assert e.rule == "T2a" and e.message == t("error.T2a.no_extra", "ja")
    assert str(e).startswith("[T2a] 断ることのできる")
    assert e.localized() == t("error.T2a.no_extra", "en")   # current language: English again


def test_pickling_keeps_rule_key_values_and_message():
    g = Game(3, seed=4)
    with use_language("de"):
        with pytest.raises(IllegalMove) as ei:
            g.play("take florin 9, ducat 9, dinar 9")
    e = ei.value
    e2 = pickle.loads(pickle.dumps(e))
    assert type(e2) is IllegalMove
    assert (e2.rule, e2.key, e2.params, e2.message, str(e2)) == (e.rule, e.key, e.params, e.message, str(e))
    assert e2.localized("nl") == e.localized("nl") and "{" not in e2.localized("nl")
    n = NotationError("error.T.card_value", value=12)
    n2 = pickle.loads(pickle.dumps(n))
    assert (n2.key, n2.params, str(n2)) == (n.key, n.params, str(n)) == ("error.T.card_value", {"value": 12},
                                                                         "Money cards have values 1 to 9, not 12.")
    if sys.version_info >= (3, 11):   # notes (where it was raised) go along, as a worker sends it back
        for err in (e, n):
            err.add_note("(chosen by Greedy for seat 1)")
            assert pickle.loads(pickle.dumps(err)).__notes__ == ["(chosen by Greedy for seat 1)"]


def test_a_plain_sentence_still_makes_a_refusal():
    e = IllegalMove("E4", "The game is over; there is nothing to hint.")
    assert e.rule == "E4" and e.key is None and e.message == "The game is over; there is nothing to hint."
    assert str(e) == "[E4] The game is over; there is nothing to hint."
    assert e.localized("ja") == e.message
    e2 = pickle.loads(pickle.dumps(e))
    assert (e2.rule, e2.message) == (e.rule, e.message)


def test_notation_errors_are_localized_and_become_rule_T():
    with use_language("nl"):
        with pytest.raises(NotationError) as ei:
            parse("take euro 3")
    assert ei.value.key == "error.T.unknown_word" and "munteenheid" in str(ei.value)
    assert isinstance(ei.value, ValueError)
    g = Game(2, seed=3)
    errs = refuse_everywhere(g, "take euro 3")
    check_errors(errs, "take euro 3")
    assert errs["en"].rule == "T" and "'euro'" in errs["en"].message
    # a tile that does not exist is refused by its own rule, not as unreadable text
    errs = refuse_everywhere(g, "place 99 at 1,0")
    assert errs["en"].rule == "T4" and errs["en"].key == "error.T4.no_such_tile"


def test_setup_refusals_name_the_rule_in_words():
    with use_language("de"):
        with pytest.raises(IllegalMove) as ei:
            Alhambra.from_tiles({(1, 0): tile(44), (2, 0): tile(7)})     # wall of tower 7 against open
    e = ei.value
    assert e.key == "error.setup.breaks_rule" and e.rule in ("P3", "P4")
    assert e.message.startswith(f"Diese Alhambra verstößt gegen Regel {e.rule}: ")
    assert e.message.endswith(explain_rule(e.rule, "de"))
    assert e.localized("en").endswith(RULE_TEXT[e.rule])
    with pytest.raises(IllegalMove) as ei:
        Alhambra.from_tiles([((1, 0), tile(7)), ((1, 0), tile(14))])
    assert ei.value.key == "error.P6.setup_clash" and "Seraglio 9 #14" in ei.value.message


def test_word_helpers():
    assert tile_name(tile(50), "en") == "Tower 11 #50"
    assert tile_name(tile(24), "fi") == "Asuinrakennus 5 #24"        # chambers: the Finnish rulebook's word
    assert tile_name(tile(0), "ja") == "スタートタイル"
    with tile_names("walls"):      # as the table shows them: no ids
        assert tile_name(tile(50), "en") == "Tower 11 (walls N)"
        assert tile_name(tile(7), "de") == "Pavillon 8 (ohne Mauer)"
        assert tile_name(tile(0), "ja") == "スタートタイル"
        with tile_names("id"):
            assert tile_name(tile(50), "nl") == "Toren 11 #50"
        assert tile_name(tile(50), "ja") == "塔11（城壁 北）"
    assert tile_name(tile(50), "en") == "Tower 11 #50"
    with pytest.raises(ValueError, match="walls"):
        with tile_names("price"):
            pass
    hand = [card("dinar", 4), card("florin", 2), card("dinar", 3)]
    assert cards_name(hand, "en") == "florin 2, dinar 3+4"
    assert cards_name(hand, "fi") == "forintti 2, dinaari 3+4"
    assert cards_name(hand, "ja") == "フローリン2、ディナール3+4"
    assert cards_name([], "de") == "keine Karten"
    # walls in compass order, however given; a position (two ints) in its own words, other numbers listed
    assert walls_words("WSEN", "en") == "walls N E S W"
    assert walls_words("EN", "ja") == "城壁 北 東"
    assert walls_words("", "de") == "ohne Mauer"
    assert localize((1, 0), "en") == "(1, 0)" and localize([2, -3], "fi") == "(2, -3)"
    assert localize((1, 0, 2), "en") == "1, 0 and 2"
    assert Text("rule.P5").localized("nl").startswith("Geen gaten")
    assert pickle.loads(pickle.dumps(Text("rule.P5", x=1))) == Text("rule.P5", x=1)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=40),
                 st.builds(lambda v, s, c, n: f"{v} {s} with {c} {n}", st.sampled_from(["buy", "take", "place"]),
                           st.integers(-2, 60), st.sampled_from(CURRENCIES + ["euro", ""]), st.integers(-1, 12)),
                 st.builds(lambda v, i, x, y: f"{v} {i} at {x},{y}", st.sampled_from(["build", "swap", "place"]),
                           st.integers(-1, 60), st.integers(-200, 200), st.integers(-3, 3))),
       st.sampled_from(LANGS))
def test_any_text_is_played_or_refused_cleanly(text, lang):
    g = Game(3, seed=11)
    before = g.to_json()
    with use_language(lang):
        try:
            g.play(text)
        except IllegalMove as e:
            assert g.to_json() == before
            assert e.key in catalogue(lang) and not unfilled(e, lang)
            assert e.rule in RULE_TEXT
            if lang != "en":
                assert e.message != e.localized("en")
            return
    assert len(g.history) == 1   # it was legal
