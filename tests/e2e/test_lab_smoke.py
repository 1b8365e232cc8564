"""The browser harness itself: JupyterLab starts, a notebook runs, output comes back."""

import nbformat

from .conftest import notebook, open_notebook, run_all, run_cell_code


def test_a_notebook_runs_in_jupyterlab(lab, page, artifacts):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("from alhambra_widget import Game\nprint('tiles in bag', Game(3, seed=1).bag_size)")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / "smoke.ipynb")
    open_notebook(page, lab, "smoke.ipynb")
    run_all(page)
    out = notebook(page).locator(".jp-OutputArea-output").first
    out.wait_for(timeout=60_000)
    assert "tiles in bag 50" in out.inner_text()
    page.screenshot(path=str(artifacts / "lab-smoke.png"))


def test_a_cell_added_from_the_browser_runs(lab, page):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("x = 20 + 1")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / "smoke2.ipynb")
    open_notebook(page, lab, "smoke2.ipynb")
    run_all(page)
    assert run_cell_code(page, "print(x * 2)").strip() == "42"
