"""A position's fields, declared once.

Everything a :class:`~alhambra_widget.engine.Game` position holds is listed in
:data:`FIELDS`: its attribute, how it is copied, how it is written to a game
record (a JSON value) and how it is read back and checked. ``Game.copy``, the
undo snapshots, the record (``to_json``/``from_json``) and
``Game.from_position`` all go through this one declaration, so adding a field
touches one place.

Reading a state (:func:`load_into`) checks every field's shape and range and
then every condition between fields (:func:`check_consistency`): a state that
no game could reach raises :class:`RecordError` naming the field.

Limits: at most :data:`MAX_NAME_LENGTH` characters per player name; numbers
in a state are bounded (scores below :data:`MAX_SCORE`, turns below
:data:`MAX_TURN`).
"""

from __future__ import annotations

from collections import Counter
from unicodedata import category as _category, normalize as _normalize
from operator import attrgetter

from .alhambra import Alhambra, broken_rule
from .errors import IllegalMove, RecordError, _cut, _shown
from .money import SCORING, Card, card, full_deck
from .tiles import BY_ID

__all__ = ["Player", "FIELDS", "Field", "copy_fields", "dump_state", "load_into", "check_consistency",
           "check_bookkeeping", "check_seed", "name_ok", "name_key", "same_name", "MAX_NAME_LENGTH", "MAX_SCORE", "MAX_TURN", "MAX_MOVES",
           "MAX_SEED_LENGTH", "PHASES"]

#: The longest player name a game (and a record) accepts.
MAX_NAME_LENGTH = 64
#: Scores stay below this (a real game ends far below 1,000).
MAX_SCORE = 100_000
#: Turn numbers stay below this.
MAX_TURN = 100_000
#: The most moves a game (and a record) holds; a real game has 150-450.
MAX_MOVES = 5000
#: The longest text seed; integer seeds lie in [-2**63, 2**64).
MAX_SEED_LENGTH = 256
PHASES = ("action", "place", "over")

_tid = attrgetter("id")
_KEY = attrgetter("key")


class Player:
    """A seat: ``name``, ``hand`` (money cards, sorted), ``alhambra``,
    ``reserve`` (tiles, sorted by id) and ``score``."""

    __slots__ = ("name", "hand", "alhambra", "reserve", "score")

    def __init__(self, name: str):
        self.name = name
        self.hand: list = []
        self.alhambra = Alhambra()
        self.reserve: list = []
        self.score = 0

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.name = self.name
        p.hand = self.hand.copy()
        p.alhambra = self.alhambra.copy()
        p.reserve = self.reserve.copy()
        p.score = self.score
        return p

    def money(self, currency) -> int:
        """Total value of the cards of one currency in hand."""
        from .money import Currency
        cur = Currency(currency)
        return sum(c.value for c in self.hand if c.currency is cur)

    def __repr__(self):
        return f"<Player {self.name!r}: {self.score} points, {len(self.hand)} cards, {len(self.alhambra)} tiles>"


def check_seed(seed):
    """``seed`` if a game can start from it (and save it), else TypeError/ValueError."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError("seed must be an int or a str")
    if isinstance(seed, int) and not -(1 << 63) <= seed < (1 << 64):
        raise ValueError("an integer seed lies in [-2**63, 2**64)")
    if isinstance(seed, str) and len(seed) > MAX_SEED_LENGTH:
        raise ValueError(f"a text seed has at most {MAX_SEED_LENGTH} characters")
    if isinstance(seed, str) and any(_category(c) == "Cs" for c in seed):
        raise ValueError("a text seed is Unicode text: a lone surrogate (such as '\\ud800') cannot be saved")
    return seed



# ------------------------------------------------------------ reading values
def _fail(msg):
    raise RecordError(msg)


def _int(v, what, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int):
        _fail(f"{what} must be an integer, not {_shown(v)}")
    if not lo <= v <= hi:
        _fail(f"{what} must be between {lo} and {hi}, not {_shown(v)}")
    return v


def _list(v, what, most=None):
    if not isinstance(v, list):
        _fail(f"{what} must be a list")
    if most is not None and len(v) > most:
        _fail(f"{what} has more than {most} entries")
    return v


def _bool(v, what):
    if not isinstance(v, bool):
        _fail(f"{what} must be true or false")
    return v


def _tile(v, what):
    return BY_ID[_int(v, what, 1, 54)]


def _card(v, what, scoring=False):
    if not isinstance(v, str) or len(v) > 20:
        _fail(f"{what}: {_shown(v)} is not a money card such as 'dirham 4'")
    parts = v.split()
    if scoring and len(parts) == 2 and parts[0] == "scoring" and parts[1] in ("1", "2"):
        return SCORING[int(parts[1])]
    try:
        cur, val = parts
        if not val.isascii() or not val.isdigit():
            raise ValueError
        return card(cur, int(val))
    except (ValueError, TypeError):
        _fail(f"{what}: {_shown(v)} is not a money card such as 'dirham 4'")


def _cards(v, what, most, scoring=False):
    return [_card(c, what, scoring) for c in _list(v, what, most)]


def _tiles(v, what):
    return sorted((_tile(t, what) for t in _list(v, what, 54)), key=_tid)


# ----------------------------------------------------------- the declaration
class Field:
    """One field of a position: ``name`` (its key in a record's state),
    ``attr`` (the attribute of the game), ``copy`` (a Python expression of
    ``{}`` that copies the value: values are copied on every snapshot),
    ``dump(value)`` (to JSON) and ``load(json, n_players)`` (from JSON,
    checking shape and range; raises RecordError)."""

    __slots__ = ("name", "attr", "copy", "dump", "load", "doc", "optional")

    def __init__(self, name, copy, dump, load, doc, attr=None, optional=False):
        self.name, self.attr, self.copy, self.dump, self.load, self.doc = name, attr or name, copy, dump, load, doc
        #: a record made before the field was added lacks it: read as null
        self.optional = optional


def _dump_players(ps):
    return [{"name": p.name, "hand": [str(c) for c in p.hand], "alhambra": p.alhambra.to_list(),
             "reserve": [t.id for t in p.reserve], "score": p.score} for p in ps]


_PLAYER_KEYS = {"name", "hand", "alhambra", "reserve", "score"}


def name_ok(name) -> bool:
    """Whether ``name`` is a player's name as a record keeps it: one line of 1 to
    :data:`MAX_NAME_LENGTH` characters -- no control characters (a line break, a tab, NUL:
    a name stands in sentences and on one line of the table) -- and not only blanks and
    invisible characters, nor a lone surrogate (``"\\ud800"``: no UTF-8 text can hold it;
    ``Game`` takes no other, so that every game it makes can be saved and loaded)."""
    return (isinstance(name, str) and 0 < len(name) <= MAX_NAME_LENGTH
            and not any(_category(c) in ("Cc", "Cs") for c in name)
            and not all(c.isspace() or _category(c) == "Cf" for c in name))


def name_key(name: str) -> str:
    """What makes two player names one (see :func:`same_name`): equal but for case, blanks
    around and how Unicode spells the same letters (an "é" as one character or as "e" and an
    accent)."""
    return _normalize("NFKC", name).strip().casefold()


def seat_index(who, names, what: str = "seat", *, none: str | None = None):
    """``who`` as a seat: a player's index (0 to ``len(names) - 1``) or a player's name, compared
    as the table compares names (:func:`name_key`); with ``none`` (what None means, e.g. "for
    hot-seat"), None too. Anything else is a ValueError naming ``what`` and the players."""
    if who is None and none is not None:
        return None
    also = "" if none is None else f" (or None {none})"
    n = len(names)
    if isinstance(who, str):
        key = name_key(who)
        for i, name in enumerate(names):
            if name_key(name) == key:
                return i
        raise ValueError(f"{what}: no player is called {_shown(who)}: the players are {', '.join(names)}{also}")
    if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < n:
        raise ValueError(f"{what} is a player's index from 0 to {n - 1} or a player's name, not {_shown(who)}{also}")
    return who


def same_name(names) -> tuple | None:
    """The first two seats (indices) whose players share a name, or None: a table speaks of its
    players by name ("Ana took dinar 3"), so two names that read alike (equal but for case and
    the blanks around them) are one name."""
    seen = {}
    for i, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            return seen[key], i
        seen[key] = i
    return None


def _load_players(v, n):
    out = []
    for i, pd in enumerate(v):
        if not isinstance(pd, dict) or set(pd) != _PLAYER_KEYS:
            _fail(f"players[{i}] must have exactly name, hand, alhambra, reserve and score")
        name = pd["name"]
        if not name_ok(name):
            _fail(f"players[{i}].name must be one line of 1 to {MAX_NAME_LENGTH} characters, not only blanks")
        p = Player(name)
        p.hand = sorted(_cards(pd["hand"], f"players[{i}].hand", 108), key=_KEY)
        placed = {}
        for e in _list(pd["alhambra"], f"players[{i}].alhambra", 54):
            if not isinstance(e, list) or len(e) != 3:
                _fail(f"players[{i}].alhambra entries are [x, y, tile_id]")
            pos = (_int(e[0], f"players[{i}].alhambra x", -54, 54), _int(e[1], f"players[{i}].alhambra y", -54, 54))
            if pos in placed or pos == (0, 0):
                _fail(f"players[{i}].alhambra has two tiles at {pos}")
            placed[pos] = _tile(e[2], f"players[{i}].alhambra tile")
        try:
            p.alhambra = Alhambra.from_tiles(placed)
        except IllegalMove as e:
            _fail(f"players[{i}].alhambra: {e.message}")   # ("This Alhambra breaks rule P4: ...")
        p.reserve = _tiles(pd["reserve"], f"players[{i}].reserve")
        p.score = _int(pd["score"], f"players[{i}].score", 0, MAX_SCORE)
        out.append(p)
    twice = same_name([p.name for p in out])
    if twice is not None:
        a, b = twice
        _fail(f"players[{b}].name: players {a + 1} and {b + 1} are both called {out[a].name!r}")
    return out


def _load_players_list(v, n):
    return _load_players(_list(v, "players", 6), n)


def _load_market(v, n):
    v = _list(v, "market", 4)
    if len(v) != 4:
        _fail("market must have 4 slots")
    return [None if t is None else _tile(t, "market tile") for t in v]


def _load_money(v, n):
    return _cards(v, "money", 4)


def _load_pending(v, n):
    out = []
    for e in _list(v, "pending", 54):
        if not isinstance(e, list) or len(e) != 2:
            _fail("pending entries are [player, tile_id]")
        out.append((_int(e[0], "pending player", 0, n - 1), _tile(e[1], "pending tile")))
    return out


def _load_phase(v, n):
    if v not in PHASES:
        _fail("phase must be 'action', 'place' or 'over'")
    return v


_ROUND_KEYS = {"round", "counts", "buildings", "walls", "points", "dirk", "scores"}


def _int_list(v, what, size, lo=0, hi=MAX_SCORE):
    v = _list(v, what, size)
    if len(v) != size:
        _fail(f"{what} must have {size} entries")
    return [_int(x, what, lo, hi) for x in v]


def _load_rounds(v, n):
    out = []
    v = _list(v, "rounds", 3)
    for k, r in enumerate(v):
        what = f"rounds[{k}]"
        if not isinstance(r, dict):
            _fail(f"{what} must be an object")
        keys = set(r)
        if keys - {"preset"} != _ROUND_KEYS:
            _fail(f"{what} must have exactly {', '.join(sorted(_ROUND_KEYS))}")
        rnd = _int(r["round"], f"{what}.round", 1, 3)
        if rnd != k + 1 and not (rnd == 3 and k == len(v) - 1):
            # (the end of the game scores round 3 whatever came before: when the bag runs out
            # before a scoring card comes up, E1-E3, the rounds are 1 and 3, or 3 alone)
            _fail(f"{what}.round must be {k + 1}: scoring rounds come in the order 1, 2, 3 "
                  f"(the last may be round 3, the end of the game)")
        rec = {"round": rnd}
        preset = r.get("preset", False)
        if "preset" in r:
            rec_preset = _bool(preset, f"{what}.preset")
        else:
            rec_preset = False
        entries = n + 1 if n == 2 else n
        if rec_preset:
            for key in ("counts", "buildings", "walls"):
                if r[key] != []:
                    _fail(f"{what}.{key} of a preset round must be empty")
            rec["counts"], rec["buildings"], rec["walls"] = [], [], []
        else:
            counts = _list(r["counts"], f"{what}.counts", entries)
            if len(counts) != entries:
                _fail(f"{what}.counts must have {entries} entries")
            rec["counts"] = [_int_list(c, f"{what}.counts", 6, 0, 54) for c in counts]
            b = _list(r["buildings"], f"{what}.buildings", n)
            if len(b) != n:
                _fail(f"{what}.buildings must have {n} entries")
            rec["buildings"] = [_int_list(x, f"{what}.buildings", 6, 0, 100) for x in b]
            rec["walls"] = _int_list(r["walls"], f"{what}.walls", n, 0, 200)
        rec["points"] = _int_list(r["points"], f"{what}.points", n)
        if n == 2 and not rec_preset:
            rec["dirk"] = _int_list(r["dirk"], f"{what}.dirk", 6, 0, 100)
        else:
            if r["dirk"] is not None:
                _fail(f"{what}.dirk must be null" + ("" if n == 2 else " (Dirk plays only with two players)"))
            rec["dirk"] = None
        rec["scores"] = _int_list(r["scores"], f"{what}.scores", n)
        if not rec_preset:
            for i in range(n):
                if rec["points"][i] != sum(rec["buildings"][i]) + rec["walls"][i]:
                    _fail(f"{what}.points[{i}] is not its buildings' points plus its wall")
        else:
            rec["preset"] = True
        out.append(rec)
    for k in range(1, len(out)):
        for i in range(n):
            if out[k]["scores"][i] != out[k - 1]["scores"][i] + out[k]["points"][i]:
                _fail(f"rounds[{k}].scores[{i}] is not the score before plus the round's points")
    return out


def _load_rng(v, n):
    if not isinstance(v, str) or len(v) != 16 or any(ch not in "0123456789abcdef" for ch in v):
        _fail("rng must be 16 lower-case hex digits")
    return int(v, 16)


def _copy_rounds(rounds):
    # a round record is never changed once made: records are shared
    return rounds.copy()


#: The fields of a position, in the order of a record's state.
FIELDS = (
    Field("players", "[p.copy() for p in {}]", _dump_players, _load_players_list,
          "per seat: name, hand (cards as 'dirham 4'), alhambra ([[x, y, tile_id], ...]), reserve (tile ids), score"),
    Field("market", "{}.copy()", lambda m: [t.id if t is not None else None for t in m], _load_market,
          "the building market: 4 tile ids or null, slots 1-4"),
    Field("money", "{}.copy()", lambda cs: [str(c) for c in cs], _load_money, "the face-up money market"),
    Field("deck", "{}.copy()", lambda cs: [str(c) for c in cs], lambda v, n: _cards(v, "deck", 110, True),
          "the money deck, top card last; scoring cards as 'scoring 1'"),
    Field("discard", "{}.copy()", lambda cs: [str(c) for c in cs], lambda v, n: _cards(v, "discard", 108),
          "the discard pile"),
    Field("bag", "{}.copy()", lambda ts: sorted(t.id for t in ts), lambda v, n: _tiles(v, "bag"),
          "the tiles in the bag (ids; draws are uniform, so the order does not matter)"),
    Field("dirk", "{}.copy()", lambda ts: [t.id for t in ts], lambda v, n: _tiles(v, "dirk"),
          "Dirk's tiles (two players)"),
    Field("pending", "{}.copy()", lambda ps: [[pl, t.id] for pl, t in ps], _load_pending,
          "[player, tile_id]: tiles bought (or awarded at the end) still to place"),
    Field("phase", "{}", lambda v: v, _load_phase, "'action', 'place' (end of turn) or 'over'"),
    Field("current", "{}", lambda v: v, lambda v, n: _int(v, "current", 0, n - 1), "the seat to act or place"),
    Field("extra", "{}", lambda v: v, lambda v, n: _bool(v, "extra"), "an exact payment gave another action (T2a)"),
    Field("turn", "{}", lambda v: v, lambda v, n: _int(v, "turn", 1, MAX_TURN), "the turn number, from 1"),
    Field("actions_this_turn", "{}", lambda v: v, lambda v, n: _int(v, "actions_this_turn", 0, 5),
          "actions taken this turn (at most 5: T2a)"),
    Field("final", "{}", lambda v: v, lambda v, n: _bool(v, "final"),
          "the game has ended (E1) and the awarded tiles are being placed (E3)"),
    Field("start_player", "{}", lambda v: v, lambda v, n: _int(v, "start_player", 0, n - 1),
          "the seat that had the first turn (S4)"),
    Field("rounds", "_copy_rounds({})", lambda rs: [dict(r) for r in rs], _load_rounds,
          "one record per scoring round played: round, counts, buildings, walls, points, dirk, scores"),
    Field("deck_cut", "{}", lambda v: v, lambda v, n: None if v is None else _int(v, "deck_cut", 0, 110),
          "how many money cards the deck held when it was cut into five piles (S6; public, as the deal "
          "is face up): where the scoring cards still in it may lie; null where not known (a position "
          "set up by hand)", optional=True),
    Field("rng", "{}", lambda v: f"{v:016x}", _load_rng,
          "the 64-bit state of the game's random number generator (16 hex digits)", attr="_rng"),
)
FIELD_NAMES = tuple(f.name for f in FIELDS)


def _compile_copier():
    lines = ["def copy_fields(src, dst):"]
    for f in FIELDS:
        lines.append(f"    dst.{f.attr} = " + f.copy.format(f"src.{f.attr}"))
    lines.append("    return dst")
    ns = {"_copy_rounds": _copy_rounds}
    exec("\n".join(lines), ns)  # one fast function from the declaration (as dataclasses do)
    fn = ns["copy_fields"]
    fn.__doc__ = "Copy every field of a position from ``src`` onto ``dst`` (returns ``dst``)."
    return fn


copy_fields = _compile_copier()


def dump_state(g) -> dict:
    """The position of ``g`` as a record's STATE (plain JSON values)."""
    return {f.name: f.dump(getattr(g, f.attr)) for f in FIELDS}


def load_into(g, state) -> None:
    """Read a STATE onto ``g`` (a bare game object), checking every field and
    every condition between fields. Raises RecordError (``g`` is then not usable)."""
    if not isinstance(state, dict):
        _fail("a state must be an object")
    missing = {f.name for f in FIELDS if not f.optional} - state.keys()
    if missing:
        _fail(f"the state lacks {', '.join(sorted(missing))}")
    extra = state.keys() - set(FIELD_NAMES)
    if extra:
        _fail(f"the state has unknown fields {', '.join(sorted(map(_shown, extra)))}")
    players = _list(state["players"], "players", 6)
    if not 2 <= len(players) <= 6:
        _fail("players: a game has 2 to 6 players")
    n = len(players)
    for f in FIELDS:
        setattr(g, f.attr, f.load(state.get(f.name), n))
    try:
        check_bookkeeping(g)
    except AssertionError as e:
        _fail(f"the position does not add up: {_cut(str(e), 200)}")
    check_consistency(g)


# ------------------------------------------------------------ the checks
def check_bookkeeping(g) -> None:
    """Every tile somewhere exactly once, every money card accounted for,
    every Alhambra legal. Raises AssertionError naming what is wrong."""
    n = len(g.players)
    where = Counter()
    for p in g.players:
        for t in p.alhambra.tiles():
            where[t.id] += 1
        for t in p.reserve:
            where[t.id] += 1
    for t in g.market:
        if t is not None:
            where[t.id] += 1
    for t in g.bag:
        where[t.id] += 1
    for t in g.dirk:
        where[t.id] += 1
    for _, t in g.pending:
        where[t.id] += 1
    twice = sorted(k for k, v in where.items() if v > 1)
    assert not twice, f"tiles {twice} are in more than one place"
    lost = sorted(set(range(1, 55)) - set(where))
    assert not lost, f"tiles {lost} are nowhere"
    if n != 2:
        assert not g.dirk, "Dirk has tiles in a game of more than two players"
    cards = Counter()
    scoring = Counter()
    for pile in [p.hand for p in g.players] + [g.money, g.deck, g.discard]:
        for c in pile:
            if isinstance(c, Card):
                cards[c] += 1
            else:
                scoring[int(c)] += 1
    expected = Counter(full_deck(n))
    assert cards == expected, (
        f"money cards do not add up: missing {dict(expected - cards)}, extra {dict(cards - expected)}")
    played = [r["round"] for r in g.rounds]
    for k in (1, 2):
        assert scoring[k] <= 1, f"scoring card {k} is there twice"
        if scoring[k]:
            assert k not in played, f"scoring card {k} is still in the deck but its round was played"
    assert all(isinstance(c, Card) for p in g.players for c in p.hand), "a scoring card is in a hand"
    assert all(isinstance(c, Card) for c in g.money), "a scoring card is in the money market"
    assert all(isinstance(c, Card) for c in g.discard), "a scoring card is in the discard pile"
    # the money per currency and the card values per currency kept per hand (Game._pc)
    for seat, e in enumerate(getattr(g, "_pc", None) or ()):
        hand = g.players[seat].hand
        if e is None or e[0] is not hand:
            continue
        vals = tuple(tuple(sorted((c.value for c in hand if c.key // 9 == i), reverse=True)) for i in range(4))
        assert e[1] == tuple(map(sum, vals)), f"seat {seat}: the money per currency kept is {e[1]}, not {vals}"
        assert e[2] is None or e[2] == vals, f"seat {seat}: the card values kept are {e[2]}, not {vals}"
    for p in g.players:
        problem = broken_rule(p.alhambra)
        assert problem is None, f"{p.name}'s Alhambra breaks {problem}"
        p.alhambra._verify_caches()
        assert p.score >= 0


def check_consistency(g) -> None:
    """The conditions between fields that every reachable position meets
    (beyond the bookkeeping). Raises RecordError naming the field."""
    n = len(g.players)
    played = [r["round"] for r in g.rounds]
    # (a scoring card may be left out of a position set up by hand: no such round comes)
    if 3 in played and g.phase != "over":
        _fail("rounds: round 3 is scored only at the end of the game (phase 'over')")
    if g.phase == "over":
        if 3 not in played:
            _fail("phase: a game is over only after scoring round 3")
        if not g.final or g.pending:
            _fail("phase: a game that is over has no tiles to place and is past its end (final)")
    if g.rounds:
        if [p.score for p in g.players] != g.rounds[-1]["scores"]:
            _fail("players.score: scores change only in scoring rounds (the last round's scores)")
    if g.extra:
        if g.phase != "action":
            _fail("extra: another action (T2a) exists only in the action phase")
        if g.actions_this_turn < 1:
            _fail("extra: another action follows an exact payment, so at least one action was taken")
        if g.actions_this_turn >= 5:
            _fail("extra: a turn has at most 5 actions (T2a)")
    if g.final:
        if g.bag:
            _fail("final: the game ends (E1) only when the bag cannot refill the market")
        if g.phase == "action":
            _fail("final: after the end (E1) only the awarded tiles are placed")
        if g.actions_this_turn:
            _fail("actions_this_turn: the award placements (E3) are no actions of a turn")
        if g.pending and g.current != min(pl for pl, _ in g.pending):
            _fail("current: the awarded tiles are placed in seat order (E3)")
    else:
        others = [pl for pl, _ in g.pending if pl != g.current]
        if others:
            _fail("pending: only the player to act has bought tiles to place")
        if len(g.pending) > g.actions_this_turn:
            _fail("pending: more tiles to place than actions taken this turn")
        mine = any(pl == g.current for pl, _ in g.pending)
        if g.phase == "action" and mine and not g.extra:
            _fail("pending: bought tiles wait in the action phase only after an exact payment (T2a)")
        if g.phase == "place" and g.actions_this_turn < 1:
            _fail("actions_this_turn: the placement phase follows at least one action")
    if g.phase == "place" and not any(pl == g.current for pl, _ in g.pending):
        _fail("phase: in the placement phase the player to act has tiles to place")
    if n != 2 and g.dirk:
        _fail("dirk: Dirk plays only in two-player games")
