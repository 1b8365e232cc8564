"""The examples in the docstrings and the README's scripting example run as written."""

import doctest
import re
from pathlib import Path

import pytest

import alhambra_widget.engine.actions
import alhambra_widget.engine.alhambra
import alhambra_widget.engine.game
import alhambra_widget.engine.scoring

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("module", [alhambra_widget.engine.alhambra, alhambra_widget.engine.game,
                                    alhambra_widget.engine.scoring, alhambra_widget.engine.actions])
def test_docstring_examples(module):
    result = doctest.testmod(module, verbose=False)
    assert result.failed == 0


def test_readme_scripting_example_runs_and_prints_what_it_says(capsys):
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Scripting in ten lines\s+```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    # the comments in the README quote these outputs
    assert "[Buy('buy 1 with florin 9'), Buy('buy 4 with ducat 8')]" in out
    assert "T2 Slot 1 takes florin only; dinar 9 cannot pay for it." in out


def test_every_rule_id_of_the_rules_reference_has_an_explanation():
    from alhambra_widget import explain_rule
    from alhambra_widget.engine.alhambra import RULE_TEXT

    rules = ROOT / "docs" / "rules" / "RULES.md"
    ids = set(re.findall(r"\b([STPCEDX]\d[a-d]?)\b", rules.read_text()))
    assert ids, "no rule ids found"
    assert ids <= set(RULE_TEXT)
    for rule in ids:
        assert explain_rule(rule) != rule and explain_rule(rule).endswith(".")


def test_readme_ai_example_runs():
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## AI players and analysis\s+```python\n(.*?)```", text, re.S).group(1)
    ns = {}
    exec(compile(block.replace("games=100", "games=4"), "README.md", "exec"), ns)
    assert ns["g"].is_over
    assert len(ns["branch"].history) == 1 and not ns["position"].history
    assert len(ns["summary"]) == 4
