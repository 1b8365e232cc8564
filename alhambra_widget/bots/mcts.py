"""Tree search over information sets: :class:`MCTS`, and :class:`FlatMC` to compare with.

Both search from what the player to move may know (RULES.md X3: every hand
is public to a perfect memory) and never from the order of the deck or the
bag: the searches run on determinizations (see :mod:`.determinize`), so
chance is sampled, never read.

:class:`MCTS` is single-observer information-set MCTS (Cowling, Powley and
Whitehouse 2012): one tree of action sequences shared by all
determinizations; at each node only the actions legal in the current
determinization compete, with UCB1 using *availability* counts (how often an
action was legal when its node was visited) instead of the parent's visits.

* The branching factor is large (every payment, every spot), so nodes widen
  progressively: the root admits its actions in the order of the greedy
  evaluation (with a bonus for the greedy favourites that fades with
  visits), inner nodes in the order of the playout policy's prices
  (:func:`.rollout.ranked_actions`), more as their visits grow.
* Playouts follow the cheap policy of :mod:`.rollout` until the searching
  player is about to start a turn again (or a scoring round has been
  played), so every playout is scored at the same point of the round, and
  are scored with :mod:`.evaluation`: a win probability estimate and a score
  margin for every player, backed up to each node for the player who acted
  there.
* Common random numbers: the j-th visit of every root action plays in the
  same determinization with the same playout seed, so root actions are
  compared on the same deals rather than on independent luck.

:class:`FlatMC` spreads the budget evenly over the root actions, each
iteration a fresh determinization and a uniformly random playout.
"""

from __future__ import annotations

import contextlib
import gc
import math
import random
import time

from .base import Bot
from .determinize import determinize
from .evaluation import DEFAULT, Weights, margins, values, warm, win_probabilities
from .greedy import action_scores
from .rollout import playout, random_playout, ranked_actions

__all__ = ["MCTS", "FlatMC", "SearchResult"]

DEFAULT_ITERATIONS = 1000


class _Node:
    __slots__ = ("children", "visits", "avail", "w", "p", "m")

    def __init__(self):
        self.children = None  # action -> _Node, made on the first visit
        self.visits = 0
        self.avail = 0
        self.w = 0.0          # sum of search rewards of the player who acted to get here
        self.p = 0.0          # ... of that player's estimated win probabilities
        self.m = 0.0          # ... of that player's estimated score margins


def _reward(p_win: float, margin: float, scale: float) -> float:
    """The search reward in [0, 1]: mostly the win probability, partly the
    margin, so a lost (or won) position still tells better moves from worse."""
    x = 0.5 + margin / (2.0 * scale)
    return 0.7 * p_win + 0.3 * (0.0 if x < 0.0 else 1.0 if x > 1.0 else x)


class SearchResult:
    """What a search found at the root: ``rows`` (one dict per candidate
    action, most visited first: ``action``, ``notation``, ``kind``,
    ``visits``, ``win`` -- estimated win probability, ``margin`` --
    expected final score margin over the best other player, ``greedy`` --
    the one-step evaluation), ``iterations`` and ``seconds`` spent, and
    ``player`` (the seat to move)."""

    __slots__ = ("rows", "iterations", "seconds", "player")

    def __init__(self, rows, iterations, seconds, player):
        self.rows, self.iterations, self.seconds, self.player = rows, iterations, seconds, player

    @property
    def best(self):
        return self.rows[0]["action"]

    def __repr__(self):
        return f"<SearchResult {self.iterations} iterations in {self.seconds:.2f} s, best {self.best}>"


@contextlib.contextmanager
def _no_gc():
    """A search makes and drops many small objects without reference cycles:
    the cyclic garbage collector would only add pauses (and miss deadlines)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _spent(done, iterations, deadline) -> bool:
    """Is the search budget used up after ``done`` iterations? (At least one always runs.)"""
    if iterations is not None and done >= iterations:
        return True
    return deadline is not None and done > 0 and time.perf_counter() >= deadline


def _budget(iterations, seconds):
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    if iterations is not None and (isinstance(iterations, bool) or int(iterations) < 1):
        raise ValueError("iterations is a positive number")
    if seconds is not None and not seconds > 0:
        raise ValueError("seconds is a positive number")
    return (int(iterations) if iterations is not None else None), seconds


class _Searcher(Bot):
    def __init__(self, iterations=None, seconds=None, seed=None, *, rollout_turns=None,
                 weights: Weights | None = None):
        super().__init__(seed)
        self.iterations, self.seconds = _budget(iterations, seconds)
        self.rollout_turns = rollout_turns
        self.weights = weights or DEFAULT

    def _settings(self):
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds}")
        return ", ".join(parts + [f"seed={self.seed!r}"])

    def choose(self, game, seat=None):
        self._check_seat(game, seat)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.search(game, actions=actions).best

    def search(self, game, *, iterations=None, seconds=None, actions=None) -> SearchResult:
        raise NotImplementedError


    def _start(self, game, iterations, seconds, actions):
        """The budget (the bot's own unless given), the clock, and the root's actions."""
        if iterations is None and seconds is None:
            iterations, seconds = self.iterations, self.seconds
        iterations, seconds = _budget(iterations, seconds)
        t0 = time.perf_counter()
        deadline = t0 + seconds if seconds is not None else None
        if actions is None:
            actions = game.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is nothing to choose")
        return iterations, t0, deadline, actions

    def _leaf(self, d):
        vals = values(d, self.weights)
        return win_probabilities(d, vals, self.weights), margins(vals)


class MCTS(_Searcher):
    """Information-set Monte Carlo tree search (see the module doc).

    ``iterations`` and/or ``seconds`` bound the search of one decision
    (default: 1000 iterations). ``exploration`` is the UCB1 constant (the
    rewards are in [0, 1]); ``widening`` how fast nodes admit new actions
    (the root ``2 + 1.5 * widening * sqrt(visits)`` of them, inner nodes
    ``1 + 0.5 * widening * sqrt(visits)``); ``prior_weight`` and
    ``prior_temperature`` the bonus of the greedy favourites at the root;
    ``rollout_turns`` a fixed playout length in turns (default: until the
    searching player is about to start a turn again; a scoring round always
    ends a playout); ``epsilon`` the share of random moves in playouts. The
    reward backed up is 0.7 x the estimated win probability + 0.3 x the
    score margin mapped from ``[-margin_scale, margin_scale]`` points to [0, 1].

    With an iteration budget the bot is deterministic for a given seed.

    >>> from alhambra_widget import Game
    >>> g = Game(2, seed=4)
    >>> MCTS(iterations=50, seed=1).choose(g) in g.legal_actions()
    True
    """

    def __init__(self, iterations=None, seconds=None, seed=None, *, exploration: float = 0.5,
                 widening: float = 1.0, prior_weight: float = 0.5, prior_temperature: float = 2.0,
                 rollout_turns=None, epsilon: float = 0.1, margin_scale: float = 40.0,
                 weights: Weights | None = None):
        super().__init__(iterations, seconds, seed, rollout_turns=rollout_turns, weights=weights)
        self.exploration = exploration
        self.widening = widening
        self.prior_weight = prior_weight
        self.prior_temperature = prior_temperature
        self.epsilon = epsilon
        self.margin_scale = margin_scale

    def search(self, game, *, iterations=None, seconds=None, actions=None) -> SearchResult:
        """Search the position for the player to move and return the root
        statistics (``iterations``/``seconds`` override the bot's budget)."""
        with _no_gc():
            return self._search(game, iterations, seconds, actions)

    def _search(self, game, iterations, seconds, actions) -> SearchResult:
        iterations, t0, deadline, actions = self._start(game, iterations, seconds, actions)
        rng = self.rng
        me = game.current
        # root: every determinization has the same legal actions (the root is public)
        # worlds[j]: the determinization (and playout seed) of every root
        # action's j-th visit -- common random numbers, so root actions are
        # compared on the same deals rather than on independent luck
        worlds = [(warm(determinize(game, rng)), rng.getrandbits(64))]
        greedy = action_scores(worlds[0][0], actions, me, self.weights)
        order = sorted(range(len(actions)), key=lambda i: -greedy[i])
        actions = [actions[i] for i in order]
        greedy = [greedy[i] for i in order]
        top = greedy[0]
        temp = self.prior_temperature
        prior = [math.exp(max(-50.0, (s - top) / temp)) for s in greedy]
        kids = [_Node() for _ in actions]
        n_root = len(actions)
        c = self.exploration
        pw = self.prior_weight
        widen = self.widening
        inner_widen = 0.5 * widen  # below the root: the policy's order is a good guide
        turns = self.rollout_turns
        eps = self.epsilon
        log, sqrt = math.log, math.sqrt
        mscale = self.margin_scale
        done = 0
        while True:
            if _spent(done, iterations, deadline):
                break
            done += 1
            # root: progressive widening in greedy order, UCB1 plus a fading prior bonus
            allowed = min(n_root, 2 + int(widen * 1.5 * sqrt(done)))
            best_i, best_u = 0, -1.0
            for i in range(allowed):
                k = kids[i]
                if k.visits == 0:
                    best_i = i
                    break
                u = k.w / k.visits + c * sqrt(log(done) / k.visits) + pw * prior[i] / (k.visits + 1)
                if u > best_u:
                    best_i, best_u = i, u
            node = kids[best_i]
            j = node.visits
            while len(worlds) <= j:
                worlds.append((warm(determinize(game, rng)), rng.getrandbits(64)))
            world, world_seed = worlds[j]
            d = world.copy(history=False)
            prng = random.Random(world_seed)
            d.play(actions[best_i], record=False)
            path = [(node, me)]
            # below the root
            while d.phase != "over" and node.visits > 0:
                legal = d.legal_actions()
                actor = d.current
                ch = node.children
                if ch is None:
                    ch = node.children = {}
                avail = []
                for a in legal:
                    k = ch.get(a)
                    if k is not None:
                        k.avail += 1
                        avail.append((a, k))
                if len(avail) < len(legal) and len(avail) < 1 + int(inner_widen * sqrt(node.visits)):
                    a = next((b for b in ranked_actions(d, rng) if b not in ch), None)
                    if a is None:  # (ranked_actions lists every legal action; just in case)
                        a = next(b for b in legal if b not in ch)
                    k = ch[a] = _Node()
                    k.avail = 1
                    d.play(a, record=False)
                    path.append((k, actor))
                    break
                best, best_u = None, -1.0
                for a, k in avail:
                    u = k.w / k.visits + c * sqrt(log(k.avail) / k.visits)
                    if u > best_u:
                        best, best_u = (a, k), u
                a, node = best
                d.play(a, record=False)
                path.append((node, actor))
            if d.phase != "over":
                playout(d, prng, turns, eps, player=None if turns else me)
            probs, marg = self._leaf(d)
            for k, actor in path:
                k.visits += 1
                k.w += _reward(probs[actor], marg[actor], mscale)
                k.p += probs[actor]
                k.m += marg[actor]
        rows = []
        for a, k, score in zip(actions, kids, greedy):
            rows.append({
                "action": a, "notation": str(a), "kind": a.kind, "visits": k.visits,
                "win": k.p / k.visits if k.visits else None,
                "margin": k.m / k.visits if k.visits else None,
                "greedy": score,
            })
        rows.sort(key=lambda r: (-r["visits"], -(r["win"] if r["win"] is not None else -1.0)))
        return SearchResult(rows, done, time.perf_counter() - t0, me)


class FlatMC(_Searcher):
    """Flat Monte Carlo: the budget spread evenly over the legal actions, each
    iteration a fresh determinization and a uniformly random playout (scored
    like :class:`MCTS`'s playouts, at the same point of the round); the best
    mean estimated win probability wins. A baseline for the benchmark.

    >>> from alhambra_widget import Game
    >>> g = Game(2, seed=4)
    >>> FlatMC(iterations=50, seed=1).choose(g) in g.legal_actions()
    True
    """

    def search(self, game, *, iterations=None, seconds=None, actions=None) -> SearchResult:
        iterations, t0, deadline, actions = self._start(game, iterations, seconds, actions)
        rng = self.rng
        me = game.current
        n = len(actions)
        visits = [0] * n
        wins = [0.0] * n
        marg = [0.0] * n
        turns = self.rollout_turns
        done = 0
        while True:
            if _spent(done, iterations, deadline):
                break
            i = done % n
            done += 1
            d = determinize(game, rng)
            d.play(actions[i], record=False)
            if d.phase != "over":
                random_playout(d, rng, turns, player=None if turns else me)
            probs, m = self._leaf(d)
            visits[i] += 1
            wins[i] += probs[me]
            marg[i] += m[me]
        rows = [{"action": a, "notation": str(a), "kind": a.kind, "visits": v,
                 "win": w / v if v else None, "margin": m / v if v else None, "greedy": None}
                for a, v, w, m in zip(actions, visits, wins, marg)]
        rows.sort(key=lambda r: (-(r["win"] if r["win"] is not None else -1.0), -r["visits"]))
        return SearchResult(rows, done, time.perf_counter() - t0, me)
