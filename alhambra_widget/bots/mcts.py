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
  progressively: the root admits its actions in the order of a one-step
  look-ahead with the evaluation (with a bonus for its favourites that
  fades with visits), inner nodes in the order of the playout policy's
  prices (:func:`.rollout.ranked_actions`), more as their visits grow.
* Playouts follow the cheap policy of :mod:`.rollout` until the searching
  player is about to start a turn again or a scoring round has been played
  (``rollout="turn"``, the default), so every playout is scored at the same
  point of the round; ``rollout="round"`` plays on to the next scoring round
  or the end. At 300 iterations a move against three Greedy (4 players,
  100 games) both won about as often (72% and 70%), the longer playouts at
  almost three times the time a move, so the default is the shorter one.
* Playouts are scored by the **learned evaluation** (:mod:`.learned`, the
  default; ``evaluation="hand"`` takes the hand-written one of
  :mod:`.evaluation`): a win probability and an expected score margin for
  every player, backed up to each node for the player who acted there.
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
import numbers
import random
import time

from .base import Bot
from .determinize import determinize
from .evaluation import DEFAULT, Weights, margins, values, warm, win_probabilities
from .greedy import action_scores
from .learned import Model, default_model
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


def _reward(p_win: float, margin: float, scale: float, share: float = 0.3) -> float:
    """The search reward in [0, 1]: mostly the win probability, partly the
    margin, so a lost (or won) position still tells better moves from worse."""
    x = 0.5 + margin / (2.0 * scale)
    return (1.0 - share) * p_win + share * (0.0 if x < 0.0 else 1.0 if x > 1.0 else x)


#: a playout to the next scoring round (or the end) has no limit in turns
_FOREVER = 10_000


def _learned_scores(model, world, actions, me) -> list:
    """The learned win probability of ``me`` after each action (on a copy)."""
    out = []
    for a in actions:
        c = world.copy(history=False)
        c.play(a, record=False)
        out.append(model.evaluate(c)[0][me])
    return out


class SearchResult:
    """What a search found at the root: ``rows`` (one dict per candidate
    action, most visited first: ``action``, ``notation``, ``kind``,
    ``visits``, ``win`` -- estimated win probability, ``margin`` --
    expected final score margin over the best other player, ``greedy`` --
    the one-step evaluation, ``wins`` -- every seat's estimated win
    probability, by seat; :class:`FlatMC` leaves it out), ``iterations``
    and ``seconds`` spent, and ``player`` (the seat to move)."""

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


def _spent(done, iterations, deadline, stop=None) -> bool:
    """Is the search budget used up after ``done`` iterations, or does ``stop()`` (asked every
    16 iterations) say the result is no longer wanted? (At least one iteration always runs.)"""
    if iterations is not None and done >= iterations:
        return True
    if stop is not None and done and not done & 15 and stop():
        return True
    return deadline is not None and done > 0 and time.perf_counter() >= deadline


def check_seconds(value, name: str = "seconds") -> float:
    """``value`` if it is a time budget a search can keep to (a finite number
    of seconds above 0), else ValueError naming ``name``. (An infinite budget
    would search for ever; a budget checked only when a background search
    starts would fail where nobody looks.)"""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 < value < math.inf:
        raise ValueError(f"{name} is a positive number of seconds, not {value!r}")
    return value


def check_iterations(value) -> int:
    """``value`` as an int if it is a number of iterations a search can do (a
    whole number from 1; 1e3 too), else ValueError. Not 2.5, which would have
    been cut to 2 without a word."""
    whole = isinstance(value, numbers.Integral) or (isinstance(value, float) and value.is_integer())
    if isinstance(value, bool) or not whole or value < 1:
        raise ValueError(f"iterations is a whole number from 1, not {value!r}")
    return int(value)


def _budget(iterations, seconds):
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    if iterations is not None:
        iterations = check_iterations(iterations)
    if seconds is not None:
        check_seconds(seconds)
    return iterations, seconds


class _Searcher(Bot):
    def __init__(self, *, iterations=None, seconds=None, seed=None, rollout_turns=None,
                 weights: Weights | None = None, evaluation="hand"):
        super().__init__(seed)
        self.iterations, self.seconds = _budget(iterations, seconds)
        self.rollout_turns = rollout_turns
        self.weights = weights or DEFAULT
        if not (evaluation in ("hand", "learned") or isinstance(evaluation, Model)):
            raise ValueError('evaluation is "hand", "learned" or a learned.Model')
        self.evaluation = evaluation

    @property
    def model(self):
        """The learned evaluation's model, or None with the hand-written evaluation."""
        e = self.evaluation
        if e == "hand":
            return None
        return default_model() if e == "learned" else e

    def _settings(self):
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds}")
        if isinstance(self, MCTS) and self.evaluation != "learned":
            parts.append(f"evaluation={self.evaluation!r}")
        return ", ".join(parts + [f"seed={self.seed!r}"])

    #: after this many redesigns in a row the bot takes money or buys (when it
    #: can), so two searchers that see nothing to gain cannot redesign forever
    MAX_REDESIGNS = 4

    def choose(self, game, seat=None, *, stop=None):
        """The move this searcher plays (``stop``: see :meth:`search`; a table stops a bot
        thinking about a position that is gone)."""
        self._check_seat(game, seat)
        actions = game.legal_actions()
        if len(actions) > 1 and getattr(self, "_redesigns", 0) >= self.MAX_REDESIGNS:
            actions = [a for a in actions if a.kind != "redesign"] or actions
        if len(actions) == 1:
            best = actions[0]
        else:
            # (stop only when given: a subclass's own search may not take it)
            best = (self.search(game, actions=actions) if stop is None else
                    self.search(game, actions=actions, stop=stop)).best
        if best.kind == "redesign":
            self._redesigns = getattr(self, "_redesigns", 0) + 1
        elif best.kind in ("take", "buy"):
            self._redesigns = 0
        return best

    def spawn(self, seed):
        twin = super().spawn(seed)
        twin._redesigns = 0
        return twin

    def search(self, game, *, iterations=None, seconds=None, actions=None, stop=None) -> SearchResult:
        """Search the position for the player to move. ``stop``: a function asked now and then;
        when it returns True the search ends at once with what it has found (a background
        search whose position is gone)."""
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
        model = self.model
        if model is not None:
            return model.evaluate(d)
        vals = values(d, self.weights)
        return win_probabilities(d, vals, self.weights), margins(vals)


# MCTS's defaults tuned per player count (True: two players), see the class doc
_TUNED = {True: {"exploration": 0.3, "widening": 1.0}, False: {"exploration": 0.5, "widening": 0.5}}


class MCTS(_Searcher):
    """Information-set Monte Carlo tree search (see the module doc).

    ``iterations`` and/or ``seconds`` bound the search of one decision
    (default: 1000 iterations). ``exploration`` is the UCB1 constant (the
    rewards are in [0, 1]; default 0.3 in a two-player game and 0.5 with
    more players, as tuned in self-play: with two players, 0.3 won 70.5% of
    200 games against the hand-written MCTS where 0.5 won 61.3%);
    ``widening`` how fast nodes admit new actions (the root
    ``2 + 1.5 * widening * sqrt(visits)`` of them, inner nodes
    ``1 + 0.5 * widening * sqrt(visits)``; default 1.0 in a two-player game
    and 0.5 with more players: against three Greedy, 0.5 turns a larger
    budget into more wins where 1.0 lost some, see the README's
    benchmarks); ``prior_weight`` and
    ``prior_temperature`` the bonus of the greedy favourites at the root;
    ``rollout`` where playouts stop (``"turn"``: when the searching player
    is about to start a turn again; ``"round"``: at the next scoring round
    or the end; a scoring round always ends a playout); ``rollout_turns`` a
    fixed playout length in turns instead; ``epsilon`` the share of random
    moves in playouts. ``evaluation`` scores the playouts: ``"learned"``
    (the fitted weights shipped with the package), ``"hand"`` (the
    hand-written evaluation, ``weights``) or a :class:`.learned.Model`.
    The reward backed up is ``1 - margin_share`` x the estimated win
    probability + ``margin_share`` x the score margin mapped from
    ``[-margin_scale, margin_scale]`` points to [0, 1]; ``prior_temperature``
    is in points with the hand-written evaluation (default 2) and in win
    probability with a learned one (default 0.05).

    With an iteration budget the bot is deterministic for a given seed.

    >>> from alhambra_widget import Game
    >>> g = Game(2, seed=4)
    >>> MCTS(iterations=50, seed=1).choose(g) in g.legal_actions()
    True
    """

    def __init__(self, *, iterations=None, seconds=None, seed=None, exploration: float | None = None,
                 widening: float | None = None, prior_weight: float = 0.5, prior_temperature: float | None = None,
                 rollout_turns=None, epsilon: float = 0.1, margin_scale: float = 40.0,
                 margin_share: float = 0.3, rollout: str = "turn",
                 weights: Weights | None = None, evaluation="learned"):
        super().__init__(iterations=iterations, seconds=seconds, seed=seed, rollout_turns=rollout_turns,
                         weights=weights, evaluation=evaluation)
        if rollout not in ("turn", "round"):
            raise ValueError('rollout is "turn" or "round"')
        self.rollout = rollout
        self.margin_share = margin_share
        if prior_temperature is None:
            prior_temperature = 2.0 if evaluation == "hand" else 0.05
        self.exploration = exploration
        self.widening = widening
        self.prior_weight = prior_weight
        self.prior_temperature = prior_temperature
        self.epsilon = epsilon
        self.margin_scale = margin_scale

    def search(self, game, *, iterations=None, seconds=None, actions=None, focus=None, stop=None) -> SearchResult:
        """Search the position for the player to move and return the root
        statistics (``iterations``/``seconds`` override the bot's budget).
        ``focus`` (a legal action) is always among the root's candidates and
        gets at least a quarter of the iterations, so its estimate is as
        sound as the best one's (a game review compares the two). ``stop``:
        a function asked every few iterations; when it returns True the search
        ends with what it has found (a background search nobody waits for)."""
        with _no_gc():
            return self._search(game, iterations, seconds, actions, focus, stop)

    def _search(self, game, iterations, seconds, actions, focus, stop=None) -> SearchResult:
        iterations, t0, deadline, actions = self._start(game, iterations, seconds, actions)
        if focus is not None and focus not in actions:
            actions = list(actions) + [focus]
        rng = self.rng
        me = game.current
        n_seats = game.n
        # root: every determinization has the same legal actions (the root is public)
        # worlds[j]: the determinization (and playout seed) of every root
        # action's j-th visit -- common random numbers, so root actions are
        # compared on the same deals rather than on independent luck
        worlds = [(warm(determinize(game, rng)), rng.getrandbits(64))]
        model = self.model
        if model is None:
            greedy = action_scores(worlds[0][0], actions, me, self.weights)
        else:
            greedy = _learned_scores(model, worlds[0][0], actions, me)
        order = sorted(range(len(actions)), key=lambda i: -greedy[i])
        if focus is not None:  # first, so the widening always admits it
            f = actions.index(focus)
            order.remove(f)
            order.insert(0, f)
        actions = [actions[i] for i in order]
        greedy = [greedy[i] for i in order]
        top = max(greedy)
        temp = self.prior_temperature
        prior = [math.exp(max(-50.0, (s - top) / temp)) for s in greedy]
        kids = [_Node() for _ in actions]
        n_root = len(actions)
        seat_probs = [[0.0] * n_seats for _ in actions]  # every seat's win probability, per root action
        focused = focus is not None
        tuned = _TUNED[n_seats == 2]
        c = tuned["exploration"] if self.exploration is None else self.exploration
        pw = self.prior_weight
        widen = tuned["widening"] if self.widening is None else self.widening
        inner_widen = 0.5 * widen  # below the root: the policy's order is a good guide
        turns = self.rollout_turns
        eps = self.epsilon
        log, sqrt = math.log, math.sqrt
        mscale = self.margin_scale
        mshare = self.margin_share
        to_round = self.rollout == "round"
        done = 0
        while True:
            if _spent(done, iterations, deadline, stop):
                break
            done += 1
            # root: progressive widening in greedy order, UCB1 plus a fading prior bonus
            allowed = min(n_root, 2 + int(widen * 1.5 * sqrt(done)))
            best_i, best_u = 0, -1.0
            if focused and kids[0].visits * 4 < done:
                allowed = 0  # the focus action's turn (it is first)
            log_done = log(done)
            for i in range(allowed):
                k = kids[i]
                if k.visits == 0:
                    best_i = i
                    break
                u = k.w / k.visits + c * sqrt(log_done / k.visits) + pw * prior[i] / (k.visits + 1)
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
                if to_round:
                    playout(d, prng, _FOREVER, eps)
                else:
                    playout(d, prng, turns, eps, player=None if turns else me)
            probs, marg = self._leaf(d)
            sp = seat_probs[best_i]
            for s in range(n_seats):
                sp[s] += probs[s]
            for k, actor in path:
                k.visits += 1
                k.w += _reward(probs[actor], marg[actor], mscale, mshare)
                k.p += probs[actor]
                k.m += marg[actor]
        rows = []
        for a, k, score, sp in zip(actions, kids, greedy, seat_probs):
            v = k.visits
            rows.append({
                "action": a, "notation": str(a), "kind": a.kind, "visits": v,
                "win": k.p / v if v else None,
                "margin": k.m / v if v else None,
                "greedy": score,
                "wins": [x / v for x in sp] if v else None,
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

    def search(self, game, *, iterations=None, seconds=None, actions=None, stop=None) -> SearchResult:
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
            if _spent(done, iterations, deadline, stop):
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
