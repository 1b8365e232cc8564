"""The game: setup [S], turns [T], scoring rounds [C], the end [E] and Dirk [D].

A :class:`Game` is one position plus its history. Chance (shuffles, draws
from the bag) comes from the game's own small random number generator, whose
state is part of the position: the same seed and the same actions give the
same game, and a saved record continues with the same future.
"""

from __future__ import annotations

import itertools
import os
import sys
import weakref
from bisect import bisect_left, insort
from collections.abc import Iterable, Mapping
from math import floor as _floor   # floor(r() * n): int() of a draw in [0, 1), at a fraction of the cost
from operator import attrgetter
from types import MethodType

from . import actions as A
from . import record
from . import state as S
from .alhambra import _ACTIONS_AT, _BUILD_AT, _FIT, _MULTI, _ONE, _REMOVE, _SWAP_AT, _SWAPB
from .errors import IllegalMove, NotationError, RecordError, add_note
from .money import CURRENCIES, SCORING, ScoringCard, card_from_key, full_deck, pile_starts
from .moves import Move
from .scoring import round_points
from .state import MAX_MOVES, MAX_SEED_LENGTH, Player, check_seed as _check_seed
from .tiles import BY_ID, TILES, Tile

__all__ = ["Game", "Player", "ScoringCard", "MAX_MOVES", "MAX_SEED_LENGTH"]

M64 = (1 << 64) - 1
# _shuffle's batches: up to _LANES outputs of the generator in 128-bit lanes of one int
_LANES = 128
_LANE_ONE = sum(1 << (k << 7) for k in range(_LANES))                    # 1 in every lane
_LANE_M64 = _LANE_ONE * M64                                               # the low 64 bits of every lane
_LANE_STEPS = sum((k + 1) * 0x9E3779B97F4A7C15 << (k << 7) for k in range(_LANES))  # lane k: k + 1 steps
_LANE_BIT = tuple(sum(M64 << (k << 7) for k in range(_LANES) if k >> b & 1) for b in range(7))  # lanes whose k has bit b
_BYTEORDER = sys.byteorder
_LOW_WORDS = 2 if _BYTEORDER == "little" else -2   # the lanes' low 64-bit words, lane 0 first
SLOT_CURRENCY = CURRENCIES  # slot 1 florin, 2 dirham, 3 dinar, 4 ducat


class Game:
    """A game of Alhambra for 2-6 players.

    >>> g = Game(["Ana", "Ben", "Chi"], seed=1)
    >>> a = g.legal_actions()[0]
    >>> g.play(a) is None
    True
    >>> g.undo() == a
    True

    ``players`` is a number (2-6) or a list of names (text), each of its own
    (names equal but for case and blanks around them are one name). ``seed`` makes the game
    reproducible (a fresh one is chosen when omitted; see ``.seed``).
    ``start_player`` overrides rule S4 (decision X1).
    """

    # ------------------------------------------------------------------ setup
    def __init__(self, players=3, seed=None, *, start_player=None):
        names = _names(players)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")
        self.seed = _check_seed(seed)
        self._rng = _seed_state(seed)
        self._own = -1
        self._setup(names, start_player)
        self._clear_record()

    def _clear_record(self) -> None:
        """No moves yet: the position now is the start of the record."""
        self.moves: list = []          # Move per action played (the move record)
        self._cps: list = []           # (k, snapshot): saved positions after k moves, every _EVERY moves
        self._due = 0                  # the record's length at which the next snapshot is due (0: at once)
        self._redo: list = []          # actions taken back, the next redo last
        self._events = None            # the move being played: its 4 fields, then 9 per event, in a row
        self._listeners: list = []
        self._own = -1                 # what this game may change in place (see _alhambra and _claim)
        # per seat (hand, money per currency, card values per currency or None) of that very hand list
        self._pc = [None] * len(self.players)

    def _setup(self, names, start_player):
        n = len(names)
        self.players = [Player(nm) for nm in names]
        self.bag = list(TILES)                       # S2: drawn uniformly at random
        deck = full_deck(n)                          # D1
        self._shuffle(deck)
        # S3: deal each player in seat order until their sum is at least 20
        sums = []
        for p in self.players:
            hand = p.hand
            total = 0
            while total < 20:   # (a running sum)
                c = deck.pop()
                hand.append(c)
                total += c.value
            hand.sort(key=_KEY)
            sums.append(total)
        # S4 (X1): fewest cards, then lowest sum, then seat order
        if start_player is None:
            start_player = min(range(n), key=lambda i: (len(self.players[i].hand), sums[i], i))
        else:
            start_player = S.seat_index(start_player, names, "start_player")
        self.start_player = start_player
        # S5: four tiles into slots 1-4, four money cards face up
        self.market = [self._draw_tile() for _ in range(4)]
        self.money = [deck.pop() for _ in range(4)]
        # S6: five piles, scoring card 1 into pile 2 and 2 into pile 4
        self.deck_cut = len(deck)   # (public: what the face-up deal and market left)
        self.deck = _cut_s6(deck[::-1], 1, self._randbelow)[::-1]   # top of the deck = end of the list
        self.discard: list = []
        # S7 / D2: Dirk's first six tiles
        self.dirk: list = []
        if n == 2:
            self._events = None
            self._dirk_draw(6)
        self.pending: list = []      # (player index, tile) bought or awarded, still to place
        self.phase = "action"        # "action", "place" or "over"
        self.current = start_player
        self.extra = False           # an exact payment gave the current player another action
        self.turn = 1
        self.actions_this_turn = 0
        self.final = False           # E1 has happened; the award placements (E3) are under way
        self.rounds: list = []       # one record per scoring round played

    @classmethod
    def from_position(cls, players=2, *, seed=None, hands=None, alhambras=None, reserves=None,
                      scores=None, market=None, money=None, dirk=None, current=0,
                      rounds_played=0, to_place=None, extra=False, turn=1) -> "Game":
        """Set up any position, for a lesson or an analysis.

        Everything not named is filled in as in a real game: tiles that are
        nowhere else go into the bag, money cards that are nowhere else into
        the deck (shuffled, with the scoring cards of the rounds still to come
        placed as in S6). ``market`` and ``money`` default to fresh draws.

        Each per-player argument is a list with one entry per player, or a mapping from some
        players (by name or seat index) to theirs: ``hands={"Ben": ["florin 9"]}``. A player
        not named has an empty hand, reserve and Alhambra (the fountain) and no points: a
        position holds only what is set up (no starting hands are dealt).

        - ``hands``: per player, a list of cards, each a ``Card``, a text
          (``"dirham 4"``, or several: ``"dirham 4+7"``) or a pair
          (``("dirham", 4)``); or the whole hand as one text in the notation
          (``"dirham 4+7, florin 2"``);
        - ``alhambras``: per player, ``{(x, y): tile or tile id}`` (must obey P1-P6);
        - ``reserves``: per player, tiles or ids; ``scores``: per player, whole numbers;
        - ``market``: 4 tiles/ids/None; ``money``: up to 4 cards (as a hand);
          ``dirk``: tiles (2 players; none unless named, where a game played from the start
          deals him some: S7, D2);
        - ``current``: the player to act (index or name); ``rounds_played``: 0, 1 or 2 scoring rounds
          already played (the money cards no one holds and the market does not show make the deck,
          cut as S6 cuts it, with the scoring cards still to come);
        - ``to_place``: tiles the player to act bought this turn and has still to place (T4, at
          most 4: the building market is not refilled during a turn, so as many of its slots
          are empty -- the last ones unless ``market`` says which); the game then starts at
          the end of that turn, in the placement phase -- or, with ``extra=True``, the last was
          paid exactly and the player may act again first (T2a: the tiles wait until the turn
          ends);
        - ``turn``: the number of the turn (from 1), as the table shows it.

        The position is made as a record's state and read by the same loader
        as ``from_json``, so it is checked the same way.

        >>> g = Game.from_position(["Ana", "Ben"], seed=1, hands=[["dinar 5"], ["florin 9"]],
        ...                        alhambras=[{(1, 0): 7}, {}], market=[1, 2, 3, 4])
        >>> g.players[0].alhambra[(1, 0)].id
        7

        Raises ``ValueError`` naming what does not add up and where
        (``hands[1][0]``: no such card; a tile twice; too many copies of a
        card; an Alhambra breaking a placement rule), and ``TypeError`` for an
        argument of the wrong form (a text where a list belongs)."""
        from .tiles import tile as tile_by_id
        names = _names(players)
        n = len(names)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")
        chance = cls.__new__(cls)      # only its random number generator is used
        chance._rng = _seed_state(_check_seed(seed))
        chance._own = -1

        shown_as = {}   # (what, seat) -> how a message names the entry: "hands[1]" or "hands['Ben']"

        def per_player(value, what, example):
            """One entry per seat: from a list of one per player, or from a mapping of
            some players (by name or index) to theirs (the others None)."""
            if value is None:
                return [None] * n
            if isinstance(value, Mapping):
                out = [None] * n
                for key, v in value.items():
                    if isinstance(key, bool) or not isinstance(key, (str, int)):
                        raise TypeError(f"{what} takes one entry per player, in a list (e.g. {what}={example}) "
                                        f"or by name; not {A._shown(value)}")
                    i = S.seat_index(key, names, what)
                    if (what, i) in shown_as:
                        raise ValueError(f"{what} names {names[i]} twice ({shown_as[what, i]} and {what}[{key!r}])")
                    shown_as[what, i] = f"{what}[{key!r}]"
                    out[i] = v
                return out
            if not _a_list(value):
                raise TypeError(f"{what} takes one entry per player, e.g. {what}={example}; "
                                f"not {A._shown(value)}")
            value = list(itertools.islice(value, n + 1))   # (an endless iterable is refused, not read on)
            if len(value) != n:
                raise ValueError(f"{what} needs one entry per player ({n}), not {len(value) if len(value) < n else 'more'}")
            return value

        def at(what, i):
            return shown_as.get((what, i), f"{what}[{i}]")

        used_tiles = set()

        def take_tile(t, where):
            if not isinstance(t, Tile):
                try:
                    t = tile_by_id(t)
                except ValueError as e:
                    raise ValueError(f"{where}: {e}") from None
            if t.id == 0:
                raise ValueError(f"{where}: the fountain is no building tile (it lies at (0, 0) in every Alhambra)")
            if t.id in used_tiles:
                raise ValueError(f"{where}: {t} appears twice in the position")
            used_tiles.add(t.id)
            return t

        def tiles_of(value, where):
            if value is None:
                return []
            if not _a_list(value):
                raise TypeError(f"{where} is a list of tiles or tile ids, not {A._shown(value)}")
            return [take_tile(t, f"{where}[{i}]") for i, t in enumerate(value)]

        state_players = []
        for i, nm in enumerate(names):
            state_players.append({"name": nm, "hand": [], "alhambra": [], "reserve": [], "score": 0})
        given = []
        for i, (sp, h) in enumerate(zip(state_players, per_player(hands, "hands", '[["dinar 5+7"], ["florin 9"]]'))):
            cards = sorted(_cards_of(h, at('hands', i)), key=_KEY)
            given.extend(cards)
            sp["hand"] = [str(c) for c in cards]
        for i, (sp, al) in enumerate(zip(state_players, per_player(alhambras, "alhambras", "[{(1, 0): 7}, {}]"))):
            if al is None:
                continue
            if not isinstance(al, Mapping):
                raise TypeError(f"{at('alhambras', i)} maps positions to tiles, e.g. {{(1, 0): 7}}; "
                                f"not {A._shown(al)}")
            placed = sp["alhambra"]
            for pos, t in al.items():
                if not (isinstance(pos, tuple) and len(pos) == 2
                        and all(isinstance(v, int) and not isinstance(v, bool) for v in pos)):
                    raise TypeError(f"{at('alhambras', i)}: a position is a pair of whole numbers (x, y), "
                                    f"not {A._shown(pos)}")
                where = f"{at('alhambras', i)}[{pos}]"
                if pos == (0, 0):
                    raise ValueError(f"{where}: the fountain lies at (0, 0); tiles go around it")
                placed.append([pos[0], pos[1], take_tile(t, where).id])
        for i, (sp, r) in enumerate(zip(state_players, per_player(reserves, "reserves", "[[12, 40], []]"))):
            sp["reserve"] = [t.id for t in tiles_of(r, at('reserves', i))]
        for i, (sp, sc) in enumerate(zip(state_players, per_player(scores, "scores", "[12, 30]"))):
            if sc is not None and (not isinstance(sc, int) or isinstance(sc, bool)):
                raise TypeError(f"{at('scores', i)} is a whole number of points, not {A._shown(sc)}")
            sp["score"] = sc or 0
        dirk_tiles = [t.id for t in tiles_of(dirk, "dirk")]
        bought = tiles_of(to_place, "to_place")
        if len(bought) > 4:
            raise ValueError(f"to_place: a turn buys at most 4 tiles, as the building market is not refilled "
                             f"until the turn ends (T2a, T5), not {len(bought)}")
        if not isinstance(extra, bool):
            raise TypeError(f"extra is True or False, not {A._shown(extra)}")
        if extra and not 1 <= len(bought) <= 4:
            raise ValueError("extra: another action follows an exact payment for a tile (T2a), within 5 actions: "
                             "name the 1 to 4 tiles bought this turn in to_place")
        if dirk_tiles and n != 2:
            raise ValueError("Dirk plays only in two-player games")
        if market is not None:
            if not _a_list(market):
                raise TypeError(f"market is a list of 4 slots (tiles, tile ids or None), not {A._shown(market)}")
            market = list(itertools.islice(market, 5))
            if len(market) != 4:
                raise ValueError(f"the building market has 4 slots, not {len(market) if len(market) < 4 else 'more'}")
            market = [None if t is None else take_tile(t, f"market[{i}]") for i, t in enumerate(market)]
            shown_tiles = sum(t is not None for t in market)
            if shown_tiles > 4 - len(bought):
                raise ValueError(f"market: {shown_tiles} tiles, but {len(bought)} bought this turn left their slots "
                                 f"empty until the turn ends (T5): at most {4 - len(bought)}")
        bag = [t for t in TILES if t.id not in used_tiles]
        if market is None:
            # (the tiles bought this turn left their slots empty: the last ones, here)
            chance.bag = bag
            market = [chance._draw_tile() if i < 4 - len(bought) else None for i in range(4)]
        # money: whatever is not in a hand or face up goes into the deck
        pool = full_deck(n)
        shown = _cards_of(money, "money")
        if len(shown) > 4:
            raise ValueError(f"the money market shows at most 4 cards, not {len(shown)}")
        for c in given + shown:
            try:
                pool.remove(c)
            except ValueError:
                copies = 2 if n == 2 else 3
                raise ValueError(f"there are not that many {c} cards: a {n}-player game has {copies} "
                                 f"of each (D1), and the hands and money name more") from None
        chance._shuffle(pool)
        if money is None:
            shown = [pool.pop() for _ in range(min(4, len(pool)))]
        if isinstance(rounds_played, bool) or rounds_played not in (0, 1, 2):
            raise ValueError(f"rounds_played is 0, 1 or 2, not {A._shown(rounds_played)}")
        # S6, as if the deck were cut now: the scoring cards still to come into piles 2 and 4
        # (so what the bots and an undo sample for them is where they can really be)
        top_first = _cut_s6(pool[::-1], rounds_played + 1, chance._randbelow)
        current = S.seat_index(current, names, "current")
        if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= S.MAX_TURN:
            raise ValueError(f"turn is a whole number from 1 to {S.MAX_TURN}, not {A._shown(turn)}")
        score_now = [sp["score"] for sp in state_players]
        state = {
            "players": state_players,
            "market": [None if t is None else t.id for t in market],
            "money": [str(c) for c in shown],
            "deck": [str(c) for c in top_first[::-1]],
            "discard": [],
            "bag": sorted(t.id for t in bag if t not in market),
            "dirk": dirk_tiles,
            "pending": [[current, t.id] for t in bought],
            "phase": "place" if bought and not extra else "action",
            "current": current,
            "extra": extra,
            "turn": turn,
            "actions_this_turn": len(bought),
            "final": False,
            "start_player": current,
            "rounds": [{"round": r, "counts": [], "buildings": [], "walls": [], "points": [0] * n,
                        "dirk": None, "scores": score_now, "preset": True}
                       for r in range(1, rounds_played + 1)],
            "deck_cut": len(pool),   # (public: the money cards of the deck, cut now)
            "rng": f"{chance._rng:016x}",
        }
        try:
            return cls._from_state(state, seed)
        except RecordError as e:
            raise ValueError(f"the position does not add up: {e}") from None

    @classmethod
    def _from_state(cls, state: dict, seed) -> "Game":
        """A game at a record's STATE, with no moves (RecordError if it is not one)."""
        g = cls.__new__(cls)
        g.seed = seed
        S.load_into(g, state)
        g._clear_record()
        return g

    # ------------------------------------------------------------- chance
    def _next64(self) -> int:
        s = (self._rng + 0x9E3779B97F4A7C15) & M64
        self._rng = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def _randbelow(self, n: int) -> int:
        return (self._next64() * n) >> 64

    def _shuffle(self, lst: list) -> None:
        """Fisher-Yates from the end of the list: position i swaps with
        ``_randbelow(i + 1)``. The generator's outputs are worked out up to
        _LANES at a time in one big int, a 128-bit lane per output (a
        splitmix64 step is a few operations on a big int for all of them,
        rather than on an int each): the same permutation, in less time."""
        s = self._rng
        i = len(lst) - 1
        while i > 0:
            n = i if i < _LANES else _LANES          # outputs in this batch
            low = (1 << (n << 7)) - 1                # its n lanes
            m = _LANE_M64 & low
            z = (s * (_LANE_ONE & low) + (_LANE_STEPS & low)) & m   # lane k: the state k + 1 steps on
            z = ((z ^ (z >> 30)) & m) * 0xBF58476D1CE4E5B9 & m
            z = ((z ^ (z >> 27)) & m) * 0x94D049BB133111EB & m
            z ^= z >> 31
            if i < 256:
                # j = (out * (i + 1)) >> 64 in every lane at once: lane k is
                # swapped with position i - k, so its out times i + 1 - k: z
                # times i + 1 less z times each lane's k (bit by bit of k); j
                # < 256 is then the lowest byte of the lane, shifted down 64 bits
                zk = ((z & _LANE_BIT[0]) + ((z & _LANE_BIT[1]) << 1) + ((z & _LANE_BIT[2]) << 2)
                      + ((z & _LANE_BIT[3]) << 3) + ((z & _LANE_BIT[4]) << 4) + ((z & _LANE_BIT[5]) << 5)
                      + ((z & _LANE_BIT[6]) << 6))
                for j in ((z * (i + 1) - zk) >> 64).to_bytes(n << 4, "little")[::16]:
                    lst[i], lst[j] = lst[j], lst[i]
                    i -= 1
            else:
                # each lane's low 64 bits, lane 0 first
                for out in memoryview(z.to_bytes(n << 4, _BYTEORDER)).cast("Q")[::_LOW_WORDS].tolist():
                    j = (out * (i + 1)) >> 64
                    lst[i], lst[j] = lst[j], lst[i]
                    i -= 1
            s = (s + n * 0x9E3779B97F4A7C15) & M64
        self._rng = s

    def _draw_tile(self):
        bag = self.bag
        if not bag:
            return None
        if not self._own & _BAG:
            bag = self._claim(_BAG)
        s = self._rng = (self._rng + 0x9E3779B97F4A7C15) & M64   # _randbelow(len(bag)), inlined
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return bag.pop(((z ^ (z >> 31)) * len(bag)) >> 64)

    def _claim(self, bit: int) -> list:
        """The long list of ``bit`` (``_DECK``, ``_BAG`` or ``_DISCARD``), this
        game's own from now on: a copy takes its place when a snapshot or a
        copy shares it. (The other lists are replaced, never changed in place.)"""
        self._own |= bit
        if bit == _DECK:
            v = self.deck = self.deck.copy()
        elif bit == _BAG:
            v = self.bag = self.bag.copy()
        else:
            v = self.discard = self.discard.copy()
        return v

    def _dirk_draw(self, k: int) -> None:
        drawn = [self._draw_tile() for _ in range(min(k, len(self.bag)))]
        self.dirk = sorted(self.dirk + drawn, key=_tid)
        if self._events is not None and drawn:
            self._events += ("dirk_draw", None, None, None, None, None, (), tuple(sorted(drawn, key=_tid)), None)

    # ------------------------------------------------------------ reading
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def player(self) -> Player:
        return self.players[self.current]

    @property
    def names(self) -> list:
        return [p.name for p in self.players]

    @property
    def scores(self) -> list:
        return [p.score for p in self.players]

    @property
    def bag_size(self) -> int:
        return len(self.bag)

    @property
    def deck_size(self) -> int:
        """Cards in the money deck, scoring cards still in it included."""
        return len(self.deck)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> list:
        """Indices of the players with the most points once the game is over (E4)."""
        if self.phase != "over":
            return []
        best = max(p.score for p in self.players)
        return [i for i, p in enumerate(self.players) if p.score == best]

    @property
    def scoring_rounds_played(self) -> list:
        return [r["round"] for r in self.rounds]

    @property
    def slot_currencies(self) -> tuple:
        return SLOT_CURRENCY

    def seat_of(self, player) -> int:
        """The seat (index) of ``player``, given by its index or by name (names compare as the
        table compares them: case, blanks around and Unicode spellings aside). ValueError
        naming the players if there is no such player."""
        return S.seat_index(player, self.names, "player")

    def affordable(self, player=None) -> list:
        """The slots of the building market (1 to 4) whose tile ``player`` (a
        seat index or a name; by default the player to act) could pay for now
        with the cards in hand -- the slot's currency, at least the price (T2)
        -- whether or not it is their turn. Every hand is known (X3), so this
        tells nothing hidden. Empty once the game is over.

        >>> Game(["Ana", "Ben"], seed=1).affordable("Ben")
        [3, 4]"""
        seat = self.current if player is None else self.seat_of(player)
        if self.phase == "over":
            return []
        purse = self._purse(seat)
        return [i + 1 for i in _SLOTS if (t := self.market[i]) is not None and purse[i] >= t.price]

    def pending_for(self, player) -> list:
        """The tiles of ``player`` (a seat index or a name) still to place (T4, E3)."""
        player = self.seat_of(player)
        return [t for p, t in self.pending if p == player]

    def dirk_counts(self) -> tuple:
        c = [0] * 6
        for t in self.dirk:
            c[t.building.index] += 1
        return tuple(c)

    def __repr__(self):
        from .text import whose_move
        return f"<Game {len(self.players)} players, turn {self.turn}, {whose_move(self)}>"

    def __str__(self):
        from .text import game_text
        return game_text(self)

    def _repr_svg_(self):
        from ..render import game_svg
        return game_svg(self)

    # ------------------------------------------------------- legal actions
    # The lists are made of shared parts: the take options by the money
    # market, a player's buys by their hand and the market (module caches by
    # value), the redesigns and placements by the Alhambra (its own caches,
    # dropped when it changes). Actions are immutable, so the parts are shared.

    def legal_kinds(self) -> list:
        """The action kinds (see ``KINDS``) with at least one legal action now."""
        phase = self.phase
        if phase == "action":
            p = self.players[self.current]
            out = ["take"] if self.money else []
            purse = self._purse(self.current)
            market = self.market
            for i in _SLOTS:
                t = market[i]
                if t is not None and purse[i] >= t.price:
                    out.append("buy")
                    break
            if p.alhambra._can_remove() or (p.reserve and self._can_use_reserve(p)):
                out.append("redesign")
            if self.extra:
                out.append("end")
            return out or ["pass"]
        if phase == "place":
            cur = self.current
            return ["place"] if any(pl == cur for pl, _ in self.pending) else []
        return []

    def _purse(self, seat: int) -> tuple:
        """The money per currency in ``seat``'s hand (kept with the hand list
        it was counted from: hands are replaced, never changed, when they change)."""
        hand = self.players[seat].hand
        e = self._pc[seat]
        if e is not None and e[0] is hand:
            return e[1]
        purse = [0, 0, 0, 0]
        for c in hand:
            purse[c.key // 9] += c.value
        purse = tuple(purse)
        self._pc[seat] = (hand, purse, None)
        return purse

    def _hand_values(self, seat: int) -> tuple:
        """Per currency, the values of the cards in ``seat``'s hand, high to
        low (kept with the hand list they were read from, as ``_purse``)."""
        hand = self.players[seat].hand
        e = self._pc[seat]
        if e is not None and e[0] is hand and e[2] is not None:
            return e[2]
        vals = ([], [], [], [])
        for c in reversed(hand):      # (sorted by key: by currency, then value)
            vals[c.key // 9].append(c.value)
        v0, v1, v2, v3 = vals         # (written out: cheaper than map over them)
        vals = (tuple(v0) if v0 else (), tuple(v1) if v1 else (), tuple(v2) if v2 else (), tuple(v3) if v3 else ())
        purse = e[1] if e is not None and e[0] is hand else (sum(v0), sum(v1), sum(v2), sum(v3))
        self._pc[seat] = (hand, purse, vals)
        return vals

    @staticmethod
    def _can_use_reserve(p) -> bool:
        a = p.alhambra
        for t in p.reserve:
            m = t.mask
            if a._spots_for(m) or a._swap_cells(m):
                return True
        return False

    def legal_actions(self, kind: str | None = None) -> list:
        """Every legal action now, in a deterministic order: by kind (``KINDS``:
        take, buy, redesign, end, place, pass), then by form (remove, build,
        swap; place, reserve, dirk), then by slot, cards, tile id and position
        (north to south, west to east).

        For a purchase, every payment from which no card could be left out is
        listed; ``play`` also accepts any larger payment in the right currency.
        ``kind`` selects one kind (``"redesign"``) or one form (``"swap"``)."""
        phase = self.phase
        if kind is None:
            if phase == "action":
                # (the take options of the market listed last, and the caches of
                # _hand_values and _buy_options, read here first: a function
                # call costs more than a look-up)
                cur = self.current
                p = self.players[cur]
                money = self.money
                last = _LAST_TAKES[0]   # (read as one object: another thread may replace it)
                if money is last[0]:   # the market of the last list (no key to make)
                    out = [*last[1]]
                elif money:
                    # a market new to this list worked out afresh: not looked up
                    # in nor added to the cache by value (_TAKES, the options of
                    # the take kind asked alone): here, where every market but
                    # one just listed is new (that one is found by identity),
                    # a hit is rare (once in a few games on the public path: a
                    # copy's or an undo's market) and keeping every market cost
                    # more (its key, the entries the garbage collector walks)
                    got = _make_take_options(money)
                    _LAST_TAKES[0] = (money, got)
                    out = [*got]
                else:
                    out = []
                e = self._pc[cur]
                if e is None or e[0] is not p.hand:
                    self._purse(cur)
                    e = self._pc[cur]
                # the buys of each slot whose tile the purse pays for (written out
                # slot by slot: cheaper than a loop over the slots)
                p0, p1, p2, p3 = e[1]
                t0, t1, t2, t3 = self.market
                vals = e[2]   # (the entry of this very hand: None until its values are asked for)
                if t0 is not None and p0 >= t0.price:
                    vals = vals or self._hand_values(cur)
                    got = _BUYS.get(key := (0, t0.price, vals[0]))
                    out += got if got is not None else _new_buys(key)
                if t1 is not None and p1 >= t1.price:
                    vals = vals or self._hand_values(cur)
                    got = _BUYS.get(key := (1, t1.price, vals[1]))
                    out += got if got is not None else _new_buys(key)
                if t2 is not None and p2 >= t2.price:
                    vals = vals or self._hand_values(cur)
                    got = _BUYS.get(key := (2, t2.price, vals[2]))
                    out += got if got is not None else _new_buys(key)
                if t3 is not None and p3 >= t3.price:
                    vals = vals or self._hand_values(cur)
                    got = _BUYS.get(key := (3, t3.price, vals[3]))
                    out += got if got is not None else _new_buys(key)
                out += p.alhambra._redesigns(p.reserve)
                if self.extra:
                    out.append(_END)
                if not out:
                    out.append(_PASS)
                return out
            if phase == "place":
                # _gen of place, reserve and dirk, written out: my tiles by id,
                # each on its spots, then each into the reserve, then each to Dirk
                cur = self.current
                mine = []
                for pl, t in self.pending:
                    if pl == cur:
                        mine.append(t)
                if len(mine) > 1:
                    mine.sort(key=_tid)
                a = self.players[cur].alhambra
                out = []
                for t in mine:
                    out += a._actions(A.Place, t)
                for t in mine:
                    out.append(_RESERVE[t.id])
                if len(self.players) == 2 and not self.final:
                    for t in mine:
                        out.append(_DIRK[t.id])
                return out
            return []
        verbs = _KIND_VERBS.get(kind) if isinstance(kind, str) else None
        if verbs is None:
            raise ValueError(f"unknown action kind {A._shown(kind)}; kinds are {', '.join(A.KINDS)} "
                             f"(or one form: {', '.join(A.VERBS)})")
        if phase == "over":
            return []
        # whole kinds from the lists legal_actions() reads (a copy: callers may change it)
        if phase == "action":
            if kind == "redesign":
                p = self.players[self.current]
                return [*p.alhambra._redesigns(p.reserve)]
            if kind == "take":
                return [*_take_options(self.money)] if self.money else []
        elif kind == "place":
            return self.legal_actions()   # (in this phase, every action is a placement)
        if kind == "pass":
            return [_PASS] if self.legal_kinds() == ["pass"] else []
        phase_verbs = _PHASE_VERBS[phase]
        out = []
        for v in verbs:
            if v in phase_verbs:
                out += self._gen(v)
        return out

    def _gen(self, verb: str):
        """Legal actions of one form (notation verb)."""
        p = self.players[self.current]
        a = p.alhambra
        if verb == "take":
            return _take_options(self.money) if self.money else ()
        if verb == "buy":
            out = []
            purse = self._purse(self.current)
            market = self.market
            for i in _SLOTS:
                t = market[i]
                if t is not None and purse[i] >= t.price:
                    out += _buy_options(i, t.price, self._hand_values(self.current)[i])
            return out
        if verb == "remove":
            return a._remove_actions()
        if verb == "build":
            out = []
            for t in p.reserve:
                out += a._actions(A.Build, t)   # (whole tuples at a time)
            return out
        if verb == "swap":
            out = []
            for t in p.reserve:
                out += a._actions(A.Swap, t)   # (whole tuples at a time)
            return out
        if verb == "end":
            return [_END] if self.extra else ()
        cur = self.current
        mine = [t for pl, t in self.pending if pl == cur]
        if len(mine) > 1:
            mine.sort(key=_tid)
        if verb == "place":
            out = []
            for t in mine:
                out += a._actions(A.Place, t)   # (whole tuples at a time)
            return out
        if verb == "reserve":
            return [_RESERVE[t.id] for t in mine]
        if verb == "dirk":
            if self.n != 2 or self.final:
                return ()
            return [_DIRK[t.id] for t in mine]
        return ()

    def random_action(self, rng):
        """A random legal action: a kind chosen uniformly from ``legal_kinds()``,
        then an action uniformly from ``legal_actions(kind)``.

        ``rng`` is anything with a ``random()`` method (a ``random.Random``).
        The result has the distribution of
        ``rng.choice(legal_actions(rng.choice(legal_kinds())))``, but only the
        chosen action is built (a take from the shared one-card actions and
        the cached sets of low cards; a buy from the cached payment patterns;
        redesigns and placements by rejection, nothing listed), which makes
        random playouts several times cheaper."""
        phase = self.phase
        r = rng.random
        cur = self.current
        p = self.players[cur]
        if phase == "action":
            # legal_kinds(), inlined: take, buy, redesign, end (or pass)
            money = self.money
            e = self._pc[cur]
            purse = e[1] if e is not None and e[0] is p.hand else self._purse(cur)
            market = self.market
            t0, t1, t2, t3 = market   # (a tile the purse pays for, slot by slot, written out)
            # (a condition, not a value: a comparison followed by a jump is
            # the interpreter's quick one of two ints)
            if (t0 is not None and purse[0] >= t0.price) or (t1 is not None and purse[1] >= t1.price) \
                    or (t2 is not None and purse[2] >= t2.price) or (t3 is not None and purse[3] >= t3.price):
                buy = True
            else:
                buy = False
            a = p.alhambra
            redesign = a._canrm   # (Alhambra._can_remove, cached until it changes)
            if redesign is None:
                redesign = a._can_remove()
            if not redesign and p.reserve:
                redesign = self._can_use_reserve(p)
            n = (1 if money else 0) + buy + redesign + self.extra
            if not n:
                r()   # the kind, then the action: as for any kind
                r()
                return _PASS
            k = _floor(r() * n)
            if money:
                if not k:
                    # _take_options(money)[int(r() * len(...))] without making the list
                    ones, more = _take_parts(money)
                    i = _floor(r() * (len(ones) + len(more)))
                    return _TAKE_ONE[ones[i].key] if i < len(ones) else more[i - len(ones)]
                k -= 1
            if buy:
                if not k:
                    vals = self._pc[cur][2]   # (the entry of this hand: _purse above)
                    hand = p.hand
                    options = []
                    total = 0
                    for i in _SLOTS:
                        t = market[i]
                        if t is not None and purse[i] >= t.price:
                            if vals is not None:
                                v = vals[i]
                            else:
                                # the values of this currency only, high to low (the
                                # hand is sorted by key: by currency, then value)
                                lo = 9 * i
                                hi = lo + 9
                                v = []
                                for c in reversed(hand):
                                    key = c.key
                                    if key < hi:
                                        if key < lo:
                                            break
                                        v.append(c.value)
                                v = tuple(v)
                            pats = _PAY.get((t.price,) + v)   # (_payments, cached)
                            if pats is None:
                                pats = _payments(v, t.price)
                            options.append((i, pats))
                            total += len(pats)
                    j = _floor(r() * total)
                    for i, pats in options:
                        if j < len(pats):
                            return _BUY_OF[i][pats[j]]   # (the shared Buy of those values)
                        j -= len(pats)
                k -= 1
            if redesign and not k:
                return self._random_redesign(r, p, a)
            r()
            return _END
        if phase == "place":
            mine = []
            for pl, t in self.pending:
                if pl == cur:
                    mine.append(t)
            if not mine:
                return None
            r()  # the kind: "place" is the only one
            # by rejection: any of my bought tiles on any free spot next to the
            # Alhambra (kept if it fits), or into the reserve, or to Dirk
            a = p.alhambra
            if len(mine) > 1:
                mine.sort(key=_tid)
            cells = a._cells   # (the free cells, north to south, if worked out already)
            free = cells[0] if cells is not None else sorted(a._frontier)
            n_free = len(free)
            n_place = len(mine) * n_free
            n_other = len(mine) * (2 if len(self.players) == 2 and not self.final else 1)
            fr = a._frontier
            n_all = n_place + n_other
            for _ in _TRIES:
                i = _floor(r() * n_all)
                if i >= n_place:
                    i -= n_place
                    if i < len(mine):
                        return _RESERVE[mine[i].id]
                    return _DIRK[mine[i - len(mine)].id]
                t = mine[i // n_free]
                q = free[i % n_free]
                e = fr[q]   # P2-P5 checked locally, as Alhambra._place_cell does
                if _FIT[t.mask][e & 255] and (not _MULTI[e >> 8] or not a._would_enclose(q)):
                    return _PLACE_AT[t.id][q]
            acts = self.legal_actions("place")
            return acts[_floor(r() * len(acts))]
        return None

    def _random_redesign(self, r, p, a):
        """A redesign (T3) drawn uniformly from all legal ones, by rejection:
        draw uniformly from a superset of candidates -- any tile out, any
        reserve tile on any free spot next to the Alhambra, any reserve tile
        for any Alhambra tile -- whose legality is a cheap local check, until
        one is legal. Nothing is listed, so nothing needs building first.
        ``r`` is a ``random()`` function, ``p`` the player to act, ``a`` their Alhambra."""
        res = p.reserve
        masks = a._masks
        fr = a._frontier
        # the building tiles and the free cells, north to south, are sorted
        # only once a draw needs them (sorting is most of the cost of a draw)
        tiles = free = None
        nr = len(masks) - 1   # (not the fountain)
        nf = len(fr) if res else 0
        nb = len(res) * nf
        nrb = nr + nb
        total = nrb + len(res) * nr
        for _ in _TRIES:
            i = _floor(r() * total)
            if i < nr:
                if tiles is None:
                    tiles = _building_cells(a)
                q = tiles[i]
                # (a tile joined to one tile only is no cut point, P4: then
                # only a hole could stop it, P5 -- Alhambra._removal_rule_at)
                if (a._sk[q] < 240 if _ONE[a._links[q]] else a._removal_rule_at(q) is None):
                    return _REMOVE[q]
            elif i < nrb:
                if free is None:
                    cells = a._cells   # (the free cells, sorted, if worked out already)
                    free = cells[0] if cells is not None else sorted(fr)
                j = i - nr
                t = res[j // nf]
                q = free[j % nf]
                e = fr[q]   # P2-P5 checked locally, as Alhambra._place_cell does
                if _FIT[t.mask][e & 255] and (not _MULTI[e >> 8] or not a._would_enclose(q)):
                    return _BUILD_AT[t.id][q]
            else:
                if tiles is None:
                    tiles = _building_cells(a)
                j = i - nrb
                t = res[j // nr]
                q = tiles[j % nr]
                if _SWAPB[t.mask][a._sk[q]]:   # P3, P7 checked locally, as Alhambra._swap_cell does
                    return _SWAP_AT[t.id][q]
        acts = self.legal_actions("redesign")  # few legal among many candidates
        return acts[_floor(r() * len(acts))]

    def is_legal(self, action) -> bool:
        """Would ``play(action)`` be accepted? (Nothing changes.)"""
        return self.why_illegal(action) is None

    def why_illegal(self, action):
        """The :class:`IllegalMove` that ``play(action)`` would raise, or
        ``None`` if the action is legal now; nothing changes. (The same
        convention as ``Alhambra.why_not``: a reason, or None.)"""
        try:
            self.copy(history=False).play(action, record=False)
        except IllegalMove as e:
            return e
        return None

    # --------------------------------------------------------------- play
    def play(self, action, *, record: bool = True) -> None:
        """Play an action (an Action or its notation, e.g. ``"buy 2 with dirham 3+4"``).

        Raises :class:`IllegalMove` (with the rule id) and changes nothing if
        the action is not legal now. The move goes into the move record
        (``moves``; ``undo`` takes it back) and the listeners hear of it. With
        ``record=False`` nothing is recorded and nobody is told (faster for
        search; ``undo`` cannot take it back)."""
        try:
            handler = _HANDLERS[type(action)]   # (a subscript: cheaper than a call of get)
        except KeyError:
            handler = None
        if handler is None:
            if isinstance(action, str):
                try:
                    action = A.parse(action)
                except NotationError as e:
                    raise IllegalMove("T", e.key, **e.params) from None
                except IllegalMove:
                    raise
                except ValueError:
                    raise IllegalMove("T", "error.T.unreadable", text=A._shown(action)) from None
                handler = _HANDLERS[type(action)]
            else:
                raise IllegalMove("T", "error.T.not_an_action", type=type(action).__name__)
        if not record:
            handler(self, action)   # (each checks the phase first: none acts once the game is over)
            self._due = 0    # (a position the record cannot replay: the next recorded move saves it)
            return
        moves = self.moves
        k = len(moves)
        if k >= self._due:   # a snapshot is due (or the record is full)
            if k >= MAX_MOVES:
                if self.phase == "over":
                    raise IllegalMove("E4", "error.E4.game_over")
                raise IllegalMove("T", "error.T.too_many_moves", most=MAX_MOVES)
            self._cps.append((k, _SAVE[len(self.players)](self)))
            self._due = min(k + _EVERY, MAX_MOVES)
        # the move as the handler records it: index, player, action, turn, then its events
        self._events = events = [k + 1, self.current, action, self.turn]
        try:
            handler(self, action)
        except IllegalMove:
            self._events = None   # a refusal changed nothing: every handler checks first
            raise
        except BaseException:
            self._events = None
            self._rewind(k)       # anything else is undone too
            raise
        self._events = None
        if handler is _RESHUFFLE:
            events[1] = None      # chance: nobody's move, keeps the redo list (what of it can still be played)
            if self._redo:
                self._keep_playable_redo()
        else:
            redo = self._redo
            if redo:
                if redo[-1] == action:
                    redo.pop()
                else:
                    redo.clear()
        moves.append(move := _new(Move, events))
        if self._listeners:
            self._tell("play", move)

    def _keep_playable_redo(self) -> None:
        """After a reshuffle, keep on the redo list only the moves that can
        still be played again in turn: what is dealt from now on is drawn in
        another order, so a later move may find another market (a purchase
        of another price, a tile to place that is not there). Tried on a copy
        with the same hidden order, so the moves kept are exactly those
        ``redo`` will play. A reshuffle taken back is dropped from it: this
        one supersedes it (played again, it would bring back an order seen
        before, and every undo and redo at the table would add one more)."""
        redo = self._redo
        redo[:] = [a for a in redo if a.kind != A.CHANCE]
        trial = self.copy(history=False)
        kept = 0
        for action in reversed(redo):
            try:
                trial.play(action, record=False)
            except IllegalMove:
                break
            kept += 1
        del redo[:len(redo) - kept]

    # action handlers: each checks everything first, then changes the state

    def _need_phase(self, action, phase: str):
        if self.phase == "over":
            raise IllegalMove("E4", "error.E4.game_over")
        if self.phase != phase:
            if self.phase == "place":
                key = "error.T4.place_first_dirk" if self.n == 2 and not self.final else "error.T4.place_first"
                raise IllegalMove("T4", key, name=self.players[self.current].name, action=str(action))
            raise IllegalMove("T4", "error.T4.nothing_to_place", action=str(action))

    def _alhambra(self, seat: int):
        """The Alhambra of ``seat``, safe to change in place: when others
        share it (a snapshot, a copy), a copy of it takes its place first."""
        p = self.players[seat]
        if not self._own >> seat & 1:
            old = p.alhambra
            p.alhambra = old._cow()
            old._changed()   # its answers are seldom asked again: not kept in the record
            self._own |= 1 << seat
        return p.alhambra

    def _take(self, action: A.TakeMoney):
        if self.phase != "action":
            self._need_phase(action, "action")
        cards = action[1]
        money = self.money
        cur = self.current
        p = self.players[cur]
        i = -1
        if len(cards) == 1:   # the common case, checked at once: where the card lies
            c = cards[0]
            # (found by identity, as cards are shared objects: ``in`` and
            # list.remove would compare cards with ==, at Python cost)
            j = 0
            for x in money:
                if x is c:
                    i = j
                    break
                j += 1
        if i >= 0:
            money = money.copy()       # short lists are replaced, never changed in place
            del money[i]
            self.money = money
            old = p.hand
            hand = old.copy()
            insort(hand, c, key=_KEY)
            p.hand = hand
            pc = self._pc
            e = pc[cur]
            if e is not None and e[0] is old:   # the money per currency, kept up to date
                purse = list(e[1])
                purse[c.key // 9] += c.value
                # (and the values per currency, when they were asked for)
                pc[cur] = (hand, tuple(purse), None if e[2] is None else _values_with(e[2], c))
        else:
            if not cards:
                raise IllegalMove("T1", "error.T1.none_named")
            rest = money.copy()
            try:
                for c in cards:
                    rest.remove(c)
            except ValueError:   # (the market itself is unchanged)
                if not money:
                    raise IllegalMove("T1", "error.T1.market_empty", cards=cards) from None
                raise IllegalMove("T1", "error.T1.not_in_market", shown=tuple(sorted(money, key=_KEY)),
                                  cards=cards) from None
            if len(cards) > 1 and sum(map(_VALUE, cards)) > 5:
                raise IllegalMove("T1", "error.T1.sum_over_5", total=sum(c.value for c in cards))
            self.money = rest
            old = p.hand
            p.hand = hand = sorted(old + list(cards), key=_KEY)
            pc = self._pc
            e = pc[cur]
            if e is not None and e[0] is old:
                purse = list(e[1])
                for c in cards:
                    purse[c.key // 9] += c.value
                pc[cur] = (hand, tuple(purse), None)   # (seldom: the values are read again when asked)
        ev = self._events
        if ev is not None:
            ev += ("take", cur, None, None, None, None, cards, (), None)
        if self.pending:   # bought with an extra action (T2a): to place now (_after_action, inlined)
            self.actions_this_turn += 1
            self.extra = False
            self.phase = "place"
        else:
            self._end_turn()   # (which counts the next turn's actions from 0)

    def _buy(self, action: A.Buy):
        if self.phase != "action":
            self._need_phase(action, "action")
        slot = action[1]
        t = self.market[slot - 1]
        if t is None:
            raise IllegalMove("T2", "error.T2.empty_slot", slot=slot)
        cards = action[2]
        if not cards:
            raise IllegalMove("T2", "error.T2.no_cards", tile=t, currency=SLOT_CURRENCY[slot - 1])
        k = slot - 1
        total = 0
        for c in cards:
            if c.key // 9 != k:
                cur = SLOT_CURRENCY[k]
                raise IllegalMove("T2", "error.T2.wrong_currency", slot=slot, currency=cur,
                                  cards=tuple([c for c in cards if c.currency is not cur]))
            total += c.value
        cur = self.current
        p = self.players[cur]
        old = p.hand
        hand = old.copy()
        for c in cards:
            # the card found by its key (the hand is sorted by key; cards are
            # shared objects): list.remove would compare cards with ==, which a
            # card does in Python (it has an order), at many times the cost
            i = bisect_left(hand, c.key, key=_KEY)
            if i == len(hand) or hand[i] is not c:
                raise IllegalMove("T2", "error.T2.not_in_hand", name=p.name, cards=cards)
            del hand[i]
        if total < t.price:
            raise IllegalMove("T2", "error.T2.too_little", tile=t, price=t.price, currency=SLOT_CURRENCY[k],
                              cards=cards, total=total)
        pc = self._pc
        e = pc[cur]
        if e is not None and e[0] is old:   # the money per currency, kept up to date
            purse = list(e[1])
            purse[k] -= total
            # (and the values per currency, when they were asked for)
            pc[cur] = (hand, tuple(purse), None if e[2] is None else _values_without(e[2], k, cards))
        p.hand = hand
        (self.discard if self._own & _DISCARD else self._claim(_DISCARD)).extend(cards)
        market = self.market.copy()
        market[k] = None
        self.market = market
        pending = self.pending
        self.pending = [*pending, (cur, t)]
        self.actions_this_turn += 1
        # (_after_action, inlined: with a tile to place the turn goes on)
        ev = self._events
        if total == t.price:
            self.extra = True
            if ev is not None:
                ev += ("pay", cur, slot, None, None, None, cards, (), None,
                       "buy", cur, slot, t, None, None, (), (), None,
                       "extra", cur, None, None, None, None, (), (), None)
        else:
            self.extra = False
            self.phase = "place"
            if ev is not None:
                ev += ("pay", cur, slot, None, None, None, cards, (), None,
                       "buy", cur, slot, t, None, None, (), (), None)

    def _remove(self, action: A.Remove):
        if self.phase != "action":
            self._need_phase(action, "action")
        cur = self.current
        p = self.players[cur]
        a = p.alhambra
        q = a._remove_cell(action[1])
        if not self._own >> cur & 1:   # shared: a copy of its own first
            a = self._alhambra(cur)
        t = a._take(q)
        res = [*p.reserve, t]
        res.sort(key=_tid)
        p.reserve = res
        ev = self._events
        if ev is not None:
            ev += ("remove", cur, None, t, action[1], None, (), (), None)
        if self.pending:   # (_after_action, inlined) tiles bought with an extra action: to place now
            self.actions_this_turn += 1
            self.extra = False
            self.phase = "place"
        else:
            self._end_turn()

    def _reserve_tile(self, action, rule: str) -> Tile:
        p = self.players[self.current]
        tid = action[1]
        for t in p.reserve:
            if t.id == tid:
                return t
        key = "error.T3.bought_this_turn" if any(t.id == action.tile_id for _, t in self.pending) else \
            "error.T3.not_in_reserve"
        raise IllegalMove(rule, key, tile=BY_ID[action.tile_id], name=p.name)

    def _build(self, action: A.Build):
        if self.phase != "action":
            self._need_phase(action, "action")
        cur = self.current
        p = self.players[cur]
        tid = action[1]
        for t in p.reserve:   # (_reserve_tile, inlined)
            if t.id == tid:
                break
        else:
            self._reserve_tile(action, "T3b")   # raises: not in the reserve
        a = p.alhambra
        q = a._place_cell(t, action[2])
        if not self._own >> cur & 1:
            a = self._alhambra(cur)
        a._put(t, q)
        res = p.reserve.copy()
        res.remove(t)      # (tiles are unique and compare by identity)
        p.reserve = res
        ev = self._events
        if ev is not None:
            ev += ("build", cur, None, t, action[2], None, (), (), None)
        if self.pending:   # (_after_action, inlined) tiles bought with an extra action: to place now
            self.actions_this_turn += 1
            self.extra = False
            self.phase = "place"
        else:
            self._end_turn()

    def _swap(self, action: A.Swap):
        if self.phase != "action":
            self._need_phase(action, "action")
        cur = self.current
        p = self.players[cur]
        tid = action[1]
        for t in p.reserve:   # (_reserve_tile, inlined)
            if t.id == tid:
                break
        else:
            self._reserve_tile(action, "T3c")   # raises: not in the reserve
        a = p.alhambra
        q = a._swap_cell(t, action[2])
        if not self._own >> cur & 1:
            a = self._alhambra(cur)
        old = a._swap_at(t, q)
        res = p.reserve.copy()
        res.remove(t)
        res.append(old)
        res.sort(key=_tid)
        p.reserve = res
        ev = self._events
        if ev is not None:
            ev += ("swap", cur, None, t, action[2], old, (), (), None)
        if self.pending:   # (_after_action, inlined) tiles bought with an extra action: to place now
            self.actions_this_turn += 1
            self.extra = False
            self.phase = "place"
        else:
            self._end_turn()

    def _end(self, action: A.EndTurn):
        if self.phase != "action":
            self._need_phase(action, "action")
        if not self.extra:
            raise IllegalMove("T2a", "error.T2a.no_extra")
        self._after_action(extra=False)

    def _pass(self, action: A.Pass):
        if self.phase != "action":
            self._need_phase(action, "action")
        if self._gen_any():
            raise IllegalMove("X4", "error.X4.can_act", name=self.players[self.current].name)
        self._after_action(extra=False)

    def _gen_any(self) -> bool:
        return self.legal_kinds() != ["pass"]

    def _pending_index(self, action) -> int:
        cur = self.current
        tid = action[1]
        for i, (pl, t) in enumerate(self.pending):
            if pl == cur and t.id == tid:
                return i
        raise IllegalMove("T4", "error.T4.not_pending", tile=BY_ID[action.tile_id],
                          name=self.players[self.current].name)

    def _place(self, action: A.Place):
        if self.phase != "place":
            self._need_phase(action, "place")
        pending = self.pending
        cur = self.current
        tid = action[1]
        for i, (pl, t) in enumerate(pending):   # (_pending_index, inlined)
            if pl == cur and t.id == tid:
                break
        else:
            self._pending_index(action)   # raises: not a tile of the player's to place
        a = self.players[cur].alhambra
        q = a._place_cell(t, action[2])
        if not self._own >> cur & 1:
            a = self._alhambra(cur)
        a._put(t, q)
        # (the last tile to place, as nearly always: no slices)
        self.pending = pending = pending[:i] + pending[i + 1:] if len(pending) > 1 else []
        ev = self._events
        if ev is not None:
            ev += ("place", cur, None, t, action[2], None, (), (), None)
        if self.final:
            self._after_placement()
        elif not pending:   # (in play: the turn ends once nothing is left to place)
            self._end_turn()

    def _reserve(self, action: A.Reserve):
        if self.phase != "place":
            self._need_phase(action, "place")
        pending = self.pending
        cur = self.current
        tid = action[1]
        for i, (pl, t) in enumerate(pending):   # (_pending_index, inlined)
            if pl == cur and t.id == tid:
                break
        else:
            self._pending_index(action)   # raises
        p = self.players[cur]
        res = [*p.reserve, t]
        res.sort(key=_tid)
        p.reserve = res
        # (the last tile to place, as nearly always: no slices)
        self.pending = pending = pending[:i] + pending[i + 1:] if len(pending) > 1 else []
        ev = self._events
        if ev is not None:
            ev += ("reserve", cur, None, t, None, None, (), (), None)
        if self.final:
            self._after_placement()
        elif not pending:   # (in play: the turn ends once nothing is left to place)
            self._end_turn()

    def _give_dirk(self, action: A.GiveToDirk):
        if self.phase != "place":
            self._need_phase(action, "place")
        if len(self.players) != 2:
            raise IllegalMove("D4", "error.D4.two_players")
        if self.final:
            raise IllegalMove("E2", "error.E2.dirk_final")
        i = self._pending_index(action)
        t = self.pending[i][1]
        self.dirk = sorted(self.dirk + [t], key=_tid)
        self.pending = self.pending[:i] + self.pending[i + 1:]
        ev = self._events
        if ev is not None:
            ev += ("dirk", self.current, None, t, None, None, (), (), None)
        if not self.pending:   # (never at the end: refused above, E2)
            self._end_turn()

    # ------------------------------------------------------ turn structure
    def _after_action(self, extra: bool):
        if extra:
            self.extra = True
            return
        if self.pending:   # (before the end, every tile to place is the player's to act)
            self.extra = False
            self.phase = "place"
        else:
            self._end_turn()   # (which ends the extra action too)

    def _after_placement(self):
        """E3: a tile of the awards placed at the end; the next player with tiles to place, or the
        end. (In play the handlers end the turn themselves once nothing is left to place.)"""
        pending = self.pending
        cur = self.current
        if any(pl == cur for pl, _ in pending):
            return
        if pending:
            self.current = pending[0][0]
        else:
            self._finish()

    def _end_turn(self):
        """T5: refill money then buildings, score if a scoring card came up, next player."""
        due = None
        ev = self._events
        money = self.money
        k = len(money)
        if k == 3 and (deck := self.deck) and type(deck[-1]) is not ScoringCard:
            # one card short (a card was taken) and a money card on top, as nearly always
            if not self._own & _DECK:
                deck = self._claim(_DECK)
            c = deck.pop()
            if ev is not None:
                ev += ("money", None, None, None, None, None, _ALONE[c.key], (), None)
            self.money = [*money, c]
        elif k < 4 and (self.deck or self.discard):
            deck = self.deck if self._own & _DECK else self._claim(_DECK)
            drawn = []
            while k < 4:
                if not deck:
                    if not self.discard:
                        break  # X5: the money market stays short
                    deck.extend(self.discard)
                    self.discard = []
                    self._own |= _DISCARD
                    self._shuffle(deck)
                    if ev is not None:
                        if drawn:
                            ev += ("money", None, None, None, None, None, tuple(drawn), (), None)
                            money = money + drawn
                            drawn = []
                        ev += ("shuffle", None, None, None, None, None, (), (), None)
                c = deck.pop()
                if type(c) is ScoringCard:
                    due = [int(c)] if due is None else sorted(due + [int(c)])
                    if ev is not None:
                        ev += ("scoring", None, None, None, None, None, (), (), int(c))
                    continue
                drawn.append(c)
                k += 1
            if drawn:
                if ev is not None:
                    ev += ("money", None, None, None, None, None, tuple(drawn), (), None)
                money = money + drawn
            self.money = money
        market = self.market
        short = False   # a slot left empty: the bag ran out (E1)
        t0, t1, t2, t3 = market
        # (None in market, by identity: ``in`` compares each tile with None, at C cost but many times more)
        if t0 is None or t1 is None or t2 is None or t3 is None:   # after a purchase
            if self.bag:
                market = self.market = market.copy()
                bag = self.bag if self._own & _BAG else self._claim(_BAG)
                for i in _SLOTS:   # slot by slot, 1 to 4
                    if market[i] is None:
                        if not bag:
                            short = True
                            break
                        s = self._rng = (self._rng + 0x9E3779B97F4A7C15) & M64   # _draw_tile, inlined
                        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
                        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
                        market[i] = t = bag.pop(((z ^ (z >> 31)) * len(bag)) >> 64)
                        if ev is not None:
                            ev += ("refill", None, i + 1, t, None, None, (), (), None)
            else:
                short = True
        if due:
            for r in due:
                self._score(r)
                if len(self.players) == 2:  # D2
                    self._dirk_draw(6 if r == 1 else len(self.bag) // 3)
        self.extra = False
        self.actions_this_turn = 0
        if short:
            self._game_end()
            return
        cur = self.current + 1
        if cur == len(self.players):
            cur = 0
        self.current = cur
        self.turn += 1
        self.phase = "action"
        if ev is not None:
            ev += _NEXT[cur]

    def _game_end(self):
        """E1-E3: award the tiles left in the market, let them be placed, score round 3."""
        self.final = True
        market = self.market = self.market.copy()
        pending = self.pending = self.pending.copy()
        purses = []   # per player, the money per currency
        for p in self.players:
            purse = [0, 0, 0, 0]
            for c in p.hand:
                purse[c.key // 9] += c.value
            purses.append(purse)
        for slot in range(4):
            t = market[slot]
            if t is None:
                continue
            totals = [purse[slot] for purse in purses]
            best = max(totals)
            if best > 0 and totals.count(best) == 1:
                market[slot] = None
                pending.append((totals.index(best), t))
                if self._events is not None:
                    self._events += ("award", totals.index(best), slot + 1, t, None, None, (), (), None)
        pending.sort(key=lambda e: (e[0], e[1].id))
        if self.pending:
            self.phase = "place"
            self.current = self.pending[0][0]
        else:
            self._finish()

    def _finish(self):
        self._score(3)
        self.phase = "over"
        if self._events is not None:
            self._events += ("over", None, None, None, None, None, (), (), None)

    def scoring_preview(self, round: int | None = None) -> dict:
        """What scoring round ``round`` (1-3; by default the next one, the
        third once the game is over) would give if it were scored now: a dict
        in the shape of a record of ``rounds`` (``counts``, ``buildings``,
        ``walls``, ``points``, ``dirk``, and the ``scores`` the players would
        have after it). Every Alhambra is public, so this tells nothing hidden;
        nothing changes.

        >>> Game(["Ana", "Ben", "Chi"], seed=1).scoring_preview()["points"]
        [0, 0, 0]
        """
        if round is None:
            round = min(3, len(self.rounds) + 1)
        if round not in (1, 2, 3) or isinstance(round, bool):
            raise ValueError(f"scoring rounds are 1, 2 and 3, not {round!r}")
        return self._round_record(round)

    def _round_record(self, rnd: int) -> dict:
        """C1-C4 (and D3): the record of scoring round ``rnd`` scored now (nothing changes)."""
        entries = [p.alhambra.counts() for p in self.players]
        with_dirk = self.n == 2
        if with_dirk:
            entries.append(self.dirk_counts())
        pts = round_points(entries, rnd)
        walls = [p.alhambra.longest_wall() for p in self.players]
        totals = [sum(pts[i]) + walls[i] for i in range(self.n)]
        return {
            "round": rnd,
            "counts": [list(e) for e in entries],
            "buildings": [pts[i] for i in range(self.n)],
            "walls": walls,
            "points": totals,
            "dirk": pts[self.n] if with_dirk else None,
            "scores": [p.score + gained for p, gained in zip(self.players, totals)],
        }

    def _score(self, rnd: int):
        """C1-C4 (and D3): one scoring round."""
        r = self._round_record(rnd)
        for p, gained in zip(self.players, r["points"]):
            p.score += gained
        self.rounds = self.rounds + [r]
        if self._events is not None:
            self._events += ("score", None, None, None, None, None, (), (), rnd)

    # ------------------------------------------------- the record, undo, copy
    @property
    def history(self) -> list:
        """The actions played, in order (``[m.action for m in moves]``)."""
        return [m.action for m in self.moves]

    def copy(self, history: bool = True) -> "Game":
        """An independent copy of the game (same future: the RNG state is
        copied). With ``history=False`` the copy starts its own record at this
        position: no moves to undo (cheaper, for search). Listeners are not copied."""
        g = _clone(self, Game.__new__(Game))   # the Alhambras are shared until either game changes one
        g.seed = self.seed
        if history:
            g.moves = self.moves.copy()     # moves and snapshots never change: shared
            g._cps = self._cps.copy()
            g._redo = self._redo.copy()
            g._due = self._due
        else:
            g.moves, g._cps, g._redo = [], [], []
            g._due = 0
        g._events = None
        g._listeners = []
        return g

    def what_if(self, action, *more) -> "Game":
        """An independent copy of the game after ``action`` (and any further
        actions), each an Action or its notation: a branch to explore. This
        game is unchanged; the copy keeps the history (undo, save, analyse).
        Raises :class:`IllegalMove` if an action is illegal.

        >>> g = Game(2, seed=1)
        >>> h = g.what_if(g.legal_actions("take")[0])
        >>> len(h.history), len(g.history)
        (1, 0)
        """
        g = self.copy()
        for a in (action,) + more:
            g.play(a)
        return g

    def start_state(self) -> dict:
        """The position the move record starts from (the record's ``start``)."""
        return S.dump_state(_as_position(self._cps[0][1], self.names) if self.moves else self)

    def undo(self):
        """Take back the last move and return its action; the position is
        exactly what it was before (``to_json()`` included), in constant
        time. ``redo()`` plays it again. Raises IndexError when there is no
        move to take back.

        This undo is exact: the order of the deck and the bag comes back with
        the position, as scripts and analysis need. At a table, where an undo
        must not show what comes next, use ``undo(); resample_hidden(rng)``
        (the widget does).

        (The record saves the position every 32 moves; an undo puts the
        last saved one back and replays the moves after it, at most 31.)"""
        if not self.moves:
            raise IndexError("nothing to undo: no move has been played since the start of the record")
        move = self.moves.pop()
        self._rewind(len(self.moves))
        self._redo.append(move.action)
        self._tell("undo", move)
        return move.action

    def redo(self):
        """Play the last move taken back by ``undo`` again and return its
        action (IndexError if there is none). Any other move played meanwhile
        ends what can be redone; a reshuffle (:meth:`resample_hidden`) ends it
        where a move could not be played again in the new order."""
        if not self._redo:
            raise IndexError("nothing to redo")
        action = self._redo[-1]
        listeners, self._listeners = self._listeners, []
        left = len(self._redo)
        try:
            self.play(action)          # pops it from the redo list ...
        finally:
            self._listeners = listeners
        if len(self._redo) == left:    # ... except a chance move's (play keeps the list for those)
            self._redo.pop()
        self._tell("redo", self.moves[-1])
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self.moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def position_at(self, k: int) -> "Game":
        """A new game at the position after the first ``k`` moves (0 = the
        start of the record, ``len(moves)`` = now), with those k moves as its
        record, so it can be drawn, undone or played on without touching this
        game. Constant time: a saved position (the record saves one every 32
        moves) and at most 31 moves replayed from it."""
        n = len(self.moves)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
            raise ValueError(f"a position index runs from 0 to {n}, not {k!r}")
        if k == n:
            g = self.copy()
            g._redo = []
            return g
        cps = [cp for cp in self._cps if cp[0] <= k]
        c, snap = cps[-1]
        g = _clone(_load(snap, Game.__new__(Game), self.names), Game.__new__(Game))  # lists of its own
        g.seed = self.seed
        g._events = None
        for m in self.moves[c:k]:
            _HANDLERS[type(m[2])](g, m[2])
        g.moves = self.moves[:k]
        g._cps = cps
        g._due = min(c + _EVERY, MAX_MOVES)
        g._redo, g._listeners = [], []
        return g

    def _rewind(self, k: int) -> None:
        """Make the position the one after the first ``k`` moves of the
        record: the last position saved at or before it, and the moves after
        that replayed (drops the saved positions after it)."""
        cps = self._cps
        while cps[-1][0] > k:
            cps.pop()
        c, snap = cps[-1]
        _load(snap, self)   # shared with copies of the game: never changed (see _claim)
        self._events = None
        for m in self.moves[c:k]:
            _HANDLERS[type(m[2])](self, m[2])
        self._due = min(c + _EVERY, MAX_MOVES)

    def forget_moves(self) -> None:
        """Make the position now the start of the record: no move to undo
        or redo (a lesson's set-up plays moves to reach its position)."""
        self.moves, self._cps, self._redo = [], [], []
        self._due = 0
        self._tell("restore", None)

    # ------------------------------------------------------------ listeners
    def listen(self, fn) -> None:
        """Call ``fn(game, event, move)`` after every change of the position:
        event ``"play"`` (``move``: the :class:`Move` just played),
        ``"undo"`` (the move taken back), ``"redo"`` (the move played again)
        and ``"restore"`` (the position was set otherwise: ``move`` is None).
        Plain callbacks, called in the order they were added; a bound method
        is held weakly, so a forgotten widget does not live on through its
        game. Copies of the game have no listeners."""
        if not callable(fn):
            raise TypeError("listen takes a callable: fn(game, event, move)")
        # (a method of an object, held weakly; a builtin such as print has a
        # __self__ too, the module, and is held as any function is)
        ref = weakref.WeakMethod(fn) if isinstance(fn, MethodType) else _Strong(fn)
        self._listeners.append(ref)

    def unlisten(self, fn) -> None:
        """Stop calling ``fn`` (nothing happens if it was not listening)."""
        self._listeners = [r for r in self._listeners if r() is not None and r() != fn]

    def _tell(self, event: str, move) -> None:
        if not self._listeners:
            return
        for ref in list(self._listeners):
            fn = ref()
            if fn is not None:
                try:
                    fn(self, event, move)
                except Exception as e:
                    # (raised from play, undo or redo: it is not the refusal of what it was asked)
                    n = len(self.moves)
                    add_note(e, f"(raised by the listener {getattr(fn, '__qualname__', fn)!r:.80} after the "
                                f"{event}: the game has changed, {n} move{'' if n == 1 else 's'} now)")
                    raise

    def __getstate__(self):
        state = self.__dict__.copy()
        state["_listeners"] = []      # listeners are not part of a game
        return state

    # ------------------------------------------------------ hidden information
    def observation(self, seat=None) -> dict:
        """What ``seat`` (an index or a name) may know of the position (RULES X3), as plain JSON:
        everything a perfect memory knows -- every hand (dealt and taken face
        up), the markets, the discard pile, Dirk's tiles, the tiles to place,
        the scores and rounds -- and of the hidden part only what can be
        counted: which money cards and scoring cards are in the deck (not
        their order) and which tiles are in the bag (not which comes next).
        The same for every seat (X3); ``seat`` is recorded in the result.
        Never the random number generator."""
        seat = S.seat_index(seat, self.names, "seat", none="for what every seat knows")
        state = S.dump_state(self)
        del state["rng"]
        deck = state.pop("deck")
        state["deck"] = {"size": len(deck),
                         "cards": sorted((c for c in deck if not c.startswith("scoring")),
                                         key=lambda c: _CARD_ORDER[c]),
                         "scoring": sorted(int(c.split()[1]) for c in deck if c.startswith("scoring"))}
        state["bag"] = {"size": len(self.bag), "tiles": state["bag"]}
        state["discard"] = sorted(state["discard"], key=lambda c: _CARD_ORDER[c])   # a pile: its order plays no part
        state["seat"] = seat
        return state

    def resample_hidden(self, rng, *, record: bool = True) -> None:
        """Give the hidden part of the position a fresh sample consistent with
        what is known (:meth:`observation`): the money cards of the deck in a
        new order, the scoring cards still in it at plausible places (S6),
        and the random number generator (which decides every draw from the
        bag) re-seeded. ``rng`` (a ``random.Random``) gives one 64-bit value,
        from which the sample follows; positions that differ only in hidden
        order give the same sample for the same value.

        The sample is a chance move, :class:`~alhambra_widget.engine.actions.Reshuffle`,
        recorded like any move (so a record still replays exactly; ``undo``
        takes it back) -- unless ``record=False`` (a search's copy)."""
        self.play(A.Reshuffle(rng.getrandbits(64)), record=record)

    def _reshuffle(self, action) -> None:
        if self.phase == "over":
            raise IllegalMove("E4", "error.E4.game_over")
        import random
        from .hidden import sample_deck
        rng = random.Random(action.seed)
        self.deck = sample_deck(self, rng)
        self.bag = sorted(self.bag, key=_tid)
        self.discard = sorted(self.discard, key=_KEY)
        self._own |= _DECK | _BAG | _DISCARD
        self._rng = rng.getrandbits(64)

    # ------------------------------------------------------------- records
    def to_json(self, indent=None) -> str:
        """The game record as JSON text (format described in ``record.py``)."""
        return record.dump(self, indent=indent)

    @classmethod
    def from_json(cls, text) -> "Game":
        """Restore a game from ``to_json()`` text (str or UTF-8 bytes, or the
        object ``json.loads`` made of it). Raises RecordError (and loads
        nothing) when the record is malformed or does not agree with itself."""
        return record.load(text, cls)

    def check(self) -> None:
        """Assert the bookkeeping invariants (every tile and card accounted for,
        every Alhambra legal). Raises AssertionError naming what is wrong."""
        S.check_bookkeeping(self)


class _Position:
    """A saved position as an object with the fields of :data:`state.FIELDS`
    (what ``state.dump_state`` reads); the record keeps snapshots as tuples."""

    __slots__ = tuple(f.attr for f in S.FIELDS) + ("_own",)


# Saved positions share everything with the game. The engine never changes
# in place a list that a snapshot or a copy may share: short lists (hands,
# reserves, the markets, the tiles to place, Dirk's tiles, the rounds) are
# replaced by new ones when they change; the long ones (deck, bag, discard
# pile) and the Alhambras are changed in place only while they are this
# game's own -- bits of ``game._own`` (a seat's bit for its Alhambra) -- and
# otherwise a copy takes their place first (``_claim``, ``_alhambra``). A
# snapshot is one tuple: the values of the fields, then per seat its hand,
# reserve, Alhambra and score (a seat's name never changes).
_SEATS = 0xFF
_DECK, _BAG, _DISCARD = 1 << 8, 1 << 9, 1 << 10
#: the record saves the position before every _EVERY-th move (undo replays at most _EVERY - 1 moves)
#: (every 16 moves: a public-path game took 5% more instructions and 14% more data-cache misses,
#: the Alhambras copied after each snapshot and the garbage collector walking the saved positions)
_EVERY = 32
_PER_SEAT = ("hand", "reserve", "alhambra", "score")


def _cut_s6(top_first: list, first_round: int, randbelow) -> list:
    """S6: the money cards of a deck (top first) split into five piles as equal as possible,
    scoring card 1 shuffled into pile 2 and 2 into pile 4 (those of ``first_round`` and later),
    the piles stacked: the deck, top first."""
    starts = pile_starts(len(top_first))
    piles = [top_first[starts[i]:starts[i + 1]] for i in range(5)]
    for pile, r in ((piles[1], 1), (piles[3], 2)):
        if r >= first_round:
            pile.insert(randbelow(len(pile) + 1), SCORING[r])
    return [c for pile in piles for c in pile]


def _players_copy(ps) -> list:
    """New players with copies of the lists, the Alhambras shared."""
    out = []
    for p in ps:
        c = Player.__new__(Player)
        c.name, c.hand, c.alhambra, c.reserve, c.score = p.name, p.hand.copy(), p.alhambra, p.reserve.copy(), p.score
        out.append(c)
    return out


def _compile_sharing():
    """From the one declaration of the fields, per number of players n:
    ``_SAVE[n](game)`` (a snapshot, sharing every value) and ``_LOAD[n](snapshot,
    game, names)`` (put one back, or make a game of it, sharing its values);
    and ``_clone(game, other)`` (for ``copy``: every field copied as
    declared, the Alhambras shared)."""
    fields = [f.attr for f in S.FIELDS if f.attr != "players"]
    code = []
    for n in range(2, 7):
        seats = [f"p{i}.{k}" for i in range(n) for k in _PER_SEAT]
        ps = ", ".join(f"p{i}" for i in range(n))
        code += [
            f"def _save{n}(src):",
            f"    {ps}, = src.players",
            "    v = (" + ", ".join([f"src.{a}" for a in fields] + seats) + ",)",
            "    src._own = 0",
            "    return v",
            f"def _load{n}(src, dst, names):",
            "    ps = getattr(dst, 'players', None)",
            f"    if ps is None or len(ps) != {n}:",
            "        ps = dst.players = [_new_player(nm) for nm in names]",
            f"    {ps}, = ps",
            "    " + ", ".join([f"dst.{a}" for a in fields] + seats) + ", = src",
            "    dst._own = 0",
            "    return dst",
        ]
    code += ["def _clone(src, dst):"]
    for f in S.FIELDS:
        a = f.attr
        code.append(f"    dst.{a} = " + ("_players_copy(src.players)" if a == "players" else f.copy.format(f"src.{a}")))
    code += ["    src._own &= ~_SEATS", "    dst._own = ~_SEATS",
             "    dst._pc = list(getattr(src, '_pc', None) or [None] * len(dst.players))", "    return dst"]
    ns = dict(vars(S))
    ns.update(_players_copy=_players_copy, _SEATS=_SEATS, _new_player=_new_player)
    exec("\n".join(code), ns)  # fast functions from the declaration (as dataclasses do)
    saves = {n: ns[f"_save{n}"] for n in range(2, 7)}
    loads = {n: ns[f"_load{n}"] for n in range(2, 7)}
    return saves, loads, ns["_clone"]


def _new_player(name) -> Player:
    p = Player.__new__(Player)
    p.name = name
    return p


_SAVE, _LOADS, _clone = _compile_sharing()


def _load(snap, g, names=None):
    """Put a snapshot back into ``g`` (its players keep their names) or make
    a new game ``g`` of it with these player names."""
    if names is None:
        names = [p.name for p in g.players]
    return _LOADS[len(names)](snap, g, names)


def _as_position(snap, names) -> _Position:
    """A snapshot as a :class:`_Position` (for ``state.dump_state``)."""
    return _load(snap, _Position(), names)



class _Strong:
    """A strong reference with the call shape of a weak one."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __call__(self):
        return self.fn


# ------------------------------------------------------------------ helpers
#: The name of an unnamed seat (``Game(3)``), ``n`` from 1; the text layer
#: shows it in the reader's language (``alhambra_widget.i18n.shown_name``).
DEFAULT_NAME = "Player {n}"


def _a_list(value) -> bool:
    """Is ``value`` a list of entries (any iterable but a text, bytes or a mapping)?"""
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes, Mapping))


def _names(players) -> list:
    if isinstance(players, bool) or not (isinstance(players, int) or _a_list(players)):
        # (a string would be a list of one-letter names)
        raise TypeError("players is a number from 2 to 6 or a list of 2-6 names, "
                        f"not {type(players).__name__} {players!r}"[:200])
    if isinstance(players, int):
        if not 2 <= players <= 6:
            raise ValueError(f"Alhambra is played by 2 to 6 players, not {players}")
        return [DEFAULT_NAME.format(n=i + 1) for i in range(players)]
    names = [p if isinstance(p, str) else _name_of(i, p) for i, p in enumerate(itertools.islice(players, 7))]
    if not 2 <= len(names) <= 6:   # (7 read: more than 6, and an endless iterable is not read on)
        raise ValueError(f"Alhambra is played by 2 to 6 players, not {len(names) if len(names) < 7 else 'more than 6'}")
    for i, name in enumerate(names):
        if not S.name_ok(name):   # (the record's own rule: a game that could not be loaded again is refused)
            raise ValueError(f"the name of player {i + 1} must be one line of 1 to {S.MAX_NAME_LENGTH} characters, "
                             f"not only blanks: {A._shown(name)}")
    twice = S.same_name(names)
    if twice is not None:
        a, b = twice
        raise ValueError(f"players {a + 1} and {b + 1} are both called {A._shown(names[a])}: "
                         "give each player a name of their own")
    return names


def _name_of(i: int, p) -> str:
    """The name of ``players[i]`` when it is not text: a Player of another game has one."""
    name = getattr(p, "name", None)
    if isinstance(name, str) and name:
        return name
    hint = ("; a bot plays at a table, AlhambraWidget(players=[\"You\", Greedy()]), or in "
            "bots.play_game(): a Game takes the players' names") if callable(getattr(p, "choose", None)) else ""
    raise TypeError(f"players[{i}] must be a player's name (text), not {type(p).__name__} {A._shown(p)}{hint}")


def _cards_of(value, where: str) -> list:
    """Money cards as ``from_position`` takes them (:func:`actions.read_cards`;
    None for none), or a ValueError naming the argument (``where``) and entry."""
    if value is None:
        return []
    try:
        return A.read_cards(value)
    except NotationError as e:
        at = f"{where}[{e.at}]" if e.at is not None else where
        raise ValueError(f"{at}: {e}") from None


def _seed_state(seed) -> int:
    if isinstance(seed, str):
        import hashlib
        return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
    return seed & M64


_tid = attrgetter("id")
_KEY = attrgetter("key")
_VALUE = attrgetter("value")
_NEXT = tuple([("next", i, None, None, None, None, (), (), None) for i in range(6)])   # the event per seat
_new = tuple.__new__   # a Move made directly: (index, player, action, turn, then 9 fields per event)
_CARD_ORDER = {str(c): c.key for c in full_deck(3)}


def _values_with(vals: tuple, c) -> tuple:
    """Per currency, card values high to low (as ``Game._hand_values``), with card ``c`` added."""
    k = c.key // 9
    x = c.value
    v = vals[k]
    j = 0
    for y in v:
        if y < x:
            break
        j += 1
    vals = list(vals)
    vals[k] = v[:j] + (x,) + v[j:]
    return tuple(vals)


def _values_without(vals: tuple, k: int, cards) -> tuple:
    """Per currency, card values high to low (as ``Game._hand_values``), without
    these cards of currency ``k`` (0-3)."""
    v = list(vals[k])
    for c in cards:
        v.remove(c.value)
    vals = list(vals)
    vals[k] = tuple(v)
    return tuple(vals)


_mk = A._mk


def _building_cells(a) -> list:
    """The cells of the building tiles of Alhambra ``a`` (not the fountain),
    north to south: from its swap table when it has one."""
    info = a._swapinfo
    if info is not None:
        return info[0]
    tiles = sorted(a._masks)
    tiles.remove(0)   # the fountain
    return tiles


# Option lists are immutable tuples of immutable actions, cached by value and
# shared. Each cache is emptied when it grows past a small size: every entry
# holds objects the garbage collector walks through on each full collection,
# so a large cache costs a long session more time than its extra hits save.
# (Nearly every hit of the take options is the market of a move or two ago,
# so a few hundred entries hit as often as tens of thousands. legal_actions()
# keeps only the market it listed last, by identity: see there.)
_TAKES: dict = {}   # the money market (a tuple, as it lies) -> take options (of the take kind asked alone)
_TAKES_MOST = 256
#: in one pair: the money market list (by identity: the engine replaces it when it changes, never
#: changes it in place) whose take options legal_actions() listed last, and those options
_LAST_TAKES = [(None, ())]
_BUYS: dict = {}    # (currency index, price, values high to low) -> the buys of that slot
_BUYS_MOST = 2_000


def _take_options(money) -> tuple:
    """T1 options: one card, or several worth at most 5; equal choices once,
    ordered by number of cards, then by card order."""
    key = tuple(money)
    got = _TAKES.get(key)
    if got is None:
        if len(_TAKES) > _TAKES_MOST:
            _TAKES.clear()
        got = _TAKES[key] = _make_take_options(money)
    return got


def _buy_options(k: int, price: int, values: tuple) -> tuple:
    """T2 options for the slot of currency ``k`` (0-3) holding a tile of
    ``price``, paid from cards of these values (high to low): every payment
    from which no card could be left out, its cards low to high."""
    key = (k, price, values)
    got = _BUYS.get(key)
    return got if got is not None else _new_buys(key)


def _new_buys(key: tuple) -> tuple:
    """``_buy_options(*key)`` for a key not in the cache: worked out and kept."""
    if len(_BUYS) > _BUYS_MOST:
        _BUYS.clear()
    k, price, values = key
    pays = _PAY.get((price,) + values)
    if pays is None:
        pays = _payments(values, price)
    got = _BUYS[key] = tuple(map(_BUY_OF[k].__getitem__, pays))
    return got


class _BuysOf(dict):
    """card values low to high -> the Buy of those cards of one currency,
    made on first use (made directly: shared cards, no checks) and shared,
    so a cache entry adds no new actions for the garbage collector to walk"""

    __slots__ = ("k",)

    def __missing__(self, values):
        k = self.k
        cards = _VALUE_CARD[k]
        b = self[values] = _new(A.Buy, ("buy", k + 1, tuple([cards[v] for v in values])))
        return b


def _buys_of(k: int) -> _BuysOf:
    d = _BuysOf()
    d.k = k
    return d


#: per currency index: card values low to high -> the Buy of those cards (made once, shared): as
#: many as there are payments no card could be left out of, in one currency (a few thousand)
_BUY_OF = tuple(_buys_of(k) for k in range(4))


def _make_take_options(money) -> tuple:
    """The take options of the face-up cards ``money``: each card
    alone (equal cards once), then, by number of cards, every set of cards
    worth 4 or less each that adds up to at most 5 (T1; equal sets once)."""
    ones, more = _take_parts(money)
    out = []
    for c in ones:   # (a loop: a list comprehension is a function call)
        out.append(_TAKE_ONE[c.key])
    return (*out, *more)


def _take_parts(money) -> tuple:
    """The two parts of the take options of the face-up cards ``money`` (as
    they lie): the distinct cards by key, each taken alone; the options of
    two or more."""
    if len(money) == 4:
        # four cards (as nearly always) sorted by key in five
        # compare-exchanges: cheaper than sorted() with a key
        c0, c1, c2, c3 = money
        if c0.key > c1.key:
            c0, c1 = c1, c0
        if c2.key > c3.key:
            c2, c3 = c3, c2
        if c0.key > c2.key:
            c0, c2 = c2, c0
        if c1.key > c3.key:
            c1, c3 = c3, c1
        if c1.key > c2.key:
            c1, c2 = c2, c1
        # (the loop below, written out: equal cards lie side by side)
        ones = [c0]
        if c1 is not c0:
            ones.append(c1)
        if c2 is not c1:
            ones.append(c2)
        if c3 is not c2:
            ones.append(c3)
        low = []
        if c0.value < 5:
            low.append(c0)
        if c1.value < 5:
            low.append(c1)
        if c2.value < 5:
            low.append(c2)
        if c3.value < 5:
            low.append(c3)
    else:
        ones = []
        low = []
        prev = None
        for c in sorted(money, key=_KEY):
            if c is not prev:
                ones.append(c)
                prev = c
            if c.value < 5:
                low.append(c)
    if len(low) < 2:
        return ones, ()
    low = tuple(low)
    more = _TAKE_MORE.get(low)
    if more is None:
        more = _TAKE_MORE[low] = _make_take_more(low)
    return ones, more


def _make_take_more(low: tuple) -> tuple:
    """The options of two or more of these cards (each worth at most 4, sorted by key)."""
    out = []
    seen = set()
    for k in range(2, len(low) + 1):
        for cs in itertools.combinations(low, k):
            if cs not in seen and sum(c.value for c in cs) <= 5:
                seen.add(cs)
                out.append(_mk(A.TakeMoney, cs))
    return tuple(out)


_VALUE_CARD = tuple((None,) + tuple(card_from_key(9 * k + v - 1) for v in range(1, 10)) for k in range(4))  # [currency][value]
_TAKE_ONE = tuple(_mk(A.TakeMoney, (card_from_key(k),)) for k in range(36))
#: per card key: the card alone in a tuple, shared (a refill's event holds one: no new object for the
#: garbage collector to walk through with every move kept in the record)
_ALONE = tuple(t[1] for t in _TAKE_ONE)
_TAKE_MORE: dict = {}   # cards worth at most 4 each, sorted (at most four: a few thousand) -> their options of 2+ cards


_PAY: dict = {}   # (price, card values high to low) -> _payments


def _payments(values: tuple, price: int) -> tuple:
    """The payments from cards of one currency (values high to low) that pay
    at least ``price`` and from which no card could be left out (T2), each
    as its cards' values low to high; equal cards give one payment. In the
    order of the first indices of the values chosen (by index, then more
    cards after fewer). Cached by (price, values), as is every payment of
    the cards after the first chosen (a part shared by many hands)."""
    key = (price,) + values
    got = _PAY.get(key)
    if got is None:
        if len(_PAY) > 200_000:
            _PAY.clear()
        got = _PAY[key] = _make_payments(values, price)
    return got


def _make_payments(values: tuple, price: int) -> tuple:
    """``_payments``, worked out: values descending, every card added is the
    smallest so far, so a payment is minimal iff it reaches the price with
    its last card -- with the first card ``v`` chosen, the payments of the
    cards after it for ``price - v``, each with ``v`` added at its end."""
    out = []
    prev = 0
    rest = sum(values)   # the cards from j on
    j = 0
    for v in values:
        if rest < price:
            break         # the cards left cannot reach the price
        rest -= v
        j += 1
        if v == prev:
            continue      # equal cards give equal payments
        prev = v
        if v >= price:
            out.append((v,))
        else:
            after = values[j:]
            sub = _PAY.get((price - v,) + after)
            if sub is None:
                sub = _payments(after, price - v)
            last = (v,)
            for pay in sub:
                out.append(pay + last)
    return tuple(out)


_SLOTS = (0, 1, 2, 3)   # the market slots, as indices (a loop over a tuple: no range object)
_TRIES = (None,) * 64   # the draws a rejection loop makes at most before it lists the actions
_END = A.EndTurn()
_PASS = A.Pass()
_RESERVE = (None,) + tuple(_mk(A.Reserve, t.id) for t in TILES)
_DIRK = (None,) + tuple(_mk(A.GiveToDirk, t.id) for t in TILES)
_PLACE_AT = _ACTIONS_AT[A.Place]   # by tile id: the Place actions of that tile by cell (shared)

_PHASE_VERBS = {
    "action": ("take", "buy", "remove", "build", "swap", "end"),
    "place": ("place", "reserve", "dirk"),
    "over": (),
}
_KIND_VERBS = {
    "take": ("take",), "buy": ("buy",), "redesign": ("remove", "build", "swap"), "end": ("end",),
    "place": ("place", "reserve", "dirk"), "pass": ("pass",),
}
for _v in A.VERBS:  # a form can be asked for by its verb; "place" means the kind
    _KIND_VERBS.setdefault(_v, (_v,))

_HANDLERS = {
    A.TakeMoney: Game._take,
    A.Buy: Game._buy,
    A.Remove: Game._remove,
    A.Build: Game._build,
    A.Swap: Game._swap,
    A.EndTurn: Game._end,
    A.Pass: Game._pass,
    A.Place: Game._place,
    A.Reserve: Game._reserve,
    A.GiveToDirk: Game._give_dirk,
    A.Reshuffle: Game._reshuffle,
}
_RESHUFFLE = Game._reshuffle
