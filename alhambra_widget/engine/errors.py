"""Errors raised by the engine.

Every refusal of a move is an :class:`IllegalMove` that names the rule of
``RULES.md`` it breaks, so a learner (or a test) can look the rule up. Its
text comes from the catalogues (``alhambra_widget/i18n/locales/<lang>/errors.json``)
and can be read in any language.
"""

from __future__ import annotations

__all__ = ["IllegalMove", "NotationError", "RecordError", "Text", "install_text_layer"]

#: the most characters of a value a message quotes (see :func:`_shown`)
QUOTE = 60


def _shown(value, limit: int = QUOTE) -> str:
    """``repr`` of a value for a message, cut short (input is never echoed whole).
    The one place every layer cuts a quoted value."""
    if isinstance(value, str) and len(value) > 4 * limit:
        value = value[:4 * limit]       # repr of a long text would be long too
    if isinstance(value, int) and value.bit_length() > 14 * limit:
        # (far more digits than are shown: not written out, which takes time growing with the
        # square of their number where the interpreter's limit on digits is lifted)
        return f"<int of {value.bit_length()} bits>"
    try:
        r = repr(value)
    except (ValueError, RecursionError):   # a list holding an int of more than 4300 digits; a list in a list ... 1000 deep
        r = f"<{type(value).__name__}>"
    if isinstance(value, str) and len(r) > limit:   # the quote closed after the cut: 'fly xxx...'
        return _cut(r[:-1], limit - 1) + r[0]
    return _cut(r, limit)


def _cut(text: str, limit: int = QUOTE) -> str:
    """A piece of text for a message, cut short with an ellipsis (``_shown`` quotes a value)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def member_named(cls, value, one: str, all_of: str):
    """The member of the text enum ``cls`` (a building, a currency) that ``value``
    names in any case and with blanks around (``"Garden"``), as the notation
    reads it; else a ValueError listing the names (Python's said "not a valid
    Building"). For ``Enum._missing_``."""
    if isinstance(value, str):
        key = value.strip().lower()
        for m in cls:
            if m.value == key:
                return m
    raise ValueError(f"{_shown(value)} is not {one}; {all_of} are {', '.join(m.value for m in cls)}")


class _NoTexts:
    """Until the text layer is installed (``alhambra_widget.i18n`` does it on
    import): keys and values as they are."""

    @staticmethod
    def render(key, params, lang):
        return key + "".join(f" {k}={v}" for k, v in params.items())

    @staticmethod
    def knows(key):
        return True

    @staticmethod
    def language():
        return "en"


_layer = _NoTexts


def install_text_layer(layer) -> None:
    """Let ``layer`` put the engine's messages into words: an object with
    ``render(key, params, lang) -> str``, ``knows(key) -> bool`` and
    ``language() -> str`` (the current language). The engine imports nothing
    of the text layer; ``alhambra_widget.i18n`` installs itself."""
    global _layer
    _layer = layer


class Text:
    """A catalogue text with its parameters, put into words when shown
    (``Text("rule.P5").localized("fi")``): a message inside a message, such
    as a rule's explanation in a refusal. Compares by value and pickles."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params):
        self.key = key
        self.params = params

    def localized(self, lang: str | None = None) -> str:
        return _layer.render(self.key, self.params, lang)

    def __str__(self) -> str:
        return self.localized()

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Text({self.key!r}{extra})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self):
        return hash(self.key)

    def __reduce__(self):
        return (_text, (self.key, self.params))


def _text(key, params):
    return Text(key, **params)


class _Localized(ValueError):
    """A ValueError whose text is a catalogue key and its parameters.

    The text is put into words when first read (``message``, ``str()``), in
    the language that was current when the error was made, so raising one
    costs little (``Game.is_legal`` raises them on purpose)."""

    def __init__(self, key: str, /, **params):
        if not _layer.knows(key):
            # a plain sentence instead of a key (older callers): kept as it is
            self.key, self.params, self._message = None, {}, key
        else:
            self.key, self.params, self._message = key, params, None
        self.lang = _layer.language()
        super().__init__(key)

    @property
    def message(self) -> str:
        """The text in the language that was current when the error was made."""
        if self._message is None:
            self._message = _layer.render(self.key, self.params, self.lang)
        return self._message

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def localized(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        if self.key is None:
            return self.message
        return _layer.render(self.key, self.params, lang)


class IllegalMove(_Localized):
    """A move the rules forbid.

    ``rule`` is the rule id from the rules reference (``"P5"``, ``"T2"`` ...);
    ``message`` says in plain words what is wrong and what to do instead, in
    the language that was current when the move was refused; ``key`` and
    ``params`` are its catalogue key and values, and ``localized(lang)`` gives
    the same message in another language. ``str(err)`` is ``"[RULE] message"``.
    The game or Alhambra that raised it is left exactly as it was.

    >>> from alhambra_widget import Game, IllegalMove
    >>> g = Game(3, seed=7)
    >>> try:
    ...     g.play("take florin 9, ducat 9")
    ... except IllegalMove as e:
    ...     err = e
    >>> err.rule, err.key
    ('T1', 'error.T1.not_in_market')
    >>> err.localized("nl").startswith("In de etalage liggen ")
    True
    """

    def __init__(self, rule: str, key: str, /, **params):
        self.rule = rule
        super().__init__(key, **params)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"

    def __reduce__(self):  # keep rule, key, values, text and notes when pickled (process pools)
        return (_rebuild, (type(self), self.rule, self.key, self.params, self.message, self.lang), _notes(self))


def add_note(error: BaseException, note: str) -> None:
    """Add ``note`` to ``error``'s traceback (where it was raised: which bot, which game),
    leaving its message as it is; on Python 3.10, which has no notes, nothing."""
    if hasattr(error, "add_note"):
        error.add_note(note)


def _notes(e: BaseException):
    """The state an error keeps when pickled besides its fields: the notes added to it (where
    it was raised: which bot, which game of a tournament), or None."""
    notes = getattr(e, "__notes__", None)
    return {"__notes__": list(notes)} if notes else None


def _rebuild(cls, rule, key, params, message, lang):
    e = cls.__new__(cls)
    e.rule, e.key, e.params, e._message, e.lang = rule, key, params, message, lang
    e.args = (key,)
    return e


class NotationError(_Localized):
    """Text that is not an action (``parse("tkae dinar 3")``): ``key``,
    ``params`` and ``localized(lang)`` as for :class:`IllegalMove`."""

    def __reduce__(self):
        return (_rebuild_notation, (type(self), self.key, self.params, self.message, self.lang), _notes(self))


def _rebuild_notation(cls, key, params, message, lang):
    e = cls.__new__(cls)
    e.key, e.params, e._message, e.lang = key, params, message, lang
    e.args = (key,)
    return e


class RecordError(ValueError):
    """A game record (``Game.from_json``) that is malformed, of an unknown
    version, or does not agree with itself (tampered). Nothing is loaded."""
