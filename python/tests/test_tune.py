"""Kernel.tune() and mdh.tune(): tiny budgets on a 64x48 MatVec, the
progress bar, the progress callback, Ctrl-C, and the refused inputs."""

import io
import signal
import threading
import time

import numpy as np
import pytest

import mdh

import matvec

I, K = 64, 48


@pytest.fixture(scope="module")
def kernel():
    return mdh.compile(matvec.matvec(I, K), num_threads=1)


def check_runs(kernel):
    rng = np.random.default_rng(3)
    M = rng.standard_normal((I, K), dtype=np.float32)
    v = rng.standard_normal(K, dtype=np.float32)
    np.testing.assert_allclose(kernel(M, v), M @ v, rtol=1e-4, atol=1e-4)


def test_tune_max_evals_after_running(kernel):
    # The kernel has run in this process (libomp's threads started) before
    # the search forks its children.
    check_runs(kernel)
    tuned = kernel.tune(max_evals=4, budget=None, technique="random", remeasure=1, progress=False)
    assert isinstance(tuned, mdh.Kernel) and tuned is not kernel
    assert tuned.tuning["evaluations"] == 4 and tuned.tuning["failures"] == 0
    assert tuned.tuning["technique"] == "random" and not tuned.tuning["cancelled"]
    assert tuned.config_dict["format"] == "mdh-config-v1"
    assert tuned.config_dict["tuning"]["threads"] == 1
    rows = tuned.tuning_log.splitlines()
    assert rows[0].startswith("evaluation,elapsed_s,technique,status,time_ms,best_ms")
    assert len(rows) == 5 and rows[1].startswith("1,") and ",default,ok," in rows[1]
    check_runs(tuned)
    check_runs(kernel)  # the original kernel still runs


def test_tune_time_budget_and_module_function():
    start = time.monotonic()
    tuned = mdh.tune(matvec.matvec(I, K), budget=1, technique="pattern", num_threads=2, remeasure=1,
                     progress=False)
    assert time.monotonic() - start < 30
    assert tuned.tuning["evaluations"] >= 1 and tuned.tuning["technique"] == "pattern"
    assert tuned.tuning["threads"] == 2 and tuned.num_threads == 2
    check_runs(tuned)


def test_progress_bar_on_request(kernel, capsys):
    kernel.tune(max_evals=3, budget=None, technique="random", remeasure=1, progress=True)
    err = capsys.readouterr().err
    frames = err.split("\r")
    assert frames[-1].startswith("tune matvec 100%|" + "█" * 20 + "| 3/3 evals")
    assert ", best " in frames[-1] and err.endswith("\n")


def test_no_progress_bar_when_off_or_not_a_terminal(kernel, capsys):
    kernel.tune(max_evals=2, budget=None, remeasure=0, progress=False)
    kernel.tune(max_evals=2, budget=None, remeasure=0)  # stderr is captured: no TTY
    assert capsys.readouterr().err == ""


def test_progress_bar_line():
    stream = io.StringIO()
    bar = mdh.ProgressBar("mv", budget=10, max_evals=None, stream=stream)
    bar.start -= 4.0
    bar.update(mdh.TuneProgress(evaluations=37, failures=2, elapsed=4.0, budget=10.0, best=12e-6, default=18e-6))
    bar.draw()
    bar.close()
    line = stream.getvalue().split("\r")[-1]
    assert line.startswith("tune mv  40%|████████            | 4.0/10 s, 37 evals (2 failed), best 12.0 us (1.50x)")
    assert line.endswith("\n")


def test_callback_sees_every_evaluation_and_stops(kernel):
    seen = []

    def callback(p):
        seen.append(p)
        return len(seen) < 3

    tuned = kernel.tune(max_evals=50, budget=None, technique="annealing", remeasure=0, progress=False,
                        callback=callback)
    assert [p.evaluations for p in seen] == [1, 2, 3]
    assert all(p.max_evals == 50 and p.budget is None for p in seen)
    assert seen[0].default is not None and seen[-1].best <= seen[0].default
    assert tuned.tuning["evaluations"] == 3 and tuned.tuning["cancelled"]


def test_callback_exception_propagates(kernel):
    def callback(p):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        kernel.tune(max_evals=5, budget=None, remeasure=0, progress=False, callback=callback)


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="needs the main thread")
def test_ctrl_c_keeps_the_best_so_far(kernel):
    # SIGINT, as Ctrl-C, once the first candidate has run: the search of a
    # 60 s budget stops, tune() warns and returns the best configuration so
    # far. (Sent from the evaluation callback, not after a fixed delay: on a
    # loaded machine a timer fired before the search began. Sent to the main
    # thread, which handles it; the search stops at the next candidate.)
    sent = []
    main = threading.main_thread().ident

    def callback(p):
        if not sent:
            sent.append(p.evaluations)
            signal.pthread_kill(main, signal.SIGINT)
        return True

    start = time.monotonic()
    with pytest.warns(mdh.TuningInterrupted, match="interrupted after .* evaluations"):
        tuned = kernel.tune(budget=60, technique="random", progress=False, callback=callback)
    assert sent == [1]
    assert time.monotonic() - start < 20
    assert tuned.tuning["cancelled"] and tuned.tuning["evaluations"] >= 1
    check_runs(tuned)


def test_gpu_target_refused():
    gpu = mdh.compile(matvec.matvec(I, K), target="cuda:sm_80")
    with pytest.raises(mdh.MDHError, match=r"target 'cuda:sm_80' cannot be tuned: this build measures "
                                           r"candidates on the host only"):
        gpu.tune(budget=1, progress=False)


def test_bad_technique(kernel):
    with pytest.raises(mdh.MDHError, match=r"unknown technique 'genetic'; available: random, annealing, "
                                           r"pattern, bandit"):
        kernel.tune(budget=1, technique="genetic", progress=False)


def test_bad_budgets(kernel):
    with pytest.raises(mdh.MDHError, match=r"the budget in seconds must be a finite number"):
        kernel.tune(budget=-1, progress=False)
    with pytest.raises(mdh.MDHError, match=r"the budget in seconds must be a finite number"):
        kernel.tune(budget=float("nan"), progress=False)
    with pytest.raises(TypeError, match=r"budget must be a number of seconds"):
        kernel.tune(budget="10s", progress=False)
    with pytest.raises(ValueError, match=r"give a budget in seconds, max_evals, or both"):
        kernel.tune(budget=None, progress=False)
    with pytest.raises(ValueError, match=r"max_evals must be a positive integer"):
        kernel.tune(max_evals=0, progress=False)
    with pytest.raises(mdh.MDHError, match=r"the thread count must be positive"):
        kernel.tune(budget=1, num_threads=-1, progress=False)
