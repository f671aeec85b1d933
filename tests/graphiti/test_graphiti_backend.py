"""GraphitiBackend and McpClient against the real stack (graphiti-core on FalkorDB, SDK server).

The fake in tests/support/fake_mcp.py covers every failure shape; these tests pin that the
client's assumptions hold for the real server: episodes become facts and entities, clear stays
inside its group, argument errors are recognised, and a restart's lost session is recovered.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest

from graphmem.backends.graphiti import GraphitiBackend
from graphmem.backends.mcp import InvalidArguments, McpClient, Rejected, Unreachable
from tests.support.graphiti_stack import GraphitiStack
from tests.support.polling import eventually, unique_word

MARGIN = 2.0


@pytest.fixture
def client(graphiti_url: str) -> Iterator[McpClient]:
    with McpClient(graphiti_url, timeout=30.0, probe_timeout=3.0) as mcp:
        yield mcp


@pytest.fixture
def backend(client: McpClient) -> GraphitiBackend:
    return GraphitiBackend(client)


def add_and_wait(backend: GraphitiBackend, group: str, word: str) -> str:
    """Add an episode mentioning `word`; return its fact's text once it is searchable."""
    sentence = f"{word} maintains the Parser Module."
    backend.add_episode(name=f"note {word}", body=sentence, group_id=group)

    def fact() -> str | None:
        facts = backend.search_facts(word, [group], limit=20)
        return next((f.fact for f in facts if word in f.fact), None)

    return eventually(fact, f"a fact about {word} in {group}")


def test_an_added_episode_is_listed_then_searchable_as_facts_and_entities(
    graphiti_stack: GraphitiStack, backend: GraphitiBackend
) -> None:
    group, word = graphiti_stack.group_id, unique_word()
    backend.add_episode(
        name=f"note {word}",
        body=f"{word} maintains the Parser Module.",
        group_id=group,
        source_description="test",
    )

    episode = eventually(
        lambda: next(
            (e for e in backend.get_episodes([group], 50) if e.name == f"note {word}"), None
        ),
        "the episode in get_episodes",
    )
    fact = eventually(
        lambda: next((f for f in backend.search_facts(word, [group], 20) if word in f.fact), None),
        "a fact in search_memory_facts",
    )
    entity = eventually(
        lambda: next((n for n in backend.search_nodes(word, [group], 20) if word in n.name), None),
        "an entity in search_nodes",
    )

    assert episode.content == f"{word} maintains the Parser Module."
    assert (episode.group_id, episode.source, episode.source_description) == (group, "text", "test")
    assert episode.created_at is not None and episode.created_at.tzinfo is not None
    assert fact.group_id == group and fact.uuid and fact.created_at is not None
    assert fact.invalid_at is None
    assert entity.group_id == group and entity.uuid


def test_clear_removes_the_named_group_and_nothing_else(
    graphiti_stack: GraphitiStack, backend: GraphitiBackend
) -> None:
    # On FalkorDB clear_graph reaches only the server's default graph (a server quirk), so the
    # group cleared is that one; the other group lives in its own graph and must survive.
    cleared, kept = graphiti_stack.group_id, "gm_kept_" + uuid.uuid4().hex[:8]
    gone_word, kept_word = unique_word(), unique_word()
    add_and_wait(backend, cleared, gone_word)
    add_and_wait(backend, kept, kept_word)

    backend.clear([cleared])

    assert not [f for f in backend.search_facts(gone_word, [cleared], 20) if gone_word in f.fact]
    assert not [e for e in backend.get_episodes([cleared], 50) if gone_word in e.content]
    assert [f for f in backend.search_facts(kept_word, [kept], 20) if kept_word in f.fact]


def test_status_of_the_real_server_is_ok(backend: GraphitiBackend) -> None:
    info = backend.status()

    assert info.status == "ok"
    assert {"add_memory", "search_nodes", "search_memory_facts", "clear_graph"} <= set(info.tools)


def test_argument_errors_and_unknown_tools_are_recognised(client: McpClient) -> None:
    with pytest.raises(InvalidArguments):
        client.call_tool("add_memory", {"name": "no body"})
    with pytest.raises(Rejected) as unknown:
        client.call_tool("no_such_tool", {})

    assert not isinstance(unknown.value, InvalidArguments)


def test_a_restarted_server_gets_a_new_session_transparently(
    graphiti_stack: GraphitiStack, client: McpClient
) -> None:
    client.call_tool("get_status", {})
    graphiti_stack.stop_server()
    try:
        with pytest.raises(Unreachable) as down:
            client.call_tool("get_status", {}, timeout=3.0)
        assert down.value.reason == "refused"
    finally:
        graphiti_stack.start_server()

    assert client.call_tool("get_status", {})["status"] == "ok"


def test_a_frozen_server_costs_the_probe_budget_only(
    graphiti_stack: GraphitiStack, graphiti_url: str
) -> None:
    with McpClient(graphiti_url, probe_timeout=1.0) as client:
        client.probe()
        graphiti_stack.pause_server()
        try:
            start = time.monotonic()
            with pytest.raises(Unreachable) as caught:
                client.probe()
            elapsed = time.monotonic() - start
        finally:
            graphiti_stack.resume_server()

    assert caught.value.reason == "timeout"
    assert elapsed < 1.0 + MARGIN
