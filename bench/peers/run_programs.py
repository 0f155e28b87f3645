"""run.py's running of MDH (mdh-run, mdh-tune) and of the peers (worker.py
processes, fresh or persistent), and the peers' setup: their Pythons, the
loops.c libraries and the probes."""

import json
import os
import select
import signal
import subprocess
import time

import numpy as np

from run_common import PEERS_DIR, ROOT

CLANG = "clang-22"


# ---------------------------------------------------------------------------
# Running things
# ---------------------------------------------------------------------------


def run_process(cmd, timeout, env=None, cwd=None):
    """(returncode or 'timeout', stdout, stderr); on a timeout the whole
    process group it started is killed."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, cwd=cwd, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return "timeout", out, err


def last_line(text, n=160):
    lines = [line.strip() for line in (text or "").splitlines()
             if line.strip()]
    return (lines[-1] if lines else "")[:n]


def crash_reason(rc, err):
    if rc == "timeout":
        return None
    if isinstance(rc, int) and rc < 0:
        try:
            return f"crashed ({signal.Signals(-rc).name})"
        except ValueError:
            return f"crashed (signal {-rc})"
    return f"exit {rc}: {last_line(err)}"


def stats(times):
    """mdh-run's median (element n/2 of the sorted times), min, max."""
    s = sorted(times)
    return s[len(s) // 2], s[0], s[-1]


# A call of these takes seconds to minutes (mcc_capsule: 1.2e11
# multiply-adds): one timed run per program, as bench.py does.
ONE_RUN_KINDS = ("mcc_capsule",)


def kernel_reps(args, k):
    return args.reps or (1 if k.kind in ONE_RUN_KINDS else 0)


def run_mdh(args, k, inputs, out_dir, config=None):
    os.makedirs(out_dir, exist_ok=True)
    cmd = [args.mdh_run, os.path.relpath(k.file, ROOT), f"--func={k.name}",
           "--target=openmp:host", f"--threads={args.threads}", "--json",
           f"--output-dir={out_dir}"]
    cmd += [f"--input=in{i}=@{p}" for i, p in enumerate(inputs)]
    reps = kernel_reps(args, k)
    cmd += [f"--reps={reps}"] if reps else [f"--min-time={args.min_time}"]
    if config:
        cmd.append(f"--config={config}")
    t0 = time.time()
    rc, out, err = run_process(cmd, args.timeout, env=args.env, cwd=ROOT)
    res = {"cmd": " ".join(cmd), "wall_s": time.time() - t0}
    if rc == "timeout":
        res["status"], res["why"] = "timeout", f"timeout (> {args.timeout} s)"
        return res
    try:
        doc = json.loads(out)
        kr = doc["kernels"][0]
    except (ValueError, KeyError, IndexError):
        res["status"], res["why"] = "error", crash_reason(rc, err) or "?"
        return res
    res.update(median=kr["median_ms"], min=kr["min_ms"], max=kr["max_ms"],
               runs=kr["repetitions"], build_s=kr.get("compile_seconds"),
               self_check=kr.get("passed"))
    outs = []
    n_out = len(k.out_maps)
    for i in range(n_out):
        path = os.path.join(out_dir, f"{k.name}.out{i}.npy")
        if not os.path.exists(path):
            res["status"], res["why"] = "error", f"no {os.path.basename(path)}"
            return res
        outs.append(np.load(path))
    res["outputs"] = outs
    res["status"] = "ok"
    return res


def run_mdh_tuned(args, k, inputs, work):
    os.makedirs(work, exist_ok=True)
    cfg = os.path.join(work, "tuned.json")
    cmd = [args.mdh_tune, os.path.relpath(k.file, ROOT), f"--func={k.name}",
           "--target=openmp:host", f"--threads={args.threads}",
           f"--budget={args.tune_seconds}s", "--no-cache", "-o", cfg]
    t0 = time.time()
    rc, out, err = run_process(cmd, args.tune_seconds * 3 + args.timeout,
                               env=args.env, cwd=ROOT)
    if rc != 0 or not os.path.exists(cfg):
        why = "timeout" if rc == "timeout" else crash_reason(rc, err)
        return {"status": "error", "why": f"mdh-tune: {why}"}
    res = run_mdh(args, k, inputs, os.path.join(work, "out"), config=cfg)
    res["tune_s"] = time.time() - t0
    return res


class Server:
    """A persistent `worker.py --serve PEER` process (--quick): imports the
    peer once for every kernel. Its stderr goes to a log file."""

    def __init__(self, py, peer, env, log):
        self.log = log
        self.err = open(log, "a")
        self.p = subprocess.Popen(
            [py, os.path.join(PEERS_DIR, "worker.py"), "--serve", peer],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err,
            text=True, env=env, start_new_session=True)

    def request(self, line, timeout):
        """The worker's answer line, 'timeout', or None if it died."""
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except BrokenPipeError:
            return None
        ready, _, _ = select.select([self.p.stdout], [], [], timeout)
        if not ready:
            return "timeout"
        answer = self.p.stdout.readline()
        return answer.strip() if answer else None

    def stop(self, kill=False):
        if kill:
            os.killpg(self.p.pid, signal.SIGKILL)
        else:
            self.p.stdin.close()
        rc = self.p.wait()
        self.err.close()
        return rc

    def stderr_tail(self):
        with open(self.log) as f:
            return f.read()[-4000:]


def worker_call(args, peer, line, timeout):
    """(rc, stdout, stderr) of one worker request: a fresh process, or the
    peer's persistent server with --quick (restarted after a failure)."""
    py = args.peer_python[peer]
    if not args.persistent:
        cmd = [py, os.path.join(PEERS_DIR, "worker.py")] + (
            ["--probe", peer] if line == "--probe" else [peer, line])
        return run_process(cmd, timeout, env=args.env)
    srv = args.servers.get(peer)
    if srv is None:
        srv = args.servers[peer] = Server(
            py, peer, args.env, os.path.join(args.work, f"{peer}.log"))
    answer = srv.request(line, timeout)
    if answer not in (None, "timeout"):
        return 0, answer, ""
    del args.servers[peer]
    rc = srv.stop(kill=True) if answer == "timeout" else srv.stop()
    return ("timeout" if answer == "timeout" else rc), "", srv.stderr_tail()


def stop_servers(args):
    for srv in args.servers.values():
        srv.stop()
    args.servers.clear()


def run_peer(args, peer, spec, work):
    """Runs worker.py for one peer; a result dict with status ok / na /
    error / timeout, times and outputs."""
    os.makedirs(work, exist_ok=True)
    spec = dict(spec, out_dir=work)
    if peer in ("polly", "clang"):
        spec["c_library"] = args.c_libs[peer]
    spec_file = os.path.join(work, "spec.json")
    with open(spec_file, "w") as f:
        json.dump(spec, f)
    timeout = args.timeout + (args.tvm_tune_seconds * 3
                              if peer == "tvm_ms" else 0)
    t0 = time.time()
    rc, out, err = worker_call(args, peer, spec_file, timeout)
    res = {"wall_s": time.time() - t0}
    if rc == "timeout":
        res["status"], res["why"] = "timeout", f"timeout (> {timeout:.0f} s)"
        return res
    try:
        with open(os.path.join(work, "result.json")) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        res["status"], res["why"] = "error", crash_reason(rc, err)
        return res
    res["notes"] = "; ".join(doc.get("notes", []))
    if "na" in doc:
        res["status"], res["why"] = "na", doc["na"]
        return res
    if "error" in doc:
        res["status"], res["why"] = "error", doc["error"]
        res["harness"] = doc.get("blame") == "harness"
        return res
    res["median"], res["min"], res["max"] = stats(doc["times_ms"])
    res["runs"], res["build_s"] = len(doc["times_ms"]), doc.get("build_s")
    res["outputs"] = [np.load(os.path.join(work, f"out{i}.npy"))
                      for i in range(len(spec["outputs"]))]
    res["status"] = "ok"
    return res


# ---------------------------------------------------------------------------
# Setting up the peers
# ---------------------------------------------------------------------------


def find_pythons(args):
    """The interpreter of each peer."""
    peers_py = os.path.join(args.build, "peers-venv", "bin", "python")
    torch_py = os.path.join(args.build, "torch-venv", "bin", "python")
    have_peers = os.access(peers_py, os.X_OK)
    base = peers_py if have_peers else "/usr/bin/python3"
    return {"numpy": base, "torch": torch_py, "tvm": peers_py,
            "tvm_ms": peers_py, "iree": peers_py, "halide": peers_py,
            "mlir": base, "polly": base, "clang": base}


def build_c_libs(args, work):
    """loops.c as two shared libraries (plain, Polly); {peer: path} and
    {peer: why} for those that failed."""
    libs, failed = {}, {}
    src = os.path.join(PEERS_DIR, "loops_lib.c")
    flags = {"clang": [], "polly": ["-mllvm", "-polly"]}
    args.c_cmds = {}
    for peer, extra in flags.items():
        so = os.path.join(work, f"libloops_{peer}.so")
        cmd = [CLANG, "-O3", "-march=native", "-fopenmp"] + extra + [
            "-shared", "-fPIC", src, "-o", so, "-lm"]
        args.c_cmds[peer] = " ".join(os.path.relpath(c, ROOT) if
                                     c.startswith(ROOT) else
                                     ("$WORK/" + os.path.basename(c)
                                      if c.startswith(work) else c)
                                     for c in cmd)
        try:
            rc, _, err = run_process(cmd, 300)
        except OSError as e:
            failed[peer] = f"{CLANG}: {e.strerror}"
            continue
        if rc != 0:
            failed[peer] = f"build failed: {last_line(err)}"
        else:
            libs[peer] = so
    return libs, failed


def probe_peers(args, peers):
    """{peer: version} of those that import, {peer: why} of the others."""
    ok, missing = {}, {}
    for peer in peers:
        py = args.peer_python[peer]
        if peer in ("polly", "clang") and peer in args.c_failed:
            missing[peer] = args.c_failed[peer]
            continue
        if peer == "mlir" and not os.access("/usr/lib/llvm-22/bin/mlir-opt",
                                            os.X_OK):
            missing[peer] = "mlir-opt-22 not installed"
            continue
        if not os.access(py, os.X_OK):
            missing[peer] = (f"not installed ({os.path.relpath(py, ROOT)} "
                             "missing; scripts/setup-peers.sh)")
            continue
        rc, out, err = worker_call(args, peer, "--probe", 120)
        try:
            doc = json.loads(out)
        except ValueError:
            doc = {"error": last_line(err) or f"exit {rc}"}
        if "version" in doc:
            ok[peer] = doc["version"]
        else:
            missing[peer] = "not installed: " + str(doc.get("error"))[:160]
            if args.persistent and peer in args.servers:
                args.servers.pop(peer).stop(kill=True)
    return ok, missing
