"""A game kept in a file survives a restart of the kernel, in a real JupyterLab (Debian's Chromium).

A notebook of one cell shows ``AlhambraWidget(..., save="kept-game.json")``.
A player takes a money card by clicking; the kernel is restarted from
JupyterLab's Kernel menu and the cell is run again: the table shows the game
where it was (move 1, the card in the player's hand, a disk in the status
line naming the file), and the kernel's game is the one in the file. Screenshot: test-artifacts/lab-save-restarted.png.
"""

from __future__ import annotations

import re

import nbformat
import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, notebook, open_notebook, run_all, run_code

pytestmark = pytest.mark.slow

CELL = """from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["Ana", "Ben"], seed=3, save="kept-game.json")
w"""


def restart_kernel(page):
    page.locator(".lm-MenuBar-item", has_text="Kernel").first.click()
    page.locator(".lm-Menu-itemLabel").get_by_text(re.compile(r"^Restart Kernel…?$")).first.click()
    # (the dialog's buttons are named by their labels' text, not by an accessible name of their own)
    page.locator(".jp-Dialog").get_by_role("button").filter(has_text=re.compile(r"^Restart$")).click()
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)


def test_the_game_goes_on_after_a_restart_of_the_kernel(browser, lab):
    (lab.root / "kept-game.json").unlink(missing_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(CELL))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / "kept.ipynb")
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_notebook(page, lab, "kept.ipynb")
        run_all(page)
        root = notebook(page).locator(".alh-root").first
        root.locator(".alh-status-text").wait_for(timeout=60_000)
        card = root.get_by_role("button", name=re.compile(r"^face-up card ")).first
        taken = card.get_attribute("aria-label").removeprefix("face-up card ")
        card.click()
        root.get_by_role("button", name="Take", exact=True).click()
        expect(root.locator(".alh-info")).to_have_text(re.compile(r"\bmove 1$"), timeout=15_000)
        assert (lab.root / "kept-game.json").is_file()

        restart_kernel(page)
        run_all(page)
        root = notebook(page).locator(".alh-root").first
        expect(root.locator(".alh-info")).to_have_text(re.compile(r"\bmove 1$"), timeout=60_000)
        expect(root.locator(".alh-log")).to_contain_text(f"took {taken}")
        # the status line shows that the game is kept (a disk, the file named in its tooltip)
        expect(root.get_by_role("img", name="Kept in kept-game.json: saved after every move")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "lab-save-restarted.png"))
        out = run_code(page, "print(len(w.game.moves), w.game.moves[0].action, w.save_path)", new_cell=True)
        assert out == f"1 take {taken} {(lab.root / 'kept-game.json').resolve()}"   # (the file in the notebook's folder)
        assert errors == []
    finally:
        context.close()
        (lab.root / "kept-game.json").unlink(missing_ok=True)
