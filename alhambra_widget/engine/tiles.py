"""The 54 building tiles of the published game, and the fountain.

Walls are kept both as a frozenset of sides (``{"N", "W"}``) for people and as
a 4-bit mask (N=1, E=2, S=4, W=8) for the engine's hot paths.
"""

from __future__ import annotations

import enum
from typing import Iterable

from .errors import _shown, member_named

__all__ = ["Building", "Tile", "TILES", "FOUNTAIN", "SIDES", "tile"]


class Building(str, enum.Enum):
    """The six building types, in rulebook order (cheapest first)."""

    PAVILION = "pavilion"
    SERAGLIO = "seraglio"
    ARCADES = "arcades"
    CHAMBERS = "chambers"
    GARDEN = "garden"
    TOWER = "tower"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value):
        return member_named(cls, value, "a building", "the buildings")

    @property
    def index(self) -> int:
        return _BUILDING_INDEX[self]


BUILDINGS = tuple(Building)
_BUILDING_INDEX = {b: i for i, b in enumerate(BUILDINGS)}

#: Sides in clockwise order, with their bit and grid step (y grows to the south).
SIDES = ("N", "E", "S", "W")
SIDE_BIT = {"N": 1, "E": 2, "S": 4, "W": 8}
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W
OPPOSITE = (2, 3, 0, 1)


def mask_of(walls: Iterable[str]) -> int:
    m = 0
    for s in walls:
        if s not in SIDE_BIT:
            raise ValueError(f"unknown side {s!r}: use N, E, S or W")
        m |= SIDE_BIT[s]
    return m


def walls_of(mask: int) -> frozenset:
    return frozenset(s for i, s in enumerate(SIDES) if mask >> i & 1)


class Tile:
    """A building tile: ``id`` (1-54, 0 for the fountain), ``building``,
    ``price`` and ``walls`` (frozenset of ``"N"``, ``"E"``, ``"S"``, ``"W"``).

    Tiles are immutable values and interned: equal tiles are the same object,
    so comparing tiles is as cheap as comparing identities.
    ``tile.turned(k)`` gives the tile turned by k quarter turns clockwise --
    something the rules forbid (P1), useful to show a learner why.
    """

    __slots__ = ("id", "building", "price", "walls", "mask", "bi", "__weakref__")
    _interned: dict = {}

    def __new__(cls, id: int, building, price: int, walls=frozenset()):
        m = walls if isinstance(walls, int) else mask_of(walls)
        b = Building(building) if building is not None else None
        key = (int(id), b, int(price), m)
        t = cls._interned.get(key)
        if t is None:
            t = object.__new__(cls)
            object.__setattr__(t, "id", key[0])
            object.__setattr__(t, "building", b)
            object.__setattr__(t, "price", key[2])
            object.__setattr__(t, "mask", m)
            object.__setattr__(t, "walls", walls_of(m))
            object.__setattr__(t, "bi", _BUILDING_INDEX[b] if b is not None else -1)  # building index, for the engine
            cls._interned[key] = t
        return t

    def __setattr__(self, name, value):
        raise AttributeError("tiles are immutable")

    def __reduce__(self):
        return (Tile, (self.id, self.building, self.price, self.mask))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def is_fountain(self) -> bool:
        return self.id == 0

    @property
    def is_turned(self) -> bool:
        """True when this is not the tile as printed (see :meth:`turned`)."""
        return not (0 <= self.id <= 54) or self is not BY_ID[self.id]

    def turned(self, quarter_turns: int = 1) -> "Tile":
        """This tile turned clockwise by ``quarter_turns`` (never legal: P1)."""
        if isinstance(quarter_turns, bool) or not isinstance(quarter_turns, int):
            raise TypeError(f"quarter_turns is a whole number of quarter turns, not {_shown(quarter_turns)}")
        k = quarter_turns % 4
        m = self.mask
        m = ((m << k) | (m >> (4 - k))) & 15
        return Tile(self.id, self.building, self.price, m)

    def __repr__(self) -> str:
        if self.is_fountain:
            return "Tile(0, fountain)"
        w = "".join(s for s in SIDES if s in self.walls) or "-"
        return f"Tile({self.id}, {self.building.value}, {self.price}, walls={w})"

    def __str__(self) -> str:
        if self.is_fountain:
            return "fountain"
        return f"{self.building.value} {self.price} #{self.id}"


# id, building, price, walls N E S W -- docs/rules/tiles.csv, the published set.
_TABLE = """
1 pavilion 2 1101
2 pavilion 3 0011
3 pavilion 4 0110
4 pavilion 5 1001
5 pavilion 6 1000
6 pavilion 7 0100
7 pavilion 8 0000
8 seraglio 3 0111
9 seraglio 4 1100
10 seraglio 5 0011
11 seraglio 6 0110
12 seraglio 7 0001
13 seraglio 8 0010
14 seraglio 9 0000
15 arcades 4 1110
16 arcades 5 1001
17 arcades 6 0011
18 arcades 6 1100
19 arcades 7 0110
20 arcades 8 1000
21 arcades 8 0100
22 arcades 9 0000
23 arcades 10 0000
24 chambers 5 1011
25 chambers 6 0110
26 chambers 7 0011
27 chambers 7 1100
28 chambers 8 1001
29 chambers 9 0001
30 chambers 9 0010
31 chambers 10 0000
32 chambers 11 0000
33 garden 6 0111
34 garden 7 1011
35 garden 8 0011
36 garden 8 1100
37 garden 8 1001
38 garden 9 0100
39 garden 10 1000
40 garden 10 0001
41 garden 10 0000
42 garden 11 0000
43 garden 12 0010
44 tower 7 1101
45 tower 8 1110
46 tower 9 0110
47 tower 9 1100
48 tower 9 1001
49 tower 10 0001
50 tower 11 1000
51 tower 11 0010
52 tower 11 0000
53 tower 12 0000
54 tower 13 0100
"""


def _parse_table():
    out = []
    for line in _TABLE.split("\n"):
        if not line.strip():
            continue
        i, b, p, w = line.split()
        mask = sum(1 << k for k, ch in enumerate(w) if ch == "1")
        out.append(Tile(int(i), b, int(p), mask))
    return tuple(out)


FOUNTAIN = Tile(0, None, 0, 0)
#: The 54 building tiles in id order (``TILES[0].id == 1``).
TILES: tuple = _parse_table()
BY_ID = (FOUNTAIN,) + TILES


def tile(id: int) -> Tile:
    """The tile with this id (1-54; 0 is the fountain)."""
    if not isinstance(id, int) or isinstance(id, bool) or not 0 <= id <= 54:
        raise ValueError(f"there is no tile {id!r}: tile ids run from 1 to 54")
    return BY_ID[id]
