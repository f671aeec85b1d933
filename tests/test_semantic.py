"""Semantic search (the optional `semantic` extra, graphmem/semantic.py): a memory asked about
in other words is found by `graphmem search` and the agent's search tool, never by a hook; and
without the extra (or with `semantic = false`) search is lexical as before."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from graphmem import paths, semantic

if not semantic.available():  # under CI (which installs the extra) a skip fails the run
    pytest.skip("needs the semantic extra: pip install -e '.[semantic]'", allow_module_level=True)

import numpy as np
from mcp import ClientSession

from tests.conftest import Cli
from tests.test_hooks import Session
from tests.test_mcp_server import call, serve

TARGET = "Invoice totals are rounded half-even to two decimal places before tax."
# Not one word in common with TARGET: lexical search cannot find it.
QUERY = "currency precision for customer charges"
OTHERS = [
    "The API uses cursor pagination with a default page size of 50.",
    "Run the integration tests with make itest; they need Docker.",
    "Logs go to stderr as JSON lines; never print secrets.",
    "The session cache lives in the Postgres unlogged table sessions_kv.",
    "Feature flags are read from LaunchDarkly at startup and cached for 30 seconds.",
    "We deploy with ArgoCD from the main branch every weekday at noon.",
    "Background jobs run on Celery with Redis as the broker.",
    "User avatars are stored in S3 under the avatars/ prefix.",
    "Migrations are written with Alembic and reviewed by the data team.",
    "The mobile client retries failed uploads three times with exponential backoff.",
    "Emails are sent through Postmark; templates live in templates/email.",
    "Rate limits: 100 requests per minute per token, 429 with Retry-After.",
]


@pytest.fixture
def memories(project: Path, cli: Cli) -> Path:
    for text in [TARGET, *OTHERS]:
        assert cli("add", text).exit_code == 0
    return project


def found(cli: Cli, *args: str) -> list[str]:
    return [row["snippet"] for row in cli.json("search", QUERY, *args)]


def vectors() -> list[tuple[int, str, bytes]]:
    conn = sqlite3.connect(paths.store_file())
    try:
        return conn.execute("SELECT episode_id, group_id, vector FROM episode_vectors").fetchall()
    finally:
        conn.close()


def test_the_extra_is_installed_and_loads_from_its_wheel_without_the_network(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"network used: {args}")

    for name in ("connect", "connect_ex"):
        monkeypatch.setattr(socket.socket, name, refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(semantic, "_MODEL", None)
    assert semantic.available()
    near, far = (
        semantic.model().embed([TARGET, "Deploys go through ArgoCD."])
        @ (semantic.model().embed([QUERY])[0])
    )
    assert near > far


def test_the_cli_finds_by_meaning_what_lexical_search_misses(memories: Path, cli: Cli) -> None:
    assert TARGET in found(cli)[0]
    assert TARGET not in "".join(found(cli, "--scope", "project")[1:])  # shown once
    shown = cli("search", QUERY)  # as a person reads it
    assert shown.exit_code == 0 and TARGET in " ".join(shown.stdout.split())


def test_semantic_false_and_a_missing_extra_leave_search_lexical(
    memories: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SEMANTIC", "false")
    assert all(TARGET not in s for s in found(cli))
    assert vectors() == []  # nothing embedded either
    monkeypatch.delenv("GRAPHMEM_SEMANTIC")
    monkeypatch.setattr(semantic, "_package_dir", lambda: None)  # as without the extra
    assert all(TARGET not in s for s in found(cli))
    rows = cli.json("search", "invoice totals")
    assert TARGET in rows[0]["snippet"] and vectors() == []


def test_the_agents_search_tool_finds_by_meaning(memories: Path) -> None:
    async def steps(session: ClientSession) -> Any:
        return await call(session, "search", query=QUERY)

    error, text = serve(memories, steps)
    first = next(line for line in text.splitlines() if line.startswith("- id "))
    assert not error and TARGET in first
    error, text = serve(memories, steps, GRAPHMEM_SEMANTIC="false")
    assert not error and TARGET not in text


def test_forgotten_memories_and_other_projects_stay_hidden(
    memories: Path, cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (hit,) = [r for r in cli.json("search", QUERY) if TARGET in r["snippet"]]
    assert cli("forget", hit["uuid"][:8], "--reason", "moved to banker's rounding").exit_code == 0
    assert all(TARGET not in s for s in found(cli))
    assert cli("add", TARGET).exit_code == 0  # the same text again brings it back
    assert TARGET in found(cli)[0]
    other = tmp_path / "other-repo"
    other.mkdir()
    monkeypatch.chdir(other)
    assert cli("add", "Card payments settle through Stripe Connect.").exit_code == 0
    assert all(TARGET not in s for s in found(cli, "--scope", "project"))


def test_what_is_embedded_is_the_stored_redacted_text(project: Path, cli: Cli) -> None:
    token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
    added = cli.json("add", f"Release builds sign with the deploy key {token}")
    cli.json("search", "publishing artifacts")
    (row,) = vectors()
    conn = sqlite3.connect(paths.store_file())
    body = conn.execute("SELECT body FROM episodes WHERE id = ?", (row[0],)).fetchone()[0]
    conn.close()
    assert token not in body and added["uuid"]
    stored = np.frombuffer(row[2], dtype=semantic.STORED)
    assert np.allclose(stored, semantic.model().embed([body])[0], atol=1e-3)
    assert not np.allclose(
        stored, semantic.model().embed([body.replace("[", token + "[")])[0], atol=1e-3
    )


def test_hooks_never_embed(project: Path, cli: Cli) -> None:
    session = Session(project)
    session.turn("Invoice totals are rounded half-even, remember that.")
    session.send("Stop", stop_hook_active=False)
    session.context("UserPromptSubmit", prompt=QUERY)
    assert vectors() == []
    cli.json("search", QUERY)
    assert len(vectors()) >= 1


def test_a_large_store_is_embedded_over_several_searches_newest_first(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(semantic, "BATCH", 2)
    monkeypatch.setattr(semantic, "EMBED_S", 0.0)  # one batch a search
    for text in OTHERS[:5]:
        cli.json("add", text)

    def embedded() -> list[int]:
        cli.json("search", QUERY)
        return sorted(row[0] for row in vectors())

    assert embedded() == [4, 5]  # the newest first
    assert embedded() == [2, 3, 4, 5]
    for text in (TARGET, *OTHERS[5:7]):  # stored since: embedded before the older ones
        cli.json("add", text)
    assert embedded() == [2, 3, 4, 5, 6, 7]
    assert embedded() == [2, 3, 4, 5, 6, 7, 8]
    assert embedded() == [1, 2, 3, 4, 5, 6, 7, 8]
    assert TARGET in found(cli)[0]


def test_fusion_puts_what_both_rankings_found_first() -> None:
    fused = semantic.fuse(["lexical only", "both"], ["both", "semantic only"], 3)
    assert [key for key, _ in fused] == ["both", "lexical only", "semantic only"]


def test_the_long_lived_server_finds_by_meaning_what_was_added_since_it_last_searched(
    project: Path, cli: Cli
) -> None:
    for text in OTHERS:
        assert cli("add", text).exit_code == 0

    async def steps(session: ClientSession) -> Any:
        before = await call(session, "search", query=QUERY)  # it reads and keeps the vectors
        await call(session, "add", text=TARGET)
        return before, await call(session, "search", query=QUERY)

    (error, before), (again, after) = serve(project, steps)
    assert not error and not again and TARGET not in before
    first = next(line for line in after.splitlines() if line.startswith("- id "))
    assert TARGET in first
