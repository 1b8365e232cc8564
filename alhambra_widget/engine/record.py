"""The game record: ``Game.to_json()`` / ``Game.from_json()``.

Format (version 1), one JSON object::

    {
      "format": "alhambra-widget game record",
      "version": 1,
      "players": ["Ana", "Ben", "Chi"],
      "seed": 1,                      # int or str, as given to Game()
      "start": STATE,                 # the position the history starts from
      "history": ["take dinar 3", "buy 2 with dirham 3+4", ...],
      "state": STATE                  # the position now
    }

A STATE holds the whole position, hidden parts included (it is a save file,
not a view for a player): each player's ``name``, ``hand`` (cards as
``"dirham 4"``), ``alhambra`` (``[[x, y, tile_id], ...]``), ``reserve`` (tile
ids) and ``score``; the ``market`` (4 tile ids or null), the face-up
``money``, the ``deck`` (top card last; scoring cards as ``"scoring 1"``),
the ``discard`` pile, the ``bag`` (tile ids; draws are uniform, so its order
does not matter), ``dirk`` (tile ids), ``pending`` (``[player, tile_id]``),
``phase`` (``"action"``, ``"place"`` or ``"over"``), ``current``,
``extra``, ``turn``, ``actions_this_turn``, ``final``, ``start_player``,
``rounds`` (scoring round records) and ``rng`` (the 64-bit state of the
game's random number generator, as 16 hex digits).

Loading checks everything: the shape of every field, that every tile and
every money card is somewhere exactly once, that every Alhambra obeys the
placement rules, that each move of the history is legal from ``start``, and
that replaying the history from ``start`` gives exactly ``state``. A record
that fails any check raises :class:`RecordError` and nothing is loaded.
"""

from __future__ import annotations

import json
from collections import Counter

from .alhambra import Alhambra
from .errors import IllegalMove, RecordError
from .money import CURRENCIES, Card, card, full_deck
from .tiles import BY_ID, TILES

FORMAT = "alhambra-widget game record"
VERSION = 1


def _card_text(c) -> str:
    return str(c)


def state_of(g) -> dict:
    return {
        "players": [{
            "name": p.name,
            "hand": [str(c) for c in p.hand],
            "alhambra": p.alhambra.to_list(),
            "reserve": [t.id for t in p.reserve],
            "score": p.score,
        } for p in g.players],
        "market": [t.id if t is not None else None for t in g.market],
        "money": [str(c) for c in g.money],
        "deck": [str(c) for c in g.deck],
        "discard": [str(c) for c in g.discard],
        "bag": sorted(t.id for t in g.bag),
        "dirk": [t.id for t in g.dirk],
        "pending": [[pl, t.id] for pl, t in g.pending],
        "phase": g.phase,
        "current": g.current,
        "extra": g.extra,
        "turn": g.turn,
        "actions_this_turn": g.actions_this_turn,
        "final": g.final,
        "start_player": g.start_player,
        "rounds": [dict(r) for r in g.rounds],
        "rng": f"{g._rng:016x}",
    }


def dump(g, indent=None) -> str:
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "players": [p.name for p in g.players],
        "seed": g.seed,
        "start": g.start_state() if g._start is not None else state_of(g),
        "history": [str(a) for a in g.history] if g._start is not None else [],
        "state": state_of(g),
    }
    return json.dumps(rec, indent=indent, ensure_ascii=False)


# ---------------------------------------------------------------- loading

def _fail(msg):
    raise RecordError(msg)


def _int(v, what, lo=None, hi=None):
    if isinstance(v, bool) or not isinstance(v, int):
        _fail(f"{what} must be an integer, not {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        _fail(f"{what} must be between {lo} and {hi}, not {v}")
    return v


def _list(v, what):
    if not isinstance(v, list):
        _fail(f"{what} must be a list")
    return v


def _tile(v, what):
    return BY_ID[_int(v, what, 1, 54)]


def _card(v, what):
    if not isinstance(v, str):
        _fail(f"{what} must be a card such as 'dirham 4', not {v!r}")
    parts = v.split()
    if len(parts) == 2 and parts[0] == "scoring" and parts[1] in ("1", "2"):
        from .game import SCORING
        return SCORING[int(parts[1])]
    try:
        cur, val = parts
        return card(cur, int(val))
    except (ValueError, TypeError):
        _fail(f"{what}: {v!r} is not a money card")


_KEYS = {"players", "market", "money", "deck", "discard", "bag", "dirk", "pending", "phase",
         "current", "extra", "turn", "actions_this_turn", "final", "start_player", "rounds", "rng"}


def game_from_state(state, seed):
    """Build a Game from a STATE dict, checking its shape and its bookkeeping."""
    from .game import Game, Player

    if not isinstance(state, dict):
        _fail("a state must be an object")
    missing = _KEYS - state.keys()
    if missing:
        _fail(f"the state lacks {', '.join(sorted(missing))}")
    extra = state.keys() - _KEYS
    if extra:
        _fail(f"the state has unknown fields {', '.join(sorted(extra))}")
    players = _list(state["players"], "players")
    if not 2 <= len(players) <= 6:
        _fail("a game has 2 to 6 players")
    n = len(players)
    g = Game.__new__(Game)
    g.seed = seed
    g.players = []
    for i, pd in enumerate(players):
        if not isinstance(pd, dict) or set(pd) != {"name", "hand", "alhambra", "reserve", "score"}:
            _fail(f"player {i} must have exactly name, hand, alhambra, reserve and score")
        if not isinstance(pd["name"], str):
            _fail(f"player {i}'s name must be text")
        p = Player(pd["name"])
        hand = [_card(c, f"player {i}'s hand") for c in _list(pd["hand"], f"player {i}'s hand")]
        if any(not isinstance(c, Card) for c in hand):
            _fail(f"player {i} holds a scoring card")
        p.hand = sorted(hand, key=lambda c: c.key)
        placed = {}
        for e in _list(pd["alhambra"], f"player {i}'s alhambra"):
            if not isinstance(e, list) or len(e) != 3:
                _fail(f"player {i}'s alhambra entries are [x, y, tile_id]")
            pos = (_int(e[0], "x"), _int(e[1], "y"))
            if pos in placed:
                _fail(f"player {i}'s alhambra has two tiles at {pos}")
            placed[pos] = _tile(e[2], f"player {i}'s alhambra tile")
        try:
            p.alhambra = Alhambra.from_tiles(placed)
        except IllegalMove as e:
            _fail(f"player {i}'s alhambra breaks rule {e.rule}: {e.message}")
        p.reserve = sorted((_tile(t, f"player {i}'s reserve") for t in _list(pd["reserve"], "reserve")),
                           key=lambda t: t.id)
        p.score = _int(pd["score"], f"player {i}'s score", 0)
        g.players.append(p)
    market = _list(state["market"], "market")
    if len(market) != 4:
        _fail("the building market has 4 slots")
    g.market = [None if t is None else _tile(t, "market tile") for t in market]
    g.money = [_card(c, "money market") for c in _list(state["money"], "money")]
    if len(g.money) > 4 or any(not isinstance(c, Card) for c in g.money):
        _fail("the money market holds up to 4 money cards")
    g.deck = [_card(c, "deck") for c in _list(state["deck"], "deck")]
    g.discard = [_card(c, "discard") for c in _list(state["discard"], "discard")]
    if any(not isinstance(c, Card) for c in g.discard):
        _fail("the discard pile holds money cards only")
    g.bag = sorted((_tile(t, "bag") for t in _list(state["bag"], "bag")), key=lambda t: t.id)
    g.dirk = sorted((_tile(t, "dirk") for t in _list(state["dirk"], "dirk")), key=lambda t: t.id)
    g.pending = []
    for e in _list(state["pending"], "pending"):
        if not isinstance(e, list) or len(e) != 2:
            _fail("pending entries are [player, tile_id]")
        g.pending.append((_int(e[0], "pending player", 0, n - 1), _tile(e[1], "pending tile")))
    if state["phase"] not in ("action", "place", "over"):
        _fail("phase must be 'action', 'place' or 'over'")
    g.phase = state["phase"]
    g.current = _int(state["current"], "current", 0, n - 1)
    for k in ("extra", "final"):
        if not isinstance(state[k], bool):
            _fail(f"{k} must be true or false")
    g.extra = state["extra"]
    g.final = state["final"]
    g.turn = _int(state["turn"], "turn", 1)
    g.actions_this_turn = _int(state["actions_this_turn"], "actions_this_turn", 0, 5)
    g.start_player = _int(state["start_player"], "start_player", 0, n - 1)
    rounds = _list(state["rounds"], "rounds")
    for r in rounds:
        if not isinstance(r, dict) or r.get("round") not in (1, 2, 3):
            _fail("each scoring round record needs a round number 1-3")
    g.rounds = [dict(r) for r in rounds]
    rng = state["rng"]
    if not isinstance(rng, str) or len(rng) != 16:
        _fail("rng must be 16 hex digits")
    try:
        g._rng = int(rng, 16)
    except ValueError:
        _fail("rng must be 16 hex digits")
    g.history = []
    g._start = None
    try:
        check_game(g)
    except AssertionError as e:
        _fail(f"the position does not add up: {e}")
    if g.phase == "place" and not any(pl == g.current for pl, _ in g.pending):
        _fail("in the placement phase the current player must have tiles to place")
    if g.phase == "action" and any(pl == g.current for pl, _ in g.pending) and not g.extra:
        _fail("bought tiles are pending but the turn is not in its placement phase")
    return g


def load(text):
    from .actions import parse

    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            _fail("a game record is UTF-8 JSON text")
    if not isinstance(text, str):
        _fail("a game record is JSON text")
    try:
        rec = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        _fail(f"the game record is not valid JSON: {e}")
    if not isinstance(rec, dict):
        _fail("a game record is a JSON object")
    if rec.get("format") != FORMAT:
        _fail(f"this is not an alhambra-widget game record (format must be {FORMAT!r})")
    if rec.get("version") != VERSION:
        _fail(f"record version {rec.get('version')!r} is not supported (this version reads {VERSION})")
    for k in ("players", "seed", "start", "history", "state"):
        if k not in rec:
            _fail(f"the record lacks {k!r}")
    seed = rec["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        _fail("seed must be an integer or text")
    start = game_from_state(rec["start"], seed)
    names = _list(rec["players"], "players")
    if names != [p.name for p in start.players]:
        _fail("the player names do not match the start position")
    g = start
    start_state = state_of(g)
    for i, text_action in enumerate(_list(rec["history"], "history")):
        if not isinstance(text_action, str):
            _fail(f"history entry {i + 1} must be an action in notation")
        try:
            g.play(parse(text_action), record=True)
        except (ValueError, IllegalMove) as e:
            _fail(f"move {i + 1} of the history ({text_action!r}) is not legal there: {e}")
    g._start = start_state
    final = game_from_state(rec["state"], seed)
    if state_of(final) != state_of(g):
        diff = sorted(k for k, v in state_of(final).items() if state_of(g)[k] != v)
        _fail("the record's position does not follow from its start and history "
              f"(differs in {', '.join(diff)}); it was changed by hand")
    return g


# ------------------------------------------------------------- invariants

def check_game(g) -> None:
    """Every tile somewhere exactly once, every money card accounted for,
    every Alhambra legal, the pieces in their places."""
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
    for i, p in enumerate(g.players):
        problem = alhambra_problem(p.alhambra)
        assert problem is None, f"{p.name}'s Alhambra breaks {problem}"
        p.alhambra._verify_caches()
        assert p.score >= 0


def alhambra_problem(a: Alhambra):
    """The first placement rule the Alhambra as a whole breaks, or None.
    Independent of the incremental checks: a full recomputation."""
    from .tiles import OPPOSITE, STEP
    masks = {p: (t.mask if t.id else 0) for p, t in a.items()}
    for p, t in a.items():
        if t.id and t.is_turned:
            return "P1"
    if a[(0, 0)] is None or a[(0, 0)].id != 0:
        return "P6"
    # P3: touching sides match
    for (x, y), m in masks.items():
        for d in range(4):
            dx, dy = STEP[d]
            nm = masks.get((x + dx, y + dy))
            if nm is not None and (m >> d & 1) != (nm >> OPPOSITE[d] & 1):
                return "P3"
    # P4: all reachable through open sides
    seen = {(0, 0)}
    stack = [(0, 0)]
    while stack:
        x, y = stack.pop()
        for d in range(4):
            if masks[(x, y)] >> d & 1:
                continue
            dx, dy = STEP[d]
            q = (x + dx, y + dy)
            if q in masks and q not in seen:
                seen.add(q)
                stack.append(q)
    if len(seen) != len(masks):
        return "P4"
    # P5: every empty cell in the box reaches outside
    xs = [p[0] for p in masks]
    ys = [p[1] for p in masks]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    outside = {(x0, y0)}
    stack = [(x0, y0)]
    while stack:
        x, y = stack.pop()
        for dx, dy in STEP:
            q = (x + dx, y + dy)
            if x0 <= q[0] <= x1 and y0 <= q[1] <= y1 and q not in masks and q not in outside:
                outside.add(q)
                stack.append(q)
    empty = (x1 - x0 + 1) * (y1 - y0 + 1) - len(masks)
    if len(outside) != empty:
        return "P5"
    return None
