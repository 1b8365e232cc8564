"""Bots at the widget's table, and hints: work that runs beside the notebook.

A bot seat (``AlhambraWidget(players=["You", Greedy(), MCTS(seconds=1)])``)
moves by itself when it is its turn: the widget copies the game, the bot
thinks in a background thread (the notebook stays usable: cells run, other
widgets answer), and the chosen action is played on the kernel's own thread,
through the same ``game.play`` as every other move -- unless the game changed
meanwhile (an undo, a move from a cell, another game assigned), in which case
the answer is dropped and the bot looks again. Bots wait ``bot_delay``
seconds before they move, so a person can follow the game.

Where the code runs:

* in a Jupyter kernel (JupyterLab, VS Code, Colab): the answer is handed to
  the kernel's event loop, which plays it between cells;
* anywhere else (a script, marimo): the worker thread plays it itself, under
  the widget's lock;
* ``autoplay=False``: nothing moves by itself; ``w.play_bots()`` plays the
  bots' moves at once, in the calling thread (tests, scripted lessons);
* where Python has no threads (Pyodide: JupyterLite, marimo in the browser),
  the work runs on the event loop between cells instead (a review a move at
  a time, the page's clicks read in between; a bot's or a hint's search
  whole); ``w.wait()`` runs what is due at once.

Hints (``w.hint()``, the widget's *Hint* button) run the same way: an
analysis (:func:`alhambra_widget.analysis.analyse`) in a thread, its top
three moves shown on the board when it is done.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import threading
import time

log = logging.getLogger("alhambra_widget")

__all__ = ["Runner", "Cancelled", "kernel_loop"]


class Cancelled(Exception):
    """Raised inside a job's work to stop it early: the job was cancelled or
    replaced, so nobody waits for what it would find."""


def kernel_loop():
    """The running Jupyter kernel's event loop (tornado IOLoop), or None."""
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:
        return None
    try:
        if not Kernel.initialized():
            return None
        return getattr(Kernel.instance(), "io_loop", None)
    except Exception:
        return None


def later(delay: float, fn):
    """Call ``fn()`` in this thread after ``delay`` seconds, on the Jupyter kernel's event loop, or
    else on the asyncio loop running here (Pyodide's in JupyterLite); returns how to cancel it, or
    None where no loop runs (then nothing is scheduled)."""
    loop = kernel_loop()
    if loop is not None:
        handle = loop.call_later(delay, fn)
        return lambda: loop.remove_timeout(handle)
    try:
        return asyncio.get_running_loop().call_later(delay, fn).cancel
    except RuntimeError:
        return None


#: seconds between two steps of a job on the event loop: a timer due at once can run ahead of the
#: page's messages waiting (Chromium's worker in JupyterLite read a Stop only some ten steps later)
STEP_GAP = 0.01


_MORE = object()   # (a step's answer while the work goes on)


def _drain(steps):
    """What a generator returns, all its steps run."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


class Runner:
    """Runs jobs (a bot's choice, an analysis) beside the widget, one per
    kind at a time, and hands each result back where the game may change.

    ``start(kind, key, work, done)``: ``work()`` runs in a thread; then
    ``done(key, result_or_exception)`` runs in the kernel's thread (or the
    worker thread under ``lock`` outside a kernel). ``key`` identifies what
    the job was for; ``done`` checks it is still current. ``cancel(kind)``
    forgets a running job: its result is dropped when it comes. Where no
    thread starts, ``work()`` runs on the running event loop instead, in this
    thread (or at :meth:`wait`). ``work`` may be a generator function (work in
    steps: it yields between them and returns the result): in a thread it
    runs whole, on the event loop a step at a time.
    """

    def __init__(self, lock: threading.RLock):
        self.lock = lock
        self.loop = kernel_loop()
        self._jobs: dict[str, object] = {}  # kind -> key of the job running
        self.threads: list[threading.Thread] = []
        # where no thread can start: kind -> (how to cancel its timer on the event loop or None, its work)
        self._later: dict[str, tuple] = {}

    def running(self, kind: str, key=None) -> bool:
        if kind not in self._jobs:
            return False
        return key is None or self._jobs[kind] == key

    def cancel(self, kind: str) -> None:
        self._jobs.pop(kind, None)
        self._unschedule(kind)

    def start(self, kind: str, key, work, done, delay: float = 0.0) -> None:
        self._jobs[kind] = key

        def finish(result):
            if self._jobs.get(kind) != key:
                return  # cancelled or replaced: nobody waits for it
            del self._jobs[kind]
            try:
                done(key, result)
            except Exception:
                log.exception("%s job failed to finish", kind)

        def settle(advance):
            """Hand on what ``advance()`` gives: the result, or the failure; nothing while the
            work goes on (``_MORE``) or when it was cancelled."""
            try:
                result = advance()
                if result is _MORE:
                    return
            except Cancelled:
                self.post(self._forget, kind, key)
                return
            except BaseException as e:  # handed to done(), which shows it: also a bot's
                # sys.exit() or a stray GeneratorExit, which would leave the table waiting forever
                log.error("%s job failed", kind, exc_info=e)
                result = e
            self.post(finish, result)

        def step(steps):
            """One step of work given in steps, on the event loop; the next one after a gap."""
            if self._jobs.get(kind) != key:
                steps.close()
                return _MORE   # (cancelled: nobody waits)
            try:
                next(steps)
            except StopIteration as end:
                return end.value
            self._schedule(kind, STEP_GAP, lambda: settle(lambda: step(steps)))
            return _MORE

        def begin(threaded):
            result = work()
            if inspect.isgenerator(result):   # work in steps (a review: a move at a time)
                return _drain(result) if threaded else step(result)
            return result

        def main(threaded=True):
            if delay and threaded:
                time.sleep(delay)
            if self._jobs.get(kind) == key:
                settle(lambda: begin(threaded))

        self._unschedule(kind)
        th = threading.Thread(target=main, name=f"alhambra-{kind}", daemon=True)
        try:
            th.start()
        except RuntimeError:   # no threads here (Pyodide), or none left: on the event loop instead
            self._schedule(kind, delay, lambda: main(threaded=False))
            return
        self.threads = [x for x in self.threads if x.is_alive()] + [th]

    def _schedule(self, kind: str, delay: float, fn) -> None:
        """Call ``fn`` (a job's work, or its next step) on the event loop after ``delay``
        seconds, in this thread; with no loop, when :meth:`wait` is called."""
        def run():
            if self._later.get(kind, (None, None))[1] is fn:
                del self._later[kind]
                fn()

        self._later[kind] = (later(delay, run), fn)

    def _unschedule(self, kind: str):
        """Take the job of ``kind`` off the event loop; returns its work (or None)."""
        cancel, fn = self._later.pop(kind, (None, None))
        if cancel is not None:
            cancel()
        return fn

    def _forget(self, kind: str, key) -> None:
        if self._jobs.get(kind) == key:
            del self._jobs[kind]

    def post(self, fn, *args) -> None:
        """Call ``fn(*args)`` where the game may change: on the kernel's
        thread, or here under the lock outside a kernel (for a job's news
        while it runs, such as its progress)."""
        if self.loop is not None:
            self.loop.add_callback(fn, *args)
        else:
            with self.lock:
                fn(*args)

    def wait(self, timeout: float | None = None, kind: str | None = None) -> bool:
        """Outside a kernel: wait until no job runs (of ``kind``, or any) (True) or ``timeout`` passes.
        Jobs waiting for their turn on the event loop (no threads here) run now, one after another."""
        end = None if timeout is None else time.monotonic() + timeout
        name = None if kind is None else f"alhambra-{kind}"
        while self._later:
            due = [k for k in self._later if kind is None or k == kind]
            if not due:
                break
            if end is not None and time.monotonic() >= end:
                return False
            self._unschedule(due[0])()
        while True:
            alive = [x for x in self.threads if x.is_alive() and (name is None or x.name == name)]
            if not alive:
                return True
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                return False
            alive[0].join(left)
