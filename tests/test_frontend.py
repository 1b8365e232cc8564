"""The front end's own tests (vitest in jsdom) and its build, run from pytest so
that a failing JavaScript test fails ``scripts/test.sh`` like any other test.

Node and npm are part of the project's set-up (scripts/_setup.sh); when they
are missing these tests fail rather than skip.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "alhambra_widget" / "static" / "widget.js"


def _npm(*args, timeout=600):
    npm = shutil.which("npm")
    assert npm, "npm is needed for the front end (install Node >= 20)"
    if not (ROOT / "node_modules" / ".package-lock.json").exists():
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True,
                       timeout=timeout)
    return subprocess.run([npm, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_package_json_pins_the_test_tools():
    pkg = json.loads((ROOT / "package.json").read_text())
    dev = pkg["devDependencies"]
    assert dev["vitest"] == "4.1.12" and dev["vite"] == "8.3.8"
    assert "jsdom" in dev and "esbuild" in dev
    assert "esbuild" in pkg["scripts"]["build"] and "alhambra_widget/static/widget.js" in pkg["scripts"]["build"]
    assert pkg["scripts"]["test"] == "vitest run"


@pytest.mark.slow
def test_vitest_passes():
    r = _npm("test")
    out = re.sub(r"\x1b\[[0-9;]*m", "", r.stdout + r.stderr)
    assert r.returncode == 0, out[-4000:]
    m = re.search(r"Tests\s+(\d+) passed", out)
    assert m and int(m.group(1)) >= 40, out[-2000:]
    assert "failed" not in out.split("Tests", 1)[-1].splitlines()[0]


@pytest.mark.slow
def test_bundle_is_one_self_contained_esm_file():
    r = _npm("run", "build")
    assert r.returncode == 0, r.stdout + r.stderr
    src = BUNDLE.read_text()
    # anywidget imports it from a blob: URL, where no relative or bare import resolves
    assert not re.search(r"""\bimport\s*(?:[\w{}*,\s]+from\s*)?["']""", src)
    assert not re.search(r"""\bimport\(\s*["']""", src)
    assert "export" in src and "default" in src
    # nothing loads from the network (the only URL is the SVG namespace)
    urls = set(re.findall(r"https?://[^\s\"'`)]+", src))
    assert urls <= {"http://www.w3.org/2000/svg"}, urls
    # the table's code and its English texts, minified: some 200 KB. The budget catches what
    # would come in by mistake (a library bundled, the catalogues twice), not the features' growth
    assert len(src) < 220_000
