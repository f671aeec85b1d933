"""Hostile input, isolation between projects, private files, and tokens that are never shown."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Cli
from tests.support.hookcheck import (
    Outcome,
    assert_answers,
    assert_failed_quietly,
    assert_handled,
    assert_silent,
    run_in_process,
    run_process,
)


def stored(cli: Cli) -> list[dict[str, Any]]:
    lines = cli("dump", "--format", "jsonl").stdout.splitlines()[1:]
    return [json.loads(line) for line in lines]


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


@given(event=st.sampled_from(EVENTS), fields=payload_fields)
@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_hook_survives_any_json_payload(project: Path, event: str, fields: dict[str, Any]) -> None:
    outcome = run_in_process(event, json.dumps(fields).encode())
    assert_answers(event, fields, outcome)


@given(event=st.sampled_from(EVENTS), raw=st.binary(max_size=2000))
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_hook_survives_any_bytes(project: Path, event: str, raw: bytes) -> None:
    assert_handled(event, raw, run_in_process(event, raw))


@pytest.mark.parametrize(
    "stdin",
    [
        b"[" * 200_000 + b"]" * 200_000,  # nesting deeper than the JSON parser allows
        b"\xff{not json",
        b"[1, 2]",
        b"null",
    ],
)
def test_malformed_payloads_fail_quietly(project: Path, stdin: bytes) -> None:
    for event in ("SessionStart", "UserPromptSubmit", "Stop"):
        assert_failed_quietly(run_in_process(event, stdin))


@pytest.mark.parametrize(
    ("stdin", "kept"),
    [
        (
            b'{"session_id": "s", "prompt": "No, use tabs ' + b"x" * 5_000_000 + b'"}',
            "No, use tabs " + "x" * 5_000_000,
        ),
        (
            b'{"session_id": "s\\u0000", "prompt": "No, use nul\\u0000inside"}',
            "No, use nul\x00inside",
        ),
        (
            b'{"session_id": "s", "prompt": "No, never \xed\xa0\x80 bytes"}',
            "No, never \ufffd\ufffd\ufffd bytes",
        ),
    ],
    ids=["five-megabytes", "nul", "lone-surrogate"],
)
def test_hostile_but_well_formed_prompts_are_kept(
    project: Path, cli: Cli, stdin: bytes, kept: str
) -> None:
    """A correction the user typed is kept whatever its size or odd characters, and shown."""
    outcome = run_in_process("UserPromptSubmit", stdin)
    assert_answers("UserPromptSubmit", {}, outcome)
    context = json.loads(outcome.stdout)["hookSpecificOutput"]["additionalContext"]
    assert kept[:20] in context
    assert [(e["kind"], e["body"]) for e in stored(cli)] == [("correction", kept)]


def hook_process(event: str, stdin: bytes, cwd: Path) -> tuple[Outcome, float]:
    start = time.monotonic()
    outcome = run_process([sys.executable, "-m", "graphmem", "hook", event], stdin, cwd)
    return outcome, time.monotonic() - start


def test_thirty_megabytes_on_stdin(project: Path) -> None:
    outcome, elapsed = hook_process(
        "Stop", b'{"session_id": "s", "x": "' + b"a" * 30_000_000 + b'"}', project
    )
    assert_answers("Stop", {}, outcome)
    assert outcome.stdout == ""  # no transcript: nothing to capture, nothing to ask
    assert elapsed < 30


def test_over_the_stdin_limit_fails_quietly(project: Path) -> None:
    outcome, _ = hook_process("Stop", b'{"x": "' + b"a" * (33 * 1024 * 1024) + b'"}', project)
    assert_failed_quietly(outcome)
    assert "over" in outcome.stderr


def test_transcript_paths_that_are_not_files(project: Path, tmp_path: Path, cli: Cli) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(loop)
    for path in ("/dev/zero", str(fifo), str(tmp_path), str(loop), "/proc/self/mem"):
        payload = json.dumps({"session_id": "s", "cwd": str(project), "transcript_path": path})
        for event in ("Stop", "PreCompact", "SessionEnd"):
            outcome, elapsed = hook_process(event, payload.encode(), project)
            assert_silent(outcome)
            assert outcome.stdout == "", (path, event)
            assert elapsed < 20, (path, event)
    assert stored(cli) == []


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
    user_config = graphmem_home / "config" / "config.toml"
    user_config.parent.mkdir(parents=True, exist_ok=True)
    user_config.write_text("backend = 1\n")  # makes the next hook log an error
    hook_process("SessionStart", b'{"session_id": "s"}', project)
    user_config.unlink()
    cli("dump", str(tmp_path / "d.md"))
    for path in [graphmem_home / "data", graphmem_home / "logs"]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o700
        assert all(private(p) for p in path.iterdir())
    assert (graphmem_home / "logs" / "hooks.log").exists()
    assert private(tmp_path / "d.md")


def test_a_dump_written_over_a_readable_file_becomes_private(
    project: Path, cli: Cli, tmp_path: Path
) -> None:
    cli.json("add", "something private")
    old = tmp_path / "notes.md"
    old.write_text("an old file")
    old.chmod(0o644)
    assert cli("dump", str(old)).exit_code == 0
    assert "something private" in old.read_text() and private(old)


def test_token_is_never_printed_or_logged(
    project: Path, cli: Cli, graphmem_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = "tok_9f8e7d6c5b4a39281706"
    monkeypatch.setenv("GRAPHMEM_TOKEN", token)
    status = cli("status", "--json")
    assert token not in status.stdout + status.stderr
    assert json.loads(status.stdout)["token"] == "set"
    (graphmem_home / "config").mkdir(parents=True, exist_ok=True)
    (graphmem_home / "config" / "config.toml").write_text(f'backend = "{token}"\n')
    hook, _ = hook_process("SessionStart", b'{"session_id": "s"}', project)
    logs = "".join(p.read_text() for p in (graphmem_home / "logs").iterdir())
    assert "backend" in logs and token not in logs + hook.stderr
