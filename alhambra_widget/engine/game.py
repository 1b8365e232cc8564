"""The game: setup [S], turns [T], scoring rounds [C], the end [E] and Dirk [D].

A :class:`Game` is one position plus its history. Chance (shuffles, draws
from the bag) comes from the game's own small random number generator, whose
state is part of the position: the same seed and the same actions give the
same game, and a saved record continues with the same future.
"""

from __future__ import annotations

import itertools
import os
import weakref
from operator import attrgetter

from . import actions as A
from . import record
from . import state as S
from .alhambra import _dec
from .errors import IllegalMove, NotationError, RecordError
from .money import CURRENCIES, SCORING, Card, Currency, ScoringCard, full_deck
from .moves import Event, Move
from .scoring import round_points
from .state import MAX_MOVES, MAX_SEED_LENGTH, Player, check_seed as _check_seed
from .tiles import BUILDINGS, BY_ID, TILES, Tile

__all__ = ["Game", "Player", "ScoringCard", "MAX_MOVES", "MAX_SEED_LENGTH"]

M64 = (1 << 64) - 1
SLOT_CURRENCY = CURRENCIES  # slot 1 florin, 2 dirham, 3 dinar, 4 ducat


class Game:
    """A game of Alhambra for 2-6 players.

    >>> g = Game(["Ana", "Ben", "Chi"], seed=1)
    >>> a = g.legal_actions()[0]
    >>> g.play(a) is None
    True
    >>> g.undo() == a
    True

    ``players`` is a number (2-6) or a list of names. ``seed`` makes the game
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
        self._setup(names, start_player)
        self._clear_record()

    def _clear_record(self) -> None:
        """No moves yet: the position now is the start of the record."""
        self.moves: list = []          # Move per action played (the move record)
        self._snaps: list = []         # the position before each move (undo)
        self._redo: list = []          # actions taken back, the next redo last
        self._events = None            # the events of the move being played
        self._listeners: list = []

    def _setup(self, names, start_player):
        n = len(names)
        self.players = [Player(nm) for nm in names]
        self.bag = list(TILES)                       # S2: drawn uniformly at random
        deck = full_deck(n)                          # D1
        self._shuffle(deck)
        # S3: deal each player in seat order until their sum is at least 20
        for p in self.players:
            while sum(c.value for c in p.hand) < 20:
                p.hand.append(deck.pop())
            p.hand.sort(key=_KEY)
        # S4 (X1): fewest cards, then lowest sum, then seat order
        if start_player is None:
            start_player = min(range(n), key=lambda i: (len(self.players[i].hand),
                                                       sum(c.value for c in self.players[i].hand), i))
        elif isinstance(start_player, bool) or not isinstance(start_player, int) or not 0 <= start_player < n:
            raise ValueError(f"start_player is a seat index from 0 to {n - 1}")
        self.start_player = start_player
        # S5: four tiles into slots 1-4, four money cards face up
        self.market = [self._draw_tile() for _ in range(4)]
        self.money = [deck.pop() for _ in range(4)]
        # S6: five piles, scoring card 1 into pile 2 and 2 into pile 4
        top_first = deck[::-1]
        size, extra = divmod(len(top_first), 5)
        piles, k = [], 0
        for i in range(5):
            m = size + (1 if i < extra else 0)
            piles.append(top_first[k:k + m])
            k += m
        for pile, sc in ((piles[1], SCORING[1]), (piles[3], SCORING[2])):
            pile.insert(self._randbelow(len(pile) + 1), sc)
        self.deck = [c for pile in piles for c in pile][::-1]   # top of the deck = end of the list
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
                      rounds_played=0) -> "Game":
        """Set up any position, for a lesson or an analysis.

        Everything not named is filled in as in a real game: tiles that are
        nowhere else go into the bag, money cards that are nowhere else into
        the deck (shuffled, with the scoring cards of the rounds still to come
        placed as in S6). ``market`` and ``money`` default to fresh draws.

        - ``hands``: per player, cards as ``Card`` or text (``"dirham 4"``);
        - ``alhambras``: per player, ``{(x, y): tile or tile id}`` (must obey P1-P6);
        - ``reserves``: per player, tiles or ids; ``scores``: per player;
        - ``market``: 4 tiles/ids/None; ``money``: up to 4 cards; ``dirk``: tiles (2 players);
        - ``current``: the player to act; ``rounds_played``: 0, 1 or 2 scoring rounds already played.

        The position is made as a record's state and read by the same loader
        as ``from_json``, so it is checked the same way.

        >>> g = Game.from_position(["Ana", "Ben"], seed=1, hands=[["dinar 5"], ["florin 9"]],
        ...                        alhambras=[{(1, 0): 7}, {}], market=[1, 2, 3, 4])
        >>> g.players[0].alhambra[(1, 0)].id
        7

        Raises ``ValueError`` naming what does not add up (a tile twice, too
        many copies of a card, an Alhambra breaking a placement rule)."""
        from .money import card as make_card
        from .tiles import tile as tile_by_id
        names = _names(players)
        n = len(names)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")
        chance = cls.__new__(cls)      # only its random number generator is used
        chance._rng = _seed_state(_check_seed(seed))

        def as_tile(t):
            return t if isinstance(t, Tile) else tile_by_id(t)

        def as_card(c):
            if isinstance(c, Card):
                return c
            if isinstance(c, str):
                cur, val = c.split()
                return make_card(cur, int(val))
            return make_card(*c)

        def per_player(value, what):
            value = list(value) if value is not None else [None] * n
            if len(value) != n:
                raise ValueError(f"{what} needs one entry per player ({n})")
            return value

        used_tiles = set()

        def take_tile(t):
            t = as_tile(t)
            if t.id in used_tiles:
                raise ValueError(f"{t} appears twice in the position")
            used_tiles.add(t.id)
            return t

        state_players = []
        for i, nm in enumerate(names):
            state_players.append({"name": nm, "hand": [], "alhambra": [], "reserve": [], "score": 0})
        given = []
        for sp, h in zip(state_players, per_player(hands, "hands")):
            cards = sorted((as_card(c) for c in (h or [])), key=_KEY)
            given.extend(cards)
            sp["hand"] = [str(c) for c in cards]
        for sp, al in zip(state_players, per_player(alhambras, "alhambras")):
            sp["alhambra"] = [[pos[0], pos[1], take_tile(t).id] for pos, t in (al or {}).items()]
        for sp, r in zip(state_players, per_player(reserves, "reserves")):
            sp["reserve"] = [take_tile(t).id for t in (r or [])]
        for sp, sc in zip(state_players, per_player(scores, "scores")):
            sp["score"] = int(sc or 0)
        dirk_tiles = [take_tile(t).id for t in (dirk or [])]
        if dirk_tiles and n != 2:
            raise ValueError("Dirk plays only in two-player games")
        if market is not None:
            market = list(market)
            if len(market) != 4:
                raise ValueError("the building market has 4 slots")
            market = [None if t is None else take_tile(t) for t in market]
        bag = [t for t in TILES if t.id not in used_tiles]
        if market is None:
            chance.bag = bag
            market = [chance._draw_tile() for _ in range(4)]
        # money: whatever is not in a hand or face up goes into the deck
        pool = full_deck(n)
        shown = [as_card(c) for c in money] if money is not None else []
        if len(shown) > 4:
            raise ValueError("the money market shows at most 4 cards")
        for c in given + shown:
            try:
                pool.remove(c)
            except ValueError:
                raise ValueError(f"there are not that many {c} cards in the game") from None
        chance._shuffle(pool)
        if money is None:
            shown = [pool.pop() for _ in range(min(4, len(pool)))]
        if rounds_played not in (0, 1, 2):
            raise ValueError("rounds_played is 0, 1 or 2")
        top_first = pool[::-1]
        for k in range(rounds_played + 1, 3):
            # S6: the scoring cards still to come lie near 2/5 and 4/5 of the deck
            lo, hi = (len(top_first) * (2 * k - 1)) // 5, (len(top_first) * 2 * k) // 5
            top_first.insert(lo + chance._randbelow(hi - lo + 1), SCORING[k])
        if isinstance(current, bool) or not isinstance(current, int) or not 0 <= current < n:
            raise ValueError(f"current is a seat index from 0 to {n - 1}")
        score_now = [sp["score"] for sp in state_players]
        state = {
            "players": state_players,
            "market": [None if t is None else t.id for t in market],
            "money": [str(c) for c in shown],
            "deck": [str(c) for c in top_first[::-1]],
            "discard": [],
            "bag": sorted(t.id for t in bag if t not in market),
            "dirk": dirk_tiles,
            "pending": [],
            "phase": "action",
            "current": current,
            "extra": False,
            "turn": 1,
            "actions_this_turn": 0,
            "final": False,
            "start_player": current,
            "rounds": [{"round": r, "counts": [], "buildings": [], "walls": [], "points": [0] * n,
                        "dirk": None, "scores": score_now, "preset": True}
                       for r in range(1, rounds_played + 1)],
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
        s = self._rng
        for i in range(len(lst) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & M64  # _next64, inlined
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            lst[i], lst[j] = lst[j], lst[i]
        self._rng = s

    def _draw_tile(self):
        bag = self.bag
        if not bag:
            return None
        return bag.pop(self._randbelow(len(bag)))

    def _dirk_draw(self, k: int) -> None:
        drawn = [self._draw_tile() for _ in range(min(k, len(self.bag)))]
        self.dirk.extend(drawn)
        self.dirk.sort(key=_tid)
        if self._events is not None and drawn:
            self._events.append(Event("dirk_draw", tiles=sorted(drawn, key=_tid)))

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

    def pending_for(self, player: int) -> list:
        return [t for p, t in self.pending if p == player]

    def dirk_counts(self) -> tuple:
        c = [0] * 6
        for t in self.dirk:
            c[t.building.index] += 1
        return tuple(c)

    def __repr__(self):
        state = "over" if self.is_over else f"{self.players[self.current].name} to {self.phase}"
        return f"<Game {len(self.players)} players, turn {self.turn}, {state}>"

    def __str__(self):
        from .text import game_text
        return game_text(self)

    def _repr_svg_(self):
        from ..render import game_svg
        return game_svg(self)

    # ------------------------------------------------------- legal actions
    def legal_kinds(self) -> list:
        """The action kinds (see ``KINDS``) with at least one legal action now."""
        phase = self.phase
        if phase == "over":
            return []
        cur = self.current
        p = self.players[cur]
        a = p.alhambra
        if phase == "action":
            out = []
            if self.money:
                out.append("take")
            purse = [0, 0, 0, 0]
            for c in p.hand:
                purse[c.key // 9] += c.value
            market = self.market
            for i in range(4):
                t = market[i]
                if t is not None and purse[i] >= t.price:
                    out.append("buy")
                    break
            if a._can_remove() or (p.reserve and self._can_use_reserve(p)):
                out.append("redesign")
            if self.extra:
                out.append("end")
            return out or ["pass"]
        return ["place"] if any(pl == cur for pl, _ in self.pending) else []

    @staticmethod
    def _can_use_reserve(p) -> bool:
        a = p.alhambra
        for m in {t.mask for t in p.reserve}:
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
        if self.phase == "over":
            return []
        if kind is None:
            out = []
            for v in _PHASE_VERBS[self.phase]:
                out.extend(self._gen(v))
            if not out and self.phase == "action":
                out.append(A.Pass())
            return out
        verbs = _KIND_VERBS.get(kind)
        if verbs is None:
            raise ValueError(f"unknown action kind {kind!r}; kinds are {', '.join(A.KINDS)} "
                             f"(or one form: {', '.join(A.VERBS)})")
        if kind == "pass":
            return [A.Pass()] if self.legal_kinds() == ["pass"] else []
        phase_verbs = _PHASE_VERBS[self.phase]
        if len(verbs) == 1:
            return list(self._gen(kind)) if kind in phase_verbs else []
        out = []
        for v in verbs:
            if v in phase_verbs:
                out.extend(self._gen(v))
        return out

    def _gen(self, verb: str):
        """Legal actions of one form (notation verb)."""
        p = self.players[self.current]
        a = p.alhambra
        if verb == "take":
            return _take_options(self.money)
        if verb == "buy":
            out = []
            for slot, cards, pats in self._payments(p):
                for idx in pats:
                    out.append(_mk(A.Buy, slot, tuple([cards[i] for i in reversed(idx)])))
            return out
        if verb == "remove":
            return [_mk(A.Remove, _dec(q)) for q in a._removable_cells()]
        if verb == "build":
            return [x for t in p.reserve for x in a._actions(A.Build, t)]
        if verb == "swap":
            return [x for t in p.reserve for x in a._actions(A.Swap, t)]
        if verb == "end":
            return [A.EndTurn()] if self.extra else []
        mine = sorted((t for pl, t in self.pending if pl == self.current), key=_tid)
        if verb == "place":
            return [x for t in mine for x in a._actions(A.Place, t)]
        if verb == "reserve":
            return [_mk(A.Reserve, t.id) for t in mine]
        if verb == "dirk":
            if self.n != 2 or self.final:
                return []
            return [_mk(A.GiveToDirk, t.id) for t in mine]
        return []

    def random_action(self, rng):
        """A random legal action: a kind chosen uniformly from ``legal_kinds()``,
        then an action uniformly from ``legal_actions(kind)``.

        ``rng`` is anything with a ``random()`` method (a ``random.Random``).
        The result has the distribution of
        ``rng.choice(legal_actions(rng.choice(legal_kinds())))``, but only the
        chosen action is built (redesigns are drawn by rejection), which makes
        random playouts several times cheaper."""
        kinds = self.legal_kinds()
        if not kinds:
            return None
        kind = kinds[int(rng.random() * (len(kinds)))]
        if kind == "redesign":
            return self._random_redesign(rng)
        if kind == "place":
            # by rejection: any of my bought tiles on any free spot next to the
            # Alhambra (kept if it fits), or into the reserve, or to Dirk
            a = self.players[self.current].alhambra
            cur = self.current
            mine = [t for pl, t in self.pending if pl == cur]
            if len(mine) > 1:
                mine.sort(key=_tid)
            free = sorted(a._frontier)
            n_free = len(free)
            n_place = len(mine) * n_free
            n_other = len(mine) * (2 if self.n == 2 and not self.final else 1)
            for _ in range(64):
                i = int(rng.random() * (n_place + n_other))
                if i >= n_place:
                    i -= n_place
                    if i < len(mine):
                        return _mk(A.Reserve, mine[i].id)
                    return _mk(A.GiveToDirk, mine[i - len(mine)].id)
                t = mine[i // n_free]
                q = free[i % n_free]
                if a._fits(t.mask, q):
                    return _mk(A.Place, t.id, _dec(q))
            acts = self.legal_actions("place")
            return acts[int(rng.random() * len(acts))]
        if kind == "buy":
            options = self._payments(self.players[self.current])
            i = int(rng.random() * sum(len(o[2]) for o in options))
            for slot, cards, pats in options:
                if i < len(pats):
                    return _mk(A.Buy, slot, tuple([cards[j] for j in reversed(pats[i])]))
                i -= len(pats)
        if kind == "take":
            cards = sorted(self.money, key=_KEY)
            if len(set(cards)) == len(cards):  # no equal cards: index sets are the options
                pats = _take_patterns(tuple([c.value for c in cards]))
                idx = pats[int(rng.random() * (len(pats)))]
                return _mk(A.TakeMoney, tuple([cards[i] for i in idx]))
        acts = self.legal_actions(kind)
        return acts[int(rng.random() * (len(acts)))]

    def _payments(self, p) -> list:
        """``(slot, cards high to low, payment index sets)`` for every market
        slot the player can pay for (T2)."""
        by_cur = ([], [], [], [])
        for c in p.hand:
            by_cur[c.key // 9].append(c)
        out = []
        market = self.market
        for i in range(4):
            t = market[i]
            cards = by_cur[i]
            if t is not None and cards:
                cards.reverse()
                pats = _payment_patterns(tuple([c.value for c in cards]), t.price)
                if pats:
                    out.append((i + 1, cards, pats))
        return out

    def _random_redesign(self, rng):
        """A redesign (T3) drawn uniformly from all legal ones, by rejection:
        draw uniformly from a superset of candidates -- any tile out, any
        reserve tile on any free spot next to the Alhambra, any reserve tile
        for any Alhambra tile -- whose legality is a cheap local check, until
        one is legal. Nothing is listed, so nothing needs building first."""
        p = self.players[self.current]
        a = p.alhambra
        res = p.reserve
        tiles = sorted(a._masks)
        tiles.remove(0)  # the fountain
        free = sorted(a._frontier)
        nr = len(tiles)
        nb = len(res) * len(free)
        total = nr + nb + len(res) * nr
        for _ in range(64):
            i = int(rng.random() * total)
            if i < nr:
                q = tiles[i]
                if a._removal_rule_at(q) is None:
                    return _mk(A.Remove, _dec(q))
            elif i < nr + nb:
                j = i - nr
                t = res[j // len(free)]
                q = free[j % len(free)]
                if a._fits(t.mask, q):
                    return _mk(A.Build, t.id, _dec(q))
            else:
                j = i - nr - nb
                t = res[j // nr]
                q = tiles[j % nr]
                if a._swap_fits(t.mask, q):
                    return _mk(A.Swap, t.id, _dec(q))
        acts = self.legal_actions("redesign")  # few legal among many candidates
        return acts[int(rng.random() * len(acts))]

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
        handler = _HANDLERS.get(type(action))
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
        if self.phase == "over":
            raise IllegalMove("E4", "error.E4.game_over")
        if not record:
            handler(self, action)
            return
        if len(self.moves) >= MAX_MOVES:
            raise IllegalMove("T", "error.T.too_many_moves", most=MAX_MOVES)
        snap = S.copy_fields(self, _Position())
        who, turn = self.current, self.turn
        self._events = events = []
        try:
            handler(self, action)
        except BaseException:
            S.copy_fields(snap, self)  # a refusal changed nothing; anything else is undone too
            raise
        finally:
            self._events = None
        chance = handler is Game._reshuffle
        move = Move(len(self.moves) + 1, None if chance else who, action, turn, events)
        self._snaps.append(snap)
        self.moves.append(move)
        redo = self._redo
        if redo and not chance:   # a chance move leaves what can be redone
            if redo[-1] == action:
                redo.pop()
            else:
                redo.clear()
        self._tell("play", move)

    # action handlers: each checks everything first, then changes the state

    def _need_phase(self, action, phase: str):
        if self.phase != phase:
            if self.phase == "place":
                key = "error.T4.place_first_dirk" if self.n == 2 and not self.final else "error.T4.place_first"
                raise IllegalMove("T4", key, name=self.players[self.current].name, action=str(action))
            raise IllegalMove("T4", "error.T4.nothing_to_place", action=str(action))

    def _take(self, action: A.TakeMoney):
        if self.phase != "action":
            self._need_phase(action, "action")
        cards = action[1]
        if len(cards) == 1 and cards[0] in self.money:  # the common case, checked at once
            c = cards[0]
            self.money.remove(c)
            hand = self.players[self.current].hand
            hand.append(c)
            hand.sort(key=_KEY)
            self.actions_this_turn += 1
            if self._events is not None:
                self._events.append(Event("take", player=self.current, cards=cards))
            self._after_action(False)
            return
        if not cards:
            raise IllegalMove("T1", "error.T1.none_named")
        if not _is_submultiset(cards, self.money):
            if not self.money:
                raise IllegalMove("T1", "error.T1.market_empty", cards=cards)
            raise IllegalMove("T1", "error.T1.not_in_market", shown=tuple(sorted(self.money, key=_KEY)), cards=cards)
        if len(cards) > 1 and sum(c.value for c in cards) > 5:
            raise IllegalMove("T1", "error.T1.sum_over_5", total=sum(c.value for c in cards))
        p = self.players[self.current]
        for c in cards:
            self.money.remove(c)
            p.hand.append(c)
        p.hand.sort(key=_KEY)
        self.actions_this_turn += 1
        if self._events is not None:
            self._events.append(Event("take", player=self.current, cards=cards))
        self._after_action(extra=False)

    def _buy(self, action: A.Buy):
        if self.phase != "action":
            self._need_phase(action, "action")
        slot = action.slot
        t = self.market[slot - 1]
        cur = SLOT_CURRENCY[slot - 1]
        if t is None:
            raise IllegalMove("T2", "error.T2.empty_slot", slot=slot)
        cards = action.cards
        if not cards:
            raise IllegalMove("T2", "error.T2.no_cards", tile=t, currency=cur)
        wrong = [c for c in cards if c.currency is not cur]
        if wrong:
            raise IllegalMove("T2", "error.T2.wrong_currency", slot=slot, currency=cur, cards=tuple(wrong))
        p = self.players[self.current]
        if not _is_submultiset(cards, p.hand):
            raise IllegalMove("T2", "error.T2.not_in_hand", name=p.name, cards=cards)
        total = sum(c.value for c in cards)
        if total < t.price:
            raise IllegalMove("T2", "error.T2.too_little", tile=t, price=t.price, currency=cur, cards=cards,
                              total=total)
        for c in cards:
            p.hand.remove(c)
            self.discard.append(c)
        self.market[slot - 1] = None
        self.pending.append((self.current, t))
        self.actions_this_turn += 1
        ev = self._events
        if ev is not None:
            ev.append(Event("pay", player=self.current, slot=slot, cards=cards))
            ev.append(Event("buy", player=self.current, slot=slot, tile=t))
            if total == t.price:
                ev.append(Event("extra", player=self.current))
        self._after_action(extra=total == t.price)

    def _remove(self, action: A.Remove):
        if self.phase != "action":
            self._need_phase(action, "action")
        p = self.players[self.current]
        t = p.alhambra.remove(action.pos)
        p.reserve.append(t)
        p.reserve.sort(key=_tid)
        self.actions_this_turn += 1
        if self._events is not None:
            self._events.append(Event("remove", player=self.current, tile=t, pos=action.pos))
        self._after_action(extra=False)

    def _reserve_tile(self, action, rule: str) -> Tile:
        p = self.players[self.current]
        for t in p.reserve:
            if t.id == action.tile_id:
                return t
        key = "error.T3.bought_this_turn" if any(t.id == action.tile_id for _, t in self.pending) else \
            "error.T3.not_in_reserve"
        raise IllegalMove(rule, key, tile=BY_ID[action.tile_id], name=p.name)

    def _build(self, action: A.Build):
        if self.phase != "action":
            self._need_phase(action, "action")
        p = self.players[self.current]
        t = self._reserve_tile(action, "T3b")
        p.alhambra.place(t, action.pos)
        p.reserve.remove(t)
        self.actions_this_turn += 1
        if self._events is not None:
            self._events.append(Event("build", player=self.current, tile=t, pos=action.pos))
        self._after_action(extra=False)

    def _swap(self, action: A.Swap):
        if self.phase != "action":
            self._need_phase(action, "action")
        p = self.players[self.current]
        t = self._reserve_tile(action, "T3c")
        old = p.alhambra.swap(t, action.pos)
        p.reserve.remove(t)
        p.reserve.append(old)
        p.reserve.sort(key=_tid)
        self.actions_this_turn += 1
        if self._events is not None:
            self._events.append(Event("swap", player=self.current, tile=t, pos=action.pos, old=old))
        self._after_action(extra=False)

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
        for i, (pl, t) in enumerate(self.pending):
            if pl == self.current and t.id == action.tile_id:
                return i
        raise IllegalMove("T4", "error.T4.not_pending", tile=BY_ID[action.tile_id],
                          name=self.players[self.current].name)

    def _place(self, action: A.Place):
        if self.phase != "place":
            self._need_phase(action, "place")
        i = self._pending_index(action)
        t = self.pending[i][1]
        self.players[self.current].alhambra.place(t, action.pos)
        del self.pending[i]
        if self._events is not None:
            self._events.append(Event("place", player=self.current, tile=t, pos=action.pos))
        self._after_placement()

    def _reserve(self, action: A.Reserve):
        if self.phase != "place":
            self._need_phase(action, "place")
        i = self._pending_index(action)
        p = self.players[self.current]
        t = self.pending[i][1]
        p.reserve.append(t)
        p.reserve.sort(key=_tid)
        del self.pending[i]
        if self._events is not None:
            self._events.append(Event("reserve", player=self.current, tile=t))
        self._after_placement()

    def _give_dirk(self, action: A.GiveToDirk):
        if self.phase != "place":
            self._need_phase(action, "place")
        if self.n != 2:
            raise IllegalMove("D4", "error.D4.two_players")
        if self.final:
            raise IllegalMove("E2", "error.E2.dirk_final")
        i = self._pending_index(action)
        t = self.pending[i][1]
        self.dirk.append(t)
        self.dirk.sort(key=_tid)
        del self.pending[i]
        if self._events is not None:
            self._events.append(Event("dirk", player=self.current, tile=t))
        self._after_placement()

    # ------------------------------------------------------ turn structure
    def _after_action(self, extra: bool):
        if extra:
            self.extra = True
            return
        self.extra = False
        if self.pending and any(pl == self.current for pl, _ in self.pending):
            self.phase = "place"
        else:
            self._end_turn()

    def _after_placement(self):
        if self.pending and any(pl == self.current for pl, _ in self.pending):
            return
        if self.final:
            if self.pending:
                self.current = self.pending[0][0]
            else:
                self._finish()
            return
        self._end_turn()

    def _end_turn(self):
        """T5: refill money then buildings, score if a scoring card came up, next player."""
        due = None
        money, deck = self.money, self.deck
        ev = self._events
        drawn = [] if ev is not None else None
        while len(money) < 4:
            if not deck:
                if not self.discard:
                    break  # X5: the money market stays short
                deck.extend(self.discard)
                self.discard.clear()
                self._shuffle(deck)
                if ev is not None:
                    if drawn:
                        ev.append(Event("money", cards=drawn))
                        drawn = []
                    ev.append(Event("shuffle"))
            c = deck.pop()
            if type(c) is ScoringCard:
                due = [int(c)] if due is None else sorted(due + [int(c)])
                if ev is not None:
                    ev.append(Event("scoring", round=int(c)))
                continue
            money.append(c)
            if drawn is not None:
                drawn.append(c)
        if drawn:
            ev.append(Event("money", cards=drawn))
        market = self.market
        if None in market:
            for i in range(4):
                if market[i] is None and self.bag:
                    market[i] = self._draw_tile()
                    if ev is not None:
                        ev.append(Event("refill", slot=i + 1, tile=market[i]))
        if due:
            for r in due:
                self._score(r)
                if self.n == 2:  # D2
                    self._dirk_draw(6 if r == 1 else len(self.bag) // 3)
        self.extra = False
        self.actions_this_turn = 0
        if None in market:
            self._game_end()
            return
        self.current = (self.current + 1) % self.n
        self.turn += 1
        self.phase = "action"
        if ev is not None:
            ev.append(Event("next", player=self.current))

    def _game_end(self):
        """E1-E3: award the tiles left in the market, let them be placed, score round 3."""
        self.final = True
        for slot in range(4):
            t = self.market[slot]
            if t is None:
                continue
            cur = SLOT_CURRENCY[slot]
            totals = [sum(c.value for c in p.hand if c.currency is cur) for p in self.players]
            best = max(totals)
            if best > 0 and totals.count(best) == 1:
                self.market[slot] = None
                self.pending.append((totals.index(best), t))
                if self._events is not None:
                    self._events.append(Event("award", player=totals.index(best), slot=slot + 1, tile=t))
        self.pending.sort(key=lambda e: (e[0], e[1].id))
        if self.pending:
            self.phase = "place"
            self.current = self.pending[0][0]
        else:
            self._finish()

    def _finish(self):
        self._score(3)
        self.phase = "over"
        if self._events is not None:
            self._events.append(Event("over"))

    def _score(self, rnd: int):
        """C1-C4 (and D3): one scoring round."""
        entries = [p.alhambra.counts() for p in self.players]
        with_dirk = self.n == 2
        if with_dirk:
            entries.append(self.dirk_counts())
        pts = round_points(entries, rnd)
        walls = [p.alhambra.longest_wall() for p in self.players]
        totals = []
        for i, p in enumerate(self.players):
            gained = sum(pts[i]) + walls[i]
            p.score += gained
            totals.append(gained)
        self.rounds.append({
            "round": rnd,
            "counts": [list(e) for e in entries],
            "buildings": [pts[i] for i in range(self.n)],
            "walls": walls,
            "points": totals,
            "dirk": pts[self.n] if with_dirk else None,
            "scores": [p.score for p in self.players],
        })
        if self._events is not None:
            self._events.append(Event("score", round=rnd))

    # ------------------------------------------------- the record, undo, copy
    @property
    def history(self) -> list:
        """The actions played, in order (``[m.action for m in moves]``)."""
        return [m.action for m in self.moves]

    def copy(self, history: bool = True) -> "Game":
        """An independent copy of the game (same future: the RNG state is
        copied). With ``history=False`` the copy starts its own record at this
        position: no moves to undo (cheaper, for search). Listeners are not copied."""
        g = S.copy_fields(self, Game.__new__(Game))
        g.seed = self.seed
        if history:
            g.moves = self.moves.copy()     # moves and snapshots never change: shared
            g._snaps = self._snaps.copy()
            g._redo = self._redo.copy()
        else:
            g.moves, g._snaps, g._redo = [], [], []
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
        return S.dump_state(self._snaps[0] if self._snaps else self)

    def undo(self):
        """Take back the last move and return its action; the position is
        exactly what it was before (``to_json()`` included), in constant
        time. ``redo()`` plays it again. Raises IndexError when there is no
        move to take back.

        This undo is exact: the order of the deck and the bag comes back with
        the position, as scripts and analysis need. At a table, where an undo
        must not show what comes next, use ``undo(); resample_hidden(rng)``
        (the widget does)."""
        if not self.moves:
            raise IndexError("nothing to undo: no move has been played since the start of the record")
        move = self.moves.pop()
        S.copy_fields(self._snaps.pop(), self)   # the snapshot is shared by copies: copied, never adopted
        self._redo.append(move.action)
        self._tell("undo", move)
        return move.action

    def redo(self):
        """Play the last move taken back by ``undo`` again and return its
        action (IndexError if there is none). Any other move played meanwhile
        ends what can be redone."""
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
        game. Constant time: it is a saved position."""
        n = len(self.moves)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
            raise ValueError(f"a position index runs from 0 to {n}, not {k!r}")
        if k == n:
            g = self.copy()
            g._redo = []
            return g
        g = S.copy_fields(self._snaps[k], Game.__new__(Game))
        g.seed = self.seed
        g.moves = self.moves[:k]
        g._snaps = self._snaps[:k]
        g._redo, g._events, g._listeners = [], None, []
        return g

    def forget_moves(self) -> None:
        """Make the position now the start of the record: no move to undo
        or redo (a lesson's set-up plays moves to reach its position)."""
        self.moves, self._snaps, self._redo = [], [], []
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
        ref = weakref.WeakMethod(fn) if hasattr(fn, "__self__") else _Strong(fn)
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
                fn(self, event, move)

    def __getstate__(self):
        state = self.__dict__.copy()
        state["_listeners"] = []      # listeners are not part of a game
        return state

    # ------------------------------------------------------ hidden information
    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` may know of the position (RULES X3), as plain JSON:
        everything a perfect memory knows -- every hand (dealt and taken face
        up), the markets, the discard pile, Dirk's tiles, the tiles to place,
        the scores and rounds -- and of the hidden part only what can be
        counted: which money cards and scoring cards are in the deck (not
        their order) and which tiles are in the bag (not which comes next).
        The same for every seat (X3); ``seat`` is recorded in the result.
        Never the random number generator."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n):
            raise ValueError(f"seat is a player index from 0 to {self.n - 1}, or None")
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
        import random
        from .hidden import sample_deck
        rng = random.Random(action.seed)
        self.deck = sample_deck(self, rng)
        self.bag.sort(key=_tid)
        self.discard.sort(key=_KEY)
        self._rng = rng.getrandbits(64)

    # ------------------------------------------------------------- records
    def to_json(self, indent=None) -> str:
        """The game record as JSON text (format described in ``record.py``)."""
        return record.dump(self, indent=indent)

    @classmethod
    def from_json(cls, text) -> "Game":
        """Restore a game from ``to_json()`` text. Raises RecordError (and
        loads nothing) when the record is malformed or does not agree with itself."""
        return record.load(text, cls)

    def check(self) -> None:
        """Assert the bookkeeping invariants (every tile and card accounted for,
        every Alhambra legal). Raises AssertionError naming what is wrong."""
        S.check_bookkeeping(self)


class _Position:
    """A saved position (an undo snapshot): the fields of :data:`state.FIELDS` only."""

    __slots__ = tuple(f.attr for f in S.FIELDS)


class _Strong:
    """A strong reference with the call shape of a weak one."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __call__(self):
        return self.fn


# ------------------------------------------------------------------ helpers
def _names(players) -> list:
    if isinstance(players, bool):
        raise TypeError("players is a number from 2 to 6 or a list of 2-6 names")
    if isinstance(players, int):
        if not 2 <= players <= 6:
            raise ValueError(f"Alhambra is played by 2 to 6 players, not {players}")
        return [f"Player {i + 1}" for i in range(players)]
    names = [str(getattr(p, "name", p)) for p in players]
    if not 2 <= len(names) <= 6:
        raise ValueError(f"Alhambra is played by 2 to 6 players, not {len(names)}")
    return names


def _seed_state(seed) -> int:
    if isinstance(seed, str):
        import hashlib
        return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
    return seed & M64


_tid = attrgetter("id")
_KEY = attrgetter("key")
_CARD_ORDER = {str(c): c.key for c in full_deck(3)}


def _neg_value(c):
    return -c.value


_mk = A._mk


def _is_submultiset(cards, pool) -> bool:
    pool = list(pool)
    for c in cards:
        try:
            pool.remove(c)
        except ValueError:
            return False
    return True


_OPTIONS_CACHE: dict = {}


def _cached(key, make):
    """Option lists are immutable tuples of immutable actions: share them."""
    v = _OPTIONS_CACHE.get(key)
    if v is None:
        if len(_OPTIONS_CACHE) > 100_000:
            _OPTIONS_CACHE.clear()
        v = _OPTIONS_CACHE[key] = make()
    return v


def _take_options(money) -> tuple:
    """T1 options: one card, or several worth at most 5; equal choices once,
    ordered by number of cards, then by card order."""
    cards = sorted(money, key=_KEY)
    return _cached(("take",) + tuple([c.key for c in cards]), lambda: _make_take_options(cards))


def _make_take_options(cards) -> tuple:
    pats = _take_patterns(tuple([c.value for c in cards]))
    mk = A._mk
    if len(set(cards)) == len(cards):
        return tuple([mk(A.TakeMoney, tuple([cards[i] for i in idx])) for idx in pats])
    out = []
    seen = set()
    for idx in pats:
        cs = tuple([cards[i] for i in idx])
        if cs not in seen:
            seen.add(cs)
            out.append(mk(A.TakeMoney, cs))
    return tuple(out)


_PATTERNS: dict = {}


def _take_patterns(vals) -> tuple:
    """Index sets of face-up cards that may be taken together (T1), by values.
    A card worth 5 or more can only be taken alone, so such values share a key."""
    vals = tuple([v if v < 5 else 5 for v in vals])
    got = _PATTERNS.get(vals)
    if got is None:
        n = len(vals)
        got = _PATTERNS[vals] = tuple(
            idx for k in range(1, n + 1) for idx in itertools.combinations(range(n), k)
            if k == 1 or sum(vals[i] for i in idx) <= 5)
    return got


_PAY: dict = {}


def _payment_patterns(values: tuple, price: int) -> tuple:
    """Index sets into cards of one currency (values high to low) that pay at
    least ``price`` and from which no card could be left out (T2); equal cards
    give one payment. Cached by (values, price)."""
    key = (price,) + values
    got = _PAY.get(key)
    if got is None:
        if len(_PAY) > 200_000:
            _PAY.clear()
        out = []
        n = len(values)
        chosen = []

        def rec(i, total):
            # values descending: every card added is the smallest so far, so a
            # payment is minimal iff it reaches the price with its last card
            prev = None
            for j in range(i, n):
                v = values[j]
                if v == prev:
                    continue  # equal cards give equal payments
                prev = v
                chosen.append(j)
                if total + v >= price:
                    out.append(tuple(chosen))
                else:
                    rec(j + 1, total + v)
                chosen.pop()

        if sum(values) >= price:
            rec(0, 0)
        got = _PAY[key] = tuple(out)
    return got


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
