"""The texts the widget's front end needs, in one language.

:func:`front_end_strings` is what the widget syncs in its ``strings`` trait
(once per language change, apart from the game state): every ``ui.*``,
``building.*``, ``currency.*``, ``card.*``, ``rule.*`` and ``list.*`` text of the language (English
where a text is missing), the engine's refusals that say where on the board (``error.P3.*``,
``error.P5.hole_*``, ``error.P4.remove_cuts_*``, ``error.P4.unreachable``: a refused cell of
the view names one) with the sides they name (``side.at.*``), and, for the language switch,
each language's own
name as ``language.<code>``. The front end reads them with ``t(key, params)``
and ``tn(key, n, params)`` (js/i18n.js), the same ``{name}`` placeholders and
``_one``/``_other`` keys as :func:`alhambra_widget.i18n.t` and ``tn``.
"""

from __future__ import annotations

from functools import lru_cache

from . import DEFAULT, LANGUAGES, catalogue, check_language

__all__ = ["front_end_strings", "PREFIXES"]

#: Key prefixes the front end uses.
PREFIXES = ("ui.", "building.", "currency.", "card.", "rule.", "list.", "side.at.",
            "error.P3.", "error.P5.hole_", "error.P4.remove_cuts_", "error.P4.unreachable")
#: ... except texts only Python shows: the static picture's (alhambra_widget/render.py), the
#: kernel's refusals of an intent and what else it tells in the message line (an undo, Play from
#: here: the widget's message line gets them as text, in its language)
PYTHON_ONLY = ("ui.svg.", "ui.refuse.", "ui.told.")


@lru_cache(maxsize=None)
def _strings(lang: str) -> tuple:
    cat, en = catalogue(lang), catalogue(DEFAULT)
    out = {k: cat.get(k, v) for k, v in en.items() if k.startswith(PREFIXES) and not k.startswith(PYTHON_ONLY)}
    out.update((k, v) for k, v in cat.items() if k.startswith(PREFIXES) and not k.startswith(PYTHON_ONLY))
    for code, name in LANGUAGES.items():
        out[f"language.{code}"] = name
    return tuple(sorted(out.items()))


def front_end_strings(lang: str) -> dict:
    """{key: template} of ``lang`` for the front end (a new dict each call)."""
    return dict(_strings(check_language(lang)))
