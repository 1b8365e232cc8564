"""The random bot: an action kind uniformly, then an action of that kind uniformly."""

from __future__ import annotations

from .base import Bot

__all__ = ["Random"]


class Random(Bot):
    """Plays ``game.random_action`` with its own ``random.Random(seed)``: a
    kind uniformly from ``legal_kinds()``, then an action of that kind uniformly.

    >>> from alhambra_widget import Game
    >>> g = Game(2, seed=3)
    >>> Random(seed=1).choose(g) == Random(seed=1).choose(g)
    True
    """

    def choose(self, game, seat=None):
        self._check_seat(game, seat)
        return game.random_action(self.rng)
