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

from .errors import IllegalMove
from .tiles import BUILDINGS, FOUNTAIN, OPPOSITE, SIDES, STEP, Building, Tile

__all__ = ["Alhambra", "explain_rule"]

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

RULE_TEXT = {
    "P1": "Tiles keep their printed orientation; a tile may not be turned.",
    "P2": "A new tile must share at least one whole side with a tile already in the Alhambra.",
    "P3": "Touching sides must match: wall against wall, open side against open side.",
    "P4": "Every tile must be reachable on foot from the fountain without crossing a wall.",
    "P5": "No holes: no empty area may be completely surrounded by tiles.",
    "P6": "A spot holds one tile, and the fountain never moves.",
}


def explain_rule(rule: str) -> str:
    """A one-line explanation of a placement rule id."""
    return RULE_TEXT.get(rule, rule)


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
        "_tiles", "_masks", "_frontier", "_counts", "_bbox", "_version",
        "_spots", "_removable", "_wall", "_ids",
    )

    def __init__(self):
        self._tiles = {ORIGIN: FOUNTAIN}
        self._masks = {ORIGIN: 0}
        self._frontier = {(0, -1), (1, 0), (0, 1), (-1, 0)}
        self._counts = [0] * 6
        self._bbox = [0, 0, 0, 0]  # minx, maxx, miny, maxy
        self._ids = set()
        self._changed()

    def _changed(self):
        self._version = getattr(self, "_version", 0) + 1
        self._spots = {}
        self._removable = None
        self._wall = None

    # -- reading -------------------------------------------------------------
    def __getitem__(self, pos) -> Tile | None:
        return self._tiles.get(tuple(pos))

    def __contains__(self, pos) -> bool:
        return tuple(pos) in self._tiles

    def __len__(self) -> int:
        """Number of building tiles (the fountain not counted)."""
        return len(self._tiles) - 1

    def __iter__(self) -> Iterator:
        """Positions of every tile, the fountain included, sorted north to south."""
        return iter(sorted(self._tiles, key=_yx))

    def items(self):
        """``(position, tile)`` pairs, fountain included, sorted north to south."""
        return [(p, self._tiles[p]) for p in sorted(self._tiles, key=_yx)]

    def tiles(self) -> list:
        """The building tiles (no fountain), sorted north to south."""
        return [t for p, t in self.items() if t.id]

    def position_of(self, tile) -> tuple | None:
        """Where a tile (or tile id) lies in this Alhambra, or ``None``."""
        tid = tile if isinstance(tile, int) else tile.id
        for p, t in self._tiles.items():
            if t.id == tid:
                return p
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
        return frozenset(self._frontier)

    def copy(self) -> "Alhambra":
        a = Alhambra.__new__(Alhambra)
        a._tiles = self._tiles.copy()
        a._masks = self._masks.copy()
        a._frontier = self._frontier.copy()
        a._counts = self._counts.copy()
        a._bbox = self._bbox.copy()
        a._ids = self._ids.copy()
        a._version = self._version
        # caches describe the same position, so they can be shared read-only
        a._spots = self._spots.copy()
        a._removable = self._removable
        a._wall = self._wall
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
        return self._why_not_mask(tile.mask, pos)

    def _why_not_mask(self, m: int, pos) -> str | None:
        if pos in self._tiles:
            return "P6"
        x, y = pos
        masks = self._masks
        touching = False
        open_touch = False
        for d in range(4):
            dx, dy = STEP[d]
            nm = masks.get((x + dx, y + dy))
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
        if self._would_enclose(pos):
            return "P5"
        return None

    def _would_enclose(self, pos) -> bool:
        """Would filling the empty cell ``pos`` leave an enclosed empty area?"""
        x, y = pos
        tiles = self._tiles
        bits = 0
        for i in range(8):
            dx, dy = _RING[i]
            if (x + dx, y + dy) in tiles:
                bits |= 1 << i
        runs = _RUNS[bits]
        if len(runs) <= 1:
            return False
        minx, maxx, miny, maxy = self._bbox
        minx = min(minx, x); maxx = max(maxx, x); miny = min(miny, y); maxy = max(maxy, y)
        # every run except possibly one must reach the outside on its own
        for e in runs:
            dx, dy = STEP[e]
            if not self._reaches_outside((x + dx, y + dy), pos, (minx, maxx, miny, maxy)):
                return True
        return False

    def _reaches_outside(self, start, blocked, box) -> bool:
        minx, maxx, miny, maxy = box
        tiles = self._tiles
        seen = {start, blocked}
        stack = [start]
        while stack:
            x, y = stack.pop()
            if x <= minx or x >= maxx or y <= miny or y >= maxy:
                return True  # on or beyond the bounding box edge: the outside
            for dx, dy in STEP:
                n = (x + dx, y + dy)
                if n not in seen and n not in tiles:
                    seen.add(n)
                    stack.append(n)
        return False

    def _spots_for(self, m: int) -> tuple:
        s = self._spots.get(m)
        if s is None:
            why = self._why_not_mask
            s = tuple(sorted((p for p in self._frontier if why(m, p) is None), key=_yx))
            self._spots[m] = s
        return s

    def legal_spots(self, tile: Tile) -> set:
        """Every empty spot where ``tile`` may be placed now."""
        if tile.is_fountain or tile.id in self._ids or tile.is_turned:
            return set()
        return set(self._spots_for(tile.mask))

    def can_place(self, tile: Tile) -> bool:
        return bool(self._spots_for(tile.mask)) and not tile.is_turned and tile.id not in self._ids

    def why_not_remove(self, pos) -> str | None:
        """The rule that forbids taking the tile at ``pos`` out (T3a, P7), or ``None``."""
        pos = _pos(pos)
        if pos == ORIGIN:
            return "P6"
        if pos not in self._tiles:
            return "T3a"
        return self._removal_rules().get(pos)

    def _removal_rules(self) -> dict:
        """For every building tile, the rule its removal would break (or None)."""
        if self._removable is None:
            masks = self._masks
            tiles = self._tiles
            out = {}
            for p in tiles:
                if p == ORIGIN:
                    continue
                if not _reaches_all(masks, p):
                    out[p] = "P4"
                    continue
                x, y = p
                hole = True
                for dx, dy in STEP:
                    if (x + dx, y + dy) not in tiles:
                        hole = False
                        break
                out[p] = "P5" if hole else None
            self._removable = out
        return self._removable

    def removable(self) -> list:
        """Positions whose tile may be moved to the reserve (T3a), north to south."""
        return sorted((p for p, r in self._removal_rules().items() if r is None), key=_yx)

    def why_not_swap(self, tile: Tile, pos) -> str | None:
        """The rule that forbids putting ``tile`` in place of the tile at ``pos`` (T3c)."""
        pos = _pos(pos)
        if pos == ORIGIN or tile.is_fountain or tile.id in self._ids:
            return "P6"
        if pos not in self._tiles:
            return "T3c"
        if tile.is_turned:
            return "P1"
        old = self._masks[pos]
        diff = old ^ tile.mask
        if diff:
            x, y = pos
            for d in range(4):
                if diff >> d & 1:
                    dx, dy = STEP[d]
                    if (x + dx, y + dy) in self._tiles:
                        return "P3"
        return None

    def swap_spots(self, tile: Tile) -> list:
        """Positions where ``tile`` could replace the tile lying there (T3c)."""
        if tile.is_fountain or tile.is_turned or tile.id in self._ids:
            return []
        m = tile.mask
        masks = self._masks
        out = []
        for p, old in masks.items():
            if p == ORIGIN:
                continue
            diff = old ^ m
            if diff:
                x, y = p
                bad = False
                for d in range(4):
                    if diff >> d & 1:
                        dx, dy = STEP[d]
                        if (x + dx, y + dy) in masks:
                            bad = True
                            break
                if bad:
                    continue
            out.append(p)
        out.sort(key=_yx)
        return out

    # -- changing ------------------------------------------------------------
    def place(self, tile: Tile, pos) -> None:
        """Put ``tile`` on the empty spot ``pos``; IllegalMove if the rules forbid it."""
        pos = _pos(pos)
        rule = self.why_not(tile, pos)
        if rule is not None:
            raise IllegalMove(rule, placement_message(rule, tile, pos))
        self._put(tile, pos)

    def _put(self, tile: Tile, pos) -> None:
        self._tiles[pos] = tile
        self._masks[pos] = tile.mask
        self._ids.add(tile.id)
        self._counts[tile.building.index] += 1
        fr = self._frontier
        fr.discard(pos)
        x, y = pos
        for dx, dy in STEP:
            n = (x + dx, y + dy)
            if n not in self._tiles:
                fr.add(n)
        b = self._bbox
        if x < b[0]: b[0] = x
        if x > b[1]: b[1] = x
        if y < b[2]: b[2] = y
        if y > b[3]: b[3] = y
        self._changed()

    def remove(self, pos) -> Tile:
        """Take the tile at ``pos`` out of the Alhambra and return it (T3a).

        Refused when it is the fountain (P6), when another tile would be cut
        off from the fountain (P4) or when a hole would open (P5)."""
        pos = _pos(pos)
        rule = self.why_not_remove(pos)
        if rule is not None:
            raise IllegalMove(rule, removal_message(rule, pos))
        return self._take(pos)

    def _take(self, pos) -> Tile:
        tile = self._tiles.pop(pos)
        del self._masks[pos]
        self._ids.discard(tile.id)
        self._counts[tile.building.index] -= 1
        tiles = self._tiles
        fr = self._frontier
        x, y = pos
        if any((x + dx, y + dy) in tiles for dx, dy in STEP):
            fr.add(pos)
        for dx, dy in STEP:
            n = (x + dx, y + dy)
            if n in fr and not any((n[0] + ex, n[1] + ey) in tiles for ex, ey in STEP):
                fr.discard(n)
        xs = [p[0] for p in tiles]
        ys = [p[1] for p in tiles]
        self._bbox = [min(xs), max(xs), min(ys), max(ys)]
        self._changed()
        return tile

    def swap(self, tile: Tile, pos) -> Tile:
        """Put ``tile`` exactly where the tile at ``pos`` lies and return the
        old one (T3c). Both must match the same neighbours (P3, P7)."""
        pos = _pos(pos)
        rule = self.why_not_swap(tile, pos)
        if rule is not None:
            raise IllegalMove(rule, swap_message(rule, tile, pos))
        old = self._take(pos)
        self._put(tile, pos)
        return old

    # -- walls ---------------------------------------------------------------
    def external_walls(self) -> list:
        """Every external wall side as ``((x, y), side)``: a wall whose cell on
        the other side is empty (C4)."""
        out = []
        masks = self._masks
        for p, m in masks.items():
            if not m:
                continue
            x, y = p
            for d in range(4):
                if m >> d & 1:
                    dx, dy = STEP[d]
                    if (x + dx, y + dy) not in masks:
                        out.append((p, SIDES[d]))
        out.sort(key=lambda e: (e[0][1], e[0][0], e[1]))
        return out

    def longest_wall(self) -> int:
        """Length of the longest continuous external wall (C4, decision X2)."""
        return len(self.longest_wall_path())

    def longest_wall_path(self) -> list:
        """The wall sides of one longest continuous external wall, in order
        along the wall, as ``((x, y), side)`` pairs."""
        if self._wall is None:
            self._wall = _longest_trail(self.external_walls())
        return list(self._wall)

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
        for p, t in items:
            p = _pos(p)
            if p in a._tiles or t.is_fountain or t.id in a._ids:
                raise IllegalMove("P6", f"{p} holds the fountain or another tile, or {t} appears twice.")
            a._put(t, p)
        if check:
            from .record import alhambra_problem
            rule = alhambra_problem(a)
            if rule is not None:
                raise IllegalMove(rule, f"This Alhambra breaks rule {rule}: {RULE_TEXT[rule]}")
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


def _reaches_all(masks: dict, without) -> bool:
    """Can every tile except ``without`` be reached from the fountain through
    open sides, when ``without`` is taken out? (P4)"""
    seen = {ORIGIN}
    stack = [ORIGIN]
    while stack:
        p = stack.pop()
        m = masks[p]
        x, y = p
        for d in range(4):
            if m >> d & 1:
                continue
            dx, dy = STEP[d]
            n = (x + dx, y + dy)
            if n in seen or n == without:
                continue
            nm = masks.get(n)
            if nm is None or nm >> OPPOSITE[d] & 1:
                continue
            seen.add(n)
            stack.append(n)
    return len(seen) == len(masks) - 1


# Wall sides as edges between grid corners. Cell (x, y) has corners
# (x, y) north-west, (x+1, y) north-east, (x+1, y+1) south-east, (x, y+1) south-west.
_SIDE_CORNERS = {
    "N": ((0, 0), (1, 0)),
    "E": ((1, 0), (1, 1)),
    "S": ((0, 1), (1, 1)),
    "W": ((0, 0), (0, 1)),
}


def _longest_trail(edges: list) -> list:
    """Longest trail (each edge once, corners may repeat) in the corner graph."""
    if not edges:
        return []
    adj: dict = {}
    ends = []
    for i, ((x, y), side) in enumerate(edges):
        (ax, ay), (bx, by) = _SIDE_CORNERS[side]
        u, v = (x + ax, y + ay), (x + bx, y + by)
        ends.append((u, v))
        adj.setdefault(u, []).append(i)
        adj.setdefault(v, []).append(i)
    best: list = []
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
        if len(comp_edges) <= len(best):
            continue
        odd = [v for v in comp_vertices if len(adj[v]) % 2]
        if len(odd) <= 2:
            start = odd[0] if odd else comp_vertices[0]
            trail = _euler_trail(start, adj, ends, set(comp_edges))
        else:
            trail = _search_trail(comp_vertices, adj, ends)
        if len(trail) > len(best):
            best = trail
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


# -- messages --------------------------------------------------------------

def placement_message(rule: str, tile: Tile, pos) -> str:
    what = str(tile)
    where = f"({pos[0]}, {pos[1]})"
    if rule == "P1":
        return (f"{what} is turned. Tiles keep their printed orientation (north side up); "
                "place it as printed.")
    if rule == "P6":
        if tile.is_fountain:
            return "The fountain stays at (0, 0) and cannot be placed anywhere else."
        if pos == ORIGIN:
            return "The fountain lies at (0, 0); no tile can go there. Choose an empty spot."
        return f"{where} is taken (or {what} is already in this Alhambra). Choose an empty spot."
    if rule == "P2":
        return (f"{what} at {where} would not share a side with any tile; touching corners is "
                "not enough. Choose a spot next to your Alhambra.")
    if rule == "P3":
        return (f"{what} at {where} would put a wall against an open side. Touching sides must "
                "both have a wall or both be open.")
    if rule == "P4":
        return (f"{what} at {where} could not be reached from the fountain: a wall lies "
                "between it and every neighbour. A new tile needs an open side towards the Alhambra.")
    if rule == "P5":
        return (f"{what} at {where} would close off an empty area (a hole). Every empty space "
                "must stay open to the outside.")
    return f"{what} cannot go to {where}."


def removal_message(rule: str, pos) -> str:
    where = f"({pos[0]}, {pos[1]})"
    if rule == "P6":
        return "The fountain never leaves the Alhambra."
    if rule == "T3a":
        return f"There is no tile at {where} to take out."
    if rule == "P4":
        return (f"Taking out the tile at {where} would cut other tiles off from the fountain. "
                "Take out a tile at the edge instead.")
    if rule == "P5":
        return (f"Taking out the tile at {where} would leave a hole surrounded by tiles. "
                "Only tiles with an empty neighbour can be taken out.")
    return f"The tile at {where} cannot be taken out."


def swap_message(rule: str, tile: Tile, pos) -> str:
    where = f"({pos[0]}, {pos[1]})"
    if rule == "P6":
        return "The fountain is never swapped, and a tile cannot be in the Alhambra twice."
    if rule == "T3c":
        return f"There is no tile at {where} to swap with."
    if rule == "P1":
        return f"{tile} is turned. Tiles keep their printed orientation."
    if rule == "P3":
        return (f"{tile} does not fit at {where}: its walls would not match the neighbouring "
                "tiles. In a swap the new tile must match the same neighbours as the old one.")
    return f"{tile} cannot replace the tile at {where}."
