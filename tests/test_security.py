"""Hostile input, isolation between projects, private files, and tokens that are never shown."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem.hooks import runner
from tests.conftest import Cli

EVENTS = [
    "SessionStart",
    "UserPromptSubmit",
    "PostToolUse",
    "Stop",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "SessionEnd",
    "Nonsense",
    "",
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=20), children, max_size=5)
    ),
    max_leaves=30,
)
payload_fields = st.fixed_dictionaries(
    {},
    optional={
        "session_id": st.text(max_size=80) | json_values,
        "cwd": st.sampled_from([".", "/", "/nonexistent", ""]) | json_values,
        "transcript_path": st.sampled_from(["/dev/zero", "/", "/nonexistent", "/dev/null"])
        | json_values,
        "prompt": st.text() | json_values,
        "source": st.sampled_from(["startup", "compact", "clear"]) | json_values,
        "stop_hook_active": json_values,
        "compact_summary": st.text() | json_values,
        "agent_type": json_values,
        "host": st.sampled_from(["opencode", "pi", "claude-code"]) | json_values,
        "messages": json_values,
    },
)


def run_in_process(event: str, stdin: bytes) -> tuple[int, str]:
    """runner.run exactly as `graphmem hook` calls it, with stdin/stdout swapped."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = runner.run([event])
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue()


def valid_answer(stdout: str) -> bool:
    """Empty, the compaction text, Claude Code's JSON shapes, or the shims' ({context, block,
    compaction})."""
    if not stdout or not stdout.lstrip().startswith("{"):
        return True
    data = json.loads(stdout)
    claude = data.get("decision") == "block" or "hookSpecificOutput" in data
    return claude or (bool(data) and set(data) <= {"context", "block", "compaction"})


@given(event=st.sampled_from(EVENTS), fields=payload_fields)
@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_hook_survives_any_json_payload(project: Path, event: str, fields: dict[str, Any]) -> None:
    code, stdout = run_in_process(event, json.dumps(fields).encode())
    assert code == 0
    assert valid_answer(stdout)


@given(event=st.sampled_from(EVENTS), raw=st.binary(max_size=2000))
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_hook_survives_any_bytes(project: Path, event: str, raw: bytes) -> None:
    code, stdout = run_in_process(event, raw)
    assert code == 0 and valid_answer(stdout)


@pytest.mark.parametrize(
    "stdin",
    [
        b"[" * 200_000 + b"]" * 200_000,  # nesting deeper than the JSON parser allows
        b'{"session_id": "s", "prompt": "' + b"x" * 5_000_000 + b'"}',
        b'{"session_id": "s\x00", "prompt": "nul\\u0000inside"}',
        b'{"session_id": "s", "prompt": "\xed\xa0\x80 lone surrogate bytes"}',
    ],
)
def test_hostile_payloads_end_cleanly(project: Path, stdin: bytes) -> None:
    for event in ("SessionStart", "UserPromptSubmit", "Stop"):
        code, stdout = run_in_process(event, stdin)
        assert code == 0 and valid_answer(stdout)


def hook_process(
    event: str, stdin: bytes, cwd: Path
) -> tuple[subprocess.CompletedProcess[bytes], float]:
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "graphmem", "hook", event],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        timeout=60,
    )
    return done, time.monotonic() - start


def test_thirty_megabytes_on_stdin(project: Path) -> None:
    done, elapsed = hook_process(
        "Stop", b'{"session_id": "s", "x": "' + b"a" * 30_000_000 + b'"}', project
    )
    assert done.returncode == 0 and done.stdout == b""
    assert elapsed < 30


def test_transcript_paths_that_are_not_files(project: Path, tmp_path: Path, cli: Cli) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(loop)
    for path in ("/dev/zero", str(fifo), str(tmp_path), str(loop), "/proc/self/mem"):
        payload = json.dumps({"session_id": "s", "cwd": str(project), "transcript_path": path})
        for event in ("Stop", "PreCompact", "SessionEnd"):
            done, elapsed = hook_process(event, payload.encode(), project)
            assert done.returncode == 0 and done.stdout == b"", (path, event)
            assert elapsed < 20, (path, event)
    assert cli("dump", "--format", "jsonl").stdout.count("\n") == 1  # header only


@given(text=st.text(max_size=3000))
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_load_never_crashes_or_writes_elsewhere(project: Path, cli: Cli, text: str) -> None:
    before = sorted(p.name for p in project.iterdir())
    for candidate in (text, "<!-- graphmem dump v1 -->\n" + text, '{"graphmem_dump": 1}\n' + text):
        result = cli("load", "-", input=candidate)
        assert result.exit_code in (0, 6), result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
    assert sorted(p.name for p in project.iterdir()) == before


def test_load_cannot_target_a_path_through_group_ids(
    project: Path, cli: Cli, tmp_path: Path
) -> None:
    line = {
        "uuid": "u1",
        "group_id": "../../../etc/passwd",
        "name": "n",
        "body": "b",
        "source": "text",
        "source_description": "",
        "kind": "memory",
        "origin": "x",
        "session_id": None,
        "created_at": "2026-01-01T00:00:00Z",
    }
    text = json.dumps({"graphmem_dump": 1}) + "\n" + json.dumps(line) + "\n"
    assert cli.json("load", "-", input=text)["groups"] == {"etc_passwd": 1}


# -- isolation ---------------------------------------------------------------------------------


def test_same_folder_names_never_share_memory(
    tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = tmp_path / "a" / "api", tmp_path / "b" / "api"
    one.mkdir(parents=True)
    two.mkdir(parents=True)
    monkeypatch.chdir(one)
    cli.json("add", "Project one deploys with Helm charts.")
    monkeypatch.chdir(two)
    cli.json("add", "Project two deploys with Ansible.")
    assert [h["name"] for h in cli.json("search", "deploys")] == [
        "Project two deploys with Ansible."
    ]
    assert "Helm" not in cli("dump").stdout
    cli.json("clear", "--yes")
    monkeypatch.chdir(one)
    assert [h["name"] for h in cli.json("search", "deploys")] == [
        "Project one deploys with Helm charts."
    ]


# -- files and tokens --------------------------------------------------------------------------


def private(path: Path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) & 0o077 == 0


def test_store_logs_and_dumps_are_private(
    project: Path, cli: Cli, graphmem_home: Path, tmp_path: Path
) -> None:
    cli.json("add", "something")
    (project / ".graphmem.toml").write_text("backend = 1\n")  # makes the next hook log an error
    hook_process("SessionStart", b'{"session_id": "s"}', project)
    (project / ".graphmem.toml").unlink()
    cli("dump", str(tmp_path / "d.md"))
    for path in [graphmem_home / "data", graphmem_home / "logs"]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o700
        assert all(private(p) for p in path.iterdir())
    assert (graphmem_home / "logs" / "hooks.log").exists()
    assert private(tmp_path / "d.md")


def test_token_is_never_printed_or_logged(
    project: Path, cli: Cli, graphmem_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = "tok_9f8e7d6c5b4a39281706"
    monkeypatch.setenv("GRAPHMEM_TOKEN", token)
    status = cli("status", "--json")
    assert token not in status.stdout + status.stderr
    assert json.loads(status.stdout)["token"] == "set"
    (project / ".graphmem.toml").write_text(f'token = "{token}"\nbackend = "nope"\n')
    hook_process("SessionStart", b'{"session_id": "s"}', project)
    logs = "".join(p.read_text() for p in (graphmem_home / "logs").iterdir())
    assert "nope" in logs and token not in logs
