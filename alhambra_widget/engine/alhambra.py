"""One player's Alhambra: the grid of tiles around the fountain.

Coordinates are ``(x, y)`` with x to the east and y to the **south**; the
fountain sits at ``(0, 0)`` (rule S1).

The placement rules P1-P7 live here. The checks are local where the rules
allow it, so the engine stays fast:

* P2/P3/P4 for a new tile look only at its four neighbours (every tile already
  placed is reachable, so one open touching side makes the new one reachable);
* P5 (no holes) looks at the ring of eight cells around the spot first; only
  when the empty cells around the spot fall apart into several runs does it
  flood-fill to see whether each run still reaches the outside;
* legal spots depend only on a tile's wall mask (16 kinds), so they are cached
  per mask until the Alhambra changes.
"""

from __future__ import annotations

from typing import Iterator

from bisect import bisect_left, insort
from itertools import compress
from operator import itemgetter

from .actions import Build, Place, Remove, Swap
from .errors import IllegalMove, Text, _shown
from .tiles import BY_ID, FOUNTAIN, OPPOSITE, SIDES, STEP, Building, Tile, tile as _tile_by_id

__all__ = ["Alhambra", "broken_rule"]

ORIGIN = (0, 0)


# The ring of a cell: the 8 cells around it, bit i clockwise from north (N,
# NE, E, SE, S, SW, W, NW: edge neighbours at even bits, corners at odd ones).
def _ring_runs(occupied_bits: int) -> tuple:
    """For a ring occupancy pattern, one representative edge index (0-3) per
    run of empty ring cells that contains an edge neighbour."""
    empty = [not (occupied_bits >> i & 1) for i in range(8)]
    if all(empty):
        return (0,)
    start = next(i for i in range(8) if not empty[i])  # an occupied cell
    reps = []
    current = None
    for k in range(1, 9):
        i = (start + k) % 8
        if empty[i]:
            if current is None:
                current = -1
            if i % 2 == 0 and current == -1:
                current = i // 2
        else:
            if current is not None and current >= 0:
                reps.append(current)
            current = None
    return tuple(reps)


_RUNS = tuple(_ring_runs(b) for b in range(256))

# Cells are kept as single ints, ``x + 256 * y``, so neighbours are a fixed
# offset away and sorting the ints sorts north to south, then west to east.
ROW = 256
_STEPI = (-ROW, 1, ROW, -1)  # N, E, S, W
_RINGI = (-ROW, -ROW + 1, 1, ROW + 1, ROW, ROW - 1, -1, -ROW - 1)
_NE, _SE, _SW, _NW = _RINGI[1::2]   # the corner cells' offsets
_ORIGIN = 0
# Around a cell p: per side d, (offset of the neighbour q, the bit of d, d,
# the bit of q's side o facing p, o).
_EDGES = tuple((_STEPI[d], 1 << d, d, 1 << (d + 2) % 4, (d + 2) % 4) for d in range(4))
_SIDE_BITS = tuple(tuple(bool(m >> d & 1) for d in range(4)) for m in range(16))   # per side mask: N, E, S, W in it
# per wall mask m of a placed tile: per side (N, E, S, W) what the frontier
# entry of the empty cell there gains -- the care bit of the side facing the
# tile, the wall it demands (P3), the tile in its ring
_TOUCH = tuple((4 | (m & 1) << 6 | 4096, 8 | (m & 2) << 6 | 16384, 1 | (m & 4) << 2 | 256, 2 | (m & 8) << 2 | 1024)
               for m in range(16))
# per ring of a cell p (8 bits): for a cell new to the frontier on each side
# of p (N, E, S, W), the ring bits (within a frontier entry) of the two cells
# beside p that are beside it too: for the cell north of p, p's east and west
# cells are its south-east and south-west ones; and so on
_NEW_RING = tuple(((r & 1024) << 1 | (r & 16384) >> 1, (r & 256) << 7 | (r & 4096) << 1,
                   (r & 1024) >> 1 | (r & 16384) << 1, (r & 256) << 1 | (r & 4096) >> 1)
                  for r in (ring << 8 for ring in range(256)))
_FLIPS = tuple(tuple((_STEPI[d], 16 << (d + 2) % 4) for d in range(4) if m >> d & 1) for m in range(16))
# per 4-bit side mask (tiles beside a cell): those cells' bits of its ring within a frontier entry
_NB_RING = tuple(sum(1 << 8 + 2 * d for d in range(4) if nb >> d & 1) for nb in range(16))
# frontier entries, by their low byte (care | need << 4): P4 holds (an open
# side touches a tile); and per wall mask m, P3 and P4 hold
_OPEN = tuple(bool(s & 15 & ~(s >> 4)) for s in range(256))
_FIT = tuple(tuple(_OPEN[s] and (m & s & 15) == (s >> 4) for s in range(256)) for m in range(16))
# per ring (8 bits): filling the cell might close a hole (more than one run of empty cells)
_MULTI = tuple(len(r) > 1 for r in _RUNS)
# the same as bytes tables for bytes.translate: per wall mask m, by the low
# byte of a frontier entry (fits: P3, P4) or by a tile's ``mask | sides << 4``
# (may replace it: P3, P7); by a ring, more than one run; by a tile's key, a free side
_FITB = tuple(bytes(f) for f in _FIT)
_FREEB = bytes(k >> 4 != 15 for k in range(256))
# by the low byte of a frontier entry: the wall masks (bit m) of the tiles that fit there
_FITS_AT = tuple(sum(1 << m for m in range(16) if _FIT[m][s]) for s in range(256))
# by a whole frontier entry (low byte and ring): its low byte, or _PENDING when
# filling the cell might close a hole (P4 holds and the ring has several runs of
# empty cells) -- a byte no entry has (a wall demanded where no tile touches)
_PENDING = 16
_SIDE_OF = b"".join(bytes(_PENDING if _OPEN[s] else s for s in range(256)) if _MULTI[r] else bytes(range(256))
                    for r in range(256))
# per 4-bit side mask: the offsets of those sides, their number, and whether it is exactly one
_OFFS = tuple(tuple(_STEPI[d] for d in range(4) if m >> d & 1) for m in range(16))
_DEG = tuple(len(o) for o in _OFFS)
_ONE = tuple(n == 1 for n in _DEG)
_CNT = tuple(1 << 6 * i for i in range(6)) + (0,)   # Alhambra._cnt step per building index (-1: none)
_BIT = tuple(1 << i for i in range(55))               # Alhambra._ids bit per tile id
# per 4-bit side mask: an odd number of sides
_ODD = tuple(n & 1 for n in _DEG)


def _wall_corners(key: int) -> tuple:
    """For a tile's key (``mask | sides << 4``, see Alhambra._sk): its
    external walls (walls with no tile beyond) as (offset of a corner of its
    cell, the directions N=1, E=2, S=4, W=8 of those walls from that corner)
    pairs -- corners as in _wall_length."""
    w = key & 15 & ~(key >> 4)
    corners = ((0, (w & 1) << 1 | (w & 8) >> 1),          # NW: east along the north wall, south along the west
               (1, (w & 1) << 3 | (w & 2) << 1),          # NE: west along the north wall, south along the east
               (1 + ROW, (w & 2) >> 1 | (w & 4) << 1),    # SE: north along the east wall, west along the south
               (ROW, (w & 4) >> 1 | (w & 8) >> 3))        # SW: east along the south wall, north along the west
    return tuple((off, bits) for off, bits in corners if bits)


_WALL_CORNERS = tuple(_wall_corners(k) for k in range(256))
# by the directions N, E, S, W (bits) of the walls at a corner: (the offset
# of the next corner, the direction back from there << 4) per wall
_ARMS = tuple(tuple((_STEPI[d], 1 << (d + 2) % 4 + 4) for d in range(4) if b >> d & 1) for b in range(16))
# by a corner's walls | the direction back to the corner we came from << 4:
# the step along the one wall left, or None where the wall ends or branches
_ON = tuple(_ARMS[r][0] if _ONE[r] else None for r in (k & 15 & ~(k >> 4) for k in range(256)))
# per 4-bit side mask: two or more sides
_MANY = tuple(n > 1 for n in _DEG)
_DEGB = bytes(_DEG) + bytes(240)      # (as bytes.translate tables: by side mask; by degree)
_MANYB = bytes(n > 1 for n in range(256))
# per (tile mask | neighbour sides << 4): the wall masks (bit m) that may replace that tile (P3, P7)
_SWAP_OK = tuple(sum(1 << m for m in range(16) if not (m ^ (k & 15)) & (k >> 4)) for k in range(256))
_SWAPB = tuple(bytes(bool(ok >> m & 1) for ok in _SWAP_OK) for m in range(16))


class _Cells(dict):
    """cell int -> (x, y), made on first use and shared"""

    __slots__ = ()

    def __missing__(self, p):
        x = ((p + 128) & 255) - 128
        v = self[p] = (x, (p - x) >> 8)
        return v


_P = _Cells()


class _ActionsAt(dict):
    """cell int -> the action of one class and tile there, made on first use
    and shared (actions are immutable)"""

    __slots__ = ("cls", "tid")

    def __missing__(self, p):
        cls = self.cls
        v = self[p] = tuple.__new__(cls, (cls.verb, self.tid, _P[p])) if self.tid else tuple.__new__(cls, (cls.verb, _P[p]))
        return v


def _actions_at(cls, tid: int) -> _ActionsAt:
    d = _ActionsAt()
    d.cls, d.tid = cls, tid
    return d


_REMOVE = _actions_at(Remove, 0)
# per class, by tile id (1-54): the actions of that tile by cell
_ACTIONS_AT = {cls: (None,) + tuple(_actions_at(cls, i) for i in range(1, 55)) for cls in (Build, Swap, Place)}
_BUILD_AT, _SWAP_AT = _ACTIONS_AT[Build], _ACTIONS_AT[Swap]

# their look-ups by tile id, bound once
_BUILD_GET = (None,) + tuple(d.__getitem__ for d in _BUILD_AT[1:])
_SWAP_GET = (None,) + tuple(d.__getitem__ for d in _SWAP_AT[1:])


def _enc(pos) -> int:
    x, y = pos
    if not (-100 < x < 100 and -100 < y < 100):
        raise IllegalMove("P2", "error.P2.far_away", pos=f"({x}, {y})")
    return x + ROW * y


def _dec(p: int) -> tuple:
    x = ((p + 128) & 255) - 128
    return (x, (p - x) >> 8)


class Alhambra:
    """One player's Alhambra.

    >>> from alhambra_widget import Alhambra, TILES
    >>> a = Alhambra()
    >>> a.place(TILES[6], (1, 0))      # pavilion 8, no walls, east of the fountain
    >>> a[(1, 0)].price
    8
    >>> a.why_not(TILES[0], (5, 5))    # no shared side
    'P2'

    ``place``/``remove``/``swap`` raise :class:`IllegalMove` (with ``.rule``)
    and change nothing when the rules forbid the change.
    """

    __slots__ = (
        "_tiles", "_masks", "_frontier", "_links", "_sk", "_ids", "_cnt", "_bbox",
        "_spots", "_cutset", "_rm", "_wall", "_cells", "_swapinfo", "_acts", "_canrm", "_walln",
    )

    def __init__(self):
        # kept up to date on every change (cells are ints, see ROW):
        self._tiles = {_ORIGIN: FOUNTAIN}   # cell -> tile
        self._masks = {_ORIGIN: 0}          # cell -> wall mask
        self._links = {_ORIGIN: 0}          # cell -> sides joined to a tile through open sides (P4's graph)
        self._sk = {_ORIGIN: 0}             # cell -> mask | sides << 4: its walls, the sides with a tile next to it
        # empty cells next to a tile -> care | need << 4 | ring << 8: the sides
        # that touch a tile, the walls those demand (P3), and which of the 8
        # cells around hold a tile (P5)
        self._frontier = {-ROW: 4 | 16 << 8, 1: 8 | 64 << 8, ROW: 1 | 1 << 8, -1: 2 | 4 << 8}
        self._ids = 0                       # bit per tile id
        self._cnt = 0                       # tiles per building, 6 bits each (see counts)
        self._bbox = (0, 0, 0, 0)           # minx, maxx, miny, maxy; None (after a change): to be worked out
        self._changed()

    def _changed(self):
        # caches of answers, dropped on every change (they are never changed, only replaced)
        self._spots = None
        self._cutset = None
        self._rm = None
        self._wall = None
        self._cells = None
        self._swapinfo = None
        self._acts = None
        self._canrm = None
        self._walln = None

    # -- reading -------------------------------------------------------------
    def __getitem__(self, pos) -> Tile | None:
        if type(pos) is not tuple or len(pos) != 2 or type(pos[0]) is not int or type(pos[1]) is not int:
            pos = _pos(pos)   # (TypeError for anything but a pair of integers)
        x, y = pos
        return self._tiles.get(x + ROW * y) if -100 < x < 100 and -100 < y < 100 else None

    def __contains__(self, pos) -> bool:
        return self[pos] is not None

    def __len__(self) -> int:
        """Number of building tiles (the fountain not counted)."""
        return len(self._tiles) - 1

    def __iter__(self) -> Iterator:
        """Positions of every tile, the fountain included, sorted north to south."""
        return iter([_dec(p) for p in sorted(self._tiles)])

    def items(self):
        """``(position, tile)`` pairs, fountain included, sorted north to south."""
        t = self._tiles
        return [(_dec(p), t[p]) for p in sorted(t)]

    def tiles(self) -> list:
        """The building tiles (no fountain), sorted north to south."""
        t = self._tiles
        return [t[p] for p in sorted(t) if p != _ORIGIN]

    def position_of(self, tile) -> tuple | None:
        """Where a tile (or tile id) lies in this Alhambra, or ``None``."""
        if isinstance(tile, bool) or not isinstance(tile, (int, Tile)):
            raise TypeError(f"a tile is a Tile or a tile id (1-54), not {_shown(tile)}")
        tid = tile if isinstance(tile, int) else tile.id
        for p, t in self._tiles.items():
            if t.id == tid:
                return _dec(p)
        return None

    def has_tile(self, tile_id: int) -> bool:
        return isinstance(tile_id, int) and 0 < tile_id <= 54 and bool(self._ids >> tile_id & 1)

    def _holds(self, tile) -> bool:
        """Is a tile of this id (or the fountain) here already? (P6)"""
        tid = tile.id
        return tid == 0 or (tid > 0 and bool(self._ids >> tid & 1))

    def count(self, building) -> int:
        """How many tiles of this building type the Alhambra holds."""
        return self._cnt >> 6 * Building(building).index & 63

    def counts(self) -> tuple:
        """Tiles per building type, in :data:`BUILDINGS` order."""
        c = self._cnt
        return (c & 63, c >> 6 & 63, c >> 12 & 63, c >> 18 & 63, c >> 24 & 63, c >> 30 & 63)

    @property
    def bounds(self) -> tuple:
        """``(min_x, max_x, min_y, max_y)`` of the tiles."""
        return self._box()

    def _box(self) -> tuple:
        b = self._bbox
        if b is None:
            # (worked out when asked: only P5's search and the text picture
            # need it; cells sort by row, so the rows are the ends')
            masks = self._masks
            xs = [((q + 128) & 255) - 128 for q in masks]
            b = self._bbox = (min(xs), max(xs), (min(masks) + 128) >> 8, (max(masks) + 128) >> 8)
        return b

    @property
    def frontier(self) -> frozenset:
        """Empty cells that share a side with a tile (the only candidates for P2)."""
        return frozenset(_dec(p) for p in self._frontier)

    def copy(self) -> "Alhambra":
        a = self._cow()
        # caches describe the same position and are replaced, never changed
        a._spots = self._spots.copy() if self._spots else None
        a._acts = self._acts.copy() if self._acts else None
        a._cutset = self._cutset
        a._rm = self._rm
        a._wall = self._wall
        a._cells = self._cells
        a._swapinfo = self._swapinfo
        a._canrm = self._canrm
        a._walln = self._walln
        return a

    def _cow(self) -> "Alhambra":
        """A copy to change in place of this one (which others share): the
        position only; its caches are made again as needed."""
        a = Alhambra.__new__(Alhambra)
        a._tiles = self._tiles.copy()
        a._masks = self._masks.copy()
        a._frontier = self._frontier.copy()
        a._links = self._links.copy()
        a._sk = self._sk.copy()
        a._ids = self._ids
        a._cnt = self._cnt
        a._bbox = self._bbox
        # the caches: those _put, _take and _swap_at keep up to date where
        # they can; the others (see _changed) made again as needed
        a._cutset, a._rm, a._canrm = self._cutset, self._rm, self._canrm
        a._swapinfo, a._cells = self._swapinfo, self._cells
        a._spots = a._acts = a._wall = a._walln = None
        return a

    def __eq__(self, other) -> bool:
        return isinstance(other, Alhambra) and self._tiles == other._tiles

    __hash__ = None

    def __repr__(self) -> str:
        return f"<Alhambra with {len(self)} tiles>"

    def __str__(self) -> str:
        from .text import alhambra_text
        return alhambra_text(self)

    def _repr_svg_(self) -> str:
        from ..render import alhambra_svg
        return alhambra_svg(self)

    # -- rules ---------------------------------------------------------------
    def why_not(self, tile: Tile, pos) -> str | None:
        """The id of the first rule (order P1, P6, P2, P3, P4, P5) that forbids
        placing ``tile`` (a tile or its id) on the empty spot ``pos``, or
        ``None`` if it is legal."""
        tile = _as_tile(tile)
        pos = _pos(pos)
        if self._holds(tile):
            return "P6"
        if tile.is_turned:
            return "P1"
        x, y = pos
        if not (-100 < x < 100 and -100 < y < 100):
            return "P2"
        return self._why_not_mask(tile.mask, x + ROW * y)

    def _why_not_mask(self, m: int, p: int) -> str | None:
        masks = self._masks
        if p in masks:
            return "P6"
        touching = False
        open_touch = False
        for d in range(4):
            nm = masks.get(p + _STEPI[d])
            if nm is None:
                continue
            touching = True
            mine = m >> d & 1
            if mine != (nm >> OPPOSITE[d] & 1):
                return "P3"
            if not mine:
                open_touch = True
        if not touching:
            return "P2"
        if not open_touch:
            return "P4"
        if self._would_enclose(p):
            return "P5"
        return None

    def _would_enclose(self, p: int, ring: int = -1) -> bool:
        """Would filling the empty cell ``p`` leave an enclosed empty area?
        (``ring``: its ring, see ``_ring_of``, when the caller has it.)"""
        runs = _RUNS[self._ring_of(p) if ring < 0 else ring]
        if len(runs) <= 1:
            return False
        x = ((p + 128) & 255) - 128
        y = (p - x) >> 8
        minx, maxx, miny, maxy = self._box()
        if x < minx:
            minx = x
        elif x > maxx:
            maxx = x
        if y < miny:
            miny = y
        elif y > maxy:
            maxy = y
        # the box's edge as cell ints: a cell q is inside (not on the edge)
        # iff lo <= q < hi (its row) and xl < (q + 128) & 255 < xh (its column)
        edge = (((miny + 1) << 8) - 128, (maxy << 8) - 128, minx + 128, maxx + 128)
        # every run of empty cells around p must still reach the outside
        for e in runs:
            if not self._reaches_outside(p + _STEPI[e], p, edge):
                return True
        return False

    def _reaches_outside(self, start: int, blocked: int, edge) -> bool:
        """Do the empty cells joined to ``start`` (not through ``blocked``)
        reach the edge of the box (``edge``, see _would_enclose)?"""
        lo, hi, xl, xh = edge
        tiles = self._masks
        seen = {start, blocked}
        stack = [start]
        while stack:
            q = stack.pop()
            if not (lo <= q < hi and xl < (q + 128) & 255 < xh):
                return True  # on the bounding box's edge: open to the outside
            for s in _STEPI:
                n = q + s
                if n not in seen and n not in tiles:
                    seen.add(n)
                    stack.append(n)
        return False

    # -- what a refusal names (worked out only when a move is refused) ------
    def _holes_if_filled(self, p: int) -> list:
        """The empty cells (ints, north to south) that a tile on the empty
        cell ``p`` would close in (P5): those joined to no empty cell on the
        edge of the box around the tiles and ``p``."""
        masks = self._masks
        minx, maxx, miny, maxy = self._box()
        x = ((p + 128) & 255) - 128
        y = (p - x) >> 8
        minx, maxx, miny, maxy = min(minx, x), max(maxx, x), min(miny, y), max(maxy, y)
        closed = []
        seen = {p}
        for s in _STEPI:
            start = p + s
            if start in masks or start in seen:
                continue
            # the empty cells joined to start inside the box, all of them (so that a later start
            # never walks a part of this area cut off by what this walk saw)
            region = [start]
            seen.add(start)
            stack = [start]
            outside = False
            while stack:
                q = stack.pop()
                qx = ((q + 128) & 255) - 128
                qy = (q - qx) >> 8
                if qx <= minx or qx >= maxx or qy <= miny or qy >= maxy:
                    outside = True   # (on the box's edge: open to the outside)
                for d in _STEPI:
                    n = q + d
                    if n not in seen and n not in masks:
                        nx = ((n + 128) & 255) - 128
                        ny = (n - nx) >> 8
                        if minx <= nx <= maxx and miny <= ny <= maxy:
                            seen.add(n)
                            region.append(n)
                            stack.append(n)
            if not outside:
                closed += region
        return sorted(closed)

    def _cut_off_by(self, p: int) -> list:
        """The tiles (cells, north to south) that taking out the tile at cell
        ``p`` would cut off from the fountain (P4): those no longer joined to
        it through open sides."""
        seen = _reached_without(self._links, p)
        return sorted(q for q in self._links if q not in seen)

    def _mismatch(self, m: int, p: int):
        """``(side, neighbour's cell, whether the wall is the tile's)`` of the
        first side (N, E, S, W) where a tile with wall mask ``m`` on cell ``p``
        would meet a neighbour with the other wall status (P3), or None."""
        masks = self._masks
        for d in range(4):
            q = p + _STEPI[d]
            nm = masks.get(q)
            if nm is not None and (m >> d & 1) != (nm >> OPPOSITE[d] & 1):
                return d, q, bool(m >> d & 1)
        return None

    def _walled_off(self, m: int, p: int) -> tuple:
        """The sides (0-3: N, E, S, W) of cell ``p`` with a neighbour, when a tile with wall mask
        ``m`` there would have a wall against each of them (P4: no way in); else ()."""
        masks = self._masks
        sides = []
        for d in range(4):
            nm = masks.get(p + _STEPI[d])
            if nm is not None:
                if not (m >> d & 1 and nm >> OPPOSITE[d] & 1):
                    return ()
                sides.append(d)
        return tuple(sides)

    def _open(self) -> tuple:
        """``(cells, sides)``: the frontier cells (ints, north to south) and
        for each the low byte of its entry, ``care | need << 4`` -- 0 where
        no tile may go at all: no open side touches a tile (P4) or filling
        the cell would close a hole (P5). A tile with wall mask m fits on
        cell i iff ``_FITB[m][sides[i]]`` (P3). Once per change."""
        got = self._cells
        if got is None:
            fr = self._frontier
            ks = sorted(fr)
            # the low bytes of the entries, _PENDING where P5 is still to be
            # asked (two look-ups of a whole row at once: cheaper than a loop)
            sides = bytes(itemgetter(*itemgetter(*ks)(fr))(_SIDE_OF)) if len(ks) > 1 else bytes((_SIDE_OF[fr[ks[0]]],))
            if _PENDING in sides:
                sides = bytearray(sides)
                i = sides.find(_PENDING)
                while i >= 0:
                    e = fr[ks[i]]
                    sides[i] = 0 if self._would_enclose(ks[i], e >> 8) else e & 255
                    i = sides.find(_PENDING, i + 1)
            got = self._cells = (ks, sides)
        return got

    def _spots_for(self, m: int) -> tuple:
        """Legal cells (ints) for a tile with wall mask ``m``, north to south."""
        spots = self._spots
        if spots is None:
            spots = self._spots = {}
        s = spots.get(m)
        if s is None:
            ks, sides = self._open()
            s = spots[m] = tuple(compress(ks, sides.translate(_FITB[m])))
        return s

    def _fit_masks(self) -> int:
        """The wall masks (bit m) of the tiles that have a legal spot now:
        bit m is set iff ``_spots_for(m)`` is not empty. (Kept with the
        spots per mask, under the key 16, until the Alhambra changes.)"""
        spots = self._spots
        if spots is None:
            spots = self._spots = {}
        bits = spots.get(16)
        if bits is None:
            bits = 0
            for s in set((self._cells or self._open())[1]):
                bits |= _FITS_AT[s]
            spots[16] = bits
        return bits

    def legal_spots(self, tile: Tile) -> set:
        """Every empty spot where ``tile`` (a tile or its id) may be placed now."""
        tile = _as_tile(tile)
        if self._holds(tile) or tile.is_turned:
            return set()
        return {_P[p] for p in self._spots_for(tile.mask)}

    def why_not_remove(self, pos) -> str | None:
        """The rule that forbids taking the tile at ``pos`` out (T3a, P7), or ``None``."""
        pos = _pos(pos)
        if pos == ORIGIN:
            return "P6"
        if self[pos] is None:
            return "T3a"
        return self._removal_rule_at(_enc(pos))

    def _cut(self) -> set:
        """The cut points of P4 (see :func:`_cut_cells`), once per change."""
        cut = self._cutset
        if cut is None:
            cut = self._cutset = _cut_cells(self._links)
        return cut

    def _can_remove(self) -> bool:
        if self._canrm is None:
            self._canrm = self._can_remove_now()
        return self._canrm

    def _can_remove_now(self) -> bool:
        if self._rm is None:
            # fast path: a tile joined to just one neighbour through an open
            # side is never a cut point (P4); with an empty side it opens no hole (P5)
            sk = self._sk
            for p, lk in reversed(self._links.items()):  # the newest tiles first: usually at the edge
                if _ONE[lk] and p and sk[p] < 240:
                    return True
        return bool(self._removable_cells())

    def _removable_cells(self) -> tuple:
        """The cells of the tiles that may be taken out (T3a), north to south."""
        rm = self._rm
        if rm is None:
            cells, keys = self._swap_info()
            # a free side (no hole, P5), not a cut point (P4)
            rm = compress(cells, keys.translate(_FREEB))
            cut = self._cut()
            rm = self._rm = [p for p in rm if p not in cut] if cut else list(rm)
        return rm

    def removable(self) -> list:
        """Positions whose tile may be moved to the reserve (T3a), north to south."""
        return [_P[p] for p in self._removable_cells()]

    def why_not_swap(self, tile: Tile, pos) -> str | None:
        """The rule that forbids putting ``tile`` in place of the tile at ``pos`` (T3c)."""
        tile = _as_tile(tile)
        pos = _pos(pos)
        if pos == ORIGIN or self._holds(tile):
            return "P6"
        if self[pos] is None:
            return "T3c"
        if tile.is_turned:
            return "P1"
        p = _enc(pos)
        diff = self._masks[p] ^ tile.mask
        for d in range(4):
            if diff >> d & 1 and (p + _STEPI[d]) in self._masks:
                return "P3"
        return None

    def _removal_rule_at(self, p: int):
        """The rule taking out the tile at cell ``p`` would break (P4 before
        P5), or None -- one check, without working out every tile's answer."""
        links = self._links
        lk = links[p]
        if self._cutset is not None:
            if p in self._cutset:
                return "P4"
        elif _MANY[lk]:
            # P4: can every other tile still be reached from the fountain?
            if len(_reached_without(links, p)) != len(links):
                return "P4"
        # (a tile joined to one neighbour only never carries another tile)
        if self._sk[p] >= 240:
            return "P5"
        return None

    def _swap_cells(self, m: int) -> tuple:
        """Cells (ints) of the tiles a tile with wall mask ``m`` may replace, north to south."""
        acts = self._acts
        if acts is None:
            acts = self._acts = {}
        key = -1 - m   # (the other keys are classes and pairs)
        got = acts.get(key)
        if got is None:
            cells, keys = self._swap_info()
            got = acts[key] = tuple(compress(cells, keys.translate(_SWAPB[m])))
        return got

    def _swap_info(self) -> tuple:
        """``(cells, keys)``: the building tiles (ints, north to south) and
        for each ``mask | sides << 4``, its walls and the sides where a tile
        touches it: a tile with wall mask m may replace it iff
        ``_SWAPB[m][key]`` (the same walls there, P3 and P7)."""
        info = self._swapinfo
        if info is None:
            sk = self._sk
            cells = sorted(sk)
            cells.remove(_ORIGIN)   # (the fountain)
            keys = bytes(itemgetter(*cells)(sk)) if len(cells) > 1 else bytes(map(sk.__getitem__, cells))
            info = self._swapinfo = (cells, keys)
        return info

    def _actions(self, cls, tile: Tile) -> tuple:
        """Build/Place (spots) or Swap actions for ``tile``, cached until the
        Alhambra changes (engine internal; actions are immutable)."""
        acts = self._acts
        if acts is None:
            acts = self._acts = {}
        key = (cls, tile)
        got = acts.get(key)
        if got is None:
            if cls is Swap:
                cells = self._swap_cells(tile.mask)
            else:   # (the legal spots, read from the open cells without keeping them per mask)
                ks, sides = self._cells or self._open()
                cells = compress(ks, sides.translate(_FITB[tile.mask]))
            got = acts[key] = tuple(map(_ACTIONS_AT[cls][tile.id].__getitem__, cells))
        return got

    def _remove_actions(self) -> tuple:
        """The Remove actions of every removable tile, cached until the Alhambra changes."""
        acts = self._acts
        if acts is None:
            acts = self._acts = {}
        got = acts.get(Remove)
        if got is None:
            got = acts[Remove] = tuple(map(_REMOVE.__getitem__, self._removable_cells()))
        return got

    def _redesigns(self, reserve) -> list:
        """Every redesign (T3) with this reserve: removes, then builds, then
        swaps (``Game.legal_actions`` order), cached until the Alhambra
        changes. (Written out in one piece: after a change it is the first
        thing asked of the Alhambra of the player to act. The list is the
        cached one: read it, never change it.)"""
        acts = self._acts
        key = tuple(reserve)
        if acts is None:
            acts = self._acts = {}
        else:
            got = acts.get(key)
            if got is not None:
                return got
        rm = self._rm
        if rm is None:
            rm = self._removable_cells()
        out = acts[key] = [*map(_REMOVE.__getitem__, rm)]
        if key:
            # builds: every open frontier cell a tile's walls fit (P2-P5)
            ks, sides = self._cells or self._open()
            for t in key:
                out += map(_BUILD_GET[t.id], compress(ks, sides.translate(_FITB[t.mask])))
            # swaps: every tile whose walls the tile repeats where neighbours touch (P3, P7)
            tiles, keys = self._swapinfo or self._swap_info()
            for t in key:
                out += map(_SWAP_GET[t.id], compress(tiles, keys.translate(_SWAPB[t.mask])))
        return out

    def swap_spots(self, tile: Tile) -> list:
        """Positions where ``tile`` could replace the tile lying there (T3c)."""
        tile = _as_tile(tile)
        if self._holds(tile) or tile.is_turned:
            return []
        return [_P[p] for p in self._swap_cells(tile.mask)]

    def _verify_caches(self) -> None:
        """Assert that the incrementally kept frontier, links, bounds, counts
        and ids equal a recomputation from the tiles (used by ``Game.check``
        and the tests)."""
        masks = self._masks
        fresh = {}
        for p in masks:
            for d in range(4):
                q = p + _STEPI[d]
                if q in masks or q in fresh:
                    continue
                fresh[q] = self._frontier_entry(q)
        assert fresh == self._frontier, "the frontier of free spots is out of date"
        pts = [_dec(q) for q in masks]
        box = (min(x for x, _ in pts), max(x for x, _ in pts), min(y for _, y in pts), max(y for _, y in pts))
        assert self._bbox is None or box == self._bbox, "the bounds are out of date"
        counts = [0] * 6
        for t in self._tiles.values():
            if t.id:
                counts[t.building.index] += 1
        assert tuple(counts) == self.counts(), "the building counts are out of date"
        assert self._ids == sum(1 << t.id for t in self._tiles.values() if t.id), "the tile ids are out of date"
        links, sk = {}, {}
        for p, m in masks.items():
            links[p] = 0
            sk[p] = m
            for d in range(4):
                qm = masks.get(p + _STEPI[d])
                if qm is not None:
                    sk[p] |= 16 << d
                    if not (m >> d | qm >> OPPOSITE[d]) & 1:
                        links[p] |= 1 << d
        assert links == self._links, "the links between tiles are out of date"
        assert sk == self._sk, "the neighbours of the tiles are out of date"
        cut = _cut_cells(links)
        if self._cutset is not None:
            assert self._cutset == cut, "the cut points are out of date"
        # the answers kept across changes where they can be (see _put, _take, _swap_at)
        removable = [q for q in sorted(sk) if q and q not in cut and sk[q] < 240]
        if self._rm is not None:
            assert list(self._rm) == removable, "the removable tiles are out of date"
        if self._canrm is not None:
            assert self._canrm == bool(removable), "whether a tile can be taken out is out of date"
        cells = [q for q in sorted(sk) if q]
        if self._swapinfo is not None:
            assert self._swapinfo == (cells, bytes(sk[q] for q in cells)), "the swap table is out of date"
        if self._cells is not None:
            kept, self._cells = self._cells, None
            fresh = self._open()
            self._cells = kept
            assert (kept[0], bytes(kept[1])) == (fresh[0], bytes(fresh[1])), "the open cells are out of date"

    # -- changing ------------------------------------------------------------
    def place(self, tile: Tile, pos) -> None:
        """Put ``tile`` (a tile or its id) on the empty spot ``pos``;
        IllegalMove if the rules forbid it."""
        tile = _as_tile(tile)
        self._put(tile, self._place_cell(tile, pos))

    def _place_cell(self, tile: Tile, pos) -> int:
        """The cell of ``pos`` if ``tile`` may be placed there, else IllegalMove."""
        x, y = pos if type(pos) is tuple and len(pos) == 2 else _pos(pos)
        if type(x) is int and type(y) is int and -100 < x < 100 and -100 < y < 100:
            p = x + ROW * y
            e = self._frontier.get(p)
            tid = tile.id
            if e is not None and 0 < tid <= 54 and BY_ID[tid] is tile and not self._ids & _BIT[tid] \
                    and _FIT[tile.mask][e & 255] and (not _MULTI[e >> 8] or not self._would_enclose(p, e >> 8)):
                return p  # the local check of P2-P5: the sides fit, and no hole is closed
        pos = _pos(pos)
        rule = self.why_not(tile, pos)
        if rule is not None:
            key, params = placement_message(rule, tile, pos, self)
            raise IllegalMove(rule, key, **params)
        return pos[0] + ROW * pos[1]

    def _put(self, tile: Tile, p: int) -> None:
        # (the four sides written out: this runs on every placement)
        masks = self._masks
        m = tile.mask
        self._tiles[p] = tile
        masks[p] = m
        self._ids |= _BIT[tile.id]
        self._cnt += _CNT[tile.bi]
        fr = self._frontier
        # p's frontier entry: the sides with a tile and their walls facing p,
        # its ring (p is a frontier cell but when an Alhambra is set up tile
        # by tile: then no tile touches a side of p)
        r = fr.pop(p, None)
        if r is None:
            r = self._ring_of(p) << 8
        links = self._links
        sks = self._sk
        # the sides of p with a tile (care) and those joined to it through
        # open sides (P4's graph): both open, p's wall not there nor the
        # neighbour's wall facing p (need)
        nb = r & 15
        lk = nb & ~(m | r >> 4)
        touch_n, touch_e, touch_s, touch_w = _TOUCH[m]
        new_n, new_e, new_s, new_w = _NEW_RING[r >> 8]
        tile_n, tile_e, tile_s, tile_w = _SIDE_BITS[nb]
        # per side of p: a tile there now has a neighbour on the side facing p
        # (and a link when they are joined); an empty cell there now touches
        # p: care bit, the wall p demands (P3), p in its ring (_TOUCH). A cell
        # new to the frontier touched no tile before, so its ring holds p, the
        # two cells beside p that p's ring tells (_NEW_RING), and its two far
        # corners (looked up)
        q = p - ROW                       # north; p lies south of it
        if tile_n:
            sks[q] |= 64
            if lk & 1:
                links[q] |= 4
        else:
            e = fr.get(q)
            if e is None:
                e = new_n
                if q + _NE in masks:
                    e |= 512
                if q + _NW in masks:
                    e |= 32768
            fr[q] = e | touch_n
        q = p + 1                         # east; p lies west of it
        if tile_e:
            sks[q] |= 128
            if lk & 2:
                links[q] |= 8
        else:
            e = fr.get(q)
            if e is None:
                e = new_e
                if q + _NE in masks:
                    e |= 512
                if q + _SE in masks:
                    e |= 2048
            fr[q] = e | touch_e
        q = p + ROW                       # south; p lies north of it
        if tile_s:
            sks[q] |= 16
            if lk & 4:
                links[q] |= 1
        else:
            e = fr.get(q)
            if e is None:
                e = new_s
                if q + _SE in masks:
                    e |= 2048
                if q + _SW in masks:
                    e |= 8192
            fr[q] = e | touch_s
        q = p - 1                         # west; p lies east of it
        if tile_w:
            sks[q] |= 32
            if lk & 8:
                links[q] |= 2
        else:
            e = fr.get(q)
            if e is None:
                e = new_w
                if q + _SW in masks:
                    e |= 8192
                if q + _NW in masks:
                    e |= 32768
            fr[q] = e | touch_w
        links[p] = lk
        sks[p] = m | nb << 4
        # frontier cells diagonal to p see it in their ring
        q = p + _NE
        e = fr.get(q)
        if e is not None:
            fr[q] = e | 8192              # p lies south-west of it
        q = p + _SE
        e = fr.get(q)
        if e is not None:
            fr[q] = e | 32768             # north-west
        q = p + _SW
        e = fr.get(q)
        if e is not None:
            fr[q] = e | 512               # north-east
        q = p + _NW
        e = fr.get(q)
        if e is not None:
            fr[q] = e | 2048              # south-east
        info = self._swapinfo
        if info is not None and self._acts is not None:
            # the building tiles and their keys, when this Alhambra's actions
            # were listed since the last change (so likely again after this
            # one): p's key in at its place, its neighbours' keys anew (the
            # lists are shared with copies: new ones)
            tiles, keys = info
            i = bisect_left(tiles, p)
            tiles = tiles.copy()
            tiles.insert(i, p)
            keys = bytearray(keys)
            keys.insert(i, m | nb << 4)
            # the neighbours' keys: west and east lie next to p in the list
            # (no cell between), north before it and south after it
            if tile_n and p != ROW:
                keys[bisect_left(tiles, p - ROW, 0, i)] = sks[p - ROW]
            if tile_e and p != -1:
                keys[i + 1] = sks[p + 1]
            if tile_s and p != -ROW:
                keys[bisect_left(tiles, p + ROW, i + 1)] = sks[p + ROW]
            if tile_w and p != 1:
                keys[i - 1] = sks[p - 1]
            self._swapinfo = (tiles, bytes(keys))
        else:
            self._swapinfo = None
        cut = self._cutset
        rm = self._rm
        # the caches of _changed dropped here, but for those kept up to date
        # around, and the bounds (written out: this runs on every placement)
        self._spots = self._wall = self._cells = self._acts = self._walln = self._bbox = None
        if _ONE[lk] and cut is not None:
            # a tile joined to one tile q only: q carries it now (a cut point,
            # P4, unless it is the fountain), nothing else changes; and the
            # new tile can go back out when it has a free side (no hole, P5)
            q = p + _OFFS[lk][0]
            self._cutset = cut if not q or q in cut else cut | {q}
            if rm is not None:
                # the removable tiles: not q now, nor a neighbour closed in on
                # every side; the new tile if it has a free side
                rm = rm.copy()
                i = bisect_left(rm, q)
                if i < len(rm) and rm[i] == q:
                    del rm[i]
                for off in _OFFS[nb]:
                    if sks[p + off] >= 240:
                        _discard(rm, p + off)
                if nb != 15:
                    insort(rm, p)
                self._rm = rm
                self._canrm = bool(rm)
            else:
                self._canrm = True if nb != 15 else None
        else:
            self._cutset = self._rm = None
            self._canrm = True if _ONE[lk] and nb != 15 else None

    def _frontier_entry(self, q: int):
        """The frontier entry of the empty cell ``q`` worked out from its
        neighbours, or None when no tile touches it."""
        masks = self._masks
        care = need = 0
        for d in range(4):
            nm = masks.get(q + _STEPI[d])
            if nm is not None:
                care |= 1 << d
                need |= (nm >> OPPOSITE[d] & 1) << d
        return care | need << 4 | self._ring_of(q) << 8 if care else None

    def _ring_of(self, q: int) -> int:
        """Which of the 8 cells around ``q`` hold a tile (bit i: ``_RINGI[i]``)."""
        m = self._masks
        return ((q - ROW in m) | (q - ROW + 1 in m) << 1 | (q + 1 in m) << 2 | (q + ROW + 1 in m) << 3 |
                (q + ROW in m) << 4 | (q + ROW - 1 in m) << 5 | (q - 1 in m) << 6 | (q - ROW - 1 in m) << 7)

    def remove(self, pos) -> Tile:
        """Take the tile at ``pos`` out of the Alhambra and return it (T3a).

        Refused when it is the fountain (P6), when another tile would be cut
        off from the fountain (P4) or when a hole would open (P5)."""
        return self._take(self._remove_cell(pos))

    def _remove_cell(self, pos) -> int:
        """The cell of ``pos`` if its tile may be taken out, else IllegalMove."""
        if type(pos) is tuple and len(pos) == 2:
            x, y = pos
            if type(x) is int and type(y) is int and -100 < x < 100 and -100 < y < 100:
                p = x + ROW * y
                if p and p in self._masks and self._removal_rule_at(p) is None:
                    return p
        pos = _pos(pos)
        rule = self.why_not_remove(pos)
        if rule is not None:
            key, params = removal_message(rule, pos, self)
            raise IllegalMove(rule, key, **params)
        return _enc(pos)

    def _take(self, p: int) -> Tile:
        tile = self._tiles.pop(p)
        masks = self._masks
        del masks[p]
        links = self._links
        sks = self._sk
        lk = links.pop(p)
        nb = sks.pop(p) >> 4
        self._ids ^= _BIT[tile.id]
        self._cnt -= _CNT[tile.bi]
        fr = self._frontier
        # per side of p (written out: this runs on every removal): a tile
        # there loses its neighbour (and link) on the side facing p, and p's
        # frontier entry gets that side and the tile's wall facing p (care |
        # need << 4); a frontier cell there no longer touches p (no care bit,
        # no wall p demands, p not in its ring), and leaves the frontier when
        # it touches no other tile
        sides = 0
        tile_n, tile_e, tile_s, tile_w = _SIDE_BITS[nb]
        q = p - ROW                 # north; p lies south of it
        if tile_n:
            k = sks[q] ^ 64
            sks[q] = k
            if lk & 1:
                links[q] ^= 4
            sides = 1 | (k & 4) << 2
        else:
            e = fr.get(q)
            if e is not None:
                e &= ~4164
                if e & 15:
                    fr[q] = e
                else:
                    del fr[q]
        q = p + 1                   # east; p lies west of it
        if tile_e:
            k = sks[q] ^ 128
            sks[q] = k
            if lk & 2:
                links[q] ^= 8
            sides |= 2 | (k & 8) << 2
        else:
            e = fr.get(q)
            if e is not None:
                e &= ~16520
                if e & 15:
                    fr[q] = e
                else:
                    del fr[q]
        q = p + ROW                 # south; p lies north of it
        if tile_s:
            k = sks[q] ^ 16
            sks[q] = k
            if lk & 4:
                links[q] ^= 1
            sides |= 4 | (k & 1) << 6
        else:
            e = fr.get(q)
            if e is not None:
                e &= ~273
                if e & 15:
                    fr[q] = e
                else:
                    del fr[q]
        q = p - 1                   # west; p lies east of it
        if tile_w:
            k = sks[q] ^ 32
            sks[q] = k
            if lk & 8:
                links[q] ^= 2
            sides |= 8 | (k & 2) << 6
        else:
            e = fr.get(q)
            if e is not None:
                e &= ~1058
                if e & 15:
                    fr[q] = e
                else:
                    del fr[q]
        # p's ring: its tiles beside p, then at its corners; a frontier cell
        # at a corner (so no tile) no longer has p in its ring
        ring = _NB_RING[nb]
        q = p + _NE
        e = fr.get(q)
        if e is not None:
            fr[q] = e & ~8192       # p lies south-west of it
        elif q in masks:
            ring |= 512
        q = p + _SE
        e = fr.get(q)
        if e is not None:
            fr[q] = e & ~32768      # north-west
        elif q in masks:
            ring |= 2048
        q = p + _SW
        e = fr.get(q)
        if e is not None:
            fr[q] = e & ~512        # north-east
        elif q in masks:
            ring |= 8192
        q = p + _NW
        e = fr.get(q)
        if e is not None:
            fr[q] = e & ~2048       # south-east
        elif q in masks:
            ring |= 32768
        if sides:
            fr[p] = sides | ring
        info = self._swapinfo
        if info is not None and self._acts is not None:
            # the building tiles and their keys (as in _put): p's out, its
            # neighbours' keys anew
            tiles, keys = info
            i = bisect_left(tiles, p)
            tiles = tiles.copy()
            del tiles[i]
            keys = bytearray(keys)
            del keys[i]
            # (west and east lay next to p in the list, north before, south after)
            if tile_n and p != ROW:
                keys[bisect_left(tiles, p - ROW, 0, i)] = sks[p - ROW]
            if tile_e and p != -1:
                keys[i] = sks[p + 1]
            if tile_s and p != -ROW:
                keys[bisect_left(tiles, p + ROW, i)] = sks[p + ROW]
            if tile_w and p != 1:
                keys[i - 1] = sks[p - 1]
            self._swapinfo = (tiles, bytes(keys))
        else:
            self._swapinfo = None
        cut = self._cutset
        rm = self._rm
        # the caches of _changed dropped here, but for those kept up to date
        # around, and the bounds (written out: this runs on every removal)
        self._spots = self._wall = self._cells = self._acts = self._walln = self._bbox = None
        self._cutset = self._rm = self._canrm = None
        if cut is not None and _ONE[lk]:
            # a tile that hung on one tile q only: nothing changes but for q,
            # which may carry nothing else now
            q = p + _OFFS[lk][0]
            if q in cut:
                # joined to one tile now, q carries nothing (a leaf); in a tree
                # (as many links as tiles but one, P4's graph being connected),
                # joined to two or more it still carries a branch; else search
                if _ONE[links[q]]:
                    cut = cut - {q}
                elif sum(bytes(links.values()).translate(_DEGB)) != 2 * (len(links) - 1):
                    cut = _cut_without(links, q, cut)
            self._cutset = cut
            if rm is not None:
                # the removable tiles: not this one; its neighbours have a free
                # side now, so each that is no cut point (nor the fountain)
                rm = rm.copy()
                i = bisect_left(rm, p)
                if i < len(rm) and rm[i] == p:
                    del rm[i]
                for off in _OFFS[nb]:
                    c = p + off
                    if c and c not in cut:
                        i = bisect_left(rm, c)
                        if i == len(rm) or rm[i] != c:
                            rm.insert(i, c)
                self._rm = rm
                self._canrm = bool(rm)
        return tile

    def swap(self, tile: Tile, pos) -> Tile:
        """Put ``tile`` exactly where the tile at ``pos`` lies and return the
        old one (T3c). Both must match the same neighbours (P3, P7)."""
        tile = _as_tile(tile)
        return self._swap_at(tile, self._swap_cell(tile, pos))

    def _swap_cell(self, tile: Tile, pos) -> int:
        """The cell of ``pos`` if ``tile`` may replace the tile there, else IllegalMove."""
        if type(pos) is tuple and len(pos) == 2:
            x, y = pos
            if type(x) is int and type(y) is int and -100 < x < 100 and -100 < y < 100:
                p = x + ROW * y
                tid = tile.id
                if p and p in self._masks and 0 < tid <= 54 and BY_ID[tid] is tile \
                        and not self._ids & _BIT[tid] and _SWAPB[tile.mask][self._sk[p]]:
                    return p
        pos = _pos(pos)
        rule = self.why_not_swap(tile, pos)
        if rule is not None:
            key, params = swap_message(rule, tile, pos, self)
            raise IllegalMove(rule, key, **params)
        return _enc(pos)

    def _swap_at(self, tile: Tile, p: int) -> Tile:
        tiles = self._tiles
        old = tiles[p]
        tiles[p] = tile
        self._ids = self._ids & ~_BIT[old.id] | _BIT[tile.id]
        self._cnt += _CNT[tile.bi] - _CNT[old.bi]
        m = tile.mask
        sk = self._sk
        k = sk[p]
        diff = (k ^ m) & 15     # the sides where a wall comes or goes
        if not diff:
            # the same walls: the same position for every rule, every answer
            # (each cache of _changed) kept
            return old
        self._masks[p] = m
        sk[p] = k ^ diff
        fr = self._frontier
        if diff & k >> 4:
            # a wall comes or goes where a tile touches: only in an Alhambra
            # set up unchecked, breaking P3 already (a swap keeps those walls,
            # P7); the links anew, every answer dropped
            self._changed()
            links, masks = self._links, self._masks
            lk = 0
            for off, dbit, d, obit, o in _EDGES:
                q = p + off
                qm = masks.get(q)
                if qm is not None:
                    if not (m >> d | qm >> o) & 1:
                        lk |= dbit
                        links[q] |= obit
                    else:
                        links[q] &= ~obit
                elif q in fr:
                    fr[q] = (fr[q] & ~(obit << 4)) | (m >> d & 1) << (o + 4)
            links[p] = lk
            return old
        # the walls change on free sides only: the free cells there demand the
        # new walls (P3); the same tiles joined (P4's graph), so the cut points
        # and the removable tiles are the same (kept); the other caches of
        # _changed dropped, but for those kept up to date below
        for off, flip in _FLIPS[diff]:
            fr[p + off] ^= flip
        info, cells = self._swapinfo, self._cells
        self._spots = self._wall = self._swapinfo = self._cells = self._acts = self._walln = None
        if info is not None:
            tiles, keys = info
            i = bisect_left(tiles, p)
            self._swapinfo = (tiles, keys[:i] + bytes((k ^ diff,)) + keys[i + 1:])
        if cells is not None:
            ks, sides = cells
            sides = bytearray(sides)
            for off, flip in _FLIPS[diff]:
                q = p + off
                e = fr[q]
                sides[bisect_left(ks, q)] = 0 if _MULTI[e >> 8] and _OPEN[e & 255] and \
                    self._would_enclose(q, e >> 8) else e & 255
            self._cells = (ks, sides)
        return old

    # -- walls ---------------------------------------------------------------
    def external_walls(self) -> list:
        """Every external wall side as ``((x, y), side)``: a wall whose cell on
        the other side is empty (C4)."""
        out = []
        masks = self._masks
        for p in sorted(masks):
            m = masks[p]
            if not m:
                continue
            for d in range(4):
                if m >> d & 1 and (p + _STEPI[d]) not in masks:
                    out.append((_dec(p), SIDES[d]))
        return out

    def longest_wall(self) -> int:
        """Length of the longest continuous external wall (C4, decision X2)."""
        if self._walln is None:
            # the length alone: a component with at most two odd corners is
            # walked whole (Euler), so only its size is needed
            n = len(self._wall) if self._wall is not None else _wall_length(self._sk)
            if n is None:  # junctions: search the trail
                n = _longest_trail(self.external_walls(), length_only=True)
            self._walln = n
        return self._walln

    def longest_wall_path(self) -> list:
        """The wall sides of one longest continuous external wall, in order
        along the wall, as ``((x, y), side)`` pairs."""
        if self._wall is None:
            self._wall = _longest_trail(self.external_walls())
        return list(self._wall)

    def wall_mask(self, pos) -> int:
        """The wall bits (N=1, E=2, S=4, W=8) of the tile at ``pos`` (0 if empty)."""
        t = self[pos]
        return t.mask if t is not None else 0

    # -- record --------------------------------------------------------------
    def to_list(self) -> list:
        """``[[x, y, tile_id], ...]`` of the building tiles, north to south."""
        return [[p[0], p[1], t.id] for p, t in self.items() if t.id]

    @classmethod
    def from_tiles(cls, placed, *, check: bool = True) -> "Alhambra":
        """Build an Alhambra from ``{(x, y): tile or tile id}`` (or ``(position,
        tile)`` pairs), e.g. to set up a position for a lesson.

        With ``check`` (the default) the whole result must obey P1-P6 and have
        no holes (P5); IllegalMove names the first rule it breaks. The order of
        the tiles does not matter."""
        form = "an Alhambra is set up from {(x, y): tile} or ((x, y), tile) pairs, not "
        if hasattr(placed, "items"):
            items = list(placed.items())
        elif isinstance(placed, (str, bytes)) or not hasattr(placed, "__iter__"):
            raise TypeError(form + _shown(placed))
        else:
            items = placed   # (read lazily: 54 tiles at most fit, so an endless iterable ends in a clash)
        a = cls()
        for item in items:
            if type(item) is not tuple or len(item) != 2:
                raise TypeError(form + _shown(item))
            pos, t = item
            t = _as_tile(t)
            pos = _pos(pos)
            p = _enc(pos)
            if p in a._masks or a._holds(t):
                raise IllegalMove("P6", "error.P6.setup_clash", pos=_where(pos), tile=t)
            a._put(t, p)
        if check:
            rule = broken_rule(a)
            if rule is not None:
                raise IllegalMove(rule, "error.setup.breaks_rule", rule=rule, explanation=Text(f"rule.{rule}"))
        return a


def _discard(cells: list, p: int) -> None:
    """Take ``p`` out of the sorted list ``cells`` if it is there."""
    i = bisect_left(cells, p)
    if i < len(cells) and cells[i] == p:
        del cells[i]


def _pos(pos) -> tuple:
    try:
        x, y = pos
    except (TypeError, ValueError):
        raise TypeError(f"a position is a pair (x, y) of integers, not {_shown(pos)}") from None
    if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool) or isinstance(y, bool):
        raise TypeError(f"a position is a pair (x, y) of integers, not {_shown(pos)}")
    return (x, y)


def _as_tile(t) -> Tile:
    """A tile given as a tile or its id (``ValueError`` for an id that is no
    tile's, ``TypeError`` for anything else)."""
    if type(t) is Tile:
        return t
    if isinstance(t, int) and not isinstance(t, bool):
        return _tile_by_id(t)
    raise TypeError(f"a tile is a Tile or a tile id (1-54), not {_shown(t)}")


def _cut_without(links: dict, q: int, cut: set) -> set:
    """``cut`` without ``q`` if every tile is still in reach of the fountain
    through open sides (P4's graph, ``links``) when the tile at ``q`` is out."""
    return cut - {q} if len(_reached_without(links, q)) == len(links) else cut


def _cut_cells(links: dict) -> set:
    """Cells whose tile, taken out, would cut another tile off from the
    fountain (P4): the articulation points of the graph of tiles joined by
    open sides (``links``: cell -> joined sides), found with one depth-first
    search (Tarjan)."""
    degrees = bytes(links.values()).translate(_DEGB)
    if sum(degrees) == 2 * (len(links) - 1):
        # a tree: every tile joined to two or more others carries a branch
        cut = set(compress(links, degrees.translate(_MANYB)))
        cut.discard(_ORIGIN)
        return cut
    cut = set()
    _cut_dfs(_ORIGIN, None, links, {}, cut)
    # the fountain (the root) is never removed, so it is never reported
    return cut


def _cut_dfs(u: int, parent, links: dict, disc: dict, cut: set) -> int:
    """The search of :func:`_cut_cells` from tile ``u`` (reached from
    ``parent``): numbers the tiles it reaches in ``disc``, adds the cut points
    to ``cut`` and returns the lowest number that ``u``'s subtree reaches. (A
    function of its own, not a closure: a closure that calls itself is a
    reference cycle, garbage that only the collector can free.)"""
    d = disc[u] = len(disc)
    lu = d
    for off in _OFFS[links[u]]:
        v = u + off
        if v == parent:
            continue
        dv = disc.get(v)
        if dv is None:
            lv = _cut_dfs(v, u, links, disc, cut)
            if lv < lu:
                lu = lv
            if lv >= d and parent is not None:
                cut.add(u)
        elif dv < lu:
            lu = dv
    return lu


def _wall_length(sk: dict):
    """The longest wall when every wall component has at most two odd corners
    (then each is walked whole, so its length is its number of sides), or
    None when a component needs a search. ``sk`` is ``Alhambra._sk`` (cell ->
    walls | sides with a tile << 4: a wall with no tile beyond is external).
    Corners are ints like cells: the corner (x, y) is the north-west corner
    of cell (x, y); each corner gets the directions (N, E, S, W bits) of the
    external walls that meet there."""
    adj: dict = {}
    get = adj.get
    for p, k in sk.items():
        ws = _WALL_CORNERS[k]
        if ws:
            for off, bits in ws:
                c = p + off
                adj[c] = get(c, 0) | bits
    best = 0
    pop = adj.pop
    arms = []   # (a corner to go on from, the direction back << 4)
    while adj:
        # one component: its corners taken out of adj as they are reached,
        # walking along each wall; a stack of arms only where walls branch
        u, bits = adj.popitem()
        degree_sum = _DEG[bits]
        odd = _ODD[bits]
        for off, back in _ARMS[bits]:
            arms.append((u + off, back))
        while arms:
            u, back = arms.pop()
            while True:
                bits = pop(u, 0)
                if not bits:        # reached before
                    break
                step = _ON[bits | back]
                if step is None:    # the wall ends or branches here
                    degree_sum += _DEG[bits]
                    odd += _ODD[bits]
                    for off, b in _ARMS[bits & ~(back >> 4)]:
                        arms.append((u + off, b))
                    break
                degree_sum += 2     # (the wall goes on: two sides meet, an even corner)
                off, back = step
                u += off
        if odd > 2:
            return None
        if degree_sum > best:
            best = degree_sum
    return best // 2


# Wall sides as edges between grid corners. Cell (x, y) has corners
# (x, y) north-west, (x+1, y) north-east, (x+1, y+1) south-east, (x, y+1) south-west.
_SIDE_CORNERS = {
    "N": ((0, 0), (1, 0)),
    "E": ((1, 0), (1, 1)),
    "S": ((0, 1), (1, 1)),
    "W": ((0, 0), (0, 1)),
}


def _longest_trail(edges: list, length_only: bool = False):
    """Longest trail (each edge once, corners may repeat) in the corner graph:
    its edges in order, or with ``length_only`` just their number."""
    if not edges:
        return 0 if length_only else []
    adj: dict = {}
    ends = []
    for i, ((x, y), side) in enumerate(edges):
        (ax, ay), (bx, by) = _SIDE_CORNERS[side]
        u, v = (x + ax, y + ay), (x + bx, y + by)
        ends.append((u, v))
        adj.setdefault(u, []).append(i)
        adj.setdefault(v, []).append(i)
    best: list = []
    best_len = 0
    seen_edges = set()
    for i in range(len(edges)):
        if i in seen_edges:
            continue
        # the connected component of edge i
        comp_edges = []
        comp_vertices = []
        stack = [ends[i][0]]
        seen_v = {ends[i][0]}
        while stack:
            v = stack.pop()
            comp_vertices.append(v)
            for e in adj[v]:
                if e not in seen_edges:
                    seen_edges.add(e)
                    comp_edges.append(e)
                    for w in ends[e]:
                        if w not in seen_v:
                            seen_v.add(w)
                            stack.append(w)
        if len(comp_edges) <= best_len:
            continue
        odd = [v for v in comp_vertices if len(adj[v]) % 2]
        if len(odd) <= 2:
            if length_only:
                best_len = len(comp_edges)
                continue
            start = odd[0] if odd else comp_vertices[0]
            trail = _euler_trail(start, adj, ends, set(comp_edges))
        else:
            trail = _search_trail(comp_vertices, adj, ends)
        if len(trail) > best_len:
            best = trail
            best_len = len(trail)
    if length_only:
        return best_len
    return [edges[e] for e in best]


def _euler_trail(start, adj, ends, edge_set) -> list:
    """Hierholzer's algorithm: every edge of a component once."""
    used = set()
    stack = [(start, None)]
    out = []
    ptr = {v: 0 for v in adj}
    while stack:
        v, via = stack[-1]
        lst = adj[v]
        while ptr[v] < len(lst) and (lst[ptr[v]] in used or lst[ptr[v]] not in edge_set):
            ptr[v] += 1
        if ptr[v] == len(lst):
            stack.pop()
            if via is not None:
                out.append(via)
        else:
            e = lst[ptr[v]]
            used.add(e)
            u, w = ends[e]
            stack.append((w if u == v else u, e))
    out.reverse()
    return out


def _search_trail(vertices, adj, ends) -> list:
    """Exhaustive longest-trail search for a component with more than two odd
    corners. Chains of degree-2 corners are walked without branching, so the
    search only branches at junctions (few in any real Alhambra)."""
    best: list = []
    used: set = set()
    path: list = []
    for v in vertices:
        if len(adj[v]) % 2 or len(adj[v]) > 2:
            _walk_trail(v, adj, ends, used, path, best)
    return best


def _walk_trail(v, adj, ends, used: set, path: list, best: list) -> None:
    """The search of :func:`_search_trail` from corner ``v``: ``path`` (the
    sides walked, in ``used`` too) goes on along every unused side; ``best``
    becomes the longest path seen. (Not a closure, see :func:`_cut_dfs`.)"""
    if len(path) > len(best):
        best[:] = path
    for e in adj[v]:
        if e in used:
            continue
        used.add(e)
        path.append(e)
        u, w = ends[e]
        _walk_trail(w if u == v else u, adj, ends, used, path, best)
        path.pop()
        used.discard(e)


# -- messages ----------------------------------------------------------------
# Each gives the catalogue key (locales/<lang>/errors.json) and the values of a
# refusal; IllegalMove puts them into words in the reader's language.

def _reached_without(links: dict, p: int) -> set:
    """The cells reached from the fountain through open sides without passing the tile at
    cell ``p`` (``links``: ``Alhambra._links``), and ``p`` itself (P4)."""
    seen = {_ORIGIN, p}
    stack = [_ORIGIN]
    while stack:
        q = stack.pop()
        for off in _OFFS[links[q]]:
            n = q + off
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def _where(pos) -> str:
    return f"({pos[0]}, {pos[1]})"


#: the most spots or tiles a refusal names one by one (more: what the rule says alone)
_MOST_NAMED = 4

#: per move ("place": a placement or a build, "swap", "remove"): the catalogue keys of the
#: refusals that say where -- a wall against an open side (the wall the tile's, then the
#: neighbour's), a hole of one spot, of more, a new tile walled off from every neighbour (whose
#: words are the rule's: the sides go to the params and the board); a removal cutting off one
#: tile, more
_WHERE_KEYS = {
    "place": ("error.P3.wall_to_open", "error.P3.open_to_wall", "error.P5.hole_one", "error.P5.hole_many",
              "error.P4.unreachable"),
    "swap": ("error.P3.swap_wall_to_open", "error.P3.swap_open_to_wall"),
    "remove": ("error.P4.remove_cuts_one", "error.P4.remove_cuts_many"),
}


def where_it_breaks(move: str, rule: str, tile, pos, alhambra) -> tuple | None:
    """``(key, detail)`` of a refusal by ``rule`` that says where on ``alhambra``, or None:
    for ``move`` "place" (or build) and "swap" by P3, ``(side, the other tile's position, whether
    the wall is the tile's)`` (side 0-3: N, E, S, W, the first that does not match); for
    "place" by P4, the sides (0-3) where a wall stands between the tile and a neighbour (all its
    neighbours: no way in); for "place" by P5, the positions of the empty spots a tile at ``pos``
    would close in; for "remove" by P4, the positions of the tiles it would cut off (north to
    south; at most ``_MOST_NAMED`` of either). The one place that decides it: the refusals'
    words (``placement_message`` ...) and the widget's view are both made from it."""
    keys = _WHERE_KEYS[move]
    p = pos[0] + ROW * pos[1]
    if rule == "P3" and move != "remove":
        got = alhambra._mismatch(tile.mask, p)
        if got is not None:
            d, q, wall = got
            return keys[0] if wall else keys[1], (d, _dec(q), wall)
    elif rule == "P4" and move == "place":
        sides = alhambra._walled_off(tile.mask, p)
        if sides:
            return keys[4], sides
    elif rule == "P5" and move == "place" or rule == "P4" and move == "remove":
        cells = alhambra._holes_if_filled(p) if rule == "P5" else alhambra._cut_off_by(p)
        if 0 < len(cells) <= _MOST_NAMED:
            one, many = keys[2:4] if rule == "P5" else keys
            return (one if len(cells) == 1 else many), tuple(map(_dec, cells))
    return None


def _where_params(got: tuple, tile, where: str, alhambra) -> tuple:
    """``(key, params)`` of a refusal from ``where_it_breaks``'s answer ``got``."""
    key, detail = got
    if key in _SIDE_KEYS:
        d, other, _ = detail
        return key, {"tile": tile, "pos": where, "side": Text(_SIDE_AT[d]), "other": alhambra[other]}
    if key == _WALLED_OFF:   # (the words say "every neighbour"; the sides, for scripts and the board)
        return key, {"tile": tile, "pos": where, "sides": tuple(SIDES[d] for d in detail)}
    if key in _WHERE_KEYS["remove"]:
        return key, {"pos": where, "tiles": tuple(alhambra[c] for c in detail)}
    return key, {"tile": tile, "pos": where, "cells": detail}


#: the keys of a wall against an open side (P3), whose detail is a side
_SIDE_KEYS = frozenset(_WHERE_KEYS["place"][:2] + _WHERE_KEYS["swap"])
#: the key of a new tile walled off from every neighbour (P4), whose detail is those sides
_WALLED_OFF = _WHERE_KEYS["place"][4]


_SIDE_AT = tuple(f"side.at.{s}" for s in SIDES)   # (the catalogue keys of "on the north side" ...)


def placement_message(rule: str, tile: Tile, pos, alhambra=None) -> tuple:
    """``(key, params)`` of the refusal to place ``tile`` at ``pos``."""
    where = _where(pos)
    if rule == "P1":
        return "error.P1.turned", {"tile": tile}
    if rule == "P6":
        if tile.is_fountain:
            return "error.P6.fountain_fixed", {}
        if tuple(pos) == ORIGIN:
            return "error.P6.fountain_spot", {}
        other = alhambra[pos] if alhambra is not None else None
        if other is not None:
            return "error.P6.taken", {"pos": where, "other": other}
        return "error.P6.twice", {"tile": tile}
    got = where_it_breaks("place", rule, tile, pos, alhambra) if alhambra is not None else None
    if got is not None:
        return _where_params(got, tile, where, alhambra)
    if rule in ("P2", "P3", "P4", "P5"):
        return _PLACE_KEYS[rule], {"tile": tile, "pos": where}
    return "error.place.other", {"tile": tile, "pos": where}


_PLACE_KEYS = {"P2": "error.P2.no_side", "P3": "error.P3.mismatch", "P4": "error.P4.unreachable",
               "P5": "error.P5.hole"}


def removal_message(rule: str, pos, alhambra=None) -> tuple:
    """``(key, params)`` of the refusal to take out the tile at ``pos``."""
    where = _where(pos)
    if rule == "P6":
        return "error.P6.remove_fountain", {}
    if rule == "T3a":
        return "error.T3a.no_tile", {"pos": where}
    got = where_it_breaks("remove", rule, None, pos, alhambra) if alhambra is not None else None
    if got is not None:
        return _where_params(got, None, where, alhambra)
    if rule == "P4":
        return "error.P4.remove_cuts", {"pos": where}
    if rule == "P5":
        return "error.P5.remove_hole", {"pos": where}
    return "error.remove.other", {"pos": where}


def swap_message(rule: str, tile: Tile, pos, alhambra=None) -> tuple:
    """``(key, params)`` of the refusal to put ``tile`` in place of the tile at ``pos``."""
    where = _where(pos)
    if rule == "P6":
        if tile.is_fountain or tuple(pos) == ORIGIN:
            return "error.P6.swap_fountain", {}
        return "error.P6.swap_twice", {"tile": tile}
    if rule == "T3c":
        return "error.T3c.no_tile", {"pos": where}
    if rule == "P1":
        return "error.P1.swap_turned", {"tile": tile}
    if rule == "P3":
        got = where_it_breaks("swap", rule, tile, pos, alhambra) if alhambra is not None else None
        if got is not None:
            return _where_params(got, tile, where, alhambra)
        return "error.P3.swap_mismatch", {"tile": tile, "pos": where}
    return "error.swap.other", {"tile": tile, "pos": where}


def broken_rule(a: "Alhambra"):
    """The first placement rule the Alhambra as a whole breaks, or None.
    Independent of the incremental checks: a full recomputation."""
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
