"""Errors raised by the engine.

Every refusal of a move is an :class:`IllegalMove` that names the rule of
``RULES.md`` it breaks, so a learner (or a test) can look the rule up.
"""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules forbid.

    ``rule`` is the rule id from the rules reference (``"P5"``, ``"T2"`` ...);
    the message says in plain words what is wrong and what to do instead.
    The game or Alhambra that raised it is left exactly as it was.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message

    def __reduce__(self):  # keep the rule when pickled (process pools)
        return (type(self), (self.rule, self.message))


class RecordError(ValueError):
    """A game record (``Game.from_json``) that is malformed, of an unknown
    version, or does not agree with itself (tampered). Nothing is loaded."""
