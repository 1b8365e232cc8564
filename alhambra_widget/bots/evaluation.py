"""A hand-written evaluation: roughly how many points each player will end with.

Used by :class:`Greedy` to compare the positions after each legal action and
by the tree searches at the end of a (cut-off) playout. Everything is public
knowledge (RULES.md X3): hands, Alhambras, reserves, the market, the multiset
of tiles still in the bag. The terms, in points:

* the score so far;
* for each scoring round still to come, the majority points (C2, C3, with
  Dirk ranked in 2-player games, D3) each player would get with the buildings
  placed now (engine: :func:`round_points`), plus the longest wall (C4) --
  later rounds weighted less, since the Alhambras will still change;
* a little per building tile placed (majorities are steps; this rewards the
  way towards the next step) and less per tile in the reserve;
* money in hand, worth more early (it still turns into tiles), and per
  currency what it buys: market tiles affordable now with the cards of
  their slot's currency, more for an exact payment (T2a, another action) --
  for every player alike, so the evaluation does not depend on whose turn
  it happens to be;
* an extra action already earned (after an exact payment);
* spots kept open: the share of the tiles still to come (bag and market)
  whose wall pattern fits some free spot of the Alhambra.
"""

from __future__ import annotations

import math

from ..engine.scoring import round_points
from ..engine.tiles import TILES

__all__ = ["Weights", "values", "margins", "win_probabilities", "progress", "has_spot", "warm"]


class Weights:
    """The evaluation's weights, in points. ``Weights(tile=1.5)`` changes one;
    bots take one as ``weights=``."""

    round_weight = (1.0, 0.8, 0.65)   # next scoring round, the one after, the last one
    tile = 1.0                        # per placed building tile and scoring round to come
    reserve_tile = 1.5                # per reserve tile
    money_early = 0.75                # per money unit at the start ...
    money_late = 0.15                 # ... and when the bag is empty
    affordable = 0.6                  # per market tile affordable now
    exact = 1.2                       # ... and more if it can be paid exactly
    extra_action = 2.5                # another action earned by an exact payment
    spots_early = 6.0                 # share of coming tiles that fit a free spot
    spots_late = 1.0

    def __init__(self, **changes):
        for k, v in changes.items():
            if not hasattr(type(self), k) or k.startswith("_"):
                raise TypeError(f"no evaluation weight {k!r}")
            setattr(self, k, v)

    def __repr__(self):
        return f"Weights({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"


DEFAULT = Weights()
_BAG_START = 54 - 4.0

#: the wall masks that some tile of the game has
_MASKS = tuple(sorted({t.mask for t in TILES}))
_MASK_BITS = sum(1 << m for m in _MASKS)


def progress(g) -> float:
    """How far the game is, 0 at the start and 1 when the bag is empty."""
    return min(1.0, max(0.0, 1.0 - len(g.bag) / _BAG_START))


def has_spot(a, t) -> bool:
    """Is there a legal empty spot for tile ``t`` in Alhambra ``a``?"""
    return bool(a._fit_masks() >> t.mask & 1)   # (the engine's answer for every mask at once)


def _open_cells(a) -> set:
    """The free spots of ``a`` where some tile of the game could go
    (from the engine's cache of legal spots per wall mask)."""
    out = set()
    for m in _MASKS:
        out.update(a._spots_for(m))
    return out


def _fit_bits(a, hist=None) -> int:
    """Bit m set if a tile with wall mask m fits some free spot of ``a``
    (only the masks with ``hist[m]`` tiles to come, if given)."""
    wanted = _MASK_BITS if hist is None else sum(1 << m for m in _MASKS if hist[m])
    return a._fit_masks() & wanted   # (the engine's answer for every mask at once)


def _coming_masks(g) -> list:
    """How many tiles still to come (bag and market) have each wall mask."""
    hist = [0] * 16
    for t in g.bag:
        hist[t.mask] += 1
    for t in g.market:
        if t is not None:
            hist[t.mask] += 1
    return hist


def counts_to_come(g) -> tuple:
    """Per player, the building counts and the reserve's size once the tiles
    bought and not yet placed are down: a tile goes where it fits, else to
    the reserve. Returns ``(counts, reserve_sizes)``."""
    counts = []
    reserve_n = []
    pending = g.pending
    for i, p in enumerate(g.players):
        c = list(p.alhambra.counts())
        res = len(p.reserve)
        for pl, t in pending:
            if pl == i:
                if has_spot(p.alhambra, t):
                    c[t.building.index] += 1
                else:
                    res += 1
        counts.append(c)
        reserve_n.append(res)
    return counts, reserve_n


def values(g, w: Weights = DEFAULT) -> list:
    """Estimated final points of every player (a list, one per seat)."""
    players = g.players
    n = len(players)
    if g.phase == "over":
        return [float(p.score) for p in players]
    rounds_played = len(g.rounds)
    todo = [r for r in (1, 2, 3) if r > rounds_played]
    rw = w.round_weight
    prog = progress(g)
    counts, reserve_n = counts_to_come(g)
    entries = counts + [g.dirk_counts()] if n == 2 else counts
    key = tuple([tuple(e) for e in entries])
    out = [float(p.score) for p in players]
    round_w = 0.0
    for k, r in enumerate(todo):
        wt = rw[k]
        round_w += wt
        pts = _round_totals(key, r)
        for i in range(n):
            out[i] += wt * pts[i]
    money_w = w.money_early + (w.money_late - w.money_early) * prog
    spots_w = w.spots_early + (w.spots_late - w.spots_early) * prog
    hist = _coming_masks(g)
    coming = sum(hist) or 1
    cur = g.current
    for i, p in enumerate(players):
        a = p.alhambra
        v = round_w * (a.longest_wall() + w.tile * sum(counts[i]))
        v += w.reserve_tile * reserve_n[i]
        v += money_w * sum(c.value for c in p.hand)
        if spots_w:
            bits = _fit_bits(a, hist)
            fit = 0
            for m in range(16):
                if bits >> m & 1:
                    fit += hist[m]
            v += spots_w * fit / coming
        if i == cur and g.phase == "action" and g.extra:
            v += w.extra_action
        v += _purchasing_power(g, p, w)
        out[i] += v
    return out


_TOTALS: dict = {}


def _round_totals(entries: tuple, r: int) -> tuple:
    """Majority points per entry in round ``r`` (engine scoring), memoized:
    the same counts come up again and again in a search."""
    key = (r, entries)
    got = _TOTALS.get(key)
    if got is None:
        if len(_TOTALS) > 50_000:
            _TOTALS.clear()
        got = _TOTALS[key] = tuple([sum(p) for p in round_points(entries, r)])
    return got


def warm(g):
    """Fill the per-Alhambra caches (longest wall, free spots) of a game whose
    copies will be evaluated many times: copies share what is already known."""
    for p in g.players:
        p.alhambra.longest_wall()
        _fit_bits(p.alhambra)
    g.legal_actions()
    return g


def _purchasing_power(g, p, w) -> float:
    purse = [[], [], [], []]
    for c in p.hand:
        purse[c.key // 9].append(c.value)
    v = 0.0
    for slot, t in enumerate(g.market):
        if t is None:
            continue
        vals = purse[slot]
        if sum(vals) >= t.price:
            v += w.affordable
            if _subset_sum(vals, t.price):
                v += w.exact
    return v


def _subset_sum(vals, target) -> bool:
    reach = 1
    for x in vals:
        reach |= reach << x
    return bool(reach >> target & 1)


def margins(vals) -> list:
    """Each player's value minus the best of the others."""
    n = len(vals)
    if n == 1:
        return [0.0]
    order = sorted(range(n), key=vals.__getitem__, reverse=True)
    best, second = vals[order[0]], vals[order[1]]
    return [v - (second if i == order[0] else best) for i, v in enumerate(vals)]


def win_probabilities(g, vals=None, w: Weights = DEFAULT) -> list:
    """A rough win probability per player: exact once the game is over (a
    shared victory is shared), else a logistic function of the margin over
    the best other player, flatter early in the game when more can happen."""
    if g.phase == "over":
        win = g.winners
        return [1.0 / len(win) if i in win else 0.0 for i in range(g.n)]
    if vals is None:
        vals = values(g, w)
    scale = 6.0 + 18.0 * (1.0 - progress(g))
    return [1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, m / scale)))) for m in margins(vals)]
