"""Realistic text for every benchmark store: a Zipf-like vocabulary and real-sized bodies.

Word frequencies in real text fall off with rank roughly as 1/rank^1.07 (Zipf): a few dozen
function words make up half of it, a few thousand domain words most of the rest, and a long tail
of names and identifiers is seen a handful of times each. A store of such text is what makes
"common words" common and rare words rare, so search and recall are timed as users pay them.
Bodies are sized like captured turns (a lognormal around 1.5 KB, capped at `episode_chars`).

Stores are cached under the temp dir, keyed by every parameter that shapes them: a 100k store
takes minutes to build on a shared 2-core machine, and a run copies the cached file.

    python -m benchmarks.corpus 100000    # build (or find) the cached store and print its path
"""

from __future__ import annotations

import bisect
import itertools
import math
import os
import random
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta

GENERATOR_VERSION = 1  # bump when the text changes: cached stores are keyed by it
GROUP = "bench"  # the project group of every benchmark store (config `project_group`)

# The most frequent English words, most frequent first (they take the top ranks).
COMMON = """the to and of a in is it that for you this we on with be as are not have can
but if or so at do was from by all will an just what there out up use one about should then
now when which would also more like only it's need them get some no i our let me into here
other than could any how make because see these new way want sure same check run still first
those each where add does did my after back change why been time over too thing right before
fix look their update test has work file""".split()

# Words of coding conversations, roughly most frequent first (the next ranks).
CODING = """code function error tests call value return line type list case config data
name files path module class method build set default version option command output input
string import field object key script issue server request response api user session cache
index query table column schema database store queue worker job task event handler hook
route endpoint client token auth login password secret deploy release branch commit merge
review docs readme changelog package dependency install environment variable flag argument
parser lexer token tree node graph edge entity fact memory episode search ranking score
result limit offset cursor page batch stream buffer file directory folder log logs trace
debug warning exception stack timeout retry backoff lock thread process signal socket port
host proxy header body payload json yaml toml csv parse format encode decode serialize
migration model view template component state props render style layout test fixture mock
stub assert coverage lint typecheck format ci pipeline docker image container volume
network service cluster node pod replica shard partition leader follower primary replica
backup restore snapshot checkpoint compaction vacuum wal journal transaction commit rollback
savepoint isolation deadlock contention latency throughput benchmark profile flamegraph
allocation garbage collector heap pointer reference counter metric gauge histogram alert
dashboard incident rollback hotfix patch bump pin upgrade downgrade vendor fork upstream
manifest lockfile registry wheel sdist binary artifact bucket object storage blob upload
download webhook callback listener subscriber publisher topic channel message envelope
invoice billing tenant account customer order payment refund ledger currency rounding tax
report export import sync drain spool outbox breaker probe health readiness liveness""".split()

_ONSETS = "b c d f g h j k l m n p r s t v w z br cr dr fl gr kl pl pr sk sl sp st tr".split()
_VOWELS = "a e i o u ai ea io ou".split()
_CODAS = ["", "", "n", "r", "s", "t", "l", "x", "nd", "rk", "st", "ng"]


def _tail_word(rng: random.Random) -> str:
    """A pronounceable made-up word: identifiers, names and jargon of the long tail."""
    syllables = rng.choice((2, 2, 3, 3, 4))
    return "".join(
        rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(syllables)
    ) + rng.choice(_CODAS)


class Vocabulary:
    """`size` words whose frequencies follow 1/rank^exponent, sampled fast by bisection."""

    def __init__(
        self,
        seed: int,
        size: int = 30_000,
        exponent: float = 1.07,
        head: Sequence[str] = (*COMMON, *CODING),
    ) -> None:
        rng = random.Random(seed)
        words = list(dict.fromkeys(head))
        seen = set(words)
        while len(words) < size:
            word = _tail_word(rng)
            if word not in seen:
                seen.add(word)
                words.append(word)
        self.words = words
        self.cum = list(itertools.accumulate(1 / (rank**exponent) for rank in range(1, size + 1)))

    def sample(self, rng: random.Random, k: int) -> list[str]:
        total = self.cum[-1]
        cum = self.cum
        words = self.words
        last = len(words) - 1
        return [words[min(bisect.bisect(cum, rng.random() * total), last)] for _ in range(k)]

    def sentence(self, rng: random.Random) -> str:
        words = self.sample(rng, rng.randint(6, 24))
        if rng.random() < 0.15:  # code spans and paths, as conversations about code have
            words[rng.randrange(len(words))] = rng.choice(
                (f"`{words[-1]}()`", f"src/{words[0]}/{words[-1]}.py", f"--{words[-1]}")
            )
        return words[0].capitalize() + " " + " ".join(words[1:]) + "."

    def text(self, rng: random.Random, chars: int) -> str:
        parts: list[str] = []
        used = 0
        while used < chars:
            sentence = self.sentence(rng)
            parts.append(sentence)
            used += len(sentence) + 1
        return " ".join(parts)


def body_chars(rng: random.Random, cap: int = 12_000) -> int:
    """A captured turn's size: lognormal, median ~1.5 KB, a long tail up to the episode cap."""
    return max(120, min(cap, int(rng.lognormvariate(math.log(1500), 0.8))))


def turn_body(vocab: Vocabulary, rng: random.Random) -> str:
    """A turn as capture renders it: the user's prompt, the agent's answer, the tools it used."""
    prompt = " ".join(vocab.sentence(rng) for _ in range(rng.randint(1, 3)))
    answer = vocab.text(rng, body_chars(rng))
    lines = [f"User: {prompt}", f"Assistant: {answer}"]
    if rng.random() < 0.6:
        a, b = vocab.sample(rng, 2)
        lines.append(f"Tools: edited src/{a}/{b}.py; ran `pytest -x -q tests/test_{b}.py` (ok)")
    return "\n".join(lines)


def episodes(n: int, group: str, seed: int, days: int = 365) -> Iterator[tuple[object, ...]]:
    """Rows for `episodes`: mostly turns (sessions of ~20), some kept memories, oldest first."""
    from graphmem.ids import digest, new_uuid

    vocab = Vocabulary(seed)
    rng = random.Random(seed)
    start = datetime.now(UTC) - timedelta(days=days)
    step = timedelta(days=days) / max(n, 1)
    session = ""
    for i in range(n):
        if i % 20 == 0:
            session = f"s{seed}-{i // 20}"
        if rng.random() < 0.1:
            kind, body = "memory", vocab.sentence(rng)
            name = body[:80]
        else:
            kind, body = "turn", turn_body(vocab, rng)
            name = f"claude-code {session[:8]}: {body[6:60]}"
        stamp = (start + step * i).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        yield (
            new_uuid(),
            group,
            name,
            body,
            "message" if kind == "turn" else "text",
            "",
            kind,
            "bench",
            session if kind == "turn" else None,
            stamp,
            digest(f"{name}\0{body}"),
        )


def cached_store(n: int, seed: int = 1, group: str = GROUP) -> str:
    """Path of a store holding `n` episodes of realistic text in `group` (built once, then reused
    from the temp dir)."""
    from graphmem.store import db

    key = f"v{GENERATOR_VERSION}-m{len(db.MIGRATIONS)}-n{n}-s{seed}-{group}"
    folder = os.path.join(tempfile.gettempdir(), "graphmem-bench-stores")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"store-{key}.db")
    if os.path.exists(path):
        return path
    partial = path + ".building"
    for leftover in (partial, partial + "-wal", partial + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    conn = db.connect(partial)
    with db.transaction(conn):
        conn.executemany(
            "INSERT INTO episodes (uuid, group_id, name, body, source, source_description, "
            "kind, origin, session_id, created_at, content_hash) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            episodes(n, group, seed),
        )
    from graphmem import semantic

    if semantic.available():  # the related words a session's end makes (`graphmem index`)
        semantic.relate_missing(conn)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    os.replace(partial, path)
    return path


def install_store(n: int, home: str, seed: int = 1) -> None:
    """Put a copy of the cached `n`-episode store where graphmem under GRAPHMEM_HOME=`home` looks,
    with the config that makes `home`'s projects use the store's group."""
    from graphmem import paths

    os.environ["GRAPHMEM_HOME"] = home
    target = paths.store_file()
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(cached_store(n, seed), target)
    os.chmod(target, 0o600)


def zipf_check(path: str) -> str:
    """One line on how Zipf-like a store is: the share of text its top words make up."""
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT body FROM episodes LIMIT 2000").fetchall()
    counts: dict[str, int] = {}
    for (body,) in rows:
        for word in body.lower().split():
            counts[word] = counts.get(word, 0) + 1
    ranked = sorted(counts.values(), reverse=True)
    total = sum(ranked)
    return (
        f"{len(ranked):,} distinct words in {len(rows)} bodies (mean {total // len(rows)} words); "
        f"top 10 words {sum(ranked[:10]) / total:.0%} of text, "
        f"top 1,000 {sum(ranked[:1000]) / total:.0%}"
    )


if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    store = cached_store(size)
    print(store)
    print(zipf_check(store))
