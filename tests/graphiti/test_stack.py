"""Contract tests of the Graphiti stack: raw MCP over HTTP against graphiti-core on FalkorDB.

They prove the stack is the real thing (episodes really become entities and facts in FalkorDB)
and pin the behaviour of the official server that graphmem's client relies on.
"""

from __future__ import annotations

import functools
import uuid
from typing import Any

import httpx
import pytest

from tests.support.graphiti_stack import GraphitiStack, McpError, RawMcpClient
from tests.support.polling import eventually, unique_word

CORE_TOOLS = {
    "add_memory",
    "search_nodes",
    "search_memory_facts",
    "get_episodes",
    "get_entity_edge",
    "delete_entity_edge",
    "delete_episode",
    "clear_graph",
    "get_status",
}


def fact_stating(
    client: RawMcpClient, sentence: str, group: str, query: str
) -> dict[str, Any] | None:
    facts = client.call("search_memory_facts", query=query, group_ids=[group], max_facts=20)
    return next((fact for fact in facts["facts"] if fact["fact"] == sentence), None)


def episode_named(client: RawMcpClient, name: str, group: str) -> dict[str, Any] | None:
    episodes = client.call("get_episodes", group_ids=[group], max_episodes=50)["episodes"]
    return next((episode for episode in episodes if episode["name"] == name), None)


@pytest.fixture
def client(graphiti_url: str) -> RawMcpClient:
    return RawMcpClient(graphiti_url)


def test_transport_contract(graphiti_stack: GraphitiStack, client: RawMcpClient) -> None:
    health = httpx.get(graphiti_stack.health_url, timeout=5)
    assert health.json() == {"status": "healthy", "service": "graphiti-mcp"}

    no_accept = httpx.post(
        client.url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"}, timeout=5
    )
    assert no_accept.status_code == 406

    client.initialize()
    assert client.session_id
    tools = {tool["name"] for tool in client.request("tools/list")["tools"]}
    assert tools >= CORE_TOOLS

    ping = {"jsonrpc": "2.0", "id": 99, "method": "ping"}
    client.session_id = None  # a request without the session header
    assert client.post(ping).status_code == 400
    client.session_id = "not-a-session"
    assert client.post(ping).status_code == 404


def test_result_shapes(client: RawMcpClient) -> None:
    status = client.call_raw("get_status")
    assert status["structuredContent"]["status"] == "ok"  # flat, unlike the other tools
    add = client.call_raw("add_memory", name="shape", episode_body="Shape Check.", group_id="x1")
    assert add["structuredContent"] == {
        "result": {"message": "Episode 'shape' queued for processing in group 'x1'"}
    }


def test_added_episode_becomes_episode_fact_and_node(
    graphiti_stack: GraphitiStack, client: RawMcpClient
) -> None:
    word = unique_word()
    group = graphiti_stack.group_id  # the group get_episodes can see (default graph)
    sentence = f"Alice {word} joined Acme {word} in Berlin."
    name = f"episode {word}"

    added = client.call("add_memory", name=name, episode_body=sentence, group_id=group)
    assert added == {"message": f"Episode '{name}' queued for processing in group '{group}'"}

    episode = eventually(lambda: episode_named(client, name, group), "the episode")
    assert episode["content"] == sentence
    assert episode["source"] == "text"
    fact = eventually(lambda: fact_stating(client, sentence, group, word), "a fact")
    assert episode["uuid"] in fact["episodes"]
    assert fact["group_id"] == group
    assert client.call("get_entity_edge", uuid=fact["uuid"])["fact"] == sentence

    nodes = client.call("search_nodes", query=f"Alice {word}", group_ids=[group])["nodes"]
    assert f"Alice {word}" in {node["name"] for node in nodes}
    endpoints = {fact["source_node_uuid"], fact["target_node_uuid"]}
    assert endpoints & {node["uuid"] for node in nodes}


def test_clear_graph_removes_one_group_and_leaves_another(
    graphiti_stack: GraphitiStack, client: RawMcpClient
) -> None:
    word = unique_word()
    cleared, kept = graphiti_stack.group_id, f"kept_{uuid.uuid4().hex[:8]}"
    sentences = {
        group: f"Nadia {word} visited Oslo {word} for {group}." for group in (cleared, kept)
    }
    for group, sentence in sentences.items():
        client.call("add_memory", name=f"clear {word}", episode_body=sentence, group_id=group)
    for group, sentence in sentences.items():
        probe = functools.partial(fact_stating, client, sentence, group, word)
        eventually(probe, f"the fact in {group}")

    answer = client.call("clear_graph", group_ids=[cleared])
    assert answer == {"message": f"Graph data cleared successfully for group IDs: {cleared}"}

    assert fact_stating(client, sentences[cleared], cleared, word) is None
    assert episode_named(client, f"clear {word}", cleared) is None
    assert fact_stating(client, sentences[kept], kept, word) is not None


def test_errors(client: RawMcpClient) -> None:
    missing_query = client.call_raw("search_nodes", group_ids=["main"])
    assert missing_query["isError"] is True
    with pytest.raises(McpError):
        client.call("search_memory_facts", query=7, max_facts="many")
    assert client.call_raw("no_such_tool")["isError"] is True

    # graphiti-core rejects the group id: a normal result carrying "error".
    bad_group = client.call("search_memory_facts", query="anything", group_ids=["no spaces!"])
    assert bad_group["error"].startswith("Error searching facts:")
    missing_edge = client.call("get_entity_edge", uuid=str(uuid.uuid4()))
    assert missing_edge["error"].startswith("Error getting entity edge:")


def test_server_outages_keep_the_graph(graphiti_stack: GraphitiStack) -> None:
    client = RawMcpClient(graphiti_stack.url, timeout=1.0)
    word = unique_word()
    sentence = f"Omar {word} fixed Kiln {word} today."
    group = graphiti_stack.group_id
    client.call("add_memory", name=f"outage {word}", episode_body=sentence, group_id=group)
    eventually(lambda: fact_stating(client, sentence, group, word), "the fact")

    graphiti_stack.pause_server()
    try:
        with pytest.raises(httpx.TimeoutException):
            client.call("get_status")
    finally:
        graphiti_stack.resume_server()
    assert client.call("get_status")["status"] == "ok"

    graphiti_stack.stop_server()
    with pytest.raises(httpx.ConnectError):
        client.call("get_status")
    graphiti_stack.start_server()

    stale = client.post({"jsonrpc": "2.0", "id": 1, "method": "ping"})
    assert stale.status_code == 404  # the restarted server forgot the session
    client.initialize()
    assert fact_stating(client, sentence, group, word) is not None  # FalkorDB kept it


def test_stub_answers_graphiti_clients(graphiti_stack: GraphitiStack) -> None:
    """graphiti-core's own reranker and embedder parse the stub's answers."""
    import asyncio

    from graphiti_core.cross_encoder.openai_reranker_client import OpenAIRerankerClient
    from graphiti_core.embedder.openai import OpenAIEmbedder, OpenAIEmbedderConfig
    from graphiti_core.llm_client.config import LLMConfig

    base_url = f"{graphiti_stack.llm.url}/v1"
    reranker = OpenAIRerankerClient(config=LLMConfig(api_key="stub", base_url=base_url))
    embedder = OpenAIEmbedder(OpenAIEmbedderConfig(api_key="stub", base_url=base_url))

    async def exercise() -> tuple[list[tuple[str, float]], list[float], list[float]]:
        ranked = await reranker.rank("Berlin trains", ["Paris has cafes", "Berlin has trains"])
        return ranked, await embedder.create("Berlin trains"), await embedder.create("Berlin")

    ranked, trains, berlin = asyncio.run(exercise())
    assert [passage for passage, _ in ranked] == ["Berlin has trains", "Paris has cafes"]
    assert len(trains) == embedder.config.embedding_dim
    assert sum(a * b for a, b in zip(trains, berlin, strict=True)) > 0.5
