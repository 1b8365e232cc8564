"""The learned evaluation: win probabilities fitted on self-play games.

A position's features (:mod:`.features`, one row per player) are weighed by
weights fitted by ``scripts/fit_evaluation.py`` on positions of thousands of
self-play games and shipped in ``weights.json`` beside this module. Two
models per player count (2-6) and per stage (scoring rounds played: 0, 1, 2),
each weight a linear function of the game's progress (0 at the start, 1 when
the bag is empty):

* **win**: a conditional logit -- player ``i`` wins with probability
  ``exp(s_i) / sum_j exp(s_j)``, ``s_i`` the weighted sum of ``i``'s
  features -- fitted by maximum likelihood (Newton's method) on who won;
* **score**: each player's final score, fitted by least squares; the
  expected margin is a player's predicted score minus the best other one.

Once the game is over both are exact. Pure Python: numpy is only needed to
fit the weights, not to use them.
"""

from __future__ import annotations

import json
import math
from itertools import repeat
from operator import add, mul
from pathlib import Path

from .evaluation import margins
from .features import K, NAMES, features, stage

__all__ = ["Model", "load", "default_model", "evaluate", "WEIGHTS_FILE"]

WEIGHTS_FILE = Path(__file__).with_name("weights.json")


class Model:
    """Fitted weights (see the module doc): ``Model.load(path)`` or :func:`default_model`.

    ``evaluate(game)`` gives ``(win probabilities, expected margins)``, one per seat."""

    def __init__(self, data: dict):
        if data.get("format") != "alhambra-widget evaluation" or data.get("version") != 1:
            raise ValueError("not an evaluation weights file of version 1")
        if list(data["features"]) != list(NAMES):
            raise ValueError("the weights file was fitted on other features")
        self.info = data.get("fit", {})
        self._win = {}
        self._score = {}
        for n_text, models in data["models"].items():
            n = int(n_text)
            width = K + n - 1
            for kind, store in (("win", self._win), ("score", self._score)):
                stages = models[kind]
                if len(stages) != 3:
                    raise ValueError("three stages per model")
                rows = []
                for st in stages:
                    a, b = st["base"], st["progress"]
                    if len(a) != width or len(b) != width:
                        raise ValueError(f"{n} players: {width} weights per stage")
                    rows.append((tuple(map(float, a)), tuple(map(float, b)), float(st.get("intercept", 0.0))))
                store[n] = tuple(rows)

    @classmethod
    def load(cls, path) -> "Model":
        with open(path, encoding="utf-8") as f:
            return cls(json.load(f))

    def players(self) -> list:
        """The player counts the weights cover."""
        return sorted(self._win)

    def _weights(self, store, g):
        st, prog = stage(g)
        a, b, c = store[g.n][st]
        return list(map(add, a, map(mul, repeat(prog), b))), c   # a + prog * b, weight by weight

    def evaluate(self, g, feats=None) -> tuple:
        """``(win probabilities, expected final score margins)`` of every seat."""
        n = g.n
        if g.phase == "over":
            win = g.winners
            sc = g.scores
            return ([1.0 / len(win) if i in win else 0.0 for i in range(n)], margins([float(s) for s in sc]))
        if feats is None:
            feats = features(g)
        w, _ = self._weights(self._win, g)
        s = [sum(map(mul, w, f)) for f in feats]   # (dot products, in the order of the weights)
        top = max(s)
        e = [math.exp(max(-60.0, v - top)) for v in s]
        tot = sum(e)
        probs = [v / tot for v in e]
        ws, c = self._weights(self._score, g)
        pred = [c + sum(map(mul, ws, f)) for f in feats]
        return probs, margins(pred)

    def scores(self, g, feats=None) -> list:
        """Predicted final score of every seat (the score model)."""
        if g.phase == "over":
            return [float(s) for s in g.scores]
        if feats is None:
            feats = features(g)
        ws, c = self._weights(self._score, g)
        return [c + sum(map(mul, ws, f)) for f in feats]


_DEFAULT = None


def default_model() -> Model:
    """The weights shipped with the package (loaded once)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Model.load(WEIGHTS_FILE)
    return _DEFAULT


def load(path=None) -> Model:
    """A :class:`Model` from a weights file (default: the shipped one)."""
    return default_model() if path is None else Model.load(path)


def evaluate(g, model: Model | None = None) -> tuple:
    """``(win probabilities, expected margins)`` of every seat by the learned evaluation."""
    return (model or default_model()).evaluate(g)
