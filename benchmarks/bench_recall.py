"""Recall accuracy: the share of each question's evidence in the block the model is shown.

    python -m benchmarks.bench_recall           # both splits, 2,000 and 8,000 chars, vs bm25
    python -m benchmarks.bench_recall --tune    # the tuning split only (what ranking is tuned on)

Each split's episodes go into a fresh store; each question is then the first prompt of a new
session, sent through the real UserPromptSubmit path (`graphmem.hooks.dispatch.handle`, what the
hook process runs after reading stdin), and the evidence sentences are looked for in the
`additionalContext` it answers. The block budget is set through `context_window` (5% of it, x4
chars). The baseline is plain SQLite FTS5 bm25 over the turns, nothing else: the best-ranked turns,
whole, until the same number of chars. The held-out split (benchmarks/recall_heldout.py) is
never tuned on.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from types import ModuleType

from benchmarks import recall_heldout, recall_tune
from benchmarks.recall_gen import PROJECT, Question, Split, generate
from graphmem.store import episodes as ep

BUDGETS = (2_000, 8_000)
RUNS = 3  # projects per split: the same topics placed anew, so placement luck averages out
KINDS = ("direct", "paraphrase", "multi", "changed", "never")
_SPACE = re.compile(r"\s+")


def flat(text: str) -> str:
    return _SPACE.sub(" ", text)


def share(block: str, question: Question) -> float:
    shown = flat(block)
    return sum(flat(e) in shown for e in question.evidence) / len(question.evidence)


def load_store(split: Split, project: str) -> None:
    from graphmem.service import Memory

    memory = Memory.open(project)
    with memory.transaction():
        memory.write(split.episodes, {})
    memory.close()


def graphmem_block(project: str, budget: int) -> Callable[[int, str], str]:
    from graphmem.hooks.dispatch import handle

    os.environ["GRAPHMEM_CONTEXT_WINDOW"] = str(budget * 5)  # budget = window x 5% x 4 chars

    def ask(i: int, prompt: str) -> str:
        payload = {
            "session_id": f"question-{budget}-{i}",
            "cwd": project,
            "hook_event_name": "UserPromptSubmit",
            "prompt": prompt,
        }
        answer = handle("UserPromptSubmit", json.dumps(payload).encode())
        return json.loads(answer)["hookSpecificOutput"]["additionalContext"] if answer else ""

    return ask


def bm25_block(split: Split, budget: int) -> Callable[[int, str], str]:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE turns USING fts5 (body, tokenize='porter unicode61')")
    conn.executemany(
        "INSERT INTO turns (body) VALUES (?)",
        [(e.body,) for e in split.episodes if e.kind == "turn"],
    )

    def ask(_: int, prompt: str) -> str:
        match = ep.fts_query(prompt)
        if match is None:
            return ""
        rows = conn.execute(
            "SELECT body FROM turns WHERE turns MATCH ? ORDER BY bm25(turns) LIMIT 50", (match,)
        )
        return "\n".join(flat(body) for (body,) in rows)[:budget]

    return ask


def score(questions: Sequence[Question], ask: Callable[[int, str], str]) -> dict[str, list[float]]:
    by_kind: dict[str, list[float]] = defaultdict(list)
    for i, q in enumerate(questions):
        found = share(ask(i, q.text), q)
        by_kind[q.kind].append(found)
        by_kind["all"].append(found)
    return by_kind


def measure(split: Split) -> dict[str, dict[str, list[float]]]:
    """Per block (graphmem or bm25, each budget): the evidence share of each question, by kind."""
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GRAPHMEM_HOME"] = os.path.join(tmp, "home")
        os.environ["GRAPHMEM_PROJECT_GROUP"] = PROJECT
        project = os.path.join(tmp, "project")
        os.makedirs(project)
        load_store(split, project)
        rows = {}
        for budget in BUDGETS:
            rows[f"graphmem {budget:,}"] = score(split.questions, graphmem_block(project, budget))
            rows[f"bm25     {budget:,}"] = score(split.questions, bm25_block(split, budget))
        return rows


def run(name: str, spec: ModuleType) -> None:
    """The split's topics in RUNS projects of their own; shares over all their questions."""
    total: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    turns = questions = 0
    for i in range(RUNS):
        split = generate(spec, i)
        turns += sum(e.kind == "turn" for e in split.episodes)
        questions += len(split.questions)
        for label, by_kind in measure(split).items():
            for kind, found in by_kind.items():
                total[label][kind] += found
    print(f"\n{name}: {RUNS} projects, {turns} turns, {questions} questions")
    print(f"{'':<22}" + "".join(f"{k:>11}" for k in ("all", *KINDS)))
    for label, by_kind in total.items():
        cells = "".join(
            f"{sum(by_kind[k]) / len(by_kind[k]):>11.3f}" if by_kind[k] else f"{'-':>11}"
            for k in ("all", *KINDS)
        )
        print(f"{label:<22}{cells}", flush=True)


def main(argv: Sequence[str]) -> None:
    run("tuning split (recall_tune)", recall_tune)
    if "--tune" not in argv:
        run("held-out split (recall_heldout, never tuned on)", recall_heldout)


if __name__ == "__main__":
    main(sys.argv[1:])
