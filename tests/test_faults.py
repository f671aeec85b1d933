"""Every outage shape of issue 4 against the fake MCP server: each ends with every episode on
the server exactly once (or dead with a reason), and no call waiting longer than its budget.

Drains run in-process through the CLI (background drains are recorded, not spawned) except where
separate processes are the point (`kill -9`, 20 capturing processes). Elapsed-time bounds are
correctness bounds on timeouts with generous margins, not performance assertions.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

import graphmem.sync as sync
from graphmem.errors import Exit
from graphmem.service import Memory
from graphmem.store import breaker, outbox
from graphmem.store.db import now as db_now
from graphmem.sync import drain as drain_mod
from tests.conftest import Cli
from tests.support.fake_mcp import FakeMcp

TIMEOUT_S = 1.0  # the work budget the drains get here
DOCUMENTED_MARGIN_S = drain_mod.CONFIRM_MARGIN_S  # before the fixture sets it to 0
MARGIN_S = 5.0  # slack over a budget on a loaded CI machine
DEADLINE_S = 60.0


@pytest.fixture
def fake() -> Iterator[FakeMcp]:
    with FakeMcp() as server:
        yield server


@pytest.fixture
def graphiti(project: Path, fake: FakeMcp, monkeypatch: pytest.MonkeyPatch) -> FakeMcp:
    monkeypatch.setenv("GRAPHMEM_BACKEND", "graphiti")
    monkeypatch.setenv("GRAPHMEM_URL", fake.url)
    monkeypatch.setenv("GRAPHMEM_PROBE_TIMEOUT", str(TIMEOUT_S))
    monkeypatch.setenv("GRAPHMEM_TIMEOUT", str(TIMEOUT_S))
    monkeypatch.setattr(sync, "_spawn_drain", lambda cwd, placeholder: None)
    # In-process drains run one at a time here, so the FIFO evidence needs no clock margin
    # (the margin covers two drains acknowledging in another order than the server queued).
    monkeypatch.setattr(drain_mod, "CONFIRM_MARGIN_S", 0.0)
    return fake


def add_many(cli: Cli, count: int, word: str = "Fault") -> list[str]:
    return [cli.json("add", f"{word} memory number {i}")["uuid"] for i in range(count)]


def drain(cli: Cli) -> tuple[int, float]:
    """One forced drain (a person at the keyboard): its exit code and duration."""
    start = time.monotonic()
    result = cli("spool", "drain", "--force")
    return result.exit_code, time.monotonic() - start


def drain_until_settled(cli: Cli) -> None:
    """Drain until nothing is pending or awaiting confirmation (bounded)."""
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        counts = cli.json("spool")["spool"]
        if counts["pending"] == 0 and counts["acked"] == 0:
            return
        drain(cli)
    pytest.fail(f"spool did not settle: {cli.json('spool')}")


def assert_exactly_once(fake: FakeMcp, uuids: list[str]) -> None:
    on_server = Counter(outbox.key_in(e["name"]) for e in fake.graph.episodes)
    assert {outbox.key_of(u): on_server[outbox.key_of(u)] for u in uuids} == {
        outbox.key_of(u): 1 for u in uuids
    }


def sent_names(fake: FakeMcp) -> list[str]:
    return [call.arguments["name"] for call in fake.tool_calls("add_memory")]


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    pytest.fail(f"{what} did not happen within {DEADLINE_S:.0f} s")


# -- one fault at a time ------------------------------------------------------------------------


def test_refused_then_back(graphiti: FakeMcp, cli: Cli) -> None:
    uuids = add_many(cli, 3)
    graphiti.stop()
    code, elapsed = drain(cli)
    assert code == Exit.UNREACHABLE and elapsed < TIMEOUT_S + MARGIN_S
    graphiti.start()
    drain_until_settled(cli)
    assert_exactly_once(graphiti, uuids)


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("hang", {}),  # accepts, never answers, never queues
        ("http", {"status": 500}),
        ("http", {"status": 429}),
        ("garbage", {}),
        ("wrong_type", {}),
        ("trickle", {"delay": 0.1}),
    ],
)
def test_transport_fault_on_add_stops_the_run_and_nothing_is_doubled(
    graphiti: FakeMcp,
    cli: Cli,
    kind: str,
    options: dict[str, object],
) -> None:
    uuids = add_many(cli, 4)
    graphiti.inject(kind, on="add_memory", after=1, times=1, **options)  # type: ignore[arg-type]
    code, elapsed = drain(cli)
    assert code == Exit.UNREACHABLE
    assert elapsed < 2 * TIMEOUT_S + MARGIN_S
    counts = cli.json("spool")["spool"]
    # The faulted one waits; those sent alongside it may have been accepted.
    assert counts["pending"] >= 1 and counts["pending"] + counts["acked"] == 4
    assert counts["dead"] == 0
    # The server answered its status right after: none is suspected of having killed it.
    assert Memory.open().conn.execute("SELECT SUM(losses) FROM outbox").fetchone()[0] == 0
    drain_until_settled(cli)
    assert_exactly_once(graphiti, uuids)


def test_slow_answer_within_the_budget_is_delivered(graphiti: FakeMcp, cli: Cli) -> None:
    uuids = add_many(cli, 2)
    graphiti.inject("slow", on="add_memory", delay=TIMEOUT_S / 4)
    assert drain(cli)[0] == Exit.OK
    assert_exactly_once(graphiti, uuids)


def test_answer_too_slow_is_looked_up_not_resent(graphiti: FakeMcp, cli: Cli) -> None:
    """The server queued it but answered after our timeout: the key is found, no second send."""
    uuids = add_many(cli, 2)
    graphiti.inject("slow", on="add_memory", after=1, times=1, delay=TIMEOUT_S * 2)
    assert drain(cli)[0] == Exit.UNREACHABLE
    wait_for(lambda: len(graphiti.graph.episodes) == 2, "the slow episode reaching the fake")
    drain_until_settled(cli)
    assert_exactly_once(graphiti, uuids)
    assert len(graphiti.tool_calls("add_memory")) == 2


def test_session_expiry_mid_drain_is_transparent(graphiti: FakeMcp, cli: Cli) -> None:
    uuids = add_many(cli, 5)
    graphiti.inject("expire_session", on="add_memory", after=2, times=1)
    assert drain(cli)[0] == Exit.OK
    assert_exactly_once(graphiti, uuids)
    assert graphiti.methods().count("initialize") == 2


def test_restart_losing_queued_episodes_is_detected_and_resent(graphiti: FakeMcp, cli: Cli) -> None:
    lost = add_many(cli, 3, "Early")
    # Accepted but not yet visible (still in the server's queue): they stay awaiting confirmation.
    graphiti.inject("tool_error", on="get_episodes", times=1)
    assert drain(cli)[0] == Exit.OK
    assert cli.json("spool")["spool"]["acked"] == 3
    graphiti.restart()  # the queue is gone
    later = add_many(cli, 1, "Later")
    drain_until_settled(cli)
    assert_exactly_once(graphiti, lost + later)
    attempts = Memory.open().conn.execute("SELECT SUM(attempts) FROM outbox").fetchone()[0]
    # Sent together, they reached the server's queue in any order: each may be the one it was
    # processing when it went down, so each counts (re-sent alone, the next round is exact).
    assert attempts == 3


def test_rejected_until_dead_keeps_the_memory(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SPOOL_MAX_ATTEMPTS", "3")
    (uuid,) = add_many(cli, 1)
    graphiti.inject("is_error", on="add_memory", message="validation failed")
    for _ in range(3):
        assert drain(cli)[0] == Exit.REJECTED
    report = cli.json("spool")
    assert report["spool"]["dead"] == 1 and "validation failed" in report["dead"][0]["reason"]
    assert graphiti.graph.episodes == []
    assert Memory.open().search("Fault memory")[0].episode.uuid == uuid


# -- processes ----------------------------------------------------------------------------------


def test_the_confirmation_margin_is_what_the_docs_say() -> None:
    docs = (Path(__file__).resolve().parents[1] / "docs" / "outage-resilience.md").read_text()
    assert DOCUMENTED_MARGIN_S == 10.0 and "The 10 s margin" in docs


def test_an_absent_episode_is_lost_only_when_acknowledged_a_margin_before_a_present_one(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two drains may record acknowledgements in another order than the server queued: an
    absent episode acknowledged less than the margin before one the server shows may still be
    queued, so it is not sent again; acknowledged the margin or more before, it was lost."""
    monkeypatch.setattr(drain_mod, "CONFIRM_MARGIN_S", DOCUMENTED_MARGIN_S)
    (first,) = add_many(cli, 1, "First")
    graphiti.inject("drop", on="add_memory", match="First", times=1)  # queued, never stored
    assert drain(cli)[0] == Exit.OK
    conn = Memory.open().conn

    def acknowledge_first(seconds_before_later: float) -> None:
        (later_at,) = conn.execute(
            "SELECT acked_at FROM outbox WHERE state = 'delivered'"
        ).fetchone()
        at = datetime.fromisoformat(later_at.replace("Z", "+00:00")) - timedelta(
            seconds=seconds_before_later
        )
        with conn:
            conn.execute(
                "UPDATE outbox SET acked_at = ? WHERE state = 'acked'",
                (at.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),),
            )

    with conn:  # acknowledged "after" Later, however slow this machine is
        conn.execute("UPDATE outbox SET acked_at = '2999-01-01T00:00:00.000000Z'")
    later = add_many(cli, 1, "Later")
    assert drain(cli)[0] == Exit.OK
    acknowledge_first(DOCUMENTED_MARGIN_S - 1)
    assert drain(cli)[0] == Exit.OK
    assert cli.json("spool")["spool"]["acked"] == 1 and len(sent_names(graphiti)) == 2
    acknowledge_first(DOCUMENTED_MARGIN_S)
    assert drain(cli)[0] == Exit.OK
    assert [n for n in sent_names(graphiti) if "First" in n][1:], "lost, so sent again"
    drain_until_settled(cli)
    assert_exactly_once(graphiti, [first, *later])


def graphmem_env(fake: FakeMcp, home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "GRAPHMEM_HOME": str(home),
        "GRAPHMEM_BACKEND": "graphiti",
        "GRAPHMEM_URL": fake.url,
        "GRAPHMEM_PROBE_TIMEOUT": str(TIMEOUT_S),
        "GRAPHMEM_TIMEOUT": str(TIMEOUT_S),
    }


def test_kill_9_mid_batch_then_drain_again(
    graphiti: FakeMcp, cli: Cli, project: Path, graphmem_home: Path
) -> None:
    uuids = add_many(cli, 8)
    graphiti.inject("hang", on="add_memory", after=3, times=1)
    env = {**graphmem_env(graphiti, graphmem_home), "GRAPHMEM_TIMEOUT": "600"}
    child = subprocess.Popen(
        [sys.executable, "-m", "graphmem", "spool", "drain", "--quiet", "--force"],
        cwd=project,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Sent alongside the hung one, the other seven are accepted meanwhile.
        wait_for(lambda: cli.json("spool")["spool"]["acked"] == 7, "the others accepted")
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    counts = cli.json("spool")["spool"]
    assert counts["uncertain"] == 1 and counts["acked"] == 7
    drain_until_settled(cli)
    assert_exactly_once(graphiti, uuids)


# Loaded by every graphmem process of the test below (PYTHONPATH): logs each connection it opens,
# tagged with whether it is a background drain (started with the drain lease in its environment).
CONNECTION_LOG = """
import os, sys

def _audit(event, args):
    if event == "socket.connect":
        role = "drain" if {lease!r} in os.environ else "capture"
        with open({log!r}, "a") as fh:
            fh.write(f"{{role}} {{os.getpid()}} {{args[1]!r}}\\n")

sys.addaudithook(_audit)
"""


def test_twenty_processes_capture_while_the_server_flaps(
    graphiti: FakeMcp, cli: Cli, project: Path, graphmem_home: Path, tmp_path: Path
) -> None:
    log = tmp_path / "connections.log"
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        CONNECTION_LOG.format(lease=sync.LEASE_ENV, log=str(log))
    )
    env = {**graphmem_env(graphiti, graphmem_home), "PYTHONPATH": str(site)}
    stop = threading.Event()

    def flap() -> None:
        while not stop.wait(0.15):
            graphiti.stop()
            time.sleep(0.1)
            graphiti.start()

    flapper = threading.Thread(target=flap, daemon=True)
    flapper.start()
    try:
        writers = [
            subprocess.Popen(
                [sys.executable, "-m", "graphmem", "add", f"Flapping capture {i} about Orca"],
                cwd=project,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for i in range(20)
        ]
        codes = [w.wait(timeout=DEADLINE_S) for w in writers]
    finally:
        stop.set()
        flapper.join(timeout=5)
    assert codes == [0] * 20, [w.stderr.read() if w.stderr else b"" for w in writers]
    store = Memory.open().conn
    wait_for(lambda: not breaker.held(store, sync.DRAIN_LEASE), "background drains ending")
    # No capture process opened a connection (to the server or anywhere): delivery was left to
    # the background drains, whose connections show that the log sees them.
    roles = Counter(line.split()[0] for line in log.read_text().splitlines())
    assert roles["capture"] == 0 and roles["drain"] > 0, log.read_text()
    drain_until_settled(cli)
    uuids = [row[0] for row in store.execute("SELECT uuid FROM episodes")]
    assert len(uuids) == 20
    assert_exactly_once(graphiti, uuids)


# -- a server whose get_episodes cannot show the group (FalkorDB's default-graph bug) ------------


def hide_episodes(fake: FakeMcp) -> None:
    fake.inject("plain_text", on="get_episodes", message='{"episodes": []}')


def test_unconfirmable_group_is_delivered_after_a_while_without_resending(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    uuids = add_many(cli, 2)
    hide_episodes(graphiti)
    assert drain(cli)[0] == Exit.OK
    assert cli.json("spool")["spool"]["acked"] == 2  # queued: nothing proves more yet
    monkeypatch.setattr(drain_mod, "UNCONFIRMABLE_AFTER_S", 0.0)
    assert drain(cli)[0] == Exit.OK
    counts = cli.json("spool")["spool"]
    assert (counts["acked"], counts["delivered"]) == (0, 2)
    assert_exactly_once(graphiti, uuids)


def test_unknown_outcome_in_an_unconfirmable_group_is_sent_again(
    graphiti: FakeMcp, cli: Cli
) -> None:
    """The documented trade: a possible duplicate rather than a possible loss."""
    uuids = add_many(cli, 1)
    hide_episodes(graphiti)
    graphiti.inject("hang", on="add_memory", times=1)  # never queued: the re-send is needed
    assert drain(cli)[0] == Exit.UNREACHABLE
    assert drain(cli)[0] == Exit.OK
    assert len(graphiti.tool_calls("add_memory")) == 2
    assert_exactly_once(graphiti, uuids)


def test_episodes_refused_by_get_episodes_are_delivered_after_a_while_not_held_forever(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    uuids = add_many(cli, 2)
    graphiti.inject("is_error", on="get_episodes", message="graph unavailable")
    assert drain(cli)[0] == Exit.OK
    assert cli.json("spool")["spool"]["acked"] == 2  # accepted, nothing proves more yet
    monkeypatch.setattr(drain_mod, "UNCONFIRMABLE_AFTER_S", 0.0)
    assert drain(cli)[0] == Exit.OK
    counts = cli.json("spool")["spool"]
    assert (counts["acked"], counts["delivered"], counts["dead"]) == (0, 2, 0)
    assert_exactly_once(graphiti, uuids)


def test_an_episode_hidden_by_others_later_episodes_is_not_taken_for_lost(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """get_episodes shows a group's newest EPISODE_WINDOW: when another client fills it after
    ours, our episode's absence there proves nothing, so it is neither re-sent nor quarantined."""
    monkeypatch.setenv("GRAPHMEM_SPOOL_CONFIRM_AFTER_S", "0")  # no waiting for a slow queue
    first = add_many(cli, 1)
    drain_until_settled(cli)  # seen on the server: the group's confirmations have a baseline
    later = add_many(cli, 1, word="Hidden")
    graphiti.inject("is_error", on="get_episodes", message="busy", times=1)
    assert drain(cli)[0] == Exit.OK  # sent; not confirmable this time
    assert cli.json("spool")["spool"]["acked"] == 1
    group = graphiti.graph.episodes[-1]["group_id"]
    time.sleep(0.01)  # the others' episodes are processed after ours was accepted
    for i in range(drain_mod.EPISODE_WINDOW):
        graphiti.graph.add({"name": f"teammate {i}", "episode_body": "x", "group_id": group})
    for _ in range(3):
        assert drain(cli)[0] == Exit.OK
    counts = cli.json("spool")["spool"]
    assert (counts["acked"], counts["dead"]) == (1, 0), counts
    monkeypatch.setattr(drain_mod, "UNCONFIRMABLE_AFTER_S", 0.0)
    assert drain(cli)[0] == Exit.OK
    assert cli.json("spool")["spool"]["acked"] == 0
    assert_exactly_once(graphiti, first + later)


def test_capture_never_waits_for_a_hung_server(
    graphiti: FakeMcp, project: Path, graphmem_home: Path
) -> None:
    """With a 600 s work budget, any inline wait on the hung server would show; the detached
    drain it starts gives up after the probe budget and ends by itself."""
    graphiti.inject("hang")
    env = {**graphmem_env(graphiti, graphmem_home), "GRAPHMEM_TIMEOUT": "600"}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "graphmem", "add", "Captured while the server hangs"],
        cwd=project,
        env=env,
        capture_output=True,
        timeout=DEADLINE_S,
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started < 600 / 10
    spool = Memory.open().spool
    store = spool.conn
    wait_for(lambda: not breaker.held(store, sync.DRAIN_LEASE), "the background drain giving up")
    assert spool.health().pending == 1
    assert breaker.read(store).is_open()


# -- episodes the server accepted, then lost (issue 18) -----------------------------------------


def back_up(fake: FakeMcp) -> None:
    """Wait for a crashed fake to be back (its supervisor restarted it)."""
    wait_for(lambda: not fake.down.is_set() and fake._server is not None, "the restart")


def dead_reasons(cli: Cli) -> list[str]:
    return [d["reason"] for d in cli.json("spool")["dead"]]


def test_an_episode_lost_with_the_server_is_resent_on_its_own_clock(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SPOOL_CONFIRM_AFTER_S", "1")
    seen = add_many(cli, 1, "Seen")
    assert drain(cli)[0] == Exit.OK
    inflight = add_many(cli, 1, "Inflight")
    graphiti.inject("die", on="add_memory", match="Inflight", times=1, delay=0.2)
    drain(cli)
    back_up(graphiti)
    assert drain(cli)[0] == Exit.OK
    # Not yet overdue: it may still be in the server's queue, so it is not sent again.
    assert (cli.json("spool")["spool"]["acked"], len(sent_names(graphiti))) == (1, 2)
    time.sleep(1.1)  # no later traffic in its group: only the clock can tell it was lost
    assert drain(cli)[0] == Exit.OK
    counts = cli.json("spool")["spool"]
    assert (counts["acked"], counts["delivered"], counts["pending"]) == (0, 2, 0)
    assert_exactly_once(graphiti, seen + inflight)


def test_a_slow_queue_making_progress_is_not_taken_for_a_loss(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SPOOL_CONFIRM_AFTER_S", "1")
    add_many(cli, 1, "Seen")
    assert drain(cli)[0] == Exit.OK
    add_many(cli, 1, "Queued")
    graphiti.inject("drop", on="add_memory", match="Queued", times=1)  # not processed yet
    assert drain(cli)[0] == Exit.OK
    conn = Memory.open().conn
    with conn:  # accepted long ago, but the server showed one of ours just now: a moving queue
        conn.execute("UPDATE outbox SET acked_at = '2000-01-01T00:00:00Z' WHERE state = 'acked'")
        conn.execute(
            "UPDATE outbox SET acked_at = '1999-01-01T00:00:00Z', delivered_at = ? "
            "WHERE state = 'delivered'",
            (db_now(),),
        )
    assert drain(cli)[0] == Exit.OK
    assert cli.json("spool")["spool"]["acked"] == 1 and len(sent_names(graphiti)) == 2


def test_a_poison_episode_killing_the_server_is_quarantined_with_the_reason(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SPOOL_CONFIRM_AFTER_S", "1")
    before = add_many(cli, 1, "Before")
    (poison,) = add_many(cli, 1, "Poison With it")
    after = add_many(cli, 2, "After")
    graphiti.inject("die", on="add_memory", match="Poison", delay=0.2)
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        counts = cli.json("spool")["spool"]
        if counts["pending"] == counts["acked"] == 0:
            break
        back_up(graphiti)
        drain(cli)
        time.sleep(0.3)
    assert_exactly_once(graphiti, before + after)
    poison_sends = [n for n in sent_names(graphiti) if "Poison" in n]
    assert len(poison_sends) == outbox.QUARANTINE_AFTER  # not a crash loop
    (reason,) = dead_reasons(cli)
    assert "stopped answering" in reason and "quarantined" in reason and "retry-dead" in reason
    status = cli.json("status")["graphiti"]
    assert status["dead"][0]["uuid"] == poison and "quarantined" in status["dead"][0]["reason"]
    assert "quarantined" in cli("spool").stdout
    assert cli.json("spool", "retry-dead")["requeued"] == 1
    row = (
        Memory.open()
        .conn.execute("SELECT state, losses FROM outbox WHERE episode_uuid = ?", (poison,))
        .fetchone()
    )
    assert tuple(row) == ("pending", 0)


def test_a_poison_episode_killing_the_server_before_it_answers_is_quarantined_too(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server's worker was faster than its reply: the client sees only a dropped connection.
    # And none of ours is on the server yet: nothing there proves or disproves a loss.
    monkeypatch.setenv("GRAPHMEM_SPOOL_CONFIRM_AFTER_S", "1")
    (poison,) = add_many(cli, 1, "Poison With it")
    graphiti.inject("die", on="add_memory", match="Poison", delay=0.2, answered=False)
    for _ in range(3 * outbox.QUARANTINE_AFTER + 3):  # a crash loop would never settle
        counts = cli.json("spool")["spool"]
        if counts["pending"] == counts["acked"] == 0:
            break
        back_up(graphiti)
        drain(cli)
        time.sleep(0.3)
    poison_sends = [n for n in sent_names(graphiti) if "Poison" in n]
    assert len(poison_sends) == outbox.QUARANTINE_AFTER
    (dead,) = cli.json("spool")["dead"]
    assert dead["uuid"] == poison
    assert "connection dropped" in dead["reason"] and "quarantined" in dead["reason"]
    back_up(graphiti)
    later = add_many(cli, 2, "Later")
    drain_until_settled(cli)
    assert_exactly_once(graphiti, later)


def test_an_episode_taken_for_lost_is_looked_for_before_it_is_sent_again(
    graphiti: FakeMcp, cli: Cli
) -> None:
    # Stored after all (the server died after storing it, before answering): no second copy.
    (uuid,) = add_many(cli, 1, "Stored")
    assert drain(cli)[0] == Exit.OK
    conn = Memory.open().conn
    with conn:
        conn.execute(
            "UPDATE outbox SET state = 'pending', sent_at = NULL, losses = 1, remote_uuid = NULL"
        )
    assert drain(cli)[0] == Exit.OK
    assert len(sent_names(graphiti)) == 1
    assert cli.json("spool")["spool"]["delivered"] == 1
    assert_exactly_once(graphiti, [uuid])


def test_an_episode_the_server_fails_on_after_accepting_it_is_quarantined_with_why(
    graphiti: FakeMcp, cli: Cli
) -> None:
    add_many(cli, 1, "Run `rm -rf` never")  # graphiti-core 0.29: RediSearch error
    graphiti.inject("drop", on="add_memory", match="`")
    for round_ in range(3):
        add_many(cli, 1, f"Later{round_}")  # stored after it: proves the server passed it
        drain(cli)
    (reason,) = dead_reasons(cli)
    assert "not stored while later episodes were" in reason and "quarantined" in reason
    assert len([n for n in sent_names(graphiti) if "rm -rf" in n]) == outbox.QUARANTINE_AFTER
    assert cli.json("spool")["spool"]["delivered"] == 3


def test_a_suspect_is_resent_alone_so_those_queued_behind_it_count_nothing(
    graphiti: FakeMcp, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SPOOL_CONFIRM_AFTER_S", "1")
    add_many(cli, 1, "Seen")
    assert drain(cli)[0] == Exit.OK  # the group is visible
    (suspect,) = add_many(cli, 1, "Suspect")
    behind = add_many(cli, 2, "Behind")
    conn = Memory.open().conn
    with conn:  # lost once already while the server processed it
        conn.execute("UPDATE outbox SET losses = 1 WHERE episode_uuid = ?", (suspect,))
    graphiti.inject("drop", on="add_memory", times=3)  # the server goes down holding all three
    assert drain(cli)[0] == Exit.OK
    first = [n for n in sent_names(graphiti) if "Suspect" in n or "Behind" in n]
    assert "Suspect" in first[0]  # sent alone and first: the server's queue order is known
    time.sleep(1.1)
    drain(cli)
    losses = dict(conn.execute("SELECT episode_uuid, losses FROM outbox").fetchall())
    assert losses[suspect] == 2 and [losses[u] for u in behind] == [0, 0]
    assert "quarantined" in dead_reasons(cli)[0]
