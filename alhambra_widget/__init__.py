"""alhambra-widget: play, teach, script and analyse Alhambra in Jupyter.

The rules engine (``alhambra_widget.engine``) is pure Python; everything it
exports is available here.
"""

from .engine import *  # noqa: F401,F403
from .engine import __all__ as _engine_all

__version__ = "0.1.0"
__all__ = list(_engine_all)
