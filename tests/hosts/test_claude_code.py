"""graphmem inside the real Claude Code CLI, offline against the scripted model stub.

Hooks are installed by `graphmem setup claude-code --project`, exactly as a user would; every
assertion is on what the model was sent (the stub's recorded requests) or what graphmem stored.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.hosts import run_claude
from tests.support.model_stubs import (
    ModelStub,
    Reply,
    Request,
    ToolCall,
    default_policy,
    is_summary_request,
)

REPROMPT = "graphmem: this turn"
ADD_COMMAND = re.compile(r"`(\S+) add \"<one fact>\"`")


def graphmem(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "graphmem", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )


def stored(cwd: Path) -> list[dict[str, Any]]:
    out = graphmem("dump", "--format", "jsonl", cwd=cwd).stdout.splitlines()[1:]
    return [json.loads(line) for line in out]


@pytest.fixture
def wired(project: Path) -> Path:
    graphmem("setup", "claude-code", "--project", cwd=project)
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    assert "Stop" in settings["hooks"]
    return project


def keeps_memory_when_asked(fact: str) -> Any:
    """The default model, plus: asked by graphmem's stop re-prompt, it runs `graphmem add`."""

    def policy(request: Request) -> Reply:
        if REPROMPT in request.user_text and not request.after_tool_result:
            match = ADD_COMMAND.search(request.user_text)
            assert match, "the re-prompt names the graphmem command to run"
            command = f'{match.group(1)} add "{fact}"'
            return Reply(
                tool_call=ToolCall("Bash", {"command": command, "description": "keep a memory"})
            )
        return default_policy(request)

    return policy


def test_an_edit_session_is_captured_and_shown_to_the_next_session(
    claude_bin: Path, stub: ModelStub, wired: Path, home: Path
) -> None:
    stub.policy = keeps_memory_when_asked("Deploy keys rotate on the first Monday of the month.")
    first = run_claude(
        "write it down [[write: DEPLOY.md Deploy keys rotate monthly]]", wired, home, stub.url
    ).check()
    assert (wired / "DEPLOY.md").read_text().strip() == "Deploy keys rotate monthly"

    # the stop re-prompt happened exactly once, and ended after `graphmem add`
    reprompted = [r for r in stub.requests if REPROMPT in r.user_text]
    assert len(reprompted) == 1
    assert "DEPLOY.md" in reprompted[0].user_text
    episodes = stored(wired)
    kept = [e for e in episodes if e["kind"] == "memory"]
    assert [e["body"] for e in kept] == ["Deploy keys rotate on the first Monday of the month."]
    turns = [e for e in episodes if e["kind"] == "turn"]
    assert turns and any("DEPLOY.md" in e["body"] for e in turns)
    assert all(e["session_id"] == first.session_id for e in turns)

    before = len(stub.requests)
    run_claude("what do you remember?", wired, home, stub.url).check()
    shown = stub.requests[before].seen_text
    assert "<graphmem-memory>" in shown
    assert "first Monday of the month" in shown
    assert "DEPLOY.md" in shown
    stub.assert_clean()


def test_no_reprompt_for_a_plain_question(
    claude_bin: Path, stub: ModelStub, wired: Path, home: Path
) -> None:
    run_claude("what is the capital of France?", wired, home, stub.url).check()
    assert not [r for r in stub.requests if REPROMPT in r.user_text]
    stub.assert_clean()


def test_compact_keeps_the_facts(
    claude_bin: Path, stub: ModelStub, wired: Path, home: Path
) -> None:
    graphmem("add", "The staging database is PostgreSQL 16 on port 6432.", cwd=wired)
    first = run_claude("hello there", wired, home, stub.url).check()
    before = len(stub.requests)
    run_claude("/compact", wired, home, stub.url, resume=first.session_id).check()
    (summarizer,) = [r for r in stub.requests[before:] if is_summary_request(r)]
    # SessionStart's recall already put the fact in the conversation being summarized: only
    # PreCompact's header, in the summarizer's instructions, shows that PreCompact's text got there.
    instructions = summarizer.seen_text.split("Keep these facts from graphmem's memory", 1)
    assert len(instructions) == 2, "PreCompact's facts reached the summarizer"
    assert "PostgreSQL 16 on port 6432" in instructions[1]
    kinds = [e["kind"] for e in stored(wired)]
    assert "summary" in kinds  # PostCompact saved the compaction summary
    stub.assert_clean()


def test_session_end_loses_nothing(
    claude_bin: Path, stub: ModelStub, wired: Path, home: Path
) -> None:
    stub.policy = lambda request: Reply(text="ok")
    run_claude("hi", wired, home, stub.url).check()
    bodies = [e["body"] for e in stored(wired) if e["kind"] == "turn"]
    assert bodies == ["User: hi\nAssistant: ok"]  # too small for Stop; SessionEnd flushed it


def test_first_hour_from_the_readme(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    """`graphmem setup --yes` wires Claude Code for every project; what the user asked to keep
    in the first session is in front of the model in the second."""
    env = {**os.environ, "HOME": str(home), "CLAUDE_CONFIG_DIR": str(home / ".claude")}
    subprocess.run(
        [sys.executable, "-m", "graphmem", "setup", "--yes", "--host", "claude-code"],
        cwd=project,
        env=env,
        check=True,
        capture_output=True,
        timeout=60,
    )
    assert "graphmem" in (home / ".claude" / "settings.json").read_text()

    run_claude(
        "Remember that we deploy with make release, never by hand.", project, home, stub.url
    ).check()
    before = len(stub.requests)
    run_claude("how do we deploy?", project, home, stub.url).check()
    assert "deploy with make release" in stub.requests[before].seen_text
    stub.assert_clean()
