"""`graphmem hook` fed as graphmem's opencode plugin feeds it: parts, session messages, JSON back.

Messages are shaped like `client.session.messages()` entries (see the probe payloads in
tests/data/payloads/opencode); assertions are on the JSON the plugin applies and on what
is stored.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graphmem.hooks.dispatch import handle
from graphmem.recall import OPEN_TAG
from tests.conftest import Cli

REPROMPT = "graphmem: this turn"


class ShimSession:
    """One session of a host whose shim speaks graphmem's JSON protocol (opencode, pi)."""

    def __init__(self, project: Path, host: str, session_id: str = "ses_1") -> None:
        self.project, self.host, self.id = project, host, session_id

    def send(self, event: str, **fields: Any) -> dict[str, Any]:
        payload = {"host": self.host, "session_id": self.id, "cwd": str(self.project), **fields}
        out = handle(event, json.dumps(payload).encode())
        answer = json.loads(out) if out else {}
        assert isinstance(answer, dict)
        return answer


def stored(cli: Cli, kind: str | None = None) -> list[dict[str, Any]]:
    lines = cli("dump", "--format", "jsonl").stdout.splitlines()[1:]
    episodes = [json.loads(line) for line in lines]
    return [e for e in episodes if kind is None or e["kind"] == kind]


def user(text: str, *, synthetic: bool = False, message_id: str = "msg_u") -> dict[str, Any]:
    part = {"type": "text", "text": text, **({"synthetic": True} if synthetic else {})}
    return {"info": {"id": message_id, "role": "user"}, "parts": [part]}


def assistant(*parts: dict[str, Any], summary: bool = False) -> dict[str, Any]:
    info = {"id": "msg_a", "role": "assistant", **({"summary": True} if summary else {})}
    return {"info": info, "parts": list(parts)}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def edit(path: str) -> dict[str, Any]:
    state = {"status": "completed", "input": {"filePath": path}, "output": ""}
    return {"type": "tool", "tool": "edit", "callID": "c1", "state": state}


def edit_turn(prompt: str = "Add retry to the webhook sender") -> list[dict[str, Any]]:
    return [user(prompt), assistant(edit("src/webhooks.ts"), text("Added the retry."))]


@pytest.fixture
def session(project: Path) -> ShimSession:
    return ShimSession(project, "opencode")


def test_prompt_text_from_parts_gets_recall_and_injected_parts_do_not_count(
    session: ShimSession, cli: Cli
) -> None:
    cli.json("add", "Webhooks are retried three times with backoff.")
    start = session.send("SessionStart", source="startup")
    assert OPEN_TAG in start["context"] and "retried three times" in start["context"]
    # A message holding only text graphmem (or opencode) injected is no prompt at all.
    injected = [{"type": "text", "text": "graphmem: record facts", "synthetic": True}]
    assert session.send("UserPromptSubmit", parts=injected) == {}
    parts = [{"type": "text", "text": "Actually, always use pnpm, not npm."}]
    session.send("UserPromptSubmit", parts=parts)
    corrections = stored(cli, "correction")
    assert [e["body"] for e in corrections] == ["Actually, always use pnpm, not npm."]


def test_stop_captures_the_turn_and_reprompts_once(session: ShimSession, cli: Cli) -> None:
    answer = session.send("Stop", messages=edit_turn())
    assert answer["block"].startswith(REPROMPT) and "src/webhooks.ts" in answer["block"]
    (turn,) = stored(cli, "turn")
    assert turn["origin"] == "hook:opencode" and turn["session_id"] == "ses_1"
    assert "User: Add retry to the webhook sender" in turn["body"]
    assert "edited src/webhooks.ts" in turn["body"]
    # The idle that ends the re-prompt: its continuation is stored, and it never blocks again.
    follow = [user("graphmem: record", synthetic=True), assistant(text("Nothing to keep."))]
    assert session.send("Stop", messages=follow, stop_hook_active=True) == {}
    bodies = [e["body"] for e in stored(cli, "turn")]
    assert bodies[1] == "Assistant: Nothing to keep."


def test_a_small_turn_is_stored_at_once(session: ShimSession, cli: Cli) -> None:
    # Nothing re-sends a turn the plugin handed over, so it is not held back for more.
    session.send("Stop", messages=[user("hi"), assistant(text("ok"))])
    assert [e["body"] for e in stored(cli, "turn")] == ["User: hi\nAssistant: ok"]


def test_the_idle_after_a_compaction_is_not_a_turn(session: ShimSession, cli: Cli) -> None:
    compaction = {"info": {"id": "msg_c", "role": "user"}, "parts": [{"type": "compaction"}]}
    messages = [compaction, assistant(text("Summary: retries were added."), summary=True)]
    assert session.send("Stop", messages=messages) == {}
    assert stored(cli, "turn") == []


def test_compaction_gets_facts_and_the_summary_is_saved(session: ShimSession, cli: Cli) -> None:
    cli.json("add", "The staging database is PostgreSQL 16 on port 6432.")
    answer = session.send("PreCompact", messages=[])
    assert "PostgreSQL 16 on port 6432" in answer["compaction"]
    messages = [
        *edit_turn(),
        {"info": {"id": "msg_c", "role": "user"}, "parts": [{"type": "compaction"}]},
        assistant(text("Summary: webhook retries were added."), summary=True),
    ]
    session.send("PostCompact", messages=messages)
    assert [e["body"] for e in stored(cli, "summary")] == ["Summary: webhook retries were added."]
    after = session.send("SessionStart", source="compact")
    assert "PostgreSQL 16" in after["context"]  # shown again: the summary replaced the context


def test_unknown_host_is_ignored(project: Path, cli: Cli) -> None:
    payload = {"host": "other", "session_id": "s", "cwd": str(project), "messages": edit_turn()}
    assert handle("Stop", json.dumps(payload).encode()) == ""
    assert stored(cli) == []
