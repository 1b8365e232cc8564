"""The player interface every bot implements, and a loop that plays a game with bots."""

from __future__ import annotations

import copy
import itertools
import random

from ..engine import Game, IllegalMove
from ..engine.errors import _shown, add_note
from ..engine.state import seat_index


__all__ = ["Bot", "check_bots", "play_game"]


class Bot:
    """An AI player: ``choose(game, seat)`` returns a legal action for the
    player to move. ``seat`` (default ``game.current``) is the seat
    the bot plays; it never changes the game it is given.

    A bot is deterministic for a given ``seed``: the same seed and the same
    sequence of positions give the same choices (a bot with a ``seconds``
    budget excepted, since how far it searches depends on the clock).
    Bots are plain picklable objects, so process pools can ship them.
    """

    #: short label used in tournament tables (the class name by default)
    name: str = ""
    #: (the seed of a bot whose class sets up without ``Bot.__init__``: its repr still works)
    seed = None

    def __init__(self, seed=None):
        self.seed = seed
        try:
            self.rng = random.Random(seed)
        except TypeError:
            raise TypeError(f"a bot's seed is None, a number or a text, not {type(seed).__name__}") from None

    def choose(self, game: Game, seat: int | None = None):
        raise NotImplementedError

    @staticmethod
    def _check_seat(game: Game, seat) -> None:
        """A bot plays the player to move; asking it for another seat is a
        mistake, and so is asking for a move in a finished game (E4, as
        ``Game.play`` refuses one)."""
        if game.is_over:
            raise IllegalMove("E4", "error.E4.game_over")
        asked = None if seat is None else seat_index(seat, game.names)   # (an index or a name)
        if asked is not None and asked != game.current:
            raise ValueError(f"it is seat {game.current}'s turn ({game.players[game.current].name}), not "
                             f"seat {asked}'s ({game.players[asked].name})")

    def __call__(self, game: Game, seat: int | None = None):
        return self.choose(game, seat)

    def spawn(self, seed) -> "Bot":
        """A copy of this bot with the same settings and a new seed (a
        tournament gives every game's bots their own seeds, so results do not
        depend on which process played which game in what order)."""
        twin = copy.copy(self)
        twin.seed = seed
        twin.rng = random.Random(seed)
        return twin

    @property
    def label(self) -> str:
        return self.name or type(self).__name__

    def _settings(self) -> str:
        return f"seed={self.seed!r}"

    def __repr__(self):
        return f"{type(self).__name__}({self._settings()})"


def class_hint(value) -> str:
    """What to add to a refusal when a bot's class was given where a bot belongs."""
    return f"; make one with its class, e.g. {value.__name__}()" if isinstance(value, type) else ""


def check_bots(bots, what: str = "bots", needs: tuple = ("choose",)) -> list:
    """``bots`` as a list if every entry is a bot -- a :class:`Bot`, or any
    object with the methods ``needs`` -- else TypeError naming the first that
    is not (before any game starts: a string or a class where a bot belongs
    failed deep inside the first game)."""
    if isinstance(bots, (str, bytes, dict)) or not hasattr(bots, "__iter__"):
        raise TypeError(f"{what} is a list of bots, one per seat (e.g. [Greedy(), Random()]), "
                        f"not {type(bots).__name__} {_shown(bots)}")
    bots = list(itertools.islice(bots, 7))   # (one per seat: an endless iterable is not read on)
    if len(bots) > 6:
        raise ValueError(f"{what}: Alhambra is played by 2 to 6 players, one bot per seat, not more than 6")
    for i, bot in enumerate(bots):
        if isinstance(bot, Bot) or (not isinstance(bot, type) and all(callable(getattr(bot, m, None)) for m in needs)):
            continue
        methods = " and ".join(f"{m}()" for m in needs)
        raise TypeError(f"{what}[{i}] is a bot (an alhambra_widget.bots.Bot, or an object with {methods}), "
                        f"not {type(bot).__name__} {_shown(bot)}{class_hint(bot)}")
    return bots


def unique_labels(labels, numbered=None) -> list:
    """``labels`` made unique by numbering the entries that share one
    (``Greedy 1``, ``Greedy 2``, ...), a number skipped where another
    entry's label already is that (a bot named ``Greedy 2``). Only the
    entries at the indices ``numbered`` (default: all) are numbered: the
    others (the names of people at a table) stay as they are.

    >>> unique_labels(["Greedy", "Random", "Greedy", "Greedy 2"])
    ['Greedy 1', 'Random', 'Greedy 3', 'Greedy 2']
    """
    labels = list(labels)
    may = range(len(labels)) if numbered is None else set(numbered)
    out = [None if i in may and labels.count(name) > 1 else name for i, name in enumerate(labels)]
    used = {name for name in out if name is not None}
    last: dict = {}
    for i, name in enumerate(labels):
        if out[i] is None:
            k = last.get(name, 0) + 1
            while f"{name} {k}" in used:
                k += 1
            last[name] = k
            out[i] = f"{name} {k}"
            used.add(out[i])
    return out


def _who(bot) -> str:
    """The bot as a note names it: its repr, or its class where a repr of its own fails."""
    try:
        return repr(bot)
    except Exception:
        return type(bot).__name__


def choose_and_play(bot, game: Game, *, record: bool = True, shown: Game | None = None):
    """Ask ``bot`` for the move of the player to act in ``game`` (shown ``shown``, a copy, if
    given), play it there and return it. Its own error, or the engine's refusal of its move,
    is raised with a note naming the bot, the seat and the turn."""
    seat = game.current
    try:
        action = bot.choose(game if shown is None else shown, seat)
    except Exception as e:
        add_note(e, f"(raised by {_who(bot)} choosing the move of seat {seat}, {game.players[seat].name}, "
                    f"at turn {game.turn})")
        raise
    try:
        game.play(action, record=record)
    except IllegalMove as e:
        add_note(e, f"(chosen by {_who(bot)} for seat {seat}, {game.players[seat].name}, at turn {game.turn})")
        raise
    return action


def play_game(bots, seed=None, *, game: Game | None = None, names=None, record: bool = True,
              on_move=None, max_actions: int = 20_000) -> Game:
    """Play a whole game with one bot per seat and return the finished game.

    ``bots`` lists one :class:`Bot` per seat (seat 0 first). ``game``
    continues a given game instead of starting ``Game(len(bots), seed)``.
    ``record`` keeps the move record (so the game can be saved, undone and
    reviewed; ``record=False`` plays some tenth faster, for many games);
    ``on_move(game, action)`` is called after every action. The bots play on
    from the random state they have: to play the same game again, make them
    afresh with their seeds (or pass ``bot.spawn(seed)`` copies).

    >>> from alhambra_widget.bots import Random
    >>> g = play_game([Random(seed=1), Random(seed=2)], seed=5)
    >>> g.is_over
    True
    """
    bots = check_bots(bots)
    if names is not None and game is None:
        names = list(names)
        if len(names) != len(bots):
            raise ValueError(f"one name per seat: {len(bots)} bots, {len(names)} name{'' if len(names) == 1 else 's'}")
    if game is None:
        game = Game(list(names) if names is not None else len(bots), seed=seed)
    if len(bots) != game.n:
        raise ValueError(f"one bot per seat: {game.n} seats, {len(bots)} bots")
    for _ in range(max_actions):
        if game.is_over:
            return game
        action = choose_and_play(bots[game.current], game, record=record)
        if on_move is not None:
            on_move(game, action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
