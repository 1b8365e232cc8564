"""A cheap playout policy: the evaluation's own terms, one action at a time.

A playout has to be far cheaper than :class:`Greedy` (which plays every legal
action on a copy and evaluates the whole position): this policy prices each
take and buy by the terms of :mod:`.evaluation` that the action changes --
money in hand against a tile's majority points for the rounds still to come
(tiles bought this turn count as placed), its worth as a placed tile, and an
exact payment's extra action -- and plays the best. It places a bought tile
on the spot that adds the most external wall and touches the most tiles.
With probability ``epsilon`` it plays a random take or buy (or a random
placement) instead. Keeping the policy's prices those of the evaluation
matters: a playout that squanders an extra action would teach the search
that exact payments are bad.

:func:`ranked_actions` orders every legal action by the same prices; the tree
search admits actions into a node in that order.
"""

from __future__ import annotations

from ..engine.actions import EndTurn
from ..engine.tiles import BY_ID
from .evaluation import DEFAULT, has_spot, progress
from .features import _gain

__all__ = ["policy_action", "ranked_actions", "playout", "random_playout"]

_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W
_END = EndTurn()


def _entries(g) -> list:
    """Building counts per player (tiles bought this turn included where they
    fit, as the evaluation counts them) and Dirk's in a 2-player game."""
    out = []
    for i, p in enumerate(g.players):
        c = list(p.alhambra.counts())
        for pl, t in g.pending:
            if pl == i and has_spot(p.alhambra, t):
                c[t.building.index] += 1
        out.append(c)
    if g.n == 2:
        out.append(list(g.dirk_counts()))
    return out


def _money_scores(g, me, w=DEFAULT) -> list:
    """``(score, action)`` for every take and buy, priced by the evaluation's terms."""
    prog = progress(g)
    money_w = w.money_early + (w.money_late - w.money_early) * prog
    out = [(money_w * sum(c.value for c in act[1]), act) for act in g.legal_actions("take")]
    buys = g.legal_actions("buy")
    if not buys:
        return out
    todo = [r for r in (1, 2, 3) if r > len(g.rounds)]
    weights = list(zip([(r,) for r in todo], w.round_weight))   # (each round to come alone, its weight)
    round_w = sum(wt for _, wt in weights)
    entries = _entries(g)
    a = g.players[me].alhambra
    worth = {}
    market = g.market
    for act in buys:
        t = market[act[1] - 1]
        v = worth.get(t.id)
        if v is None:
            if has_spot(a, t):
                b = t.building.index
                col = tuple([e[b] for e in entries])
                v = round_w * w.tile
                for rounds, wt in weights:
                    v += wt * _gain(col, me, b, rounds)   # (majority points, one round)
            else:
                v = w.reserve_tile
            worth[t.id] = v
        paid = sum(c.value for c in act[2])
        out.append((v - money_w * paid + (w.extra_action if paid == t.price else 0.0), act))
    return out


def _place_scores(g, rng) -> list:
    """``(score, action)`` for every placement (T4): a spot's new external
    walls and touching tiles; the reserve and Dirk last."""
    a = g.players[g.current].alhambra
    taken = None
    out = []
    for act in g.legal_actions("place"):
        verb = act[0]
        if verb == "place":
            if taken is None:
                taken = set(a)
            m = BY_ID[act[1]].mask
            x, y = act[2]
            s = 0.05 * rng.random()
            for d in range(4):
                dx, dy = _STEP[d]
                if (x + dx, y + dy) in taken:
                    s += 0.4         # compact: touches one more tile
                    if m >> d & 1:
                        s -= 1.0     # the neighbour's wall turns internal
                elif m >> d & 1:
                    s += 1.0         # a new external wall side
        elif verb == "reserve":
            s = -3.0
        else:  # Dirk
            s = -4.0
        out.append((s, act))
    return out


def _best(scored):
    best, best_s = None, -1e18
    for s, act in scored:
        if s > best_s:
            best, best_s = act, s
    return best


def ranked_actions(g, rng) -> list:
    """Every legal action, the policy's favourites first (the order in which
    the tree search admits them into a node): placements by spot, takes and
    buys by price, then declining an extra action and the redesigns (which
    the policy cannot price) below them all -- declining below the
    redesigns when every take and buy is worth two points or more, above
    them when the cheapest is worth a point or less, and among them in
    between (the redesigns are priced in a band a point wide, at random)."""
    if g.phase == "place":
        scored = _place_scores(g, rng)
    else:
        scored = _money_scores(g, g.current)
        low = min((s for s, _ in scored), default=0.0)
        if g.extra:
            scored.append((min(0.0, low) - 1.0, _END))
        scored += [(low - 2.0 - rng.random(), act) for act in g.legal_actions("redesign")]
        if not scored:
            scored = [(0.0, act) for act in g.legal_actions()]
    scored.sort(key=lambda e: -e[0])
    return [act for _, act in scored]


def _random_move(g, rng):
    """A random take or buy (random redesigns would wreck Alhambras)."""
    kinds = [k for k in g.legal_kinds() if k in ("take", "buy")]
    if not kinds:
        return g.random_action(rng)
    acts = g.legal_actions(kinds[int(rng.random() * len(kinds))])
    return acts[int(rng.random() * len(acts))]


def policy_action(g, rng, epsilon: float = 0.1):
    """The playout policy's action for the player to move (see the module doc)."""
    if g.phase == "place":
        if rng.random() < epsilon:
            return g.random_action(rng)
        return _best(_place_scores(g, rng))
    if rng.random() < epsilon:
        return _random_move(g, rng)
    act = _best(_money_scores(g, g.current))
    if act is not None:
        return act
    if g.extra:
        return _END
    return g.random_action(rng)


def _stop_rule(g, turns, player):
    if turns is None and player is None:
        raise ValueError("a playout needs a number of turns or a player to stop at")
    stop = g.turn + turns if turns is not None else g.turn + g.n + 1  # a safety net
    return stop, len(g.rounds)


def _done(g, stop, rounds, player) -> bool:
    if g.phase == "over" or g.turn >= stop or len(g.rounds) != rounds:
        return True
    # a fresh turn of ``player``: every playout is scored at the same point of the round
    return (player is not None and g.current == player and g.phase == "action"
            and not g.actions_this_turn)


def playout(g, rng, turns=None, epsilon: float = 0.1, player=None) -> None:
    """Play ``g`` on with the policy until ``player`` is about to start a
    turn (or ``turns`` more turns have ended), a scoring round has been
    played, or the game is over."""
    stop, rounds = _stop_rule(g, turns, player)
    while not _done(g, stop, rounds, player):
        g.play(policy_action(g, rng, epsilon), record=False)


def random_playout(g, rng, turns=None, player=None) -> None:
    """Like :func:`playout`, with uniformly random actions (a kind, then an action)."""
    stop, rounds = _stop_rule(g, turns, player)
    while not _done(g, stop, rounds, player):
        g.play(g.random_action(rng), record=False)
