"""Team memory on the real stack (graphiti-core + FalkorDB + the LLM stub): two machines (two
GRAPHMEM_HOMEs, two clones of one repository, so one group) share one server. What A keeps
reaches B as written, in search and in the first prompt's recall, also with the server down."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graphmem import sync
from graphmem.service import Memory
from graphmem.store import episodes as ep
from graphmem.sync import team
from tests.conftest import Cli
from tests.support.graphiti_stack import GraphitiStack, RawMcpClient
from tests.support.polling import eventually
from tests.test_team import Machines, episodes, prompt


@pytest.fixture
def team_server(
    graphiti_stack: GraphitiStack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[GraphitiStack, Machines]]:
    """A server whose graph is the repository's group (FALKORDB_DATABASE set to it, as
    docs/outage-resilience.md advises), so get_episodes reads that group back."""
    machines = Machines(tmp_path, monkeypatch, graphiti_stack.url)
    machines.use("a")
    group = Memory.open().project.group_id
    server = graphiti_stack.sibling(
        "--group-id", group, "--database", group, name=f"team-{uuid.uuid4().hex[:6]}"
    )
    monkeypatch.setenv("GRAPHMEM_URL", server.url)
    monkeypatch.setenv("GRAPHMEM_TIMEOUT", "30")
    # Syncs happen when the test says so (`spool drain`), not in detached processes.
    monkeypatch.setattr(sync, "_spawn_drain", lambda cwd, placeholder: None)
    try:
        yield server, machines
    finally:
        server.stop_server()


def on_server(server: GraphitiStack, group: str, *texts: str) -> None:
    """Wait until the server's get_episodes shows every text (it queues, then processes)."""
    raw = RawMcpClient(server.url)

    def shown() -> bool | None:
        found = raw.call("get_episodes", group_ids=[group], max_episodes=50)["episodes"]
        contents = {e["content"] for e in found}
        return True if all(t in contents for t in texts) else None

    eventually(shown, "the episodes on the server")


def test_what_a_keeps_reaches_b_as_written_also_with_the_server_down(
    team_server: tuple[GraphitiStack, Machines], cli: Cli
) -> None:
    server, machines = team_server
    word = "Zq" + uuid.uuid4().hex[:6]
    kept = f"The billing service retries {word} webhooks seven times before paging on-call."
    own = f"Deploys of {word} go out on Tuesdays only."
    machines.use("a")
    added = cli.json("add", kept)
    assert cli("spool", "drain", "--force").exit_code == 0
    b = machines.use("b")
    cli.json("add", own)
    assert cli("spool", "drain", "--force").exit_code == 0
    on_server(server, added["group_id"], kept, own)

    assert cli("spool", "drain", "--force").exit_code == 0  # B syncs once
    hits = cli.json("search", f"{word} webhooks retries")
    # once (other tests' teammate memories in this group may be found too, by meaning)
    pulled = [h for h in hits if h["source"] == "teammate" and word in h.get("snippet", "")]
    assert len(pulled) == 1 and pulled[0]["type"] == "episode"
    block = prompt(b, f"How often do we retry {word} webhooks?")
    line = next(ln for ln in block.splitlines() if "[teammate " in ln)
    assert line.endswith(kept)  # as written, not as the graph's extraction of it

    assert cli("spool", "drain", "--force").exit_code == 0
    assert sorted(e.body for e in episodes() if word in e.body) == sorted([kept, own])
    assert cli.json("status")["graphiti"]["team"]["held"] >= 1

    server.stop_server()
    block = prompt(b, f"Stripe and {word} webhooks: how many retries?")
    assert any(ln.endswith(kept) for ln in block.splitlines())
    offline = cli.json("search", f"{word} webhooks")
    assert any(h.get("source") == "teammate" for h in offline)


def test_a_pull_interrupted_half_way_and_resumed_loses_and_duplicates_nothing(
    team_server: tuple[GraphitiStack, Machines], cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    server, machines = team_server
    word = "Zq" + uuid.uuid4().hex[:6]
    texts = [f"Rule {i} of {word}: keep handler {i} idempotent." for i in range(6)]
    machines.use("a")
    group = ""
    for text in texts:
        group = cli.json("add", text)["group_id"]
    assert cli("spool", "drain", "--force").exit_code == 0
    on_server(server, group, *texts)

    machines.use("b")
    real = ep.insert
    calls = {"n": 0}

    def dies_half_way(conn: Any, episode: ep.Episode) -> bool:
        calls["n"] += 1
        if calls["n"] > 3:
            raise KeyboardInterrupt  # the sync is stopped mid-pull
        return real(conn, episode)

    monkeypatch.setattr(team.ep, "insert", dies_half_way)
    with pytest.raises(KeyboardInterrupt):
        Memory.open().spool.drain(force=True)
    assert [e for e in episodes() if word in e.body] == []
    monkeypatch.setattr(team.ep, "insert", real)
    result = cli("spool", "drain", "--force", "--json")
    assert json.loads(result.stdout)["pulled"]["stored"] >= 6
    assert sorted(e.body for e in episodes() if word in e.body) == sorted(texts)
