"""The rules reference: ``docs/rules/RULES.md`` is the project's copy of the shared
reference (``../shared/rules/RULES.md`` beside the repository, where it exists), and every
rule id the engine cites -- in a refusal's catalogue key ``error.<RULE>.<name>``, in an
``IllegalMove("<RULE>", ...)`` of the code, in a rule summary ``rule.<RULE>`` -- is a rule
of that reference."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules" / "RULES.md"
SHARED = ROOT.parent / "shared" / "rules" / "RULES.md"
LOCALES = ROOT / "alhambra_widget" / "i18n" / "locales"
LANGS = sorted(p.name for p in LOCALES.iterdir() if p.is_dir())


def rule_ids(text: str) -> set:
    """The ids the reference defines: its sections (``## Setup [S]``), the ids that open
    a list item (``- S1``, ``- **T1 ...``, ``  - T3a``, ``- **X1 ...``) and the ids given
    in parentheses after a rule's text (``... given to Dirk (T4d).``)."""
    sections = re.findall(r"^##[^[\n]*\[([A-Z])\]", text, re.M)
    items = re.findall(r"^\s*- (?:\*\*)?([A-Z]\d+[a-z]?)\b", text, re.M)
    named = re.findall(r"\(([A-Z]\d+[a-z])\)", text)
    return set(sections) | set(items) | set(named)


DEFINED = rule_ids(RULES.read_text(encoding="utf-8"))
SECTIONS = {rule for rule in DEFINED if len(rule) == 1}


@pytest.mark.skipif(not SHARED.exists(), reason="no shared rules reference beside the repository")
def test_the_rules_reference_is_the_shared_one():
    assert RULES.read_bytes() == SHARED.read_bytes(), (
        f"docs/rules/RULES.md differs from the shared reference: copy {SHARED.name} over it")


def test_the_reference_defines_the_rules_of_every_section():
    assert {"S", "T", "P", "C", "E", "D", "X"} <= DEFINED
    for rule in ("S1", "S7", "T1", "T2a", "T3c", "T4d", "T6", "P1", "P7", "C5", "E4", "D4",
                 "X1", "X6", "X7", "X8"):
        assert rule in DEFINED, rule
    assert not {"S8", "T7", "P8", "D5", "X9"} & DEFINED


def catalogue(lang: str, name: str) -> dict:
    return json.loads((LOCALES / lang / f"{name}.json").read_text(encoding="utf-8"))


#: refusal texts shared by several rules (the rule is the one the refusal names, e.g.
#: ``IllegalMove(rule, "error.place.other", ...)``): the middle of their key is a form
GENERIC = {"place", "remove", "swap", "setup"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_of_a_refusal_key_is_in_the_reference(lang):
    keys = [k for k in catalogue(lang, "errors") if not k.startswith("_")]
    assert keys and all(k.startswith("error.") and k.count(".") == 2 for k in keys)
    middles = {k.split(".")[1] for k in keys}
    assert middles - GENERIC == {m for m in middles if m[0].isupper()}
    unknown = sorted(k for k in keys if k.split(".")[1] not in DEFINED | GENERIC)
    assert not unknown, f"refusals citing no rule of RULES.md: {unknown}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_summary_is_a_rule_of_the_reference_and_every_rule_has_one(lang):
    # (a section such as [T] may have one too: ``rule.T`` for refusals of the notation)
    ids = {k.split(".", 1)[1] for k in catalogue(lang, "rules") if k.startswith("rule.")}
    assert ids - DEFINED == set(), f"summaries of rules RULES.md does not have: {sorted(ids - DEFINED)}"
    missing = DEFINED - SECTIONS - ids
    assert missing == set(), f"rules of RULES.md without a summary: {sorted(missing)}"


def test_every_rule_the_code_raises_is_in_the_reference():
    cited = set()
    for path in (ROOT / "alhambra_widget").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        cited |= {(m, path.name) for m in re.findall(r"IllegalMove\(\s*\"([A-Z][0-9a-z]*)\"", text)}
        cited |= {(m, path.name) for m in re.findall(r"\"error\.([A-Z][0-9a-z]*)\.[a-z_0-9]+\"", text)}
    assert {rule for rule, _ in cited} >= {"T1", "T2", "P2", "D4", "E2"}   # the search finds them
    unknown = sorted((rule, name) for rule, name in cited if rule not in DEFINED)
    assert not unknown, f"rules cited in the code that RULES.md does not have: {unknown}"
