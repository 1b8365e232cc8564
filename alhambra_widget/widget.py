"""The Jupyter widget: play, teach and script Alhambra in a notebook.

>>> from alhambra_widget import AlhambraWidget
>>> w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7)
>>> w                                                # doctest: +SKIP
>>> w.play("take dinar 9")                           # or click in the widget
>>> w.game.undo()                                    # the widget follows
TakeMoney('take dinar 9')

Design
------
* The Python engine is the only judge of the rules. The front end sends the
  player's *intents* as custom messages; Python validates each one, maps it to
  exactly one engine action (``game.play``) and the synced state follows.
* State lives in traits (so every display of the widget shows the same game
  and a saved notebook re-renders without a kernel):

  ``view``          the JSON view of the position (:func:`alhambra_widget.view.view`)
                    plus ``replay`` (null or the replay index), ``live_moves``,
                    ``can_undo`` and ``can_redo``
  ``message``       the last refusal or notice: ``{"kind": "error"|"info",
                    "rule": "P5"|null, "text": "...", "id": n}`` (``{}``: none)
  ``seat``          None (hot-seat: every hand, anyone acts) or the viewer's seat
  ``replay_index``  -1 (live) or k: show the position after k moves
  ``lang``          the widget's language (``alhambra_widget.i18n.LANGUAGES``:
                    en, de, fi, ja, nl; a tag such as ``"de-AT"`` is taken as
                    its language's code); every text shown is in it
  ``strings``       the texts of that language for the front end
                    (:func:`alhambra_widget.i18n.strings.front_end_strings`),
                    sent again only when the language changes
  ``moves``         the number of moves in the game's record (``len(w.game.moves)``),
                    after every move, undo and redo: a value that reactive
                    notebooks depend on (marimo re-runs a cell that reads
                    ``mo.ui.anywidget(w).value`` after each move; the page
                    writes it back unchanged for that, js/static-copy.js)

  The front end may not write these: state it sends is ignored and the
  kernel's values are sent back.
* Messages from the front end are declared once, in
  :mod:`alhambra_widget.protocol` (``protocol.json``: every kind, its fields
  and an example; the front end reads the same file). A message that does not
  follow it is refused with a message in the widget; nothing changes and
  nothing is raised into the kernel. Each kind has one short handler
  (``_on_action``, ``_on_undo`` ...). ``stamp`` is ``view["stamp"]``: an
  intent made on a picture of another position (or seat, or line-up) than
  the one shown now is refused as stale; one made on an older picture of the
  same position (before a hint came, the language changed, a review moved
  on) means the same and is taken. ``seat``
  must be the widget's ``seat``; with a seat, only that player acts, undoes
  their own last move and redoes moves that are theirs.
* Changes made on ``w.game`` directly (``w.game.play(...)``, ``w.game.undo()``)
  update the widget at once: the widget listens to its game
  (``Game.listen``). Anything else (engine attributes assigned by hand) is
  picked up after the notebook cell ends, or by ``w.refresh()``.
* Undo at the table is not the engine's exact undo: when the moves taken back
  had shown cards or tiles (a refill, Dirk's draw), the order of what nobody
  has seen is sampled afresh (``Game.resample_hidden``), so an undo cannot be
  used to peek at the deck. ``w.game.undo()`` stays exact.
"""

from __future__ import annotations

import json
import logging
import math
import numbers
import os
import pathlib
import random
import threading
from collections.abc import Mapping
from types import MappingProxyType

import anywidget
import traitlets as t

from .engine import actions as A
from .engine.errors import IllegalMove, RecordError
from .engine.game import Game
from .engine.state import MAX_NAME_LENGTH, name_key, name_ok, same_name, seat_index
from .i18n import LANGUAGES, check_language, get_language, t as tr, tn, use_language
from .i18n.format import tile_names
from .i18n.moves import describe_entry, describe_move, log_entry
from .i18n.strings import front_end_strings
from .protocol import LINEUP_KINDS, ProtocolError, Refused, check_message, from_page, short as _short
from .seats import Cancelled, Runner
from .view import view as make_view

__all__ = ["AlhambraWidget"]

log = logging.getLogger("alhambra_widget")

_STATIC = pathlib.Path(__file__).parent / "static"
_BUNDLE = _STATIC / "widget.js"

# Shown instead of the table when the package was installed without its
# front end (a source checkout where `npm run build` has not run).
_MISSING_ESM = """
export default { render({ el }) {
  el.textContent = "alhambra-widget: the front end is not built. Run `npm install --no-audit --no-fund && npm run build` in the source tree, then restart the kernel.";
} };
"""


class TraitValueError(t.TraitError, ValueError):
    """A value the widget's trait cannot take (a seat, a language, a replay
    index): a ``TraitError``, as traitlets raises, and a ``ValueError``, as
    ``Game`` raises for the same mistake -- one ``except`` catches both."""


#: The longest action notation the widget accepts from the front end.
MAX_ACTION_LENGTH = 200
_UNSET = object()
#: Event kinds of a move that show what lay hidden (the deck, the bag).
_REVEALING = frozenset({"money", "refill", "dirk_draw", "shuffle", "scoring"})


def _reveals(taken) -> bool:
    """Whether taking back ``taken`` puts back a hidden order someone has
    seen: a move that showed cards or tiles, or a chance move -- an earlier
    reshuffle, whose undo restores the order from before it, the one the
    moves it hid had shown (two undos in a row must not bring it back)."""
    return any(m.player is None or any(e.kind in _REVEALING for e in m.events) for m in taken)


#: An undo against bots takes back at most this many moves at once.
MAX_UNDO_RUN = 500
#: illegal moves in a row a bot may choose in one position before it is stopped there (not retried forever)
BOT_TRIES = 3
#: How long the page animates a move, and a scoring round after it (js/motion.js:
#: MOVE_MS, SCORE_MS): in a kernel, a bot waits at least that long after the last move.
MOVE_SECONDS = 0.4
SCORE_SECONDS = 0.5

# One lock for every table of this process. Outside a kernel (a script, marimo) a bot's move is
# played from the bot's own thread, under its table's lock; two tables may show one game (one per
# seat, each with the bots seated), and with a lock each, both could play a bot's move on that game
# at once. A table may also show another game later, so a lock per game would have to move with
# it. One lock: no two tables change a game at the same moment, and no two locks are ever taken in
# opposite orders. What it guards is short (a move, a view made); a bot thinks outside it. (In a
# kernel every change is made on the kernel's thread anyway.)
_TABLE_LOCK = threading.RLock()


def motion_seconds(move) -> float:
    """How long the page shows ``move`` moving (js/motion.js)."""
    return MOVE_SECONDS + SCORE_SECONDS * len(move.rounds)


def _bundle_text():
    # read once, as text: anywidget turns a Path into a file watcher that
    # holds every widget made from it (none was ever collected)
    try:
        return _BUNDLE.read_text(encoding="utf-8")
    except OSError:
        return _MISSING_ESM


class AlhambraWidget(anywidget.AnyWidget):
    """A game of Alhambra in a notebook: ``AlhambraWidget(game)`` or
    ``AlhambraWidget(players=3, seed=1)`` (``players``: 2-6 or a list of names).

    ``seat=None`` is hot-seat (everyone plays at one screen); ``seat=i`` (or
    the player's name, ``seat="Ana"``) is player i's view: only they act.
    Every hand is shown in both (RULES X3).

    Bots take seats: ``players=["You", Greedy(), MCTS(seconds=1)]`` (names
    and :class:`~alhambra_widget.bots.Bot` objects), or ``bots={1:
    Greedy()}`` with a game. They move by themselves after ``bot_delay``
    seconds, thinking in the background (:mod:`alhambra_widget.seats`);
    ``autoplay=False`` leaves that to ``w.play_bots()``.

    ``save="evening.json"`` keeps the game in that file: written (whole,
    atomically) after every move, undo and redo and whenever another game is
    shown, and read back when the widget is made again, after a restart of
    the kernel. The file's game then takes the place of a new one (``seed``
    is not used): the names in ``players`` must be its players' (the bots
    among them take their seats again), a file that is not a game record
    raises :class:`~alhambra_widget.engine.errors.RecordError` naming what is
    wrong, and a game given besides an existing file raises ValueError; the
    file stays as it was. ``w.save_path`` is the file.
    """

    _esm = _bundle_text()

    # (the traits the kernel draws from the game are read-only: a cell changes the game, not them)
    view = t.Dict(read_only=True).tag(sync=True)
    message = t.Dict(read_only=True).tag(sync=True)
    #: None (hot-seat) or the viewer's seat; a player's name may be given for it (``w.seat = "Ana"``)
    seat = t.Union([t.Int(), t.Unicode()], default_value=None, allow_none=True).tag(sync=True)
    replay_index = t.Int(-1).tag(sync=True)
    #: the language of every text the widget shows (i18n.LANGUAGES); by default the current
    #: language (English unless ``alhambra_widget.i18n.set_language`` chose another)
    lang = t.Unicode().tag(sync=True)
    #: the front end's texts in ``lang`` (set by the kernel when ``lang`` changes)
    strings = t.Dict(read_only=True).tag(sync=True)
    #: tutorial mode (``AlhambraWidget.tutorial()``): the lesson panel, else {}
    lesson = t.Dict(read_only=True).tag(sync=True)
    #: the number of moves in the game's record, after every move, undo and redo
    #: (set by the kernel; the page writes it back unchanged, for marimo)
    moves = t.Int(0, read_only=True).tag(sync=True)
    #: the game review (``review()``): None, ``{"running": True, "done": n,
    #: "total": moves}`` while it runs, or ``{"moves": {move index: {grade, player, played, best, loss,
    #: title}}, "counts": {grade: n}, "chances": [[move index, seat 0 %,
    #: ...]]}`` -- the inaccuracies, mistakes and blunders in words, how many
    #: moves got each grade, every player's win chance after each move. A trait of its
    #: own, so the view stays small after a review (the front end reads it
    #: as the view's ``review``). Sent as ``{}`` when None: Pyodide's kernel (JupyterLite) drops a
    #: trait's None on the way to the page, and the page kept showing the review that was
    graded = t.Dict(None, allow_none=True, read_only=True).tag(
        sync=True, to_json=lambda value, _widget: {} if value is None else value)

    def __init__(self, game=None, *, players=_UNSET, seed=_UNSET, seat=None, bots=None,
                 bot_delay: float = 0.8, autoplay: bool = True, save=None, **kwargs):
        if (isinstance(game, (list, tuple)) or isinstance(game, numbers.Integral)) and not isinstance(game, bool) \
                and players is _UNSET:
            game, players = None, game   # AlhambraWidget(3), AlhambraWidget(["Ana", Greedy()]), as Game(...)
        if game is not None and (players is not _UNSET or seed is not _UNSET):
            raise TypeError("give either a game or players/seed, not both")
        unknown = sorted(k for k in kwargs if not self.has_trait(k))
        if unknown:   # (traitlets only warns, and the warning is hidden: a typo was dropped in silence)
            raise TypeError(_unknown_arguments(unknown, type(self)))
        if bots is not None and not isinstance(bots, Mapping):
            raise TypeError("bots is {seat: bot}, e.g. bots={1: Greedy()}, or give the bots among the players: "
                            f"players=[\"You\", Greedy()]; not {type(bots).__name__}")
        bots = dict(bots or {})
        if isinstance(players, (list, tuple)):
            players, more = _seat_bots(players)
            bots.update(more)
        self._save_path = None if save is None else _save_file(save)
        self._saved = False            # whether the last write of the game to save_path went through
        self._save_failure = None      # the id of the message that told the last write failed
        self._played: list = []        # the games finished at this table before this one, by New game: (names, winners)
        if self._save_path is not None and self._save_path.exists() and self._save_path.stat().st_size:
            # (an empty file holds no game: the game is kept in it from now on)
            if game is not None:   # (one of the two games would be lost)
                raise ValueError(f"{self._save_path} holds a game already: leave out the game to go on with "
                                 f"that one, or remove the file (or save to another) to keep this one")
            game = _saved_game(self._save_path, players)   # the game goes on
        if game is None:
            game = Game(3 if players is _UNSET else players, None if seed is _UNSET else seed)
        elif not isinstance(game, Game):
            raise TypeError(f"AlhambraWidget shows a Game, not {type(game).__name__}")
        seat = _seat_index(seat, game)   # (checked before anything is set up)
        self._game = None
        self._stamp = 0
        self._seen = (None, 0)         # (what an intent depends on, the first stamp that showed it): see _intent_key
        self._msg_id = 0
        self._epoch = 0                # counts every change of the game shown: jobs are keyed by it
        self._strikes = (None, 0)      # (the position, how many illegal moves a bot chose there in a row)
        self._shown = 0                # counts the games shown (view["game"]): another game is no move
        self._on_move: list = []
        self._chance = random.Random() # fresh samples of the hidden order after an undo
        self._ready = False
        self._lock = _TABLE_LOCK       # (shared by every table: see _TABLE_LOCK)
        self._runner = Runner(self._lock)
        self._bots = _check_bots(bots, game)
        self.bot_delay = bot_delay
        self.autoplay = autoplay
        self._hints = None             # (epoch, {replay index (-1: live): hint rows}) or None
        # the last review: (the game shown, the actions of the moves reviewed, {move index: graded
        # move}, {(lang, moves held, all of them): view}); it holds on the moves the game still shares with them
        self._review = None
        self._held = None              # (epoch, what of the review holds then: see _review_held)
        self._review_progress = None   # (epoch, moves graded, moves to grade) of the review running
        self._tutorial = None          # the Tutorial driving this widget (tutorial mode)
        self._branch = None            # (the game shown, a copy of it as played before Play from here) or None
        if self._save_path is not None:
            _write_record(self._save_path, game)   # a file it cannot write is refused at once (OSError)
        super().__init__(**kwargs)     # lang="fi" is validated here
        if self._save_path is not None:
            _hand_over(self._save_path, self)
        self.set_trait("strings", front_end_strings(self.lang))
        self._attach(game)
        if seat is None:
            seat = _one_person(self._bots, game.n)   # one person against bots: their view
        self.seat = seat               # validated against the game
        self._ready = True
        self._refresh()
        _hook_cells(self)
        self._poke_bots()

    @t.default("lang")
    def _lang_default(self) -> str:
        return get_language()

    @classmethod
    def tutorial(cls, lang: str | None = None, lesson: int = 0, **kwargs) -> "AlhambraWidget":
        """A widget in tutorial mode: the rules step by step, each lesson a
        small position to play on (:mod:`alhambra_widget.tutorial`), with its
        texts in ``lang`` (en, de, fi, ja, nl; None: the current language),
        starting at lesson ``lesson``
        (an index). ``w.tutor`` is the :class:`~alhambra_widget.tutorial.Tutorial`."""
        from .tutorial.mode import open_tutorial
        return open_tutorial(cls, lang=lang, lesson=lesson, **kwargs)

    @property
    def tutor(self):
        """The :class:`~alhambra_widget.tutorial.Tutorial` in tutorial mode, else None."""
        return self._tutorial

    def __repr__(self) -> str:
        """``<AlhambraWidget 3 players, turn 5, Ana to act>``: the game at a glance, also what a
        front end without widgets shows (a terminal, a text-only view) instead of the table."""
        seat = "" if self.seat is None else f", seen from seat {self.seat}"
        return f"<AlhambraWidget {repr(self._game)[len('<Game '):-1]}{seat}>"

    # ------------------------------------------------------------- the game
    @property
    def game(self) -> Game:
        """The live engine game. Assign another ``Game`` to show that one."""
        return self._game

    @game.setter
    def game(self, game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"AlhambraWidget shows a Game, not {type(game).__name__}")
        # under the lock: an intent or a bot's move in another thread finishes first
        with self._lock:
            if game is self._game:
                return
            saved = self._attach(game)
            with self.hold_sync():  # one update for the front end
                with self.hold_trait_notifications():
                    if self.seat is not None and self.seat >= game.n:
                        self.seat = None
                    self.replay_index = -1
                if saved:   # (else the message says it could not be saved)
                    self._message({})
                self._refresh()
            self._poke_bots()

    def _attach(self, game) -> bool:
        """Show ``game`` from now on; False if it could not be saved (``save=``)."""
        if self._game is not None:
            self._game.unlisten(self._game_event)
        self._game = game
        self._epoch += 1
        self._shown += 1
        game.listen(self._game_event)   # held weakly: the game does not keep the widget alive
        return self._save()

    @property
    def save_path(self):
        """The file the game is kept in (``save=``), a ``pathlib.Path``, or None."""
        return self._save_path

    def _save(self) -> bool:
        """Write the game's record to ``save_path`` (if any): to a file beside
        it, then moved over it, so that the file always holds a whole record.
        A failure is told in the message line and logged; the game goes on."""
        path = self._save_path
        if path is None:
            return True
        try:
            _write_record(path, self._game)
            self._saved = True
            if self._ready and self.message.get("id") == self._save_failure:
                self._message({})   # (saved again: "the game goes on, unsaved" is no longer true)
            return True
        except OSError as e:
            self._saved = False
            log.warning("could not save the game to %s: %s", path, e)
            if self._ready:
                self._message({"kind": "error", "rule": None,
                               "text": tr("ui.refuse.save_failed", self.lang, path=_short(str(path), 120),
                                          error=_short(e.strerror or str(e), 160))})
                self._save_failure = self._msg_id
            return False

    def _game_event(self, game, event, move) -> None:
        """Called by the game after every play, undo, redo and restore (any source)."""
        if game is not self._game:
            return
        self._epoch += 1
        self._hints = None
        self._save()
        if self.replay_index != -1:
            self.replay_index = -1       # the game moved on: show it (refreshes)
        else:
            self._refresh()
        self._poke_bots()
        if event in ("play", "redo") and move.player is not None:
            for cb in list(self._on_move):
                try:
                    cb(game, move.action)
                except Exception as e:  # a broken hook must not break the game
                    log.exception("on_move callback %r failed", cb)
                    self._message({"kind": "error", "rule": None,
                                   "text": tr("ui.refuse.hook_failed", self.lang,
                                              name=_short(getattr(cb, "__name__", cb)),
                                              error=_short(f"{type(e).__name__}: {e}", 160))})

    # ------------------------------------------------------------ Python API
    def play(self, action) -> None:
        """Play an action (an Action or its notation, e.g. ``"take dinar 3"``).
        Raises :class:`IllegalMove` like ``Game.play`` (its message in the
        widget's language); the widget follows. Outside a kernel, where the bots
        move from threads of their own, it waits for a bot's move being played."""
        with self._lock, use_language(self.lang):
            self._game.play(action)

    def undo(self):
        """Take back the last move at the table, as its Undo button does
        (returns the action of the person's move taken back, or None): against
        bots, their replies and the last move of a person; else the last move.
        The position is the one before, except that when a move taken back had
        shown cards or tiles, what nobody has seen yet is shuffled afresh
        (``Game.resample_hidden``), so an undo never shows what comes next.
        ``redo()`` plays the moves again. (``w.game.undo()`` is the engine's
        exact undo of one move.)"""
        with self._lock, use_language(self.lang):
            g = self._game
            if not self.can_undo:
                return None
            bots = bool(self._bots) and any(m.player is not None and m.player not in self._bots
                                            for m in g.moves)
            taken = self._take_back(g, people=1, bots=bots)
            self._say_undone([m for m in taken if m.player is not None])
            return next((m.action for m in reversed(taken) if m.player is not None), None)

    def _take_back(self, g, people: int, bots: bool) -> list:
        """Undo moves from the end: chance moves, the bots' moves (when
        ``bots``) and ``people`` moves of a person -- bounded, and only while
        ``g`` is still the widget's game -- then hide the future again if
        anything taken back had shown it. Returns the moves taken back, in
        the order they were taken back."""
        taken = []
        while g.moves and len(taken) < MAX_UNDO_RUN and g is self._game:
            m = g.moves[-1]
            person = m.player is not None and not (bots and m.player in self._bots)
            if person:
                if people == 0:
                    break
                people -= 1
            g.undo()
            taken.append(m)
            if person and people == 0:
                # the chance moves right before the person's move go with it
                while g.moves and g.moves[-1].player is None and g is self._game:
                    taken.append(g.moves[-1])
                    g.undo()
                break
        if g is self._game and _reveals(taken):
            g.resample_hidden(self._chance)
        return taken

    def redo(self):
        """Play the last move taken back again (returns it, or None). After a
        reshuffle of what nobody has seen (an undo at the table, Play from
        here), only the moves that can still be played in the new order are
        left to redo."""
        with self._lock, use_language(self.lang):
            if not self.can_redo:
                return None
            g = self._game
            action = g.redo()
            while action.kind == A.CHANCE and g.can_redo:   # a reshuffle taken back with the move
                action = g.redo()
            return action

    def play_from(self, k: int | None = None) -> int:
        """Play on from the position after the first ``k`` moves (by default
        the one the replay shows): every later move is taken back, as Undo
        takes moves back -- ``redo()`` plays them again one at a time, and
        when they had shown cards or tiles, what nobody has seen yet is
        shuffled afresh -- and the table shows the game live from there.
        Returns the number of moves taken back (chance moves included). A
        review keeps its marks on the moves kept, and the game as it was
        played is kept too: :meth:`back_to_game` goes back to it. Not in
        tutorial mode, whose lessons set their own positions."""
        if self._tutorial is not None:
            raise RuntimeError("a tutorial sets up its own positions: w.tutor.replay() starts the lesson again")
        with self._lock, use_language(self.lang):
            g = self._game
            n = len(g.moves)
            if k is None:
                if self.replay_index == -1:
                    raise ValueError("play_from(): no past position is shown; give k, the number of moves to keep "
                                     f"(0 to {n})")
                k = self.replay_index
            if isinstance(k, bool) or not isinstance(k, int):
                raise TypeError(f"play_from() takes the number of moves to keep (0 to {n}), not {_short(k)}")
            if not 0 <= k <= n:
                raise ValueError(f"play_from(): the game has {n} moves; keep 0 to {n}, not {k}")
            taken = []
            if k < n:
                if not self._branched():   # the game as played, to go back to (back_to_game)
                    self._branch = (self._shown, g.copy())
                # taken back quietly, then the widget told once (not a refresh and a save per move)
                g.unlisten(self._game_event)
                try:
                    while len(g.moves) > k:
                        taken.append(g.moves[-1])
                        g.undo()
                finally:
                    g.listen(self._game_event)
                if _reveals(taken):
                    g.resample_hidden(self._chance)   # (a move: the widget hears of it)
                else:
                    self._game_event(g, "undo", taken[-1])
            self.replay_index = -1
            return len(taken)

    def _branched(self) -> Game | None:
        """The game as it was played before Play from here, if it is this game's."""
        b = self._branch
        return b[1] if b is not None and b[0] == self._shown else None

    @property
    def played_game(self) -> Game | None:
        """The game as it was played before the first Play from here (a copy:
        to compare with, or to go back to with :meth:`back_to_game`), or None."""
        b = self._branched()
        return None if b is None else b.copy()

    def back_to_game(self) -> int:
        """Go back to the game as it was played before Play from here (kept
        until another game is shown): the moves tried since are dropped, and a
        review of the game played holds again in full. Returns its number of
        moves. ValueError when there is none; with a seat, only over moves of
        its own, the bots' and chance's (as Play from here)."""
        with self._lock, use_language(self.lang):
            played, refusal = self._back_refusal()
            if refusal == "ui.refuse.no_game_played":
                raise ValueError("back_to_game(): no game to go back to (Play from here keeps the game played)")
            if refusal is not None:
                raise ValueError("back_to_game(): another player's moves were played since; only your own "
                                 "moves and the bots' are dropped")
            review = self._review
            self.game = played      # (another game for the table: shown from its last position)
            self._branch = None
            if review is not None and review[0] == self._shown - 1:   # the review was of the game played
                self._review = (self._shown, *review[1:3], {})
                self._held = None
                self._refresh()
            return len(played.moves)

    def _back_refusal(self) -> tuple:
        """``(the game played or None, why Game played is refused now: the key
        of its text, or None)``: there is none, or with a seat, other people's
        moves were played since (as for Play from here)."""
        played = self._branched()
        if played is None:
            return None, "ui.refuse.no_game_played"
        if not self._may_play_from(_common_start(self._game.moves, [m.action for m in played.moves])):
            return played, "ui.refuse.play_from_others"
        return played, None

    @property
    def can_undo(self) -> bool:
        return any(m.player is not None for m in self._game.moves)

    @property
    def can_redo(self) -> bool:
        return self._game.can_redo

    def on_move(self, callback, remove: bool = False):
        """Call ``callback(game, action)`` after every move, whoever plays it
        (the widget, ``w.play``, ``w.game.play``, a redo): the game first, as
        ``play_game(on_move=)`` and ``Game.listen`` call theirs. Returns the
        callback, so it works as a decorator; ``remove=True`` unregisters it."""
        if remove:
            self._on_move = [c for c in self._on_move if c != callback]
        else:
            if not callable(callback):
                raise TypeError("on_move takes a callable: callback(game, action)")
            self._on_move.append(callback)
        return callback

    def refresh(self) -> None:
        """Bring every display up to date with ``w.game`` (needed only after
        changing engine attributes by hand; play and undo notify by themselves)."""
        self._refresh()

    # ------------------------------------------------------------- the view
    def _refresh(self) -> None:
        if not self._ready:
            return
        g = self._game
        k = self.replay_index
        better = None
        if k != -1:
            shown = g.position_at(k)
            v = make_view(shown, self.seat, stamp=self._stamp, may_act=False, lang=self.lang)
            better = self._reviewed_move(k + 1)   # the review's better move on the position shown
        else:
            # a bot's turn: nobody at the screen acts for it
            may_act = None if g.is_over or g.current not in self._bots else False
            v = make_view(g, self.seat, stamp=self._stamp, lang=self.lang, may_act=may_act)
        v["game"] = self._shown
        v["replay"] = None if k == -1 else k
        v["live_moves"] = len(g.moves)
        v["can_undo"] = self.can_undo and k == -1
        v["can_redo"] = self.can_redo and k == -1 and (g.is_over or g.current not in self._bots)
        v["can_play_from"] = k != -1 and self._may_play_from(k)
        played = self._branched()
        v["played_moves"] = None if played is None or self._tutorial is not None else len(played.moves)
        v["bots"] = {str(i): b.label for i, b in self._bots.items()}
        v["saved"] = self._save_path.name if self._saved and self._save_path is not None else None
        v["tally"] = self.tally() if self._played else None
        live = k == -1
        v["thinking"] = g.current if live and self._runner.running("bot") else None
        v["hinting"] = self._runner.running("hint", self._hint_key())
        # replaying, the hints asked for there, else the review's better move and the move played
        hints = self._current_hints()
        v["hints"] = (hints if hints is not None or live
                      else [better["hint"], better["played_hint"]] if better and better["hint"] else None)
        self._send_graded()
        if self._tutorial is not None:
            from .tutorial.mode import decorate_view
            decorate_view(self, v)
        old = dict(self.view)
        old.pop("stamp", None)
        old.pop("since", None)
        v.pop("stamp")
        if v != old:
            self._stamp += 1
            key = self._intent_key()
            if key is None or key != self._seen[0]:
                self._seen = (key, self._stamp)
        v["stamp"] = self._stamp
        v["since"] = self._seen[1]   # (the page keeps a selection begun while this stays)
        self.set_trait("view", v)

    @t.validate("seat")
    def _check_seat(self, proposal):
        return _seat_index(proposal["value"], self._game)

    @t.validate("replay_index")
    def _check_replay(self, proposal):
        k = proposal["value"]
        n = len(self._game.moves) if self._game is not None else 0
        if not -1 <= k <= n:
            raise TraitValueError(f"replay_index runs from 0 to {n} (or -1 for the live game), not {k}")
        if k == n:
            k = -1
        return k

    @t.validate("lang")
    def _check_lang(self, proposal):
        try:
            return check_language(proposal["value"])
        except ValueError as e:
            raise TraitValueError(str(e)) from None

    @t.observe("lang")
    def _lang_changed(self, change):
        # the new texts, the view in the new language and no message of the old
        # one: one update for the front end (under the lock, as the observer below:
        # outside a kernel a bot's move may be played from its thread meanwhile)
        with self._lock, self.hold_sync():
            self.set_trait("strings", front_end_strings(change["new"]))
            if self._ready:
                self._message({})
                self._refresh()

    @t.observe("seat", "replay_index")
    def _seat_or_replay_changed(self, change):
        with self._lock:
            self._refresh()
            if change["name"] == "replay_index":
                self._poke_bots()

    # ------------------------------------------------------- bots and hints
    def _bot_key(self):
        # the epoch never repeats for this widget (every play, undo, redo,
        # restore and new game moves it on), so an answer is never played in
        # another position than the one it was thought for; the moves held
        # tell a change made from another thread (outside a kernel, a cell's
        # w.game.undo() takes no lock of the widget) before its listener has
        # moved the epoch on
        g = self._game
        return (self._epoch, g.current, len(g.moves), id(g.moves[-1]) if g.moves else None)

    def _poke_bots(self) -> None:
        """Start the bot to move thinking, if it is a bot's turn (else stop it)."""
        if not self._ready:
            return
        g = self._game
        seat = None if g.is_over else g.current
        if (not self.autoplay or seat not in self._bots or self.replay_index != -1):
            if self._runner.running("bot"):
                self._runner.cancel("bot")
                self._refresh()
            return
        key = self._bot_key()
        if self._runner.running("bot", key):
            return
        bot, snapshot = self._bots[seat], g.copy()

        def think():
            from .bots.mcts import _Searcher
            if isinstance(bot, _Searcher):   # (a searcher stops when nobody waits for its move any more)
                return bot.choose(snapshot, seat, stop=lambda: not self._runner.running("bot", key))
            return bot.choose(snapshot, seat)

        self._runner.start("bot", key, think, self._bot_done, delay=self._bot_wait())
        self._refresh()  # shows that the bot is thinking

    @property
    def autoplay(self) -> bool:
        """Whether the bots move by themselves (True) or only by ``w.play_bots()``. Turned on
        at a bot's turn, that bot starts thinking at once; turned off, a bot thinking stops."""
        return self._autoplay

    @autoplay.setter
    def autoplay(self, value) -> None:
        if not (isinstance(value, bool) or isinstance(value, numbers.Integral) and value in (0, 1)):
            raise TypeError(f"autoplay is True or False, not {type(value).__name__} {_short(value)}")
        self._autoplay = bool(value)
        with self._lock:
            self._poke_bots()   # (nothing before the table is ready)

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before each of its moves (0 or more)."""
        return self._bot_delay

    @bot_delay.setter
    def bot_delay(self, value) -> None:
        # (checked here: a bot's thread sleeping an infinite, negative or NaN delay died, and the bot never moved)
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value < math.inf:
            raise ValueError(f"bot_delay is a number of seconds, 0 or more, not {value!r}")
        self._bot_delay = float(value)

    def _bot_wait(self) -> float:
        """``bot_delay``; in a kernel (a page draws the moves) at least as long
        as the page animates the last move, so that each move can be followed."""
        g = self._game
        if self._runner.loop is None or not g.moves:
            return self.bot_delay
        return max(self.bot_delay, motion_seconds(g.moves[-1]))

    def _bot_done(self, key, action) -> None:
        with self.hold_sync(), use_language(self.lang):
            # looked at right before the move, under the sync's hold: see _bot_key
            if key != self._bot_key() or self.replay_index != -1:
                self._refresh()
                self._poke_bots()   # the game changed meanwhile: look again
                return
            if isinstance(action, BaseException):
                self._refresh()
                self._message({"kind": "error", "rule": None,
                               "text": tr("ui.refuse.bot_failed", self.lang, name=self._game.players[key[1]].name,
                                          error=f"{type(action).__name__}: {action}" if str(action) else
                                          type(action).__name__)})
                return
            name = self._game.players[key[1]].name
            try:
                if getattr(action, "kind", None) == A.CHANCE:
                    raise IllegalMove("X3", "error.T.chance_move")
                self._game.play(action)
            except IllegalMove as e:
                # think again (under a new key): a bot that draws its move may find a legal one;
                # one that keeps choosing illegal moves is stopped after BOT_TRIES, not retried forever
                g = self._game
                here = (g, len(g.moves), g.moves[-1] if g.moves else None)
                was, n = self._strikes
                same = was is not None and was[0] is g and was[1] == here[1] and was[2] is here[2]
                n = n + 1 if same else 1
                self._strikes = (here, n)
                self._epoch += 1
                self._refresh()
                text = tr("ui.refuse.bot_illegal", name=name, action=_short(str(action)), error=_refusal_text(e))
                if n >= BOT_TRIES:
                    text = tr("ui.refuse.bot_stopped", text=text, tries=n)
                self._message({"kind": "error", "rule": e.rule, "text": text})
                if n < BOT_TRIES:
                    self._poke_bots()
                return
            self._message({"kind": "info", "rule": None, "text": describe_move(self._game.moves[-1], self._game)})

    def play_bots(self, moves: int | None = None) -> int:
        """Play the bots' moves now, in this thread, until a person is to act
        (or ``moves`` moves are made, or the game ends); returns how many."""
        from .bots.base import choose_and_play

        if moves is not None and (isinstance(moves, bool) or not isinstance(moves, numbers.Integral) or moves < 0):
            raise ValueError(f"moves is how many moves to play, a whole number from 0 (or None: until a "
                             f"person is to act), not {_short(moves)}")

        made = 0
        while moves is None or made < moves:
            # under the lock: a bot's move from its own thread (outside a kernel) is
            # played before or after this one, never while it is chosen or played
            with self._lock:
                g = self._game
                if g.is_over or g.current not in self._bots:
                    break
                self._runner.cancel("bot")
                with use_language(self.lang):
                    choose_and_play(self._bots[g.current], g, shown=g.copy())
            made += 1
        return made

    def wait(self, timeout: float | None = None) -> bool:
        """Outside a Jupyter kernel: wait until the bots and hints running in
        the background are done (True), or ``timeout`` seconds pass (False)."""
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, numbers.Real)
                                    or math.isnan(timeout)):
            raise TypeError(f"timeout is a number of seconds or None, not {_short(timeout)}")
        return self._runner.wait(timeout)

    def _hint_key(self):
        # the position shown: the game's (epoch) and, while replaying, the one after k moves
        return (self._epoch, self.replay_index)

    def hint(self, seconds: float = 1.0, top: int = 3, wait: bool = False, *, iterations: int | None = None):
        """Look for the best moves of the player to act in the position shown
        (an analysis of about ``seconds``, or of exactly ``iterations``: then
        the same hints every time, as ``analyse(iterations=)`` gives) and show
        the top ``top`` on the board: the live game's, or while replaying
        (``replay_index``) the past position's, what was best there. Runs in
        the background; ``wait=True`` (outside a kernel only) waits for the
        search (not for a bot thinking meanwhile) and returns the hints."""
        from .analysis.hints import candidates, check_top   # (plain rows: hints need no pandas)
        from .bots.mcts import _budget, check_seconds

        with self._lock:   # (the position copied whole: outside a kernel a bot's move may be played from its thread)
            g = self._game
            k = self.replay_index
            if g.is_over and k == -1:
                with use_language(self.lang):  # the refusal in the widget's language, as play()'s
                    raise IllegalMove("E4", "error.E4.nothing_to_hint")
            check_seconds(seconds)   # (checked here: in the background a bad value fails where nobody looks)
            iterations = _budget(iterations, seconds)[0]
            check_top(top)
            key = self._hint_key()
            if not self._runner.running("hint", key):   # one search at a time for a position
                # (a past position is a game of its own: the search never sees the order
                # of the deck or the bag, then or now -- RULES.md X3)
                snapshot = g.copy() if k == -1 else g.position_at(k)

                def gone():   # the position shown changed, or the widget closed: nobody waits for these hints
                    return self._hint_key() != key or not self._runner.running("hint", key)

                def work():
                    rows, _info = candidates(snapshot, seconds=seconds, top=top, iterations=iterations,
                                             seed=len(snapshot.moves), stop=gone)
                    if gone():   # stopped early, its position left: hints of a cut search are not kept
                        raise Cancelled
                    return [_hint_json(r, snapshot) for r in rows]

                self._runner.start("hint", key, work, self._hint_done)
                self._refresh()
        if wait:
            self._runner.wait(kind="hint")   # (not for a bot thinking meanwhile)
            return self._current_hints()
        return None

    def _current_hints(self):
        """The hints found for the position shown now (live or replayed), else None."""
        key = self._hint_key()
        return self._hints[1].get(key[1]) if self._hints is not None and self._hints[0] == key[0] else None

    def _hint_done(self, key, rows) -> None:
        if isinstance(rows, BaseException):
            self._refresh()
            self._message({"kind": "error", "rule": None,
                           "text": tr("ui.refuse.hint_failed", self.lang, error=type(rows).__name__)})
            return
        epoch, k = key
        if epoch != self._epoch:   # found for a game that has moved on since: nobody shows them
            self._refresh()
            return
        if self._hints is None or self._hints[0] != epoch:
            self._hints = (epoch, {})
        self._hints[1][k] = rows   # (kept for the game as it is: back to a position, its hints are there)
        self._refresh()

    # ------------------------------------------------------------- review
    def new_game(self, seed=None, players=None) -> Game:
        """Start a new game and show it, everything shuffled afresh (``seed``:
        a seed of its own, to deal a game that can be dealt again; None: a
        new deal each time). Returns the new game.

        Without ``players``, the same players: the same names, the same bots
        at their seats, the same viewer's seat; the other open widgets that
        showed the same game (one per seat, say) go on to the new one too,
        each with its own seat and bots. With ``players`` (as for the
        constructor: names and bots, ``["You", Greedy(), MCTS()]``, or a
        number of unnamed players), that line-up, with this widget's bots
        replaced by its bots, seated as the constructor seats them (one
        person among bots: their view, else hot-seat); the other widgets stay
        with the old game. The old game object stays as it was, for whoever
        holds it.

        The table's **New game** button, shown once a game is over, does the
        same, with the line-up chosen under it. Not in tutorial mode, whose
        lessons set their own positions."""
        if self._tutorial is not None:
            raise RuntimeError("a tutorial sets up its own positions: w.tutor.replay() starts the lesson again")
        if isinstance(seed, (list, tuple)) and players is None:
            seed, players = None, seed   # new_game(["Ana", Greedy()]): the players first, as for Game(...)
        old = self._game
        finished = old.is_over
        if finished:   # (counted before the new game shows, so that it shows with it)
            self._played.append((tuple(old.names), tuple(old.winners)))
        try:
            return self._new_game(old, seed, players)
        except BaseException:
            if finished:   # a refused seed or line-up: nothing counted, nothing changed
                self._played.pop()
            raise

    def _new_game(self, old, seed, players) -> Game:
        if players is None:
            game = Game(list(old.names), seed)   # (a bad seed is refused here, before anything changes)
            self.game = game
            for other in list(_LIVE):   # (the widgets not closed)
                if other is not self and other._game is old and other._tutorial is None:
                    other.game = game
            return game
        if isinstance(players, int) and not isinstance(players, bool):   # a count, as for the constructor
            players = Game(players, seed).names   # (a bad count or seed is refused here)
        if not isinstance(players, (list, tuple)):
            raise TypeError(f"players is a number of players or a list of names and bots, not {type(players).__name__}")
        names, bots = _seat_bots(players)
        game = Game(names, seed)         # (the count, the names and the seed checked before anything changes)
        bots = _check_bots(bots, game)
        seat = _one_person(bots, game.n)   # (as the constructor seats them)
        with self._lock, self.hold_sync():
            self._bots = bots
            self._runner.cancel("bot")   # (a bot of the old line-up thinking: not waited for)
            self.game = game             # (one update for the front end: the game and its seat)
            self.seat = seat
        return game

    def tally(self) -> dict:
        """The games played at this table one after the other (by **New game**,
        or ``new_game()``), this one counted once it is over: ``{"games": n,
        "wins": [[name, wins], ...]}``, the players of this game first, in
        their seats, then anyone who played an earlier game; a shared victory
        counts for each winner. The table shows it at the end of every game
        after the first."""
        done = list(self._played)
        g = self._game
        if g.is_over:
            done.append((tuple(g.names), tuple(g.winners)))
        wins = {name: 0 for name in g.names}
        for names, winners in done:
            for name in names:
                wins.setdefault(name, 0)
            for i in winners:
                wins[names[i]] += 1
        return {"games": len(done), "wins": [[name, k] for name, k in wins.items()]}

    @property
    def bots(self) -> Mapping:
        """The bots at this table, ``{seat: bot}`` (read only: to change them,
        assign a new mapping, or start a new game with ``new_game(players=...)``)."""
        return MappingProxyType(self._bots)

    @bots.setter
    def bots(self, bots) -> None:
        """Seat bots in this game, ``{seat: bot}`` (``{}``: people only): a bot
        whose turn it is starts, a bot thinking when it loses its seat stops.
        The table is seen as the constructor shows it: from the seat of the one
        person left against bots, else hot-seat."""
        if not isinstance(bots, Mapping):
            raise TypeError("bots is {seat: bot}, e.g. w.bots = {1: Greedy()} (or new_game(players=[...]) for "
                            f"a new line-up), not {type(bots).__name__}")
        if self._tutorial is not None:
            raise RuntimeError("a tutorial seats its own players: its lessons are played against no bot")
        bots = _check_bots(bots, self._game)   # (checked whole before anything changes)
        with self._lock, self.hold_sync():
            self._bots = bots
            self._runner.cancel("bot")
            self.seat = _one_person(bots, self._game.n)   # (as the constructor and new_game seat it)
            self._refresh()
        self._poke_bots()

    def lineup(self) -> list:
        """The players as the constructor and ``new_game(players=)`` take them:
        each seat's name, or its bot."""
        return [self._bots.get(i, name) for i, name in enumerate(self._game.names)]

    def review(self, seconds_per_move: float = 0.5, wait: bool = False, *, iterations: int | None = None):
        """Review the game: every move a player made graded by a search of
        about ``seconds_per_move``, or of exactly ``iterations`` (then the same
        review every time, as ``review(game, iterations=)`` gives)
        (:func:`alhambra_widget.analysis.review.review_rows`),
        on a copy of the game, in the background (one review at a time). The
        replay control then marks the inaccuracies, mistakes and blunders (and
        the move log beside their moves), a table under it sums the review up
        per player, and replaying to the position before a reviewed move tells
        the move and its grade and marks the better move (as a hint) and the
        move played on the board. The review holds on the moves the game still
        shares with the game reviewed: after an undo or Play from here, its
        marks stay on the moves kept, and Review then grades the moves played
        since; another game drops it. ``wait=True`` (outside a kernel only)
        waits and returns the rows of the review."""
        # (checked here: in the background they fail where nobody looks)
        from .analysis.review import check_reviewable
        from .bots.mcts import _budget, check_seconds

        check_seconds(seconds_per_move, "seconds_per_move")
        iterations = _budget(iterations, seconds_per_move)[0]
        with self._lock:   # (the game copied whole: outside a kernel a bot's move may be played from its thread)
            check_reviewable(self._game)
            key = self._epoch
            held = self._review_held()
            if held is not None and held[1] and not self._runner.running("review"):
                return self._review_rows() if wait else None   # reviewed already, every move
            if not self._runner.running("review", key):
                snapshot = self._game.copy()
                from .analysis.review import iter_review_rows   # plain rows: no pandas

                # a game played on from a position reviewed: the moves kept are graded already
                graded, start = (held[0], held[2]) if held is not None else ({}, 0)
                total = sum(1 for m in snapshot.moves[start:] if m.player is not None)
                done = [0]
                self._review_progress = (key, 0, total)

                def gone():   # the game changed, or the review was stopped: nobody waits for the rest
                    return key != self._epoch or not self._runner.running("review", key)

                def on_row(row):
                    if gone():
                        raise Cancelled
                    done[0] += 1
                    self._runner.post(self._review_step, key, done[0], total)

                def work():   # in steps, a move at a time (where no thread runs, the page's clicks between)
                    rows = []
                    for row in iter_review_rows(snapshot, seconds_per_move, iterations=iterations, seed=0,
                                                on_row=on_row, stop=gone, start=start):
                        rows.append(row)
                        yield
                    return (tuple(m.action for m in snapshot.moves),
                            {**graded, **{row["move"]: _reviewed(row, snapshot) for row in rows}})

                self._runner.start("review", key, work, self._review_done)
                self._refresh()
        if wait:
            self._runner.wait(kind="review")
            return self._review_rows()
        return None

    def stop_review(self) -> bool:
        """Stop the review running in the background, if one is: the moves
        graded so far are dropped (``review()`` starts afresh). True if one
        was stopped."""
        with self._lock:
            if not self._runner.running("review"):
                return False
            self._runner.cancel("review")   # (its thread stops at the next move it grades)
            self._review_progress = None
        self._refresh()
        return True

    def _review_rows(self):
        """The rows of the review, if it holds on every move of the game now, else None."""
        held = self._review_held()
        return [m["row"] for m in held[0].values()] if held is not None and held[1] else None

    def _review_held(self):
        """What of the last review holds now: ``(graded moves, whole, kept)`` --
        the graded moves among the first ``kept`` moves, those the game still
        shares with the game reviewed (after an undo or Play from here, the
        moves kept), and whether that is every move of both -- or None (no
        review, another game, or no graded move kept). Worked out once a change."""
        if self._held is not None and self._held[0] == self._epoch:
            return self._held[1]
        r = self._review
        held = None
        if r is not None and r[0] == self._shown:
            actions, graded = r[1], r[2]
            moves = self._game.moves
            kept = _common_start(moves, actions)
            whole = kept == len(actions) == len(moves)
            graded = graded if whole else {i: m for i, m in graded.items() if i <= kept}
            held = (graded, whole, kept) if graded else None
        self._held = (self._epoch, held)
        return held

    def _reviewed_move(self, index: int):
        """The review of move ``index`` (from 1) if it holds and the move was
        not the best one, else None."""
        held = self._review_held()
        m = held[0].get(index) if held is not None else None
        return m if m is not None and m["row"]["grade"] != "best" else None

    def _review_step(self, key, done: int, total: int) -> None:
        """A move more is graded: the progress goes out (the view stays as it is)."""
        if key == self._epoch and self._runner.running("review", key):
            self._review_progress = (key, done, total)
            self._send_graded()

    def _send_graded(self) -> None:
        """Set the ``graded`` trait when the review's state changed (it syncs only then)."""
        graded = self._review_view()
        if graded != self.graded:
            self.set_trait("graded", graded)

    def _review_view(self):
        """The ``graded`` trait: None, ``{"running": True, "done": n, "total":
        moves}`` while the review runs, or the graded moves."""
        if self._runner.running("review", self._epoch):
            p = self._review_progress
            done, total = (p[1], p[2]) if p is not None and p[0] == self._epoch else (0, 0)
            return {"running": True, "done": done, "total": total}
        held = self._review_held()
        if held is None:
            return None
        graded, whole, kept = held
        cache = self._review[3]
        cached = cache.get((self.lang, kept, whole))
        if cached is None:
            cached = _review_json(graded, self._game, self.lang)
            if not whole:   # (the marks of the moves kept: the game as it is now is not reviewed)
                cached["partial"] = True
            cache[(self.lang, kept, whole)] = cached
        return cached

    def _review_done(self, key, result) -> None:
        if isinstance(result, BaseException):
            self._refresh()
            self._message({"kind": "error", "rule": None,
                           "text": tr("review.failed", self.lang, error=type(result).__name__)})
            return
        if key == self._epoch:
            actions, graded = result
            self._review = (self._shown, actions, graded, {})
            self._held = None
        self._refresh()

    def _message(self, msg: dict) -> None:
        if msg:
            self._msg_id += 1
            msg = {"kind": msg.get("kind", "info"), "rule": msg.get("rule"), "text": msg.get("text", ""),
                   "id": self._msg_id}
        self.set_trait("message", msg)

    # ------------------------------------------------ display and the picture
    # nbconvert's HTML (and any page) shows one part of an output: the widget
    # view when there is one (it ranks first), so a picture in the widget's
    # own output never shows. The picture is an output of its own, right
    # after the widget's; the widget's style sheet hides it where the table
    # is drawn (js/style.js), and it follows the view (one display id per
    # widget: at the end of a cell that changed it, half a second after a
    # click or a bot's move), so a saved notebook shows the last position.
    def _ipython_display_(self, **kwargs):
        """Display the table, then a picture of the position (SVG in HTML)
        for pages without widget JavaScript. IPython calls this under
        ipywidgets 7 and 8 alike (before any ``_repr_mimebundle_``)."""
        from IPython.display import display

        data = super()._repr_mimebundle_(**kwargs)   # anywidget's widget view
        if data is None:
            return
        bundle, meta = data
        display(bundle, metadata=meta, raw=True)
        picture = self._picture()
        if picture is not None:
            display(picture, raw=True, display_id=self._picture_id())
            self._picture_shown = picture["text/html"]
            _hook_pictures()

    def _repr_mimebundle_(self, **kwargs):
        # hosts that ask for a bundle rather than display (marimo): the widget
        # view and, for renderers without widgets, the picture beside it
        data = super()._repr_mimebundle_(**kwargs)
        if data is None:
            return None
        bundle, meta = data
        picture = self._picture()
        if picture is not None:
            bundle = {**bundle, "image/svg+xml": picture["image/svg+xml"]}
        return bundle, meta

    def _picture_id(self) -> str:
        return f"alhambra-widget-{self.model_id}"

    def _picture(self):
        """The picture of what the widget shows: {text/html, image/svg+xml,
        text/plain}, or None if it cannot be drawn (it is a nicety: the
        widget must still display)."""
        try:
            from .render import view_svg
            with use_language(self.lang):
                svg = view_svg(self.view)
                plain = tr("picture.text", status=self.view.get("status", ""))
        except Exception:
            log.exception("could not draw the picture of the position")
            return None
        return {"text/html": f'<div class="alh-picture">{svg}</div>', "image/svg+xml": svg, "text/plain": plain}

    @t.observe("view")
    def _view_changed(self, change):
        self.set_trait("moves", int(change["new"].get("live_moves", 0)))
        if getattr(self, "_picture_shown", None) is None:   # not displayed by IPython: no picture
            return
        _STALE.add(self)
        if not _CELL:           # a cell runs (maybe a whole game): the picture when it ends
            _pictures_soon()    # a click, a bot's move: when the page has drawn it

    def _update_picture(self) -> None:
        shown = getattr(self, "_picture_shown", None)
        if shown is None or self.comm is None:
            return
        picture = self._picture()
        if picture is None or picture["text/html"] == shown:
            return
        from IPython.display import update_display

        update_display(picture, raw=True, display_id=self._picture_id())
        self._picture_shown = picture["text/html"]

    # ------------------------------------------------------ the front end
    def set_state(self, sync_data):
        """State sent by the front end. The widget's front end changes no
        state (its intents are messages; at most it writes a value back
        unchanged), so a write that would change a value is forged or
        malformed: nothing changes, and the kernel's values of the traits
        named are sent back. Only ipywidgets' own view counter is taken, when
        it is tracked."""
        if not isinstance(sync_data, dict):
            return
        count = sync_data.get("_view_count")
        counted = (self._view_count is not None and isinstance(count, int) and not isinstance(count, bool)
                   and 0 <= count < 10 ** 6)
        if counted:
            super().set_state({"_view_count": count})
        names = [k for k in sync_data if not (counted and k == "_view_count") and not self._unchanged(k, sync_data[k])]
        if not names:
            return
        log.warning("ignored a front-end write to %s", ", ".join(sorted(map(str, names)))[:200])
        real = [k for k in names if k in self.keys]
        if real:
            try:
                self.send_state(real)   # put the front end right again
            except Exception:
                log.exception("could not resend the state")

    def _unchanged(self, name, value) -> bool:
        """``value`` is what the kernel holds for trait ``name`` (a write back)."""
        if name not in self.keys:
            return False
        try:
            mine = self.get_state(name)[name]
            return type(mine) is type(value) and mine == value
        except Exception:
            return False

    def _refuse_unless_my_turn(self, bot_key: str, g: Game | None = None) -> None:
        """Refuse an intent made while a bot is to play (``bot_key`` says so) or,
        in a seated view, while another player is (in the game, or in ``g``)."""
        g = self._game if g is None else g
        if g.current in self._bots:
            raise Refused(None, tr(bot_key, name=g.players[g.current].name))
        if self.seat is not None and g.current != self.seat:
            raise Refused(None, tr("ui.refuse.not_your_turn", name=g.players[g.current].name))

    def _handle_custom_msg(self, content, buffers):
        """An intent from the front end. Never raises into the kernel."""
        # one update for the front end: the new view and its message together
        # (sent apart, the page redrew twice, the message ~40 ms after the board);
        # the lock: outside a kernel a bot's move is played from its own thread
        with self._lock, self.hold_sync(), use_language(self.lang):
            self._handle_intent(content, buffers)

    def _handle_intent(self, content, buffers):
        try:
            content = from_page(content)
            kind = check_message(content, buffers)
            self._check_origin(content)
            self._HANDLERS[kind](self, content)
        except ProtocolError as e:
            self._message({"kind": "error", "rule": None, "text": tr(e.key, **e.params)})
        except Refused as r:
            self._message({"kind": "error", "rule": r.rule, "text": r.text})
        except Exception as e:  # a bug here must not reach the kernel
            log.exception("intent %s failed", _short(content))
            try:
                self._message({"kind": "error", "rule": None,
                               "text": tr("ui.refuse.bug", error=type(e).__name__)})
            except Exception:
                log.exception("could not show the error")

    def _intent_key(self):
        """What a click means depends on: the position shown (the game, its
        moves, the replay), the seat and who the bots are. A new view with the
        same key (a hint found, another language, a review's progress, a bot
        thinking) leaves the meaning of a click made on the one before as it
        was. (None in a lesson: there every new view is another step.)"""
        if self._tutorial is not None:
            return None
        return (self._epoch, self.replay_index, self.seat, tuple(sorted(self._bots)))

    def _check_origin(self, content) -> None:
        """The message's seat is this widget's, and its stamp is of a view of
        the position shown now (see _intent_key)."""
        if "seat" in content and content["seat"] != self.seat:
            raise Refused(None, tr("ui.refuse.other_seat", value=_short(content["seat"]), seat=repr(self.seat)))
        if "stamp" in content and not self._seen[1] <= content["stamp"] <= self._stamp:
            raise Refused(None, tr("ui.refuse.stale"))

    # one short handler per message kind of the protocol (alhambra_widget/protocol.json)
    def _on_language(self, content) -> None:
        lang = content["lang"]
        if not isinstance(lang, str) or lang not in LANGUAGES:
            raise Refused(None, tr("ui.refuse.language", value=_short(lang), languages=", ".join(LANGUAGES)))
        self.lang = lang

    def _on_replay(self, content) -> None:
        k = content["index"]
        n = len(self._game.moves)
        if isinstance(k, bool) or not isinstance(k, int) or not -1 <= k <= n:
            raise Refused(None, tr("ui.refuse.replay_index", n=n, value=_short(k)))
        try:
            self.replay_index = k
        except t.TraitError as e:
            raise Refused(None, str(e)) from None

    def _may_play_from(self, k: int) -> bool:
        """May the viewer play on from the position after ``k`` moves at the
        table (:meth:`play_from`)? Not in a lesson; with a seat, only over
        moves of its own, the bots' and chance's (as Undo)."""
        if self._tutorial is not None:
            return False
        return self.seat is None or all(m.player is None or m.player == self.seat or m.player in self._bots
                                        for m in self._game.moves[k:])

    def _on_play_from(self, content) -> None:
        k = content["index"]
        g = self._game
        n = len(g.moves)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < n:
            raise Refused(None, tr("ui.refuse.play_from_index", n=n - 1, value=_short(k)))
        if self._tutorial is not None:
            raise Refused(None, tr("ui.refuse.new_game_lesson"))
        if not self._may_play_from(k):
            raise Refused(None, tr("ui.refuse.play_from_others"))
        action = None
        if "action" in content:
            # and a move there at once (a hint tried): judged on that position before anything
            # is taken back, so a refusal leaves the game as it was
            there = g.position_at(k)
            self._refuse_unless_my_turn("ui.refuse.bot_turn_wait", there)
            action = self._intent_action(content["action"])
            refusal = there.why_illegal(action)
            if refusal is not None:
                raise Refused(refusal.rule, _refusal_text(refusal))
        people = sum(1 for m in g.moves[k:] if m.player is not None)
        self.play_from(k)
        self._message({"kind": "info", "rule": None, "text": tn("ui.told.play_from", people)})
        if action is not None:
            self._play_intent(action)

    def _on_back_to_game(self, content) -> None:
        refusal = self._back_refusal()[1]
        if refusal is not None:
            raise Refused(None, tr(refusal))
        n = self.back_to_game()
        self._message({"kind": "info", "rule": None, "text": tr("ui.told.back_to_game", n=n)})

    def _on_lesson(self, content) -> None:
        from .tutorial.mode import lesson_intent
        lesson_intent(self, content["op"])

    def _on_review(self, content) -> None:
        from .analysis.review import check_reviewable

        try:
            check_reviewable(self._game)
        except ValueError:
            raise Refused(None, tr("ui.refuse.review_no_record")) from None
        self.review()

    def _on_review_stop(self, content) -> None:
        self.stop_review()

    def _on_new_game(self, content) -> None:
        if self._tutorial is not None:
            raise Refused(None, tr("ui.refuse.new_game_lesson"))
        if not (self._game.is_over or not self._game.moves):   # (over, or before its first move: nothing is lost)
            raise Refused(None, tr("ui.refuse.new_game_in_play"))
        kinds, names = content.get("players"), content.get("names")
        if kinds is None and names is not None:
            raise Refused(None, tr("ui.refuse.lineup_names", value=_short(names)))
        self.new_game(players=None if kinds is None else self._lineup_of(kinds, names))

    def _lineup_of(self, kinds, names=None) -> list:
        """The players of a line-up chosen on the table: per seat a kind
        (``LINEUP_KINDS``) and, for a person, a name (``names``: a name or
        None per seat). A person without a name keeps the name of the
        person at that seat now, else is "Player k" (k the seat, as a game
        names its seats); "same" keeps the bot of that seat."""
        if (not isinstance(kinds, list) or not 2 <= len(kinds) <= 6
                or any(not isinstance(k, str) or k not in LINEUP_KINDS for k in kinds)):
            raise Refused(None, tr("ui.refuse.lineup", value=_short(kinds), kinds=", ".join(LINEUP_KINDS)))
        if names is None:
            names = [None] * len(kinds)
        if (not isinstance(names, list) or len(names) != len(kinds)
                or any(n is not None and (not isinstance(n, str) or k != "person") for n, k in zip(names, kinds))):
            raise Refused(None, tr("ui.refuse.lineup_names", value=_short(names)))
        for i, name in enumerate(names):
            if name is not None and not name_ok(name):
                raise Refused(None, tr("ui.refuse.lineup_name", seat=i + 1, most=MAX_NAME_LENGTH, value=_short(name)))
        old = self._game.names
        out = []

        def taken(name) -> bool:   # (another seat's name, as the table reads names: see same_name)
            return any(isinstance(x, str) and name_key(x) == name_key(name) for x in (*out, *names))

        for i, kind in enumerate(kinds):
            if kind == "person":
                name = names[i]
                if name is None:
                    name = old[i] if i < len(old) and i not in self._bots else None
                    k = i + 1
                    while name is None or taken(name):
                        name, k = f"Player {k}", k + 1
                out.append(name)
            elif kind == "same":
                if i not in self._bots:
                    raise Refused(None, tr("ui.refuse.lineup_same", seat=i + 1))
                out.append(self._bots[i])
            else:
                out.append(_new_bot(kind))
        seated = _seat_bots(out)[0]
        twice = same_name(seated)
        if twice is not None:   # two people given one name (or a person a bot's)
            a, b = twice
            raise Refused(None, tr("ui.refuse.lineup_twice", a=a + 1, b=b + 1, name=seated[a]))
        return out

    def _live(self) -> Game:
        if self.replay_index != -1:
            raise Refused(None, tr("ui.refuse.replaying"))
        return self._game

    def _on_hint(self, content) -> None:
        if self.replay_index == -1:
            if self._game.is_over:
                raise Refused("E4", tr("ui.refuse.hint_over"))
            self._refuse_unless_my_turn("ui.refuse.bot_turn")
        # (a past position: anyone's move -- every hand is known, X3, and the order of the deck never)
        self.hint()

    def _on_undo(self, content) -> None:
        g = self._live()
        if not self.can_undo:
            raise Refused(None, tr("ui.refuse.no_undo"))
        if self._bots:
            # take back the bots' replies and the last move of a person
            people = [m for m in g.moves if m.player is not None and m.player not in self._bots]
            if not people or (self.seat is not None and people[-1].player != self.seat):
                raise Refused(None, tr("ui.refuse.no_own_undo"))
            taken = self._take_back(g, people=1, bots=True)
        else:
            last = next(m for m in reversed(g.moves) if m.player is not None)
            if self.seat is not None and last.player != self.seat:
                raise Refused(None, tr("ui.refuse.undo_not_yours"))
            taken = self._take_back(g, people=1, bots=False)
        self._say_undone([m for m in taken if m.player is not None])

    def _say_undone(self, moves) -> None:
        if not moves:
            self._message({})
            return
        g = self._game
        last = moves[-1]   # the person's move, taken back last
        said = describe_entry(log_entry(last, g.names), g.names, g.rounds, main_only=True)
        self._message({"kind": "info", "rule": None, "text": tn("ui.told.undone", len(moves), move=said)})

    def _on_redo(self, content) -> None:
        g = self._live()
        if not self.can_redo:
            raise Refused(None, tr("ui.refuse.no_redo"))
        if g.current in self._bots and not g.is_over:
            # (a person re-played the move taken back, and the bot's old reply is next on
            # the redo list: the bot answers for itself)
            raise Refused(None, tr("ui.refuse.bot_turn_wait", name=g.players[g.current].name))
        if self.seat is not None and g.current != self.seat:
            raise Refused(None, tr("ui.refuse.redo_not_turn"))
        try:
            action = self.redo()
        except IllegalMove as e:
            raise Refused(e.rule, _refusal_text(e)) from None
        move = next((m for m in reversed(g.moves) if m.player is not None), None)
        said = describe_move(move, g) if move is not None and move.action == action else str(action)
        self._message({"kind": "info", "rule": None, "text": tr("ui.told.redone", move=said)})

    def _on_action(self, content) -> None:
        g = self._live()
        _check_length(content["action"])   # (before anything is read of it)
        if g.is_over:
            raise Refused("E4", tr("ui.refuse.over"))
        self._refuse_unless_my_turn("ui.refuse.bot_turn_wait")
        self._play_intent(self._intent_action(content["action"]))

    @staticmethod
    def _intent_action(text: str):
        """The action a message names in notation, or Refused saying why it names none."""
        _check_length(text)
        try:
            action = A.parse(text)
        except IllegalMove as e:
            raise Refused(e.rule, _refusal_text(e)) from None
        except ValueError as e:
            raise Refused("T", tr("ui.refuse.notation", error=str(e))) from None
        if action.kind == A.CHANCE:   # chance is the engine's, never a player's
            raise Refused("X3", tr("error.T.chance_move"))
        return action

    def _play_intent(self, action) -> None:
        """Play an action a message asked for, and tell it in the message line."""
        g = self._game
        before = self._msg_id
        try:
            g.play(action)
        except IllegalMove as e:
            if self._tutorial is not None:
                from .tutorial.mode import refused
                refused(self, action, e)
            raise Refused(e.rule, _refusal_text(e)) from None
        if self._msg_id != before:
            return  # an on_move hook failed during the move: keep its message
        # the move in words, as the log says it (js/describe.js: the same ui.move.* texts)
        self._message({"kind": "info", "rule": None, "text": describe_move(g.moves[-1], g)})

    _HANDLERS = {
        "action": _on_action, "undo": _on_undo, "redo": _on_redo, "replay": _on_replay,
        "play_from": _on_play_from, "back_to_game": _on_back_to_game,
        "hint": _on_hint, "language": _on_language, "lesson": _on_lesson, "review": _on_review,
        "review_stop": _on_review_stop, "new_game": _on_new_game,
    }

    def close(self):
        runner = getattr(self, "_runner", None)
        if runner is not None:
            runner.cancel("bot")
            runner.cancel("hint")
            runner.cancel("review")
        if getattr(self, "_game", None) is not None:
            self._game.unlisten(self._game_event)
        _unhook_cells(self)
        super().close()


def _refusal_text(e: IllegalMove) -> str:
    """An engine's refusal in the current language (the widget's, where it is said), its tiles
    named as the table shows them (``Tower 7 (walls N E W)``, not by the id a script uses)."""
    with tile_names("walls"):
        return e.localized()


def _new_bot(kind: str):
    from . import bots

    return {"random": bots.Random, "greedy": bots.Greedy, "mcts": bots.MCTS}[kind]()


def _unknown_arguments(names, cls) -> str:
    """The refusal of keyword arguments the widget has no use for, with the
    nearest names it takes (``language`` -> ``lang``)."""
    import difflib
    import inspect

    known = [p for p in inspect.signature(cls.__init__).parameters if p not in ("self", "game", "kwargs")]
    known += [n for n in cls.class_trait_names() if not n.startswith("_")]
    said = []
    for name in names:
        near = difflib.get_close_matches(name, known, n=1, cutoff=0.6) \
            or [k for k in known if name.startswith(k) or k.startswith(name)][:1]
        said.append(f"{name!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    return (f"AlhambraWidget() got {'an unexpected keyword argument' if len(names) == 1 else 'unexpected keyword arguments'} "
            f"{', '.join(said)}")


def _seat_bots(players):
    """Names and bots from a players list: ``["You", Greedy()]`` ->
    ``(["You", "Greedy"], {1: Greedy()})``; a bot whose label another player
    has too is numbered (people's names are left as given)."""
    from .bots.base import Bot, class_hint, unique_labels

    names, bots = [], {}
    for i, p in enumerate(players):
        if isinstance(p, Bot):
            bots[i] = p
            names.append(p.label)
        elif isinstance(p, str):
            names.append(p)
        else:
            raise TypeError(f"a player is a name or a bot (alhambra_widget.bots), not {type(p).__name__}"
                            f"{class_hint(p)}")
    return unique_labels(names, numbered=bots), bots


def _write_record(path: pathlib.Path, game: Game) -> None:
    """Write ``game``'s record to ``path``: to a file beside it first, then
    moved over it, so that ``path`` always holds a whole record (OSError if not)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")   # (a bot's thread, a cell's)
    try:
        tmp.write_text(game.to_json(), encoding="utf-8")
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise


def _save_file(save) -> pathlib.Path:
    """The file of ``save=``: a name (text or a path) whose folder exists (the
    file itself need not), made absolute -- the game stays in that file when
    the working folder changes later (``os.chdir``, ``%cd``); TypeError, or an
    OSError saying what is wrong."""
    if not isinstance(save, (str, os.PathLike)) or not str(save).strip():
        raise TypeError(f"save is the name of a file to keep the game in, e.g. save='evening.json', not {_short(save)}")
    path = pathlib.Path(save).expanduser().absolute()
    if path.is_dir():
        raise IsADirectoryError(f"save names a file to keep the game in, and {path} is a folder: "
                         f"name a file in it, e.g. save='{path / 'evening.json'}'")
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"the game cannot be kept in {path}: there is no folder {folder} (make it first, "
                         f"or name a file in a folder that exists)")
    return path


def _saved_game(path: pathlib.Path, players) -> Game:
    """The game kept in ``path`` (``save=``); ``players``, if given, must name its players."""
    from .engine.record import MAX_RECORD_CHARS

    with path.open("rb") as f:   # (a record's most bytes, and one more: a larger file is refused unread)
        data = f.read(MAX_RECORD_CHARS * 4 + 1)
    try:
        if len(data) <= MAX_RECORD_CHARS * 4:
            try:   # (not JSON at all: said so, not the advice for a file's name given as its text)
                json.loads(data)
            except (ValueError, RecursionError):
                raise RecordError("it is not JSON text") from None
        game = Game.from_json(data)
    except RecordError as e:   # (the file named: which file is not a record is the first question)
        raise RecordError(f"{path} is not a game record that can be played on: {e}. Save to another "
                          f"file, or move this one away to start a new game in it") from None
    names = [p.name for p in game.players]
    if isinstance(players, list) and players != names or isinstance(players, int) and players != len(names):
        given = ", ".join(players) if isinstance(players, list) else f"{players} players"
        raise ValueError(f"{path} holds a game of {', '.join(names)}, not of {given}: "
                         f"name its players, or save this game in another file")
    return game


def _one_person(bots, n: int):
    """The seat of the one person at a table of ``n`` with these bots, or None
    (people only, several people, or bots only: hot-seat)."""
    people = [i for i in range(n) if i not in bots]
    return people[0] if bots and len(people) == 1 else None


def _seat_index(seat, game):
    """``seat`` as a seat of ``game``: None (hot-seat), a player's index, or the index of the
    player called ``seat`` (names compare as the table compares them, see ``seat_index``);
    anything else is a TraitError saying what a seat is."""
    try:
        return seat_index(seat, game.names, none="for hot-seat")
    except ValueError as e:
        raise TraitValueError(str(e)) from None


def _check_bots(bots, game) -> dict:
    """``{seat: bot}`` with every seat an index (a seat may be given by name)."""
    from .bots.base import Bot, class_hint

    out = {}
    for seat, bot in bots.items():
        seat = seat_index(seat, game.names, "a bot's seat")
        if seat in out:
            raise ValueError(f"{game.players[seat].name} is given two bots")
        if not isinstance(bot, Bot):
            raise TypeError(f"seat {seat}: a bot is an alhambra_widget.bots.Bot, not {type(bot).__name__}"
                            f"{class_hint(bot)}")
        out[seat] = bot
    return out


def _common_start(moves, actions) -> int:
    """How many first ``moves`` play the ``actions``, in turn."""
    k = 0
    for m, a in zip(moves, actions):
        if m.action != a:
            break
        k += 1
    return k


def _check_length(text: str) -> None:
    """Refused for a message's action text longer than any notation."""
    if len(text) > MAX_ACTION_LENGTH:
        raise Refused(None, tr("ui.refuse.action_long", n=len(text), max=MAX_ACTION_LENGTH))


def _hint_json(row: dict, game) -> dict:
    """One hint for the front end: the notation, the estimates, and where it
    points on the table (slot, cards, tile, cell)."""
    action = A.parse(row["action"])
    f = action.fields()
    out = {"action": str(action), "kind": action.kind, "verb": action.verb,
           "win": round(float(row["win_probability"]), 3), "margin": round(float(row["expected_margin"]), 1)}
    if "slot" in f:
        out["slot"] = f["slot"]
    if "cards" in f:
        out["cards"] = [str(c) for c in f["cards"]]
    if "tile_id" in f:
        out["tile"] = f["tile_id"]
    if f.get("pos") is not None:
        out["cell"] = [f["pos"][0], f["pos"][1]]
    return out


#: The grades the replay control marks (the others are in the counts only).
REVIEW_MARKED = ("inaccuracy", "mistake", "blunder")


def _reviewed(row: dict, game) -> dict:
    """One reviewed move of ``game``: its row, the move played and, when the
    best move found was another, that move played on the position before
    (to put it into words) and its hint for the board."""
    k = row["move"] - 1
    out = {"row": row, "played": game.moves[k], "best": None, "hint": None, "played_hint": None}
    if row["grade"] == "best" or row["best"] == row["played"]:
        return out
    before = game.position_at(k)
    try:
        # the better move, and the move played beside it (marked apart), as hints on the board
        out["hint"] = _hint_json({"action": row["best"], "win_probability": row["win_before"],
                                  "expected_margin": 0.0}, before)
        out["hint"]["margin"] = None   # the review estimates no margin
        out["played_hint"] = _hint_json({"action": row["played"], "win_probability": row["win_after"],
                                         "expected_margin": 0.0}, before)
        out["played_hint"].update(margin=None, played=True)
        before.play(A.parse(row["best"]))
        out["best"] = next(m for m in before.moves[k:] if m.player is not None)
    except (IllegalMove, ValueError, StopIteration):   # pragma: no cover - the search's move is legal
        log.exception("review: the best move %s of move %s", row["best"], row["move"])
    return out


def _review_json(moves: dict, game, lang: str) -> dict:
    """The view's ``review`` of a finished review: the marked moves in words
    (``lang``), how many moves got each grade, and every player's estimated
    win chance after each move reviewed (``chances``: ``[move index, seat 0
    in %, seat 1 in %, ...]``, for the graph along the replay slider), and
    per seat the grades of its moves and the win chance a move lost on
    average (``players``: ``loss``, a probability as each marked move's
    ``loss`` is)."""
    from .analysis.review import GRADES, summary_rows

    out = {}
    chances = []
    names, rounds = game.names, game.rounds
    for index, m in moves.items():
        row = m["row"]
        chances.append([index] + [_pct(w) for w in row["wins"]])
        if row["grade"] not in REVIEW_MARKED:
            continue
        played = describe_entry(log_entry(m["played"], names), names, rounds, lang, main_only=True)
        best = (describe_entry(log_entry(m["best"], names), names, rounds, lang, main_only=True)
                if m["best"] is not None else row["best"])
        grade = tr(f"review.grade.{row['grade']}", lang)
        out[str(index)] = {"grade": row["grade"], "player": row["player"], "played": played, "best": best,
                           "loss": round(float(row["loss"]), 3),
                           "title": tr("review.mark", lang, n=index, grade=grade, best=best),
                           "text": tr("review.at", lang, n=index, grade=grade, played=played)}
    chances.sort()
    players = [{**{g: p[g] for g, _ in GRADES}, "moves": p["moves"], "loss": round(p["mean_loss"], 4)}
               for p in summary_rows([m["row"] for m in moves.values()], names)]
    counts = {g: sum(p[g] for p in players) for g, _ in GRADES}   # (the players' grades, added up)
    grades = {g: tr(f"review.grade.{g}", lang) for g, _ in GRADES}
    return {"moves": out, "counts": counts, "chances": chances, "players": players, "grades": grades}


def _pct(p) -> int:
    """A probability in whole per cent."""
    return round(100 * float(p))


# ------------------------------------------------- after every notebook cell
# Engine attributes changed by hand (not through play/undo) are noticed when
# the cell ends: each live widget re-checks its game then.
import weakref  # noqa: E402

_LIVE: "weakref.WeakSet[AlhambraWidget]" = weakref.WeakSet()
_HOOKED = []


def _post_run_cell(*_args, **_kwargs):
    for w in list(_LIVE):
        try:
            if w._game is not None and w.comm is not None:
                w.refresh()
        except Exception:
            log.exception("refresh after a cell failed")


def _hand_over(path, new) -> None:
    """The file ``path`` is kept by the table ``new`` from now on: any other live table keeping its
    game there stops (it would write its own game over this one's after every move -- the same cell
    run again while a bot of the first table was thinking), and says so in its message line."""
    for other in list(_LIVE):
        if other is new or other._save_path != path:
            continue
        with other._lock:
            other._save_path = None
            other._saved = False
            if other._ready:
                other._message({"kind": "info", "rule": None,
                                "text": tr("ui.told.save_handed", other.lang, file=_short(str(path), 120))})


def _hook_cells(w) -> None:
    _LIVE.add(w)
    if _HOOKED:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    ip = get_ipython()
    if ip is None:
        return
    ip.events.register("post_run_cell", _post_run_cell)
    _HOOKED.append(ip)


def _unhook_cells(w) -> None:
    _LIVE.discard(w)


# ------------------------------------------ pictures at the end of a cell
# While a cell runs, a displayed widget's picture is brought up to date once,
# when the cell ends (a cell may play a whole game: one update, not one per
# move); outside cells (clicks, bots' moves) PICTURE_DELAY seconds after the
# last change: sent with the move, the picture (~60-120 KB, rendered, hidden,
# by the page) made a click take ~20 ms longer to show in JupyterLab.
PICTURE_DELAY = 0.5
_CELL: list = []   # [True] while a cell runs
_STALE: "weakref.WeakSet[AlhambraWidget]" = weakref.WeakSet()
_PICTURES_HOOKED: list = []
_SOON: list = []   # [how to cancel it] while an update is due


def _pictures_soon() -> None:
    from .seats import later

    for cancel in _SOON:
        cancel()
    _SOON.clear()
    cancel = later(PICTURE_DELAY, _pictures_due)   # (the kernel's loop, or Pyodide's in JupyterLite)
    if cancel is None:
        _update_stale()
    else:
        _SOON.append(cancel)


def _pictures_due() -> None:
    _SOON.clear()
    if not _CELL:       # else the cell's end does it
        _update_stale()


def _update_stale() -> None:
    stale = list(_STALE)
    _STALE.clear()
    for w in stale:
        try:
            w._update_picture()
        except Exception:
            log.exception("could not update the picture of the position")


def _pictures_pre_cell(*_args, **_kwargs):
    _CELL[:] = [True]


def _pictures_post_cell(*_args, **_kwargs):
    _CELL.clear()
    _update_stale()


def _hook_pictures() -> None:
    if _PICTURES_HOOKED:
        return
    from IPython import get_ipython

    ip = get_ipython()
    if ip is None:
        return
    ip.events.register("pre_run_cell", _pictures_pre_cell)
    ip.events.register("post_run_cell", _pictures_post_cell)
    _PICTURES_HOOKED.append(ip)
    _CELL[:] = [True]    # displayed from a cell, which is running now
