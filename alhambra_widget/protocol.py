"""The widget's protocol, written once (``protocol.json``): every message the
front end may send, and every key of the view the kernel sends back.

Both sides read the same declaration: the kernel checks each message against
it (:func:`check_message`) before a handler of ``AlhambraWidget`` sees it, and
the front end builds its messages from it (``js/protocol.js``; a unit test
checks that every intent the front end makes is declared).

Messages (front end -> kernel), each a JSON object with ``type`` (the list
below is made from the declaration):

"""

from __future__ import annotations

import json
import sys
from importlib import resources

from .engine.errors import _shown

__all__ = ["PROTOCOL", "MESSAGES", "VIEW_KEYS", "LINEUP_KINDS", "check_message", "from_page", "ProtocolError",
           "Refused", "short"]

PROTOCOL: dict = json.loads(resources.files(__package__).joinpath("protocol.json").read_text("utf-8"))
#: kind -> {"doc", "required": {field: type}, "optional": {field: type}, "example"}
MESSAGES: dict = PROTOCOL["messages"]
#: every key a view may carry -> what it holds
VIEW_KEYS: dict = PROTOCOL["view"]
#: the seat kinds of a new game's line-up (``new_game``'s ``players``)
LINEUP_KINDS: tuple = tuple(PROTOCOL["lineup"]["kinds"])

__doc__ += "\n".join(
    f"``{kind}``\n    {m['doc']} Fields: "
    + (", ".join([f"``{k}`` ({v})" for k, v in m["required"].items()]
                 + [f"``{k}`` ({v}, optional)" for k, v in m["optional"].items()]) or "none")
    + f".\n    Example: ``{json.dumps(m['example'])}``\n"
    for kind, m in MESSAGES.items()) + """
``stamp`` is ``view["stamp"]``: an intent made on an older picture of the
game is refused as stale. ``seat`` must be the widget's ``seat``.

View keys (kernel -> front end, the ``view`` trait):

""" + "\n".join(f"- ``{k}``: {v}" for k, v in VIEW_KEYS.items()) + "\n"


class ProtocolError(Exception):
    """A message that does not follow the declaration: ``key`` is the
    catalogue key of the refusal (``ui.refuse.*``), ``params`` its values."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key = key
        self.params = params


def _short(value, k: int = 60) -> str:
    return _shown(value, k)   # (the engine's: a long text is cut before its repr is made)


def _is(value, kind: str) -> bool:
    if kind == "any":
        return True
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "seat":
        return value is None or (isinstance(value, int) and not isinstance(value, bool))
    raise ValueError(f"unknown type {kind!r} in protocol.json")


_BAD_TYPE = {"seat": "ui.refuse.bad_seat", "stamp": "ui.refuse.bad_stamp", "action": "ui.refuse.action_type"}


def from_page(content):
    """A message as JSON gives it. Where Python runs in the page (Pyodide:
    JupyterLite, marimo in the browser) JavaScript's ``null`` comes over as
    Pyodide's own ``jsnull``, not ``None`` (a hot-seat table's ``seat``, say):
    here it is ``None`` again. Elsewhere the message is returned as it is."""
    ffi = sys.modules.get("pyodide.ffi")
    null = getattr(ffi, "jsnull", None) if ffi is not None else None
    if null is None:
        return content

    def plain(value, depth):
        if value is null:
            return None
        if depth < 32:   # (deeper, a message is refused for its shape anyway)
            if isinstance(value, dict):
                return {k: plain(v, depth + 1) for k, v in value.items()}
            if isinstance(value, list):
                return [plain(v, depth + 1) for v in value]
        return value

    return plain(content, 0)


def check_message(content, buffers=None) -> str:
    """The kind of a front-end message that follows the declaration, else
    :class:`ProtocolError` (nothing else is raised)."""
    if not isinstance(content, dict):
        raise ProtocolError("ui.refuse.not_object", value=_short(content))
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise ProtocolError("ui.refuse.unknown_type", value=_short(kind))
    decl = MESSAGES[kind]
    fields = {**decl["required"], **decl["optional"]}
    keys = set(content) - {"type"}
    extra = sorted(map(str, keys - fields.keys()))
    if extra:
        raise ProtocolError("ui.refuse.unknown_fields", kind=kind, fields=", ".join(map(_short, extra)))
    missing = sorted(decl["required"].keys() - keys)
    if missing:
        raise ProtocolError("ui.refuse.missing_fields", kind=kind, fields=", ".join(missing))
    if buffers:
        raise ProtocolError("ui.refuse.buffers", kind=kind)
    for name in keys:
        # the common fields are checked here; a kind's own fields (index,
        # lang, op) by its handler, whose refusal says what would be right
        if name in _BAD_TYPE and not _is(content[name], fields[name]):
            raise ProtocolError(_BAD_TYPE[name], value=_short(content[name]), type=type(content[name]).__name__)
    return kind


class Refused(Exception):
    """An intent the widget does not carry out: ``rule`` (or None) and the
    ``text`` shown in the widget's message line."""

    def __init__(self, rule, text):
        super().__init__(text)
        self.rule = rule
        self.text = text


def short(value, k: int = 60) -> str:
    """``repr`` of a value for a message, cut to ``k`` characters."""
    return _short(value, k)
