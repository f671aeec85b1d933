"""Semantic neighbours for search, with the optional `semantic` extra (`pip install
'graphmem[semantic]'`): what finds a memory asked about in other words than its own.

The model is wordllama's static token embeddings (256 dims, shipped in its wheel, so nothing is
downloaded): a text's vector is the mean of its tokens' vectors, normalised. Only its files are
read, through tokenizers and safetensors; `wordllama` itself is never imported (its loader
reaches for the network when its tokenizer is not where it looks, and its imports cost ~0.3 s).

Used by `graphmem search` and the agent's search tool only, never by a hook: lexical matches and
the nearest episodes are fused by reciprocal rank (`fuse`), tuned in
benchmarks/bench_search_semantic.py on the tuning splits.
"""

from __future__ import annotations

import importlib.util
import os
import sqlite3
from collections.abc import Hashable, Iterator, Sequence
from functools import cached_property
from itertools import chain
from typing import TYPE_CHECKING, TypeVar

from graphmem.store import db, related, vectors

if TYPE_CHECKING:
    import numpy as np

WEIGHTS = ("weights", "l2_supercat_256.safetensors")
TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")
DIMS = 256
# The exact vectors, what a search rescores: half the bytes of float32 (512 B a vector), with the
# same ranks on every split.
STORED = "float16"
DEPTH = 50  # candidates each side brings to the fusion
WEIGHT = 1.0  # of a semantic rank against a lexical one
K0 = 5  # reciprocal-rank constant: small, so the first few of each side lead
# A neighbour less similar (cosine) than MIN_SIMILARITY, or than RELATIVE x the nearest's, is no
# match at all: a search for what was never stored can still say so, and a good match is not
# followed by unrelated texts (they score -0.1 to 0.2 here). The best of the floors tried on the
# tuning splits; with none at all, search finds a little more there (benchmarks/
# bench_search_semantic.py) but every query finds something.
MIN_SIMILARITY = 0.1
RELATIVE = 0.5
# A search's first pass reads each vector's int8 code (half the bytes of float16, a few large
# blobs: graphmem/store/vectors.py) and rescores its best RESCORE from the exact vectors. At 100k
# episodes the best 100 by code held every one of the exact 50 nearest of the tuning questions
# (the best 50: 0.98). Codes of the first 128 dims only (l2_supercat is Matryoshka-trained) read
# half as much but held 0.89 of them in the best 1,000.
CODE_SCALE = 360.0  # |a unit vector's dim| stays under 0.35 (99.99% under 0.26)
RESCORE = 300
# Related words (graphmem/store/related.py): a word is near another at this cosine or more. The
# best of 0.40-0.55 on the tuning splits (benchmarks/bench_recall.py); below it neighbours are
# mostly words that share a token ("boss" and "bake"), above it few words have any.
RELATED = 0.45
# Of those, a new word keeps its nearest RELATED_MOST on each side (the model's words, the
# episodes'): made-up identifiers that share a token are near hundreds of others.
RELATED_MOST = 8
RELATE_EPISODES = 2_000  # episodes whose words are related per write
RELATE_ROWS = 512  # new words compared at once: 512 x ~20k similarities, ~40 MB
BATCH = 256  # episodes embedded per write (~0.2 s)
EMBED_S = 2.0  # a search embeds for at most about this long: a large store is embedded over
# several searches, its newest episodes first (~0.7 ms an episode of a typical turn's size)

K = TypeVar("K", bound=Hashable)


def _package_dir() -> str | None:
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        return None
    return next(iter(spec.submodule_search_locations))


def available() -> bool:
    """Whether the extra is installed: the model's files and the libraries that read them."""
    root = _package_dir()
    if root is None or not all(
        importlib.util.find_spec(m) for m in ("numpy", "tokenizers", "safetensors")
    ):
        return False
    return all(os.path.exists(os.path.join(root, *f)) for f in (WEIGHTS, TOKENIZER))


class Model:
    """The embedding table and its tokenizer (~0.15 s to load)."""

    def __init__(self) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        root = _package_dir()
        if root is None:
            raise ImportError("the semantic extra is not installed")
        self.table = load_file(os.path.join(root, *WEIGHTS))["embedding.weight"]
        self.tokenizer = Tokenizer.from_file(os.path.join(root, *TOKENIZER))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()

    @cached_property
    def words(self) -> list[str]:
        """The words the tokenizer knows whole (~10k, English and other languages'): those a
        prompt may use that no episode has, related to the episodes' own."""
        import re

        whole = (t[1:].lower() for t in self.tokenizer.get_vocab() if t.startswith("\u2581"))
        return sorted({w for w in whole if re.fullmatch(_RELATABLE, w)})

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One unit float32 vector per text (zeros for a text with no tokens)."""
        import numpy as np

        out = np.zeros((len(texts), DIMS), dtype=np.float32)
        encoded = self.tokenizer.encode_batch(list(texts), add_special_tokens=False)
        last = len(self.table) - 1
        for i, enc in enumerate(encoded):
            if enc.ids:
                out[i] = self.table[np.clip(enc.ids, 0, last)].mean(axis=0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1, norms)


_MODEL: Model | None = None


def model() -> Model:
    """The model, loaded once per process (a long-lived server pays it once)."""
    global _MODEL
    if _MODEL is None:
        _MODEL = Model()
    return _MODEL


def codes(vectors: np.ndarray) -> np.ndarray:
    """The first pass's code of each unit vector: int8, CODE_SCALE to one."""
    import numpy as np

    scaled = np.rint(vectors.astype(np.float32) * CODE_SCALE)
    return np.clip(scaled, -127, 127).astype(np.int8)


def embed_missing(conn: sqlite3.Connection, budget_s: float | None = None) -> int:
    """Embed the episodes without a vector (every group's: each once), newest first, a batch at
    least and for about `budget_s` (EMBED_S) seconds at most; how many were. Vectors stored
    before blocks are packed first, and deleted episodes' slots dropped."""
    import time

    _pack_unpacked(conn)
    if vectors.has_dead_slots(conn):
        with db.transaction(conn):
            vectors.drop_dead_slots(conn)
    done = 0
    stop = time.monotonic() + (EMBED_S if budget_s is None else budget_s)
    while rows := vectors.missing(conn, BATCH):
        found = model().embed([body for *_, body in rows])
        stored, coded = found.astype(STORED), codes(found)
        # each batch its own short write (hooks may be waiting to capture); a vector can be made
        # again, so it need not survive a power cut
        with db.transaction(conn, durable=False):
            done += vectors.put(
                conn,
                [
                    (i, g, h, v.tobytes(), c.tobytes())
                    for (i, g, h, _), v, c in zip(rows, stored, coded, strict=True)
                ],
            )
        if time.monotonic() >= stop:
            break
    return done


_RELATABLE = "[a-z]{3,}"  # words worth relating: shorter ones are mostly pieces and stopwords


def relate_missing(conn: sqlite3.Connection) -> int:
    """Relate the words of the episodes stored since the last run (each word once) to the words
    a prompt may use: the model's whole words and the episodes' own; how many new words were
    related. Each pass of RELATE_EPISODES is its own write: one cut short loses no other."""
    import re

    import numpy as np

    from graphmem.store import episodes as ep

    if not related.waiting(conn):
        return 0
    general = model().words
    general_vecs = model().embed(general)
    known = related.done(conn)
    known_vecs = _embed_words(known)
    added = 0
    while rows := related.episodes_after(conn, related.upto(conn), RELATE_EPISODES):
        found = {w for _, body in rows for w in ep.words(body) if re.fullmatch(_RELATABLE, w)}
        new = sorted(found.difference(known))
        triples: list[tuple[str, str, float]] = []
        for start in range(0, len(new), RELATE_ROWS):
            part = new[start : start + RELATE_ROWS]
            mine = _embed_words(part)
            known += part  # first: new words are near each other too
            known_vecs = np.concatenate([known_vecs, mine])
            triples += _near_pairs(part, mine, general, general_vecs, both=False)
            triples += _near_pairs(part, mine, known, known_vecs, both=True)
        with db.transaction(conn, durable=False):  # made again if lost: no need to wait for disk
            related.put(conn, triples, new, rows[-1][0])
        added += len(new)
    return added


def _embed_words(words: Sequence[str]) -> np.ndarray:
    import numpy as np

    return model().embed(words) if words else np.zeros((0, DIMS), dtype=np.float32)


def _near_pairs(
    words: Sequence[str],
    vecs: np.ndarray,
    others: Sequence[str],
    other_vecs: np.ndarray,
    both: bool,
) -> list[tuple[str, str, float]]:
    """(prompt word, episode word, similarity) for each of `others` near one of `words` (the
    episodes' new words); `both`: `others` are episode words too, so each pair goes both ways."""
    import numpy as np

    if not len(others):
        return []
    sims = vecs @ other_vecs.T
    pairs = []
    for i, row in enumerate(sims):
        near = np.nonzero(row >= RELATED)[0]
        for j in near[np.argsort(-row[near])][: RELATED_MOST + 1]:  # +1: the word itself
            word, other, sim = words[i], others[j], float(row[j])
            if word != other:
                pairs.append((other, word, sim))
                if both:
                    pairs.append((word, other, sim))
    return pairs


def _pack_unpacked(conn: sqlite3.Connection) -> None:
    """Pack the vectors a store kept before blocks existed (once: ~1-2 s at 100k episodes)."""
    if not vectors.unpacked(conn):
        return
    import numpy as np

    with db.transaction(conn):
        if not vectors.unpacked(conn):  # another process packed them meanwhile
            return
        rows = vectors.everything(conn)
        stored = np.frombuffer(b"".join(v for *_, v in rows), dtype=STORED).reshape(-1, DIMS)
        coded = codes(stored)
        vectors.pack(conn, [(i, g, c.tobytes()) for (i, g, _), c in zip(rows, coded, strict=True)])


# What a long-lived process (`graphmem mcp`, which sets KEEP) read of each store's blocks:
# (store file, group) -> block -> (token, ids, codes). It reads a block again only when its token
# changed (slots added or dropped), so a search there reads only what was embedded since the last
# one (~25 MB kept at 100k), and forgets the blocks that are gone. A process that searches once
# keeps none: each block's memory serves the next (26 MB of fresh pages cost ~10 ms of faults).
KEEP = False
_READ: dict[tuple[str, str], dict[int, tuple[int, np.ndarray, np.ndarray]]] = {}


def _blocks(
    conn: sqlite3.Connection, groups: Sequence[str]
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(ids, codes) of every block of `groups`, from this process's copy where it is current."""
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    # blocks read through a memory map, not a read() a page: ~35% less time (SQLite caps it at 2 GB)
    conn.execute(f"PRAGMA mmap_size = {2**31}")
    listed: dict[str, list[tuple[int, int]]] = {group: [] for group in groups}
    for block, group, token in vectors.blocks(conn, groups):
        listed[group].append((block, token))
    for group, blocks in listed.items():
        kept, current = _READ.get((path, group), {}), {}
        for block, token in blocks:
            copy = kept.get(block)
            if copy is None or copy[0] != token:
                row = vectors.block(conn, block)
                if row is None:  # rewritten away since it was listed
                    continue
                import numpy as np  # only once there is something to read: not for an empty store

                ids = np.frombuffer(row[1], dtype=np.int64)
                coded = np.frombuffer(row[2], dtype=np.int8).reshape(len(ids), DIMS)
                copy = (row[0], ids, coded)
            if KEEP:
                current[block] = copy
            yield copy[1:]
        _READ[(path, group)] = current


def nearest(conn: sqlite3.Connection, groups: Sequence[str], query: str, limit: int) -> list[int]:
    """Ids of the embedded episodes of `groups` nearest `query`, nearest first (forgotten ones
    too: the caller shows only what may be shown). A first pass over every episode's code
    keeps the best RESCORE (all of them in a store of fewer), ranked by their exact vectors."""
    blocks = _blocks(conn, groups)
    head = next(blocks, None) if limit > 0 else None
    if head is None:
        return []
    import numpy as np

    wanted = model().embed([query])[0]
    parts, first = [], []
    for block_ids, coded in chain([head], blocks):
        parts.append(block_ids)
        first.append(coded.astype(np.float32) @ wanted)
    ids = np.concatenate(parts)
    if len(ids) > RESCORE:
        ids = ids[np.argpartition(-np.concatenate(first), RESCORE - 1)[:RESCORE]]
    rows = vectors.exact(conn, ids.tolist())
    if not rows:
        return []
    found = np.fromiter((i for i, _ in rows), dtype=np.int64, count=len(rows))
    matrix = np.frombuffer(b"".join(v for _, v in rows), dtype=STORED).reshape(-1, DIMS)
    scores = matrix.astype(np.float32) @ wanted
    if limit < len(found):
        best = np.argpartition(-scores, limit - 1)[:limit]
    else:
        best = np.arange(len(found))
    best = best[np.argsort(-scores[best])]
    least = max(MIN_SIMILARITY, RELATIVE * float(scores[best[0]]))
    return [int(found[i]) for i in best if scores[i] >= least]


def fuse(lexical: Sequence[K], semantic: Sequence[K], limit: int) -> list[tuple[K, float]]:
    """Reciprocal-rank fusion of two rankings, best first, with each key's fused score."""
    score: dict[K, float] = {}
    for weight, ranking in ((1.0, lexical), (WEIGHT, semantic)):
        for rank, key in enumerate(ranking, start=1):
            score[key] = score.get(key, 0.0) + weight / (K0 + rank)
    return sorted(score.items(), key=lambda kv: kv[1], reverse=True)[:limit]
