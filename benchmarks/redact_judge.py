"""A small learned judge for redaction, measured leave-one-split-out (issue 13, round 9).

    python -m benchmarks.redact_judge [--buckets N] [--threshold T ...]

Every labelled redaction split (the tuning split and held-out 1..12, by thirteen authors) is
training data. A candidate is a run of token characters (>= 8, letters mixed with digits or
case); it is positive when it overlaps a secret of its case. Its features are strings hashed into
`--buckets` weights: the VALUE's shape (length, character classes, entropy, class transitions,
vowel and common-bigram share, symbols, a prefix before `_`/`-`, what the rules' value judge says
of it) and its CONTEXT (the separator before it, the name before it as the rules classify it, the
words of its line split into pieces and 4-grams, the words after it, the label of a key block it
is in, the previous line's words when the value stands alone). A logistic regression is trained
by plain SGD (seeded, deterministic, standard library only).

Leave-one-split-out: for each of held-out 1..12, train on the tuning split and the eleven others,
then judge the split left out, whose author wrote nothing the model saw. Printed per split, caught
and intact of (a) the rules alone, (b) the judge alone, (c) rules then judge (the judge re-reads
what the rules kept) and (d) (c) plus a veto (a rule's redaction is undone when the judge scores
every candidate in it below `--veto`). (a) is flattered: the rules read every split; (b) and the
gain of (c) over (a) are the honest parts.

    python -m benchmarks.redact_judge --real DIR... [--every N]

judges real files instead (the rules' output of every Nth file, by the judge trained on every
split): what it would add there is false positives to read.

Held-out 13 is never read here: it is held out for the lead's measurement after this round.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import re
import sys
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.data when run as a script

from benchmarks import redact_accuracy as acc
from graphmem.redact import _inside_marker, redact
from graphmem.redact.names import _classify_name
from graphmem.redact.rule import MARKER_PREFIX
from graphmem.redact.values import _is_placeholder, _looks_generated, _looks_random

Secret = acc.Secret
SPLITS: tuple[tuple[str, Callable[[], tuple[list[Secret], list[tuple[str, str]]]]], ...] = (
    ("held-out", acc.heldout),
    ("held-out 2", acc.heldout2),
    ("held-out 3", acc.heldout3),
    ("held-out 4", acc.heldout4),
    ("held-out 5", acc.heldout5),
    ("held-out 6", acc.heldout6),
    ("held-out 7", acc.heldout7),
    ("held-out 8", acc.heldout8),
    ("held-out 9", acc.heldout9),
    ("held-out 10", acc.heldout10),
    ("held-out 11", acc.heldout11),
    ("held-out 12", acc.heldout12),
)  # never held-out 13: it is measured once, after this round, by the lead

_CANDIDATE = re.compile(r"[A-Za-z0-9+/_\-.!*%@^$~#]{8,512}={0,2}")
_NAME = re.compile(r"[^\W\d][\w.\-]{1,60}")
_WORD = re.compile(r"[^\W\d_]{2,40}")
_PIECE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[^\W\d_A-Za-z]+")
_BIGRAMS = frozenset(
    "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve "
    "co me de hi ri ro ic ne ea ra ce li ch ll be ma si om ur".split()
)
_SEP_STRIP = " \t"
BUCKETS = 16384
_CLOSERS = " \"'`,;.)}]"


def candidates(text: str) -> list[tuple[int, int]]:
    """Spans worth judging: runs of token characters with letters and digits, or mixed case."""
    out = []
    for m in _CANDIDATE.finditer(text):
        start, end = m.span()
        while end > start and text[end - 1] in ".!*%@^$~#-/":
            end -= 1  # a sentence's full stop, a path's slash
        value = text[start:end]
        if len(value) < 8 or _inside_marker(text, start):
            continue
        letters = any(c.isalpha() for c in value)
        digits = any(c.isdigit() for c in value)
        # a case change after the first letter: not a capitalised word
        cases = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
        if letters and (digits or (cases and len(value) >= 10)):
            out.append((start, end))
    return out


def _pieces(words: Sequence[str]) -> list[str]:
    return [p.lower() for w in words for p in _PIECE.findall(w) if len(p) > 1]


def features(text: str, start: int, end: int) -> list[str]:
    v = text[start:end]
    n = len(v)
    up = sum(c.isupper() for c in v)
    lo = sum(c.islower() for c in v)
    dg = sum(c.isdigit() for c in v)
    sy = n - up - lo - dg
    counts: dict[str, int] = {}
    for c in v:
        counts[c] = counts.get(c, 0) + 1
    ent = -sum(k / n * math.log2(k / n) for k in counts.values())
    classes = [
        ("U" if c.isupper() else "L" if c.islower() else "D" if c.isdigit() else "S") for c in v
    ]
    trans = sum(a != b for a, b in itertools.pairwise(classes))
    letters = [c.lower() for c in v if c.isalpha()]
    vowels = sum(c in "aeiou" for c in letters) / max(1, len(letters))
    bigr = [a + b for a, b in itertools.pairwise(letters)]
    common = sum(b in _BIGRAMS for b in bigr) / max(1, len(bigr))
    run = max((len(r) for r in re.findall(r"[A-Za-z]+", v)), default=0)
    shape = re.sub(r"(.)\1+", r"\1", "".join(classes))
    f = [
        "bias",
        f"len:{min(n.bit_length(), 8)}",
        f"cls:{'U' * (up > 0)}{'L' * (lo > 0)}{'D' * (dg > 0)}{'S' * (sy > 0)}",
        f"ent:{min(int(ent * 2), 12)}",
        f"entr:{int(10 * ent / math.log2(n))}",
        f"tr:{int(6 * trans / n)}",
        f"vow:{int(5 * vowels)}",
        f"big:{int(5 * common)}",
        f"run:{int(5 * run / n)}",
        f"shape:{shape[:5]}",
        f"dg:{int(4 * dg / n)}",
    ]
    if all(c in "0123456789abcdef" for c in v.lower()):
        f.append("hex" + ("U" if up else ""))
    if re.fullmatch(r"[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}", v):
        f.append("uuid")
    f += sorted({f"sym:{c}" for c in v if not c.isalnum()})
    pre = re.match(r"([A-Za-z]{2,8}\d?)[_\-.]", v)
    if pre:
        f.append(f"pre:{pre.group(1).lower()}")
    if v.count("/") >= 2 or v.startswith(("/", "./", "~/")):
        f.append("path")
    if re.fullmatch(r"([A-Za-z][a-z]+)+([A-Z][a-z]+|\d+)*", v) or re.fullmatch(
        r"[a-z]+([_\-.][a-z0-9]+)+", v
    ):
        f.append("identifier")
    # what the rules' own value judge says of it
    f += [
        f"rule:{n}"
        for n, ok in (
            ("gen", _looks_generated(v)),
            ("rand", _looks_random(v)),
            ("ph", _is_placeholder(v)),
        )
        if ok
    ]
    # context
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end
    before, after = text[line_start:start], text[end:line_end]
    sep = before.rstrip(_SEP_STRIP)[-3:]
    sep = re.sub(r"[^\W\d_]", "a", re.sub(r"\d", "9", sep))
    f.append(f"sep:{sep}")
    f.append(f"after:{after[:1]}")
    f.append(f"end:{int(not after.strip(_CLOSERS))}")
    near = _WORD.findall(before)
    name = _NAME.findall(before[-80:])
    if name:
        f.append(f"rulename:{_classify_name(name[-1])}")
    for i, p in enumerate(reversed(_pieces(near)[-4:])):
        f.append(f"w{min(i, 1)}:{p}")
        if i < 2:
            f += [f"g:{p[j : j + 4]}" for j in range(max(1, len(p) - 3))]
    f += [f"n:{p}" for p in _pieces(_WORD.findall(after))[:3]]
    f += sorted({f"l:{p}" for p in _pieces(_WORD.findall(text[line_start:line_end]))[:16]})
    begin = text.rfind("-----BEGIN ", max(0, start - 6000), start)
    if begin != -1 and text.find("-----END ", begin, start) == -1:
        f += [
            f"blk:{p}" for p in _pieces(_WORD.findall(text[begin : text.find("-----", begin + 11)]))
        ]
    if not before.strip(" \t\"'`"):
        f.append("alone")
        prev_end = line_start - 1
        while prev_end > 0 and text[prev_end - 1] == "\n":
            prev_end -= 1
        prev = text[text.rfind("\n", 0, max(0, prev_end)) + 1 : max(0, prev_end)]
        f += sorted({f"pl:{p}" for p in _pieces(_WORD.findall(prev))[-8:]})
        if prev.lstrip().startswith(("$", ">", "#", "PS")):
            f.append("after_command")
    return f


def _index(feature: str, buckets: int) -> int:
    return zlib.crc32(feature.encode()) % buckets


def vectors(text: str, buckets: int) -> list[tuple[tuple[int, int], list[int]]]:
    return [
        ((s, e), sorted({_index(x, buckets) for x in features(text, s, e)}))
        for s, e in candidates(text)
    ]


def examples(
    secrets: list[Secret], lookalikes: list[tuple[str, str]], buckets: int
) -> list[tuple[list[int], int]]:
    out = []
    for _, text, secret_strings in secrets:
        spans = [
            (m.start(), m.end()) for s in secret_strings for m in re.finditer(re.escape(s), text)
        ]
        for (s, e), x in vectors(text, buckets):
            out.append((x, int(any(s < b and a < e for a, b in spans))))
    for _, text in lookalikes:
        out += [(x, 0) for _, x in vectors(text, buckets)]
    return out


def train(
    data: list[tuple[list[int], int]], buckets: int, epochs: int = 12, l2: float = 1e-4
) -> list[float]:
    """Logistic regression by SGD with a decaying step; seeded, so the same data gives the same
    weights. Positives are weighted up to the negatives' count (secrets are the rarer class)."""
    w = [0.0] * buckets
    pos = sum(y for _, y in data)
    pos_weight = (len(data) - pos) / max(1, pos)
    order = list(range(len(data)))
    rng = random.Random(20261201)
    step = 0
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            x, y = data[i]
            step += 1
            rate = 0.2 / (1 + step / 20000)
            z = sum(w[j] for j in x)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            g = (p - y) * (pos_weight if y else 1.0)
            for j in x:
                w[j] -= rate * (g + l2 * w[j])
    return w


def score(w: list[float], x: list[int]) -> float:
    z = sum(w[j] for j in x)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def judge(text: str, w: list[float], threshold: float, buckets: int) -> str:
    """`text` with every candidate the judge scores at `threshold` or above replaced."""
    pieces, done = [], 0
    for (s, e), x in vectors(text, buckets):
        if score(w, x) >= threshold:
            pieces += [text[done:s], MARKER_PREFIX, "judged]"]
            done = e
    return "".join(pieces) + text[done:] if pieces else text


_MARKER = re.compile(re.escape(MARKER_PREFIX) + r"[a-z_]{1,40}\]")


def veto(original: str, redacted: str, w: list[float], low: float, buckets: int) -> str:
    """`redacted` with every rule redaction undone whose candidates all score below `low` (or
    that holds none): the judge overrules a rule it finds no secret in."""
    parts = _MARKER.split(redacted)
    if len(parts) == 1:
        return redacted
    scored = vectors(original, buckets)
    out, at = [parts[0]], len(parts[0])
    markers = _MARKER.findall(redacted)
    for marker, part in zip(markers, parts[1:], strict=True):
        nxt = original.find(part, at) if part else len(original)
        if nxt == -1:
            return redacted  # not aligned: keep the rules' text
        inside = [score(w, x) for (s, e), x in scored if s < nxt and at < e]
        out.append(original[at:nxt] if inside and max(inside) < low else marker)
        out.append(part)
        at = nxt + len(part)
    return "".join(out)


def _rates(
    outputs: list[str], secrets: list[Secret], lookalikes: list[tuple[str, str]]
) -> tuple[int, int]:
    n = len(secrets)
    caught = sum(
        not any(s in out for s in case[2]) for out, case in zip(outputs[:n], secrets, strict=True)
    )
    intact = sum(out == case[1] for out, case in zip(outputs[n:], lookalikes, strict=True))
    return caught, intact


def _pct(good: int, total: int) -> str:
    return f"{good}/{total} ({100 * good / total:.1f}%)"


def loso(buckets: int, thresholds: Sequence[float], low: float) -> list[list[int]]:
    """Per split left out: [secrets, look-alikes, rules' caught, intact, then per threshold the
    judge's, rules+judge's and rules+judge+veto's caught and intact]."""
    tune_s, tune_l = acc.tuning()
    loaded = [(name, *load()) for name, load in SPLITS]
    tuning = examples(tune_s, tune_l, buckets)
    per_split = {name: examples(s, lk, buckets) for name, s, lk in loaded}
    rows = []
    for name, secrets, lookalikes in loaded:
        data = tuning + [e for other, ex in per_split.items() if other != name for e in ex]
        w = train(data, buckets)
        texts = [c[1] for c in secrets] + [c[1] for c in lookalikes]
        ruled = [redact(t).text for t in texts]
        vetoed = [veto(t, r, w, low, buckets) for t, r in zip(texts, ruled, strict=True)]
        row = [len(secrets), len(lookalikes), *_rates(ruled, secrets, lookalikes)]
        for t in thresholds:
            row += _rates([judge(x, w, t, buckets) for x in texts], secrets, lookalikes)
            row += _rates([judge(r, w, t, buckets) for r in ruled], secrets, lookalikes)
            row += _rates([judge(r, w, t, buckets) for r in vetoed], secrets, lookalikes)
        rows.append(row)
    return rows


def trained(buckets: int) -> list[float]:
    """The judge trained on every split this script may read: the tuning split and 1..12."""
    data = examples(*acc.tuning(), buckets)
    for _, load in SPLITS:
        data += examples(*load(), buckets)
    return train(data, buckets)


def real_files(roots: Sequence[str], every: int, buckets: int, thresholds: Sequence[float]) -> None:
    """What the judge, trained on all splits, would add to the rules on real files (every
    `every`-th UTF-8 file under 400 KB below `roots`, in sorted order): files and spans newly
    redacted per threshold, and the spans themselves to read (there is no secret in them)."""
    w = trained(buckets)
    paths = sorted(
        os.path.join(d, f) for root in roots for d, _, files in os.walk(root) for f in files
    )[::every]
    read = 0
    hits: dict[float, list[tuple[str, str, float]]] = {t: [] for t in thresholds}
    for path in paths:
        try:
            if os.path.islink(path) or os.path.getsize(path) > 400_000:
                continue
            with open(path, encoding="utf-8") as f:
                text = redact(f.read()).text
        except (OSError, UnicodeDecodeError):
            continue
        read += 1
        for (s, e), x in vectors(text, buckets):
            p = score(w, x)
            for t in thresholds:
                if p >= t:
                    hits[t].append((path, text[s:e], p))
    print(f"{read} files read (every {every}th of {len(paths) * every} listed)")
    for t in thresholds:
        print(f"threshold {t}: {len({h[0] for h in hits[t]})} files, {len(hits[t])} spans")
        for path, value, p in hits[t][:60]:
            print(f"  {p:.3f} {value[:48]!r} in {path[-70:]}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--buckets", type=int, default=BUCKETS)
    parser.add_argument("--threshold", type=float, nargs="+", default=[0.9, 0.98, 0.995])
    parser.add_argument("--veto", type=float, default=0.02)
    parser.add_argument("--real", nargs="+", metavar="DIR", help="judge real files instead")
    parser.add_argument("--every", type=int, default=40, help="with --real: every Nth file")
    args = parser.parse_args()
    if args.real:
        real_files(args.real, args.every, args.buckets, args.threshold)
        return
    rows = loso(args.buckets, args.threshold, args.veto)
    total = [sum(col) for col in zip(*rows, strict=True)]
    for i, t in enumerate(args.threshold):
        print(f"\nthreshold {t} (veto below {args.veto}): caught; intact")
        print("| split | rules | judge alone | rules + judge | rules + judge + veto |")
        print("|---|---|---|---|---|")
        for name, row in [*zip((n for n, _ in SPLITS), rows, strict=True), ("**all**", total)]:
            cells = [(row[2], row[3])]
            cells += [(row[k], row[k + 1]) for k in range(4 + 6 * i, 10 + 6 * i, 2)]
            print(
                f"| {name} | "
                + " | ".join(f"{_pct(c, row[0])}; {_pct(n, row[1])}" for c, n in cells)
                + " |"
            )


if __name__ == "__main__":
    main()
