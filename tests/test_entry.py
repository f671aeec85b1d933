"""Hooks take the stdlib-only path: started without `site`, importing none of the CLI libraries
and none of the standard modules that would cost a hook more than its work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

import graphmem
from graphmem import config, hosts, paths
from graphmem.paths import hook_argv
from tests.support.hookcheck import assert_failed_quietly, run_process
from tests.support.transcripts import assistant, text, user, write

HEAVY = {"typer", "rich", "pydantic", "httpx", "questionary", "click", "mcp", "anyio"}
# Standard modules a hook does without, each worth 2-26 ms per event (docs/benchmarks.md).
# The spool's modules: hooks on the embedded store have no use for them.
SPOOL = {
    "graphmem.sync",
    "graphmem.store.outbox",
    "graphmem.store.breaker",
    "graphmem.store.remote_cache",
}
SLOW = {"site", "dataclasses", "inspect", "typing", "hashlib", "uuid", "tomllib", "pathlib"}


def hook_modules(event: str, payload: Mapping[str, object], cwd: Path) -> set[str]:
    """Every module the installed hook command imports, read from `-X importtime`."""
    python, *rest = hook_argv()
    result = subprocess.run(
        [python, "-X", "importtime", *rest, event],
        input=json.dumps(payload).encode(),
        capture_output=True,
        cwd=cwd,
        timeout=60,
    )
    lines = result.stderr.decode().splitlines()
    timings = [line for line in lines if line.startswith("import time:")]
    assert result.returncode == 0 and lines == timings  # nothing else on stderr: no failure
    return {line.rsplit("|", 1)[1].strip() for line in timings}


@pytest.mark.parametrize(
    "event", ["SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "PreCompact"]
)
def test_hooks_import_only_what_they_need(project: Path, event: str) -> None:
    transcript = project / "t.jsonl"
    write(transcript, user("Use tenacity for retries"), assistant(text("Done. " * 40)))
    payload = {
        "session_id": "s1",
        "cwd": str(project),
        "hook_event_name": event,
        "source": "startup",
        "prompt": "remember: always use tenacity",
        "transcript_path": str(transcript),
    }
    # The config `graphmem setup` leaves: settled, and parsed once already.
    settings = Path(paths.user_config_file())
    settings.parent.mkdir(parents=True)
    settings.write_text('backend = "sqlite"\nreprompt = "substantive"\ninjection_interval = 10\n')
    os.utime(settings, (1e9, 1e9))
    config.load(project)
    modules = hook_modules(event, payload, project)
    assert "graphmem.hooks.dispatch" in modules  # the probe saw the real work
    assert {m.split(".")[0] for m in modules} & HEAVY == set()
    assert modules & SLOW == set()
    assert modules & SPOOL == set()
    # A tool call on the local store has nothing to do: it does not even load the store's code.
    assert ("sqlite3" in modules) is (event != "PostToolUse")


@pytest.mark.parametrize("host", ["claude-code", "opencode", "pi"])
def test_an_event_loads_its_own_host_and_no_installer(project: Path, host: str) -> None:
    transcript = project / "t.jsonl"
    write(transcript, user("Use tenacity for retries"), assistant(text("Done. " * 40)))
    messages = {
        "opencode": [{"info": {"role": "user"}, "parts": [{"type": "text", "text": "hi"}]}],
        "pi": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}],
    }
    payload = {"session_id": "s1", "cwd": str(project), "transcript_path": str(transcript)}
    if host != "claude-code":
        payload |= {"host": host, "messages": messages[host]}
    modules = hook_modules("Stop", payload, project)
    assert "graphmem.hooks.handlers" in modules  # the event was decoded and handled
    loaded = {m for m in modules if m.startswith("graphmem.hosts.")}
    own = hosts.PACKAGES[host]
    assert f"graphmem.hosts.{own}.events" in loaded
    others = set(hosts.PACKAGES.values()) - {own}
    assert not {m for m in loaded if m.split(".")[2] in others}
    assert not {m for m in loaded if m.endswith((".install", ".host", ".shim_files"))}


def test_a_stop_with_nothing_new_loads_no_redaction(project: Path) -> None:
    """Redaction (its module and its compiled patterns) is for what gets stored: a Stop whose
    transcript has nothing new since the last capture stores nothing and does without it."""
    transcript = project / "t.jsonl"
    write(transcript, user("Use tenacity for retries"), assistant(text("Done. " * 40)))
    payload = {"session_id": "s1", "cwd": str(project), "transcript_path": str(transcript)}
    assert "graphmem.redact" in hook_modules("Stop", payload, project)  # captures the turn
    assert "graphmem.redact" not in hook_modules("Stop", payload, project)  # nothing new


def test_a_capturing_stop_does_without_re_once_its_patterns_are_kept(project: Path) -> None:
    """Redaction's regexes all go through graphmem.patterns: once an earlier capture kept their
    code, a Stop that redacts and stores a turn compiles none and never imports `re` (with the
    `enum` it brings, ~4 ms of the hook)."""
    turn = "Set API_TOKEN=hJ8kQ2mZ7xW4vB9nR3tY6uP1 and password: Tr0ub4dor&3x in .env, done."
    for session in ("s1", "s2"):  # the same turn: the second needs no pattern the first did not
        transcript = project / f"{session}.jsonl"
        write(transcript, user("Where do the credentials go?"), assistant(text(turn)))
        payload = {"session_id": session, "cwd": str(project), "transcript_path": str(transcript)}
        modules = hook_modules("Stop", payload, project)
        assert "graphmem.redact" in modules
    assert modules & {"re", "enum", "json"} == set()


@pytest.mark.parametrize("event", ["SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"])
def test_a_hook_that_stores_nothing_imports_neither_json_nor_re(project: Path, event: str) -> None:
    """`json` brings `re` and `enum`, ~0.6x of the interpreter's own start (graphmem/fastjson.py):
    recall, a tool call and a Stop with nothing new do without all three."""
    transcript = project / "t.jsonl"
    write(transcript, user("Where should the parser cache go?"), assistant(text("In .cache/")))
    payload = {"session_id": "s0", "cwd": str(project), "transcript_path": str(transcript)}
    hook_modules("Stop", payload, project)  # keeps the turn: memory to recall
    payload |= {"hook_event_name": event, "source": "startup"}
    payload |= {"prompt": "Where does the parser cache live?"}  # no word a correction starts with
    if event != "Stop":
        payload["session_id"] = "s1"  # a new session's first prompt: recall
    modules = hook_modules(event, payload, project)
    assert "graphmem.hooks.dispatch" in modules
    if event in ("SessionStart", "UserPromptSubmit"):
        assert "graphmem.recall" in modules
    assert modules & {"json", "re", "enum"} == set()


def test_hook_with_garbage_stdin_fails_quietly(project: Path) -> None:
    outcome = run_process(
        [sys.executable, "-m", "graphmem", "hook", "SessionStart"], b"\xff{", project
    )
    assert_failed_quietly(outcome)


def test_console_script_runs_the_cli() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "graphmem", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert "ingest" in result.stdout


def test_hook_help_explains_the_hook_and_what_setup_installs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "graphmem", "hook", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert "JSON on stdin" in result.stdout and "hooks/launch.py" in result.stdout


def test_installed_packages_cannot_shadow_the_standard_library(
    tmp_path: Path, project: Path
) -> None:
    """A hook finds graphmem after the standard library, as `site` would have put it."""
    site = tmp_path / "site-packages"
    site.mkdir()
    (site / "graphmem").symlink_to(Path(graphmem.__file__).parent)
    (site / "json.py").write_text("raise ImportError('a stray json.py was imported')\n")
    payload = json.dumps({"session_id": "s1", "cwd": str(project), "source": "startup"})
    python, flag, _ = hook_argv()
    result = subprocess.run(
        [python, flag, str(site / "graphmem" / "hooks" / "launch.py"), "SessionStart"],
        input=payload.encode(),
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == b""
    assert "additionalContext" in json.loads(result.stdout)["hookSpecificOutput"]
