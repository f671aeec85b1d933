"""`forget`: a memory marked wrong or obsolete is kept (store, dump) and never shown again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from graphmem.errors import Exit
from graphmem.service import Memory
from graphmem.store import db
from tests.conftest import Cli
from tests.test_hooks import Session


def ids(cli: Cli, query: str) -> list[str]:
    return [row["uuid"] for row in cli.json("search", query)]


def test_forgotten_memory_leaves_search_and_recall(project: Path, cli: Cli, tmp_path: Path) -> None:
    wrong = cli.json("add", "Pagination uses offset and limit.")["uuid"]
    right = cli.json("add", "Pagination uses opaque cursors.")["uuid"]
    assert set(ids(cli, "pagination")) == {wrong, right}
    done = cli.json("forget", wrong[:8], "--reason", "moved to cursors", "--superseded-by", right)
    assert done["uuid"] == wrong and not done["already"] and done["superseded_by"] == right
    assert ids(cli, "pagination") == [right]
    recall = Session(project).context("SessionStart", source="startup")
    assert "opaque cursors" in recall and "offset and limit" not in recall
    again = Session(project, "sess-2").context("UserPromptSubmit", prompt="pagination offset?")
    assert "offset and limit" not in again


def test_forgotten_memory_stays_in_the_store_and_the_dump_marked(
    project: Path, cli: Cli, tmp_path: Path
) -> None:
    uuid = cli.json("add", "The staging host is db-old.internal.")["uuid"]
    cli.json("forget", uuid, "--reason", "decommissioned")
    dumps = []
    for fmt in ("markdown", "jsonl"):
        dumps.append(tmp_path / f"dump.{fmt}")
        assert cli("dump", str(dumps[-1]), "--format", fmt).exit_code == 0
        text = dumps[-1].read_text()
        assert "db-old.internal" in text and "decommissioned" in text and "forgotten_at" in text
    for dump in dumps:
        # a fresh store loads it back forgotten: the marking travels with the memory
        cli("clear", "--yes")
        assert cli.json("load", str(dump))["added"] == 1
        assert ids(cli, "staging host") == []
        (row,) = Memory.open().export(None)[0][1]
        assert row.uuid == uuid and row.forgotten_reason == "decommissioned"
        cli("clear", "--yes")
        cli.json("add", "The staging host is db-old.internal.")  # stored again, shown ...
        assert len(ids(cli, "staging host")) == 1
        cli.json("load", str(dump))  # ... until a dump says it was forgotten
        assert ids(cli, "staging host") == []


def test_a_dump_without_markings_reads_as_before(project: Path, cli: Cli) -> None:
    cli.json("add", "Builds run on Buildkite.")
    text = cli("dump", "--format", "jsonl").stdout
    assert "forgotten" not in text and "superseded" not in text


def test_adding_the_same_memory_again_brings_it_back(project: Path, cli: Cli) -> None:
    first = cli.json("add", "Releases go out on Tuesdays.")["uuid"]
    cli.json("forget", first)
    again = cli.json("add", "Releases go out on Tuesdays.")
    assert again["uuid"] == first and not again["new"]  # the id it answers with is the stored one
    assert ids(cli, "releases tuesdays") == [first]


def test_forget_twice_and_bad_ids(project: Path, cli: Cli) -> None:
    uuid = cli.json("add", "Logs go to Loki.")["uuid"]
    assert not cli.json("forget", uuid)["already"]
    assert cli.json("forget", uuid)["already"]
    for bad, why in (("zzzzzzzz", "no memory"), ("ab", "at least 4"), ("", "at least 4")):
        result = cli("forget", bad)
        assert result.exit_code == Exit.INPUT and why in result.stderr, result.output
    result = cli("forget", uuid, "--superseded-by", uuid)
    assert result.exit_code == Exit.INPUT


def test_ambiguous_prefix_is_refused(project: Path, cli: Cli) -> None:
    memory = Memory.open()
    for text in ("one", "two"):
        memory.remember(f"Memory {text}")
    with db.transaction(memory.conn):
        memory.conn.execute("UPDATE episodes SET uuid = 'abcd' || substr(uuid, 5)")
    result = cli("forget", "abcd")
    assert result.exit_code == Exit.INPUT and "several" in result.stderr
    assert len(ids(cli, "memory")) == 2


def test_search_text_output_shows_the_short_id(project: Path, cli: Cli) -> None:
    uuid = cli.json("add", "Feature flags live in LaunchDarkly.")["uuid"]
    assert f"id {uuid[:8]}" in cli("search", "feature flags").stdout


def test_a_store_from_before_forget_is_migrated_and_its_memories_shown(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = Memory.open()
    path = memory.store_path
    with monkeypatch.context() as patch:
        patch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:-1])
        old = db.connect(path)  # the store as the previous version left it
        old.execute(
            "INSERT INTO episodes (uuid, group_id, name, body, created_at, content_hash)"
            " VALUES ('u1', ?, 'm', 'Metrics go to Prometheus.', '2026-01-01', 'h')",
            (memory.project.group_id,),
        )
        old.close()
    assert len(ids(cli, "prometheus")) == 1
    columns = {r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(episodes)")}
    assert {"forgotten_at", "forgotten_reason", "superseded_by"} <= columns
