#!/usr/bin/env bash
# Open JupyterLab on examples/play.ipynb, ready to play: `scripts/lab.sh [jupyter lab args...]`
# e.g. `scripts/lab.sh --no-browser --port 8899`. Same set-up as scripts/test.sh
# (.venv, uv, editable install, front end) plus the `lab` extra and ipykernel.
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

setup_frontend
setup_python_env '.[lab]' ipykernel

# A quiet start: no "get notified about Jupyter news?" toast over the notebook and no update
# check (JupyterLab's settings overrides for this .venv; the user's own settings still win).
"$PY" - "$VENV/share/jupyter/lab/settings/overrides.json" <<'PY'
import json, sys
from pathlib import Path

path = Path(sys.argv[1])
overrides = json.loads(path.read_text()) if path.is_file() else {}
quiet = {"fetchNews": "false", "checkForUpdates": False}
key = "@jupyterlab/apputils-extension:notification"
if overrides.get(key, {}) != {**overrides.get(key, {}), **quiet}:
    overrides[key] = {**overrides.get(key, {}), **quiet}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(overrides, indent=2) + "\n")
PY

# (Voila's server extension, there when the test extra is installed in this .venv, prints a
# DeprecationWarning at every start; the table needs no Voila: it stays off here.)
# Opening the notebook is quiet too: the server's websocket ping timeout is its ping interval (30 s) --
# Tornado >= 6.6 cuts Jupyter Server's default of 90 s to that anyway, with a warning at the first
# websocket; and where the kernel can encrypt its sockets (CurveZMQ: pyzmq with it, a jupyter_client
# that provisions the keys) it does, where ipykernel >= 7.4 warns at every start that they are not.
args=(--LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate
      "--ServerApp.jpserver_extensions={'voila.server_extension': False}"
      "--ServerApp.tornado_settings={'ws_ping_timeout': 30000}")
if "$PY" -c "import zmq, jupyter_client.manager as m; assert zmq.has('curve') and m.KernelManager.class_traits().get('transport_encryption')" >/dev/null 2>&1; then
    args+=(--KernelManager.transport_encryption=auto)
fi
args+=("$@")
if is_root && [[ " $* " != *" --allow-root "* ]]; then
    args+=(--allow-root)
fi
# the example is this repository's own: trusted, so that opening it does not log "not trusted"
"$VENV/bin/jupyter" trust examples/play.ipynb >/dev/null 2>&1 || log "could not mark examples/play.ipynb as trusted"
exec "$VENV/bin/jupyter" lab examples/play.ipynb "${args[@]}"
