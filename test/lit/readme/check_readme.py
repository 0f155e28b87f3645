#!/usr/bin/env python3
# ===- check_readme.py - Run the commands of a README, check their output -===#
#
#   check_readme.py README.md --src SRC --build BUILD [--list]
#
# Keeps a README true: every command in it runs, in order, in one scratch
# directory whose `build`, `examples`, `docs`, ... are links to the build
# and source trees, so the commands read exactly as a user types them.
#
# - A ```sh block is a script of commands: each must exit with 0.
# - A plain ``` block whose first line starts with "$ " is a transcript:
#   each "$ command" runs, and the lines after it are what it printed. A
#   transcript with "error:" lines expects a failing command whose output
#   holds each error message; otherwise the command must succeed and print
#   every shown line in order, with numbers compared as "some number" (times
#   vary) and "..." matching anything.
# - `<!-- readme-test: skip REASON -->` before a block leaves it out (it
#   needs a GPU, runs for minutes, or is the setup itself); the reason is
#   printed. `<!-- readme-test: requires COMMAND -->` runs the block only
#   where COMMAND succeeds (e.g. `python3 -c "import numpy"`).
# - A command whose program is not installed (nvcc, hipcc) is reported as
#   skipped, not failed.
#
# ===----------------------------------------------------------------------===#

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP_RE = re.compile(r"<!--\s*readme-test:\s*skip\b(.*?)-->")
REQUIRES_RE = re.compile(r"<!--\s*readme-test:\s*requires\s+(.*?)\s*-->")
NUMBER_RE = re.compile(r"\d+(?:\.\d+)?(?:e[-+]?\d+)?")
LINKED = ["build", "examples", "docs", "test", "bench", "include", "scripts",
          "python", "runtime"]


def blocks(text):
    """Yields (line number, info string, lines, skip reason) per fence."""
    lines = text.split("\n")
    i = 0
    skip = None
    while i < len(lines):
        line = lines[i]
        m = SKIP_RE.search(line)
        if m:
            skip = m.group(1).strip() or "marked skip"
        r = REQUIRES_RE.search(line)
        if r:
            m = r
            needed = r.group(1)
            if subprocess.run(["bash", "-c", needed], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode != 0:
                skip = "requires: " + needed
        fence = re.match(r"^(\s*)```(\S*)\s*$", line)
        if fence:
            indent, info = fence.group(1), fence.group(2)
            start = i + 1
            body = []
            i += 1
            while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
                body.append(lines[i][len(indent):] if lines[i].startswith(indent)
                            else lines[i].lstrip())
                i += 1
            yield start, info, body, skip
            skip = None
        elif line.strip() and not m:
            # A skip marker applies to the next block only if nothing but
            # blank lines stand between them.
            skip = None
        i += 1


def join_continuations(lines):
    out = []
    for line in lines:
        if out and out[-1].endswith("\\"):
            out[-1] = out[-1][:-1] + " " + line.strip()
        else:
            out.append(line)
    return out


def program_missing(command):
    words = command.strip().split()
    while words and re.match(r"^\w+=", words[0]):
        words = words[1:]
    if not words:
        return None
    prog = words[0]
    if "/" in prog or prog in ("cd", "cat", "echo", "export", "bash", "sh"):
        return None
    path = os.environ.get("PATH", "") + ":/usr/local/cuda/bin:/opt/rocm/bin"
    return None if shutil.which(prog, path=path) else prog


def normalize(line):
    line = NUMBER_RE.sub("0", line)
    return " ".join(line.split())


def line_matches(expected, actual):
    parts = [re.escape(p) for p in normalize(expected).split("...")]
    return re.fullmatch(".*".join(parts), normalize(actual)) is not None


def run(command, cwd, env):
    start = time.time()
    proc = subprocess.run(["bash", "-c", command], cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=600)
    run.seconds = time.time() - start
    return proc.returncode, proc.stdout


def check_transcript(start, body, cwd, env, report):
    failures = 0
    entries = []  # (command, expected lines)
    for line in join_continuations(body):
        if line.startswith("$ "):
            entries.append((line[2:], []))
        elif entries:
            entries[-1][1].append(line)
    for command, expected in entries:
        missing = program_missing(command)
        if missing:
            report(f"README:{start}: skipped (no {missing}): $ {command}")
            continue
        rc, out = run(command, cwd, env)
        actual = out.split("\n")
        expected = [e for e in expected if e.strip()]
        errors = [e for e in expected if "error:" in e]
        if errors:
            ok = rc != 0 and all(
                any(line_matches("..." + e[e.index("error:"):], a)
                    for a in actual) for e in errors)
            what = "a failing command with these errors"
        else:
            ok = rc == 0
            pos = 0
            for e in expected:
                while pos < len(actual) and not line_matches(e, actual[pos]):
                    pos += 1
                if pos == len(actual):
                    ok = False
                    break
                pos += 1
            what = "exit code 0 and these lines in order"
        if ok:
            report(f"README:{start}: ok ({run.seconds:.1f} s): $ {command}")
        else:
            failures += 1
            report(f"README:{start}: FAIL: $ {command}\n  expected {what}:\n"
                   + "\n".join("    " + e for e in expected)
                   + f"\n  got exit code {rc} and:\n"
                   + "\n".join("    " + a for a in actual[-40:]))
    return failures


def check_script(start, body, cwd, env, report):
    failures = 0
    lines = join_continuations(body)
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        command = line
        # A heredoc runs as one command with its lines.
        heredoc = re.search(r"<<-?\s*'?(\w+)'?", line)
        if heredoc:
            end = heredoc.group(1)
            while i < len(lines) and lines[i].strip() != end:
                command += "\n" + lines[i]
                i += 1
            command += "\n" + end
            i += 1
        missing = program_missing(command)
        if missing:
            report(f"README:{start}: skipped (no {missing}): {command}")
            continue
        rc, out = run(command, cwd, env)
        first = command.split("\n")[0]
        if rc == 0:
            report(f"README:{start}: ok ({run.seconds:.1f} s): {first}")
        else:
            failures += 1
            report(f"README:{start}: FAIL (exit code {rc}): {first}\n"
                   + "\n".join("    " + a for a in out.split("\n")[-40:]))
    return failures


def report(text):
    """Prints a result; failures also go to stderr, which lit shows whole."""
    print(text)
    if ": FAIL" in text:
        print(text, file=sys.stderr)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("readme")
    parser.add_argument("--src", required=True)
    parser.add_argument("--build", required=True)
    args = parser.parse_args()

    text = open(args.readme).read()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="mdh-readme-") as cwd:
        for name in LINKED:
            target = args.build if name == "build" else os.path.join(
                args.src, name)
            if os.path.exists(target):
                os.symlink(os.path.abspath(target), os.path.join(cwd, name))
        env = dict(os.environ)
        env["PATH"] = env.get("PATH", "") + ":/usr/local/cuda/bin"
        for start, info, body, skip in blocks(text):
            is_script = info in ("sh", "bash", "shell")
            is_transcript = (info in ("", "console") and body
                             and body[0].startswith("$ "))
            if not (is_script or is_transcript):
                continue
            if skip:
                print(f"README:{start}: skipped block: {skip}")
                continue
            check = check_script if is_script else check_transcript
            failures += check(start, body, cwd, env, report)
    print(f"check_readme: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
