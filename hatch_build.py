"""Build hook: the widget's front end and the rules reference in every build.

hatchling runs it before building the sdist, the wheel and an editable install
(``[tool.hatch.build.hooks.custom]`` in pyproject.toml).

* The front end (``js/``) is bundled by esbuild (``npm run build``) into
  ``alhambra_widget/static/widget.js``. When npm is there it always rebuilds, so
  a wheel never ships a bundle older than ``js/`` (``npm install`` first when
  ``node_modules`` is missing or older than package.json / package-lock.json).
* Without npm an existing bundle is used if no front-end source is newer than
  it (an sdist ships one); otherwise the build stops with one line saying to
  install Node.js or the wheel -- not a traceback.
* The wheel carries the rules reference the refusals cite,
  ``docs/rules/RULES.md``, as ``alhambra_widget/rules/RULES.md`` (not the
  editable install: there the checkout's own file is at hand).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLE = "alhambra_widget/static/widget.js"
# what the bundle is made from: a newer one of these makes the bundle stale
# what the bundle is built from: js/ and the JSON declarations it imports
SOURCES = ("js", "package.json", "package-lock.json", "alhambra_widget/palette.json",
           "alhambra_widget/protocol.json")
RULES = ("docs/rules/RULES.md", "alhambra_widget/rules/RULES.md")

NO_NODE = (
    "alhambra-widget: {state} and npm was not found to build it from js/. Install Node.js >= 20 "
    "(https://nodejs.org) and try again, or install the built wheel: pip install alhambra-widget"
)


def newest_source(root: Path) -> float:
    """The latest modification time among the front end's sources (0 if none)."""
    newest = 0.0
    for name in SOURCES:
        path = root / name
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for sub in path.rglob("*"):
                if sub.is_file():
                    newest = max(newest, sub.stat().st_mtime)
    return newest


def bundle_is_current(root: Path) -> bool:
    bundle = root / BUNDLE
    return bundle.is_file() and bundle.stat().st_mtime >= newest_source(root)


def needs_npm_install(root: Path) -> bool:
    stamp = root / "node_modules" / ".package-lock.json"
    if not stamp.is_file():
        return True
    return any((root / name).is_file() and (root / name).stat().st_mtime > stamp.stat().st_mtime
               for name in ("package.json", "package-lock.json"))


def stop(message: str) -> None:
    # SystemExit prints the message alone: pip and uv show it as the build's error output
    raise SystemExit(message)


class FrontEndBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        root = Path(self.root)
        if (root / "package.json").is_file():
            self.build_front_end(root)
        if self.target_name == "wheel" and version == "standard" and (root / RULES[0]).is_file():
            build_data["force_include"][str(root / RULES[0])] = RULES[1]

    def build_front_end(self, root: Path) -> None:
        bundle = root / BUNDLE
        npm = shutil.which("npm")
        if npm is None:
            if bundle_is_current(root):
                self.app.display_info(f"npm not found: shipping the existing {BUNDLE}")
                return
            state = (f"the widget's front end ({BUNDLE}) is not built" if not bundle.is_file()
                     else f"the widget's front end ({BUNDLE}) is older than js/")
            stop(NO_NODE.format(state=state))

        if needs_npm_install(root):
            self.app.display_info("npm install (the front end's build tools)")
            done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"],
                                  cwd=root, check=False)
            if done.returncode != 0:
                if bundle_is_current(root):
                    self.app.display_warning(f"npm install failed: shipping the existing {BUNDLE}")
                    return
                stop("alhambra-widget: `npm install` failed, so the widget's front end cannot be "
                     "bundled; check the network and Node.js >= 20, or install the built wheel: "
                     "pip install alhambra-widget")

        self.app.display_info(f"npm run build (js/ -> {BUNDLE})")
        done = subprocess.run([npm, "run", "--silent", "build"], cwd=root, check=False)
        if done.returncode != 0 or not bundle.is_file():
            stop("alhambra-widget: the front-end build (`npm run build`) failed; see the esbuild "
                 "messages above (Node.js >= 20 is needed)")
