"""`graphmem hook` takes the stdlib-only path: none of the heavy CLI libraries are imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY = ("typer", "rich", "pydantic", "httpx", "questionary", "click")

PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.stderr.write("MODULES=" + json.dumps(sorted(
    m for m in sys.modules if m.split(".")[0] in {heavy}))))
sys.argv = ["graphmem", "hook", "SessionStart"]
from graphmem.__main__ import main
main()
"""


def run_hook(stdin: bytes, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    code = PROBE.format(heavy=set(HEAVY))
    return subprocess.run(
        [sys.executable, "-c", code], input=stdin, capture_output=True, cwd=cwd, timeout=60
    )


def test_hook_imports_no_heavy_library(project: Path) -> None:
    payload = {
        "session_id": "s1",
        "cwd": str(project),
        "hook_event_name": "SessionStart",
        "source": "startup",
        "transcript_path": str(project / "t.jsonl"),
    }
    result = run_hook(json.dumps(payload).encode(), project)
    assert result.returncode == 0
    modules = json.loads(result.stderr.decode().split("MODULES=")[-1])
    assert modules == []


def test_hook_with_garbage_stdin_exits_zero(project: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "graphmem", "hook", "SessionStart"],
        input=b"\xff{not json",
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert result.stdout == b""


def test_console_script_runs_the_cli() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "graphmem", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert "ingest" in result.stdout
