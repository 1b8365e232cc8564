"""The wheel people install: licence, metadata, py.typed, the rules reference and a bundle
built from the current js/; and the one-line message when a source build has no Node.

Each build runs hatchling's PEP 517 hooks (what pip and uv call) in a copy of the checkout,
so the working tree -- its bundle above all -- is never touched.
"""

from __future__ import annotations

import email
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

import alhambra_widget

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = "alhambra_widget/static/widget.js"
SKIP = shutil.ignore_patterns(".git", ".venv", "node_modules", "test-artifacts", ".hypothesis",
                              ".pytest_cache", "__pycache__", "dist", "build", "site", "*.egg-info")


def copy_checkout(dest: Path, *, node_modules: bool = True) -> Path:
    """The checkout's files (modification times kept) without the bundle or caches."""
    src = dest / "src"
    shutil.copytree(ROOT, src, ignore=SKIP)
    (src / BUNDLE).unlink(missing_ok=True)
    if node_modules:
        (src / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return src


def backend(src: Path, hook: str, out: Path, path: str | None = None) -> subprocess.CompletedProcess:
    """Call hatchling's build hook `hook` ("build_wheel", "build_sdist") in `src`."""
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
    code = f"import hatchling.build as b; print(b.{hook}({str(out)!r}))"
    return subprocess.run([sys.executable, "-c", code], cwd=src, env=env, capture_output=True,
                          text=True, timeout=300)


def esbuild(src: Path, outfile: Path) -> bytes:
    """`npm run build` of `src`'s js/ with the same esbuild flags, into `outfile`."""
    script = json.loads((ROOT / "package.json").read_text())["scripts"]["build"]
    args = shlex.split(script)
    assert args[0] == "esbuild"
    args = [a for a in args[1:] if not a.startswith("--outfile=")] + [f"--outfile={outfile}"]
    exe = ROOT / "node_modules" / ".bin" / "esbuild"
    subprocess.run([str(exe), *args, "--log-level=warning"], cwd=src, check=True, timeout=120)
    return outfile.read_bytes()


def built(result: subprocess.CompletedProcess, out: Path) -> Path:
    assert result.returncode == 0, result.stderr[-3000:]
    return out / result.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """A wheel built from a copy of the checkout whose bundle is a stale stand-in, newer than js/."""
    assert shutil.which("npm"), "npm is needed (scripts/test.sh installs the front end with it)"
    tmp = tmp_path_factory.mktemp("wheel")
    src = copy_checkout(tmp)
    stale = src / BUNDLE
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_text("// a stale bundle: the build must replace it\n")
    later = time.time() + 60
    os.utime(stale, (later, later))
    path = built(backend(src, "build_wheel", tmp / "dist"), tmp / "dist")
    fresh = esbuild(src, tmp / "fresh" / "widget.js")
    return path, fresh


def wheel_files(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist()}


def metadata(files: dict[str, bytes]) -> email.message.Message:
    name = next(n for n in files if n.endswith(".dist-info/METADATA"))
    return email.message_from_bytes(files[name])


def test_wheel_holds_licence_types_bundle_and_rules_reference(wheel):
    path, _ = wheel
    files = wheel_files(path)
    dist_info = f"alhambra_widget-{alhambra_widget.__version__}.dist-info"
    assert path.name.startswith(f"alhambra_widget-{alhambra_widget.__version__}-py3-none-any")
    assert files[f"{dist_info}/licenses/LICENSE"] == (ROOT / "LICENSE").read_bytes()
    assert b"MIT License" in files[f"{dist_info}/licenses/LICENSE"]
    assert "alhambra_widget/py.typed" in files
    assert files["alhambra_widget/rules/RULES.md"] == (ROOT / "docs/rules/RULES.md").read_bytes()
    assert len(files[BUNDLE]) > 10_000
    # the engine's data and the catalogues travel with the code
    assert "alhambra_widget/i18n/locales/fi/ui.json" in files
    assert not any(n.startswith(("js/", "tests/", "node_modules/")) for n in files)


def test_wheel_metadata(wheel):
    meta = metadata(wheel_files(wheel[0]))
    assert meta["Name"] == "alhambra-widget"
    assert meta["Version"] == alhambra_widget.__version__
    assert tuple(int(p) for p in meta["Metadata-Version"].split(".")) >= (2, 4)
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert meta["Requires-Python"] == ">=3.10"
    classifiers = set(meta.get_all("Classifier"))
    for c in ["Framework :: Jupyter", "Framework :: Jupyter :: JupyterLab",
              "Topic :: Games/Entertainment :: Board Games", "Typing :: Typed",
              *(f"Programming Language :: Python :: 3.{m}" for m in range(10, 14))]:
        assert c in classifiers
    # PEP 639: the licence expression replaces licence classifiers
    assert not any(c.startswith("License ::") for c in classifiers)
    assert "jupyter" in meta["Keywords"] and "board game" in meta["Keywords"]
    assert "the alhambra-widget developers" in meta["Author"]
    extras = set(meta.get_all("Provides-Extra"))
    assert {"lab", "analysis", "docs", "test"} <= extras
    assert "pip install alhambra-widget" in meta.get_payload()  # the README is the description


def test_wheel_bundle_is_a_fresh_build_of_js(wheel):
    path, fresh = wheel
    shipped = wheel_files(path)[BUNDLE]
    assert b"a stale bundle" not in shipped
    assert shipped == fresh


def test_sdist_installs_without_node(tmp_path):
    """An sdist carries the bundle; its wheel builds with no npm anywhere and ships it."""
    src = copy_checkout(tmp_path)
    sdist = built(backend(src, "build_sdist", tmp_path / "sdist"), tmp_path / "sdist")
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
        top = names[0].split("/")[0]
        for name in ["LICENSE", "CHANGELOG.md", BUNDLE, "docs/rules/RULES.md", "hatch_build.py",
                     "js/widget.js"]:
            assert f"{top}/{name}" in names
        assert not any("/node_modules/" in n for n in names)
        tar.extractall(tmp_path / "unpacked", filter="data")
    unpacked = tmp_path / "unpacked" / top
    no_npm = tmp_path / "empty-bin"
    no_npm.mkdir()
    result = backend(unpacked, "build_wheel", tmp_path / "dist", path=str(no_npm))
    files = wheel_files(built(result, tmp_path / "dist"))
    assert files[BUNDLE] == (unpacked / BUNDLE).read_bytes()
    assert "alhambra_widget/rules/RULES.md" in files
    assert "npm not found" in result.stderr + result.stdout


def test_checkout_without_node_says_what_to_do_in_one_line(tmp_path):
    src = copy_checkout(tmp_path, node_modules=False)
    no_npm = tmp_path / "empty-bin"
    no_npm.mkdir()
    result = backend(src, "build_wheel", tmp_path / "dist", path=str(no_npm))
    assert result.returncode != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Node.js >= 20" in lines[0] and "pip install alhambra-widget" in lines[0]
    assert "Traceback" not in result.stderr and "Could not find cmd" not in result.stderr
    assert not (tmp_path / "dist").exists() or not list((tmp_path / "dist").iterdir())


def test_one_version():
    """_version.py is the one place; the front end's package files say the same."""
    version = alhambra_widget.__version__
    written = re.findall(r'^__version__ = "(.+)"$', (ROOT / "alhambra_widget/_version.py").read_text(), re.M)
    assert written == [version]
    assert '__version__ = "' not in (ROOT / "alhambra_widget/__init__.py").read_text()
    assert json.loads((ROOT / "package.json").read_text())["version"] == version
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["version"] == version and lock["packages"][""]["version"] == version
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## [{version}]" in changelog
