"""Tutorial mode of the widget: a :class:`~alhambra_widget.tutorial.Tutorial`
drives an :class:`~alhambra_widget.widget.AlhambraWidget`.

The lesson's moves are played through the widget's normal intent path (the
board works as in a game); this module only

* gives the widget each step's game (``w.game = tutorial.game``),
* tells the tutorial about every move the engine accepted (an ``on_move``
  hook) and every one it refused (the widget calls :func:`refused`),
* handles the lesson buttons (``{"type": "lesson", "op": "next"|"back"|
  "replay"|...}``, see :func:`lesson_intent`),
* keeps the synced ``lesson`` trait and the view's ``lesson`` key (what
  js/view/lesson.js draws) up to date, and in a step that teaches rule P2 adds
  the cells that touch the Alhambra only at a corner to the refused cells of
  the view, so they can be clicked (and refused).

In tutorial mode the front end sends wrong tries to the kernel instead of
refusing them itself (js/input.js, when the view carries a ``lesson``), so the
engine refuses them and the lesson explains why.
"""

from __future__ import annotations

from ..i18n import t
from ..protocol import Refused, short as _short
from . import Tutorial, rule_explanation

__all__ = ["open_tutorial", "attach", "lesson_intent", "refused", "decorate_view"]


def open_tutorial(cls, lang: str | None = None, lesson: int = 0, **kwargs):
    """``cls.tutorial(...)``: a new widget of class ``cls`` in tutorial mode."""
    if kwargs.get("save") is not None:
        raise TypeError("the tutorial keeps no game in a file (save=): its lessons set up their own positions")
    given = [k for k in ("game", "players", "seed", "seat", "bots") if k in kwargs]
    if given:
        raise TypeError(f"the tutorial sets up its own positions and seats you in them: it takes no "
                        f"{', '.join(given)} (lang= and lesson= choose the language and the first lesson)")
    tut = Tutorial(lang=lang, lesson=lesson)
    if "lang" in cls.class_trait_names():   # (lang= is this function's own: never in kwargs)
        kwargs["lang"] = tut.lang
    w = cls(tut.game, seat=0, **kwargs)
    attach(w, tut)
    return w


def attach(w, tut: Tutorial) -> None:
    """Put widget ``w`` in tutorial mode, driven by ``tut``."""
    w._tutorial = tut

    def moved(game, action):
        if game is tut.game:
            tut.applied(action)

    def changed(_tut):
        _sync(w)

    w.on_move(moved)
    tut.listen(changed)
    if w.has_trait("lang"):
        def lang_changed(change):
            try:
                tut.lang = change["new"]
            except ValueError:
                pass
        w.observe(lang_changed, names="lang")
    _sync(w)


def _sync(w) -> None:
    tut = w._tutorial
    if tut is None:
        return
    if w.game is not tut.game:
        w.game = tut.game            # refreshes, clears the message, leaves replay
    w._refresh()                     # (the lesson trait set there: decorate_view)


def lesson_intent(w, op) -> None:
    """A lesson button pressed in the front end. Raises the widget's
    ``Refused`` (never anything else) for an op this step does not have."""
    tut = w._tutorial
    if tut is None:
        raise Refused(None, t("tutorial.not_tutorial", w.lang))
    if not isinstance(op, str) or op not in tut.ops():
        raise Refused(None, t("tutorial.refused_op", tut.lang, op=_short(op), ops=", ".join(tut.ops())))
    tut.op(op)


def refused(w, action, error) -> None:
    """The engine refused ``action`` (an IllegalMove): the lesson explains why."""
    tut = w._tutorial
    if tut is not None and w.game is tut.game:
        tut.refused(action, error)


def decorate_view(w, v: dict) -> None:
    """Add the lesson (and, where a step shows them, the corner-only cells) to a view."""
    tut = w._tutorial
    if tut is None:
        return
    # (worked out afresh: an undo at the table takes back the move that did the task, and with it
    # the step's "done" and its praise)
    state = tut.state()
    if state != w.lesson:
        w.set_trait("lesson", state)
    v["lesson"] = dict(state)
    corners = tut.corner_cells() if w.game is tut.game else []
    legal = v.get("legal")
    if corners and legal and legal.get("player") == 0:
        a = tut.game.players[0].alhambra
        for entry in legal.get("tiles", []):
            from ..engine.tiles import BY_ID
            tile = BY_ID[entry["id"]]
            for x, y in corners:
                rule = a.why_not(tile, (x, y)) or "P2"
                entry["why_not"].append([x, y, rule])
                v["explain"].setdefault(rule, rule_explanation(rule, tut.lang))
