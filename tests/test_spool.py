"""The outbox ("spool") through the CLI and the service, against the fake MCP server.

Background drains are recorded instead of spawned here (except where spawning is the subject),
so each test decides when delivery happens.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import graphmem.sync as sync
from graphmem import paths
from graphmem.errors import Exit
from graphmem.hooks import dispatch
from graphmem.service import Memory
from graphmem.store import breaker, db, outbox, remote_cache
from graphmem.store.remote_cache import CachedFact
from tests.conftest import Cli
from tests.support.fake_mcp import FakeMcp

DEADLINE_S = 30.0


@pytest.fixture
def fake() -> Iterator[FakeMcp]:
    with FakeMcp() as server:
        yield server


@pytest.fixture
def spawned(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Background drains commands asked for (not started)."""
    calls: list[str] = []
    monkeypatch.setattr(sync, "_spawn_drain", lambda cwd, placeholder: calls.append(placeholder))
    return calls


@pytest.fixture
def graphiti(
    project: Path, fake: FakeMcp, spawned: list[str], monkeypatch: pytest.MonkeyPatch
) -> FakeMcp:
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", fake.url)
    monkeypatch.setenv("GRAPHMEM_PROBE_TIMEOUT", "2")
    monkeypatch.setenv("GRAPHMEM_TIMEOUT", "5")
    return fake


def conn() -> sqlite3.Connection:
    return Memory.open().conn


def spool(cli: Cli) -> dict[str, Any]:
    counts: dict[str, Any] = cli.json("spool")["spool"]
    return counts


def sent_names(fake: FakeMcp) -> list[str]:
    return [call.arguments["name"] for call in fake.tool_calls("add_memory")]


# -- what is queued -------------------------------------------------------------------------------


def test_sqlite_backend_queues_nothing(project: Path, cli: Cli, spawned: list[str]) -> None:
    cli.json("add", "Plain local memory")
    assert spool(cli)["pending"] == 0
    assert spawned == []


def test_add_queues_and_asks_for_one_background_drain(
    graphiti: FakeMcp, cli: Cli, spawned: list[str]
) -> None:
    added = cli.json("add", "Kafka topics are partitioned by tenant")
    cli.json("add", "Kafka topics are partitioned by tenant")  # the same memory: not queued twice
    assert spool(cli)["pending"] == 1
    assert len(spawned) == 1  # the second add found the drain lease held
    assert graphiti.tool_calls() == []  # nothing touched the network inline
    (row,) = conn().execute("SELECT episode_uuid, state FROM outbox").fetchall()
    assert tuple(row) == (added["uuid"], "pending")


def test_drain_delivers_once_with_a_stable_key(graphiti: FakeMcp, cli: Cli) -> None:
    added = cli.json("add", "Deploys need the release label")
    report = cli.json("spool", "drain")
    assert report["sent"] == 1 and report["confirmed"] == 1
    assert sent_names(graphiti) == [
        f"Deploys need the release label [{outbox.key_of(added['uuid'])}]"
    ]
    assert cli("spool", "drain").exit_code == Exit.OK  # nothing left: no second send
    assert len(sent_names(graphiti)) == 1
    assert spool(cli)["delivered"] == 1


def test_captures_after_a_drain_are_durable_again(graphiti: FakeMcp) -> None:
    """The drain relaxes fsync for its bookkeeping only: what is kept after it, on the same
    connection, is written with synchronous=FULL again (2), whatever the drain ran into."""
    memory = Memory.open()
    memory.remember("Kept before the drain")
    graphiti.stop()  # the drain stops early: the reset must not depend on a clean run
    assert memory.spool.drain(force=True).unreachable
    assert memory.conn.execute("PRAGMA synchronous").fetchone()[0] == 2


# -- failures -----------------------------------------------------------------------------------


def test_rejections_count_until_dead_and_retry_dead_requeues(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SPOOL_MAX_ATTEMPTS", "2")
    added = cli.json("add", "Refused memory about Zebra")
    graphiti.inject("tool_error", on="add_memory", message="Error queueing episode: bad")
    first = cli("spool", "drain")
    assert first.exit_code == Exit.REJECTED
    assert spool(cli)["pending"] == 1
    assert cli("spool", "drain").exit_code == Exit.REJECTED
    status = cli.json("spool")
    assert status["spool"]["dead"] == 1 and status["spool"]["pending"] == 0
    assert "bad" in status["dead"][0]["reason"] and status["dead"][0]["uuid"] == added["uuid"]
    assert cli.json("search", "Zebra")[0]["uuid"] == added["uuid"]  # still stored locally

    graphiti.clear_faults()
    assert cli.json("spool", "retry-dead")["requeued"] == 1
    assert cli("spool", "drain").exit_code == Exit.OK
    assert spool(cli)["delivered"] == 1


def test_transport_failure_counts_no_attempt_and_opens_the_breaker(
    graphiti: FakeMcp, cli: Cli
) -> None:
    cli.json("add", "Waiting memory")
    graphiti.inject("http", status=503, on="add_memory")
    result = cli("spool", "drain")
    assert result.exit_code == Exit.UNREACHABLE
    status = cli.json("spool")
    assert status["spool"]["pending"] == 1 and status["spool"]["uncertain"] == 1
    assert status["breaker"]["open"] and status["breaker"]["last_error"] == "http 503"
    attempts = conn().execute("SELECT attempts FROM outbox").fetchone()[0]
    assert attempts == 0
    # While the breaker is open a non-forced drain does not touch the network.
    calls = len(graphiti.methods())
    assert cli("spool", "drain").exit_code == Exit.UNREACHABLE
    assert len(graphiti.methods()) == calls


def test_bounds_kill_the_oldest_with_a_reason(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SPOOL_MAX_PENDING", "2")
    uuids = [cli.json("add", f"Bounded memory {i}")["uuid"] for i in range(4)]
    store = conn()
    with db.transaction(store):
        store.execute(
            "UPDATE outbox SET enqueued_at = '2000-01-01T00:00:00.000000Z' WHERE episode_uuid = ?",
            (uuids[3],),
        )
    assert cli("spool", "drain").exit_code == Exit.OK
    dead = {d["uuid"]: d["reason"] for d in cli.json("spool")["dead"]}
    assert "30 days" in dead[uuids[3]]
    assert "bounds" in dead[uuids[0]]
    assert set(dead) == {uuids[0], uuids[3]}
    assert len(sent_names(graphiti)) == 2


# -- what a person may do ----------------------------------------------------------------------


def test_spool_clear_asks_and_touches_only_its_scope(graphiti: FakeMcp, cli: Cli) -> None:
    cli.json("add", "Project memory")
    cli.json("add", "--group", "other", "Other group memory")
    cli.json("add", "--group", "other", "Second other memory")
    store = conn()
    with db.transaction(store):
        store.execute(
            "UPDATE outbox SET state = 'dead', dead_reason = 'x' WHERE group_id = 'other' "
            "AND id = (SELECT MIN(id) FROM outbox WHERE group_id = 'other')"
        )
    refused = cli("spool", "clear")
    assert refused.exit_code == Exit.CANCELLED
    assert cli.json("spool", "clear", "--group", "other", "--dead", "--yes")["cleared"] == 1
    assert spool(cli)["pending"] == 2
    assert cli.json("spool", "clear", "--group", "other", "--yes")["cleared"] == 1
    assert spool(cli)["pending"] == 1
    assert len(Memory.open().export()) == 2  # memories stay stored locally


def test_status_probes_the_server(graphiti: FakeMcp, cli: Cli) -> None:
    report = cli.json("status")["graphiti"]
    assert report["server"]["reachable"] and report["server"]["name"] == "Graphiti Agent Memory"
    assert "add_memory" in report["server"]["tools"]
    graphiti.stop()
    down = cli.json("status")["graphiti"]
    assert not down["server"]["reachable"] and "refused" in down["server"]["error"]
    assert down["breaker"]["open"]


def test_status_says_what_the_server_is_and_whether_it_reads_back_our_episodes(
    graphiti: FakeMcp, cli: Cli
) -> None:
    server = cli.json("status")["graphiti"]["server"]
    assert server["message"] == "Graphiti MCP server is running and connected"
    assert server["protocol"] == "2025-06-18"
    assert server["read_back"]["state"] == "unchecked"  # nothing sent yet
    text = cli("status").stdout
    assert '"Graphiti MCP server is running and connected" (ok, MCP SDK' in text
    group = cli.json("add", "Read me back")["group_id"]
    cli("spool", "drain")
    assert cli.json("status")["graphiti"]["server"]["read_back"]["state"] == "ok"
    # A server reading another graph (FalkorDB's graph selection) shows none of them.
    graphiti.inject("plain_text", on="get_episodes", message='{"episodes": []}')
    assert cli.json("status")["graphiti"]["server"]["read_back"]["state"] == "waiting"
    store = conn()
    with db.transaction(store):
        store.execute("UPDATE outbox SET acked_at = '2000-01-01T00:00:00Z'")
    back = cli.json("status")["graphiti"]["server"]["read_back"]
    assert back["state"] == "failed" and "shows none of them" in back["detail"]
    assert (
        f"FALKORDB_DATABASE (config: database.providers.falkordb.database) to '{group}'"
        in (back["fix"])
    )
    assert "fix: set the server's FALKORDB_DATABASE" in cli("status").stdout


def test_the_url_a_redirect_led_to_is_kept_for_the_next_process(
    project: Path, spawned: list[str], monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    """The server answers /mcp with a 307 to /mcp/: only the first process pays the redirect;
    when the kept URL stops working, the configured one is followed again."""
    with FakeMcp(redirect=True) as fake:
        monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
        monkeypatch.setenv("GRAPHMEM_URL", fake.url)
        assert cli.json("status")["graphiti"]["server"]["reachable"]
        assert fake.redirects == 1
        cli.json("add", "Delivered without a redirect")
        done = subprocess.run(
            [sys.executable, "-m", "graphmem", "spool", "drain", "--json"],
            cwd=project,
            capture_output=True,
            text=True,
            timeout=DEADLINE_S,
        )
        assert json.loads(done.stdout)["confirmed"] == 1, done.stderr
        assert fake.redirects == 1  # the new process went straight to /mcp/
        assert {c.path for c in fake.calls} == {"/mcp/"}
        store = conn()
        with db.transaction(store):
            store.execute("UPDATE store_meta SET value = ?", (fake.base_url + "/moved",))
        assert cli.json("status")["graphiti"]["server"]["reachable"]
        assert fake.redirects == 2  # back through the configured URL, and kept again
        assert cli.json("status")["graphiti"]["server"]["reachable"]
        assert fake.redirects == 2


def test_clear_clears_the_server_group_too(graphiti: FakeMcp, cli: Cli) -> None:
    group = cli.json("add", "To be cleared")["group_id"]
    cli.json("add", "--group", "keep", "To be kept")
    cli("spool", "drain")
    result = cli.json("clear", "--yes")
    assert result["server"] == {
        "cleared": [group],
        "verified": True,  # read back: what the server showed of the group is gone
        "message": f"Graph data cleared successfully for group IDs: {group}",
        "remaining": {group: 0},
        "error": None,
    }
    assert [c.arguments for c in graphiti.tool_calls("clear_graph")] == [{"group_ids": [group]}]
    assert {e["group_id"] for e in graphiti.graph.episodes} == {"keep"}


def test_clear_reports_a_server_that_said_cleared_but_was_not(graphiti: FakeMcp, cli: Cli) -> None:
    group = cli.json("add", "Still there after clear")["group_id"]
    cli("spool", "drain")
    said = f'{{"message": "Graph data cleared successfully for group IDs: {group}"}}'
    graphiti.inject("plain_text", on="clear_graph", message=said)  # answers, clears nothing
    result = cli("clear", "--yes")
    assert result.exit_code == Exit.REJECTED
    assert (
        "was not cleared" in result.stderr and f"still shows 1 episode of {group}" in result.stderr
    )
    assert "FALKORDB_DATABASE" in result.stderr
    assert "cleared on the graph server" not in result.stdout


def test_clear_says_when_it_cannot_check_the_server(graphiti: FakeMcp, cli: Cli) -> None:
    cli.json("add", "Invisible to get_episodes")
    cli("spool", "drain")
    graphiti.inject("plain_text", on="get_episodes", message='{"episodes": []}')
    result = cli("clear", "--yes")
    assert result.exit_code == Exit.OK
    assert "not checked" in result.stdout and "cleared on the graph server" not in result.stdout
    assert cli.json("clear", "--yes")["server"]["verified"] is False


def test_dump_marks_server_only_episodes_and_load_does_not_resend_them(
    graphiti: FakeMcp, cli: Cli, tmp_path: Path
) -> None:
    group = cli.json("add", "Local and delivered")["group_id"]
    cli("spool", "drain")
    graphiti.graph.add(
        {"name": "From another machine", "episode_body": "Remote only", "group_id": group}
    )
    dump = tmp_path / "dump.jsonl"
    assert cli("dump", str(dump), "--format", "jsonl").exit_code == 0
    rows = [json.loads(line) for line in dump.read_text().splitlines() if line.startswith("{")]
    origins = {row["name"]: row["origin"] for row in rows if "name" in row}
    assert origins == {"Local and delivered": "cli", "From another machine": "graphiti"}
    cli("clear", "--yes")
    cli.json("load", str(dump))
    assert spool(cli)["pending"] == 1  # only the local one goes back to the server


def test_ingest_replacing_a_file_deletes_its_delivered_chunks_on_the_server(
    graphiti: FakeMcp, cli: Cli, project: Path
) -> None:
    doc = project / "guide.md"
    doc.write_text("Old guidance about Falcon.\n")
    cli.json("ingest", str(doc))
    cli("spool", "drain")
    (old,) = graphiti.graph.episodes
    doc.write_text("New guidance about Heron.\n")
    cli.json("ingest", str(doc))
    assert cli("spool", "drain").exit_code == Exit.OK
    assert [c.arguments for c in graphiti.tool_calls("delete_episode")] == [{"uuid": old["uuid"]}]
    assert [e["content"] for e in graphiti.graph.episodes] == ["New guidance about Heron."]


# -- forget: the server offers only delete_episode ------------------------------------


def test_forgetting_what_was_never_sent_never_sends_it(graphiti: FakeMcp, cli: Cli) -> None:
    uuid = cli.json("add", "Never to be sent.")["uuid"]
    assert cli.json("forget", uuid)["server"] == "not sent"
    assert spool(cli)["pending"] == 0
    cli("spool", "drain")
    assert graphiti.graph.episodes == []


def test_forgetting_a_delivered_memory_deletes_it_on_the_server(
    graphiti: FakeMcp, cli: Cli
) -> None:
    uuid = cli.json("add", "Delivered then forgotten.")["uuid"]
    cli("spool", "drain")
    (remote,) = graphiti.graph.episodes
    assert cli.json("forget", uuid)["server"] == "delete queued"
    assert cli("spool", "drain").exit_code == Exit.OK
    assert [c.arguments for c in graphiti.tool_calls("delete_episode")] == [
        {"uuid": remote["uuid"]}
    ]
    assert graphiti.graph.episodes == []
    assert [
        r["uuid"] for r in cli.json("search", "delivered forgotten") if r["type"] == "episode"
    ] == []
    dumped = cli("dump", "--format", "jsonl").stdout
    assert [json.loads(line)["forgotten_at"] is not None for line in dumped.splitlines()[1:]] == [
        True
    ]


def test_loading_a_forgotten_memory_never_sends_it(
    graphiti: FakeMcp, cli: Cli, tmp_path: Path
) -> None:
    cli.json("forget", cli.json("add", "Forgotten before the dump.")["uuid"])
    dump = tmp_path / "dump.md"
    cli("dump", str(dump))
    cli("clear", "--yes")
    assert cli.json("load", str(dump))["added"] == 1
    assert spool(cli)["pending"] == 0


def test_a_forgotten_memory_kept_again_is_sent_again(graphiti: FakeMcp, cli: Cli) -> None:
    uuid = cli.json("add", "Kept, forgotten, kept.")["uuid"]
    cli("spool", "drain")
    cli.json("forget", uuid)
    cli("spool", "drain")
    cli.json("add", "Kept, forgotten, kept.")
    cli("spool", "drain")
    assert [e["content"] for e in graphiti.graph.episodes] == ["Kept, forgotten, kept."]


# -- what hooks call ---------------------------------------------------------------------------


def test_health_line(graphiti: FakeMcp, cli: Cli) -> None:
    assert Memory.open().spool.health().line() is None
    cli.json("add", "One")
    cli.json("add", "Two")
    graphiti.stop()
    cli("spool", "drain")
    health = Memory.open().spool.health()
    assert (health.pending, health.dead, health.breaker_open) == (2, 0, True)
    assert health.line() == (
        "graphmem: 2 memories waiting for the graph server (server unreachable)"
    )


def test_background_drain_is_not_started_without_work_or_with_the_breaker_open(
    graphiti: FakeMcp, cli: Cli, spawned: list[str]
) -> None:
    memory = Memory.open()
    with db.transaction(memory.conn):  # teammates' memories were pulled a moment ago
        breaker.acquire(memory.conn, sync.PULL_LEASE, "cooldown", 60)
    assert not memory.start_background_drain()  # nothing pending
    cli.json("add", "Pending one")
    store = memory.conn
    with db.transaction(store):
        breaker.record_failure(store, "refused")
        breaker.release(store, sync.DRAIN_LEASE, spawned[0])
    assert not memory.start_background_drain()
    with db.transaction(store):
        breaker.record_success(store)
    assert memory.start_background_drain()
    assert not memory.start_background_drain()  # already starting


def test_accepted_but_unconfirmed_episodes_get_a_drain_of_their_own_every_minute(
    graphiti: FakeMcp, cli: Cli, spawned: list[str]
) -> None:
    cli.json("add", "Accepted, not yet seen")
    graphiti.inject("drop", on="add_memory")  # queued on the server, never shown
    cli("spool", "drain")
    memory = Memory.open()
    assert cli.json("spool")["spool"]["acked"] == 1
    with db.transaction(memory.conn):
        breaker.release(memory.conn, sync.DRAIN_LEASE, spawned[0])
        breaker.release(memory.conn, sync.CONFIRM_LEASE, "cooldown")
    assert not memory.start_background_drain()  # accepted just now: not due
    with db.transaction(memory.conn):
        memory.conn.execute("UPDATE outbox SET acked_at = '2000-01-01T00:00:00Z'")
    assert memory.start_background_drain()  # no other traffic needed
    with db.transaction(memory.conn):
        breaker.release(memory.conn, sync.DRAIN_LEASE, spawned[1])
    cli("spool", "drain")  # confirms what it can, then waits a minute before the next check
    assert not memory.start_background_drain()


def test_background_drain_really_runs_detached(
    project: Path, fake: FakeMcp, monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", fake.url)
    added = cli.json("add", "Delivered by a detached drain")
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline and spool(cli)["delivered"] == 0:
        time.sleep(0.05)
    assert sent_names(fake) == [f"Delivered by a detached drain [{outbox.key_of(added['uuid'])}]"]
    while time.monotonic() < deadline and breaker.held(conn(), sync.DRAIN_LEASE):
        time.sleep(0.05)  # the drain process ends by itself
    assert not breaker.held(conn(), sync.DRAIN_LEASE)


def hook_log(until: str) -> str:
    """The hook log once it contains `until` (a detached process writes it)."""
    log = Path(paths.hook_log_file())
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline and until not in (log.read_text() if log.exists() else ""):
        time.sleep(0.05)
    return log.read_text() if log.exists() else ""


def test_a_failing_background_drain_says_why_in_the_hook_log(
    project: Path, fake: FakeMcp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", fake.url)
    memory = Memory.open()
    memory.remember("Waits for a drain that cannot start")
    # The config breaks between the hook that starts the drain and the drain reading it.
    monkeypatch.setenv("GRAPHMEM_SPOOL_MAX_ATTEMPTS", "many")
    assert memory.start_background_drain()
    log = hook_log("background-drain")
    assert "background-drain ConfigError: " in log and "GRAPHMEM_SPOOL_MAX_ATTEMPTS" in log
    assert "Traceback" not in log  # the message says what to fix; no trace for a known error
    assert sent_names(fake) == [] and memory.spool.status()["spool"]["pending"] == 1


def test_a_background_drain_that_cannot_even_start_leaves_its_error_in_the_hook_log(
    tmp_path: Path,
) -> None:
    shadow = tmp_path / "shadow"
    (shadow / "graphmem").mkdir(parents=True)  # `python -m graphmem` there imports this one
    (shadow / "graphmem" / "__init__.py").write_text("raise ImportError('a broken install')\n")
    sync._spawn_drain(str(shadow), "spawn:test")
    assert "ImportError: a broken install" in hook_log("a broken install")


# -- the cache of remote facts ------------------------------------------------------------------


def test_cached_facts_drop_invalid_ones_and_stay_in_their_groups() -> None:
    spool = Memory.open().spool
    store = spool.conn
    rows = [
        CachedFact(
            "1", "Alice uses Postgres", "g", None, None, "2026-01-01T00:00:00+00:00", "fact"
        ),
        CachedFact("2", "Alice used MySQL", "g", None, "2020-01-01T00:00:00+00:00", None, "fact"),
        CachedFact(
            "3", "Alice will use Oracle", "g", "2999-01-01T00:00:00+00:00", None, None, "fact"
        ),
        CachedFact("4", "Alice: a developer", "g", None, None, None, "entity"),
        CachedFact("5", "Alice elsewhere", "h", None, None, None, "fact"),
    ]
    with db.transaction(store):
        remote_cache.store(store, rows)
    found = spool.cached_facts("Alice", ["g"], 10)
    assert {f.uuid for f in found} == {"1", "4"}
    assert {f.uuid for f in spool.recent_cached(["g", "h"], 10)} == {"1", "4", "5"}


def test_noted_queries_are_bounded_and_refresh_the_cache(graphiti: FakeMcp, cli: Cli) -> None:
    group = cli.json("add", "Ravens nest in the Tower")["group_id"]
    spool = Memory.open().spool
    store = spool.conn
    with db.transaction(store):
        for i in range(remote_cache.MAX_QUERIES + 10):
            spool.note_query([group], f"question {i} about ravens")
        spool.note_query([group], "Tower")
    count = store.execute("SELECT COUNT(*) FROM remote_queries").fetchone()[0]
    assert count == remote_cache.MAX_QUERIES
    report = cli.json("spool", "drain")
    assert report["refreshed"] > 0
    cached = Memory.open().spool.cached_facts("Tower", [group], 10)
    assert "Ravens nest in the Tower" in {c.text for c in cached}


def test_a_tool_call_starts_a_waiting_delivery(
    graphiti: FakeMcp, cli: Cli, spawned: list[str], project: Path
) -> None:
    cli.json("add", "Pending one")
    store = conn()
    with db.transaction(store):
        breaker.release(store, sync.DRAIN_LEASE, spawned[0])  # the drain `add` asked for ended
    event = {"session_id": "s1", "cwd": str(project), "tool_name": "Bash"}
    assert dispatch.handle("PostToolUse", json.dumps(event).encode()) == ""
    assert len(spawned) == 2


# -- search and recall from the graph ---------------------------------------------------------


def test_search_shows_each_fact_once_and_at_most_limit_rows(graphiti: FakeMcp, cli: Cli) -> None:
    group = cli.json("status")["project"]["group_id"]
    for i in range(3):  # the graph often extracts the same fact from several episodes
        graphiti.graph.add(
            {"name": f"n{i}", "episode_body": "Orion deploys on Fridays", "group_id": group}
        )
    for i in range(4):
        cli.json("add", f"Orion note {i}")
    rows = cli.json("search", "Orion", "--limit", "50")
    assert [r["fact"] for r in rows if r["type"] == "fact"] == ["Orion deploys on Fridays"]
    limited = cli.json("search", "Orion", "--limit", "3")
    assert len(limited) == 3
    assert {r["type"] for r in limited} == {"fact", "entity", "episode"}  # each source its turn
    text = cli("search", "Orion", "--limit", "2").stdout
    assert text.count("fact: Orion deploys") == 1 and len(text.strip().splitlines()) == 2
    graphiti.stop()  # from the cache: the same fact once as well
    cached = cli.json("search", "Orion", "--limit", "50")
    assert [r["fact"] for r in cached if r["type"] == "fact"] == ["Orion deploys on Fridays"]


def test_recall_shows_a_cached_fact_text_once(graphiti: FakeMcp, cli: Cli, project: Path) -> None:
    group = cli.json("status")["project"]["group_id"]
    store = conn()
    with db.transaction(store):
        remote_cache.store(
            store,
            [
                CachedFact(str(i), "Orion  deploys on fridays", group, None, None, None, "fact")
                for i in range(3)
            ],
        )
    event = {
        "session_id": "s1",
        "cwd": str(project),
        "hook_event_name": "SessionStart",
        "source": "startup",
    }
    out = json.loads(dispatch.handle("SessionStart", json.dumps(event).encode()))
    block = out["hookSpecificOutput"]["additionalContext"]
    assert block.lower().count("orion deploys on fridays") == 1


# -- prompts are redacted before they are kept or sent ----------------------------------------

PROMPT_SECRET = "sk-proj-9fK2mQ7xLw3RtZ8vBn4YcH6jD1sEaP0u"


def test_a_prompt_is_redacted_before_it_is_queued_and_sent_as_a_query(
    graphiti: FakeMcp, cli: Cli, project: Path
) -> None:
    cli.json("add", "The deploy key lives in the vault")
    prompt = f"why does OPENAI_API_KEY={PROMPT_SECRET} fail on deploy?"
    event = {"session_id": "s1", "cwd": str(project), "prompt": prompt}
    dispatch.handle("UserPromptSubmit", json.dumps(event).encode())
    queued = [q for (q,) in conn().execute("SELECT query FROM remote_queries")]
    assert queued and all(PROMPT_SECRET not in q for q in queued)
    assert any("[REDACTED:" in q for q in queued)
    cli.json("spool", "drain")  # the refresh sends the queued prompts as queries
    cli("search", f"deploy {PROMPT_SECRET}")  # and search sends its own
    sent = [c.arguments for c in graphiti.tool_calls() if c.tool and c.tool.startswith("search")]
    assert sent and PROMPT_SECRET not in json.dumps(sent)
    assert "[REDACTED:" in json.dumps(sent)
