"""Memory tool latency: `search` (and `recent`, `status`) through a running `graphmem mcp`, from
the request the client writes to the response it reads, at 0, 10k and 100k episodes of realistic
text (benchmarks/corpus.py); plus the server's start-up to its first answer. And what a hook of
the Claude Code plugin (`graphmem hook <Event>`, the console script on PATH) costs against the
launcher `setup` installs (`python -S .../launch.py <Event>`).

python -m benchmarks.bench_tools            # prints medians and ratios to `python -S -c pass`
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from benchmarks.bench_core import COMMON_QUERY, COMMON_WORDS, rare_word
from benchmarks.corpus import GROUP, install_store
from benchmarks.timing import process_ms, report

REPEAT = 31


async def _timed(session: ClientSession, name: str, arguments: dict[str, Any]) -> float:
    samples = []
    for i in range(REPEAT + 2):
        start = time.perf_counter()
        result = await session.call_tool(name, arguments)
        elapsed = (time.perf_counter() - start) * 1000
        assert not result.isError, result.content
        if i >= 2:  # the first two warm the server's worker threads and the page cache
            samples.append(elapsed)
    return statistics.median(samples)


def bench_server(n: int, home: str, baseline: float) -> None:
    env = {**os.environ, "GRAPHMEM_HOME": home, "GRAPHMEM_PROJECT_GROUP": GROUP}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "graphmem", "mcp"], env=env, cwd=home
    )
    calls = [("search", "common words", {"query": COMMON_WORDS})]
    calls.append(("search", "a prompt", {"query": COMMON_QUERY}))
    if n:
        calls.append(("search", "rare word", {"query": rare_word(n)}))
    calls += [("recent", "all kinds", {}), ("status", "", {})]

    async def main() -> None:
        started = time.perf_counter()
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await session.call_tool("status", {})
            first = (time.perf_counter() - started) * 1000
            report(f"mcp start-up to first answer, {n:,} episodes", first)
            for name, label, arguments in calls:
                ms = await _timed(session, name, arguments)
                what = f"{name} ({label})" if label else name
                report(f"mcp {what}, {n:,} episodes", ms)
                print(f"{'':<52} {ms / baseline:10.1f} x python -S -c pass", flush=True)

    anyio.run(main)


def bench_plugin_hook(baseline: float) -> None:
    import json

    from benchmarks.timing import graphmem_argv
    from graphmem.paths import hook_argv

    with tempfile.TemporaryDirectory() as home:
        install_store(10_000, home)
        env = {"GRAPHMEM_HOME": home, "GRAPHMEM_PROJECT_GROUP": GROUP}
        for event, extra in (("SessionStart", {"source": "startup"}), ("PostToolUse", {})):
            payload = {"session_id": "bench", "cwd": home, "hook_event_name": event, **extra}
            stdin = json.dumps(payload).encode()
            for label, argv in (
                ("launcher (setup)", [*hook_argv(), event]),
                ("graphmem hook (plugin)", graphmem_argv("hook", event)),
            ):
                ms = process_ms(argv, stdin=stdin, env={**env, "GRAPHMEM_VIA": "plugin"})
                report(f"hook {event}, 10,000 episodes, {label}", ms)
                print(f"{'':<52} {ms / baseline:10.1f} x python -S -c pass", flush=True)


def main() -> None:
    baseline = process_ms([sys.executable, "-S", "-c", "pass"])
    report("python -S -c pass (baseline)", baseline)
    bench_plugin_hook(baseline)
    for n in (0, 10_000, 100_000):
        with tempfile.TemporaryDirectory() as home:
            if n:
                install_store(n, home)
            bench_server(n, home, baseline)


if __name__ == "__main__":
    main()
