"""Redaction of ordinary text: how many lines of a machine's real code, docs and changelogs
redaction changes.

    python -m benchmarks.redact_real [--show] [DIR ...]

Every UTF-8 file of at most 1 MB under the directories (gzip'd ones read decompressed), redacted
whole as `graphmem add` would; prints the files read, the files and lines changed, and the markers
by kind. By default: this Python's standard library and site-packages, /usr/share/doc and
npm's global modules. Such text holds almost no secret, so nearly every changed line is damage:
what a coding session's memory loses to redaction (the few true finds are examples in docs and
tests, `https://abc:xyz@example.com`). The splits' look-alikes are hard values (ids, digests,
ciphertext); this measures the ordinary ones.

`--show` prints each changed line before and after. Whoever reads them has seen those
directories: say which in docs/security.md, and measure on others ("Ordinary text" there).
"""

from __future__ import annotations

import argparse
import gzip
import os
import sysconfig
from collections import Counter
from collections.abc import Iterator

from graphmem import patterns
from graphmem.redact import redact

MOST = 1_000_000  # characters: larger files are data, not what a session reads
DEFAULT = (
    sysconfig.get_paths()["stdlib"],
    sysconfig.get_paths()["purelib"],
    "/usr/share/doc",
    "/usr/lib/node_modules",
)


def texts(roots: list[str]) -> Iterator[tuple[str, str]]:
    """(path, text) of every readable UTF-8 file under `roots`, at most MOST characters."""
    for root in roots:
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                path = os.path.join(folder, name)
                try:
                    if os.path.islink(path) or os.path.getsize(path) > MOST:
                        continue
                    with (gzip.open if name.endswith(".gz") else open)(path, "rb") as fh:
                        text = fh.read(MOST + 1).decode("utf-8")
                except (OSError, UnicodeDecodeError, EOFError):
                    continue
                if len(text) <= MOST:
                    yield path, text


def changed(before: str, after: str) -> list[tuple[str, str]]:
    """The lines that differ; a redaction that joined lines is one pair of whole texts."""
    old, new = before.splitlines(), after.splitlines()
    if len(old) != len(new):
        return [(before, after)]
    return [(a, b) for a, b in zip(old, new, strict=True) if a != b]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dirs", nargs="*", help="folders to read (default: see above)")
    parser.add_argument("--show", action="store_true", help="print each changed line")
    args = parser.parse_args()
    read = files = lines = 0
    kinds: Counter[str] = Counter()
    for path, text in texts(args.dirs or list(DEFAULT)):
        read += 1
        pairs = changed(text, redact(text).text)
        files += bool(pairs)
        lines += len(pairs)
        for before, after in pairs:
            kinds.update(patterns.findall(r"\[REDACTED:([a-z_]+)\]", after) or ["other"])
            if args.show:
                print(f"{path}\n  - {before.strip()[:200]}\n  + {after.strip()[:200]}")
    print(f"{read:,} files read; {files:,} changed, {lines:,} lines")
    for kind, count in kinds.most_common():
        print(f"  [REDACTED:{kind}] {count:,}")


if __name__ == "__main__":
    main()
