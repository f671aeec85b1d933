"""Core benchmarks: search at 10k / 100k episodes, ingest throughput, CLI and hook start-up.

python -m benchmarks.bench_core            # prints medians; targets from docs/benchmarks.md
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.timing import graphmem_argv, median_ms, process_ms, report

if TYPE_CHECKING:
    from graphmem.service import Memory

WORDS = (
    "cache token deploy migration schema index tenant billing invoice retry queue worker "
    "timeout config secret rotate backup restore search ranking compaction session hook agent "
    "memory graph entity fact episode cursor pagination limit api route handler test fixture"
).split()


def fill(memory: Memory, n: int, group: str) -> None:
    from graphmem.service import Episode

    rng = random.Random(n)
    batch = [
        Episode(
            group_id=group,
            name=f"note {i}",
            body=" ".join(rng.choices(WORDS, k=40)) + f" unique{i}",
            origin="bench",
        )
        for i in range(n)
    ]
    with memory.transaction():
        memory.write(batch, {})


def bench_search() -> None:
    from graphmem.service import Memory

    for n in (10_000, 100_000):
        with tempfile.TemporaryDirectory() as home:
            os.environ["GRAPHMEM_HOME"] = home
            memory = Memory.open(Path(home))
            fill(memory, n, memory.project.group_id)
            for label, query in (("top 10", "tenant billing retry"), ("rare word", "unique4242")):
                ms = median_ms(partial(memory.search, query, limit=10))
                report(f"search, {n:,} episodes ({label})", ms)


def bench_ingest() -> None:
    from graphmem.service import Memory

    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GRAPHMEM_HOME"] = str(Path(tmp) / "home")
        docs = Path(tmp) / "docs"
        docs.mkdir()
        total = 0
        for i in range(200):
            paras = [f"# Doc {i}"] + [
                " ".join(rng.choices(WORDS, k=rng.randint(20, 120))) + "." for _ in range(60)
            ]
            text = "\n\n".join(paras)
            (docs / f"doc{i}.md").write_text(text)
            total += len(text.encode())
        memory = Memory.open(Path(tmp))
        start = time.perf_counter()
        _, events = memory.ingest([str(docs)])
        chunks = sum(e.chunks for e in events)
        elapsed = time.perf_counter() - start
        report(
            f"ingest {total / 1e6:.1f} MB of Markdown ({chunks} chunks)",
            total / 1e6 / elapsed,
            "MB/s",
        )
        start = time.perf_counter()
        _, events = memory.ingest([str(docs)])
        list(events)
        report("re-ingest, nothing changed", (time.perf_counter() - start) * 1000)


def bench_processes() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {"GRAPHMEM_HOME": home}
        report(
            "process: graphmem --help",
            process_ms(graphmem_argv("--help"), env=env),
            target="<= 150 ms",
        )


if __name__ == "__main__":
    bench_processes()
    bench_search()
    bench_ingest()
