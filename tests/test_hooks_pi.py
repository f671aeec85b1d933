"""`graphmem hook` fed as graphmem's pi extension feeds it: the prompt, agent_end's messages, the
compaction summary; JSON back."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from graphmem.paths import hook_argv
from graphmem.recall import OPEN_TAG
from tests.conftest import Cli
from tests.test_hooks_opencode import REPROMPT, ShimSession, stored


@pytest.fixture
def session(project: Path) -> ShimSession:
    return ShimSession(project, "pi", "01a22846-c2c6-75f9-8790-4d4a61b0fc1b")


def run(prompt: str, *, path: str = "docs/DEPLOY.md") -> list[dict[str, Any]]:
    """agent_end's messages for one prompt whose answer wrote `path`."""
    return [
        {"role": "user", "content": [{"type": "text", "text": prompt}], "timestamp": 1},
        {
            "role": "custom",
            "customType": "graphmem",
            "content": "<graphmem-memory>…",
            "display": False,
        },
        {
            "role": "assistant",
            "content": [
                {"type": "toolCall", "id": "k1", "name": "write", "arguments": {"path": path}}
            ],
        },
        {
            "role": "toolResult",
            "toolCallId": "k1",
            "toolName": "write",
            "content": [],
            "isError": False,
        },
        {"role": "assistant", "content": [{"type": "text", "text": "Wrote it."}]},
    ]


def test_prompt_gets_recall(session: ShimSession, cli: Cli) -> None:
    cli.json("add", "Deploy keys rotate on the first Monday of the month.")
    start = session.send("SessionStart", source="startup")
    assert OPEN_TAG in start["context"] and "first Monday" in start["context"]
    assert session.send("UserPromptSubmit", prompt="   ") == {}  # no prompt, no event


def test_agent_end_captures_and_reprompts_once(session: ShimSession, cli: Cli) -> None:
    answer = session.send("Stop", messages=run("Document the deploy key rotation"))
    assert answer["block"].startswith(REPROMPT) and "docs/DEPLOY.md" in answer["block"]
    (turn,) = stored(cli, "turn")
    assert turn["origin"] == "hook:pi"
    assert turn["body"].startswith("User: Document the deploy key rotation\nAssistant: Wrote it.")
    # The re-prompt's own run: a custom message, then the answer. Stored, never blocked again.
    follow = [
        {"role": "custom", "customType": "graphmem", "content": answer["block"], "display": False},
        {"role": "assistant", "content": [{"type": "text", "text": "Nothing to keep."}]},
    ]
    assert session.send("Stop", messages=follow, stop_hook_active=True) == {}
    assert [e["body"] for e in stored(cli, "turn")][1] == "Assistant: Nothing to keep."


def test_compaction_summary_is_saved(session: ShimSession, cli: Cli) -> None:
    assert session.send("PreCompact") == {}  # nothing pending, no memory yet: nothing to say
    session.send("PostCompact", summary="## Goal\nRotate deploy keys monthly.")
    assert [e["body"] for e in stored(cli, "summary")] == ["## Goal\nRotate deploy keys monthly."]
    session.send("SessionEnd")
    assert len(stored(cli)) == 1


@pytest.mark.parametrize("flush", ["PreCompact", "SessionEnd"])
def test_a_run_whose_stop_did_not_finish_is_stored_at_the_flush(
    session: ShimSession, cli: Cli, flush: str
) -> None:
    """The shim sends again, at compaction and shutdown, each run whose Stop it gave up on."""
    missed = run("Document the deploy key rotation")
    session.send(flush, messages=missed)
    (turn,) = stored(cli, "turn")
    assert turn["body"].startswith("User: Document the deploy key rotation\nAssistant: Wrote it.")


def test_a_run_stored_before_its_stop_was_cut_short_is_stored_once(
    session: ShimSession, cli: Cli
) -> None:
    """Stop may have stored the run before the shim killed it: sent again, it is not doubled."""
    missed = run("Document the deploy key rotation")
    session.send("Stop", messages=missed)
    session.send("PreCompact", messages=missed)
    session.send("SessionEnd", messages=missed)
    assert len(stored(cli, "turn")) == 1


def test_the_command_may_name_the_host(project: Path, cli: Cli) -> None:
    """A host that runs the hook command itself, with payloads that do not name it, is named in
    the command (`graphmem hook <Event> <host>`); a host graphmem does not know gets no answer."""
    payload = {"session_id": "s1", "cwd": str(project), "messages": run("Document the deploy")}

    def hook(*argv: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [*hook_argv(), *argv], input=json.dumps(payload).encode(), capture_output=True
        )

    unknown = hook("Stop", "no-such-host")
    assert (unknown.returncode, unknown.stdout, unknown.stderr) == (0, b"", b"")
    assert stored(cli, "turn") == []
    named = hook("Stop", "pi")
    assert named.returncode == 0 and json.loads(named.stdout)["block"].startswith(REPROMPT)
    (turn,) = stored(cli, "turn")
    assert turn["origin"] == "hook:pi"
