"""Small statistics helpers for tournament tables."""

from __future__ import annotations

import math
import numbers

from ..engine.errors import _shown

__all__ = ["wilson"]


def wilson(wins: float, games: int, z: float = 1.959963984540054) -> tuple:
    """Wilson score interval (95% by default) for a win rate of ``wins`` out
    of ``games`` (``wins`` may be fractional: a shared victory counts 1/k).

    >>> lo, hi = wilson(95, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.888, 0.978)
    """
    for name, v in (("wins", wins), ("games", games)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or v != v:
            raise TypeError(f"wilson() takes numbers of wins and games, not {name}={_shown(v)}")
    if games <= 0:
        return (0.0, 1.0)   # (no games: every rate is possible)
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be from 0 to the number of games ({games}), not {wins}")
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # the interval always holds p; min/max keep rounding from saying otherwise
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))
