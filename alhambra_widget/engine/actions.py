"""Actions: immutable value objects with a text notation.

An action's ``kind`` is the kind of action of the rules: ``take`` (T1),
``buy`` (T2), ``redesign`` (T3, in three forms), ``end`` (decline the extra
action of an exact payment), ``place`` (T4: a bought tile goes into the
Alhambra, the reserve or to Dirk) and ``pass`` (X4). Each form has its own
class and notation verb:

=========================  ===============================  ==========
notation                   class                            rule
=========================  ===============================  ==========
``take dinar 3``           :class:`TakeMoney`               T1
``take florin 1+2, ducat 2``  (several cards, sum <= 5)     T1
``buy 2 with dirham 3+4``  :class:`Buy` (slot 1-4, cards)   T2
``remove 1,0``             :class:`Remove` (to reserve)     T3a
``build 23 at 1,0``        :class:`Build` (from reserve)    T3b
``swap 23 at 1,0``         :class:`Swap` (reserve <-> tile) T3c
``end``                    :class:`EndTurn` (no extra act)  T2a
``place 23 at 1,0``        :class:`Place` (bought tile)     T4
``reserve 23``             :class:`Reserve` (bought tile)   T4
``dirk 23``                :class:`GiveToDirk`              D4
``pass``                   :class:`Pass`                    X4
=========================  ===============================  ==========

Numbers after ``build``/``swap``/``place``/``reserve``/``dirk`` are tile ids
(1-54, see ``TILES``); positions are ``x,y`` (``(1, -2)`` is accepted too).
Card lists name a currency and then values joined by ``+``; groups are
separated by commas. ``str(action)`` gives the canonical form, which
:func:`parse` (and ``Game.play``) reads back.

The notation is ASCII: digits are ``0``-``9`` only (``²`` or ``٣`` are not
numbers; the full-width forms a Japanese input method types, ``３`` or ``，``,
are read as their ASCII characters), a number has at most :data:`MAX_DIGITS`
digits and an action names at most :data:`MAX_CARDS` money cards (there are no
more cards of one currency), so no text makes :func:`parse` build something huge. A refusal
quotes at most :data:`QUOTE` characters of the text it refuses.
"""

from __future__ import annotations

import re
from operator import itemgetter

from .errors import IllegalMove, NotationError, _cut, _shown
from .money import CURRENCIES, Card, card
from .tiles import BY_ID, Tile

__all__ = [
    "Action", "Redesign", "Placement", "TakeMoney", "Buy", "Remove", "Build", "Swap", "EndTurn",
    "Place", "Reserve", "GiveToDirk", "Pass", "Reshuffle", "parse", "KINDS", "VERBS", "CHANCE",
]

#: the most digits a number of the notation has (tile ids, slots, values and positions need far fewer)
MAX_DIGITS = 9
#: the most money cards one action names: 27 is every card of one currency (9 values x 3 copies),
#: and a payment is in one currency; a take is at most 5 cards
MAX_CARDS = 27
#: the most money cards a list of cards may name: every card of the largest game (3 copies of 36)
MAX_ALL_CARDS = 108
#: the most characters of the user's input a refusal quotes


class Action(tuple):
    """Base class of every action. Actions are immutable and compare and hash
    by value (kind and fields); ``str(action)`` is the notation."""

    __slots__ = ()
    #: the action kind of the rules (take, buy, redesign, end, place, pass)
    kind: str = ""
    #: the first word of the notation, one per class
    verb: str = ""
    rule: str = ""
    _fields: tuple = ()

    def __new__(cls, *args, **kwargs):
        names = cls._fields
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__} takes {len(names)} arguments")
        values = dict(zip(names, args))
        for k, v in kwargs.items():
            if k not in names or k in values:
                raise TypeError(f"{cls.__name__}: unexpected argument {k!r}")
            values[k] = v
        missing = [n for n in names if n not in values]
        if missing:
            raise TypeError(f"{cls.__name__}: missing {', '.join(missing)}")
        return tuple.__new__(cls, (cls.verb,) + tuple(cls._convert(n, values[n]) for n in names))

    @staticmethod
    def _convert(name, value):
        return value

    def __getnewargs__(self):
        return tuple(self[1:])

    def __repr__(self):
        return f"{type(self).__name__}({str(self)!r})"

    def fields(self) -> dict:
        return dict(zip(self._fields, self[1:]))


def _mk(cls, *values):
    """Fast constructor for already-validated field values (engine internal)."""
    return tuple.__new__(cls, (cls.verb,) + values)


def _cards(value) -> tuple:
    """The cards of an action, sorted (see :func:`read_cards`; IllegalMove, rule T, otherwise)."""
    if type(value) is tuple and all(type(c) is Card for c in value):
        return tuple(sorted(value))   # (as the notation's reader gives them)
    try:
        return tuple(sorted(read_cards(value)))
    except NotationError as e:
        raise IllegalMove("T", e.key, **e.params) from None


def read_cards(value) -> list:
    """Money cards as a cell may write them: a list whose entries are cards,
    texts in the notation (``"dinar 5"``, or several: ``"dinar 5+7"``) or
    pairs (``("dinar", 5)``); or one text for all (``"dinar 5+7, florin 2"``;
    a blank one names none); or one pair alone (``("dinar", 5)``: that card).

    Raises :class:`NotationError` (a ValueError); its ``at`` is the index of
    the entry at fault, or None when the whole is."""
    if isinstance(value, str):
        try:
            return list(parse_cards(value)) if value.strip() else []
        except NotationError as e:
            e.at = None
            raise
    if (type(value) is tuple and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int)
            and not isinstance(value[1], bool)):
        value = [value]   # ("dinar", 5): one card, not a list of "dinar" and 5
    if isinstance(value, (bytes, Card, dict)) or not hasattr(value, "__iter__"):
        e = NotationError("error.T.cards_form", value=_shown(value))
        e.at = None
        raise e
    out = []
    for j, c in enumerate(value):
        try:
            if len(out) >= MAX_ALL_CARDS:   # (an endless list is refused, not read on)
                raise NotationError("error.T.cards_in_all", max=MAX_ALL_CARDS)
            if type(c) is Card:
                out.append(c)
            elif isinstance(c, str):
                out += parse_cards(c)
            elif isinstance(c, tuple) and len(c) == 2:
                try:
                    out.append(card(*c))
                except (TypeError, ValueError):
                    raise NotationError("error.T.not_a_card", value=_shown(c)) from None
            else:
                raise NotationError("error.T.not_a_card", value=_shown(c))
        except NotationError as e:
            e.at = j
            raise
    return out


def _tile_id(value) -> int:
    if isinstance(value, Tile):
        return value.id
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 54:
        raise IllegalMove("T4", "error.T4.no_such_tile", value=_shown(value))
    return value


def _position(value) -> tuple:
    try:
        x, y = value
    except (TypeError, ValueError):
        raise IllegalMove("P6", "error.P6.bad_position", value=_shown(value)) from None
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (x, y)):
        raise IllegalMove("P6", "error.P6.bad_position", value=_shown(value))
    return (x, y)


def cards_text(cards) -> str:
    """``florin 1+3, dinar 2``: cards grouped by currency, values ascending."""
    groups = []
    for cur in CURRENCIES:
        vals = [str(c.value) for c in cards if c.currency is cur]
        if vals:
            groups.append(f"{cur.value} {'+'.join(vals)}")
    return ", ".join(groups)


# the full-width forms of ASCII (U+FF01-U+FF5E) and the ideographic space, as typed with a
# Japanese input method: read as the ASCII characters they stand for
_FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def _ascii_forms(text: str) -> str:
    return text if text.isascii() else text.translate(_FULL_WIDTH)


def _number(digits: str) -> int:
    """An ASCII digit string of the notation as an int; refused if it is too long."""
    d = digits.lstrip("0") or "0"
    if len(d) > MAX_DIGITS:
        raise NotationError("error.T.number_too_long", value=_cut(digits, 16), max=MAX_DIGITS)
    return int(d)


def _pos_text(p) -> str:
    return f"{p[0]},{p[1]}"


class TakeMoney(Action):
    """T1: take one face-up money card, or several whose values add up to at most 5."""

    __slots__ = ()
    kind = verb = "take"
    rule = "T1"
    _fields = ("cards",)
    cards = property(itemgetter(1), doc="the cards taken, sorted")

    @staticmethod
    def _convert(name, value):
        return _cards(value)

    @property
    def total(self) -> int:
        return sum(c.value for c in self.cards)

    def __str__(self):
        return f"take {cards_text(self.cards)}"


class Buy(Action):
    """T2: buy the tile in market ``slot`` (1-4), paying with ``cards`` of the slot's currency."""

    __slots__ = ()
    kind = verb = "buy"
    rule = "T2"
    _fields = ("slot", "cards")
    slot = property(itemgetter(1), doc="the market slot, 1-4")
    cards = property(itemgetter(2), doc="the cards paid, sorted")

    @staticmethod
    def _convert(name, value):
        if name == "cards":
            return _cards(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 4:
            raise IllegalMove("T2", "error.T2.bad_slot", value=_shown(value))
        return value

    @property
    def total(self) -> int:
        return sum(c.value for c in self.cards)

    def __str__(self):
        return f"buy {self.slot} with {cards_text(self.cards)}"


class _TileAt(Action):
    __slots__ = ()
    _fields = ("tile_id", "pos")
    tile_id = property(itemgetter(1), doc="the tile's id (1-54)")
    pos = property(itemgetter(2), doc="the spot (x, y)")

    @staticmethod
    def _convert(name, value):
        return _tile_id(value) if name == "tile_id" else _position(value)

    @property
    def tile(self) -> Tile:
        return BY_ID[self.tile_id]

    def __str__(self):
        return f"{self.verb} {self.tile_id} at {_pos_text(self.pos)}"


class _TileOnly(Action):
    __slots__ = ()
    _fields = ("tile_id",)
    tile_id = property(itemgetter(1), doc="the tile's id (1-54)")

    @staticmethod
    def _convert(name, value):
        return _tile_id(value)

    @property
    def tile(self) -> Tile:
        return BY_ID[self.tile_id]

    def __str__(self):
        return f"{self.verb} {self.tile_id}"


class Redesign(Action):
    """T3: redesign the Alhambra -- :class:`Remove`, :class:`Build` or :class:`Swap`."""

    __slots__ = ()
    kind = "redesign"
    rule = "T3"


class Remove(Redesign):
    """T3a: move the tile at ``pos`` from the Alhambra to the reserve."""

    __slots__ = ()
    verb = "remove"
    rule = "T3a"
    _fields = ("pos",)
    pos = property(itemgetter(1), doc="the spot (x, y)")

    @staticmethod
    def _convert(name, value):
        return _position(value)

    def __str__(self):
        return f"remove {_pos_text(self.pos)}"


class Build(_TileAt, Redesign):
    """T3b: place a tile from the reserve on an empty spot of the Alhambra."""

    __slots__ = ()
    verb = "build"
    rule = "T3b"


class Swap(_TileAt, Redesign):
    """T3c: put a reserve tile exactly where an Alhambra tile lies; that one goes to the reserve."""

    __slots__ = ()
    verb = "swap"
    rule = "T3c"


class EndTurn(Action):
    """T2a: after an exact payment, end the turn without the extra action."""

    __slots__ = ()
    kind = verb = "end"
    rule = "T2a"

    def __str__(self):
        return "end"


class Placement(Action):
    """T4: at the end of the turn, put a bought tile somewhere -- :class:`Place`
    (into the Alhambra), :class:`Reserve` or, with two players, :class:`GiveToDirk`."""

    __slots__ = ()
    kind = "place"
    rule = "T4"


class Place(_TileAt, Placement):
    """T4: at the end of the turn, place a tile bought this turn on an empty spot."""

    __slots__ = ()
    verb = "place"
    rule = "T4"


class Reserve(_TileOnly, Placement):
    """T4: at the end of the turn, put a tile bought this turn into the reserve."""

    __slots__ = ()
    verb = "reserve"
    rule = "T4"


class GiveToDirk(_TileOnly, Placement):
    """D4: with two players, give a tile bought this turn to Dirk."""

    __slots__ = ()
    verb = "dirk"
    rule = "D4"


class Pass(Action):
    """X4: a player with no legal action at all passes."""

    __slots__ = ()
    kind = verb = "pass"
    rule = "X4"

    def __str__(self):
        return "pass"


class Reshuffle(Action):
    """Chance, not a player's action: the hidden part of the position -- the
    order of the money deck and the game's random number generator -- sampled
    afresh from a 64-bit ``seed`` (``Game.resample_hidden``). It is recorded
    like a move so that a record replays exactly; it is never among the legal
    actions, and the widget never takes it from a front end."""

    __slots__ = ()
    kind = "chance"
    verb = "reshuffle"
    rule = "X3"
    _fields = ("seed",)

    @staticmethod
    def _convert(name, value):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 64:
            raise NotationError("error.T.unreadable", text=_shown(value))
        return value

    @property
    def seed(self) -> int:
        return self[1]

    def __str__(self):
        return f"reshuffle {self[1]:016x}"


#: The action kinds of the rules, in the order ``legal_actions()`` lists them:
#: T1 take money, T2 buy, T3 redesign (remove/build/swap), T2a end the turn
#: after an exact payment, T4 place a bought tile (place/reserve/dirk), X4 pass.
KINDS = ("take", "buy", "redesign", "end", "place", "pass")
#: Notation verbs, one per class, in listing order.
VERBS = ("take", "buy", "remove", "build", "swap", "end", "place", "reserve", "dirk", "pass")
CLASSES = {c.verb: c for c in (TakeMoney, Buy, Remove, Build, Swap, EndTurn, Place, Reserve, GiveToDirk, Pass)}
#: The kind of :class:`Reshuffle`: chance, played by no seat.
CHANCE = "chance"

_CUR_NAMES = {c.value: c for c in CURRENCIES}
# re.ASCII: \d is 0-9 only (not "²" or "٣"), \s ASCII white space only
_POS = r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?"
_RE_TILE_AT = re.compile(r"^(build|swap|place)\s+#?(\d+)\s+(?:at|to|on)\s+" + _POS + r"$", re.ASCII)
_RE_TILE = re.compile(r"^(reserve|dirk)\s+#?(\d+)$", re.ASCII)
_RE_REMOVE = re.compile(r"^remove\s+" + _POS + r"$", re.ASCII)
_RE_BUY = re.compile(r"^buy\s+(?:slot\s+)?(\d+)\s+with\s+(.+)$", re.ASCII)
_RE_TAKE = re.compile(r"^take\s+(.+)$", re.ASCII)
_RE_CARD_SEP = re.compile(r"[\s,+]+", re.ASCII)
_RE_RESHUFFLE = re.compile(r"^reshuffle\s+([0-9a-f]{16})$", re.ASCII)


def _signed(text: str) -> int:
    return -_number(text[1:]) if text.startswith("-") else _number(text)


def parse_cards(text: str) -> tuple:
    """Read ``"florin 1+3, dinar 2"`` (also ``"florin 1 florin 3"``) into cards.

    Raises :class:`NotationError` for anything else, and for more than
    :data:`MAX_CARDS` cards."""
    current = None
    out = []
    for tok in _RE_CARD_SEP.split(" ".join(_ascii_forms(text).lower().split())):
        if not tok:
            continue
        if tok in _CUR_NAMES:
            current = _CUR_NAMES[tok]
        elif tok.isascii() and tok.isdigit():
            v = _number(tok)
            if current is None:
                raise NotationError("error.T.currency_first", value=v)
            if not 1 <= v <= 9:
                raise NotationError("error.T.card_value", value=v)
            if len(out) == MAX_CARDS:
                raise NotationError("error.T.too_many_cards", max=MAX_CARDS)
            out.append(card(current, v))
        else:
            raise NotationError("error.T.unknown_word", word=_shown(tok), currencies=", ".join(_CUR_NAMES))
    if not out:
        raise NotationError("error.T.no_cards")
    return tuple(sorted(out))


def parse(text: str) -> Action:
    """Read an action from its notation (see the module docstring).

    Raises :class:`NotationError` (a ``ValueError``) with a hint when the
    text is not an action (also for a number of more than :data:`MAX_DIGITS`
    digits, a digit other than 0-9 or more than :data:`MAX_CARDS` cards), and
    :class:`IllegalMove` when it names something that cannot exist (tile 99,
    slot 7). Nothing else: any text gives an action or one of these two."""
    if not isinstance(text, str):
        raise NotationError("error.T.not_text", type=type(text).__name__)
    s = " ".join(_ascii_forms(text).strip().lower().split())
    if s in ("end", "end turn"):
        return EndTurn()
    if s == "pass":
        return Pass()
    m = _RE_TILE_AT.match(s)
    if m:
        return CLASSES[m.group(1)](_number(m.group(2)), (_signed(m.group(3)), _signed(m.group(4))))
    m = _RE_TILE.match(s)
    if m:
        return CLASSES[m.group(1)](_number(m.group(2)))
    m = _RE_REMOVE.match(s)
    if m:
        return Remove((_signed(m.group(1)), _signed(m.group(2))))
    m = _RE_BUY.match(s)
    if m:
        return Buy(_number(m.group(1)), parse_cards(m.group(2)))
    m = _RE_TAKE.match(s)
    if m:
        return TakeMoney(parse_cards(m.group(1)))
    m = _RE_RESHUFFLE.match(s)
    if m:
        return Reshuffle(int(m.group(1), 16))
    # not an action: a hint that fits what was meant
    first = s.split(" ", 1)[0]
    if first in _EXAMPLES:     # a verb, the rest missing or unreadable: its form, by example
        raise NotationError("error.T.form", text=_shown(text), example=repr(_EXAMPLES[first]))
    if first == "redesign":    # T3 is three actions
        raise NotationError("error.T.redesign", text=_shown(text))
    if first in ("undo", "redo"):
        raise NotationError("error.T.undo", text=_shown(text))
    raise NotationError("error.T.unreadable", text=_shown(text))


#: per verb an action written out whole (the hint when the rest of one cannot be read)
_EXAMPLES = {"take": "take dinar 3", "buy": "buy 2 with dirham 3+4", "place": "place 23 at 1,0",
             "build": "build 23 at 1,0", "swap": "swap 23 at 1,0", "remove": "remove 1,0",
             "reserve": "reserve 23", "dirk": "dirk 23", "end": "end", "pass": "pass"}
