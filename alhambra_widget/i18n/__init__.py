"""Every text the product shows, in five languages: English (the default),
German (the game's original language), Finnish, Japanese and Dutch.

One catalogue per language, made of JSON files in ``locales/<lang>/`` (one file
per domain: ``rules.json``, ``errors.json``, ``ui.json``, ``tutorial.json`` ...).
A catalogue maps keys to templates with ``{name}`` placeholders::

    >>> from alhambra_widget.i18n import t
    >>> t("building.tower", lang="de")
    'Turm'
    >>> t("rule.P2", lang="en").startswith("A new tile")
    True

Keys are the same in every language, and so are each template's placeholders
(tests/test_i18n.py fails otherwise). A missing key falls back to English, then
to the key itself, so a gap never breaks the product.

The *current* language is what :func:`t` uses without ``lang``: English until
:func:`set_language` changes it; :func:`use_language` changes it for a block
(the widget runs its game calls in its own language, so an ``IllegalMove``
raised through ``w.play`` speaks the widget's language).
"""

from __future__ import annotations

import json
import string
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from importlib import resources

from ..engine.errors import _shown
from ..engine.game import DEFAULT_NAME

__all__ = [
    "LANGUAGES", "DEFAULT", "t", "tn", "catalogue", "set_language", "get_language",
    "use_language", "placeholders", "check_language", "shown_name", "is_you",
]

#: language code -> the language's own name (for the language switch)
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fi": "Suomi",
    "ja": "日本語",
    "nl": "Nederlands",
}
DEFAULT = "en"

_current: ContextVar[str] = ContextVar("alhambra_lang", default=DEFAULT)


def check_language(lang: str) -> str:
    """The code in :data:`LANGUAGES` of ``lang``, else a ValueError saying which they are.

    A language tag or a locale names its language too, in any case: ``"DE"``,
    ``"de-AT"``, ``"ja_JP.UTF-8"`` are ``"de"`` and ``"ja"``.

    >>> check_language("nl-BE")
    'nl'
    """
    if lang.__class__ is str and lang in LANGUAGES:
        return lang
    code = lang.strip().split(".")[0].replace("_", "-").split("-")[0].lower() if isinstance(lang, str) else None
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {_shown(lang, 40)}; choose one of {', '.join(LANGUAGES)}")
    return code


def set_language(lang: str) -> None:
    """Make ``lang`` the current language (of this thread or task)."""
    _current.set(check_language(lang))


def get_language() -> str:
    return _current.get()


@contextmanager
def use_language(lang: str | None):
    """Run a block in ``lang`` (``None``: leave the current language)."""
    if lang is None:
        yield
        return
    token = _current.set(check_language(lang))
    try:
        yield
    finally:
        _current.reset(token)


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """All keys of one language, from every ``locales/<lang>/*.json`` file.

    A key defined in two files of the same language is an error."""
    lang = check_language(lang)
    out: dict[str, str] = {}
    folder = resources.files(__package__) / "locales" / lang
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key.startswith("_"):  # "_comment" and the like
                continue
            if key in out:
                raise ValueError(f"{lang}: key {key!r} is defined twice ({entry.name})")
            if not isinstance(value, str):
                raise ValueError(f"{lang}/{entry.name}: {key!r} is not a string")
            out[key] = value
    return out


class _Keep(dict):
    """Leave unknown placeholders as they are instead of failing."""

    def __missing__(self, key):
        return "{" + key + "}"


# the engine's names of unnamed seats ("Player 2") -> their number
_UNNAMED = {DEFAULT_NAME.format(n=i): i for i in range(1, 7)}


def shown_name(name: str, lang: str | None = None) -> str:
    """A player's name as a text in ``lang`` shows it: the engine's name of an
    unnamed seat in the language's words (``Player 2`` -> ``Spieler 2``), any
    other name as it is."""
    n = _UNNAMED.get(name) if name.__class__ is str else None
    return name if n is None else t("explain.player_default", lang, n=n)


#: the mark of a key's second-person text: ``"ui.status.over_wins@you"``
YOU = "@you"


@lru_cache(maxsize=None)
def _you(lang: str) -> tuple:
    """(the word the table says "you" with in ``lang``, casefolded; the keys
    that have a second-person text in ``lang``)."""
    cat = catalogue(lang)
    word = cat.get("ui.player.you", "you").strip().casefold()
    return word, frozenset(k[:-len(YOU)] for k in cat if k.endswith(YOU))


def is_you(name, lang: str | None = None) -> bool:
    """Is ``name`` the word the table says "you" with in ``lang`` (a player
    named "You" against bots, "du", "sinä", "あなた", "jij")?"""
    return name.__class__ is str and name.strip().casefold() == _you(lang or _current.get())[0]


def t(key: str, lang: str | None = None, /, **params) -> str:
    """The text of ``key`` in ``lang`` (default: the current language) with
    its ``{placeholders}`` filled from ``params`` (a player's name from the
    engine's unnamed seats in the language's words: :func:`shown_name`).

    Where the player a text is about (``name``, or ``names`` of one player) is
    called "you" in ``lang`` and the catalogue has a second-person text of the
    key (``key + "@you"``), that text is used: "You win with 115 points", not
    "You wins". (``lang`` may also be given by name: no template has a
    ``{lang}`` placeholder.)"""
    if lang is None and "lang" in params:
        lang = params.pop("lang")
    lang = lang or _current.get()
    if params:
        word, keys = _you(lang)
        if key in keys:
            who = params.get("name", params.get("names"))
            if who.__class__ is str and who.strip().casefold() == word:
                key += YOU
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue(DEFAULT).get(key, key)
    if not params:
        return template
    for k, v in params.items():
        if v.__class__ is str and v in _UNNAMED:
            params[k] = shown_name(v, lang)
    return template.format_map(_Keep(params))


def tn(key: str, n: int, lang: str | None = None, /, **params) -> str:
    """A counted text: ``key + "_one"`` when ``n == 1``, else ``key + "_other"``;
    ``{n}`` is filled with ``n``."""
    return t(f"{key}_{'one' if n == 1 else 'other'}", lang, n=n, **params)


def placeholders(template: str) -> set[str]:
    """The placeholder names of a template: ``"{a} and {b}"`` -> ``{"a", "b"}``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
