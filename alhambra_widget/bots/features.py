"""Features of a position for the learned evaluation, per player.

Everything here is public knowledge (RULES.md X3): hands, Alhambras,
reserves, the markets, scores, and the multiset of tiles still to come (the
bag and the building market) -- never the order of the deck or the bag. The
fitting script (``scripts/fit_evaluation.py``) computes the same features on
positions of self-play games, and :mod:`.learned` weighs them.

One row per player, the columns of :data:`NAMES` and then one column per
seat distance to the player to move (1 .. n-1; distance 0 is the baseline).
Tiles bought this turn and not yet placed count where they fit (else in the
reserve), as in the hand-written evaluation.

Building counts are compared with every other entry (Dirk's too, in a
two-player game): a *lead* of 1 or of 2 or more, a tie for first, being one
tile behind -- each worth the first-place points of the last scoring round
(C2) of that building, in tens of points.
"""

from __future__ import annotations

from itertools import compress

from ..engine.scoring import POINTS
from ..engine.tiles import TILES
from .evaluation import _MASK_BITS, _fit_bits, _round_totals, _subset_sum, counts_to_come, has_spot, progress

__all__ = ["NAMES", "features", "stage", "names_for", "K"]

NAMES = (
    "score",            # points so far
    "round1", "round2", "round3",  # majority points each round to come would give now (0 once played)
    "wall",             # longest external wall (C4)
    "tiles",            # building tiles placed
    "reserve",          # tiles in the reserve
    "money",            # value of the hand
    "cards",            # cards in the hand
    "afford",           # market tiles affordable with their slot's currency
    "exact",            # ... and payable exactly (T2a)
    "best_buy",         # majority points gained over the rounds to come by the best affordable tile
    "extra",            # the player to move has an extra action (T2a)
    "spots",            # share of the tiles to come that fit a free spot
    "lead1",            # first-place worth of buildings led by exactly 1 tile
    "lead2",            # ... led by 2 or more
    "tied",             # ... tied for first
    "behind1",          # ... one tile behind the first
    "most_money",       # currencies with a market tile in which the hand is strictly the largest (E2)
    "potential",        # majority points one more tile would gain, weighted by the tiles to come
)
K = len(NAMES)

#: first-place points of the last scoring round per building, in tens
_V3 = tuple(p[0] / 10.0 for p in POINTS[3])

_SHARES = {}

#: per tile id: its wall mask and its building's index
_KINDS = {t.id: (t.mask, t.building.index) for t in TILES}
#: per byte: its bits, low to high (for itertools.compress)
_BYTE_BITS = tuple(tuple(b >> j & 1 for j in range(8)) for b in range(256))


def names_for(n: int) -> list:
    """Column names of :func:`features` for ``n`` players."""
    return list(NAMES) + [f"seat+{d}" for d in range(1, n)]


def stage(g) -> tuple:
    """``(rounds played, progress)`` of the position: the learned weights
    depend on both (progress: 0 at the start, 1 when the bag is empty)."""
    return min(2, len(g.rounds)), progress(g)


def _gain(col: tuple, i: int, b: int, rounds: tuple) -> float:
    """Majority points ``i`` gains over ``rounds`` with one more tile of building ``b``."""
    key = (col, i, b, rounds)
    got = _SHARES.get(key)
    if got is None:
        if len(_SHARES) > 100_000:
            _SHARES.clear()
        more = list(col)
        more[i] += 1
        got = 0
        for r in rounds:
            paid = POINTS[r][b]
            got += _share(paid, more, i) - _share(paid, col, i)
        _SHARES[key] = got
    return got


def _share(paid: tuple, counts, i: int) -> int:
    c = counts[i]
    if c <= 0:
        return 0
    place = tied = 0
    for o in counts:
        if o > c:
            place += 1
        elif o == c:
            tied += 1
    return sum(paid[place:place + tied]) // tied


def features(g) -> list:
    """One list of features per player (see the module doc)."""
    players = g.players
    n = len(players)
    played = len(g.rounds)
    todo = tuple(r for r in (1, 2, 3) if r > played)
    counts, reserve_n = counts_to_come(g)
    entries = counts + [list(g.dirk_counts())] if n == 2 else counts
    key = tuple([tuple(e) for e in entries])
    pts = {r: _round_totals(key, r) for r in todo}
    cols = list(zip(*entries))
    # the tiles still to come, by wall mask and by building
    hist = [0] * 16
    by_building = [0] * 6
    kinds = _KINDS
    for t in g.bag:
        m, b = kinds[t.id]
        hist[m] += 1
        by_building[b] += 1
    market = g.market
    for t in market:
        if t is not None:
            m, b = kinds[t.id]
            hist[m] += 1
            by_building[b] += 1
    coming = sum(hist) or 1
    share = [c / coming for c in by_building]
    # money per currency, for the awards at the end (E2)
    purses = []
    for p in players:
        purse = [[], [], [], []]
        for c in p.hand:
            purse[c.key // 9].append(c.value)
        purses.append(purse)
    totals = [[sum(pu[k]) for pu in purses] for k in range(4)]
    # per building: the largest count and the largest count of everybody else but its holder
    tops = []
    for col in cols:
        hi = max(col)
        holder = col.index(hi)
        rest = max(col[:holder] + col[holder + 1:])
        tops.append((hi, holder, rest))
    # the seat holding strictly the most of a currency, once per currency
    # with a market tile where one hand is the largest alone (E2)
    most_of = []
    for k in range(4):
        if market[k] is not None:
            row = totals[k]
            hi = max(row)
            if hi > 0 and row.count(hi) == 1:
                most_of.append(row.index(hi))
    # the wall masks with tiles to come; the tiles to come per mask, in two halves
    coming_masks = _MASK_BITS & sum(1 << m for m in range(16) if hist[m])
    hist_lo, hist_hi = hist[:8], hist[8:]
    cur = g.current
    extra = g.phase == "action" and g.extra
    out = []
    for i, p in enumerate(players):
        a = p.alhambra
        purse = purses[i]
        afford = exact = 0
        best_buy = 0.0
        for slot in range(4):
            t = market[slot]
            if t is None:
                continue
            vals = purse[slot]
            if sum(vals) >= t.price:
                afford += 1
                if _subset_sum(vals, t.price):
                    exact += 1
                if todo and has_spot(a, t):
                    b = t.building.index
                    gain = _gain(cols[b], i, b, todo)
                    if gain > best_buy:
                        best_buy = gain
        lead1 = lead2 = tied = behind1 = 0.0
        potential = 0.0
        for b in range(6):
            col = cols[b]
            mine = col[i]
            hi, holder, rest = tops[b]
            m = mine - (rest if holder == i else hi)
            v = _V3[b]
            if mine > 0:
                if m >= 2:
                    lead2 += v
                elif m == 1:
                    lead1 += v
                elif m == 0:
                    tied += v
            if m == -1:
                behind1 += v
            if todo and share[b]:
                potential += share[b] * _gain(col, i, b, todo)
        most = most_of.count(i)
        bits = _fit_bits(a) & coming_masks   # (the tiles to come of each mask that fits)
        fit = sum(compress(hist_lo, _BYTE_BITS[bits & 255])) + sum(compress(hist_hi, _BYTE_BITS[bits >> 8]))
        money = 0
        for c in p.hand:
            money += c.value
        row = [
            float(p.score),
            float(pts[1][i]) if 1 in pts else 0.0,
            float(pts[2][i]) if 2 in pts else 0.0,
            float(pts[3][i]) if 3 in pts else 0.0,
            float(a.longest_wall()),
            float(sum(counts[i])),
            float(reserve_n[i]),
            float(money),
            float(len(p.hand)),
            float(afford),
            float(exact),
            float(best_buy),
            1.0 if (extra and i == cur) else 0.0,
            fit / coming,
            lead1, lead2, tied, behind1,
            float(most),
            potential,
        ]
        d = (i - cur) % n
        for k in range(1, n):
            row.append(1.0 if d == k else 0.0)
        out.append(row)
    return out
