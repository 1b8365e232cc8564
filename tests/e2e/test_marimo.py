"""The widget in marimo: examples/marimo_play.py served by ``marimo run``
(headless, on a free port, its config and home in a temporary folder) and
driven by Debian's Chromium.

A move clicked in the widget makes marimo run the cell that reads the widget's
value again (the page writes the kernel's ``moves`` trait back: marimo re-runs
cells on the page's writes only), and the widget takes marimo's light or dark
theme, whatever the system's colour scheme. Under ``CI=true`` a missing marimo
fails the test (it is in the test extra); elsewhere it skips.
"""

from __future__ import annotations

import os
import sys

import pytest

from .conftest import ROOT, _free_port, need_module, served
from .test_accessibility import audit

pytestmark = pytest.mark.slow

APP = ROOT / "examples" / "marimo_play.py"


@pytest.fixture(scope="module")
def marimo_app(tmp_path_factory):
    need_module("marimo")
    home = tmp_path_factory.mktemp("marimo")
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_STATE_HOME": str(home / ".state"), "XDG_CACHE_HOME": str(home / ".cache")}
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "marimo", "run", str(APP), "--headless", "--port", str(port), "--no-token"]
    with served("marimo", cmd, env=env, cwd=home, url=base, log_path=home / "marimo.log"):
        yield base


def open_app(browser, url, **context):
    ctx = browser.new_context(viewport={"width": 1300, "height": 1000}, **context)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    # the widget lives in the shadow root of marimo's element: Playwright's locators look inside
    page.locator(".alh-root .alh-status-text").wait_for(timeout=30_000)
    return ctx, page


def theme_of(page):
    """marimo's theme mark on the page, and the widget's colour scheme, background and text."""
    mark = page.evaluate("document.body.dataset.theme")
    scheme, bg, fg = page.locator(".alh-root").evaluate(
        "e => { const s = getComputedStyle(e); return [s.colorScheme, s.backgroundColor, s.color]; }")

    def luminance(rgb):
        r, g, b = (int(x) for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    dark = luminance(bg) < 80 and luminance(fg) > 170
    light = luminance(bg) > 170 and luminance(fg) < 80
    return mark, scheme, "dark" if dark else "light" if light else "neither"


def test_a_cell_reading_the_widget_runs_again_after_a_move(browser, marimo_app, artifacts):
    # marimo's default theme is light; the system's here is dark: the widget is light
    ctx, page = open_app(browser, marimo_app, color_scheme="dark")
    try:
        assert theme_of(page) == ("light", "light", "light")
        page.locator(".paragraph", has_text="Moves played: 0").wait_for(timeout=10_000)
        root = page.locator(".alh-root")
        root.locator('.alh-money [data-act="money"]').first.click()
        root.locator('button[data-act="take"]').click()
        # the dependent cell ran again: its output says who moved and what
        out = page.locator(".paragraph", has_text="Moves played: 1")
        out.wait_for(timeout=15_000)
        assert "Ben: take " in out.inner_text()
        assert "Turn 1" not in root.locator(".alh-status-text").inner_text()
        page.screenshot(path=str(artifacts / "marimo-after-a-move.png"))
        # the last moves keep their numbers (marimo's own styles take list markers away)
        assert root.locator("ol.alh-log-list").evaluate("e => getComputedStyle(e).listStyleType") == "decimal"
        assert audit(page, root) == []   # axe-core, inside marimo's shadow root
        assert page.errors == []
    finally:
        ctx.close()


def test_the_widget_takes_marimos_dark_theme_on_a_light_system(browser, marimo_app):
    ctx, page = open_app(browser, f"{marimo_app}/?theme=dark", color_scheme="light")
    try:
        assert theme_of(page) == ("dark", "dark", "dark")
        assert audit(page, page.locator(".alh-root")) == []   # the dark colours too
    finally:
        ctx.close()
