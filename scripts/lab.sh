#!/usr/bin/env bash
# Open JupyterLab on examples/play.ipynb, ready to play: `scripts/lab.sh [jupyter lab args...]`
# e.g. `scripts/lab.sh --no-browser --port 8899`. Same set-up as scripts/test.sh
# (.venv, uv, editable install, front end) plus the `lab` extra and ipykernel.
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

setup_frontend
setup_python_env '.[lab]' ipykernel

args=("$@")
if is_root && [[ " $* " != *" --allow-root "* ]]; then
    args+=(--allow-root)
fi
exec "$VENV/bin/jupyter" lab examples/play.ipynb "${args[@]}"
