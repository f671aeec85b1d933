"""Curation with the real Graphiti stack behind it (graphiti-core on FalkorDB, the LLM stub):
the curated facts reach the graph exactly once, however often curation and the drain run, and
the memory a correction supersedes leaves the graph."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem import sync
from graphmem.service import Memory
from tests.conftest import Cli
from tests.support.graphiti_stack import GraphitiStack, RawMcpClient
from tests.support.polling import eventually
from tests.support.transcripts import assistant, text
from tests.test_curation import CORRECTION, DECISION, VALID, curator
from tests.test_hooks import Session

__all__ = ["curator"]  # a fixture


@pytest.fixture
def server(
    graphiti_stack: GraphitiStack, project: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[GraphitiStack, str]]:
    """A server whose graph is the project's group, so get_episodes reads it back."""
    group = Memory.open(project).project.group_id
    server = graphiti_stack.sibling(
        "--group-id", group, "--database", group, name=f"curate-{uuid.uuid4().hex[:6]}"
    )
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", server.url)
    monkeypatch.setenv("GRAPHMEM_TIMEOUT", "30")
    # Drains run when the test says so (`spool drain`), not in detached processes.
    monkeypatch.setattr(sync, "_spawn_drain", lambda cwd, placeholder: None)
    try:
        yield server, group
    finally:
        server.stop_server()


def test_curated_facts_reach_the_graph_once_and_the_superseded_rule_leaves_it(
    server: tuple[GraphitiStack, str], project: Path, curator: Path, cli: Cli
) -> None:
    stack, group = server
    raw = RawMcpClient(stack.url)

    def contents() -> list[str]:
        found = raw.call("get_episodes", group_ids=[group], max_episodes=50)["episodes"]
        return [e["content"] for e in found]

    old = "Indent Python files with 4 spaces in this project."
    assert cli("add", old).exit_code == 0
    session = Session(project)
    session.turn(DECISION, assistant(text("Done: the orders endpoint now takes a cursor.")))
    session.send("Stop")
    session.send("UserPromptSubmit", prompt=CORRECTION)
    session.turn(CORRECTION, assistant(text("Understood, I reindented everything with tabs.")))
    session.send("Stop")
    assert cli("spool", "drain", "--force").exit_code == 0
    eventually(lambda: old in contents() or None, "the old rule on the graph")

    curator.write_text(json.dumps(VALID))
    assert cli.json("curate")["added"] == 2
    assert cli("spool", "drain", "--force").exit_code == 0
    assert cli.json("curate")["reviewed"] == 0  # nothing waits: nothing is sent again
    assert cli("spool", "drain", "--force").exit_code == 0

    facts = [op["text"] for op in VALID["operations"]]

    def settled() -> list[str] | None:
        now = contents()
        return now if all(f in now for f in facts) and old not in now else None

    shown = eventually(settled, "the curated facts on the graph, the old rule gone")
    assert [shown.count(f) for f in facts] == [1, 1]
