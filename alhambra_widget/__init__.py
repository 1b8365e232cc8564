"""alhambra-widget: play, teach, script and analyse Alhambra in Jupyter.

The rules engine (``alhambra_widget.engine``) is pure Python; everything it
exports is available here. :class:`AlhambraWidget` (the Jupyter widget) is
imported on first use, so ``import alhambra_widget`` never loads anywidget or
ipywidgets (scripts, tests and process pools stay light). So are
:func:`explain` and :func:`narrate_round` (``alhambra_widget.i18n.explain``: a
position, a spot, an action or a scoring round in plain words, five languages).
"""

from .engine import *  # noqa: F401,F403
from .engine import __all__ as _engine_all
from .i18n.format import install as _install_texts
from .i18n.rules import explain_rule

_install_texts()  # the engine's refusals speak through the catalogues

from ._version import __version__  # noqa: F401  (one place: _version.py)
__all__ = list(_engine_all) + ["explain_rule", "AlhambraWidget", "explain", "narrate_round"]
_LAZY = {"AlhambraWidget": ".widget", "explain": ".i18n.explain", "narrate_round": ".i18n.explain"}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        # importing the submodule ``explain`` set this package's attribute of that
        # name to the module; the function is what ``alhambra_widget.explain`` means
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
