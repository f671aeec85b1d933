"""Hooks with a real Graphiti server behind them: captures reach the graph through the detached
background drain, the graph's facts come back into recall from the local cache, and a degraded
memory says so in one line. Hooks themselves never touch the network.
"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from graphmem.hooks.dispatch import handle
from graphmem.service import Memory
from graphmem.store import outbox
from tests.conftest import Cli
from tests.support.graphiti_stack import GraphitiStack
from tests.support.polling import eventually
from tests.support.transcripts import assistant, call, result, text, user, write


def hook(project: Path, event: str, session: str, **fields: Any) -> str:
    payload = {"session_id": session, "cwd": str(project), "hook_event_name": event, **fields}
    out = handle(event, json.dumps(payload).encode())
    if not out:
        return ""
    answer = json.loads(out)
    return str(answer.get("hookSpecificOutput", {}).get("additionalContext", "")) or out


def pending(project: Path) -> int:
    memory = Memory.open(project)
    try:
        return outbox.counts(memory.conn).pending
    finally:
        memory.close()


@pytest.fixture
def on_graph(
    graphiti_stack: GraphitiStack, project: Path, monkeypatch: pytest.MonkeyPatch
) -> GraphitiStack:
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", graphiti_stack.url)
    monkeypatch.setenv("GRAPHMEM_PROBE_TIMEOUT", "2")
    return graphiti_stack


def test_captured_turn_reaches_the_graph_and_its_facts_come_back(
    on_graph: GraphitiStack, project: Path, tmp_path: Path, cli: Cli
) -> None:
    word = "Zq" + uuid.uuid4().hex[:8]
    transcript = tmp_path / "t.jsonl"
    write(
        transcript,
        user(f"Make {word} Gateway talk to Ledger Service"),
        assistant(
            text(f"{word} Gateway now calls Ledger Service over gRPC."),
            call("e1", "Edit", file_path="gateway.py"),
        ),
        result("e1", "ok"),
    )
    hook(project, "Stop", "s1", transcript_path=str(transcript), stop_hook_active=True)
    # the Stop hook started a detached drain: the turn leaves the spool without our help
    eventually(lambda: True if pending(project) == 0 else None, "background delivery")

    # a prompt notes its words for the next refresh; later hooks' drains fetch the graph's facts
    def fact_shown() -> str | None:
        session = "s-" + uuid.uuid4().hex[:6]
        block = hook(project, "UserPromptSubmit", session, prompt=f"How does {word} Gateway work?")
        return block if "[fact]" in block and word in block else None

    block = eventually(fact_shown, "a graph fact in recall")
    fact_line = next(ln for ln in block.splitlines() if "[fact]" in ln)
    assert word in fact_line


def test_degraded_memory_says_so_in_one_line(
    graphiti_stack: GraphitiStack, project: Path, monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", "http://127.0.0.1:9/mcp")  # nobody listens
    for i in range(3):
        cli.json("add", f"fact number {i} while the server is away")
    started = time.monotonic()
    block = hook(project, "SessionStart", "s2", source="startup")
    assert time.monotonic() - started < 5
    health = [ln for ln in block.splitlines() if ln.startswith("graphmem: ")]
    assert len(health) == 1  # "... (server unreachable)" once a drain has failed
    assert health[0].startswith("graphmem: 3 memories waiting for the graph server")
    assert "fact number 2" in block  # recall still answers from the local store
