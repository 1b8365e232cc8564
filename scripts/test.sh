#!/usr/bin/env bash
# Run every test: `scripts/test.sh [pytest args...]` (paths relative to the repo root)
#
# Works on a fresh clone (as root or not, with or without CI=true): creates
# .venv if missing, installs uv and the project with its test extra, builds the
# front end, installs Debian's Chromium when root, then runs pytest. Quick when
# everything is already installed. Exits with pytest's exit code; "no tests
# collected" (5) is a failure too.
set -euo pipefail
# shellcheck source=scripts/_setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"

setup_frontend
setup_python_env '.[test]'
setup_browser

rc=0
"$PY" -m pytest "$@" || rc=$?
# rc 5 = no tests collected: non-zero, so it fails like any other error.
exit "$rc"
