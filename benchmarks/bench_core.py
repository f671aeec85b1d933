"""Core benchmarks: search on an empty store and at 10k / 100k episodes of realistic text
(benchmarks/corpus.py), ingest throughput, CLI start-up.

python -m benchmarks.bench_core            # prints medians; targets from docs/benchmarks.md
python -m benchmarks.bench_core --against DIR   # search, this checkout vs the one at DIR
"""

from __future__ import annotations

import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from benchmarks.corpus import Vocabulary
from benchmarks.timing import graphmem_argv, median_ms, process_ms, report

COMMON_QUERY = (  # issue 15's prompt of common words
    "Refactor the cache index so the parser stops re-reading the manifest on every query, "
    "and add a test."
)
COMMON_WORDS = "cache index parser test"


def rare_word(n: int) -> str:
    """A word of the store's long tail that occurs in a few episodes only."""
    from benchmarks.corpus import cached_store

    conn = sqlite3.connect(f"file:{cached_store(n)}?mode=ro", uri=True)
    body = conn.execute("SELECT body FROM episodes WHERE id = ?", (n // 2,)).fetchone()[0]
    conn.close()
    words = sorted({w.strip(".,`") for w in body.split() if w.isalpha()}, key=len)
    return words[-1]  # the longest: made-up tail words are long, common words short


def bench_search() -> None:
    """Search in process, and `graphmem search` as a process, against an empty store."""
    from benchmarks.corpus import GROUP, install_store
    from graphmem.service import Memory

    os.environ["GRAPHMEM_PROJECT_GROUP"] = GROUP
    for n in (0, 10_000, 100_000):
        with tempfile.TemporaryDirectory() as home:
            if n:
                install_store(n, home)
            else:
                os.environ["GRAPHMEM_HOME"] = home
            memory = Memory.open(home)
            queries = [("common words", COMMON_WORDS), ("a prompt", COMMON_QUERY)]
            if n:
                queries.append(("rare word", rare_word(n)))
            for label, query in queries:
                ms = median_ms(partial(memory.search, query, limit=10))
                report(f"search, {n:,} episodes ({label})", ms)
            memory.close()
            env = {"GRAPHMEM_HOME": home, "GRAPHMEM_PROJECT_GROUP": GROUP}
            report(
                f"process: graphmem search (common words), {n:,} episodes",
                process_ms(graphmem_argv("search", COMMON_WORDS), env=env),
            )


def bench_ingest() -> None:
    from graphmem.service import Memory

    rng = random.Random(7)
    vocab = Vocabulary(7)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GRAPHMEM_HOME"] = str(Path(tmp) / "home")
        docs = Path(tmp) / "docs"
        docs.mkdir()
        total = 0
        for i in range(200):
            paras = [f"# Doc {i}"] + [vocab.text(rng, rng.randint(150, 900)) for _ in range(60)]
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


# In a process of its own (argv: checkout, store or '-', query): the median of 7 searches.
SEARCH_SNIPPET = """
import os, shutil, statistics, sys, tempfile, time
root, store, query = sys.argv[1:4]
sys.path.insert(0, root)
home = tempfile.mkdtemp()
os.environ.update(GRAPHMEM_HOME=home, GRAPHMEM_PROJECT_GROUP="bench")
from graphmem import paths
from graphmem.service import Memory
os.makedirs(os.path.dirname(paths.store_file()), exist_ok=True)
if store != "-":
    shutil.copyfile(store, paths.store_file())
memory = Memory.open(home)
memory.search(query, limit=10)
samples = []
for _ in range(7):
    start = time.perf_counter()
    memory.search(query, limit=10)
    samples.append((time.perf_counter() - start) * 1000)
print(statistics.median(samples))
shutil.rmtree(home)
"""


def compare_search(against: str, n: int = 100_000, rounds: int = 3) -> None:
    """Search for common words in process, this checkout against the graphmem checkout at
    `against`, on an empty store and at `n` episodes, in turns (a shared machine's load falls
    on both alike)."""
    from benchmarks.corpus import cached_store

    store = cached_store(n)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        for name, root in (("this", here), ("before", against)):
            for size, path in (("empty", "-"), (f"{n:,}", store)):
                out = subprocess.run(
                    [sys.executable, "-S", "-c", SEARCH_SNIPPET, root, path, COMMON_WORDS],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
                samples.setdefault((name, size), []).append(float(out))
    for (name, size), values in samples.items():
        report(f"search (common words), {size} episodes, {name}", statistics.median(values))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--against"]:  # python -m benchmarks.bench_core --against DIR
        compare_search(sys.argv[2])
    else:
        bench_processes()
        bench_search()
        bench_ingest()
