"""The rules reference in one line per rule id, in every language."""

from __future__ import annotations

from . import catalogue, check_language, t

__all__ = ["RULE_TEXT", "explain_rule"]

#: The one-line explanation of every rule id, in English (the catalogue
#: ``locales/en/rules.json``; :func:`explain_rule` gives any language).
RULE_TEXT = {k[5:]: v for k, v in catalogue("en").items() if k.startswith("rule.")}


def explain_rule(rule: str, lang: str | None = None) -> str:
    """A one-line explanation of a rule id (``"P5"``, ``"T2a"`` ...) in the
    current language, or in ``lang``; an unknown id is returned as it is."""
    if lang is not None:
        check_language(lang)   # (ValueError naming the languages)
    if not isinstance(rule, str) or rule not in RULE_TEXT:
        return rule
    return t(f"rule.{rule}", lang)
