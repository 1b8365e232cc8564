"""The AI players (alhambra_widget.bots): legal moves, determinism, no peeking, strength.

Rules reference: /work/shared/rules/RULES.md (X3: hands are public to a
perfect memory; the order of the deck and the bag is never known).
"""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
from itertools import combinations

import pytest

from alhambra_widget import BUILDINGS, CURRENCIES, Game
from alhambra_widget.bots import MCTS, FlatMC, Greedy, Bot, Random, determinize, play_game, values, \
    win_probabilities
from alhambra_widget.bots.determinize import scoring_card_ranges
from alhambra_widget.engine.game import ScoringCard
from alhambra_widget.engine.tiles import BY_ID
from alhambra_widget.engine.money import full_deck


def make_bots(kinds, seed):
    make = {
        "mcts": lambda s: MCTS(iterations=12, seed=s),
        "flat": lambda s: FlatMC(iterations=12, seed=s),
        "greedy": lambda s: Greedy(seed=s),
        "random": lambda s: Random(seed=s),
    }
    return [make[k](seed * 10 + i) for i, k in enumerate(kinds)]


def play_checked(bots, seed):
    """Play a whole game; every action chosen must be one of the legal actions."""
    g = Game(len(bots), seed=seed)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        before = g.copy(history=False)
        a = bots[g.current].choose(g, g.current)
        assert a in legal, f"{type(bots[g.current]).__name__} chose {a!r}, not a legal action"
        assert g.legal_actions() == legal and g.scores == before.scores and g.deck == before.deck, \
            "choose() changed the game"
        g.play(a)
        steps += 1
        assert steps < 5000
    g.check()
    assert len(g.rounds) == 3
    return g


LINEUPS = {
    2: ["mcts", "greedy"],
    3: ["flat", "random", "greedy"],
    4: ["mcts", "greedy", "random", "flat"],
    5: ["greedy", "random", "mcts", "random", "greedy"],
    6: ["random", "flat", "greedy", "random", "mcts", "random"],
}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_bot_plays_legal_actions_for_whole_games(n):
    play_checked(make_bots(LINEUPS[n], seed=n), seed=100 + n)


def test_flat_and_random_in_a_two_player_game_with_dirk():
    g = play_checked(make_bots(["flat", "random"], seed=3), seed=17)
    assert g.dirk, "Dirk took tiles (D2)"


@pytest.mark.parametrize("kind", ["random", "greedy", "mcts", "flat"])
def test_a_bot_is_deterministic_for_a_given_seed(kind):
    def history(seed):
        g = Game(3, seed=5)
        bots = make_bots([kind] * 3, seed=seed)
        for _ in range(40):
            g.play(bots[g.current].choose(g))
        return [str(a) for a in g.history]

    assert history(1) == history(1)
    if kind != "greedy":  # greedy only breaks exact ties at random
        assert history(1) != history(2)


def test_a_bot_refuses_to_play_another_seat():
    g = Game(3, seed=1)
    for bot in (Random(seed=1), Greedy(seed=1), MCTS(iterations=5, seed=1), FlatMC(iterations=5, seed=1)):
        with pytest.raises(ValueError):
            bot.choose(g, (g.current + 1) % 3)


def test_bots_survive_pickling_and_spawn_reseeds():
    g = Game(4, seed=9)
    for bot in (Random(seed=4), Greedy(seed=4), MCTS(iterations=30, seed=4), FlatMC(iterations=30, seed=4)):
        twin = pickle.loads(pickle.dumps(bot))
        assert twin.choose(g) == bot.choose(g)
        a, b = bot.spawn(77), bot.spawn(77)
        assert a.seed == 77 and a.choose(g) == b.choose(g)
        assert type(a) is type(bot) and isinstance(a, Bot)


def test_budgets_are_checked():
    with pytest.raises(ValueError):
        MCTS(iterations=0)
    with pytest.raises(ValueError):
        FlatMC(seconds=-1)
    assert MCTS().iterations == 1000


def mid_game(n=4, seed=21, actions=90):
    g = Game(n, seed=seed)
    bots = make_bots(["greedy"] * n, seed=seed)
    for _ in range(actions):
        g.play(bots[g.current].choose(g), record=False)
    while len(g.legal_actions()) < 3:
        g.play(bots[g.current].choose(g), record=False)
    return g


def hidden_reordered(g, seed):
    """The same position with another deck order, bag order, discard order and RNG (X3)."""
    h = g.copy(history=False)
    rng = random.Random(seed)
    rng.shuffle(h.deck)
    rng.shuffle(h.bag)
    rng.shuffle(h.discard)
    h._rng = rng.getrandbits(64)
    assert h.deck != g.deck and h.bag != g.bag
    assert sorted(map(str, h.deck)) == sorted(map(str, g.deck))
    return h


@pytest.mark.parametrize("n", [2, 4])
def test_mcts_never_reads_the_order_of_the_deck_or_the_bag(n):
    g = mid_game(n=n, seed=30 + n)
    h = hidden_reordered(g, seed=1)
    r1 = MCTS(iterations=150, seed=8).search(g)
    r2 = MCTS(iterations=150, seed=8).search(h)
    assert r1.best == r2.best
    assert [(r["notation"], r["visits"], r["win"]) for r in r1.rows] == \
           [(r["notation"], r["visits"], r["win"]) for r in r2.rows]
    for make in (lambda: Greedy(seed=3), lambda: FlatMC(iterations=60, seed=3)):
        assert make().choose(g) == make().choose(h)


def test_determinizations_depend_on_public_knowledge_only():
    g = mid_game(n=3, seed=5, actions=40)
    h = hidden_reordered(g, seed=2)
    d1, d2 = determinize(g, random.Random(4)), determinize(h, random.Random(4))
    assert d1.deck == d2.deck and d1.bag == d2.bag and d1._rng == d2._rng and d1.discard == d2.discard
    assert sorted(map(str, d1.deck)) == sorted(map(str, g.deck))       # same cards, scoring cards too
    assert sorted(t.id for t in d1.bag) == sorted(t.id for t in g.bag)
    assert d1._rng != g._rng
    d1.check()
    assert g.deck == g.copy(history=False).deck  # the original is untouched


def _piles(cut):
    size, extra = divmod(cut, 5)
    starts = [0]
    for i in range(5):
        starts.append(starts[-1] + size + (i < extra))
    return starts


def _above(deck, k):
    """How many money cards lie above scoring card ``k`` in ``deck`` (the engine's list: top last)."""
    top_first = deck[::-1]
    at = next(i for i, c in enumerate(top_first) if type(c) is ScoringCard and int(c) == k)
    return sum(1 for c in top_first[:at] if type(c) is not ScoringCard)


def _mid_game(n, s):
    """A game of ``n`` players played by Random to a move from 0 to 119 (seeded by ``s``)."""
    g = Game(n, seed=s)
    bot = Random(seed=s)
    for _ in range(random.Random(s).randrange(0, 120)):
        if g.is_over:
            break
        g.play(bot.choose(g), record=False)
    return g


@pytest.mark.parametrize("cut_known", [True, False])
def test_scoring_cards_are_put_back_where_they_can_be(cut_known):
    """S6: the true place of a scoring card still in the deck lies in the range
    determinizations draw from, known from public facts only: with the deck's cut, S6's own
    pile; without it (a record saved before the cut was kept), the deal's size estimated (4.53
    cards a player) and the range widened by a card per two players at each end -- a few cards
    wider than the pile."""
    inside = total = 0
    for n in (2, 3, 4, 5, 6):
        for s in range(30):
            g = _mid_game(n, s)
            money = [c for c in g.deck if type(c) is not ScoringCard]
            left = sorted(int(c) for c in g.deck if type(c) is ScoringCard)
            starts = _piles(g.deck_cut)
            cut = g.deck_cut if cut_known else None
            for k, (lo, hi) in zip(left, scoring_card_ranges(n, len(money), left, cut)):
                pile = 1 if k == 1 else 3
                total += 1
                inside += lo <= _above(g.deck, k) <= hi
                assert 0 <= lo <= hi <= len(money)
                width = starts[pile + 1] - starts[pile]
                assert hi - lo <= width + (0 if cut_known else 2 * (1 + n // 2) + 2)
    assert total > 150 and inside == total


def test_a_resampled_deck_puts_the_scoring_cards_only_where_s6_can():
    """S6, for an undo at the table and the bots' samples: the cut of the deck is public (the
    deal is face up), so a resampled scoring card lies in its own pile, never a card outside;
    and every place of that pile is drawn."""
    for n in (2, 3, 5):
        g = Game(n, seed=12)
        starts = _piles(g.deck_cut)
        seen = {1: set(), 2: set()}
        rng = random.Random(n)
        for _ in range(400):
            d = g.copy(history=False)
            d.resample_hidden(rng, record=False)
            for k in (1, 2):
                seen[k].add(_above(d.deck, k))
        assert seen[1] <= set(range(starts[1], starts[2] + 1)) and len(seen[1]) >= starts[2] - starts[1]
        assert seen[2] <= set(range(starts[3], starts[4] + 1)) and len(seen[2]) >= starts[4] - starts[3]


@pytest.mark.parametrize("rounds_played", [0, 1])
def test_a_position_set_up_by_hand_cuts_its_deck_as_s6_does(rounds_played):
    """S6 for ``from_position``: the money cards left for the deck are cut into five piles there
    and then, the scoring cards still to come shuffled into piles 2 and 4; the cut is public, so
    the ranges the bots and an undo sample from are S6's own, and a resample keeps to them."""
    for n, hands in ((2, None), (4, [["dinar 5"], [], ["florin 9", "ducat 2"], []])):
        left = [k for k in (1, 2) if k > rounds_played]
        seen = {k: set() for k in left}
        for seed in range(60):
            g = Game.from_position(n, seed=seed, hands=hands, rounds_played=rounds_played)
            money = [c for c in g.deck if type(c) is not ScoringCard]
            assert g.deck_cut == len(money) and len(g.deck) == len(money) + len(left)
            starts = _piles(g.deck_cut)
            ranges = scoring_card_ranges(n, len(money), left, g.deck_cut)
            for k, (lo, hi) in zip(left, ranges):
                pile = 1 if k == 1 else 3
                assert (lo, hi) == (starts[pile], starts[pile + 1])
                assert lo <= _above(g.deck, k) <= hi
                seen[k].add(_above(g.deck, k))
            d = g.copy(history=False)
            d.resample_hidden(random.Random(seed), record=False)
            for k, (lo, hi) in zip(left, ranges):
                assert lo <= _above(d.deck, k) <= hi
        for k in left:   # (every place of the pile comes up in 60 deals, about)
            pile = 1 if k == 1 else 3
            assert len(seen[k]) >= (starts[pile + 1] - starts[pile]) // 2
    # by default no scoring round has been played: both scoring cards are still to come
    g = Game.from_position(3, seed=2)
    assert sorted(int(c) for c in g.deck if type(c) is ScoringCard) == [1, 2] and not g.rounds
    assert g.scores == [0, 0, 0] and g.turn == 1
    # a deck of 3 money cards: piles of 1, 1, 1, 0 and 0; scoring card 2 can only lie at the bottom
    deck = full_deck(2)
    g = Game.from_position(2, seed=1, hands=[deck[:33], deck[33:65]], rounds_played=rounds_played)
    assert g.deck_cut == 3 and _above(g.deck, 2) == 3
    assert scoring_card_ranges(2, 3, left, 3) == [(1, 2), (3, 3)][-len(left):]


def test_greedy_beats_random_clearly():
    """Greedy against three Random players, seats rotated: the baseline is 25%."""
    wins = 0
    games = 20
    for k in range(games):
        seat = k % 4
        bots = [Random(seed=1000 + 4 * k + i) for i in range(4)]
        bots[seat] = Greedy(seed=k)
        g = play_game(bots, seed=500 + k // 4)
        wins += seat in g.winners
    assert wins >= 0.7 * games, f"Greedy won only {wins} of {games}"


def test_the_evaluation_is_the_score_at_the_end_and_probabilities_are_probabilities():
    g = play_game([Greedy(seed=1), Random(seed=2), Random(seed=3)], seed=4)
    assert values(g) == [float(s) for s in g.scores]
    p = win_probabilities(g)
    assert sum(p) == pytest.approx(1.0) and all(x in (0.0, 1.0, 0.5, 1 / 3) for x in p)
    h = mid_game(n=5, seed=2, actions=50)
    assert all(0.0 <= x <= 1.0 for x in win_probabilities(h))
    assert len(values(h)) == 5


def test_search_results_describe_the_root():
    g = mid_game(n=3, seed=8, actions=30)
    r = MCTS(iterations=200, seed=1).search(g)
    legal = g.legal_actions()
    assert r.iterations == 200 and r.player == g.current
    assert sorted(map(str, legal)) == sorted(row["notation"] for row in r.rows)
    assert sum(row["visits"] for row in r.rows) == 200
    visits = [row["visits"] for row in r.rows]
    assert visits == sorted(visits, reverse=True) and r.best == r.rows[0]["action"]
    for row in r.rows:
        if row["visits"]:
            assert 0.0 <= row["win"] <= 1.0
    f = FlatMC(iterations=len(legal) * 3, seed=1).search(g)
    assert all(row["visits"] == 3 for row in f.rows)


def test_a_time_budget_is_kept():
    g = mid_game(n=4, seed=3, actions=60)
    r = MCTS(seconds=0.2, seed=1).search(g)
    assert r.seconds < 0.6 and r.iterations >= 10


# ------------------------------------------------------ the learned evaluation

def test_the_learned_evaluation_gives_probabilities_exact_at_the_end():
    from alhambra_widget.bots.learned import default_model, evaluate
    model = default_model()
    assert model.players() == [2, 3, 4, 5, 6]
    for n in (2, 3, 4, 5, 6):
        g = mid_game(n=n, seed=n, actions=40)
        p, m = evaluate(g)
        assert len(p) == len(m) == n
        assert sum(p) == pytest.approx(1.0) and all(0.0 < x < 1.0 for x in p)
        # the leader by expected score has a positive margin, every other a negative one
        assert sum(1 for x in m if x > 0) <= 1
    g = play_game([Greedy(seed=1), Random(seed=2)], seed=4)
    p, m = evaluate(g)
    assert p == [1.0 / len(g.winners) if i in g.winners else 0.0 for i in range(2)]
    assert max(m) == abs(g.scores[0] - g.scores[1]) or g.scores[0] == g.scores[1]


def test_the_learned_evaluation_reads_public_knowledge_only():
    from alhambra_widget.bots.features import features
    from alhambra_widget.bots.learned import evaluate
    g = mid_game(n=4, seed=6, actions=50)
    h = g.copy(history=False)
    h.resample_hidden(random.Random(1), record=False)   # another order of the deck and the bag
    assert h.deck != g.deck or h.bag != g.bag or h._rng != g._rng
    assert features(h) == features(g) and evaluate(h) == evaluate(g)


def test_the_weights_file_is_checked():
    import json
    from alhambra_widget.bots.learned import WEIGHTS_FILE, Model
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert data["fit"]["seed"] and data["fit"]["script"] == "scripts/fit_evaluation.py"
    Model(data)
    for broken in ({**data, "version": 2}, {**data, "features": data["features"][:-1]}):
        with pytest.raises(ValueError):
            Model(broken)


def test_mcts_takes_either_evaluation_and_checks_it():
    g = mid_game(n=2, seed=5, actions=20)
    for ev in ("learned", "hand"):
        assert MCTS(iterations=30, seed=1, evaluation=ev).choose(g) in g.legal_actions()
    assert MCTS(iterations=30, seed=1, rollout="round").choose(g) in g.legal_actions()
    with pytest.raises(ValueError, match=r'^evaluation is "hand", "learned" or a learned\.Model$'):
        MCTS(evaluation="oracle")
    with pytest.raises(ValueError, match='^rollout is "turn" or "round"$'):
        MCTS(rollout="forever")


def test_a_searchers_budget_and_seed_are_named():
    # Random(5) and Greedy(5) take a seed; MCTS(5) would have searched 5 iterations a move
    for cls in (MCTS, FlatMC):
        with pytest.raises(TypeError, match="positional"):
            cls(5)
        bot = cls(iterations=5, seed=7)
        assert (bot.iterations, bot.seed) == (5, 7)


def test_a_focus_action_gets_a_quarter_of_the_search_and_every_seat_a_probability():
    g = mid_game(n=3, seed=8, actions=30)
    legal = g.legal_actions()
    r0 = MCTS(iterations=200, seed=1).search(g)
    worst = r0.rows[-1]["action"]
    r = MCTS(iterations=200, seed=1).search(g, focus=worst)
    row = next(x for x in r.rows if x["action"] == worst)
    assert row["visits"] >= 50
    assert sorted(map(str, legal)) == sorted(x["notation"] for x in r.rows)
    for x in r.rows:
        if x["visits"]:
            assert len(x["wins"]) == 3 and sum(x["wins"]) == pytest.approx(1.0)
            assert x["wins"][g.current] == pytest.approx(x["win"])


def test_the_fitting_script_is_reproducible_from_its_seed(tmp_path):
    pytest.importorskip("numpy")
    import importlib.util
    from pathlib import Path
    from alhambra_widget.bots.learned import Model
    path = Path(__file__).resolve().parents[1] / "scripts" / "fit_evaluation.py"
    spec = importlib.util.spec_from_file_location("fit_evaluation", path)
    fit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit)
    outs = []
    for k in range(2):
        out = tmp_path / f"w{k}.json"
        fit.main(["--games", "8", "--players", "2", "--passes", "2", "--seed", "3", "--keep", "0.5",
                  "--out", str(out)])
        outs.append(out.read_text())
    assert outs[0] == outs[1]
    import json
    assert Model(json.loads(outs[0])).players() == [2]


def test_a_searcher_stops_redesigning_after_four_in_a_row():
    # two searchers that see nothing to gain could otherwise move tiles
    # between Alhambra and reserve forever: after four redesigns the bot
    # takes money or buys
    g = Game(2, seed=11)
    for _ in range(400):
        if any(a.kind == "redesign" for a in g.legal_actions()) and g.phase == "action":
            break
        g.play(Greedy(seed=1).choose(g))
    kinds = {a.kind for a in g.legal_actions()}
    assert "redesign" in kinds and kinds & {"take", "buy"}
    bot = MCTS(iterations=20, seed=3)
    bot._redesigns = MCTS.MAX_REDESIGNS
    assert bot.choose(g).kind in ("take", "buy")
    assert bot.spawn(4)._redesigns == 0
    # a redesign counts; taking money or buying resets the count
    red = next(a for a in g.legal_actions() if a.kind == "redesign")
    take = next(a for a in g.legal_actions() if a.kind in ("take", "buy"))
    fresh = MCTS(iterations=20, seed=3)
    fresh.search = lambda game, actions: type("R", (), {"best": red})()
    assert fresh.choose(g) is red and fresh._redesigns == 1
    fresh.search = lambda game, actions: type("R", (), {"best": take})()
    assert fresh.choose(g) is take and fresh._redesigns == 0
    # the fourth in a row is still allowed, the fifth is not
    fresh.search = lambda game, actions: type("R", (), {"best": red if red in actions else take})()
    assert [fresh.choose(g).kind for _ in range(MCTS.MAX_REDESIGNS + 1)] == ["redesign"] * MCTS.MAX_REDESIGNS + [take.kind]


@pytest.mark.parametrize("knob, tuned, other", [
    ("exploration", {2: 0.3, 4: 0.5}, {2: 0.5, 4: 0.3}),
    ("widening", {2: 1.0, 4: 0.5}, {2: 0.5, 4: 1.0}),
])
def test_the_default_search_knobs_are_tuned_per_player_count(knob, tuned, other):
    # exploration 0.3 with two players and 0.5 with more, widening 1.0 and 0.5:
    # the default searches exactly as those do, and not as the other value
    for n in (2, 4):
        g = Game(n, seed=8)
        for _ in range(6):
            g.play(Greedy(seed=2).choose(g))
        rows = lambda bot: [(r["notation"], r["visits"]) for r in bot.search(g).rows]  # noqa: E731
        default = rows(MCTS(iterations=300, seed=4))
        assert default == rows(MCTS(iterations=300, seed=4, **{knob: tuned[n]}))
        assert default != rows(MCTS(iterations=300, seed=4, **{knob: other[n]}))


def test_a_bot_set_up_without_bot_init_still_shows_itself():
    """A user's bot whose ``__init__`` does not call ``Bot.__init__``: its repr (in a cell, in an
    error's note) works rather than failing with AttributeError."""
    class Mine(Bot):
        def __init__(self, depth):
            self.depth = depth

    assert repr(Mine(2)) == "Mine(seed=None)" and Mine(2).label == "Mine"


def test_a_search_ends_when_told_to_stop():
    """``stop`` is asked every 16 iterations; the search ends, with what it found, the first
    time it says so (a background search nobody waits for)."""
    import itertools

    g = Game(3, seed=5)
    asked = itertools.count(1)
    result = MCTS(seed=1).search(g, iterations=10**9, stop=lambda: next(asked) >= 4)
    assert result.iterations == 64 and result.best in g.legal_actions()
    flat = FlatMC(seed=1).search(g, iterations=10**9, stop=lambda: True)
    assert flat.iterations == 16


def test_a_searcher_shows_its_settings():
    """A searcher's repr names its budget and what differs from the default (in a cell, in a
    tournament table's note, in an error's): enough to make the same bot again."""
    assert repr(MCTS(iterations=50, seed=1)) == "MCTS(iterations=50, seed=1)"
    assert repr(MCTS(seconds=0.5, seed=2)) == "MCTS(seconds=0.5, seed=2)"
    assert repr(MCTS(iterations=20, evaluation="hand", seed=None)) == "MCTS(iterations=20, evaluation='hand', seed=None)"
    assert repr(FlatMC(iterations=30, seed=3)) == "FlatMC(iterations=30, seed=3)"
    assert repr(FlatMC(iterations=30, seconds=2, seed=3)) == "FlatMC(iterations=30, seconds=2, seed=3)"
    for text in ("MCTS(iterations=50, seed=1)", "FlatMC(iterations=30, seed=3)"):
        again = eval(text, {"MCTS": MCTS, "FlatMC": FlatMC})
        assert repr(again) == text


def test_flat_monte_carlo_plays_each_try_out(monkeypatch):
    """Every iteration of FlatMC plays its action and then a random playout from there (not the
    bare position after the action), unless that action ended the game."""
    from alhambra_widget.bots import mcts
    played = []
    real = mcts.random_playout

    def counted(d, *args, **kwargs):
        before = len(d.legal_actions()), d.turn
        real(d, *args, **kwargs)
        played.append((before, d.turn))

    monkeypatch.setattr(mcts, "random_playout", counted)
    g = Game(3, seed=6)
    res = FlatMC(iterations=24, seed=1).search(g)
    assert len(played) == 24 == sum(r["visits"] for r in res.rows)
    assert all(after > turn for (_, turn), after in played)   # each playout went on to later turns


def test_the_search_reward_is_mostly_the_win_chance_partly_the_margin():
    """MCTS's reward in [0, 1]: a sure win by a wide margin 1, a sure loss by one 0; more
    win chance or more margin never less reward, the margin's part bounded (0.3 by default)."""
    from alhambra_widget.bots.mcts import _reward
    assert _reward(1.0, 1000, 40) == 1.0 and _reward(0.0, -1000, 40) == 0.0
    assert _reward(0.5, 0, 40) == pytest.approx(0.5)
    assert _reward(0.0, 20, 40) == pytest.approx(0.3 * 0.75) and _reward(1.0, -20, 40) == pytest.approx(0.7 + 0.3 * 0.25)
    grid = [(p / 10, m) for p in range(11) for m in range(-100, 101, 10)]
    for p, m in grid:
        r = _reward(p, m, 40)
        assert 0.0 <= r <= 1.0
        assert _reward(min(p + 0.1, 1.0), m, 40) >= r and _reward(p, m + 10, 40) >= r
        assert abs(r - p) <= 0.3 + 1e-12


@pytest.mark.parametrize("rollout", ["turn", "round"])
def test_playouts_end_where_the_rollout_setting_says(monkeypatch, rollout):
    """rollout="turn" (the default): a playout ends when the searcher is about to start a turn
    again (or a scoring round was played); "round": only at the next scoring round or the end."""
    from alhambra_widget.bots import mcts
    ends = []
    real = mcts.playout

    def watched(d, *args, **kwargs):
        rounds = len(d.rounds)
        real(d, *args, **kwargs)
        ends.append((len(d.rounds) > rounds or d.is_over, d.current, d.phase))

    monkeypatch.setattr(mcts, "playout", watched)
    g = mid_game(n=3, seed=5, actions=12)
    me = g.current
    MCTS(iterations=40, seed=1, rollout=rollout).search(g)
    assert len(ends) > 20
    if rollout == "round":
        assert all(scored for scored, _, _ in ends)
    else:
        early = [(cur, phase) for scored, cur, phase in ends if not scored]
        assert early and all(cur == me and phase == "action" for cur, phase in early)


def test_a_time_budget_too_short_for_anything_still_searches_once():
    """However short the time, one iteration runs, so a searcher always has a move found by
    search (and a budget of iterations is kept exactly)."""
    g = mid_game(n=2, seed=5, actions=20)
    for cls in (MCTS, FlatMC):
        res = cls(seconds=1e-9, seed=1).search(g)
        assert res.iterations == 1 and sum(r["visits"] for r in res.rows) >= 1
        assert cls(iterations=7, seed=1).search(g).iterations == 7


def test_flat_monte_carlo_searches_the_budget_and_the_actions_it_is_given():
    """FlatMC's search, like MCTS's, takes ``iterations``, ``seconds`` and ``actions`` over the
    bot's own budget and the legal actions; its rows are the actions by mean estimated win
    probability, the best first."""
    g = mid_game(n=2, seed=5, actions=20)
    legal = g.legal_actions()
    bot = FlatMC(iterations=1, seed=1)
    r = bot.search(g, iterations=2 * len(legal))
    assert r.iterations == 2 * len(legal) and all(row["visits"] == 2 for row in r.rows)
    wins = [row["win"] for row in r.rows]
    assert all(0.0 <= w <= 1.0 for w in wins) and wins == sorted(wins, reverse=True)
    assert r.best == r.rows[0]["action"]
    assert bot.search(g, seconds=0.2).iterations > 1
    some = legal[:2]
    r = bot.search(g, iterations=4, actions=some)
    assert sorted(row["notation"] for row in r.rows) == sorted(map(str, some))


def test_flat_monte_carlo_reports_the_means_of_its_evaluations():
    """Each row's ``win`` and ``margin`` are the means over its visits of the evaluation of the
    player to move (here a stand-in evaluation that says the same every time); the rows carry
    the documented keys (``greedy`` None: FlatMC looks nothing ahead), and the result the time
    spent."""
    g = Game(3, seed=6)
    me = g.current
    legal = g.legal_actions()
    bot = FlatMC(iterations=len(legal) + 1, seed=1)   # one action visited twice, the others once
    probs = [0.1 + 0.2 * s for s in range(3)]
    marg = [-5.0 + 4.0 * s for s in range(3)]
    bot._leaf = lambda d: (probs, marg)
    r = bot.search(g)
    assert sorted(row["visits"] for row in r.rows) == [1] * (len(legal) - 1) + [2]
    for row in r.rows:
        assert set(row) == {"action", "notation", "kind", "visits", "win", "margin", "greedy"}
        assert row["win"] == pytest.approx(probs[me]) and row["margin"] == pytest.approx(marg[me])
        assert row["greedy"] is None
    assert isinstance(r.seconds, float) and 0.0 <= r.seconds < 5.0
    assert repr(r).startswith(f"<SearchResult {len(legal) + 1} iterations in ")


def test_a_fixed_playout_length_is_kept_by_both_searchers(monkeypatch):
    """``rollout_turns``: every playout of MCTS and of FlatMC ends after that many turns (unless
    a scoring round or the end came first), not where the searcher is to move again."""
    from alhambra_widget.bots import mcts
    lengths = []

    def watch(real):
        def watched(d, *args, **kwargs):
            turn, rounds = d.turn, len(d.rounds)
            real(d, *args, **kwargs)
            if len(d.rounds) == rounds and not d.is_over:
                lengths.append(d.turn - turn)
        return watched

    monkeypatch.setattr(mcts, "playout", watch(mcts.playout))
    monkeypatch.setattr(mcts, "random_playout", watch(mcts.random_playout))
    g = mid_game(n=4, seed=3, actions=60)
    for cls in (MCTS, FlatMC):
        lengths.clear()
        cls(iterations=30, seed=1, rollout_turns=1).search(g)
        assert len(lengths) > 10 and set(lengths) == {1}, cls.__name__


def test_the_root_admits_its_actions_best_looking_first():
    """Progressive widening at the root admits the actions in the order of the one-step
    look-ahead (the rows' ``greedy``), not in the order the game lists them: two iterations
    visit the two best-looking actions, with either evaluation."""
    g = mid_game(n=4, seed=3, actions=60)
    assert len(g.legal_actions()) > 3
    for evaluation in ("learned", "hand"):
        r = MCTS(iterations=2, seed=1, evaluation=evaluation).search(g)
        top = sorted((row["greedy"] for row in r.rows), reverse=True)[:2]
        assert sorted((row["greedy"] for row in r.rows if row["visits"]), reverse=True) == top
        assert all(row["visits"] == 1 for row in r.rows if row["greedy"] in top)


@pytest.mark.parametrize("evaluation, knob, documented, other", [
    ("hand", "prior_temperature", 2.0, 0.5),
    ("learned", "prior_temperature", 0.05, 0.5),
    ("learned", "prior_weight", 0.5, 3.0),
    ("learned", "epsilon", 0.1, 0.6),
    ("learned", "margin_scale", 40.0, 5.0),
    ("learned", "margin_share", 0.3, 0.8),
])
def test_the_documented_search_knobs_have_their_documented_defaults(evaluation, knob, documented, other):
    """Each knob of MCTS's doc: the default searches exactly as its documented value does, and
    another value searches otherwise (the knob reaches the search)."""
    g = Game(2, seed=8)
    for _ in range(6):
        g.play(Greedy(seed=2).choose(g))
    rows = lambda bot: [(r["notation"], r["visits"]) for r in bot.search(g).rows]  # noqa: E731
    default = rows(MCTS(iterations=150, seed=4, evaluation=evaluation))
    assert default == rows(MCTS(iterations=150, seed=4, evaluation=evaluation, **{knob: documented}))
    assert default != rows(MCTS(iterations=150, seed=4, evaluation=evaluation, **{knob: other}))


def _positions_along(n, seed, every=9):
    """Positions of a game between Greedy bots, every few actions, up to its end."""
    g = Game(n, seed=seed)
    bots = [Greedy(seed=seed + i) for i in range(n)]
    out = []
    while not g.is_over:
        if len(out) * every <= g.turn * 3 or g.extra:   # (spread over the whole game; every extra action)
            out.append(g.copy(history=False))
        g.play(bots[g.current].choose(g), record=False)
    return out


def _counted_as_placed(g):
    """Per player the building counts and the reserve's size with the tiles bought and still to
    place counted where they fit, else in the reserve (as the evaluations count them); and the
    entries of a scoring round (Dirk's too with 2 players)."""
    counts = [list(p.alhambra.counts()) for p in g.players]
    reserves = [len(p.reserve) for p in g.players]
    for i, t in g.pending:
        if g.players[i].alhambra.legal_spots(t):
            counts[i][BUILDINGS.index(t.building)] += 1
        else:
            reserves[i] += 1
    return counts, reserves, counts + [list(g.dirk_counts())] if g.n == 2 else counts


def _progress(g):
    """How far the game is, as the evaluation's weights read it: 0 at the start (50 tiles in
    the bag once the market is dealt), 1 when the bag is empty."""
    return min(1.0, max(0.0, 1.0 - len(g.bag) / 50))


def _exact(vals, price):
    """Can some of the card values ``vals`` pay ``price`` exactly (T2a)?"""
    return any(sum(s) == price for k in range(1, len(vals) + 1) for s in combinations(vals, k))


def _affordable(g, p):
    """The market tiles ``p``'s cards of each slot's currency pay for, and those they pay exactly."""
    afford = exact = 0
    for slot, t in enumerate(g.market):
        vals = [c.value for c in p.hand if c.currency == CURRENCIES[slot]]
        if t is not None and sum(vals) >= t.price:
            afford += 1
            exact += _exact(vals, t.price)
    return afford, exact


_ZERO = dict(round_weight=(0.0, 0.0, 0.0), tile=0.0, reserve_tile=0.0, money_early=0.0, money_late=0.0,
             affordable=0.0, exact=0.0, extra_action=0.0, spots_early=0.0, spots_late=0.0)


@pytest.mark.parametrize("n,seed", [(2, 4), (4, 9)])
def test_the_hand_evaluation_is_the_sum_of_its_documented_terms(n, seed):
    """Each term of the module's list, alone (every other weight 0), is what its description
    says, worked out here from the position: the score; the majorities of the rounds to come
    (the engine's round_points, Dirk ranked with 2) plus the longest wall, later rounds weighted
    less; per building tile; per reserve tile; money, worth less as the bag empties; what the
    purse of each slot's currency affords, and exactly; the extra action; the share of tiles to
    come that fit a free spot."""
    from alhambra_widget.bots.evaluation import Weights, values
    from alhambra_widget.engine.scoring import round_points

    def only(**w):
        return values(g, Weights(**{**_ZERO, **w}))

    checked = extra_seen = 0
    for g in _positions_along(n, seed):
        if g.phase != "action":
            continue
        scores = [float(p.score) for p in g.players]
        todo = [r for r in (1, 2, 3) if r > len(g.rounds)]
        prog = _progress(g)
        counts, reserves, entries = _counted_as_placed(g)
        extra_seen += bool(g.extra)
        plus = lambda extra: [s + e for s, e in zip(scores, extra)]   # noqa: E731
        assert values(g, Weights(**_ZERO)) == scores
        rw = (1.0, 0.5, 0.25)
        majorities = [sum(rw[k] * sum(round_points(entries, r)[i]) for k, r in enumerate(todo)) for i in range(n)]
        walls = [sum(rw[:len(todo)]) * p.alhambra.longest_wall() for p in g.players]
        assert only(round_weight=rw) == pytest.approx(plus([m + w for m, w in zip(majorities, walls)]))
        assert only(round_weight=rw, tile=2.0) == pytest.approx(
            plus([m + w + sum(rw[:len(todo)]) * 2.0 * sum(c) for m, w, c in zip(majorities, walls, counts)]))
        assert only(reserve_tile=3.0) == pytest.approx(plus([3.0 * r for r in reserves]))
        money = [sum(c.value for c in p.hand) for p in g.players]
        assert only(money_early=2.0, money_late=0.5) == pytest.approx(
            plus([(2.0 + (0.5 - 2.0) * prog) * m for m in money]))
        afford, exact = zip(*(_affordable(g, p) for p in g.players))
        assert only(affordable=1.0) == pytest.approx(plus(afford))
        assert only(exact=1.0) == pytest.approx(plus(exact))
        assert only(extra_action=5.0) == pytest.approx(
            plus([5.0 if i == g.current and g.extra else 0.0 for i in range(n)]))
        coming = [t for t in [*g.bag, *g.market] if t is not None]
        fit = [sum(1 for t in coming if p.alhambra.legal_spots(t)) / len(coming) for p in g.players]
        assert only(spots_early=4.0, spots_late=1.0) == pytest.approx(
            plus([(4.0 + (1.0 - 4.0) * prog) * f for f in fit]))
        checked += 1
    assert checked >= 10 and extra_seen


def test_weights_take_only_the_evaluation_s_own_names():
    from alhambra_widget.bots.evaluation import Weights
    assert Weights(tile=1.5).tile == 1.5 and Weights().tile == 1.0
    for bad in ("tiles", "_round_totals", "__init__"):
        with pytest.raises(TypeError, match=f"no evaluation weight '{bad}'"):
            Weights(**{bad: 1.0})


def test_weights_show_what_they_change():
    """A Weights' repr (in a cell) names the weights changed from the defaults, and makes the
    same weights again."""
    from alhambra_widget.bots.evaluation import Weights
    assert repr(Weights()) == "Weights()"
    w = Weights(tile=1.5, round_weight=(1.0, 0.5, 0.25))
    assert repr(w) == "Weights(tile=1.5, round_weight=(1.0, 0.5, 0.25))"
    again = eval(repr(w), {"Weights": Weights})
    assert (again.tile, again.round_weight, again.exact) == (1.5, (1.0, 0.5, 0.25), Weights.exact)


def test_a_tile_has_a_spot_exactly_where_the_engine_lists_one():
    """``has_spot`` (the public helper the rollouts and the features read) agrees with
    ``Alhambra.legal_spots`` for every tile not yet in an Alhambra, through whole games."""
    from alhambra_widget.bots.evaluation import has_spot
    from alhambra_widget.engine.tiles import TILES
    checked = with_spot = 0
    for g in _positions_along(3, seed=12, every=15):
        for p in g.players:
            a = p.alhambra
            for t in TILES:
                if not a.has_tile(t.id):
                    assert has_spot(a, t) == bool(a.legal_spots(t)), (t, str(a))
                    checked += 1
                    with_spot += has_spot(a, t)
    assert 0 < with_spot < checked


def test_win_probabilities_read_the_weights_they_are_given():
    """``win_probabilities(g, w=...)`` without values works them out with those weights, not the
    default ones."""
    from alhambra_widget.bots.evaluation import Weights
    g = mid_game(n=3, seed=8, actions=30)
    w = Weights(money_early=3.0, money_late=3.0, reserve_tile=-2.0)
    assert values(g, w) != values(g)
    assert win_probabilities(g, w=w) == win_probabilities(g, values(g, w))
    assert win_probabilities(g, w=w) != win_probabilities(g)


def test_win_probabilities_favour_the_leader_and_are_flatter_early():
    """A logistic function of each player's margin over the best other: the leader above one
    half, the others below, each in order of value; the same margins weigh less early in the
    game (more can happen) than late."""
    from alhambra_widget.bots.evaluation import margins, progress, values, win_probabilities
    seen_early = seen_late = False
    for g in _positions_along(3, 7):
        if g.is_over:
            continue
        vals = values(g)
        probs = win_probabilities(g, vals)
        leader = max(range(3), key=vals.__getitem__)
        if sorted(vals)[-1] > sorted(vals)[-2]:
            assert probs[leader] > 0.5 and all(p < 0.5 for i, p in enumerate(probs) if i != leader)
        for i in range(3):
            for j in range(3):
                if vals[i] > vals[j]:
                    assert probs[i] > probs[j]
        m = max(abs(x) for x in margins(vals))
        if m > 1:
            p = max(abs(x - 0.5) for x in probs)
            if progress(g) < 0.2:
                seen_early = True
                assert p < 1 / (1 + math.exp(-m / 20)) - 0.5 + 1e-9   # (its scale 24 at the start, 6 at the end)
            if progress(g) > 0.9:
                seen_late = True
                assert p > 1 / (1 + math.exp(-m / 8)) - 0.5 - 1e-9
    assert seen_early and seen_late


def _features_by_the_book(g):
    """The learned evaluation's features written out plainly from their descriptions (module
    doc of bots.features and its NAMES), with the engine's own scoring: the reference the fast
    version is compared with."""
    from alhambra_widget.engine.scoring import POINTS, round_points
    n = g.n
    todo = [r for r in (1, 2, 3) if r > len(g.rounds)]
    counts, reserves, entries = _counted_as_placed(g)

    def gain(i, b):   # majority points i gains over the rounds to come with one more tile of b
        more = [list(e) for e in entries]
        more[i][b] += 1
        return sum(round_points(more, r)[i][b] - round_points(entries, r)[i][b] for r in todo)

    coming = [t for t in [*g.bag, *g.market] if t is not None]
    rows = []
    for i, p in enumerate(g.players):
        a = p.alhambra
        purse = {c: [x.value for x in p.hand if x.currency == c] for c in CURRENCIES}
        afford, exact = _affordable(g, p)
        best = 0.0
        for slot, t in enumerate(g.market):
            if t is not None and sum(purse[CURRENCIES[slot]]) >= t.price and todo and a.legal_spots(t):
                best = max(best, gain(i, BUILDINGS.index(t.building)))
        lead = {"lead1": 0.0, "lead2": 0.0, "tied": 0.0, "behind1": 0.0}
        for b in range(6):
            mine = entries[i][b]
            margin = mine - max(e[b] for k, e in enumerate(entries) if k != i)
            worth = POINTS[3][b][0] / 10
            if mine > 0 and margin >= 2:
                lead["lead2"] += worth
            elif mine > 0 and margin in (0, 1):
                lead["tied" if margin == 0 else "lead1"] += worth
            if margin == -1:
                lead["behind1"] += worth
        most = 0
        for k, c in enumerate(CURRENCIES):
            mine = sum(purse[c])
            others = [sum(x.value for x in q.hand if x.currency == c) for j, q in enumerate(g.players) if j != i]
            most += g.market[k] is not None and mine > 0 and mine > max(others)
        potential = sum(sum(1 for t in coming if t.building == BUILDINGS[b]) / len(coming) * gain(i, b)
                        for b in range(6)) if todo else 0.0
        row = {
            "score": p.score, "wall": a.longest_wall(), "tiles": sum(counts[i]), "reserve": reserves[i],
            "money": sum(x.value for x in p.hand), "cards": len(p.hand), "afford": afford, "exact": exact,
            "best_buy": best, "extra": float(g.phase == "action" and bool(g.extra) and i == g.current),
            "spots": sum(1 for t in coming if a.legal_spots(t)) / len(coming),
            "most_money": most, "potential": potential, **lead,
        }
        for r in (1, 2, 3):
            row[f"round{r}"] = sum(round_points(entries, r)[i]) if r in todo else 0.0
        for d in range(1, n):
            row[f"seat+{d}"] = float((i - g.current) % n == d)
        rows.append(row)
    return rows


@pytest.mark.parametrize("n,seed", [(2, 11), (3, 12), (5, 13)])
def test_the_learned_evaluation_s_features_are_what_their_names_say(n, seed):
    """The fast feature code (what the fitted weights were fitted on, and what every playout's
    evaluation reads) gives, feature by feature, what the reference written from the
    descriptions gives, all through games of 2, 3 and 5 players."""
    from alhambra_widget.bots.features import features, names_for
    checked = 0
    for g in _positions_along(n, seed, every=4):
        if g.is_over:
            continue
        names = names_for(n)
        for got, want in zip(features(g), _features_by_the_book(g)):
            assert dict(zip(names, got)) == pytest.approx(want), {k: (v, want[k]) for k, v in zip(names, got) if v != pytest.approx(want[k])}
        checked += 1
    assert checked > 20


class _Zero:
    """A random source that always says 0 (the policy's tie-breaking noise left out)."""

    def random(self):
        return 0.0


@pytest.mark.parametrize("n,seed", [(2, 21), (4, 22)])
def test_the_playout_policy_prices_moves_by_the_evaluation_s_terms(n, seed):
    """The playout policy (bots.rollout): a take is worth its money at the evaluation's money
    weight for the stage of the game; a buy the tile's majority points for each round to come
    (tiles bought this turn counted as placed) plus its worth as a placed tile -- or a reserve
    tile's where it fits nowhere -- less the money paid, plus the extra action of an exact
    payment. A placement scores a new external wall side 1, a tile touched 0.4 (less 1 for a
    wall of the new tile turned inward), the reserve -3, Dirk -4. ranked_actions lists by
    these prices, declining the extra action below every take and buy, redesigns last; with the
    redesigns' random tie-breaking, declining stays above them while the cheapest take or buy is
    worth a point or less, and below them from two points on."""
    from alhambra_widget.bots import rollout
    from alhambra_widget.bots.evaluation import DEFAULT as w
    from alhambra_widget.engine.scoring import round_points
    seen = set()
    for g in _positions_along(n, seed, every=2):
        if g.is_over:
            continue
        me = g.current
        if g.phase == "place":
            a = g.players[me].alhambra
            want = []
            for act in g.legal_actions("place"):   # (every kind of the placement phase)
                if act.verb == "place":
                    t, (x, y) = BY_ID[act.tile_id], act.pos
                    s = 0.0
                    for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
                        if a[(x + dx, y + dy)] is not None:
                            s += 0.4 - (1.0 if t.mask >> d & 1 else 0.0)
                        elif t.mask >> d & 1:
                            s += 1.0
                else:
                    s = -3.0 if act.verb == "reserve" else -4.0
                want.append((act, s))
            got = rollout._place_scores(g, _Zero())
            assert [act for _, act in got] == [act for act, _ in want]
            assert dict((act, s) for s, act in got) == pytest.approx(dict(want))
            seen.add("place")
            continue
        prog = _progress(g)
        money_w = w.money_early + (w.money_late - w.money_early) * prog
        todo = [r for r in (1, 2, 3) if r > len(g.rounds)]
        entries = _counted_as_placed(g)[2]
        want = {}
        for act in g.legal_actions("take"):
            want[act] = money_w * sum(c.value for c in act.cards)
        for act in g.legal_actions("buy"):
            t = g.market[act.slot - 1]
            if g.players[me].alhambra.legal_spots(t):
                b = BUILDINGS.index(t.building)
                more = [list(e) for e in entries]
                more[me][b] += 1
                worth = sum(w.round_weight[:len(todo)]) * w.tile + sum(
                    wt * (round_points(more, r)[me][b] - round_points(entries, r)[me][b])
                    for wt, r in zip(w.round_weight, todo))
            else:
                worth = w.reserve_tile
            paid = sum(c.value for c in act.cards)
            want[act] = worth - money_w * paid + (w.extra_action if paid == t.price else 0.0)
            seen.add("exact" if paid == t.price else "buy")
        got = dict((act, s) for s, act in rollout._money_scores(g, me))
        assert got == pytest.approx(want)
        ranked = rollout.ranked_actions(g, _Zero())
        assert sorted(ranked, key=str) == sorted(g.legal_actions(), key=str)
        priced = [a for a in ranked if a in want]
        assert [want[a] for a in priced] == sorted(want.values(), reverse=True)
        rest = ranked[len(priced):]
        assert sorted(rest, key=str) == sorted([a for a in g.legal_actions() if a.kind in ("redesign", "end")], key=str)
        if g.extra and priced:
            redesigns = [a for a in rest if a.kind == "redesign"]
            low = min(want.values())
            assert rest == (redesigns + [rest[-1]] if low > 1 else [rest[0]] + redesigns)
            seen.add("extra")
            if redesigns and (low <= 1 or low >= 2):   # (the redesigns' tie-breaking noise is below 1)
                noisy = rollout.ranked_actions(g, random.Random(len(seen)))[len(priced):]
                assert noisy.index(rest[-1] if low > 1 else rest[0]) == (len(rest) - 1 if low > 1 else 0)
                seen.add("redesign low" if low <= 1 else "redesign high")
    assert {"place", "buy", "exact", "extra", "redesign low"} <= seen


def test_the_playout_policy_s_random_moves_are_takes_and_buys():
    """With probability epsilon the policy plays a random take or buy -- never a random redesign,
    which would wreck an Alhambra -- and all of them come up."""
    from alhambra_widget.bots.rollout import policy_action
    g = mid_game(n=3, seed=8, actions=30)
    while g.phase != "action" or not {"take", "buy", "redesign"} <= set(g.legal_kinds()):
        g.play(Greedy(seed=1).choose(g), record=False)
    rng = random.Random(3)
    played = [policy_action(g, rng, epsilon=1.0) for _ in range(300)]
    assert {a.kind for a in played} == {"take", "buy"}
    assert len(set(played)) > 5
    assert all(g.is_legal(a) for a in played)


class _Half:
    """A random source that always says 0.5."""

    def random(self):
        return 0.5


def test_the_playout_policy_plays_its_best_priced_action_unless_it_explores():
    """With epsilon 0 the policy never explores (not even when the random source says 0): it
    plays a take or buy of the highest price, or a spot of the highest placement price, and
    ranked_actions lists the placements by that price. The default epsilon is 0.1: a random
    draw of 0.5 does not explore. The tie-breaking noise of a placement is below 0.05."""
    from alhambra_widget.bots import rollout
    g, seen = Game(3, seed=31), set()
    bots = [Greedy(seed=31 + i) for i in range(3)]
    while not g.is_over:
        if g.phase == "place" or g.turn % 4 == 0:
            for rng, act in ((_Zero(), rollout.policy_action(g, _Zero(), 0.0)),
                             (_Half(), rollout.policy_action(g, _Half(), 0.0)),
                             (_Half(), rollout.policy_action(g, _Half()))):
                if g.phase == "place":
                    scores = dict((a, s) for s, a in rollout._place_scores(g, rng))
                else:
                    scores = dict((a, s) for s, a in rollout._money_scores(g, g.current))
                if scores:
                    assert scores[act] == max(scores.values()), (g.phase, act)
                    seen.add(g.phase)
        if g.phase == "place":
            exact = dict((a, s) for s, a in rollout._place_scores(g, _Zero()))
            noisy = dict((a, s) for s, a in rollout._place_scores(g, random.Random(g.turn)))
            assert all(0.0 <= noisy[a] - exact[a] < 0.05 for a in exact)
            spots = [a for a in exact if a.verb == "place"]
            assert len({round(noisy[a] - exact[a], 12) for a in spots}) == len(spots)
            ranked = rollout.ranked_actions(g, _Zero())
            assert sorted(ranked, key=str) == sorted(exact, key=str)
            assert all(exact[a] >= exact[b] for a, b in zip(ranked, ranked[1:]))
        g.play(bots[g.current].choose(g), record=False)
    assert seen == {"place", "action"}


def test_the_playout_policy_copes_without_a_take_or_a_buy():
    """With no money to take and none to pay with, the policy and ranked_actions still play:
    the only redesign there is, or a pass when nothing at all can be done (T6, X4)."""
    from alhambra_widget import Pass
    from alhambra_widget.bots.rollout import policy_action, ranked_actions
    from conftest import arrange_money, arrange_tiles
    g = Game(["A", "B", "C"], seed=6, start_player=0)
    arrange_tiles(g, alhambras={0: {(1, 0): 7}})
    arrange_money(g, hands={0: []}, money=[], rest=("hand", 1))
    only = g.legal_actions()
    assert len(only) == 1 and only[0].kind == "redesign"
    for eps in (0.0, 1.0):
        assert policy_action(g, random.Random(1), eps) == only[0]
    assert ranked_actions(g, random.Random(1)) == only
    g = Game(["A", "B", "C"], seed=6, start_player=0)
    arrange_money(g, hands={0: []}, money=[], rest=("hand", 1))
    assert g.legal_actions() == [Pass()]
    for eps in (0.0, 1.0):
        assert policy_action(g, random.Random(1), eps) == Pass()
    assert ranked_actions(g, random.Random(1)) == [Pass()]


def test_a_playout_stops_where_it_is_told_and_records_nothing():
    """A playout needs a number of turns or a player to stop at; with a player it ends just as
    that player is about to start a turn (unless a scoring round is played first), with
    ``turns`` after that many turns. Its moves are not recorded, and a finished game stays as
    it is. ``epsilon`` is the policy's: 0 plays exactly the policy's best actions."""
    from alhambra_widget.bots.rollout import playout, policy_action, random_playout
    g = mid_game(n=3, seed=5, actions=12)
    for play in (playout, random_playout):
        with pytest.raises(ValueError, match="^a playout needs a number of turns or a player to stop at$"):
            play(g.copy(history=False), random.Random(1))
    stopped = 0
    for start in _positions_along(3, 32, every=2):
        if start.is_over or not start.actions_this_turn:
            continue   # (a player's turn under way: the next one starts n turns later)
        me = start.current
        for k, play in enumerate((playout, random_playout)):
            g = start.copy()
            moves, rounds, turn = len(g.moves), len(g.rounds), g.turn
            play(g, random.Random(k), player=me)
            assert len(g.moves) == moves
            if len(g.rounds) == rounds:
                assert (g.current, g.phase, g.actions_this_turn, g.turn) == (me, "action", 0, turn + 3)
                stopped += 1
        g = start.copy()
        playout(g, random.Random(1), turns=1)
        assert g.turn == start.turn + 1 or len(g.rounds) > len(start.rounds)
        for rng, eps in ((_Zero(), 0.0), (_Half(), None)):
            g, h = start.copy(history=False), start.copy(history=False)
            if eps is None:
                playout(g, rng, turns=2)
            else:
                playout(g, rng, turns=2, epsilon=eps)
            while h.turn < start.turn + 2 and len(h.rounds) == len(start.rounds) and not h.is_over:
                h.play(policy_action(h, rng, 0.0), record=False)
            assert g.to_json() == h.to_json()
    assert stopped > 10
    g = Game(2, seed=3)
    rng = random.Random(2)
    while not g.is_over:
        random_playout(g, rng, turns=1000)
    done = g.to_json()
    playout(g, rng, turns=5)
    random_playout(g, rng, turns=5)
    assert g.to_json() == done


def test_the_learned_model_is_a_conditional_logit_and_a_linear_score_per_stage():
    """What the module doc of bots.learned says, with weights made up here: per stage (scoring
    rounds played) each weight is base + progress x slope; the win probabilities are the softmax
    of the players' weighted features, the expected margin each predicted score (intercept plus
    weighted features) less the best other one; exact once the game is over."""
    from alhambra_widget.bots.evaluation import margins, progress
    from alhambra_widget.bots.features import NAMES, features, names_for
    from alhambra_widget.bots.learned import Model
    n = 3
    width = len(names_for(n))
    col = {name: k for k, name in enumerate(names_for(n))}

    def stage_weights(st, kind):
        base, slope = [0.0] * width, [0.0] * width
        base[col["score"]] = 0.05 * (st + 1)
        slope[col["money"]] = 0.02 if kind == "win" else 0.5
        base[col["seat+1"]] = -0.3 * st
        return {"base": base, "progress": slope, "intercept": 7.0 + st}

    data = {"format": "alhambra-widget evaluation", "version": 1, "features": list(NAMES),
            "models": {str(n): {kind: [stage_weights(st, kind) for st in range(3)] for kind in ("win", "score")}}}
    model = Model(data)
    assert model.players() == [n]
    stages = set()
    for g in _positions_along(n, 31, every=6):
        probs, marg = model.evaluate(g)
        if g.is_over:
            win = g.winners
            assert probs == [1 / len(win) if i in win else 0.0 for i in range(n)]
            assert marg == margins([float(s) for s in g.scores])
            assert model.scores(g) == [float(s) for s in g.scores]
            continue
        st, prog = min(2, len(g.rounds)), progress(g)
        stages.add(st)
        rows = features(g)
        w = stage_weights(st, "win")
        s = [sum((b + prog * p) * f for b, p, f in zip(w["base"], w["progress"], row)) for row in rows]
        e = [math.exp(v - max(s)) for v in s]
        assert probs == pytest.approx([v / sum(e) for v in e])
        ws = stage_weights(st, "score")
        pred = [ws["intercept"] + sum((b + prog * p) * f for b, p, f in zip(ws["base"], ws["progress"], row))
                for row in rows]
        assert model.scores(g) == pytest.approx(pred)
        assert marg == pytest.approx(margins(pred))
    assert stages == {0, 1, 2}
    for broken, words in (({**data, "format": "x"}, "version 1"), ({**data, "features": ["score"]}, "other features")):
        with pytest.raises(ValueError, match=words):
            Model(broken)
    short = json.loads(json.dumps(data))
    short["models"][str(n)]["win"][1]["base"].pop()
    with pytest.raises(ValueError, match=f"{n} players: {width} weights per stage"):
        Model(short)
    short = json.loads(json.dumps(data))
    short["models"][str(n)]["score"].pop()
    with pytest.raises(ValueError, match="three stages"):
        Model(short)
    # the shipped weights: load() is the one default model, a path loads that file afresh
    from alhambra_widget.bots.learned import WEIGHTS_FILE, default_model, load
    assert load() is default_model() and load(None) is default_model()
    again = load(WEIGHTS_FILE)
    assert again is not default_model() and again.players() == default_model().players() == [2, 3, 4, 5, 6]


def test_greedy_weighs_the_best_other_and_the_others_mean_alike():
    from alhambra_widget.bots.greedy import relative
    assert relative([10, 4, 6], 0) == pytest.approx(10 - 0.5 * 6 - 0.5 * 5)
    assert relative([10, 4, 6], 1) == pytest.approx(4 - 0.5 * 10 - 0.5 * 8)
    assert relative([3, 7], 0) == pytest.approx(3 - 7)   # two players: the other is both


def _greedy_scores(game, seed):
    """The scores Greedy(seed=seed) gives the legal actions of ``game``, and the generator as the
    bot's is after drawing the determinization."""
    from alhambra_widget.bots.greedy import action_scores
    rng = copy.deepcopy(Greedy(seed=seed).rng)
    d = determinize(game, rng)
    return action_scores(d, game.legal_actions(), game.current), rng


def test_greedy_plays_an_action_it_scores_best_and_breaks_ties_at_random():
    tied, picked = 0, set()
    for seed in range(4):
        g = Game(3, seed=seed)
        rng = random.Random(seed)
        for step in range(60):
            actions = g.legal_actions()
            if step % 4 == 0 and len(actions) > 1:
                scores, after = _greedy_scores(g, seed)
                best = max(scores)
                top = [a for a, s in zip(actions, scores) if s >= best - 1e-9]
                chosen = Greedy(seed=seed).choose(g)
                assert chosen in top, (seed, step, str(chosen))
                if len(top) > 1:   # a tie: the bot's own generator, drawn once more, picks among them
                    tied += 1
                    assert chosen == top[int(after.random() * len(top))]
                    picked.add(top.index(chosen))
            g.play(rng.choice(actions), record=False)
    assert tied > 0 and len(picked) > 1   # (not always the first of the tied)


def test_greedy_weighs_two_actions_too():
    """With two legal actions (a bought tile's one spot, or the reserve) Greedy scores both: it
    takes the second where the second is better."""
    g = Game(3, seed=5)
    rng = random.Random(5)
    while len(g.moves) < 231:
        g.play(rng.choice(g.legal_actions()))
    actions = g.legal_actions()
    assert [str(a) for a in actions] == ["place 21 at 3,-1", "reserve 21"]
    scores, _ = _greedy_scores(g, 1)
    assert scores[1] > scores[0]
    assert Greedy(seed=1).choose(g) == actions[1]
