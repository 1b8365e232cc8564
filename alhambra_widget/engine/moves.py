"""The engine's move record: who played what, and what it did.

``Game.moves`` holds one :class:`Move` per action played: the seat that
played it, the action, the turn, and its :class:`Event` s -- everything the
move changed that a player may see (cards from the money market to a hand, a
tile from a slot to the pending tiles, a tile onto a spot, the refills, a
scoring round, Dirk's draws, the awards at the end). A log line, an animation
or a game review reads them instead of replaying the game.

Events never carry hidden information: a refill names the cards and tiles
that came up (they are face up), never what lies below them in the deck.

===============  ==========================================================
event kind       fields
===============  ==========================================================
``take``         player, cards: from the money market to the hand (T1)
``pay``          player, slot, cards: from the hand to the discard (T2)
``buy``          player, slot, tile: from the slot to the tiles to place
``extra``        player: an exact payment, another action (T2a)
``remove``       player, tile, pos: from the Alhambra to the reserve (T3a)
``build``        player, tile, pos: from the reserve into the Alhambra (T3b)
``swap``         player, tile, pos, old: reserve tile in, old tile out (T3c)
``place``        player, tile, pos: a tile to place into the Alhambra (T4)
``reserve``      player, tile: a tile to place into the reserve (T4)
``dirk``         player, tile: a tile given to Dirk (D4)
``shuffle``      the discard pile was shuffled into a new deck (T5)
``money``        cards: drawn into the money market (T5)
``scoring``      round: a scoring card came up (C1)
``refill``       slot, tile: drawn from the bag into a slot (T5)
``score``        round: a scoring round was played (``game.rounds[round-1]``)
``dirk_draw``    tiles: drawn by Dirk from the bag (D2)
``award``        player, slot, tile: a tile left in the market at the end (E2)
``next``         player: the next player's turn begins
``over``         the game is over (E4)
===============  ==========================================================
"""

from __future__ import annotations

__all__ = ["Event", "Move"]


class Event(tuple):
    """One thing a move did: ``kind`` and the fields of the table above
    (``player``, ``slot``, ``tile``, ``pos``, ``old``, ``cards``, ``tiles``,
    ``round``; unused ones are None or empty)."""

    __slots__ = ()
    _FIELDS = ("kind", "player", "slot", "tile", "pos", "old", "cards", "tiles", "round")

    def __new__(cls, kind, *, player=None, slot=None, tile=None, pos=None, old=None, cards=(), tiles=(),
                round=None):
        return tuple.__new__(cls, (kind, player, slot, tile, pos, old, tuple(cards) if cards else (),
                                   tuple(tiles) if tiles else (), round))

    kind = property(lambda self: self[0])
    player = property(lambda self: self[1])
    slot = property(lambda self: self[2])
    tile = property(lambda self: self[3])
    pos = property(lambda self: self[4])
    old = property(lambda self: self[5])
    cards = property(lambda self: self[6])
    tiles = property(lambda self: self[7])
    round = property(lambda self: self[8])

    def to_json(self) -> dict:
        """Plain JSON: cards as ``"dirham 4"``, tiles as ids, positions as ``[x, y]``."""
        out = {"kind": self[0]}
        for name, v in zip(self._FIELDS[1:], self[1:]):
            if v is None or v == ():
                continue
            if name in ("tile", "old"):
                v = v.id
            elif name == "pos":
                v = [v[0], v[1]]
            elif name == "cards":
                v = [str(c) for c in v]
            elif name == "tiles":
                v = [t.id for t in v]
            out[name] = v
        return out

    def __reduce__(self):   # (pickle and deepcopy: the fields as they are)
        return (_event_of, (tuple(self),))

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in zip(self._FIELDS[1:], self[1:]) if v is not None and v != ())
        return f"Event({self[0]!r}{', ' if fields else ''}{fields})"


def _event_of(fields: tuple) -> Event:
    return tuple.__new__(Event, fields)


class Move(tuple):
    """One action played: ``index`` (1 for the first move), ``player`` (the
    seat that played it), ``action``, ``turn`` (the turn it was played in)
    and ``events`` (what it did, in order). ``rounds`` lists the scoring
    rounds it triggered. Immutable (a tuple of those five values)."""

    __slots__ = ()

    def __new__(cls, index, player, action, turn, events):
        """``events``: Events, or their fields in a row (9 each, as the engine makes them)."""
        events = tuple(events)
        if events and isinstance(events[0], Event):
            events = tuple(f for e in events for f in e)
        return tuple.__new__(cls, (index, player, action, turn) + events)   # one object: the record keeps many

    index = property(lambda self: self[0])
    player = property(lambda self: self[1])
    action = property(lambda self: self[2])
    turn = property(lambda self: self[3])

    @property
    def events(self) -> tuple:
        new = tuple.__new__
        return tuple([new(Event, self[i:i + 9]) for i in range(4, len(self), 9)])

    @property
    def rounds(self) -> tuple:
        return tuple(self[i + 8] for i in range(4, len(self), 9) if self[i] == "score")

    def of_kind(self, kind: str) -> list:
        """The events of one kind (``move.of_kind("refill")``)."""
        return [e for e in self.events if e[0] == kind]

    def to_json(self) -> dict:
        return {"n": self[0], "player": self[1], "turn": self[3], "action": str(self[2]),
                "events": [e.to_json() for e in self.events]}

    def __eq__(self, other):
        return isinstance(other, Move) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __reduce__(self):
        return (Move, (self[0], self[1], self[2], self[3], self[4:]))

    def __repr__(self):
        return f"<Move {self[0]}: player {self[1]} {str(self[2])!r}>"
