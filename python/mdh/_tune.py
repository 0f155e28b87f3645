"""Kernel.tune(): auto-tuning on the host through mdhTune (mdh-c/Tune.h).

The search runs in the C++ driver that mdh-tune uses: candidates compiled in
process and measured in forked children. The C call runs on a worker
thread so that the main thread stays responsive: it redraws the progress
bar and receives Ctrl-C (Python delivers signals to the main thread only,
and a KeyboardInterrupt raised inside a ctypes callback would be swallowed).
Ctrl-C sets the cancel flag the C side watches; the search stops, keeping
the best configuration so far, and tune() warns and returns it. A second
Ctrl-C raises KeyboardInterrupt at once.
"""

import ctypes
import json
import math
import sys
import threading
import time
import warnings
from dataclasses import dataclass

from . import _capi
from ._capi import MDHError, MlirStringRef


class TuningInterrupted(UserWarning):
    """Tuning was stopped by Ctrl-C; the kernel holds the best
    configuration found until then."""


@dataclass(frozen=True)
class TuneProgress:
    """Where a search stands: passed to a progress callback after every
    evaluation. Times in seconds; `best`/`default` are None until a
    candidate (the default configuration, evaluated first) ran correctly;
    `budget`/`max_evals` are None when not limited."""

    evaluations: int
    failures: int
    elapsed: float
    budget: float = None
    max_evals: int = None
    best: float = None
    default: float = None

    @staticmethod
    def _of(c):
        def time_or_none(t):
            return t if math.isfinite(t) else None

        return TuneProgress(
            evaluations=c.evaluations,
            failures=c.failures,
            elapsed=c.elapsedSeconds,
            budget=c.budgetSeconds or None,
            max_evals=c.maxEvaluations or None,
            best=time_or_none(c.bestSeconds),
            default=time_or_none(c.defaultSeconds),
        )


def _format_time(seconds):
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.3f} ms"
    return f"{seconds:.3f} s"


class ProgressBar:
    """A one-line, tqdm-like bar on a stream (no dependency):

        tune matvec  40%|████████            | 4.0/10 s, 37 evals, best 0.012 ms (1.52x)

    Redrawn in place with a carriage return; `close` ends the line."""

    WIDTH = 20

    def __init__(self, name, budget, max_evals, stream=None):
        self.name = name
        self.budget = budget
        self.max_evals = max_evals
        self.stream = sys.stderr if stream is None else stream
        self.start = time.monotonic()
        self.progress = None
        self.lock = threading.Lock()
        self.drawn = False

    def update(self, progress):
        with self.lock:
            self.progress = progress

    def line(self):
        p = self.progress
        elapsed = time.monotonic() - self.start
        evaluations = p.evaluations if p else 0
        if self.budget:
            fraction = elapsed / self.budget
            amount = f"{min(elapsed, self.budget):.1f}/{self.budget:g} s"
            if self.max_evals:
                amount += f", {evaluations}/{self.max_evals} evals"
            else:
                amount += f", {evaluations} evals"
        else:
            fraction = evaluations / self.max_evals
            amount = f"{evaluations}/{self.max_evals} evals, {elapsed:.1f} s"
        if self.max_evals and self.budget:
            fraction = max(fraction, evaluations / self.max_evals)
        fraction = min(max(fraction, 0.0), 1.0)
        filled = int(fraction * self.WIDTH)
        bar = "█" * filled + " " * (self.WIDTH - filled)
        text = f"tune {self.name} {fraction * 100:3.0f}%|{bar}| {amount}"
        if p and p.failures:
            text += f" ({p.failures} failed)"
        if p and p.best is not None:
            text += f", best {_format_time(p.best)}"
            if p.default is not None:
                text += f" ({p.default / p.best:.2f}x)"
        return text

    def draw(self):
        with self.lock:
            self.stream.write("\r" + self.line() + "\x1b[K")
            self.stream.flush()
            self.drawn = True

    def close(self):
        if self.drawn:
            with self.lock:
                self.stream.write("\r" + self.line() + "\x1b[K\n")
                self.stream.flush()
                self.drawn = False


def _show_progress(progress):
    if progress is None:
        isatty = getattr(sys.stderr, "isatty", None)
        return bool(isatty and isatty())
    return bool(progress)


def tune_kernel(kernel, budget, max_evals, technique, seed, num_threads, remeasure, progress, callback):
    """The body of Kernel.tune: returns (config JSON text, CSV log text,
    summary dict, interrupted)."""
    lib = kernel._lib
    if getattr(lib, "mdhTune", None) is None:
        raise MDHError(f"{lib.path} has no mdhTune (mdh-c/Tune.h); rebuild it")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))):
        raise TypeError(f"budget must be a number of seconds or None, got {type(budget).__name__}")
    if max_evals is not None and (isinstance(max_evals, bool) or not isinstance(max_evals, int) or max_evals < 1):
        raise ValueError(f"max_evals must be a positive integer or None, got {max_evals!r}")
    if budget is None and max_evals is None:
        raise ValueError("give a budget in seconds, max_evals, or both")
    if not isinstance(technique, str):
        raise TypeError(f"technique must be a string, got {type(technique).__name__}")

    options = lib.mdhTuneOptionsCreate()
    cancel = ctypes.c_int(0)
    log = _capi._TextSink()
    config = _capi._TextSink()
    summary = _capi.MdhTuneProgress()
    failure = []  # an exception raised by `callback`
    bar = None
    if _show_progress(progress):
        bar = ProgressBar(kernel.computation.name, budget or None, max_evals)

    def on_progress(c_progress, _):
        try:
            info = TuneProgress._of(c_progress.contents)
            if bar is not None:
                bar.update(info)
            if callback is not None and callback(info) is False:
                return False
            return True
        except BaseException as e:  # never let an exception cross into C++
            failure.append(e)
            return False

    c_callback = _capi.TuneProgressCallback(on_progress)
    done = None
    try:
        if budget is not None:
            lib.mdhTuneOptionsSetBudgetSeconds(options, float(budget))
        if max_evals is not None:
            lib.mdhTuneOptionsSetMaxEvaluations(options, max_evals)
        lib.mdhTuneOptionsSetTechnique(options, MlirStringRef.of(technique))
        lib.mdhTuneOptionsSetSeed(options, seed)
        lib.mdhTuneOptionsSetNumThreads(options, num_threads)
        lib.mdhTuneOptionsSetRemeasureRounds(options, remeasure)
        lib.mdhTuneOptionsSetProgressCallback(options, c_callback, None)
        lib.mdhTuneOptionsSetCancelFlag(options, ctypes.byref(cancel))
        lib.mdhTuneOptionsSetLogCallback(options, log.callback, None)

        module = kernel._parse()
        result = []

        done = threading.Event()

        def run():
            try:
                result.append(
                    lib.mdhTune(
                        module.handle,
                        MlirStringRef.of(kernel.computation.name),
                        MlirStringRef.of(kernel.target),
                        options,
                        config.callback,
                        None,
                        ctypes.byref(summary),
                    )
                )
            finally:
                done.set()

        interrupted = False
        try:
            if threading.current_thread() is threading.main_thread():
                worker = threading.Thread(target=run, name="mdh-tune", daemon=True)
                worker.start()
                # Polled with sleep, not Thread.join(timeout): a join that
                # Ctrl-C interrupts can leave the thread looking finished
                # (CPython 3.11), and the options must outlive the call.
                # The whole inner loop, its condition included, is in the
                # try: a signal that reached another thread is raised here
                # at the next bytecode boundary, which may be anywhere in it.
                while not done.is_set():
                    try:
                        while not done.is_set():
                            time.sleep(0.1)
                            if bar is not None:
                                bar.draw()
                    except KeyboardInterrupt:
                        if interrupted:
                            raise  # a second Ctrl-C: leave at once
                        interrupted = True
                        cancel.value = 1
            else:
                # Signals reach the main thread only; nothing to watch here.
                run()
        finally:
            if bar is not None:
                bar.close()
        module.close()
    finally:
        # Left to the worker when a second Ctrl-C abandoned it (it stops at
        # the cancel flag, still reading them).
        if done is None or done.is_set():
            lib.mdhTuneOptionsDestroy(options)

    if not result[0].value:
        if interrupted:
            kernel._context.take_diagnostics()
            raise KeyboardInterrupt("tuning was interrupted before any configuration ran correctly")
        if failure:
            kernel._context.take_diagnostics()
            raise failure[0]
        kernel._context.fail(f"tuning {kernel.computation.name!r} for {kernel.target!r} failed")
    if failure:
        # The callback raised: the search stopped; the error is the caller's.
        raise failure[0]
    text = config.text()
    info = dict(json.loads(text).get("tuning", {}))
    info["cancelled"] = bool(summary.cancelled)
    return text, log.text(), info, interrupted
