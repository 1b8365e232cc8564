"""The greedy bot: one action ahead with the hand-written evaluation."""

from __future__ import annotations

from .base import Bot
from .determinize import determinize
from .evaluation import DEFAULT, Weights, values

__all__ = ["Greedy", "action_scores", "relative"]


def relative(vals, me: int) -> float:
    """``me``'s value against the others: half against the best of them, half
    against their mean (majorities are won against the leader, but every
    opponent's gain costs a little)."""
    others = [v for i, v in enumerate(vals) if i != me]
    return vals[me] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def action_scores(game, actions, me: int, weights: Weights = DEFAULT) -> list:
    """The evaluation of the position after each action (played on a copy),
    relative to the other players. ``game`` should be a determinization:
    the refill at the end of a turn draws from the game's own future."""
    out = []
    for a in actions:
        c = game.copy(history=False)
        c.play(a, record=False)
        out.append(relative(values(c, weights), me))
    return out


class Greedy(Bot):
    """Plays the action whose resulting position the evaluation likes best
    (see :mod:`alhambra_widget.bots.evaluation`): points if a round were
    scored, majorities gained or lost for the rounds to come, wall length,
    exact payments, money per currency, spots kept open.

    It never looks at the order of the deck or the bag: actions are tried on
    a determinization (the hidden order resampled with the bot's own seed).
    Ties are broken at random (with the bot's seed).

    >>> from alhambra_widget import Game
    >>> g = Game(3, seed=1)
    >>> Greedy(seed=0).choose(g) in g.legal_actions()
    True
    """

    def __init__(self, seed=None, weights: Weights | None = None):
        super().__init__(seed)
        self.weights = weights or DEFAULT

    def choose(self, game, seat=None):
        self._check_seat(game, seat)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        d = determinize(game, self.rng)
        scores = action_scores(d, actions, game.current, self.weights)
        best = max(scores)
        top = [a for a, s in zip(actions, scores) if s >= best - 1e-9]
        return top[0] if len(top) == 1 else top[int(self.rng.random() * len(top))]
