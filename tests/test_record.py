"""The game record: JSON round trip, undo, reproducibility, tampered records."""

import copy
import json
import random

import pytest

from alhambra_widget import Game, RecordError

from conftest import arrange_money, arrange_tiles, cards_of, rebase


def random_game(n=3, seed=1, steps=80, rng_seed=0):
    g = Game(n, seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions(rng.choice(g.legal_kinds()))))
    return g


def finished_game(n=2, seed=3):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions(rng.choice(g.legal_kinds()))))
    return g


# ------------------------------------------------------------------ round trip

@pytest.mark.parametrize("n", [2, 3, 6])
def test_round_trip_fresh_and_played(n):
    g = Game(n, seed=n)
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    g = random_game(n, seed=n, steps=120)
    text = g.to_json()
    h = Game.from_json(text)
    assert h.to_json() == text
    assert h.history == g.history
    assert h.scores == g.scores and h.current == g.current and h.phase == g.phase


def test_round_trip_finished_game():
    g = finished_game()
    h = Game.from_json(g.to_json())
    assert h.to_json() == g.to_json()
    assert h.is_over and h.winners == g.winners


def test_restored_game_continues_identically():
    g = random_game(4, seed=8, steps=60)
    h = Game.from_json(g.to_json())
    rng = random.Random(99)
    for _ in range(150):
        if g.is_over:
            break
        a = rng.choice(g.legal_actions())
        assert h.legal_actions() == g.legal_actions()
        g.play(a)
        h.play(a)
        assert h.to_json() == g.to_json()


def test_indent_is_only_layout():
    g = random_game(3, seed=2, steps=20)
    assert json.loads(g.to_json(indent=2)) == json.loads(g.to_json())
    assert Game.from_json(g.to_json(indent=2)).to_json() == g.to_json()


def test_bytes_record_accepted():
    g = random_game(3, seed=2, steps=20)
    assert Game.from_json(g.to_json().encode()).to_json() == g.to_json()


def test_a_parsed_record_is_accepted_and_checked_as_its_text():
    import json

    g = random_game(3, seed=2, steps=20)
    rec = json.loads(g.to_json())
    assert Game.from_json(rec).to_json() == g.to_json()
    rec["state"]["players"][0]["score"] += 1   # tampered: refused as the text would be
    with pytest.raises(RecordError):
        Game.from_json(rec)
    with pytest.raises(RecordError, match="history: a game record holds at most"):
        Game.from_json({**json.loads(g.to_json()), "history": ["end"] * 6000})
    with pytest.raises(RecordError, match="JSON"):
        Game.from_json({"format": {1, 2}})   # (a set: no JSON)


def test_a_path_is_refused_with_how_to_read_it(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(Game(2, seed=1).to_json(), encoding="utf-8")
    with pytest.raises(RecordError, match=r"not a path: read the file first"):
        Game.from_json(path)
    assert Game.from_json(path.read_text(encoding="utf-8")).n == 2
    # a file's name given as text: said so, with how to read it
    with pytest.raises(RecordError, match=r"'evening.json' looks like a file name; read the file first, "
                                          r"Game.from_json\(pathlib.Path\('evening.json'\).read_text"):
        Game.from_json("evening.json")
    with pytest.raises(RecordError) as e:
        Game.from_json('{"format": ')
    assert "file name" not in str(e.value)


def test_rebased_arranged_position_round_trips():
    g = Game(3, seed=5, start_player=0)
    arrange_tiles(g, market=[7, 14, 22, 31], alhambras={1: {(1, 0): 41}})
    arrange_money(g, hands={0: cards_of("florin 8")}, money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    h = rebase(g)
    assert json.loads(h.to_json())["state"] == json.loads(g.to_json())["state"]
    h.play("buy 1 with florin 8")
    assert Game.from_json(h.to_json()).to_json() == h.to_json()


# ------------------------------------------------------------------ reproducibility

def test_same_seed_and_actions_same_game():
    g = random_game(5, seed=12, steps=150, rng_seed=4)
    h = Game(5, seed=12)
    for a in g.history:
        h.play(a)
    assert h.to_json() == g.to_json()
    # the same through notation
    k = Game(5, seed=12)
    for a in g.history:
        k.play(str(a))
    assert k.to_json() == g.to_json()


def test_copy_is_independent_with_the_same_future():
    g = random_game(3, seed=13, steps=30)
    c = g.copy()
    assert c.to_json() == g.to_json()
    a = g.legal_actions()[0]
    c.play(a)
    assert c.to_json() != g.to_json()
    g.play(a)
    assert c.to_json() == g.to_json()


# ------------------------------------------------------------------ undo

def test_undo_restores_previous_position_exactly():
    g = Game(3, seed=14)
    rng = random.Random(14)
    snapshots = [g.to_json()]
    for _ in range(60):
        if g.is_over:
            break
        a = rng.choice(g.legal_actions())
        g.play(a)
        snapshots.append(g.to_json())
    played = list(g.history)
    for i in range(len(played) - 1, len(played) - 25, -1):
        assert g.undo() == played[i]
        assert g.to_json() == snapshots[i]


def test_undo_with_nothing_to_undo():
    g = Game(3, seed=15)
    before = g.to_json()
    with pytest.raises(IndexError, match="nothing to undo"):
        g.undo()
    with pytest.raises(IndexError, match="nothing to redo"):
        g.redo()
    assert g.to_json() == before


def test_undo_after_the_end():
    g = finished_game(3, seed=16)
    last = g.history[-1]
    before_last = Game(3, seed=16)
    for a in g.history[:-1]:
        before_last.play(a)
    assert g.undo() == last
    assert g.to_json() == before_last.to_json()
    assert not g.is_over


def test_undo_in_restored_game():
    g = random_game(3, seed=17, steps=40)
    h = Game.from_json(g.to_json())
    g.undo()
    h.undo()
    assert h.to_json() == g.to_json()


# ------------------------------------------------------------------ malformed / tampered

@pytest.fixture(scope="module")
def record():
    g = random_game(3, seed=21, steps=90, rng_seed=21)
    assert len(g.history) > 30
    return json.loads(g.to_json())


def load_dict(d):
    return Game.from_json(json.dumps(d))


def test_unchanged_record_loads(record):
    load_dict(record)


def test_tampered_tile_id_in_state(record):
    d = copy.deepcopy(record)
    # a market tile replaced by another tile from the bag
    st = d["state"]
    slot = next(i for i, t in enumerate(st["market"]) if t is not None)
    old, new = st["market"][slot], st["bag"][0]
    st["market"][slot] = new
    st["bag"][0] = old
    with pytest.raises(RecordError):
        load_dict(d)


def test_tampered_duplicate_tile_in_state(record):
    d = copy.deepcopy(record)
    st = d["state"]
    slot = next(i for i, t in enumerate(st["market"]) if t is not None)
    st["market"][slot] = st["bag"][0]      # now in the bag and in the market
    with pytest.raises(RecordError):
        load_dict(d)


def test_tampered_alhambra_tile_in_state(record):
    d = copy.deepcopy(record)
    for p in d["state"]["players"]:
        if p["alhambra"]:
            p["alhambra"][0][2] = d["state"]["bag"][0]
            break
    else:
        pytest.skip("no tile placed in this game")
    with pytest.raises(RecordError):
        load_dict(d)


def test_tampered_tile_id_in_start(record):
    d = copy.deepcopy(record)
    st = d["start"]
    old, new = st["market"][0], st["bag"][0]
    st["market"][0] = new
    st["bag"][0] = old
    st["bag"].sort()
    with pytest.raises(RecordError):
        load_dict(d)


def test_move_removed_from_history(record):
    for i in (0, len(record["history"]) // 2, len(record["history"]) - 1):
        d = copy.deepcopy(record)
        del d["history"][i]
        with pytest.raises(RecordError):
            load_dict(d)


def test_move_changed_in_history(record):
    d = copy.deepcopy(record)
    d["history"][0] = "fly away"
    with pytest.raises(RecordError):
        load_dict(d)


def test_score_changed_in_state(record):
    d = copy.deepcopy(record)
    d["state"]["players"][0]["score"] += 1
    with pytest.raises(RecordError, match=r"^players\.score: "):   # the field named
        load_dict(d)


def test_hand_changed_in_state(record):
    d = copy.deepcopy(record)
    hand = d["state"]["players"][1]["hand"]
    d["state"]["players"][1]["hand"] = hand[:-1] if hand else ["dirham 1"]
    with pytest.raises(RecordError):
        load_dict(d)


@pytest.mark.parametrize("digit", ["\u0664", "\uff14", "\u2074"])   # ٤, fullwidth 4, superscript 4
def test_a_card_value_in_other_digits_than_ascii_is_refused(record, digit):
    d = copy.deepcopy(record)
    hand = d["start"]["players"][0]["hand"]
    hand[0] = hand[0].split(" ")[0] + " " + digit
    with pytest.raises(RecordError, match=r"is not a money card such as 'dirham 4'"):
        load_dict(d)


def test_rng_changed_in_state(record):
    d = copy.deepcopy(record)
    r = d["state"]["rng"]
    d["state"]["rng"] = ("0" if r[0] != "0" else "1") + r[1:]
    with pytest.raises(RecordError, match=r"\(differs in rng\)"):   # the field named, and it alone
        load_dict(d)


@pytest.mark.parametrize("text", ["", "{", "not json", "[]", "null", "42", '"text"', "{}"])
def test_bad_json(text):
    with pytest.raises(RecordError):
        Game.from_json(text)


def test_not_text():
    with pytest.raises(RecordError):
        Game.from_json(12)
    with pytest.raises(RecordError):
        Game.from_json(b"\xff\xfe")


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_wrong_version(record, version):
    d = copy.deepcopy(record)
    d["version"] = version
    with pytest.raises(RecordError):
        load_dict(d)


def test_wrong_format(record):
    d = copy.deepcopy(record)
    d["format"] = "chess"
    with pytest.raises(RecordError):
        load_dict(d)


@pytest.mark.parametrize("key", ["format", "version", "players", "seed", "start", "history", "state"])
def test_missing_top_level_field(record, key):
    d = copy.deepcopy(record)
    del d[key]
    with pytest.raises(RecordError):
        load_dict(d)


@pytest.mark.parametrize("key", ["players", "market", "money", "deck", "discard", "bag", "dirk", "pending",
                                 "phase", "current", "extra", "turn", "final", "rounds", "rng"])
@pytest.mark.parametrize("where", ["start", "state"])
def test_missing_state_field(record, key, where):
    d = copy.deepcopy(record)
    del d[where][key]
    with pytest.raises(RecordError):
        load_dict(d)


@pytest.mark.parametrize("key", ["name", "hand", "alhambra", "reserve", "score"])
def test_missing_player_field(record, key):
    d = copy.deepcopy(record)
    del d["state"]["players"][0][key]
    with pytest.raises(RecordError):
        load_dict(d)


@pytest.mark.parametrize("mutate", [
    lambda d: d["state"].__setitem__("market", [1, 2]),
    lambda d: d["state"].__setitem__("phase", "dance"),
    lambda d: d["state"].__setitem__("current", 7),
    lambda d: d["state"].__setitem__("turn", "three"),
    lambda d: d["state"]["players"][0].__setitem__("hand", ["rupee 3"]),
    lambda d: d["state"]["players"][0].__setitem__("alhambra", [[0, 0, 5]]),
    lambda d: d["state"]["players"][0].__setitem__("alhambra", [[1, 0]]),
    lambda d: d["state"]["players"][0].__setitem__("reserve", [99]),
    lambda d: d["state"].__setitem__("bag", "all of them"),
    lambda d: d.__setitem__("history", "take dinar 3"),
    lambda d: d.__setitem__("history", [3]),
    lambda d: d.__setitem__("players", ["X", "Y", "Z"]),
    lambda d: d.__setitem__("seed", 1.5),
    lambda d: d["state"].__setitem__("extra", "yes"),
    lambda d: d["state"].__setitem__("rng", "zz"),
])
def test_malformed_fields(record, mutate):
    d = copy.deepcopy(record)
    mutate(d)
    with pytest.raises(RecordError):
        load_dict(d)


def test_record_error_loads_nothing(record):
    # a failing load returns nothing: the caller's game is untouched
    g = Game.from_json(json.dumps(record))
    before = g.to_json()
    d = copy.deepcopy(record)
    del d["history"][-1]
    with pytest.raises(RecordError):
        g = Game.from_json(json.dumps(d))
    assert g.to_json() == before


@pytest.mark.parametrize("where", ["start", "state"])
def test_scoring_card_in_a_hand_is_a_record_error(record, where):
    # a scoring card never goes into a hand (T5: it is set aside when drawn);
    # a record claiming one is malformed and must raise RecordError, not a
    # TypeError/AttributeError from comparing a ScoringCard with a Card
    d = copy.deepcopy(record)
    hand = d[where]["players"][0]["hand"]
    assert len(hand) >= 1
    hand.append("scoring 1")
    with pytest.raises(RecordError):
        load_dict(d)


def test_pickled_and_deep_copied_games_keep_their_history():
    import copy
    import pickle
    g = Game(3, seed=1)
    first = g.legal_actions()[0]
    g.play(first)
    for h in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert h.to_json() == g.to_json()
        assert h.undo() == first
        assert h.to_json() == Game(3, seed=1).to_json()


def test_a_record_saved_by_an_editor_that_writes_a_byte_order_mark_loads():
    """(Notepad and others may put U+FEFF before UTF-8 text: a save file opened and saved there was refused)"""
    g = Game(2, seed=1)
    g.play(g.legal_actions()[0])
    text = g.to_json()
    for data in ("\ufeff" + text, ("\ufeff" + text).encode("utf-8")):
        assert Game.from_json(data).to_json() == text


def test_a_record_saved_before_the_deck_cut_was_kept_still_loads():
    """``deck_cut`` (S6) came later: a record without it loads, the cut read as not known
    (where the scoring cards may lie is then estimated), and plays on."""
    g = Game(["Ana", "Ben", "Chi"], seed=4)
    for _ in range(10):
        g.play(g.legal_actions()[0])
    rec = json.loads(g.to_json())
    assert rec["start"]["deck_cut"] == rec["state"]["deck_cut"] == g.deck_cut > 0
    for part in ("start", "state"):
        del rec[part]["deck_cut"]
    old = Game.from_json(json.dumps(rec))
    assert old.deck_cut is None and old.history == g.history and old.scores == g.scores
    old.resample_hidden(random.Random(1))
    old.play(old.legal_actions()[0])
    for bad in (-1, 200, "89", 1.5):
        rec["state"]["deck_cut"] = bad
        with pytest.raises(RecordError, match="deck_cut"):
            Game.from_json(json.dumps(rec))


def test_a_record_naming_a_key_twice_is_refused():
    # json keeps the last value silently; another reader of the same file might take the first
    text = Game(["Ana", "Ben"], seed=1).to_json()
    assert Game.from_json(text).names == ["Ana", "Ben"]
    forged = text.replace('"players": ["Ana", "Ben"]', '"players": ["Mallory", "Ben"], "players": ["Ana", "Ben"]', 1)
    assert forged != text
    with pytest.raises(RecordError, match="names 'players' twice in one object"):
        Game.from_json(forged)
    inner = text.replace('"score": 0', '"score": 99, "score": 0', 1)
    assert inner != text
    with pytest.raises(RecordError, match="names 'score' twice"):
        Game.from_json(inner)
