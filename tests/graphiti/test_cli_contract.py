"""The `graphmem` CLI against the real Graphiti stack (graphiti-core on FalkorDB, offline LLM).

As a user would: `GRAPHMEM_BACKEND=graphiti GRAPHMEM_URL=... graphmem add`, `spool drain`, then
`graphmem search` returns the server's facts and entities; clear stays in its group; projects
never see each other's facts; group ids are sanitized; with the server stopped or hung, search
answers from the local store within the probe budget; status says what the server is; a fact
text the graph keeps on several edges is shown once, and `--limit` caps all sources together.
Episodes are processed asynchronously by the server, so outcomes are polled with a deadline.
"""

from __future__ import annotations

import functools
import importlib.metadata
import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import graphmem.sync as sync
from graphmem.errors import Exit
from graphmem.hooks import dispatch
from graphmem.store import outbox
from tests.conftest import Cli
from tests.support.graphiti_stack import GraphitiStack, RawMcpClient
from tests.support.polling import eventually, unique_word

PROBE_S = 2.0
MARGIN_S = 3.0


@pytest.fixture
def graphiti(
    graphiti_stack: GraphitiStack, project: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[GraphitiStack]:
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", graphiti_stack.url)
    monkeypatch.setenv("GRAPHMEM_PROBE_TIMEOUT", str(PROBE_S))
    monkeypatch.setenv("GRAPHMEM_TIMEOUT", "30")
    # Deliveries happen when the test says so (`spool drain`), not in detached processes.
    monkeypatch.setattr(sync, "_spawn_drain", lambda cwd, placeholder: None)
    yield graphiti_stack
    if graphiti_stack.server is None or graphiti_stack.server.poll() is not None:
        graphiti_stack.start_server()  # a test stopped it: the next one needs it


def add_and_drain(cli: Cli, text: str, *args: str) -> dict[str, Any]:
    added: dict[str, Any] = cli.json("add", text, *args)
    result = cli("spool", "drain", "--force")
    assert result.exit_code == Exit.OK, result.output
    return added


def graph_items(cli: Cli, query: str, kind: str, *args: str) -> list[dict[str, Any]]:
    return [
        item
        for item in cli.json("search", query, *args)
        if item["type"] == kind and item["source"] == "graph"
    ]


def hook_context(project: Path, event: str, **fields: Any) -> str:
    payload = {"session_id": "s1", "cwd": str(project), "hook_event_name": event, **fields}
    out = json.loads(dispatch.handle(event, json.dumps(payload).encode()))
    return str(out["hookSpecificOutput"]["additionalContext"])


def fact_with(cli: Cli, word: str, *args: str) -> dict[str, Any] | None:
    return next((f for f in graph_items(cli, word, "fact", *args) if word in f["fact"]), None)


def test_add_reaches_the_server_and_search_returns_its_facts_and_entities(
    graphiti: GraphitiStack, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    word = unique_word()
    group = graphiti.group_id  # the group the server's get_episodes can see (FalkorDB quirk)
    monkeypatch.setenv("GRAPHMEM_PROJECT_GROUP", group)
    sentence = f"Alice {word} joined Acme {word} in Berlin."
    added = add_and_drain(cli, sentence)
    assert added["group_id"] == group

    raw = RawMcpClient(graphiti.url)
    key = outbox.key_of(added["uuid"])

    def on_server() -> dict[str, Any] | None:
        episodes = raw.call("get_episodes", group_ids=[group], max_episodes=50)["episodes"]
        return next((e for e in episodes if e["name"].endswith(f"[{key}]")), None)

    episode = eventually(on_server, "the episode on the server")
    assert episode["content"] == sentence
    assert episode["name"] == f"{added['name']} [{key}]"

    fact = eventually(lambda: fact_with(cli, word, "--scope", "all"), "the fact via search")
    assert fact["fact"] == sentence and fact["group_id"] == group
    assert fact["invalid_at"] is None  # still valid; validity dates travel with every fact
    assert fact["created_at"]
    entities = {e["name"] for e in graph_items(cli, f"Alice {word}", "entity")}
    assert f"Alice {word}" in entities
    # The drain confirms the delivery by finding the key among the server's episodes.
    eventually(
        lambda: cli.json("spool", "drain", "--force")["confirmed"] == 1 or None,
        "the delivery confirmed",
    )
    assert cli.json("spool")["spool"]["delivered"] == 1


def test_clear_removes_the_named_group_on_the_server_and_nothing_else(
    graphiti: GraphitiStack, cli: Cli
) -> None:
    word = unique_word()
    cleared, kept = graphiti.group_id, f"kept_{uuid.uuid4().hex[:8]}"
    for group in (cleared, kept):
        add_and_drain(cli, f"Nadia {word} visited Oslo {word} for {group}.", "--group", group)
    raw = RawMcpClient(graphiti.url)

    def facts_in(group: str) -> list[Any] | None:
        answer = raw.call("search_memory_facts", query=word, group_ids=[group], max_facts=20)
        return [f for f in answer["facts"] if word in f["fact"]] or None

    for group in (cleared, kept):
        eventually(functools.partial(facts_in, group), f"the fact in {group}")

    result = cli.json("clear", "--group", cleared, "--yes")
    server = result["server"]
    assert (server["cleared"], server["error"]) == ([cleared], None)
    # The stack's FALKORDB_DATABASE is this group, so the clear is read back and checked.
    assert server["verified"] and server["remaining"] == {cleared: 0}
    assert facts_in(cleared) is None
    assert len(facts_in(kept) or []) == 1


def test_a_project_never_sees_another_projects_facts(
    graphiti: GraphitiStack,
    cli: Cli,
    project: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    word = unique_word()
    mine = add_and_drain(cli, f"Bruno {word} owns Shop {word} billing.")
    other_root = tmp_path / "other-api"
    (other_root / ".git").mkdir(parents=True)
    (other_root / ".git" / "config").write_text(
        '[remote "origin"]\n\turl = git@github.com:acme/other-api.git\n'
    )
    monkeypatch.chdir(other_root)
    theirs = add_and_drain(cli, f"Carla {word} owns Other {word} payments.")
    assert mine["group_id"] != theirs["group_id"]

    found = eventually(lambda: fact_with(cli, f"Carla {word}", "--scope", "project"), "their fact")
    assert found["group_id"] == theirs["group_id"]
    monkeypatch.chdir(project)
    own = eventually(lambda: fact_with(cli, f"Bruno {word}", "--scope", "project"), "our fact")
    assert own["group_id"] == mine["group_id"]
    everything = cli.json("search", word, "--scope", "all", "--limit", "50")
    assert {item["group_id"] for item in everything} <= {mine["group_id"], "global"}


def test_group_ids_with_illegal_characters_are_sanitized_before_the_server(
    graphiti: GraphitiStack, cli: Cli
) -> None:
    word = unique_word()
    added = add_and_drain(cli, f"Dora {word} reviews Tessa {word} code.", "--group", "my-team/x y")
    assert added["group_id"] == "my_team_x_y"
    raw = RawMcpClient(graphiti.url)

    def fact() -> Any:
        answer = raw.call("search_memory_facts", query=word, group_ids=["my_team_x_y"])
        return next((f for f in answer["facts"] if word in f["fact"]), None)

    assert eventually(fact, "the fact in the sanitized group")["group_id"] == "my_team_x_y"


@pytest.mark.parametrize("outage", ["stopped", "hung"])
def test_search_answers_from_the_local_store_while_the_server_is_down(
    graphiti: GraphitiStack, cli: Cli, outage: str
) -> None:
    word = unique_word()
    add_and_drain(cli, f"Emil {word} tunes Kestrel {word} caches.")
    eventually(lambda: fact_with(cli, word), "the fact (now cached locally)")
    if outage == "stopped":
        graphiti.stop_server()
    else:
        graphiti.pause_server()
    try:
        started = time.monotonic()
        result = cli("search", word, "--json")
        elapsed = time.monotonic() - started
    finally:
        if outage == "hung":
            graphiti.resume_server()
    assert result.exit_code == 0
    assert "server unreachable: answering from the local store" in result.stderr
    assert elapsed < PROBE_S + MARGIN_S
    items = json.loads(result.stdout)
    assert {(i["type"], i["source"]) for i in items} >= {("episode", "local"), ("fact", "cache")}


def test_status_and_dump_show_the_server(graphiti: GraphitiStack, cli: Cli) -> None:
    word = unique_word()
    add_and_drain(cli, f"Farah {word} ships Lynx {word} today.", "--group", graphiti.group_id)
    server = cli.json("status")["graphiti"]["server"]
    assert server["reachable"] and server["status"] == "ok"
    assert {"add_memory", "search_memory_facts", "get_episodes"} <= set(server["tools"])
    raw = RawMcpClient(graphiti.url)
    raw.call(
        "add_memory",
        name=f"elsewhere {word}",
        episode_body=f"Gil {word} left.",
        group_id=graphiti.group_id,
    )

    def dumped() -> str | None:
        text = cli("dump", "--group", graphiti.group_id, "--format", "jsonl").stdout
        return text if f"elsewhere {word}" in text else None

    text = eventually(dumped, "the server-only episode in the dump")
    assert '"origin": "graphiti"' in text and f"Farah {word}" in text


def test_status_says_what_the_server_is(graphiti: GraphitiStack, cli: Cli) -> None:
    """A FastMCP server reports its MCP library's version as its own: labelled as such."""
    server = cli.json("status")["graphiti"]["server"]
    said = "Graphiti MCP server is running and connected to falkordb database"
    assert server["name"] == "Graphiti Agent Memory" and server["message"] == said
    sdk = importlib.metadata.version("mcp")
    assert server["version"] == sdk and server["protocol"]
    text = " ".join(cli("status").stdout.split())
    assert f'Graphiti Agent Memory: "{said}" (ok, MCP SDK {sdk}, protocol ' in text


def test_a_fact_text_extracted_several_times_is_shown_once_and_limit_caps_all_sources(
    graphiti: GraphitiStack, cli: Cli, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    word = unique_word()
    group = graphiti.group_id
    monkeypatch.setenv("GRAPHMEM_PROJECT_GROUP", group)
    # Four entities in one sentence: the graph keeps three edges with that sentence as fact.
    sentence = f"Orion {word} ships Atlas to Berlin via Kafka."
    raw = RawMcpClient(graphiti.url)
    raw.call("add_memory", name=f"orion {word}", episode_body=sentence, group_id=group)

    def edges() -> int | None:
        facts = raw.call("search_memory_facts", query=word, group_ids=[group], max_facts=20)
        count = sum(1 for f in facts["facts"] if f["fact"] == sentence)
        return count if count >= 2 else None

    assert eventually(edges, "the same fact on several edges") >= 2
    for i in range(3):
        cli.json("add", f"Orion {word} note {i}")  # local rows compete for the limit
    rows = cli.json("search", f"Orion {word}", "--limit", "50")
    facts = [r["fact"] for r in rows if r["type"] == "fact"]
    assert facts.count(sentence) == 1  # other tests' facts share the group and may rank in too
    limited = cli.json("search", f"Orion {word}", "--limit", "3")
    assert len(limited) == 3 and {r["type"] for r in limited} == {"fact", "entity", "episode"}
    text = cli("search", f"Orion {word}", "--limit", "2").stdout
    assert len(text.strip().splitlines()) == 2 and text.count(f"fact: {sentence}") == 1
    block = hook_context(project, "SessionStart", source="startup")  # from the search's cache
    assert block.count(f"[fact] {sentence}") == 1
