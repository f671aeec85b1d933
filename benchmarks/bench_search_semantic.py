"""Search with and without semantic neighbours: the share of each question's evidence in the top
results of `Memory.search` (what `graphmem search` and the agent's search tool return).

    python -m benchmarks.bench_search_semantic          # tuning grid, then held-out once
    python -m benchmarks.bench_search_semantic --tune   # the tuning splits only
    python -m benchmarks.bench_search_semantic --cost [N...]   # import, embedding and search
                                                               # costs at N episodes (10k, 100k)

The questions and stores are bench_recall's (every domain and split, three projects each).
Lexical is `Memory.search` as a hook would call it; hybrid is `Memory.search(semantic=True)`,
as the CLI and the tool call it with the semantic extra installed: its lexical candidates fused
with the episodes nearest the query by graphmem/semantic.py's embeddings (reciprocal-rank
fusion: 1/(k0 + lexical rank) + weight/(k0 + semantic rank), `semantic.DEPTH` of each). The
grid is run on the tuning splits only; the held-out splits are measured once with the best of
it, and with what graphmem/semantic.py ships when that differs (its floor on similarity was
chosen for another reason: see MIN_SIMILARITY).
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial
from types import ModuleType

from benchmarks.bench_recall import DOMAINS, RUNS, flat, print_rows
from benchmarks.recall_gen import PROJECT, Question, Split
from graphmem import semantic

TOPS = (10, 25)
GRID: list[Setting] = [(w, k0, 0.0, 0.0) for w in (0.5, 1.0, 2.0) for k0 in (5, 20, 60)]
GRID += [(1.0, 5, least, 0.0) for least in (0.1, 0.2, 0.3)]  # then floors under the best of those
GRID += [(1.0, 5, 0.1, share) for share in (0.5, 0.6, 0.7, 0.8)]

Ranker = Callable[[str, int], list[str]]  # query, limit -> bodies, best first
Setting = tuple[float, int, float, float]  # weight, k0, least similarity, least share of best
SHIPPED: Setting = (semantic.WEIGHT, semantic.K0, semantic.MIN_SIMILARITY, semantic.RELATIVE)


def label(weight: float, k0: int, least: float, share: float) -> str:
    return f"hybrid w={weight} k0={k0} min={least} rel={share}"


def shown(bodies: Sequence[str], q: Question) -> float:
    text = flat("\n".join(bodies))
    return sum(flat(e) in text for e in q.evidence) / len(q.evidence)


class Store:
    """A split's episodes in a fresh store, searched as `graphmem search` searches."""

    def __init__(self, split: Split, tmp: str) -> None:
        from graphmem.service import Memory

        os.environ["GRAPHMEM_HOME"] = os.path.join(tmp, "home")
        os.environ["GRAPHMEM_PROJECT_GROUP"] = PROJECT
        project = os.path.join(tmp, "project")
        os.makedirs(project)
        self.memory = memory = Memory.open(project)
        with memory.transaction():
            memory.write(split.episodes, {})
        semantic.embed_missing(memory.conn, budget_s=float("inf"))  # as after a few searches

    def lexical(self, query: str, limit: int) -> list[str]:
        return [h.episode.body for h in self.memory.search(query, limit=limit)]

    def hybrid(self, setting: Setting) -> Ranker:
        def rank(query: str, limit: int) -> list[str]:
            semantic.WEIGHT, semantic.K0, semantic.MIN_SIMILARITY, semantic.RELATIVE = setting
            hits = self.memory.search(query, limit=limit, semantic=True)
            return [h.episode.body for h in hits]

        return rank


def measure(
    spec: ModuleType, generate: Callable[[ModuleType, int], Split], settings: Sequence[Setting]
) -> dict[str, dict[str, list[float]]]:
    """label -> kind -> evidence share of each question, over RUNS projects."""
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for run in range(RUNS):
        split = generate(spec, run)
        with tempfile.TemporaryDirectory() as tmp:
            store = Store(split, tmp)
            rankers: dict[str, Ranker] = {"lexical": store.lexical}
            for setting in settings:
                rankers[label(*setting)] = store.hybrid(setting)
            for name, rank in rankers.items():
                for q in split.questions:
                    bodies = rank(q.text, max(TOPS))
                    for top in TOPS:
                        found = shown(bodies[:top], q)
                        rows[f"{name} top {top}"][q.kind].append(found)
                        rows[f"{name} top {top}"]["all"].append(found)
            store.memory.close()
    return rows


def table(title: str, kinds: Sequence[str], rows: dict[str, dict[str, list[float]]]) -> None:
    print(f"\n{title}")
    print_rows(kinds, rows, 36)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def accuracy(argv: Sequence[str]) -> None:
    tuned: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for domain, (generate, tune, _, kinds, _) in DOMAINS.items():
        rows = measure(tune, generate, GRID)
        table(f"{domain}, tuning split ({RUNS} projects)", kinds, rows)
        for name, by_kind in rows.items():
            tuned[name][domain] = by_kind["all"]
    # the setting with the best mean over both domains and both tops, on the tuning splits only
    best = max(
        [label(*s) for s in GRID],
        key=lambda s: sum(mean(tuned[f"{s} top {t}"][d]) for t in TOPS for d in DOMAINS),
    )
    print(f"\nbest on the tuning splits: {best}; shipped: {label(*SHIPPED)}")
    if "--tune" in argv:
        return
    chosen = next(s for s in GRID if label(*s) == best)
    for domain, (generate, _, held_out, kinds, _) in DOMAINS.items():
        for name, spec in held_out.items():
            rows = measure(spec, generate, list(dict.fromkeys([chosen, SHIPPED])))
            table(f"{domain}, {name} (never tuned on; {RUNS} projects)", kinds, rows)


IMPORT_SNIPPET = """
import time
start = time.perf_counter()
from graphmem import semantic
semantic.model().embed(["warm"])
print((time.perf_counter() - start) * 1000)
"""
QUERIES = (
    "Refactor the cache index so the parser stops re-reading the manifest on every query",
    "why are the money sums off by a cent",
)


def exact_share(conn: sqlite3.Connection, groups: list[str], queries: Sequence[str]) -> float:
    """The mean share of each query's exact nearest (as a search that read every vector found
    them: DEPTH, the floors) that `semantic.nearest` finds, first pass and rescoring."""
    import numpy as np

    from graphmem.store import vectors

    rows = [(i, v) for i, g, v in vectors.everything(conn) if g in groups]
    ids = np.array([i for i, _ in rows])
    matrix = np.frombuffer(b"".join(v for _, v in rows), dtype=semantic.STORED)
    matrix = matrix.reshape(len(rows), semantic.DIMS).astype(np.float32)
    shares = []
    for query in queries:
        scores = matrix @ semantic.model().embed([query])[0]
        best = np.argsort(-scores)[: semantic.DEPTH]
        least = max(semantic.MIN_SIMILARITY, semantic.RELATIVE * float(scores[best[0]]))
        exact = {int(ids[i]) for i in best if scores[i] >= least}
        found = semantic.nearest(conn, groups, query, semantic.DEPTH)
        shares.append(len(exact & set(found)) / len(exact) if exact else 1.0)
    return mean(shares)


def cost(sizes: Sequence[int]) -> None:
    """What the extra costs: its import and model load (a process pays it once), embedding a
    store's episodes (once, on the first semantic search), a search's latency with it (a new
    process's first search, which reads the blocks, and again, as a long-lived server searches),
    and how much of the exact nearest neighbours the first pass leaves to rescoring."""
    import statistics
    import subprocess

    from benchmarks.corpus import install_store
    from benchmarks.timing import clock, graphmem_argv, median_ms, process_ms, report

    python = process_ms([sys.executable, "-S", "-c", "pass"])
    report("process: python -S -c pass", python)
    loads = [
        float(subprocess.check_output([sys.executable, "-c", IMPORT_SNIPPET], text=True))
        for _ in range(7)
    ]
    report("import graphmem.semantic + model load (in process)", statistics.median(loads))
    from graphmem.service import Memory

    questions: dict[str, list[str]] = {"tuning": [], "held-out": []}
    for generate, tune, held_out, _, _ in DOMAINS.values():  # a first project's questions each
        questions["tuning"] += [q.text for q in generate(tune, 0).questions]
        for spec in held_out.values():
            questions["held-out"] += [q.text for q in generate(spec, 0).questions]

    def first_search(memory: Memory, query: str) -> None:  # as `graphmem search` does
        semantic.KEEP = False
        semantic._READ.clear()
        memory.search(query, limit=10, semantic=True)

    def again(memory: Memory, query: str) -> None:  # as `graphmem mcp` does
        semantic.KEEP = True
        memory.search(query, limit=10, semantic=True)

    def whole(n: int, home: str) -> None:  # what a person waits for: the whole command
        for q in QUERIES:
            for on in ("false", "true"):
                env = {"GRAPHMEM_HOME": home, "GRAPHMEM_SEMANTIC": on}
                took = process_ms(graphmem_argv("search", q), env=env, repeat=5)
                report(f"{n:,} episodes: process graphmem search '{q[:12]}…', semantic={on}", took)

    with tempfile.TemporaryDirectory() as home:
        whole(0, home)
    for n in sizes:
        with tempfile.TemporaryDirectory() as home:
            install_store(n, home)
            os.environ["GRAPHMEM_PROJECT_GROUP"] = "bench"
            memory = Memory.open(home)
            start = clock()
            done = semantic.embed_missing(memory.conn, budget_s=float("inf"))
            report(f"{n:,} episodes: embed {done:,} (once)", (clock() - start) * 1000)
            for q in QUERIES:
                words = f"'{q[:28]}…'"
                lexical = median_ms(partial(memory.search, q, limit=10), repeat=7)
                first = median_ms(partial(first_search, memory, q), repeat=7)
                kept = median_ms(partial(again, memory, q), repeat=7)
                report(f"{n:,} episodes: search {words}, lexical", lexical)
                report(f"{n:,} episodes: search {words}, semantic", first)
                report(f"{n:,} episodes: search {words}, semantic again", kept)
            for split, texts in questions.items():
                share = exact_share(memory.conn, memory.groups("all"), texts)
                report(f"{n:,} episodes: exact {semantic.DEPTH} nearest found, {split}", share, "")
            whole(n, home)
            memory.close()


def main(argv: Sequence[str]) -> None:
    if "--cost" in argv:
        cost([int(a) for a in argv if a.isdigit()] or [10_000, 100_000])
        return
    accuracy(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
