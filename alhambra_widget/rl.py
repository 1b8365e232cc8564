"""A PettingZoo AEC environment for Alhambra, for reinforcement-learning research.

>>> from alhambra_widget.rl import env
>>> e = env(num_players=2)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) == len(e.unwrapped.game.legal_actions())
True

``env(...)`` is :class:`AlhambraEnv` (``raw_env(...)``) wrapped as PettingZoo's
classic games are: an action the mask leaves out ends the game with reward -1
for the player who chose it (``TerminateIllegalWrapper``), out-of-range
indices are refused, and the call order is enforced. ``raw_env`` raises
``ValueError`` on an illegal index instead. Install the extra with
``pip install 'alhambra-widget[rl]'`` (pettingzoo, gymnasium, numpy).

Agents and turns
================
Agents are ``player_0`` ... ``player_{n-1}`` (seat order of the engine's
:class:`~alhambra_widget.Game`); ``agent_selection`` is always the engine's
``current``. The same agent may act several times in a row: after an
exact payment (T2a, the extra action), when it places the tiles bought in a
turn (T4), and at the end of the game when the tiles left in the market are
awarded (E2, E3). ``reset(seed=s)`` plays ``Game(num_players, seed=s)``, so a
seed gives the same deal as in the rest of the package; ``reset()`` without a
seed after a seeded one draws the next game's seed from that seed's generator
(reproducible too); the very first unseeded reset is random.

Rewards
=======
Zero during the game; at the end (``reward="win"``, the default) the winners
share a reward of 1 (``1/k`` each for a shared victory of ``k`` players, E4 --
as ``tournament`` counts wins) and the others get 0. ``reward="margin"``: each
player gets its final score minus the best other player's score (positive
only for the sole winner). Every agent is terminated when the game is over.
``max_actions`` (default ``None``) truncates every agent after that many
actions of the game.

Action space
============
``Discrete(ACTION_SIZE)``, one index per engine action: ``ACTION_SIZE`` =
28,007, whatever the number of players. The indices are
blocks, in this order (``ACTION_BLOCKS`` holds ``(name, start, size)``):

==========  ========  =====================================================
block       size      index within the block
==========  ========  =====================================================
take        15        a subset of the face-up money cards, sorted by card
                      (currency, then value; the order of the observation's
                      money market): bit ``j`` of ``index + 1`` takes card
                      ``j``. Among equal cards the leftmost are used.
buy         4 x 288   ``(slot - 1) * 288 + k``: buy market slot 1-4 paying
                      with the cards of the slot's currency whose values are
                      ``PAYMENTS[k]`` (a sorted tuple of values; the 288 are
                      every payment that could ever be minimal, i.e. from
                      which no card could be left out, for a price 2-13)
remove      54        ``tile_id - 1``: move that tile to the reserve (T3a)
build       54 x 220  ``(tile_id - 1) * 220 + cell``: a reserve tile to an
                      empty spot (T3b), ``cell`` as below
swap        54 x 54   ``(reserve_tile - 1) * 54 + (alhambra_tile - 1)``:
                      the reserve tile takes the other's place (T3c)
end         1         decline the extra action (T2a)
place       54 x 220  ``(tile_id - 1) * 220 + cell``: a tile bought this turn
                      (or awarded at the end) to an empty spot (T4)
reserve     54        ``tile_id - 1``: a bought tile into the reserve (T4)
dirk        54        ``tile_id - 1``: a bought tile to Dirk (D4, 2 players)
pass        1         no legal action at all (X4)
==========  ========  =====================================================

An empty spot is named by a tile next to it, so no board window limits the
space and every spot the rules allow has an index: ``cell = anchor * 4 + d``
is the spot on side ``d`` (0 N, 1 E, 2 S, 3 W) of the tile with id
``anchor`` (0 is the fountain) in the acting player's Alhambra. Of the tiles
next to a spot, the one with the smallest id is its anchor (so the four spots
around the fountain always use anchor 0). Tiles are named by id everywhere
(``TILES[id - 1]``); where each tile is, is in the observation.

Every action of ``game.legal_actions()`` has exactly one index and every index
the mask lets through is one of them (the list names each purchase by its
payments from which no card could be left out; ``play()`` would also take a
larger one, which has no index). ``action_index(game, action)`` and
``index_action(game, index)`` translate, ``action_mask(game)`` is the mask.

Observation
===========
``Dict(observation=Box(-1, 1, (obs_size(n),), float32), action_mask=Box(0, 1, (28007,), int8))``.
The mask is the acting agent's legal actions (all zeros for the others). The
observation is what a perfect memory knows (RULES.md X3: every hand is public,
the order of the deck and the bag never is), from the observing agent's seat:
"player k" is the k-th seat after the observer's (0 = the observer). Every
number is scaled into [-1, 1]; ``observation_layout(n)`` lists the fields:

- ``phase`` (3: action, place, over), ``to_act`` (1: this agent acts),
  ``acting`` (n: which player acts, one-hot), ``extra`` (1: T2a),
  ``final`` (1: the end-of-game awards), ``scored`` (3: scoring rounds 1-3
  played), ``turn`` (turn / 200, at most 1), ``deck`` (cards in the money
  deck / 110), ``bag`` (tiles in the bag / 54), ``discard`` (36: copies of
  each card in the discard pile / 3, cards by ``card.key``);
- ``money`` (4 x 6: the face-up money cards sorted by card -- the take
  block's order --: present, currency one-hot (4), value / 9);
- ``market`` (4 x 12: building-market slots 1-4: present, building one-hot
  (6), price / 13, walls N, E, S, W);
- per player (n x 51): ``score`` / 400, ``hand`` (36: copies of each card /
  3), ``purse`` (4: value per currency / 135), ``cards`` (cards in hand /
  108), ``buildings`` (6: Alhambra tiles per building type / 11), ``wall``
  (longest external wall / 80), ``tiles`` (Alhambra tiles / 54),
  ``reserve`` (reserve tiles / 54);
- ``dirk`` (6: Dirk's tiles per building type / 11; zero with 3+ players);
- per tile id 1-54 (54 x (3n + 5)): where it is, one-hot -- bag, market,
  Dirk, the Alhambra of player k (n), the reserve of player k (n), bought or
  awarded and still to be placed by player k (n) --, and its spot x / 100,
  y / 100 when in an Alhambra (the engine's spots lie within +-99).
"""

from __future__ import annotations

import hashlib
import numbers
import operator

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - the `rl` extra is not installed
    raise ImportError("alhambra_widget.rl needs pettingzoo, gymnasium and numpy: "
                      "pip install 'alhambra-widget[rl]'") from e

from .engine import (CURRENCIES, TILES, Build, Buy, EndTurn, Game, GiveToDirk, Pass, Place,
                     Remove, Reserve, Swap, TakeMoney, card, parse)
from .engine.state import check_seed, seat_index

__all__ = ["AlhambraEnv", "env", "raw_env", "ACTION_SIZE", "ACTION_BLOCKS", "PAYMENTS", "action_index",
           "index_action", "action_mask", "legal_indices", "observation", "observation_layout", "obs_size"]

# ------------------------------------------------------------------ actions
N_TILES = len(TILES)          # 54
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W (y grows to the south)
N_CELLS = (N_TILES + 1) * 4   # anchor (fountain 0, tiles 1-54) x side


def _payments() -> tuple:
    """Every multiset of card values (1-9, at most 3 copies) that is a payment
    from which no card could be left out for some tile price: the total reaches
    the price, the total less the smallest card does not."""
    lo, hi = min(t.price for t in TILES), max(t.price for t in TILES)
    out = []

    def rec(v, cur):
        if v > 9:
            if cur and sum(cur) >= lo and sum(cur) - cur[0] < hi:
                out.append(tuple(cur))
            return
        for k in range(4):
            nxt = cur + [v] * k
            if nxt and sum(nxt) - nxt[0] >= hi:
                break
            rec(v + 1, nxt)

    rec(1, [])
    out.sort(key=lambda m: (sum(m), len(m), m))
    return tuple(out)


#: the value multisets of the buy block, ``PAYMENTS[k]`` sorted ascending
PAYMENTS = _payments()
_PAYMENT_INDEX = {m: k for k, m in enumerate(PAYMENTS)}

_BLOCK_SIZES = (("take", 15), ("buy", 4 * len(PAYMENTS)), ("remove", N_TILES), ("build", N_TILES * N_CELLS),
                ("swap", N_TILES * N_TILES), ("end", 1), ("place", N_TILES * N_CELLS), ("reserve", N_TILES),
                ("dirk", N_TILES), ("pass", 1))


def _blocks():
    out, start = [], 0
    for name, size in _BLOCK_SIZES:
        out.append((name, start, size))
        start += size
    return tuple(out)


#: ``(name, first index, size)`` of every block of the action space
ACTION_BLOCKS = _blocks()
#: the number of actions in the space (the sum of the blocks' sizes)
ACTION_SIZE = sum(size for _, _, size in ACTION_BLOCKS)
_START = {name: start for name, start, _ in ACTION_BLOCKS}
_BLOCK_OF = [(start, name) for name, start, _ in ACTION_BLOCKS]


def _money_sorted(game) -> list:
    return sorted(game.money, key=lambda c: c.key)


def _grid(game, seat=None) -> tuple:
    """``(spot -> tile id, tile id -> spot)`` of a player's Alhambra (fountain: id 0)."""
    a = game.players[game.current if seat is None else seat].alhambra
    at = {pos: t.id for pos, t in a.items()}
    return at, {tid: pos for pos, tid in at.items()}


def _cell_index(at: dict, pos) -> int:
    x, y = pos
    best = None
    for d, (dx, dy) in enumerate(STEPS):
        tid = at.get((x - dx, y - dy))
        if tid is not None and (best is None or tid < best[0]):
            best = (tid, d)
    if best is None:
        raise ValueError(f"spot {pos} touches no tile")
    return best[0] * 4 + best[1]


def _cell_pos(at: dict, where: dict, cell: int):
    """The spot a cell index names, or None if it names none (anchor absent,
    spot taken, or another neighbour would be its anchor)."""
    anchor, d = divmod(cell, 4)
    base = where.get(anchor)
    if base is None:
        return None
    pos = (base[0] + STEPS[d][0], base[1] + STEPS[d][1])
    if pos in at or _cell_index(at, pos) != cell:
        return None
    return pos


class _Index:
    """Translates between actions and indices for one position (grid built once)."""

    def __init__(self, game):
        self.game = game
        self.money = _money_sorted(game)
        self.at, self.where = _grid(game)

    def encode(self, action) -> int:
        kind = type(action)
        if kind is TakeMoney:
            used, bits = set(), 0
            for c in action.cards:
                j = next((j for j, m in enumerate(self.money) if m is c and j not in used), None)
                if j is None:
                    raise ValueError(f"{action}: the card {c} is not face up")
                used.add(j)
                bits |= 1 << j
            return _START["take"] + bits - 1
        if kind is Buy:
            values = tuple(sorted(c.value for c in action.cards))
            k = _PAYMENT_INDEX.get(values)
            if k is None or any(c.currency is not CURRENCIES[action.slot - 1] for c in action.cards):
                raise ValueError(f"{action}: not a payment of the action space (no card could be left out)")
            return _START["buy"] + (action.slot - 1) * len(PAYMENTS) + k
        if kind is Remove:
            tid = self.at.get(tuple(action.pos))
            if not tid:
                raise ValueError(f"{action}: no building tile there")
            return _START["remove"] + tid - 1
        if kind is Build or kind is Place:
            return _START[action.verb] + (action.tile_id - 1) * N_CELLS + _cell_index(self.at, action.pos)
        if kind is Swap:
            tid = self.at.get(tuple(action.pos))
            if not tid:
                raise ValueError(f"{action}: no building tile there")
            return _START["swap"] + (action.tile_id - 1) * N_TILES + tid - 1
        if kind is EndTurn:
            return _START["end"]
        if kind is Reserve or kind is GiveToDirk:
            return _START[action.verb] + action.tile_id - 1
        if kind is Pass:
            return _START["pass"]
        raise TypeError(f"not an action: {action!r}")

    def decode(self, index: int):
        index = int(index)
        if not 0 <= index < ACTION_SIZE:
            raise ValueError(f"action indices are 0 to {ACTION_SIZE - 1}, not {index}")
        name, start = next((nm, st) for st, nm in reversed(_BLOCK_OF) if st <= index)
        i = index - start
        if name == "take":
            bits = i + 1
            chosen = [j for j in range(4) if bits >> j & 1]
            m = self.money
            if chosen[-1] >= len(m) or any(j and m[j - 1] is m[j] and (j - 1) not in chosen for j in chosen):
                return None
            return TakeMoney([m[j] for j in chosen])
        if name == "buy":
            slot, k = divmod(i, len(PAYMENTS))
            cur = CURRENCIES[slot]
            return Buy(slot + 1, [card(cur, v) for v in PAYMENTS[k]])
        if name in ("remove", "reserve", "dirk"):
            tid = i + 1
            if name == "remove":
                pos = self.where.get(tid)
                return Remove(pos) if pos is not None else None
            return Reserve(tid) if name == "reserve" else GiveToDirk(tid)
        if name in ("build", "place"):
            t, cell = divmod(i, N_CELLS)
            pos = _cell_pos(self.at, self.where, cell)
            if pos is None:
                return None
            return (Build if name == "build" else Place)(t + 1, pos)
        if name == "swap":
            t, old = divmod(i, N_TILES)
            pos = self.where.get(old + 1)
            return Swap(t + 1, pos) if pos is not None else None
        if name == "end":
            return EndTurn()
        return Pass()


def _as_action(action):
    return parse(action) if isinstance(action, str) else action


def action_index(game: Game, action) -> int:
    """The index of ``action`` (an Action or its notation) in the position
    ``game`` (the take and spot indices depend on it). ``ValueError`` when
    the action has no index (a card not face up, a spot next to no tile, a
    purchase with a card to spare)."""
    return _Index(game).encode(_as_action(action))


def index_action(game: Game, index: int):
    """The action an index names in the position ``game`` (legal or not), or
    ``None`` when it names nothing there (no such face-up card, tile or spot)."""
    return _Index(game).decode(_whole_index(index))


def _whole_index(index) -> int:
    """``index`` as an int when it is a whole number (a numpy integer too) in
    the action space, else ValueError: 1.9 is no action, nor is 1.0 taken for 1."""
    try:
        whole = None if isinstance(index, bool) else operator.index(index)   # (a 0-d integer array too)
    except TypeError:
        whole = None
    if whole is None or not 0 <= whole < ACTION_SIZE:
        raise ValueError(f"an action is an index, a whole number from 0 to {ACTION_SIZE - 1}, not {index!r}")
    return whole


def legal_indices(game: Game) -> dict:
    """``{index: action}`` for every legal action of ``game`` (in the engine's order)."""
    ix = _Index(game)
    return {ix.encode(a): a for a in game.legal_actions()}


def action_mask(game: Game) -> np.ndarray:
    """The int8 mask of the legal actions (length ``ACTION_SIZE``)."""
    mask = np.zeros(ACTION_SIZE, dtype=np.int8)
    mask[list(legal_indices(game))] = 1
    return mask


# -------------------------------------------------------------- observation
def observation_layout(n: int) -> tuple:
    """``(field, size)`` of the observation vector for ``n`` players, in order."""
    return (("phase", 3), ("to_act", 1), ("acting", n), ("extra", 1), ("final", 1), ("scored", 3),
            ("turn", 1), ("deck", 1), ("bag", 1), ("discard", 36), ("money", 4 * 6), ("market", 4 * 12),
            ("players", n * 51), ("dirk", 6), ("tiles", N_TILES * (3 * n + 5)))


def obs_size(n: int) -> int:
    """Length of the observation vector for ``n`` players."""
    return sum(size for _, size in observation_layout(n))


_PHASES = {"action": 0, "place": 1, "over": 2}


def observation(game: Game, seat: int) -> np.ndarray:
    """The observation vector of seat ``seat`` (an index or the player's
    name; see the module docstring)."""
    seat = seat_index(seat, game.names)
    n = game.n
    rel = [(s - seat) % n for s in range(n)]   # seat -> player k as the observer sees it
    out = np.zeros(obs_size(n), dtype=np.float32)
    o = 0
    out[o + _PHASES[game.phase]] = 1
    o += 3
    out[o] = 1.0 if game.current == seat and not game.is_over else 0.0
    o += 1
    out[o + rel[game.current]] = 1
    o += n
    out[o] = float(game.extra)
    out[o + 1] = float(game.final)
    o += 2
    for r in game.rounds:
        out[o + r["round"] - 1] = 1
    o += 3
    out[o] = min(game.turn / 200, 1.0)
    out[o + 1] = min(game.deck_size / 110, 1.0)
    out[o + 2] = game.bag_size / N_TILES
    o += 3
    for c in game.discard:
        out[o + c.key] += 1 / 3
    o += 36
    for j, c in enumerate(_money_sorted(game)):
        b = o + 6 * j
        out[b] = 1
        out[b + 1 + c.currency.index] = 1
        out[b + 5] = c.value / 9
    o += 24
    for j, t in enumerate(game.market):
        if t is not None:
            b = o + 12 * j
            out[b] = 1
            out[b + 1 + t.building.index] = 1
            out[b + 7] = t.price / 13
            for k in range(4):
                out[b + 8 + k] = t.mask >> k & 1
    o += 48
    for s, p in enumerate(game.players):
        b = o + 51 * rel[s]
        out[b] = min(p.score / 400, 1.0)
        for c in p.hand:
            out[b + 1 + c.key] += 1 / 3
            out[b + 37 + c.currency.index] += c.value / 135
        out[b + 41] = len(p.hand) / 108
        a = p.alhambra
        for k, cnt in enumerate(a.counts()):
            out[b + 42 + k] = cnt / 11
        out[b + 48] = min(a.longest_wall() / 80, 1.0)
        out[b + 49] = len(a) / N_TILES
        out[b + 50] = len(p.reserve) / N_TILES
    o += 51 * n
    if n == 2:
        for k, cnt in enumerate(game.dirk_counts()):
            out[o + k] = cnt / 11
    o += 6
    width = 3 * n + 5
    where = {}   # tile id -> (column, x, y)
    for j, t in enumerate(game.market):
        if t is not None:
            where[t.id] = (1, 0, 0)
    for t in game.dirk:
        where[t.id] = (2, 0, 0)
    for s, p in enumerate(game.players):
        for pos, t in p.alhambra.items():
            if t.id:
                where[t.id] = (3 + rel[s], pos[0], pos[1])
        for t in p.reserve:
            where[t.id] = (3 + n + rel[s], 0, 0)
    for s, t in game.pending:
        where[t.id] = (3 + 2 * n + rel[s], 0, 0)
    for tid in range(1, N_TILES + 1):
        b = o + width * (tid - 1)
        col, x, y = where.get(tid, (0, 0, 0))
        out[b + col] = 1
        out[b + 3 * n + 3] = x / 100
        out[b + 3 * n + 4] = y / 100
    return out


# -------------------------------------------------------------- environment
class AlhambraEnv(AECEnv):
    """Alhambra for 2-6 players as a PettingZoo AEC environment (see the module
    docstring for the action space, the observation and the rewards).

    ``num_players`` (default 2), ``reward`` (``"win"`` or ``"margin"``),
    ``max_actions`` (truncation; ``None``: play to the end), ``render_mode``
    (``None``, ``"ansi"``: ``render()`` returns the position as text, or
    ``"human"``: prints it). ``game`` is the engine's Game being played (read
    it, never change it); ``action_index(action)`` / ``index_action(index)``
    translate in the current position.
    """

    metadata = {"name": "alhambra_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, num_players: int = 2, reward: str = "win", max_actions: int | None = None,
                 render_mode: str | None = None):
        super().__init__()
        if isinstance(num_players, bool) or not isinstance(num_players, int) or not 2 <= num_players <= 6:
            raise ValueError(f"Alhambra is played by 2 to 6 players, not {num_players!r}")
        if reward not in ("win", "margin"):
            raise ValueError(f"reward is 'win' or 'margin', not {reward!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")
        self.num_players = num_players
        self.reward_mode = reward
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size = obs_size(num_players)
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (ACTION_SIZE,), dtype=np.int8),
        })
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_SIZE) for a in self.possible_agents}
        self._seeds = None
        self.game = None
        self._actions = 0
        self._legal = None   # (actions played, {index: action}) of the position the mask was made for

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- position
    def _legal_now(self) -> dict:
        key = self._actions
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, legal_indices(self.game))
        return self._legal[1]

    def action_index(self, action) -> int:
        """The index of an Action (or its notation) in the current position."""
        return action_index(self.game, action)

    def index_action(self, index: int):
        """The action an index names in the current position (or ``None``)."""
        return index_action(self.game, index)

    # -- the AEC API
    def reset(self, seed=None, options=None):
        if seed is not None:
            if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
                seed = int(seed)   # (a numpy integer too)
            game_seed = check_seed(seed)   # (as Game takes it: a text or a negative number too)
            self._seeds = np.random.default_rng(
                seed if isinstance(seed, int) and seed >= 0 else
                int.from_bytes(hashlib.sha256(repr(seed).encode()).digest()[:8], "big"))
        elif self._seeds is not None:
            game_seed = int(self._seeds.integers(2 ** 63))
        else:
            game_seed = None
        self.game = Game(self.num_players, seed=game_seed)
        self._actions = 0
        self._legal = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current]

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        if not self.game.is_over and seat == self.game.current and not self.truncations.get(agent):
            mask[list(self._legal_now())] = 1
        return {"observation": observation(self.game, seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal_now()
        index = _whole_index(action)
        chosen = legal.get(index)
        if chosen is None:
            named = index_action(self.game, index)
            raise ValueError(f"action {index} ({named if named is not None else 'names nothing here'}) "
                             f"is not legal now; use the observation's action_mask")
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self.game.play(chosen)
        self._actions += 1
        g = self.game
        if g.is_over:
            self._final_rewards()
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[g.current]
            if self.max_actions is not None and self._actions >= self.max_actions:
                self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _final_rewards(self):
        g = self.game
        scores = g.scores
        if self.reward_mode == "win":
            winners = g.winners
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = 1.0 / len(winners) if i in winners else 0.0
        else:
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(scores[i] - max(s for k, s in enumerate(scores) if k != i))

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        text = str(self.game) if self.game is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def __str__(self):
        return self.metadata["name"]


def raw_env(**kwargs) -> AlhambraEnv:
    """The environment without wrappers (an illegal index raises ``ValueError``)."""
    return AlhambraEnv(**kwargs)


def env(**kwargs):
    """The environment with PettingZoo's usual wrappers: an illegal index ends
    the game with reward -1 for its player, out-of-range indices are refused,
    and the AEC call order is enforced."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
