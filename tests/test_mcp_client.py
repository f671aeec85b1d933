"""McpClient against the fault-injecting fake: protocol behaviour and every failure shape.

Failures must map to the right class (Unreachable never counts against an episode; Rejected
does), and no call may wait longer than its budget. The elapsed-time bounds are correctness
bounds on timeouts, with generous margins, not performance assertions.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from graphmem.backends.graphiti import GraphitiBackend
from graphmem.backends.mcp import (
    InvalidArguments,
    McpClient,
    McpError,
    Rejected,
    ServerInfo,
    Unreachable,
)
from graphmem.errors import Exit
from tests.support.fake_mcp import FakeMcp

MARGIN = 2.0  # seconds of slack over a budget: loaded CI machines are slow, hangs are not
ADD = {"name": "note", "episode_body": "Alice prefers Rust", "group_id": "proj"}


@pytest.fixture
def fake() -> Iterator[FakeMcp]:
    with FakeMcp() as server:
        yield server


@pytest.fixture
def client(fake: FakeMcp) -> Iterator[McpClient]:
    with McpClient(fake.url, timeout=5.0, probe_timeout=1.0) as mcp:
        yield mcp


def timed(call: Callable[[], Any]) -> tuple[BaseException | None, float]:
    """Run `call`; the exception it raised (if any) and the seconds it took."""
    start = time.monotonic()
    try:
        call()
    except BaseException as exc:
        return exc, time.monotonic() - start
    return None, time.monotonic() - start


# -- protocol -----------------------------------------------------------------------------------


def test_first_call_opens_a_session_and_sends_it_back(fake: FakeMcp, client: McpClient) -> None:
    client.call_tool("add_memory", ADD)

    assert fake.methods() == ["initialize", "notifications/initialized", "tools/call"]
    init, notified, call = fake.calls
    assert init.session_id is None
    assert notified.session_id is not None and call.session_id == notified.session_id
    assert call.headers["mcp-protocol-version"] == "2025-06-18"
    assert "text/event-stream" in call.headers["accept"]
    assert "application/json" in call.headers["accept"]
    assert call.arguments == ADD


@pytest.mark.parametrize("answer", ["sse", "json"])
def test_tool_result_is_the_parsed_json_in_both_answer_formats(answer: str) -> None:
    with FakeMcp(answer=answer) as fake, McpClient(fake.url) as client:  # type: ignore[arg-type]
        client.call_tool("add_memory", ADD)
        result = client.call_tool("search_memory_facts", {"query": "rust", "group_ids": ["proj"]})

    assert [fact["fact"] for fact in result["facts"]] == ["Alice prefers Rust"]


def test_a_lone_result_key_is_unwrapped() -> None:
    with FakeMcp(wrap_text=True) as fake, McpClient(fake.url) as client:
        result = client.call_tool("get_status", {})

    assert result["status"] == "ok"


def test_text_that_is_not_json_comes_back_as_a_message(fake: FakeMcp, client: McpClient) -> None:
    fake.inject("plain_text", on="delete_episode", message="Episode deleted")

    assert client.call_tool("delete_episode", {"uuid": "u1"}) == {"message": "Episode deleted"}


def test_one_content_block_per_item_becomes_items() -> None:
    with FakeMcp(legacy=True) as fake, McpClient(fake.url) as client:
        for body in ("first", "second"):
            client.call_tool("add_episode", {**ADD, "episode_body": body})
        result = client.call_tool("get_episodes", {"group_id": "proj", "last_n": 5})

    assert [item["content"] for item in result["items"]] == ["second", "first"]


def test_token_and_extra_headers_reach_the_server(fake: FakeMcp) -> None:
    with McpClient(fake.url, token="s3cret", headers={"X-Team": "core"}) as client:
        client.list_tools()

    assert all(c.headers["authorization"] == "Bearer s3cret" for c in fake.calls)
    assert all(c.headers["x-team"] == "core" for c in fake.calls)


def test_a_307_redirect_is_followed_keeping_method_and_body() -> None:
    with FakeMcp(redirect=True) as fake, McpClient(fake.url) as client:
        client.call_tool("add_memory", ADD)

        client.call_tool("add_memory", ADD)

    assert fake.tool_calls("add_memory")[0].arguments == ADD
    assert {c.path for c in fake.calls} == {"/mcp/"}
    assert fake.redirects == 1  # followed once: the final URL is used from then on
    assert client.url == fake.url + "/"


@pytest.mark.parametrize("path", ["/mcp", "/sse"])
def test_a_server_speaking_the_older_sse_transport_is_named_with_the_fix(path: str) -> None:
    with (
        FakeMcp(transport="sse") as fake,
        McpClient(fake.base_url + path) as client,
        pytest.raises(Unreachable) as raised,
    ):
        client.list_tools()

    assert raised.value.reason == "sse transport"
    assert "--transport http" in str(raised.value)


def test_a_wrong_path_is_still_no_endpoint(fake: FakeMcp) -> None:
    with McpClient(fake.base_url + "/nothing") as client, pytest.raises(Unreachable) as raised:
        client.list_tools()

    assert raised.value.reason == "no mcp endpoint"


def test_tools_are_listed_once_per_client(fake: FakeMcp, client: McpClient) -> None:
    first = client.list_tools()
    second = client.list_tools()

    assert second is first
    assert fake.methods().count("tools/list") == 1
    assert first["add_memory"]["required"] == ["name", "episode_body"]


def test_concurrent_first_calls_share_one_initialize(fake: FakeMcp, client: McpClient) -> None:
    threads = [threading.Thread(target=client.call_tool, args=("get_status", {})) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert fake.methods().count("initialize") == 1
    assert len(fake.tool_calls("get_status")) == 6


# -- session loss ---------------------------------------------------------------------------


def test_an_expired_session_is_reopened_once_and_the_call_delivered_once(
    fake: FakeMcp, client: McpClient
) -> None:
    client.call_tool("get_status", {})
    fake.inject("expire_session", on="add_memory", times=1)

    client.call_tool("add_memory", ADD)

    assert fake.methods().count("initialize") == 2
    assert len(fake.graph.episodes) == 1  # the 404'd attempt did not run; the retry did


def test_a_server_restart_loses_the_session_and_the_client_recovers(
    fake: FakeMcp, client: McpClient
) -> None:
    client.call_tool("add_memory", ADD)
    fake.restart()

    client.call_tool("add_memory", ADD)

    assert fake.methods().count("initialize") == 2
    assert len(fake.graph.episodes) == 1  # the restart forgot the first one


def test_a_session_lost_twice_is_unreachable(fake: FakeMcp, client: McpClient) -> None:
    client.call_tool("get_status", {})
    fake.inject("expire_session", on="add_memory")

    with pytest.raises(Unreachable) as caught:
        client.call_tool("add_memory", ADD)

    assert caught.value.reason == "session lost"
    assert fake.methods().count("initialize") == 2  # re-initialized once, not in a loop
    assert fake.graph.episodes == []


# -- transport failures: Unreachable, within budget ---------------------------------------


def test_a_closed_port_is_unreachable_at_once() -> None:
    with McpClient(FakeMcp.closed_url(), timeout=5.0) as client:
        error, elapsed = timed(lambda: client.call_tool("add_memory", ADD))

    assert isinstance(error, Unreachable) and error.reason == "refused"
    assert "is it running" in str(error)
    assert elapsed < 5.0


def test_a_host_that_does_not_exist_is_not_called_refused() -> None:
    # "refused" means a server that is down (the drain counts in-flight episodes lost then).
    with McpClient("http://graphiti.invalid/mcp", timeout=5.0) as client:
        error, _ = timed(lambda: client.call_tool("add_memory", ADD))

    assert isinstance(error, Unreachable) and error.reason == "cannot connect"
    assert "check the URL and the network" in str(error)


def test_a_server_that_never_answers_costs_the_call_budget_only(fake: FakeMcp) -> None:
    with McpClient(fake.url, timeout=60.0) as client:
        client.list_tools()
        fake.inject("hang", on="tools/call")
        error, elapsed = timed(lambda: client.call_tool("add_memory", ADD, timeout=1.0))

    assert isinstance(error, Unreachable) and error.reason == "timeout"
    assert "raise the timeout" in str(error)
    assert elapsed < 1.0 + MARGIN


def test_a_stream_that_trickles_but_never_answers_costs_the_call_budget_only(
    fake: FakeMcp, client: McpClient
) -> None:
    fake.inject("trickle", on="tools/call", delay=0.1)

    error, elapsed = timed(lambda: client.call_tool("get_status", {}, timeout=1.0))

    assert isinstance(error, Unreachable) and error.reason == "timeout"
    assert elapsed < 1.0 + MARGIN


def test_a_hung_server_costs_the_probe_budget_only(fake: FakeMcp) -> None:
    fake.inject("hang")
    with McpClient(fake.url, probe_timeout=1.0, timeout=60.0) as client:
        error, elapsed = timed(client.probe)

    assert isinstance(error, Unreachable) and error.reason == "timeout"
    assert elapsed < 1.0 + MARGIN


def test_the_lazy_initialize_counts_against_the_call_budget(fake: FakeMcp) -> None:
    fake.inject("slow", on="initialize", delay=0.8)
    fake.inject("slow", on="tools/call", delay=0.8)
    with McpClient(fake.url, timeout=60.0) as client:
        error, elapsed = timed(lambda: client.call_tool("get_status", {}, timeout=1.2))

    assert isinstance(error, Unreachable) and error.reason == "timeout"
    assert elapsed < 1.2 + MARGIN


def test_a_slow_answer_within_budget_succeeds(fake: FakeMcp, client: McpClient) -> None:
    fake.inject("slow", on="get_status", delay=0.3)

    assert client.call_tool("get_status", {}, timeout=3.0)["status"] == "ok"


@pytest.mark.parametrize(
    ("fault", "options", "reason"),
    [
        ("http", {"status": 500}, "http 500"),
        ("http", {"status": 503}, "http 503"),
        ("http", {"status": 429}, "rate limited"),
        ("http", {"status": 401}, "unauthorized"),
        ("http", {"status": 421}, "host refused"),
        ("garbage", {}, "bad answer"),
        ("wrong_type", {}, "wrong content type"),
        ("status_error", {"message": "FalkorDB down"}, "server unhealthy"),
    ],
)
def test_failures_that_are_not_the_servers_verdict_are_unreachable(
    fake: FakeMcp, client: McpClient, fault: Any, options: dict[str, Any], reason: str
) -> None:
    fake.inject(fault, on="tools/call", **options)

    with pytest.raises(Unreachable) as caught:
        client.probe()

    assert caught.value.reason == reason
    assert caught.value.code == Exit.UNREACHABLE
    assert fake.url in str(caught.value)


def test_an_unreachable_server_is_tried_again_on_the_next_call(fake: FakeMcp) -> None:
    with McpClient(fake.url, timeout=5.0) as client:
        fake.stop()
        with pytest.raises(Unreachable):
            client.call_tool("add_memory", ADD)
        fake.start()
        client.call_tool("add_memory", ADD)

    assert len(fake.graph.episodes) == 1


def test_a_wrong_path_says_to_check_the_url(fake: FakeMcp) -> None:
    with McpClient(fake.base_url + "/nope") as client, pytest.raises(Unreachable) as caught:
        client.list_tools()

    assert caught.value.reason == "no mcp endpoint"
    assert "check the URL" in str(caught.value)


# -- the server saying no: Rejected -------------------------------------------------------


@pytest.mark.parametrize(
    ("fault", "options", "kind", "reason"),
    [
        ("tool_error", {"message": "Error searching facts: bad"}, Rejected, "tool error: Error"),
        ("is_error", {"message": "Unknown tool: add_memory"}, Rejected, "tool error: Unknown"),
        ("rpc_error", {"code": -32603, "message": "boom"}, Rejected, "rpc -32603: boom"),
        ("rpc_error", {"code": -32602, "message": "bad params"}, InvalidArguments, "rpc -32602"),
        ("http", {"status": 400}, Rejected, "http 400"),
        ("http", {"status": 413}, Rejected, "http 413"),
    ],
)
def test_the_server_saying_no_is_rejected(
    fake: FakeMcp,
    client: McpClient,
    fault: Any,
    options: dict[str, Any],
    kind: type[McpError],
    reason: str,
) -> None:
    fake.inject(fault, on="add_memory", **options)

    with pytest.raises(Rejected) as caught:
        client.call_tool("add_memory", ADD)

    assert type(caught.value) is kind
    assert caught.value.reason.startswith(reason)
    assert caught.value.code == Exit.REJECTED


def test_bad_arguments_are_invalid_arguments(client: McpClient) -> None:
    with pytest.raises(InvalidArguments) as caught:
        client.call_tool("add_memory", {"name": "no body"})

    assert "episode_body" in caught.value.reason


def test_reasons_stay_short_for_the_spool(fake: FakeMcp, client: McpClient) -> None:
    fake.inject("tool_error", on="add_memory", message="x" * 5000)

    with pytest.raises(Rejected) as caught:
        client.call_tool("add_memory", ADD)

    assert len(caught.value.reason) <= 200


# -- probe --------------------------------------------------------------------------------


def test_probe_reports_the_server_and_its_tools(client: McpClient) -> None:
    info = client.probe()

    assert isinstance(info, ServerInfo)
    assert (info.name, info.version, info.status) == ("Graphiti Agent Memory", "1.0.2-fake", "ok")
    assert "add_memory" in info.tools


def test_probe_of_a_server_without_get_status_is_unknown_not_failed() -> None:
    with FakeMcp(legacy=True) as fake, McpClient(fake.url) as client:
        info = client.probe()

    assert info.status == "unknown"
    assert "add_episode" in info.tools


def test_probe_of_a_closed_port_fails_fast() -> None:
    with McpClient(FakeMcp.closed_url(), probe_timeout=3.0) as client:
        error, elapsed = timed(client.probe)

    assert isinstance(error, Unreachable)
    assert elapsed < 3.0 + MARGIN


# -- GraphitiBackend over the fake ----------------------------------------------------------


def test_backend_sends_the_current_tools_and_maps_results(fake: FakeMcp, client: McpClient) -> None:
    backend = GraphitiBackend(client)
    backend.add_episode(name="n1", body="Alice prefers Rust", group_id="proj", source="message")

    facts = backend.search_facts("rust", ["proj"], limit=5)
    nodes = backend.search_nodes("alice", ["proj"], limit=5)
    episodes = backend.get_episodes(["proj"], limit=5)

    assert fake.tool_calls("add_memory")[0].arguments == {
        "name": "n1",
        "episode_body": "Alice prefers Rust",
        "group_id": "proj",
        "source": "message",
        "source_description": "",
    }
    assert [(f.fact, f.group_id) for f in facts] == [("Alice prefers Rust", "proj")]
    assert facts[0].valid_at is not None and facts[0].valid_at.tzinfo is not None
    assert facts[0].invalid_at is None
    assert [(n.name, n.labels) for n in nodes] == [("Alice", ("Entity",))]
    assert [(e.name, e.content, e.source) for e in episodes] == [
        ("n1", "Alice prefers Rust", "message")
    ]
    assert fake.tool_calls("search_memory_facts")[0].arguments["max_facts"] == 5


def test_backend_uses_an_old_servers_tools_and_argument_shapes() -> None:
    with FakeMcp(legacy=True) as fake, McpClient(fake.url) as client:
        backend = GraphitiBackend(client)
        backend.add_episode(name="n1", body="Alice prefers Rust", group_id="a")
        backend.add_episode(name="n2", body="Bob prefers Go", group_id="b")

        nodes = backend.search_nodes("bob", ["b"], 5)
        episodes = backend.get_episodes(["a", "b"], 5)

    assert [n.name for n in nodes] == ["Bob"]
    assert {e.name for e in episodes} == {"n1", "n2"}
    assert [c.arguments for c in fake.tool_calls("get_episodes")] == [
        {"group_id": "a", "last_n": 5},
        {"group_id": "b", "last_n": 5},
    ]


def test_backend_falls_back_to_the_old_shape_only_on_a_validation_error() -> None:
    with FakeMcp(legacy=True, schemas=False) as fake, McpClient(fake.url) as client:
        client.call_tool("add_episode", ADD)
        episodes = GraphitiBackend(client).get_episodes(["proj"], 5)

    assert [e.content for e in episodes] == ["Alice prefers Rust"]
    shapes = [sorted(c.arguments) for c in fake.tool_calls("get_episodes")]
    assert shapes == [["group_ids", "max_episodes"], ["group_id", "last_n"]]


def test_backend_clears_only_the_named_groups(fake: FakeMcp, client: McpClient) -> None:
    backend = GraphitiBackend(client)
    backend.add_episode(name="n1", body="Alice prefers Rust", group_id="a")
    backend.add_episode(name="n2", body="Bob prefers Go", group_id="b")

    backend.clear(["a"])

    assert [e["group_id"] for e in fake.graph.episodes] == ["b"]
    with pytest.raises(ValueError):
        backend.clear([])


def test_backend_refuses_an_old_servers_clear_that_would_wipe_everything() -> None:
    with FakeMcp(legacy=True) as fake, McpClient(fake.url) as client:
        backend = GraphitiBackend(client)
        backend.add_episode(name="n1", body="Alice prefers Rust", group_id="a")

        with pytest.raises(McpError) as caught:
            backend.clear(["a"])

    assert caught.value.reason == "unsafe clear"
    assert fake.tool_calls("clear_graph") == []
    assert len(fake.graph.episodes) == 1


@pytest.mark.parametrize("query", ["", "the", "The, and: of?", "...", "a is — to be"])
def test_stopword_only_queries_are_not_sent(fake: FakeMcp, client: McpClient, query: str) -> None:
    backend = GraphitiBackend(client)

    assert backend.search_facts(query, ["proj"], 5) == []
    assert backend.search_nodes(query, ["proj"], 5) == []
    assert fake.tool_calls() == []


@pytest.mark.parametrize("group", ["", "my-project", "a b", "x" * 65, "proj.main"])
def test_unsanitized_group_ids_are_refused_before_any_call(
    fake: FakeMcp, client: McpClient, group: str
) -> None:
    backend = GraphitiBackend(client)

    with pytest.raises(ValueError):
        backend.add_episode(name="n", body="b", group_id=group)
    with pytest.raises(ValueError):
        backend.search_facts("rust", ["ok", group], 5)
    assert fake.calls == []


def test_a_tool_error_answer_is_not_taken_as_success(fake: FakeMcp, client: McpClient) -> None:
    fake.inject("tool_error", on="add_memory", message="Error queuing episode: db down")

    with pytest.raises(Rejected) as caught:
        GraphitiBackend(client).add_episode(name="n", body="b", group_id="proj")

    assert "db down" in caught.value.reason
