"""alhambra-widget: play, teach, script and analyse Alhambra in Jupyter.

The rules engine (``alhambra_widget.engine``) is pure Python; everything it
exports is available here. :class:`AlhambraWidget` (the Jupyter widget) is
imported on first use, so ``import alhambra_widget`` never loads anywidget or
ipywidgets (scripts, tests and process pools stay light).
"""

from .engine import *  # noqa: F401,F403
from .engine import __all__ as _engine_all

__version__ = "0.1.0"
__all__ = list(_engine_all) + ["AlhambraWidget"]


def __getattr__(name):
    if name == "AlhambraWidget":
        from .widget import AlhambraWidget

        return AlhambraWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | {"AlhambraWidget"})
