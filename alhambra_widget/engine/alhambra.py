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

from .errors import IllegalMove, Text
from .tiles import BUILDINGS, FOUNTAIN, OPPOSITE, SIDES, STEP, Building, Tile

__all__ = ["Alhambra", "broken_rule"]

ORIGIN = (0, 0)

# Ring of the 8 cells around a spot, clockwise from north; edge neighbours
# at even indices (N, E, S, W), corners at odd ones.
_RING = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


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
_ORIGIN = 0
# For a tile put at p: per side d, (offset of the neighbour q, d, the side of q
# facing p, the bit of p in q's ring); per corner, (offset, bit of p in q's ring).
_EDGE_UPDATES = tuple((_STEPI[d], d, (d + 2) % 4, 1 << ((2 * d + 4) & 7)) for d in range(4))
_CORNER_UPDATES = tuple((_RINGI[i], 1 << ((i + 4) & 7)) for i in (1, 3, 5, 7))


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
        "_tiles", "_masks", "_frontier", "_counts", "_bbox",
        "_spots", "_removable", "_wall", "_ids", "_cells", "_swapinfo", "_acts", "_canrm", "_walln",
    )

    def __init__(self):
        self._tiles = {_ORIGIN: FOUNTAIN}
        self._masks = {_ORIGIN: 0}
        # frontier: empty cell -> (care, need, ring) kept up to date on every
        # change: which sides touch a tile, which of those demand a wall, and
        # which of the 8 surrounding cells hold a tile
        self._frontier = {-ROW: (4, 0, 16), 1: (8, 0, 64), ROW: (1, 0, 1), -1: (2, 0, 4)}
        self._counts = [0] * 6
        self._bbox = [0, 0, 0, 0]  # minx, maxx, miny, maxy
        self._ids = set()
        self._changed()

    def _changed(self):
        self._spots = {}
        self._removable = None
        self._wall = None
        self._cells = None
        self._swapinfo = None
        self._acts = {}
        self._canrm = None
        self._walln = None

    # -- reading -------------------------------------------------------------
    def __getitem__(self, pos) -> Tile | None:
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
        tid = tile if isinstance(tile, int) else tile.id
        for p, t in self._tiles.items():
            if t.id == tid:
                return _dec(p)
        return None

    def has_tile(self, tile_id: int) -> bool:
        return tile_id in self._ids

    def count(self, building) -> int:
        """How many tiles of this building type the Alhambra holds."""
        return self._counts[Building(building).index]

    def counts(self) -> tuple:
        """Tiles per building type, in :data:`BUILDINGS` order."""
        return tuple(self._counts)

    @property
    def bounds(self) -> tuple:
        """``(min_x, max_x, min_y, max_y)`` of the tiles."""
        return tuple(self._bbox)

    @property
    def frontier(self) -> frozenset:
        """Empty cells that share a side with a tile (the only candidates for P2)."""
        return frozenset(_dec(p) for p in self._frontier)

    def copy(self) -> "Alhambra":
        a = Alhambra.__new__(Alhambra)
        a._tiles = self._tiles.copy()
        a._masks = self._masks.copy()
        a._frontier = self._frontier.copy()
        a._counts = self._counts.copy()
        a._bbox = self._bbox.copy()
        a._ids = self._ids.copy()
        # caches describe the same position and are replaced, never mutated
        a._spots = self._spots.copy()
        a._removable = self._removable
        a._wall = self._wall
        a._cells = self._cells
        a._swapinfo = self._swapinfo
        a._acts = self._acts.copy()
        a._canrm = self._canrm
        a._walln = self._walln
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
        placing ``tile`` on the empty spot ``pos``, or ``None`` if it is legal."""
        pos = _pos(pos)
        if tile.is_fountain or tile.id in self._ids:
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

    def _would_enclose(self, p: int) -> bool:
        """Would filling the empty cell ``p`` leave an enclosed empty area?"""
        tiles = self._masks
        bits = 0
        for i in range(8):
            if p + _RINGI[i] in tiles:
                bits |= 1 << i
        runs = _RUNS[bits]
        if len(runs) <= 1:
            return False
        x, y = _dec(p)
        minx, maxx, miny, maxy = self._bbox
        box = (min(minx, x), max(maxx, x), min(miny, y), max(maxy, y))
        # every run of empty cells around p must still reach the outside
        for e in runs:
            if not self._reaches_outside(p + _STEPI[e], p, box):
                return True
        return False

    def _reaches_outside(self, start: int, blocked: int, box) -> bool:
        minx, maxx, miny, maxy = box
        lo = minx + ROW * miny
        tiles = self._masks
        seen = {start, blocked}
        stack = [start]
        while stack:
            q = stack.pop()
            x, y = _dec(q)
            if x <= minx or x >= maxx or y <= miny or y >= maxy:
                return True  # on the bounding box's edge: open to the outside
            for s in _STEPI:
                n = q + s
                if n not in seen and n not in tiles:
                    seen.add(n)
                    stack.append(n)
        return False

    def _open_cells(self) -> tuple:
        """For every frontier cell where some tile could go: ``(cell, care,
        need)`` -- a tile with wall mask m fits iff ``m & care == need``.
        ``care`` marks the sides that touch a tile, ``need`` the walls those
        neighbours demand (P3). Whether an open touching side exists (P4) and
        whether filling the cell closes a hole (P5) do not depend on the tile,
        so cells failing those are left out here, once per change."""
        cells = self._cells
        if cells is None:
            fr = self._frontier
            out = []
            for p in sorted(fr):
                care, need, ring = fr[p]
                if care & ~need and (len(_RUNS[ring]) <= 1 or not self._would_enclose(p)):
                    out.append((p, care, need))
            cells = self._cells = tuple(out)
        return cells

    def _fits(self, m: int, p: int) -> bool:
        """May a tile with wall mask ``m`` go on the free cell ``p``? (P2-P5)"""
        e = self._frontier.get(p)
        if e is None:
            return False
        care, need, ring = e
        return (m & care == need and care & ~need != 0
                and (len(_RUNS[ring]) <= 1 or not self._would_enclose(p)))

    def _swap_fits(self, m: int, p: int) -> bool:
        """May a tile with wall mask ``m`` replace the tile at cell ``p``? (P3, P7)"""
        masks = self._masks
        diff = masks[p] ^ m
        return not ((diff & 1 and p - ROW in masks) or (diff & 2 and p + 1 in masks) or
                    (diff & 4 and p + ROW in masks) or (diff & 8 and p - 1 in masks))

    def _spots_for(self, m: int) -> tuple:
        """Legal cells (ints) for a tile with wall mask ``m``, north to south."""
        s = self._spots.get(m)
        if s is None:
            s = tuple([p for p, care, need in self._open_cells() if m & care == need])
            self._spots[m] = s
        return s

    def legal_spots(self, tile: Tile) -> set:
        """Every empty spot where ``tile`` may be placed now."""
        if tile.is_fountain or tile.id in self._ids or tile.is_turned:
            return set()
        return {_dec(p) for p in self._spots_for(tile.mask)}

    def why_not_remove(self, pos) -> str | None:
        """The rule that forbids taking the tile at ``pos`` out (T3a, P7), or ``None``."""
        pos = _pos(pos)
        if pos == ORIGIN:
            return "P6"
        if self[pos] is None:
            return "T3a"
        return self._removal_rule_at(_enc(pos))

    def _removal_rules(self) -> dict:
        """For every building tile (cell int), the rule its removal would break, or None."""
        if self._removable is None:
            masks = self._masks
            cut = _cut_cells(masks)
            out = {}
            for p in sorted(masks):
                if p == _ORIGIN:
                    continue
                if p in cut:
                    out[p] = "P4"
                elif (p - ROW) in masks and (p + 1) in masks and (p + ROW) in masks and (p - 1) in masks:
                    out[p] = "P5"
                else:
                    out[p] = None
            self._removable = out
        return self._removable

    def _can_remove(self) -> bool:
        if self._canrm is None:
            self._canrm = self._can_remove_now()
        return self._canrm

    def _can_remove_now(self) -> bool:
        if self._removable is None:
            # fast path: a tile joined to just one neighbour through an open
            # side is never a cut point (P4); with an empty side it opens no hole (P5)
            masks = self._masks
            get = masks.get
            for p in reversed(masks):  # the newest tiles first: usually at the edge
                if not p:
                    continue
                m = masks[p]
                deg = 0
                empty = False
                for d in range(4):
                    nm = get(p + _STEPI[d])
                    if nm is None:
                        empty = True
                    elif not (m >> d & 1):
                        deg += 1
                if deg == 1 and empty:
                    return True
        for r in self._removal_rules().values():
            if r is None:
                return True
        return False

    def _removable_cells(self) -> list:
        return [p for p, r in self._removal_rules().items() if r is None]

    def removable(self) -> list:
        """Positions whose tile may be moved to the reserve (T3a), north to south."""
        return [_dec(p) for p in self._removable_cells()]

    def why_not_swap(self, tile: Tile, pos) -> str | None:
        """The rule that forbids putting ``tile`` in place of the tile at ``pos`` (T3c)."""
        pos = _pos(pos)
        if pos == ORIGIN or tile.is_fountain or tile.id in self._ids:
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
        if self._removable is not None:
            return self._removable[p]
        masks = self._masks
        get = masks.get
        m = masks[p]
        degree = 0
        for d in range(4):
            if not m >> d & 1:
                nm = get(p + _STEPI[d])
                if nm is not None and not nm >> OPPOSITE[d] & 1:
                    degree += 1
        if degree > 1:
            # P4: can every other tile still be reached from the fountain?
            seen = {_ORIGIN, p}
            stack = [_ORIGIN]
            while stack:
                q = stack.pop()
                mq = masks[q]
                for d in range(4):
                    if mq >> d & 1:
                        continue
                    n = q + _STEPI[d]
                    if n in seen:
                        continue
                    nm = get(n)
                    if nm is not None and not nm >> OPPOSITE[d] & 1:
                        seen.add(n)
                        stack.append(n)
            if len(seen) != len(masks):
                return "P4"
        # (a tile joined to one neighbour only never carries another tile)
        if (p - ROW) in masks and (p + 1) in masks and (p + ROW) in masks and (p - 1) in masks:
            return "P5"
        return None

    def _swap_cells(self, m: int) -> tuple:
        key = ("swap", m)
        got = self._acts.get(key)
        if got is not None:
            return got
        info = self._swap_info()
        got = self._acts[key] = tuple([p for p, old, care in info if not (old ^ m) & care])
        return got

    def _swap_info(self) -> tuple:
        """``(cell, mask, care)`` for every building tile: a tile with wall
        mask m may replace it iff ``(mask ^ m) & care == 0`` (P3, P7)."""
        info = self._swapinfo
        if info is None:
            masks = self._masks
            info = []
            for p in sorted(masks):
                if p == _ORIGIN:
                    continue
                care = ((p - ROW in masks) | (p + 1 in masks) << 1 |
                        (p + ROW in masks) << 2 | (p - 1 in masks) << 3)
                info.append((p, masks[p], care))
            info = self._swapinfo = tuple(info)
        return info

    def _actions(self, cls, tile: Tile) -> tuple:
        """Build/Place (spots) or Swap actions for ``tile``, cached until the
        Alhambra changes (engine internal; actions are immutable)."""
        key = (cls, tile.id)
        got = self._acts.get(key)
        if got is None:
            cells = self._swap_cells(tile.mask) if cls.verb == "swap" else self._spots_for(tile.mask)
            new = tuple.__new__
            verb = cls.verb
            tid = tile.id
            got = self._acts[key] = tuple([new(cls, (verb, tid, _dec(p))) for p in cells])
        return got

    def swap_spots(self, tile: Tile) -> list:
        """Positions where ``tile`` could replace the tile lying there (T3c)."""
        if tile.is_fountain or tile.is_turned or tile.id in self._ids:
            return []
        return [_dec(p) for p in self._swap_cells(tile.mask)]

    def _verify_caches(self) -> None:
        """Assert that the incrementally kept frontier, bounds and counts equal
        a recomputation from the tiles (used by ``Game.check`` and the tests)."""
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
        box = [min(x for x, _ in pts), max(x for x, _ in pts), min(y for _, y in pts), max(y for _, y in pts)]
        assert box == self._bbox, "the bounds are out of date"
        counts = [0] * 6
        for t in self._tiles.values():
            if t.id:
                counts[t.building.index] += 1
        assert counts == self._counts, "the building counts are out of date"
        assert self._ids == {t.id for t in self._tiles.values() if t.id}

    # -- changing ------------------------------------------------------------
    def place(self, tile: Tile, pos) -> None:
        """Put ``tile`` on the empty spot ``pos``; IllegalMove if the rules forbid it."""
        pos = _pos(pos)
        x, y = pos
        if -100 < x < 100 and -100 < y < 100 and tile.id and not tile.is_turned \
                and tile.id not in self._ids and self._fits(tile.mask, x + ROW * y):
            self._put(tile, x + ROW * y)  # a legal spot, by the local check
            return
        rule = self.why_not(tile, pos)
        if rule is not None:
            key, params = placement_message(rule, tile, pos, self)
            raise IllegalMove(rule, key, **params)
        self._put(tile, x + ROW * y)

    def _put(self, tile: Tile, p: int) -> None:
        masks = self._masks
        m = tile.mask
        self._tiles[p] = tile
        masks[p] = m
        self._ids.add(tile.id)
        self._counts[tile.building.index] += 1
        fr = self._frontier
        fr.pop(p, None)
        for off, d, o, bit in _EDGE_UPDATES:  # empty edge neighbours now touch this tile
            q = p + off
            if q in masks:
                continue
            e = fr.get(q)
            if e is None:
                fr[q] = (1 << o, (m >> d & 1) << o, self._ring_of(q))
            else:
                fr[q] = (e[0] | 1 << o, e[1] | (m >> d & 1) << o, e[2] | bit)
        for off, bit in _CORNER_UPDATES:  # frontier cells diagonal to it see it in their ring
            q = p + off
            e = fr.get(q)
            if e is not None:
                fr[q] = (e[0], e[1], e[2] | bit)
        x, y = _dec(p)
        b = self._bbox
        if x < b[0]: b[0] = x
        if x > b[1]: b[1] = x
        if y < b[2]: b[2] = y
        if y > b[3]: b[3] = y
        self._changed()
        # the new tile itself can go back out when it hangs on one open side
        # (never a cut point, P4) and has a free side (no hole, P5)
        degree = 0
        free = False
        for d in range(4):
            nm = masks.get(p + _STEPI[d])
            if nm is None:
                free = True
            elif not m >> d & 1:
                degree += 1
        if degree == 1 and free:
            self._canrm = True

    def _frontier_entry(self, q: int):
        """``(care, need, ring)`` of the empty cell ``q`` worked out from its
        neighbours, or None when no tile touches it."""
        masks = self._masks
        care = need = 0
        for d in range(4):
            nm = masks.get(q + _STEPI[d])
            if nm is not None:
                care |= 1 << d
                need |= (nm >> OPPOSITE[d] & 1) << d
        return (care, need, self._ring_of(q)) if care else None

    def _ring_of(self, q: int) -> int:
        masks = self._masks
        bits = 0
        for i in range(8):
            if q + _RINGI[i] in masks:
                bits |= 1 << i
        return bits

    def remove(self, pos) -> Tile:
        """Take the tile at ``pos`` out of the Alhambra and return it (T3a).

        Refused when it is the fountain (P6), when another tile would be cut
        off from the fountain (P4) or when a hole would open (P5)."""
        pos = _pos(pos)
        rule = self.why_not_remove(pos)
        if rule is not None:
            key, params = removal_message(rule, pos)
            raise IllegalMove(rule, key, **params)
        return self._take(_enc(pos))

    def _take(self, p: int) -> Tile:
        tile = self._tiles.pop(p)
        masks = self._masks
        del masks[p]
        self._ids.discard(tile.id)
        self._counts[tile.building.index] -= 1
        fr = self._frontier
        for i in range(8):
            q = p + _RINGI[i]
            e = fr.get(q)
            if e is None:
                continue
            ring = e[2] & ~(1 << ((i + 4) & 7))
            if i & 1 == 0:
                o = OPPOSITE[i >> 1]
                care = e[0] & ~(1 << o)
                if not care:
                    del fr[q]
                    continue
                fr[q] = (care, e[1] & ~(1 << o), ring)
            else:
                fr[q] = (e[0], e[1], ring)
        e = self._frontier_entry(p)
        if e is not None:
            fr[p] = e
        x, y = _dec(p)
        b = self._bbox
        if x == b[0] or x == b[1] or y == b[2] or y == b[3]:
            pts = [_dec(q) for q in masks]
            xs = [q[0] for q in pts]
            ys = [q[1] for q in pts]
            self._bbox = [min(xs), max(xs), min(ys), max(ys)]
        self._changed()
        return tile

    def swap(self, tile: Tile, pos) -> Tile:
        """Put ``tile`` exactly where the tile at ``pos`` lies and return the
        old one (T3c). Both must match the same neighbours (P3, P7)."""
        pos = _pos(pos)
        rule = self.why_not_swap(tile, pos)
        if rule is not None:
            key, params = swap_message(rule, tile, pos)
            raise IllegalMove(rule, key, **params)
        p = _enc(pos)
        old = self._tiles[p]
        self._tiles[p] = tile
        m = self._masks[p] = tile.mask
        fr = self._frontier
        for d in range(4):  # empty neighbours now face the new tile's sides
            q = p + _STEPI[d]
            e = fr.get(q)
            if e is not None:
                o = OPPOSITE[d]
                fr[q] = (e[0], (e[1] & ~(1 << o)) | (m >> d & 1) << o, e[2])
        self._ids.discard(old.id)
        self._ids.add(tile.id)
        self._counts[old.building.index] -= 1
        self._counts[tile.building.index] += 1
        self._changed()
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
            n = len(self._wall) if self._wall is not None else _wall_length(self._masks)
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
        """Build an Alhambra from ``{(x, y): tile}`` (or ``(position, tile)`` pairs),
        e.g. to set up a position for a lesson.

        With ``check`` (the default) the whole result must obey P1-P6 and have
        no holes (P5); IllegalMove names the first rule it breaks. The order of
        the tiles does not matter."""
        items = list(placed.items() if hasattr(placed, "items") else placed)
        a = cls()
        for pos, t in items:
            pos = _pos(pos)
            p = _enc(pos)
            if p in a._masks or t.is_fountain or t.id in a._ids:
                raise IllegalMove("P6", "error.P6.setup_clash", pos=_where(pos), tile=t)
            a._put(t, p)
        if check:
            rule = broken_rule(a)
            if rule is not None:
                raise IllegalMove(rule, "error.setup.breaks_rule", rule=rule, explanation=Text(f"rule.{rule}"))
        return a


def _yx(p):
    return (p[1], p[0])


def _pos(pos) -> tuple:
    try:
        x, y = pos
    except (TypeError, ValueError):
        raise TypeError(f"a position is a pair (x, y) of integers, not {pos!r}") from None
    if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool) or isinstance(y, bool):
        raise TypeError(f"a position is a pair (x, y) of integers, not {pos!r}")
    return (x, y)


def _cut_cells(masks: dict) -> set:
    """Cells whose tile, taken out, would cut another tile off from the
    fountain (P4): the articulation points of the graph of tiles joined by
    open sides, found with one depth-first search (Tarjan)."""
    get = masks.get
    adj = {}
    for p, m in masks.items():
        lst = []
        if not m & 1:
            nm = get(p - ROW)
            if nm is not None and not nm & 4:
                lst.append(p - ROW)
        if not m & 2:
            nm = get(p + 1)
            if nm is not None and not nm & 8:
                lst.append(p + 1)
        if not m & 4:
            nm = get(p + ROW)
            if nm is not None and not nm & 1:
                lst.append(p + ROW)
        if not m & 8:
            nm = get(p - 1)
            if nm is not None and not nm & 2:
                lst.append(p - 1)
        adj[p] = lst
    if sum(map(len, adj.values())) == 2 * (len(adj) - 1):
        # a tree: every tile joined to two or more others carries a branch
        return {p for p, lst in adj.items() if len(lst) > 1 and p}
    disc = {}
    low = {}
    cut = set()

    def dfs(u, parent):
        d = disc[u] = low[u] = len(disc)
        lu = d
        for v in adj[u]:
            if v == parent:
                continue
            dv = disc.get(v)
            if dv is None:
                lv = dfs(v, u)
                if lv < lu:
                    lu = lv
                if lv >= d and parent is not None:
                    cut.add(u)
            elif dv < lu:
                lu = dv
        low[u] = lu
        return lu

    dfs(_ORIGIN, None)
    # the fountain (the root) is never removed, so it is never reported
    return cut


def _wall_length(masks: dict):
    """The longest wall when every wall component has at most two odd corners
    (then each is walked whole, so its length is its number of sides), or
    None when a component needs a search. Corners are ints like cells: the
    corner (x, y) is the north-west corner of cell (x, y)."""
    adj: dict = {}
    for p, m in masks.items():
        if not m:
            continue
        for d in range(4):
            if m >> d & 1 and (p + _STEPI[d]) not in masks:
                if d == 0:
                    u, v = p, p + 1
                elif d == 1:
                    u, v = p + 1, p + 1 + ROW
                elif d == 2:
                    u, v = p + ROW, p + ROW + 1
                else:
                    u, v = p, p + ROW
                adj.setdefault(u, []).append(v)
                adj.setdefault(v, []).append(u)
    best = 0
    seen = set()
    for start in adj:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        degree_sum = odd = 0
        while stack:
            v = stack.pop()
            nb = adj[v]
            degree_sum += len(nb)
            if len(nb) & 1:
                odd += 1
            for w in nb:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        if odd > 2:
            return None
        if degree_sum // 2 > best:
            best = degree_sum // 2
    return best


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

    def walk(v):
        nonlocal best
        if len(path) > len(best):
            best = path.copy()
        for e in adj[v]:
            if e in used:
                continue
            used.add(e)
            path.append(e)
            u, w = ends[e]
            walk(w if u == v else u)
            path.pop()
            used.discard(e)

    for v in vertices:
        if len(adj[v]) % 2 or len(adj[v]) > 2:
            walk(v)
    return best


# -- messages ----------------------------------------------------------------
# Each gives the catalogue key (locales/<lang>/errors.json) and the values of a
# refusal; IllegalMove puts them into words in the reader's language.

def _where(pos) -> str:
    return f"({pos[0]}, {pos[1]})"


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
    if rule in ("P2", "P3", "P4", "P5"):
        return _PLACE_KEYS[rule], {"tile": tile, "pos": where}
    return "error.place.other", {"tile": tile, "pos": where}


_PLACE_KEYS = {"P2": "error.P2.no_side", "P3": "error.P3.mismatch", "P4": "error.P4.unreachable",
               "P5": "error.P5.hole"}


def removal_message(rule: str, pos) -> tuple:
    """``(key, params)`` of the refusal to take out the tile at ``pos``."""
    where = _where(pos)
    if rule == "P6":
        return "error.P6.remove_fountain", {}
    if rule == "T3a":
        return "error.T3a.no_tile", {"pos": where}
    if rule == "P4":
        return "error.P4.remove_cuts", {"pos": where}
    if rule == "P5":
        return "error.P5.remove_hole", {"pos": where}
    return "error.remove.other", {"pos": where}


def swap_message(rule: str, tile: Tile, pos) -> tuple:
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
