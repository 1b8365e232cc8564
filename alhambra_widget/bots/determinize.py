"""Sampling the hidden part of a position for a search.

A determinization keeps what a perfect memory knows (RULES X3) and replaces
the hidden part -- the order of the deck and the game's random number
generator -- with a sample drawn from the bot's own random generator
(``Game.resample_hidden``, the engine's one definition of what is hidden).
Two positions that differ only in hidden order give the same samples.
"""

from __future__ import annotations

from ..engine.hidden import DEALT_PER_PLAYER, scoring_card_ranges

__all__ = ["determinize", "scoring_card_ranges", "DEALT_PER_PLAYER"]


def determinize(game, rng):
    """A copy of ``game`` (without history) whose hidden part is sampled
    with ``rng`` (a ``random.Random``)."""
    d = game.copy(history=False)
    d.resample_hidden(rng)
    return d
