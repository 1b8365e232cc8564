"""Game records under attack (issue "Nothing lost, nothing leaked, nothing
stuck"): a record changed in any one field -- wrong type, out of range, huge
numbers, long texts, extra keys, tiles twice, positions no game reaches --
raises RecordError and nothing else, and loads nothing; records over the
limits are refused before anything is replayed. (``parse`` on huge input is
tested in tests/test_notation_fuzz.py.)"""

from __future__ import annotations

import copy
import json
import random
import sys

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from alhambra_widget import Game, RecordError
from alhambra_widget.engine import record as record_module
from alhambra_widget.engine import state as S

HUGE = "__HUGE__"            # stands for 10**5000, written into the JSON text itself
HUGE_TEXT = "1" + "0" * 5000


def played(n, seed, steps=None):
    """A game of random moves (to the end when ``steps`` is None)."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (steps is None or len(g.moves) < steps):
        g.play(rng.choice(g.legal_actions(rng.choice(g.legal_kinds()))))
    return g


def position_record(g):
    """A record with no history whose start is ``g``'s position: start and
    state are the same, so a change made to both is judged by the checks of
    the position alone (not by the replay)."""
    return json.loads(g.copy(history=False).to_json())


def scored_once(n, seed):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    while not g.rounds:
        g.play(rng.choice(g.legal_actions(rng.choice(g.legal_kinds()))))
    return g


def at_the_awards(n, seed):
    """A game at its end (E1) with tiles awarded to more than one player, still to place (E3)."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    while not g.final:
        g.play(rng.choice(g.legal_actions(rng.choice(g.legal_kinds()))))
    assert len({pl for pl, _ in g.pending}) > 1 and g.current == min(pl for pl, _ in g.pending)
    return g


GAMES = {
    "2 players, 40 moves": played(2, 1, 40),
    "3 players, 120 moves": played(3, 2, 120),
    "2 players, over": played(2, 3),
    "4 players, over": played(4, 4),
}
RECORDS = {name: json.loads(g.to_json()) for name, g in GAMES.items()}
POSITIONS = {name: position_record(g) for name, g in GAMES.items()}
POSITIONS["3 players, after round 1"] = position_record(scored_once(3, 5))
POSITIONS["2 players, after round 1"] = position_record(scored_once(2, 6))
POSITIONS["4 players, awards to place"] = position_record(at_the_awards(4, 0))
TEXTS = {name: json.dumps(r) for name, r in {**RECORDS, **POSITIONS}.items()}


def text_of(rec) -> str:
    return json.dumps(rec, allow_nan=True).replace(json.dumps(HUGE), HUGE_TEXT)


def fingerprint():
    """What a load could change behind the caller's back: the games loaded
    from the same records, and a fresh game from a seed."""
    return [Game.from_json(TEXTS[k]).to_json() for k in ("2 players, 40 moves", "3 players, after round 1")] + \
        [Game(3, seed=1).to_json()]


FINGERPRINT = fingerprint()


def load_only_record_error(text):
    """Load ``text``: RecordError, or a game that is whole (checks pass, it
    round-trips). Anything else escaping fails the test."""
    try:
        g = Game.from_json(text)
    except RecordError as e:
        assert len(str(e)) <= 400, "a refusal quotes too much of the record"
        return None
    g.check()
    again = g.to_json()
    assert Game.from_json(again).to_json() == again
    return g


# ------------------------------------------------ any field, any bad value
def paths(value, prefix=()):
    """Every path into a JSON value (a long history: its first entries)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        items = value if prefix != ("history",) else value[:5]
        for i, v in enumerate(items):
            out += paths(v, prefix + (i,))
    return out


def get(rec, path):
    for k in path:
        rec = rec[k]
    return rec


def put(rec, path, value):
    if not path:
        return value
    get(rec, path[:-1])[path[-1]] = value
    return rec


BAD = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([HUGE, 2 ** 63, 2 ** 64, -2 ** 63 - 1, 10 ** 30, -1, 0, 54, 55, 5, 6, 7, 100_000, 5001]),
    st.text(max_size=12), st.sampled_from(["x" * 100_000, "dirham 4", "scoring 1", "over", "place", "0" * 16]),
    st.lists(st.integers(-3, 60), max_size=4), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)

MUTATIONS = ["replace", "duplicate", "drop", "extra_key", "drop_key", "plus", "minus", "swap"]


def mutate(rec, path, how, bad, rng):
    """Change ``rec`` at ``path`` in place (returns the record)."""
    v = get(rec, path)
    if how == "replace":
        return put(rec, path, bad)
    if how == "duplicate" and isinstance(v, list) and v:
        v.append(copy.deepcopy(v[rng.randrange(len(v))]))
        return rec
    if how == "drop" and isinstance(v, list) and v:
        del v[rng.randrange(len(v))]
        return rec
    if how == "extra_key" and isinstance(v, dict):
        v[rng.choice(["extra", "preset", "round", "x", ""])] = bad
        return rec
    if how == "drop_key" and isinstance(v, dict) and v:
        del v[rng.choice(sorted(v))]
        return rec
    if how in ("plus", "minus") and isinstance(v, int) and not isinstance(v, bool):
        return put(rec, path, v + (1 if how == "plus" else -1))
    if how == "swap" and isinstance(v, list) and len(v) > 1:
        i, j = rng.sample(range(len(v)), 2)
        v[i], v[j] = v[j], v[i]
        return rec
    return put(rec, path, bad)   # the change does not apply to this value: a bad value instead


ALL_PATHS = {name: paths(r) for name, r in {**RECORDS, **POSITIONS}.items()}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(ALL_PATHS)), pick=st.integers(0, 10 ** 9), how=st.sampled_from(MUTATIONS),
       bad=BAD, seed=st.integers(0, 2 ** 32), both=st.booleans())
def test_any_field_changed_raises_record_error_and_loads_nothing(name, pick, how, bad, seed, both):
    rec = copy.deepcopy({**RECORDS, **POSITIONS}[name])
    path = ALL_PATHS[name][pick % len(ALL_PATHS[name])]
    rng = random.Random(seed)
    if both and path[:1] in (("start",), ("state",)) and not rec["history"]:
        # a position record: the same change in start and state
        other = ("state" if path[0] == "start" else "start",) + path[1:]
        rng2 = random.Random(seed)
        mutate(rec, path, how, bad, rng)
        out = mutate(rec, other, how, bad, rng2)
    else:
        out = mutate(rec, path, how, bad, rng)
    event("loaded" if load_only_record_error(text_of(out)) else "refused")
    assert fingerprint() == FINGERPRINT      # nothing global changed


# --------------------------------------------- positions no game can reach
def both(rec, fn):
    """Apply ``fn`` to the start and the state of a position record."""
    rec = copy.deepcopy(rec)
    fn(rec["start"])
    fn(rec["state"])
    return rec


def move_tile_from_bag(st_, to):
    t = st_["bag"].pop()
    to(t)
    return t


def with_round(st_, k):
    """Add a scoring round record numbered ``k`` (a copy of the last, with
    the scores that follow from it, its scoring card taken from the deck):
    right in itself, so only the round's place in the game is wrong."""
    last = st_["rounds"][-1]
    r = copy.deepcopy(last)
    r["round"] = k
    r["scores"] = [a + b for a, b in zip(last["scores"], r["points"])]
    st_["rounds"].append(r)
    for p, score in zip(st_["players"], r["scores"]):
        p["score"] = score
    if f"scoring {k}" in st_["deck"]:
        st_["deck"].remove(f"scoring {k}")


UNREACHABLE = {
    # rounds: strictly 1, 2, 3 and only as the game reached them
    "rounds [1, 1]": ("3 players, after round 1", lambda s: with_round(s, 1)),
    "rounds [1, 3]": ("3 players, after round 1", lambda s: with_round(s, 3)),
    "rounds [2]": ("3 players, after round 1", lambda s: s["rounds"][0].__setitem__("round", 2)),
    "round 3 before the end": ("3 players, after round 1", lambda s: (with_round(s, 2), with_round(s, 3))),
    "round 3 before the end, 2 players": ("2 players, after round 1",
                                          lambda s: (with_round(s, 2), with_round(s, 3))),
    "round 1 played, its scoring card still in the deck": ("3 players, after round 1",
                                                            lambda s: s["deck"].insert(0, "scoring 1")),
    "a scoring card twice in the deck": ("2 players, 40 moves",
                                         lambda s: s["deck"].extend(["scoring 2", "scoring 2"])),
    "phase over without round 3": ("3 players, after round 1", lambda s: s.update(phase="over", final=True)),
    "scores not the last round's": ("3 players, after round 1",
                                    lambda s: s["players"][0].__setitem__("score", s["players"][0]["score"] + 1)),
    "round points not its buildings and wall": ("3 players, after round 1",
                                                lambda s: s["rounds"][0]["points"].__setitem__(0, 99)),
    "round with a huge count": ("3 players, after round 1",
                                lambda s: s["rounds"][0]["counts"][0].__setitem__(0, HUGE)),
    # a turn's bookkeeping (T2a)
    "extra with 0 actions": ("2 players, 40 moves", lambda s: s.update(extra=True, actions_this_turn=0, phase="action")),
    "actions_this_turn 5 with extra": ("2 players, 40 moves",
                                       lambda s: s.update(extra=True, actions_this_turn=5, phase="action")),
    "actions_this_turn 6": ("2 players, 40 moves", lambda s: s.update(actions_this_turn=6)),
    "extra in the placement phase": ("2 players, 40 moves", lambda s: s.update(extra=True, phase="place")),
    "placement phase with nothing to place": ("2 players, 40 moves",
                                              lambda s: s.update(phase="place", pending=[], actions_this_turn=1)),
    # pending tiles
    "a pending tile for a player not to move": (
        "3 players, 120 moves",
        lambda s: move_tile_from_bag(s, lambda t: s["pending"].append([(s["current"] + 1) % 3, t]))),
    "more pending tiles than actions": (
        "2 players, 40 moves",
        lambda s: (s.update(actions_this_turn=0, extra=False),
                   move_tile_from_bag(s, lambda t: s["pending"].append([s["current"], t])))),
    # the end (E1, E3)
    "final with tiles in the bag": ("2 players, 40 moves", lambda s: s.update(final=True, phase="place")),
    "over with tiles to place": ("2 players, over",
                                 lambda s: s["pending"].append([0, s["players"][0]["reserve"].pop()])
                                 if s["players"][0]["reserve"] else s.update(final=False)),
    "over but not final": ("4 players, over", lambda s: s.update(final=False)),
    "awarded tiles placed out of seat order": ("4 players, awards to place",
                                               lambda s: s.update(current=max((pl for pl, _ in s["pending"]),
                                                                              default=s["current"] ^ 1))),
    # tiles and cards
    "a tile twice": ("3 players, 120 moves", lambda s: s["bag"].append(s["bag"][0])),
    "a market tile also in the bag": ("3 players, 120 moves",
                                      lambda s: s["bag"].append(next(t for t in s["market"] if t is not None))),
    "a tile lost": ("3 players, 120 moves", lambda s: s["bag"].pop()),
    "the first tile lost": ("2 players, 40 moves", lambda s: s["bag"].remove(1) if 1 in s["bag"] else s["bag"].pop()),
    "the last tile lost": ("2 players, 40 moves", lambda s: s["bag"].remove(54) if 54 in s["bag"] else s["bag"].pop()),
    "a card twice": ("3 players, 120 moves", lambda s: s["deck"].append(s["deck"][0])),
    "five cards face up": ("3 players, 120 moves",
                           lambda s: s["money"].append(s["deck"].pop(next(i for i, c in enumerate(s["deck"])
                                                                           if not c.startswith("scoring"))))),
    "Dirk's tiles with 3 players": ("3 players, 120 moves", lambda s: s["dirk"].append(s["bag"].pop())),
    # ranges and sizes
    "current out of range": ("3 players, 120 moves", lambda s: s.update(current=3)),
    "a huge current": ("3 players, 120 moves", lambda s: s.update(current=HUGE)),
    "a huge turn": ("3 players, 120 moves", lambda s: s.update(turn=HUGE)),
    "turn 0": ("3 players, 120 moves", lambda s: s.update(turn=0)),
    "a turn over the limit": ("3 players, 120 moves", lambda s: s.update(turn=S.MAX_TURN + 1)),
    "a huge score": ("3 players, 120 moves", lambda s: s["players"][1].__setitem__("score", HUGE)),
    "a long name": ("3 players, 120 moves", lambda s: s["players"][0].__setitem__("name", "x" * (S.MAX_NAME_LENGTH + 1))),
    "a blank name": ("3 players, 120 moves", lambda s: s["players"][0].__setitem__("name", "   ")),
    "a huge alhambra coordinate": ("3 players, 120 moves",
                                   lambda s: s["players"][0]["alhambra"].append([HUGE, 0, s["bag"].pop()])),
    "seven players": ("3 players, 120 moves", lambda s: s["players"].extend(copy.deepcopy(s["players"][:2]) * 2)),
    "an extra state key": ("3 players, 120 moves", lambda s: s.update(cheat=True)),
    "an extra player key": ("3 players, 120 moves", lambda s: s["players"][0].update(cheat=True)),
    "an extra round key": ("3 players, after round 1", lambda s: s["rounds"][0].update(cheat=True)),
    "a round marked preset": ("3 players, after round 1", lambda s: s["rounds"][0].update(preset=True)),
    "rng not hex": ("3 players, 120 moves", lambda s: s.update(rng="g" * 16)),
    "rng as a number": ("3 players, 120 moves", lambda s: s.update(rng=12345)),
}


def test_the_positions_the_cases_start_from_are_valid():
    for name, rec in POSITIONS.items():
        assert load_only_record_error(json.dumps(rec)) is not None, name


@pytest.mark.parametrize("case", sorted(UNREACHABLE))
def test_a_position_no_game_reaches_is_refused(case):
    base, fn = UNREACHABLE[case]
    rec = both(POSITIONS[base], fn)
    with pytest.raises(RecordError):
        Game.from_json(text_of(rec))
    # and as the end of a played game's record: refused too
    played_rec = copy.deepcopy(RECORDS.get(base, RECORDS["3 players, 120 moves"]))
    fn(played_rec["state"])
    with pytest.raises(RecordError):
        Game.from_json(text_of(played_rec))


ENVELOPE = {
    "a huge seed": lambda r: r.update(seed=HUGE),
    "a seed past 64 bits": lambda r: r.update(seed=2 ** 64),
    "a negative seed past 64 bits": lambda r: r.update(seed=-2 ** 63 - 1),
    "a long text seed": lambda r: r.update(seed="s" * (S.MAX_SEED_LENGTH + 1)),
    "a float seed": lambda r: r.update(seed=1.5),
    "a boolean seed": lambda r: r.update(seed=True),
    "a huge version": lambda r: r.update(version=HUGE),
    "version 2": lambda r: r.update(version=2),
    "another format": lambda r: r.update(format="chess"),
    "an extra key": lambda r: r.update(cheat=1),
    "players not the start's": lambda r: r["players"].reverse(),
    "a long history entry": lambda r: r["history"].append("take dinar " + "9" * 1000),
    "a history entry not text": lambda r: r["history"].append(["take", "dinar", 3]),
    "an action of another position": lambda r: r["history"].insert(0, "buy 1 with dinar 9+9+9"),
    "a reshuffle with a long seed": lambda r: r["history"].append("reshuffle " + "f" * 300),
    "a chance move that does not parse": lambda r: r["history"].append("reshuffle zz"),
    "a history not a list": lambda r: r.update(history="take dinar 3"),
    "a record in a list": lambda r: r.update(nested=[[[[[]]]]]),
}


@pytest.mark.parametrize("case", sorted(ENVELOPE))
def test_a_changed_envelope_is_refused(case):
    rec = copy.deepcopy(RECORDS["3 players, 120 moves"])
    ENVELOPE[case](rec)
    with pytest.raises(RecordError):
        Game.from_json(text_of(rec))


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                       # nested too deep to read
    '{"format": ' + HUGE_TEXT + "}",                      # a number too long to read
    "1" * 5000,
    '{"a": NaN}', "null", '"text"', "", "\ufeff{}",
], ids=["deep", "huge number", "long number", "NaN", "null", "text", "empty", "BOM"])
def test_text_that_is_no_record_is_refused(text):
    with pytest.raises(RecordError):
        Game.from_json(text)
    with pytest.raises(RecordError):
        Game.from_json(text.encode("utf-8"))


@pytest.mark.parametrize("case", sorted(k for k in UNREACHABLE if "huge" in k) + ["a huge seed", "a huge version"])
def test_huge_numbers_are_refused_also_where_python_reads_them(case):
    # with the interpreter's limit on long numbers lifted, JSON reads
    # 10**5000 as a number: the field checks refuse it, without printing it
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        if case in UNREACHABLE:
            base, fn = UNREACHABLE[case]
            rec = both(POSITIONS[base], fn)
        else:
            rec = copy.deepcopy(RECORDS["3 players, 120 moves"])
            ENVELOPE[case](rec)
        with pytest.raises(RecordError) as e:
            Game.from_json(text_of(rec))
        assert len(str(e.value)) < 300
    finally:
        sys.set_int_max_str_digits(old)


@pytest.mark.parametrize("bad, quoted", [
    (10 ** 80, "1" + "0" * 56 + "..."),
    (10 ** 300, "<int of 997 bits>"),        # (not written out: see the next test)
    ("x" * 100, "'" + "x" * 55 + "...'"),   # (the quote closed after the cut)
    (3.5, "3.5"),
])
def test_a_wrong_value_is_quoted_cut_short_by_the_engines_one_helper(bad, quoted):
    rec = copy.deepcopy(RECORDS["3 players, 120 moves"])
    rec["state"]["turn"] = bad
    with pytest.raises(RecordError) as e:
        Game.from_json(text_of(rec))
    assert str(e.value).endswith(f", not {quoted}") and str(e.value).startswith("turn must be")


def test_a_quoted_value_is_cut_to_its_limit_a_text_with_its_closing_quote():
    from alhambra_widget.engine.errors import QUOTE, _shown
    text = "x" * 100
    assert _shown(text) == "'" + "x" * (QUOTE - 5) + "...'"
    assert len(_shown(text)) == QUOTE
    fits = "y" * (QUOTE - 2)          # its repr exactly the limit: whole
    assert _shown(fits) == repr(fits)
    assert _shown(fits + "y") == "'" + "y" * (QUOTE - 5) + "...'"
    # other values cut plainly, no quote added
    assert _shown(list(range(50))) == repr(list(range(50)))[:QUOTE - 3] + "..."
    assert _shown("z" * 10_000, limit=20) == "'" + "z" * 15 + "...'"


def test_a_text_inside_a_message_compares_by_key_and_values():
    from alhambra_widget.engine.errors import Text, _NoTexts
    assert Text("rule.P5") == Text("rule.P5") and Text("a", n=1) == Text("a", n=1)
    assert Text("a", n=1) != Text("a", n=2) and Text("a") != Text("b")
    assert Text("rule.P5") != "rule.P5" and Text("a") != ("a", {})
    assert len({Text("a", n=1), Text("a", n=1), Text("b")}) == 2
    # before a text layer is installed, a key and its values as they are
    assert _NoTexts.render("error.x", {"tile": 7, "at": "1,0"}, "en") == "error.x tile=7 at=1,0"


def test_a_huge_number_is_named_by_its_size_not_written_out():
    # where the interpreter's limit on digits is lifted, writing out a number of a million digits takes seconds
    from alhambra_widget.engine.errors import _shown
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert _shown(10 ** 200_000) == "<int of 664386 bits>"
        assert _shown(-(2 ** 900)) == "<int of 901 bits>" and _shown(2 ** 839).endswith("...")
    finally:
        sys.set_int_max_str_digits(old)


def test_bytes_that_are_not_utf8_are_refused():
    with pytest.raises(RecordError):
        Game.from_json(b"\xff\xfe{}")


# ---------------------------------------------------------- the limits
class Counted:
    """Counts the plays of every game while it is installed."""

    def __init__(self, monkeypatch):
        self.plays = 0
        real = Game.play

        def play(game, action, **kw):
            self.plays += 1
            return real(game, action, **kw)
        monkeypatch.setattr(Game, "play", play)


def test_a_record_above_the_move_limit_is_refused_before_any_replay(monkeypatch):
    rec = copy.deepcopy(RECORDS["2 players, 40 moves"])
    rec["history"] = rec["history"] + ["pass"] * (S.MAX_MOVES + 1 - len(rec["history"]))
    counted = Counted(monkeypatch)
    with pytest.raises(RecordError, match=str(S.MAX_MOVES)):
        Game.from_json(json.dumps(rec))
    assert counted.plays == 0


def test_a_record_above_the_character_limit_is_refused_before_it_is_read(monkeypatch):
    rec = copy.deepcopy(RECORDS["2 players, 40 moves"])
    text = json.dumps(rec)
    text = text[:-1] + ', "padding": "' + "x" * (record_module.MAX_RECORD_CHARS - len(text)) + '"}'
    assert len(text) > record_module.MAX_RECORD_CHARS
    counted = Counted(monkeypatch)
    reads = []
    real_loads = record_module.json.loads
    monkeypatch.setattr(record_module.json, "loads", lambda *a, **k: reads.append(1) or real_loads(*a, **k))
    with pytest.raises(RecordError, match="at most"):
        Game.from_json(text)
    with pytest.raises(RecordError, match="at most"):
        Game.from_json(text.encode() * 4)
    assert counted.plays == 0 and reads == []


def test_a_game_stops_at_the_move_limit_so_its_record_always_loads():
    g = played(2, 7, 30)
    g.moves.extend([g.moves[-1]] * (S.MAX_MOVES - len(g.moves)))   # as if it had been played this long
    with pytest.raises(Exception, match=str(S.MAX_MOVES)):
        g.play(g.legal_actions()[0])


@pytest.mark.parametrize("seed", [10 ** 5000, 2 ** 64, -2 ** 63 - 1, "s" * (S.MAX_SEED_LENGTH + 1), 1.5, True, b"x"],
                         ids=["10**5000", "2**64", "-2**63-1", "long text", "float", "bool", "bytes"])
def test_a_seed_a_record_could_not_hold_is_refused(seed):
    with pytest.raises((TypeError, ValueError)):
        Game(2, seed=seed)
    with pytest.raises((TypeError, ValueError)):
        Game.from_position(2, seed=seed)


@pytest.mark.parametrize("seed", [0, 2 ** 64 - 1, -2 ** 63, "s" * S.MAX_SEED_LENGTH, "", "ünïcødé"])
def test_every_seed_accepted_round_trips(seed):
    g = Game(2, seed=seed)
    g.play(g.legal_actions()[0])
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_a_saved_tile_to_place_that_is_not_a_pair_of_player_and_tile_is_refused_by_name():
    for bad in ([5], [[0]], [[0, 12, 3]], [{"player": 0, "tile": 12}], ["0,12"], [None]):
        rec = both(POSITIONS["2 players, 40 moves"], lambda s: s.update(pending=bad))
        with pytest.raises(RecordError, match=r"pending entries are \[player, tile_id\]"):
            Game.from_json(text_of(rec))


def test_saved_scoring_rounds_out_of_order_are_refused_naming_the_round_that_was_due():
    # (the cases "rounds [2]" and "rounds [1, 1]" of UNREACHABLE, with the words of their refusal)
    for fn, due in ((UNREACHABLE["rounds [2]"][1], r"^rounds\[0\]\.round must be 1: scoring rounds come in the order 1, 2, 3"),
                    (UNREACHABLE["rounds [1, 1]"][1], r"^rounds\[1\]\.round must be 2: ")):
        with pytest.raises(RecordError, match=due):
            Game.from_json(text_of(both(POSITIONS["3 players, after round 1"], fn)))
