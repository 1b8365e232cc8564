"""A guided tutorial: the rules of Alhambra, step by step, in five languages.

Each lesson sets up a small position, says in two or three sentences what the
rule is, asks the learner to do something on the board, checks it with the
engine and explains what happened -- also why a wrong try was refused (the
engine's :class:`~alhambra_widget.engine.IllegalMove` names the rule; the
explanation is the rule's own text). Pure Python: the widget
(``AlhambraWidget.tutorial()``) drives a :class:`Tutorial`, and so can a test
or a script::

    >>> from alhambra_widget.tutorial import Tutorial
    >>> tut = Tutorial(lang="en")
    >>> tut.progress
    (1, 10)
    >>> _ = tut.go(1)                          # lesson 2: taking money
    >>> fb = tut.refused("take florin 2, dinar 3, ducat 1")
    >>> fb["kind"], fb["rule"]
    ('refused', 'T1')
    >>> tut.game.play("take florin 2, dinar 3"); tut.applied("take florin 2, dinar 3")["kind"]
    'ok'

Texts come from the ``tutorial.json`` catalogues (:mod:`alhambra_widget.i18n`);
the lessons themselves are in :mod:`alhambra_widget.tutorial.lessons`.
"""

from __future__ import annotations


from ..engine import actions as A
from ..i18n.rules import explain_rule
from ..engine.errors import IllegalMove
from ..engine.tiles import BY_ID
from ..i18n import catalogue, check_language, get_language, t
from ..i18n.format import join_names, tile_names
from ..view import refused_cell
from .lessons import LESSONS, Lesson, Step

#: the moves on the board, as ``where_it_breaks`` names them
_BOARD_MOVES = {A.Place: "place", A.Build: "place", A.Swap: "swap", A.Remove: "remove"}

__all__ = ["Tutorial", "LESSONS", "Lesson", "Step", "rule_explanation", "OPS"]

#: The lesson buttons every step has (a step may offer more, e.g. "turn").
OPS = ("back", "replay", "next")

#: placeholders every tutorial text may use: the buttons', labels' and currencies' names as the widget shows them
_BUTTONS = (
    ("btn_take", "ui.btn.take", "Take"), ("btn_buy", "ui.btn.buy", "Buy"),
    ("btn_reserve", "ui.btn.to_reserve", "To reserve"), ("btn_dirk", "ui.btn.dirk", "Give to Dirk"),
    ("btn_next", "tutorial.ui.next", "Next"), ("btn_back", "tutorial.ui.back", "Back"),
    ("btn_replay", "tutorial.ui.replay", "Start over"), ("btn_turn", "tutorial.ui.turn", "Try it turned"),
    ("to_place", "ui.table.to_place", "To place"),
    ("florin", "currency.florin", "florin"), ("dirham", "currency.dirham", "dirham"),
    ("dinar", "currency.dinar", "dinar"), ("ducat", "currency.ducat", "ducat"),
)

def rule_explanation(rule: str, lang: str) -> str:
    """The engine's one-line explanation of a rule, in ``lang``."""
    return explain_rule(rule, lang)


def _has(key: str, lang: str) -> bool:
    return key in catalogue(lang) or key in catalogue("en")


class Tutorial:
    """The lessons, the current step and the learner's live game.

    ``lesson`` and ``step`` are indices; ``game`` is the step's position (set
    up again by :meth:`replay`, :meth:`next`, :meth:`back`, :meth:`go`). The
    widget calls :meth:`applied` after each action the engine accepted and
    :meth:`refused` after each it refused; both return the feedback
    (``{"kind": "ok"|"refused"|"info", "text", "rule", "id"}``), which
    :meth:`state` also carries. Listeners (:meth:`listen`) are told of every
    change.
    """

    def __init__(self, lang: str | None = None, lesson: int = 0, *, lessons=LESSONS):
        self.lessons = tuple(lessons)
        if not self.lessons:
            raise ValueError("a tutorial needs at least one lesson")
        self._lang = get_language() if lang is None else check_language(lang)
        self.lesson = 0
        self.step = 0
        self.completed: set = set()      # (lesson, step) pairs whose task was done
        self.game = None
        self._feedback = None            # (kind, key, params, rule, error, cell) or None
        self._reached = None             # the action that did the step's task, in the position set up
        self._fb_id = 0
        self._listeners: list = []
        self.go(lesson)

    # ------------------------------------------------------------ reading
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        lang = check_language(lang)
        if lang != self._lang:
            self._lang = lang
            if self.game is not None and all(m.player is None for m in self.game.moves):
                # nothing played in this step yet: the same position, the learner named in the new language
                self.game = self.current.setup(self.names())
            self._changed()

    @property
    def count(self) -> int:
        """How many lessons there are."""
        return len(self.lessons)

    @property
    def current(self) -> Step:
        """The current step."""
        return self.lessons[self.lesson].steps[self.step]

    @property
    def progress(self) -> tuple:
        """``(k, n)``: lesson k (from 1) of n."""
        return (self.lesson + 1, self.count)

    @property
    def total_steps(self) -> int:
        return sum(len(lesson.steps) for lesson in self.lessons)

    @property
    def position(self) -> int:
        """The current step's number among all steps, from 1."""
        return sum(len(lesson.steps) for lesson in self.lessons[:self.lesson]) + self.step + 1

    @property
    def done(self) -> bool:
        """Is the current step's task done in its position as it stands (a step
        to read is done at once)? Not after :meth:`replay`, nor once the move
        that did it is taken back; :attr:`completed` keeps every step ever
        done, for the progress."""
        if self.current.reading:
            return True
        # (the move that did it still played: an undo at the table may put a reshuffle before it)
        return self._reached is not None and any(m.action == self._reached for m in self.game.moves)

    @property
    def finished(self) -> bool:
        """Has every step been done?"""
        return len(self.completed) == self.total_steps

    @property
    def feedback(self) -> dict | None:
        """The last feedback, in the tutorial's language, or None."""
        if self._feedback is None:
            return None
        kind, key, params, rule, error, cell = self._feedback
        if kind == "ok" and not self.done:   # (the move that did it taken back)
            return None
        text = self.t(key, **params)
        detail = None
        if error is not None:  # the engine's own words, in the tutorial's language where it can
            localized = getattr(error, "localized", None)
            with tile_names("walls"):   # (tiles as the table shows them, not by their ids)
                detail = localized(self._lang) if localized is not None else error.message
        if kind == "refused" and rule:
            hint = self._key(f"why.{rule}")
            text = self.t("tutorial.feedback.refused", rule=rule,
                          explanation=rule_explanation(rule, self._lang))
            if _has(hint, self._lang):
                text += " " + self.t(hint)
        if detail is not None and detail.strip() in text:   # (the engine's words said already)
            detail = None
        return {"kind": kind, "text": text, "rule": rule, "detail": detail, "id": self._fb_id, "cell": cell}

    def names(self) -> list:
        """The players' names in the lessons: the learner (seat 0) and two others."""
        return [self.t("tutorial.you"), "Ben", "Chi"]

    def ops(self) -> tuple:
        """The lesson buttons of the current step."""
        return OPS + tuple(self.current.ops)

    def t(self, key: str, **params) -> str:
        """A text in the tutorial's language; ``{btn_take}`` and the like are
        the names of the widget's buttons, ``{florin}`` ... the currencies'
        (so a task names them as the table shows them)."""
        lang = self._lang
        for name, k, default in _BUTTONS:
            if name not in params:
                params[name] = t(k, lang) if _has(k, lang) else default
        return t(key, lang, **params)

    def _key(self, part: str) -> str:
        return f"tutorial.{self.lessons[self.lesson].key}.{self.current.key}.{part}"

    # ------------------------------------------------------------- moving
    def go(self, lesson: int, step: int = 0) -> "Tutorial":
        """Go to a lesson (and step) and set its position up."""
        for what, v in (("lesson", lesson), ("step", step)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"{what} is an index, not {v!r}")
        if not 0 <= lesson < self.count:
            raise ValueError(f"lesson is an index from 0 to {self.count - 1}, not {lesson}")
        steps = self.lessons[lesson].steps
        if not 0 <= step < len(steps):
            raise ValueError(f"step is an index from 0 to {len(steps) - 1} in lesson {lesson}, not {step}")
        self.lesson, self.step = lesson, step
        self._setup()
        return self

    def _setup(self) -> None:
        self.game = self.current.setup(self.names())
        self._feedback = None
        self._reached = None
        if self.current.reading:
            self.completed.add((self.lesson, self.step))
        self._changed()

    @property
    def can_next(self) -> bool:
        return self.lesson < self.count - 1 or self.step < len(self.lessons[self.lesson].steps) - 1

    @property
    def can_back(self) -> bool:
        return self.lesson > 0 or self.step > 0

    def next(self) -> bool:
        """The next step (or lesson); False on the very last step."""
        if not self.can_next:
            return False
        if self.step < len(self.lessons[self.lesson].steps) - 1:
            self.go(self.lesson, self.step + 1)
        else:
            self.go(self.lesson + 1, 0)
        return True

    def back(self) -> bool:
        """The step before (the last step of the lesson before); False at the start."""
        if not self.can_back:
            return False
        if self.step > 0:
            self.go(self.lesson, self.step - 1)
        else:
            self.go(self.lesson - 1, len(self.lessons[self.lesson - 1].steps) - 1)
        return True

    def replay(self) -> None:
        """Set the current step's position up again."""
        self._setup()

    # ------------------------------------------------------------ feedback
    def _say(self, kind, key, params=None, rule=None, error=None, cell=None) -> dict:
        self._fb_id += 1
        self._feedback = (kind, key, dict(params or {}), rule, error, cell)
        self._changed()
        return self.feedback

    def applied(self, action) -> dict:
        """After the engine accepted ``action`` on :attr:`game`: did it do the task?"""
        if isinstance(action, str):
            action = A.parse(action)
        step, g = self.current, self.game
        if step.reading:
            return self._say("info", "tutorial.feedback.reading")
        if self.done and action != self._reached:   # (the move that did it, played again by Redo: praised again)
            return self._say("info", "tutorial.feedback.free")
        if step.goal(g, action):
            self.completed.add((self.lesson, self.step))
            self._reached = action
            params = step.params(g) if step.params else {}
            params = {k: join_names(v, self._lang) if isinstance(v, list) else v for k, v in params.items()}
            return self._say("ok", self._key("done"), params)
        if self._reachable(g, max(1, len(step.solution))):   # (a move on the way: "carry on")
            return self._say("info", "tutorial.feedback.progress")
        return self._say("info", "tutorial.feedback.other")   # (the task can no longer be done here)

    def _reachable(self, g, depth: int) -> bool:
        """Can the learner still do the step's task from ``g`` in at most ``depth`` moves of
        their own? (An extra action spent on money, say, leaves a purchase asked for undone.)"""
        if depth <= 0 or g.current != 0 or g.is_over:
            return False
        goal = self.current.goal
        for a in g.legal_actions():
            h = g.copy(history=False)
            h.play(a, record=False)
            if goal(h, a) or self._reachable(h, depth - 1):
                return True
        return False

    def refused(self, action, error: IllegalMove | None = None) -> dict:
        """After the engine refused ``action``: which rule, and what it says.
        Without ``error`` the action is tried on a copy of the game."""
        if error is None:
            error = self.game.why_illegal(action)
            if error is None:
                raise ValueError(f"{action} is legal here")
        return self._say("refused", "tutorial.feedback.refused", rule=error.rule, error=error,
                         cell=self._refused_cell(action, error))

    def _refused_cell(self, action, error: IllegalMove) -> list | None:
        """The refused cell of a move on the board whose refusal says where, as the view gives
        it (``[x, y, rule, key, detail]``: the board marks the side, the hole, the tiles cut
        off), or None."""
        if isinstance(action, str):
            try:
                action = A.parse(action)
            except (ValueError, IllegalMove):
                return None
        move = _BOARD_MOVES.get(type(action))
        if move is None or not error.rule:
            return None
        g = self.game
        tile = BY_ID[action.tile_id] if move != "remove" else None
        cell = refused_cell(move, action.pos, error.rule, tile, g.players[g.current].alhambra)
        return cell if len(cell) == 5 else None

    def op(self, name: str) -> dict | None:
        """A lesson button: back, replay, next, or one the step offers
        (``turn``: try the tile turned). Unknown names raise ValueError."""
        if name not in self.ops():
            raise ValueError(f"this step has no {name!r} (it has {', '.join(self.ops())})")
        if name in OPS:
            getattr(self, name)()
            return None
        if name == "turn":
            tile_id, pos, quarter = self.current.ops["turn"]
            turned = BY_ID[tile_id].turned(quarter)
            try:
                self.game.players[0].alhambra.copy().place(turned, pos)
            except IllegalMove as e:
                return self.refused(None, e)
            return self._say("info", "tutorial.feedback.other")  # never: a turned tile is refused (P1)
        raise ValueError(f"unknown lesson button {name!r}")

    # ------------------------------------------------------------ listeners
    def listen(self, callback, remove: bool = False):
        """Call ``callback(tutorial)`` after every change (step, game, feedback, language)."""
        if remove:
            self._listeners = [c for c in self._listeners if c != callback]
        else:
            self._listeners.append(callback)
        return callback

    def _changed(self) -> None:
        for cb in list(self._listeners):
            cb(self)

    # ---------------------------------------------------------------- view
    def state(self) -> dict:
        """Everything the lesson panel shows, rendered in the tutorial's language."""
        lesson = self.lessons[self.lesson]
        step = self.current
        k, n = self.progress
        j, m = self.step + 1, len(lesson.steps)
        ops = []
        for name in step.ops:
            ops.append({"op": name, "label": self.t(f"tutorial.ui.{name}"),
                        "name": self.t(f"tutorial.ui.{name}_name")})
        return {
            "index": self.lesson,
            "count": n,
            "step": self.step,
            "steps": m,
            "key": lesson.key,
            "step_key": step.key,
            "lang": self._lang,
            "title": self.t(f"tutorial.{lesson.key}.title"),
            "text": self.t(self._key("text")),
            "task": self.t(self._key("task")),
            "rules": list(lesson.rules),
            "rule_texts": {rule: rule_explanation(rule, self._lang) for rule in lesson.rules},
            "reading": step.reading,
            "feedback": self.feedback,
            "done": self.done,
            "position": self.position,
            "total": self.total_steps,
            "completed": len(self.completed),
            "finished": self.finished,
            "can_back": self.can_back,
            "can_next": self.can_next,
            "ops": ops,
            "labels": {
                "region": self.t("tutorial.ui.region"),
                "progress": self.t("tutorial.ui.progress", k=k, n=n),
                "step": self.t("tutorial.ui.step", k=j, n=m),
                "bar": self.t("tutorial.ui.bar", done=len(self.completed), total=self.total_steps),
                "task": self.t("tutorial.ui.task"),
                "done": self.t("tutorial.ui.done"),
                "rules": self.t("tutorial.ui.rules"),
                "rule": self.t("tutorial.ui.rule"),
                "ok": self.t("tutorial.ui.ok"),
                "refused": self.t("tutorial.ui.refused"),
                "info": self.t("tutorial.ui.info"),
                "finished": self.t("tutorial.ui.finished"),
                "back": self.t("tutorial.ui.back"),
                "back_name": self.t("tutorial.ui.back_name"),
                "next": self.t("tutorial.ui.next"),
                "next_name": self.t("tutorial.ui.next_name"),
                "replay": self.t("tutorial.ui.replay"),
                "replay_name": self.t("tutorial.ui.replay_name"),
                "others": self.t("tutorial.ui.others"),
            },
        }

    def corner_cells(self) -> list:
        """For a step that shows them: empty cells touching the learner's
        Alhambra only at a corner, as ``(x, y)``, north to south, then west to east."""
        if not self.current.corners:
            return []
        a = self.game.players[0].alhambra
        cells = {pos for pos, _ in a.items()}
        frontier = a.frontier
        out = set()
        for (x, y) in cells:
            for dx in (-1, 1):
                for dy in (-1, 1):
                    q = (x + dx, y + dy)
                    if q not in cells and q not in frontier:
                        out.add(q)
        return sorted(out, key=lambda q: (q[1], q[0]))

    def __repr__(self):
        k, n = self.progress
        return f"<Tutorial {self._lang}: lesson {k} of {n} ({self.lessons[self.lesson].key}), step {self.step + 1}>"
