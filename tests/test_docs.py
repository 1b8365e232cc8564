"""The examples in the docstrings and the README's scripting example run as written; the
documentation site (mkdocs.yml, docs/) builds without a warning."""

import doctest
import html
import importlib
import importlib.util
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import test_widget  # noqa: F401  (builds the front end bundle before alhambra_widget.widget is imported)

import alhambra_widget

ROOT = Path(__file__).resolve().parents[1]


MODULES = sorted(m.name for m in pkgutil.walk_packages(alhambra_widget.__path__, "alhambra_widget."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    """Every module's examples run as written (the API pages show them)."""
    result = doctest.testmod(importlib.import_module(name), verbose=False)
    assert result.failed == 0


def test_readme_scripting_example_runs_and_prints_what_it_says(capsys):
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Scripting in ten lines\s+```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    # the comments in the README quote these outputs
    assert "[Buy('buy 1 with florin 9'), Buy('buy 4 with ducat 8')]" in out
    assert "T2 Slot 1 takes florin only; dinar 9 cannot pay for it." in out


def page_text(page: str) -> str:
    """A documentation page as the site shows it: its ``--8<-- "FILE:section"`` lines replaced
    by that section of FILE (pymdownx.snippets), so a page's examples are tested wherever
    their one copy lives."""
    def section(m):
        name, _, part = m.group(1).partition(":")
        text = (ROOT / name).read_text()
        if not part:
            return text
        return re.search(rf"<!-- --8<-- \[start:{part}\] -->\n(.*?)<!-- --8<-- \[end:{part}\] -->", text, re.S).group(1)
    return re.sub(r'^--8<-- "([^"]+)"$', section, (ROOT / "docs" / page).read_text(), flags=re.M)


def quick(example: str) -> str:
    """An example with the budgets of its searches cut (the same calls, in seconds, not minutes)."""
    for long, short in (("games=100", "games=4"), ("seconds_per_move=0.5", "seconds_per_move=0.002"),
                        ("seconds=1)", "seconds=0.05)")):
        example = example.replace(long, short)
    return example


DOC_PAGES_WITH_CODE = sorted(p.name for p in (ROOT / "docs").glob("*.md") if "```python" in page_text(p.name))


@pytest.mark.parametrize("page", DOC_PAGES_WITH_CODE)
def test_the_python_examples_of_a_documentation_page_run_as_written(page, capsys, tmp_path, monkeypatch):
    """Each page's examples, in order, in one namespace (a later one may use an earlier one's names);
    in a folder of their own (an example may keep a game in a file)."""
    monkeypatch.chdir(tmp_path)
    blocks = [quick(b) for b in re.findall(r"```python\n(.*?)```", page_text(page), re.S)]
    ns = {}
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/{page} example {i + 1}", "exec"), ns)
    capsys.readouterr()


def test_the_documented_position_is_the_one_set_up():
    """The scripting page (the README's section) sets up positions with Game.from_position:
    they are what the text says."""
    text = page_text("scripting.md")
    block = re.search(r"```python\n(g = Game\.from_position\(.*?)```", text, re.S).group(1)
    from alhambra_widget import Game
    ns = {"Game": Game}
    exec(compile(block, "docs/scripting.md", "exec"), ns)
    g = ns["g"]
    assert [str(c) for c in g.players[0].hand] == ["florin 2", "dinar 5", "dinar 7"]
    assert [str(c) for c in g.players[1].hand] == ["ducat 3"]
    assert g.players[0].alhambra[(0, 1)].id == 12 and [t.id for t in g.players[0].reserve] == [30]
    assert g.market[2] is None and g.scores == [8, 3]
    end = ns["end_of_turn"]
    assert end.current == 1 and end.phase == "place" and [t.id for t in end.pending_for("Ben")] == [7]
    assert [t.id for t in end.players[1].reserve] == [30] and end.players[0].reserve == []


def test_every_rule_id_of_the_rules_reference_has_an_explanation():
    from alhambra_widget import explain_rule
    from alhambra_widget.i18n.rules import RULE_TEXT

    rules = ROOT / "docs" / "rules" / "RULES.md"
    ids = set(re.findall(r"\b([STPCEDX]\d[a-d]?)\b", rules.read_text()))
    assert ids, "no rule ids found"
    assert ids <= set(RULE_TEXT)
    for rule in ids:
        assert explain_rule(rule) != rule and explain_rule(rule).endswith(".")


def test_readme_ai_example_runs():
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## AI players and analysis\s+(?:<!--.*?-->\s+)?```python\n(.*?)```", text, re.S).group(1)
    ns = {}
    block = quick(block)
    exec(compile(block, "README.md", "exec"), ns)
    assert ns["g"].is_over
    assert set(ns["graded"]["grade"]) <= {"best", "good", "inaccuracy", "mistake", "blunder"} and len(ns["graded"])
    assert len(ns["branch"].history) == 1 and not ns["position"].history
    assert len(ns["summary"]) == 4


def test_documentation_site_builds_strict(tmp_path):
    """`mkdocs build --strict` (the site in docs/, mkdocs.yml): no warning, every page there."""
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                             "-d", str(site)], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-4000:]
    assert "WARNING" not in result.stderr, result.stderr

    def page(name):  # the page's text, without its markup
        return html.unescape(re.sub(r"<[^>]+>", "", (site / name / "index.html").read_text()))

    assert "pip install alhambra-widget" in page("getting-started")
    assert "scripts/test.sh" in page("getting-started")
    assert "tested here" in page("hosts") and "marimo" in page("hosts")
    assert "Placement rules" in page("rules/RULES")
    assert "MCTS" in page("benchmarks")
    # the scripting page is the README's section, whole (one copy of the engine's reference)
    assert "Scripting in ten lines" in page("scripting") and "to_place" in page("scripting")
    assert "seat_of(player)" in page("scripting") and "--8<--" not in page("scripting")
    assert "0.1.0" in page("changelog")
    # the API pages come from the docstrings, with the reST roles and doctests made Markdown
    game = (site / "api/game/index.html").read_text()
    assert 'id="alhambra_widget.engine.Game"' in game and "legal_actions" in page("api/game")
    assert 'id="alhambra_widget.widget.AlhambraWidget"' in (site / "api/widget/index.html").read_text()
    assert "MCTS" in page("api/bots") and "tournament" in page("api/analysis")
    # the research page: the docstring's reST sections are headings, its table of action blocks a table
    rl = (site / "api/rl/index.html").read_text()
    assert re.search(r"<h\d[^>]*>Action space<", rl) and re.search(r"<h\d[^>]*>Observation<", rl)
    assert re.search(r"<td>dirk</td>\s*<td>54</td>", rl) and "==========" not in rl
    # every object an API page names is drawn there (mkdocstrings leaves out, without a
    # warning, a member it cannot find or that names a submodule too)
    for md in sorted((ROOT / "docs/api").glob("*.md")):
        built = (site / "api" / ("" if md.stem == "index" else md.stem) / "index.html").read_text()
        named, root = [], None
        for line in md.read_text().splitlines():
            if m := re.match(r":::\s+(\S+)", line):
                root = m[1]
                named.append(root)
            elif root and (m := re.match(r"\s+- (\w+)\s*$", line)):
                named.append(f"{root}.{m[1]}")
        missing = [name for name in named if f'id="{name}"' not in built]
        assert not missing, f"docs/api/{md.name} names what its page does not show: {missing}"
    api = "".join(p.read_text() for p in (site / "api").rglob("index.html"))
    assert ":class:" not in api and ":func:" not in api and ":meth:" not in api
    assert not list(site.rglob("_ext"))


def test_docstrings_turned_into_markdown():
    spec = importlib.util.spec_from_file_location("griffe_rst", ROOT / "docs/_ext/griffe_rst.py")
    ext = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ext)
    text = ("A :class:`Game` and :meth:`~alhambra_widget.Game.play`::\n"
            "\n"
            ">>> g = Game(2)\n"
            ">>> g.turn\n"
            "0\n"
            "\n"
            "Then more.")
    assert ext.rst_to_markdown(text) == ("A `Game` and `play`:\n"
                                         "\n"
                                         "```pycon\n>>> g = Game(2)\n>>> g.turn\n0\n```\n"
                                         "\n"
                                         "Then more.")
    table = ("Blocks\n"
             "======\n"
             "====  ====  ==========\n"
             "name  size  what\n"
             "====  ====  ==========\n"
             "take  15    some money,\n"
             "            in one go\n"
             "end   1     no | more\n"
             "====  ====  ==========\n"
             "After.")
    assert ext.rst_to_markdown(table) == ("### Blocks\n"
                                          "\n"
                                          "| name | size | what |\n"
                                          "| --- | --- | --- |\n"
                                          "| take | 15 | some money, in one go |\n"
                                          "| end | 1 | no \\| more |\n"
                                          "\n"
                                          "After.")
    # an underline shorter than its line is no title
    assert ext.rst_to_markdown("a long line\n===") == "a long line\n==="


def test_the_readmes_links_and_pictures_are_there():
    """Every relative link and picture of the README points to a file of the checkout."""
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = [t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", text)
               if not re.match(r"[a-z]+:", t) and not t.startswith("#")]
    assert "docs/images/table-4p-light.png" in targets
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert not missing, missing
