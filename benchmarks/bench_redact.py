"""Benchmark graphmem.redact: 100 KB of ordinary transcript text and 100 KB dense with secrets.

Run from the repository root: `python benchmarks/bench_redact.py [--repeats N]`.
Prints the median time per 100 KB and the import time of graphmem.redact.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.data when run as a script

from graphmem.redact import redact
from tests.data.redaction_corpus import LOOKALIKES, SECRETS

SIZE = 100_000

# What a coding session's captures look like: prose, tool calls, code, paths, hashes, JSON. The
# words key, token, secret and password appear the way they do in ordinary work, so the expensive
# assignment rule is not skipped by its cheap pre-check.
_ORDINARY = """\
I'll start by reading the configuration loader to see where the token budget is applied.
$ rg -n "token_budget" graphmem/ tests/
graphmem/recall.py:41:    token_budget: int = 2_000
tests/test_recall.py:88:def test_budget_counts_tokens_not_characters() -> None:
The recall path sorts by score, then dedupes on the episode key before trimming to the budget.
```python
def rank(episodes: list[Episode], query: str) -> list[Episode]:
    scored = [(score(e, query), e) for e in episodes]
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return [e for _, e in scored]
```
{"tool": "Bash", "input": {"command": "git log --oneline -3"}, "output": "4f2c9e1 Fix recall \
ranking\\n9a81b3d Add outbox retries\\n1c0de42 Initial store"}
The user asked to keep the password reset flow untouched; only the session cache key changes.
Edited /home/dev/projects/graphmem/graphmem/store/sqlite.py (+12 -3) at 2024-06-11T10:22:31Z.
See https://github.com/getzep/graphiti/issues/498 and http://localhost:8000/mcp/ for details.
Tests: 214 passed, 3 skipped in 8.41s. Coverage 91%. Next: wire the secret redaction into capture.
"""


def _fill(chunks: list[str]) -> str:
    """About SIZE characters of the chunks, cycled; whole chunks, so no secret is cut in half."""
    picked: list[str] = []
    size = 0
    for chunk in itertools.cycle(chunks):
        if size >= SIZE:
            break
        picked.append(chunk)
        size += len(chunk) + 1
    return "\n".join(picked)


def _median_ms(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _import_ms(runs: int = 7) -> tuple[float, float]:
    """Median (self, cumulative) ms of importing graphmem.redact in a fresh interpreter, from
    `python -X importtime`. Bytecode is cached in a temporary prefix (as it would be in an
    installed package) even when PYTHONDONTWRITEBYTECODE is set here."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        samples = [_import_sample(env) for _ in range(runs + 1)][1:]  # the first one writes .pyc
    return (
        statistics.median(self_us for self_us, _ in samples) / 1000,
        statistics.median(cumulative_us for _, cumulative_us in samples) / 1000,
    )


def _import_sample(env: dict[str, str]) -> tuple[int, int]:
    stderr = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import graphmem.redact"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stderr
    line = next(ln for ln in stderr.splitlines() if ln.rstrip().endswith("graphmem.redact"))
    self_us, cumulative_us = line.split(":", 1)[1].split("|")[:2]
    return int(self_us), int(cumulative_us)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=31)
    repeats = parser.parse_args().repeats
    texts = {
        "ordinary transcript": _fill([_ORDINARY]),
        "transcript + look-alikes": _fill([_ORDINARY, *LOOKALIKES]),
        "dense with secrets": _fill([case.text for case in SECRETS]),
    }
    bare = _median_ms(functools.partial(subprocess.run, [sys.executable, "-S", "-c", "pass"]), 15)
    print(f"python -S -c pass: median {bare:.2f} ms (the unit of the ratios below)")
    for label, text in texts.items():
        replaced = sum(redact(text).counts.values())
        median = _median_ms(functools.partial(redact, text), repeats)
        print(
            f"{label:26} 100 KB, {replaced:4} redactions: median {median:6.2f} ms"
            f" ({median / bare:.2f}x)"
        )
    self_ms, cumulative_ms = _import_ms()
    print(
        f"import graphmem.redact: median self {self_ms:.2f} ms ({self_ms / bare:.2f}x), "
        f"cumulative {cumulative_ms:.2f} ms (re and functools included)"
    )


if __name__ == "__main__":
    main()
