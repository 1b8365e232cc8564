# shellcheck shell=bash
# Shared set-up for scripts/test.sh and scripts/lab.sh. Source it, don't run it.
#
# After sourcing, the working directory is the repository root and these exist:
#   REPO_ROOT, VENV, PY                 paths
#   setup_python_env SPEC [PKG...]      .venv + uv + `pip install -e SPEC PKG...`
#   setup_frontend                      JS bundle (npm install + esbuild) -- see below
#   setup_browser                       Debian's Chromium, CJK fonts and Orca, for browser tests
#
# Everything is idempotent: a second run only checks and returns in well under
# a second. It works on a fresh clone, as root or not, with or without CI=true.
#
# Knobs (environment):
#   ALHAMBRA_FORCE_SETUP=1   reinstall the Python packages even if nothing changed
#   ALHAMBRA_SKIP_BROWSER=1  never try to install Chromium
#   PYTHON=python3.12        interpreter used to create .venv (default python3)

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO_ROOT/.venv"
PY="$VENV/bin/python"
CHROMIUM=/usr/bin/chromium
cd "$REPO_ROOT"

log() { printf '[setup] %s\n' "$*" >&2; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }
is_ci() { case "${CI:-}" in "" | 0 | false | False | FALSE) return 1 ;; *) return 0 ;; esac; }

# --------------------------------------------------------------- Python
ensure_venv() {
    # A .venv copied from elsewhere (or whose python3 went away) cannot run: rebuild it.
    if ! { [ -x "$PY" ] && "$PY" -c 'import sys' >/dev/null 2>&1; }; then
        local base="${PYTHON:-python3}"
        command -v "$base" >/dev/null || die "$base not found; install Python >= 3.10"
        log "creating .venv with $("$base" --version 2>&1)"
        "$base" -m venv --clear "$VENV"
    fi
    # The repository's package.json says "type": "module"; without a package.json of its own in
    # .venv, Node would read the CommonJS scripts inside it (JupyterLab's yarn.js, which JupyterLab
    # runs at start) as ES modules and fail with a long error.
    [ -f "$VENV/package.json" ] || printf '{"type": "commonjs"}\n' >"$VENV/package.json"
}

ensure_uv() {
    # uv installs in seconds where pip takes ~30 s; pip stays the fallback.
    "$PY" -m uv --version >/dev/null 2>&1 && return 0
    log "installing uv into .venv"
    "$PY" -m pip install --quiet uv >/dev/null 2>&1 || log "could not install uv; using pip"
    "$PY" -m uv --version >/dev/null 2>&1
}

# setup_python_env SPEC [PKG...]: install the project editable with SPEC
# (e.g. '.[test]') and any extra packages. Skipped when a stamp in .venv says the
# same request was already satisfied for the same pyproject.toml.
setup_python_env() {
    ensure_venv
    local key stamp
    key="$(cat pyproject.toml; printf '%s\n' "$@"; "$PY" -c 'import sys; print(sys.version)')"
    key="$(printf '%s' "$key" | sha256sum | cut -c1-16)"
    stamp="$VENV/.alhambra-setup-$key"
    if [ -f "$stamp" ] && [ "${ALHAMBRA_FORCE_SETUP:-0}" = 0 ] \
        && "$PY" -c 'import alhambra_widget' >/dev/null 2>&1; then
        return 0
    fi
    local -a spec=(-e "$1" "${@:2}")
    local ok=0
    if ensure_uv; then
        log "uv pip install ${spec[*]}"
        if "$PY" -m uv pip install --quiet --python "$PY" "${spec[@]}"; then
            ok=1
        else
            log "uv failed; falling back to pip"
        fi
    fi
    if [ "$ok" = 0 ]; then
        log "pip install ${spec[*]} (may take a minute)"
        "$PY" -m pip install --quiet "${spec[@]}" 2> >(grep -v "is ignored" >&2) \
            || die "could not install ${spec[*]}"
    fi
    touch "$stamp"
}

# ------------------------------------------------------- JavaScript build
# The widget's front end (js/) is bundled by esbuild into one ESM file,
# alhambra_widget/static/widget.js (gitignored: a build artifact). Rules from
# shared/notes/TESTING.md: build BEFORE the package is installed or imported
# (anywidget reads the bundle when the widget class is defined; the build
# hook, hatch_build.py, bundles js/ again during `pip install -e .`: esbuild
# takes well under a second);
# `npm install --no-audit --no-fund`, never `npm ci` (vitest's optional
# dependencies break it); one bundle, no CDN. The vitest unit tests run from
# pytest (tests/test_frontend.py), so their failures fail scripts/test.sh.
setup_frontend() {
    if [ ! -f package.json ]; then
        return 0 # no front end
    fi
    command -v npm >/dev/null || die "npm not found; install Node >= 20"
    if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] \
        || [ package.json -nt node_modules/.package-lock.json ] \
        || { [ -f package-lock.json ] && [ package-lock.json -nt node_modules/.package-lock.json ]; }; then
        log "npm install"
        npm install --no-audit --no-fund --loglevel=error >&2 || die "npm install failed"
    fi
    log "npm run build"
    npm run --silent build >&2 || die "the front-end build (npm run build) failed"
    [ -f alhambra_widget/static/widget.js ] || die "npm run build did not write alhambra_widget/static/widget.js"
}

# --------------------------------------------------------------- browser
# Debian's Chromium for the Playwright tests, and the CJK fonts (Debian's
# fonts-noto-cjk) it needs to draw the widget in Japanese -- without them every
# Japanese character is a box; `playwright install` cannot download browsers on
# these machines, never call it.
# Installs only as root when /usr/bin/chromium or the fonts are missing. Failing
# to install is an error under CI (browser tests must not skip there), a warning
# otherwise.
CJK_FONT=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
has_cjk_fonts() { [ -e "$CJK_FONT" ]; }
has_screen_reader() {
    # Orca on a virtual screen, for tests/e2e/test_screen_reader.py
    command -v orca >/dev/null && command -v Xvfb >/dev/null && command -v dbus-daemon >/dev/null \
        && [ -x /usr/libexec/at-spi-bus-launcher ]
}

setup_browser() {
    [ -x "$CHROMIUM" ] && has_cjk_fonts && has_screen_reader && return 0
    [ "${ALHAMBRA_SKIP_BROWSER:-0}" = 1 ] && return 0
    local packages="chromium fonts-noto-cjk orca xvfb dbus-x11 at-spi2-core"
    if is_root && command -v apt-get >/dev/null; then
        log "installing Chromium, the CJK fonts and the Orca screen reader (apt-get, ~40 s)"
        if { apt-get update -qq \
            && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages; } \
            >/dev/null 2>&1 && [ -x "$CHROMIUM" ] && has_cjk_fonts && has_screen_reader; then
            return 0
        fi
        is_ci && die "could not install $packages with apt-get"
        log "warning: could not install some of $packages; browser tests will not run (or show boxes for Japanese, or skip the screen reader)"
    elif is_ci; then
        die "$CHROMIUM, $CJK_FONT or Orca missing and cannot install them (needs root and apt-get)"
    else
        log "note: $CHROMIUM, $CJK_FONT or Orca missing (install as root: apt-get install $packages); browser tests will not run (or show boxes for Japanese, or skip the screen reader)"
    fi
    return 0
}
