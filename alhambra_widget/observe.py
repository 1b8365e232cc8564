"""Games that tell their watchers when they change.

The engine's :class:`~alhambra_widget.engine.Game` has no listener hook (and
the engine stays free of anything a front end needs), so a widget that shows a
game makes that game *observable*: :func:`watch` switches the game object's
class to a subclass of its own class whose ``play`` and ``undo`` call the
watchers after the engine has done its work.

Why this design (and not a proxy or a copy):

* the object stays the same: ``g = Game(...); w = AlhambraWidget(g);
  g.play(...)`` updates the widget, and ``w.game is g``;
* it is still a ``Game`` (``isinstance``), plays by the engine's own code,
  and its records, ``copy()`` and pickles are those of a plain game (copies
  made by the engine are plain games and notify nobody);
* :func:`unwatch` removes the last watcher and gives the object its old class.

Changes that bypass ``play``/``undo`` (assigning engine attributes by hand)
are not seen here; the widget also re-checks the position after every notebook
cell and offers ``refresh()``.
"""

from __future__ import annotations

import weakref

__all__ = ["watch", "unwatch", "is_watched"]

_ATTR = "_alh_watchers"
_CLASSES: dict = {}


class _Observable:
    """Mixin placed before the game's own class: notify after play and undo."""

    def play(self, action, *, record: bool = True) -> None:
        who, rounds = self.current, len(self.rounds)
        super().play(action, record=record)
        _notify(self, "play", action if not record else self.history[-1], who, rounds)

    def undo(self):
        last = super().undo()
        if last is not None:
            _notify(self, "undo", last, None, None)
        return last

    def __reduce_ex__(self, protocol):
        # pickle (and copy.copy) as the plain game: watchers are not state
        state = {k: v for k, v in self.__dict__.items() if k != _ATTR}
        return (_plain, (_base_of(type(self)),), state)


def _plain(cls):
    """Unpickle a watched game as an instance of its plain class."""
    return cls.__new__(cls)


def _base_of(cls):
    while issubclass(cls, _Observable):
        cls = next(b for b in cls.__mro__[1:] if not issubclass(b, _Observable))
    return cls


def _observable_class(cls):
    k = _CLASSES.get(cls)
    if k is None:
        k = type(cls.__name__, (_Observable, cls), {
            "__module__": cls.__module__,
            "__qualname__": cls.__qualname__,
            "__doc__": cls.__doc__,
        })
        _CLASSES[cls] = k
    return k


def _notify(game, event, action, who, rounds):
    for ref in list(game.__dict__.get(_ATTR, ())):
        fn = ref()
        if fn is not None:
            fn(game, event, action, who, rounds)


def watch(game, callback) -> None:
    """Call ``callback(game, event, action, player, rounds_before)`` after
    every ``game.play`` (event ``"play"``: the action, the seat that played it
    and how many scoring rounds had been played before) and every successful
    ``game.undo`` (event ``"undo"``: the action taken back, None, None).

    ``callback`` is held weakly when it is a bound method, so a forgotten
    widget does not keep itself alive through the game."""
    if not isinstance(game, _Observable):
        game.__class__ = _observable_class(type(game))
    lst = game.__dict__.setdefault(_ATTR, [])
    ref = weakref.WeakMethod(callback) if hasattr(callback, "__self__") else (lambda cb=callback: cb)
    lst.append(ref)


def unwatch(game, callback) -> None:
    """Stop calling ``callback``; the last one gone, the game is plain again."""
    lst = game.__dict__.get(_ATTR)
    if lst is None:
        return
    lst[:] = [r for r in lst if r() is not None and r() != callback]
    if not lst:
        del game.__dict__[_ATTR]
        if isinstance(game, _Observable):
            game.__class__ = _base_of(type(game))


def is_watched(game) -> bool:
    return bool(game.__dict__.get(_ATTR))
