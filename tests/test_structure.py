"""The structure the code promises: no import cycles, one declaration of the
protocol that the widget and the view follow, the engine free of the rest."""

import ast
import pathlib
import subprocess
import sys

import pytest

import test_widget  # noqa: F401  (builds the front end bundle before AlhambraWidget is imported)
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.protocol import MESSAGES, VIEW_KEYS, check_message, ProtocolError
from alhambra_widget.view import view

ROOT = pathlib.Path(__file__).resolve().parents[1]
TOOL = ROOT.parent / "shared" / "tools" / "import_cycles.py"


@pytest.mark.skipif(not TOOL.exists(), reason="the shared tools are beside the repository")
def test_no_import_cycles():
    r = subprocess.run([sys.executable, str(TOOL), "alhambra_widget", "--allow", "engine=>render"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.stdout.strip().endswith("import cycles: 0"), r.stdout + r.stderr


def test_the_engine_imports_nothing_else_of_the_package():
    for path in (ROOT / "alhambra_widget" / "engine").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:
                assert node.module == "render", f"{path.name} imports ..{node.module}"
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert not node.module.startswith("alhambra_widget"), f"{path.name} imports {node.module}"


def test_every_declared_message_has_one_handler():
    assert set(MESSAGES) == set(AlhambraWidget._HANDLERS)
    for kind, decl in MESSAGES.items():
        assert check_message(decl["example"]) == kind


def test_undeclared_fields_and_kinds_are_refused():
    with pytest.raises(ProtocolError) as e:
        check_message({"type": "undo", "evil": 1})
    assert e.value.key == "ui.refuse.unknown_fields"
    with pytest.raises(ProtocolError) as e:
        check_message({"type": "replay"})
    assert e.value.key == "ui.refuse.missing_fields"
    with pytest.raises(ProtocolError):
        check_message({"type": "shell", "cmd": "rm"})
    with pytest.raises(ProtocolError):
        check_message(["not", "an", "object"])


def test_views_carry_only_declared_keys():
    g = Game(3, seed=4)
    assert set(view(g)) <= set(VIEW_KEYS)
    w = AlhambraWidget(g)
    assert set(w.view) <= set(VIEW_KEYS)
    t = AlhambraWidget.tutorial(lang="en")
    assert set(t.view) <= set(VIEW_KEYS) and "lesson" in t.view


def test_the_engine_speaks_through_the_text_layer():
    code = ("import alhambra_widget.engine as e, sys; "
            "g = e.Game(2, seed=1)\n"
            "try:\n    g.play('buy 1 with dinar 9')\nexcept e.IllegalMove as x:\n    print(x.rule, x.message)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    rule, _, text = r.stdout.strip().partition(" ")
    assert rule == "T2" and "florin" in text and "error." not in text
