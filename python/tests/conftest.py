"""Shared fixtures: the examples directory on sys.path, mdh-opt's path."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "examples"))


def _mdh_opt():
    explicit = os.environ.get("MDH_OPT")
    if explicit:
        return explicit
    build = Path(os.environ.get("MDH_BUILD_DIR", HERE.parent.parent / "build"))
    candidate = build / "bin" / "mdh-opt"
    if candidate.is_file():
        return str(candidate)
    return shutil.which("mdh-opt")


@pytest.fixture(scope="session")
def mdh_opt():
    """Runs mdh-opt on text; returns the CompletedProcess."""
    tool = _mdh_opt()
    if tool is None:
        pytest.fail("mdh-opt not found: build it (ninja -C build mdh-opt) or set MDH_OPT")

    def run(text, *args):
        return subprocess.run([tool, *args], input=text, capture_output=True, text=True)

    return run
