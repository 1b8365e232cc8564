"""A real screen reader for the browser tests: Orca, the GNOME screen reader,
reading a Chromium window on a virtual screen.

``orca_session(tmp)`` starts, each in the background and all in ``tmp``: a
virtual X screen (Xvfb), a D-Bus session bus, the accessibility bus (AT-SPI)
and Orca, with its debug log in a file; it yields an :class:`Orca` once Orca
has said "Screen reader on." Orca needs no speech synthesizer to decide what
to say: every utterance is written to its debug log as ``SPEECH OUTPUT:
'...'``, which :meth:`Orca.said` reads. Chromium is started by the test, not
headless, with ``Orca.env`` and ``--force-renderer-accessibility``, so that it
shows its accessibility tree on the accessibility bus, where Orca reads it.

The programs come from Debian (``orca xvfb dbus-x11 at-spi2-core``;
scripts/_setup.sh installs them with Chromium). ``missing()`` names those not
found.
"""

from __future__ import annotations

import contextlib
import os
import pty
import re
import shutil
import signal
import subprocess
import threading
import time
import tty
from pathlib import Path

BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
PROGRAMS = ("orca", "Xvfb", "dbus-daemon", BUS_LAUNCHER)
_SPEECH = re.compile(r"SPEECH OUTPUT: '(.*)'(?:\{.*\})?$")


def missing() -> list:
    """The programs an Orca session needs that are not installed."""
    return [p for p in PROGRAMS if not (shutil.which(p) or Path(p).is_file())]


class Orca:
    """What Orca said, read from its debug log."""

    def __init__(self, log: Path, env: dict):
        self.log = log
        self.env = env

    def said(self, since: int = 0) -> list:
        """Every utterance since the ``since``-th (``mark()``), in order."""
        text = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        out = []
        for line in text.splitlines():
            m = _SPEECH.search(line)
            if m:
                out.append(m.group(1).replace("\u00a0", " "))   # (a no-break space is a space, spoken)
        return out[since:]

    def mark(self) -> int:
        """How many utterances so far: ``said(mark)`` is what came after."""
        return len(self.said())

    def wait_for(self, test, since: int = 0, timeout: float = 15.0) -> list:
        """Wait until ``test(utterances since since)`` holds; return those
        utterances (AssertionError with them when it never does)."""
        end = time.monotonic() + timeout
        while True:
            got = self.said(since)
            if test(got):
                return got
            if time.monotonic() > end:
                raise AssertionError(f"Orca did not say it within {timeout} s; it said: {got}")
            time.sleep(0.1)


def _start(cmd, env, log: Path, **kw) -> subprocess.Popen:
    """Start ``cmd`` in a process group of its own, its output into ``log``
    (its stdout to the caller with ``stdout=subprocess.PIPE``)."""
    with log.open("ab") as out:   # (the child has its own copy of the file)
        return subprocess.Popen(cmd, env=env, stdout=kw.pop("stdout", out), stderr=out,
                                start_new_session=True, **kw)


def _display(env, tmp: Path, procs: list) -> str:
    """Start Xvfb on a free display; its number, as Xvfb writes it (-displayfd)."""
    r, w = os.pipe()
    procs.append(_start(["Xvfb", "-displayfd", str(w), "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
                        env, tmp / "xvfb.log", pass_fds=(w,)))
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    if not number:
        raise RuntimeError(f"Xvfb did not start: {(tmp / 'xvfb.log').read_text(errors='replace')[-500:]}")
    return f":{number}"


def _bus(env, tmp: Path, procs: list) -> str:
    """Start a D-Bus session bus; its address."""
    p = _start(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
               env, tmp / "dbus.log", stdout=subprocess.PIPE, text=True)
    procs.append(p)
    address = p.stdout.readline().strip()
    if not address:
        raise RuntimeError("dbus-daemon did not start")
    return address


def _orca(env, tmp: Path, log: Path) -> subprocess.Popen:
    """Start Orca, its debug log copied into ``log`` as it is written. (Orca
    writes the log through a file of its own, which Python buffers in blocks
    unless it is a terminal: so the log goes to a pseudo-terminal, line by
    line, and a thread copies it.)"""
    master, slave = pty.openpty()
    tty.setraw(slave)   # (no carriage returns added)
    with (tmp / "orca.log").open("ab") as err:
        p = subprocess.Popen(["orca", "--replace", "--debug-file=/dev/stdout"], env=env, stdin=subprocess.DEVNULL,
                             stdout=slave, stderr=err, start_new_session=True)
    os.close(slave)

    def copy():
        with log.open("ab") as out:
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:   # (the terminal closed: Orca has ended)
                    break
                if not chunk:
                    break
                out.write(chunk)
                out.flush()
        os.close(master)

    threading.Thread(target=copy, name="orca-log", daemon=True).start()
    return p


@contextlib.contextmanager
def orca_session(tmp: Path, timeout: float = 30.0):
    tmp.mkdir(parents=True, exist_ok=True)
    home = tmp / "home"
    home.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "AT_SPI", "WAYLAND"))}
    env.pop("XDG_RUNTIME_DIR", None)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local" / "share"), LANG="C.UTF-8", NO_AT_BRIDGE="0",
               ACCESSIBILITY_ENABLED="1", GTK_MODULES="gail:atk-bridge")
    procs: list = []
    log = tmp / "orca-debug.log"
    try:
        env["DISPLAY"] = _display(env, tmp, procs)
        env["DBUS_SESSION_BUS_ADDRESS"] = _bus(env, tmp, procs)
        procs.append(_start([BUS_LAUNCHER, "--launch-immediately"], env, tmp / "at-spi.log"))
        procs.append(_orca(env, tmp, log))
        orca = Orca(log, env)
        orca.wait_for(lambda said: "Screen reader on." in said, timeout=timeout)
        yield orca
    finally:
        for p in reversed(procs):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGTERM)
        for p in reversed(procs):
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(p.pid, signal.SIGKILL)
                p.wait()
            if p.stdout is not None:
                p.stdout.close()
