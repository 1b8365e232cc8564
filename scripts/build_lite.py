"""Build a JupyterLite site that plays alhambra-widget in the browser alone:
Python runs there (Pyodide, in a web worker), no kernel, no server but one
that hands out files, nothing from a CDN.

    .venv/bin/python scripts/build_lite.py [--out DIR] [--serve [PORT]]

Everything comes from the package registries (PyPI, npm), once, into
``build/lite/`` (gitignored):

* a virtual environment of its own with JupyterLite and its Pyodide kernel
  (their JupyterLab extension must not land in the environment whose real
  JupyterLab the browser tests start), and the widget extensions the site
  loads (anywidget's, ipywidgets');
* Pyodide's core from the npm package ``pyodide``, at the version that kernel
  is made for, and ``micropip`` from PyPI, with a lock file listing micropip
  alone: every other package comes from the site's own wheels;
* the pure-Python wheels the widget and the kernel need, for Pyodide's Python,
  pinned below, and this checkout's own wheel (with its front-end bundle:
  run ``npm run build`` first, as ``scripts/test.sh`` does).

The site (``build/lite/site`` by default) holds ``play.ipynb``,
``tutorial.ipynb`` and ``scripting.ipynb`` from ``examples/`` (not
``analysis.ipynb``: pandas and matplotlib are not in it), each with a first
code cell that installs the package from the site (``%pip install
alhambra-widget``). Serve it with any static file server (``--serve`` starts
Python's on http://127.0.0.1:8000/lab/index.html?path=play.ipynb). The
browser tests build it once a session (``tests/e2e/conftest.py``, fixture
``lite``) and play in it (``test_hosts.py``, ``test_lab_monkey.py``).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "lite"

#: the site's tools (in their own environment): the builder, the kernel, the widget extensions
TOOLS = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter-server>=2,<3",
    "anywidget==0.11.0",
    "jupyterlab-widgets==3.0.17",
]

#: what Python in the browser installs from the site: the widget's needs and the kernel's
#: (IPython), every wheel pure Python; anywidget and jupyterlab-widgets as the extensions above
WHEELS = [
    "anywidget==0.11.0", "psygnal==0.16.1", "typing-extensions==4.16.0",
    "ipywidgets==8.1.9", "jupyterlab-widgets==3.0.17", "comm==0.2.3", "traitlets==5.16.1",
    "ipython==9.12.0", "ipython-pygments-lexers==1.1.1", "pygments==2.21.0", "decorator==5.3.2",
    "jedi==0.20.1", "parso==0.8.7", "matplotlib-inline==0.2.2", "prompt-toolkit==3.0.53",
    "wcwidth==0.9.5", "stack-data==0.6.3", "executing==2.3.0", "asttokens==3.0.2",
    "pure-eval==0.2.4", "pexpect==4.9.0", "ptyprocess==0.7.0",
]

NOTEBOOKS = ["play.ipynb", "tutorial.ipynb", "scripting.ipynb"]

INSTALL_CELL = [
    "# JupyterLite: Python runs in this page; install the package into it (from this site)\n",
    "%pip install -q alhambra-widget",
]


def say(text: str) -> None:
    print(f"[lite] {text}", file=sys.stderr, flush=True)


def run(cmd: list, cwd=None) -> None:
    """Run a step quietly; what it said is shown only if it fails."""
    try:
        done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise SystemExit(f"[lite] {cmd[0]} not found" + (": install Node.js >= 20" if cmd[0] == "npm" else ""))
    if done.returncode:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"[lite] failed ({done.returncode}): {' '.join(str(c) for c in cmd)}")


def tools_env() -> Path:
    """The builder's environment; made again when the pins change."""
    env = WORK / "venv"
    py = env / "bin" / "python"
    stamp = env / "pins.txt"
    want = "\n".join(TOOLS)
    if py.exists() and stamp.exists() and stamp.read_text() == want:
        return env
    say("an environment for the site's tools")
    shutil.rmtree(env, ignore_errors=True)
    uv = subprocess.run([sys.executable, "-m", "uv", "--version"], capture_output=True).returncode == 0
    if uv:
        run([sys.executable, "-m", "uv", "venv", "-q", "--python", sys.executable, env])
        run([sys.executable, "-m", "uv", "pip", "install", "-q", "--python", py, *TOOLS])
    else:
        run([sys.executable, "-m", "venv", env])
        run([py, "-m", "pip", "install", "-q", *TOOLS])
    stamp.write_text(want)
    return env


def pyodide_core(env: Path) -> tuple:
    """Pyodide's core files (the npm package at the kernel's version) and the Python it runs."""
    got = subprocess.run([env / "bin" / "python", "-c",
                          "from jupyterlite_pyodide_kernel import constants as c;"
                          "print(c.PYODIDE_VERSION, c.PYODIDE_PYTHON_VERSION)"],
                         check=True, capture_output=True, text=True).stdout.split()
    version, python = got
    where = WORK / f"pyodide-{version}"
    if not (where / "pyodide.mjs").exists():
        say(f"Pyodide {version} (npm)")
        npm = WORK / "npm"
        npm.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", f"pyodide@{version}"], cwd=npm)
        tmp = WORK / "pyodide-unpacked"
        shutil.rmtree(tmp, ignore_errors=True)
        with tarfile.open(npm / f"pyodide-{version}.tgz") as tar:
            # (only files and folders inside tmp; the filter exists from Python 3.10.12 and 3.11.4)
            tar.extractall(tmp, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
        shutil.rmtree(where, ignore_errors=True)
        (tmp / "package").rename(where)
        shutil.rmtree(tmp)
    return where, version, python


def download(specs: list, into: Path, python: str) -> None:
    """Pure-Python wheels for Pyodide's Python, exactly these (no dependencies resolved)."""
    into.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", python, "--platform", "any", "--implementation", "py", "--abi", "none",
         "-d", into, *specs])


def lite_dir(core: Path, python: str) -> Path:
    """The site's sources: Pyodide with micropip alone in its lock, the notebooks, the settings."""
    src = WORK / "src"
    shutil.rmtree(src, ignore_errors=True)
    pyo = src / "static" / "pyodide"
    pyo.mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        shutil.copy2(core / name, pyo / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    mp = WORK / "micropip"
    if not (mp / entry["file_name"]).exists():
        download([f"micropip=={entry['version']}"], mp, python)
    wheel = (mp / entry["file_name"]).read_bytes()
    (pyo / entry["file_name"]).write_bytes(wheel)
    entry["sha256"] = hashlib.sha256(wheel).hexdigest()   # (PyPI's build of it, not Pyodide's)
    lock["packages"] = {"micropip": entry}
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock))
    files = src / "files"
    files.mkdir()
    for name in NOTEBOOKS:
        nb = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
        first = next((i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"), len(nb["cells"]))
        nb["cells"].insert(first, {"cell_type": "code", "execution_count": None, "metadata": {},
                                   "outputs": [], "source": INSTALL_CELL})
        (files / name).write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    settings = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {"litePluginSettings": {
        "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}}}}
    (src / "jupyter-lite.json").write_text(json.dumps(settings, indent=2))
    return src


def build(out: Path) -> Path:
    bundle = ROOT / "alhambra_widget" / "static" / "widget.js"
    if not bundle.exists():
        raise SystemExit(f"{bundle.relative_to(ROOT)} is missing: run `npm run build` first")
    WORK.mkdir(parents=True, exist_ok=True)
    env = tools_env()
    core, version, python = pyodide_core(env)
    wheels = WORK / f"wheels-py{python}"
    have = {p.name.split("-")[0].lower().replace("_", "-") for p in wheels.glob("*.whl")}
    missing = [s for s in WHEELS if s.split("==")[0].replace("_", "-") not in have]
    if missing:
        say(f"{len(missing)} wheels for Python {python} (PyPI)")
        download(missing, wheels, python)
    ours = WORK / "ours"
    shutil.rmtree(ours, ignore_errors=True)
    say("this checkout's wheel")
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", ours, ROOT])
    src = lite_dir(core, python)
    say(f"the site, Pyodide {version} (Python {python})")
    shutil.rmtree(out, ignore_errors=True)
    run([env / "bin" / "jupyter", "lite", "build", "--output-dir", out.resolve(), "--contents", "files",
         "--piplite-wheels", wheels, "--piplite-wheels", next(ours.glob("*.whl"))],
        cwd=src)
    if not (out / "lab" / "index.html").exists() or not list((out / "pypi").glob("alhambra_widget-*.whl")):
        raise SystemExit(f"the site in {out} is incomplete")
    say(f"built: {os.path.relpath(out)}")
    return out


def serve(site: Path, port: int) -> None:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        say(f"open http://127.0.0.1:{port}/lab/index.html?path=play.ipynb (Ctrl+C stops)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=WORK / "site", help="where the site goes (default build/lite/site)")
    ap.add_argument("--serve", type=int, nargs="?", const=8000, metavar="PORT",
                    help="then serve it on 127.0.0.1:PORT (default 8000)")
    a = ap.parse_args(argv)
    site = build(a.out)
    if a.serve is not None:
        serve(site, a.serve)
    return 0


if __name__ == "__main__":
    sys.exit(main())
