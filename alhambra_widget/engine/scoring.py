"""Scoring rounds [C]: building majorities with ties, and the longest wall."""

from __future__ import annotations

from .errors import _shown
from .tiles import Building

__all__ = ["POINTS", "majority_points", "ranking"]

#: POINTS[round][building index] -> points for 1st, 2nd, 3rd place (rules table).
POINTS = {
    1: tuple((p1,) for p1 in (1, 2, 3, 4, 5, 6)),
    2: ((8, 1), (9, 2), (10, 3), (11, 4), (12, 5), (13, 6)),
    3: ((16, 8, 1), (17, 9, 2), (18, 10, 3), (19, 11, 4), (20, 12, 5), (21, 13, 6)),
}


def ranking(counts) -> list:
    """Place (1-based) of each entry by count, ties sharing a place and the
    next place skipped (1, 1, 3); ``None`` for entries with no tiles (C2)."""
    out = []
    for c in counts:
        if c <= 0:
            out.append(None)
        else:
            out.append(1 + sum(1 for o in counts if o > c))
    return out


def majority_points(building, counts, round) -> list:
    """Points each entry scores for one building type in a scoring round.

    ``counts`` holds how many tiles of ``building`` each player (and Dirk, in
    a 2-player game) has in their Alhambra. Tied players add up the points of
    the places they occupy together, divide by their number and round down
    (C3). Entries with no tile of the type score nothing.

    >>> majority_points("tower", [4, 4, 2], 3)
    [17, 17, 6]
    >>> majority_points("tower", [3, 3], 2)
    [9, 9]
    """
    if isinstance(round, bool) or not isinstance(round, int) or round not in POINTS:
        raise ValueError(f"scoring rounds are 1, 2 and 3, not {_shown(round)}")
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__iter__"):
        raise TypeError(f"counts is a list of tile counts, one per entry, not {_shown(counts)}")
    counts = list(counts)
    for c in counts:
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise ValueError(f"a count of tiles is a whole number, 0 or more, not {_shown(c)}")
    return _shares(POINTS[round][Building(building).index], counts)


def _shares(paid: tuple, counts) -> list:
    """C2/C3 for one building type: ``paid`` are the points of places 1, 2, 3."""
    # in the counts from the highest down, an entry's place (0-based) is
    # where its count first shows: how many entries have more
    ranked = sorted(counts, reverse=True)
    n = len(paid)
    out = []
    for c in counts:
        if c <= 0:
            out.append(0)
            continue
        place = ranked.index(c)
        if place >= n:          # no points for that place
            out.append(0)
            continue
        tied = ranked.count(c)
        out.append(paid[place] if tied == 1 else sum(paid[place:place + tied]) // tied)
    return out


def round_points(counts_by_entry, round) -> list:
    """``[[points per building] per entry]`` for one scoring round."""
    zero = (0,) * len(counts_by_entry)
    # per building: its column of counts, the points of each entry
    cols = [_shares(paid, col) if any(col) else zero for paid, col in zip(POINTS[round], zip(*counts_by_entry))]
    return [list(row) for row in zip(*cols)]
