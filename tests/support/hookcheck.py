"""What a hook did, and the rules a host relies on (graphmem/hooks/runner.py, docs/exit-codes.md).

A well-formed event (a JSON object on stdin, whatever its fields hold) is answered as the event
calls for, with nothing on stderr and nothing in the hook log: anything there is a crash the host
was spared. A malformed one (not JSON, not an object, nested too deep, too large) ends with exit
0, nothing on stdout, one line on stderr and one entry in the hook log.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any, NamedTuple

from graphmem import paths
from graphmem.hooks import runner

LOG_ENTRY = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d ", re.MULTILINE)

# The answer key of graphmem's opencode and pi shims for each event that may answer.
SHIM_KEYS = {
    "SessionStart": "context",
    "UserPromptSubmit": "context",
    "Stop": "block",
    "PreCompact": "compaction",
}


class Outcome(NamedTuple):
    code: int
    stdout: str
    stderr: str
    logged: str  # what the run added to the hook log


def _log_size() -> int:
    try:
        return os.path.getsize(paths.hook_log_file())
    except FileNotFoundError:
        return 0


def _logged_since(size: int) -> str:
    try:
        with open(paths.hook_log_file(), "rb") as fh:
            fh.seek(size)
            return fh.read().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return ""


def run_in_process(event: str, stdin: bytes) -> Outcome:
    """runner.run exactly as `graphmem hook` calls it, with stdin, stdout and stderr swapped."""
    out, err = io.StringIO(), io.StringIO()
    before = _log_size()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = runner.run([event])
    finally:
        sys.stdin = old_stdin
    return Outcome(code, out.getvalue(), err.getvalue(), _logged_since(before))


def run_process(
    argv: list[str], stdin: bytes, cwd: Path, env: dict[str, str] | None = None
) -> Outcome:
    """A hook as its own process, as a host runs it."""
    before = _log_size()
    done = subprocess.run(
        argv,
        input=stdin,
        capture_output=True,
        cwd=cwd,
        timeout=60,
        env={**os.environ, **(env or {})},
    )
    return Outcome(
        done.returncode,
        done.stdout.decode("utf-8", errors="replace"),
        done.stderr.decode("utf-8", errors="replace"),
        _logged_since(before),
    )


def well_formed(stdin: bytes) -> dict[str, Any] | None:
    """The event's payload if `stdin` is one (empty stdin is an empty event), else None."""
    if not stdin.strip():
        return {}
    try:
        data = json.loads(stdin.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def assert_silent(outcome: Outcome) -> None:
    assert outcome.code == 0
    assert outcome.stderr == "", outcome.stderr
    assert outcome.logged == "", outcome.logged


def assert_failed_quietly(outcome: Outcome) -> None:
    assert outcome.code == 0
    assert outcome.stdout == ""
    assert len(outcome.stderr.splitlines()) == 1, outcome.stderr
    assert len(LOG_ENTRY.findall(outcome.logged)) == 1, outcome.logged


def assert_answers(event: str, payload: dict[str, Any], outcome: Outcome) -> None:
    """Silent, and the answer has the shape the event calls for in the payload's host's format.

    Every event may have nothing to say, except a SessionStart of a session, which always tells
    the model how to keep memories."""
    assert_silent(outcome)
    stdout = outcome.stdout
    host = payload.get("host") or "claude-code"
    session = payload.get("session_id")
    if event == "SessionStart" and host in ("claude-code", "opencode", "pi"):
        assert bool(stdout) == (isinstance(session, str) and bool(session)), (payload, stdout)
    if not stdout:
        return
    if host == "claude-code":
        if event in ("SessionStart", "UserPromptSubmit"):
            spec = json.loads(stdout)["hookSpecificOutput"]
            assert spec["hookEventName"] == event
            assert isinstance(spec["additionalContext"], str) and spec["additionalContext"]
        elif event == "Stop":
            answer = json.loads(stdout)
            assert answer["decision"] == "block" and answer["reason"], answer
        else:
            assert event == "PreCompact", (event, stdout)
            assert stdout.startswith("Keep these facts"), stdout
    else:
        assert host in ("opencode", "pi"), (host, stdout)
        key = SHIM_KEYS[event]
        answer = json.loads(stdout)
        assert list(answer) == [key] and isinstance(answer[key], str) and answer[key], answer


def assert_handled(event: str, stdin: bytes, outcome: Outcome) -> None:
    """What the rules above call for, whichever kind of input `stdin` is."""
    payload = well_formed(stdin)
    if payload is None:
        assert_failed_quietly(outcome)
    else:
        assert_answers(event, payload, outcome)
