"""Which files `graphmem ingest` reads, and how each becomes episodes.

Directories are walked recursively, skipping version control, dependency and build-output
folders and binary files; globs are expanded (`**` included). A file's digest covers its bytes and
the chunking options, so a re-run with other options re-ingests it.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from graphmem.chunking import chunk
from graphmem.errors import Exit, GraphmemError
from graphmem.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    Clean = Callable[[str], str]  # redaction: text in, redacted text out

SKIP_DIRS = frozenset(
    """.git .hg .svn .bzr .jj node_modules __pycache__ .venv venv .tox .nox .mypy_cache
    .pytest_cache .ruff_cache .cache build dist target out .next .nuxt .eggs site-packages
    .gradle .idea .terraform""".split()
)
BINARY_SUFFIXES = frozenset(
    """.png .jpg .jpeg .gif .webp .ico .bmp .tiff .pdf .zip .gz .tgz .bz2 .xz .7z .tar .jar .war
    .class .so .dylib .dll .exe .o .a .pyc .pyo .whl .db .sqlite .sqlite3 .woff .woff2 .ttf .otf
    .eot .mp3 .mp4 .mov .avi .wav .flac .ogg .webm .psd .bin .dat .parquet .npy .pkl""".split()
)
MAX_FILE_BYTES = 50 * 1024 * 1024
_GLOB_CHARS = set("*?[")


@record(frozen=True)
class Document:
    path: Path
    key: str  # how the manifest and episode names refer to it: relative to the project if inside
    digest: str
    chunks: list[str]


@record(frozen=True)
class Skipped:
    path: Path
    reason: str


def _walk(root: Path) -> Iterator[Path]:
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(
            d for d in subdirs if d not in SKIP_DIRS and not d.endswith(".egg-info")
        )
        for name in sorted(files):
            yield Path(directory, name)


def expand(patterns: Sequence[str]) -> list[Path]:
    """Files named by `patterns` (files, directories, globs), each once, in a stable order."""
    found: dict[Path, None] = {}
    for pattern in patterns:
        path = Path(pattern).expanduser()
        if path.is_dir():
            found.update(dict.fromkeys(_walk(path)))
        elif path.is_file():
            found[path] = None
        elif _GLOB_CHARS & set(pattern):
            for match in map(Path, sorted(glob.glob(pattern, recursive=True))):
                if SKIP_DIRS.isdisjoint(match.parts):
                    found.update(dict.fromkeys(_walk(match) if match.is_dir() else [match]))
        else:
            raise GraphmemError(f"{pattern}: no such file or directory", Exit.INPUT)
    return [p for p in found if p.is_file()]


def key_for(path: str | Path, project_root: str) -> str:
    resolved = Path(path).resolve()
    try:
        return resolved.relative_to(project_root).as_posix()
    except ValueError:
        return resolved.as_posix()


def read(
    path: Path, project_root: str, *, cap: int, source: str, clean: Clean
) -> Document | Skipped:
    """Read, redact and chunk one file, or say why it is skipped.

    The whole text is redacted before it is chunked, so a chunk boundary never splits a secret
    from what makes it recognisable (a key block from its BEGIN line, a password from its name).
    """
    if path.suffix.lower() in BINARY_SUFFIXES:
        return Skipped(path, "binary file")
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return Skipped(path, f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
        data = path.read_bytes()
    except OSError as exc:
        return Skipped(path, f"cannot be read ({exc.strerror})")
    if b"\0" in data[:8192]:
        return Skipped(path, "binary file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Skipped(path, f"not UTF-8 text (byte {exc.start})")
    if not text.strip():
        return Skipped(path, "empty")
    if source == "json":
        # A JSON episode must stay one valid document: it is never chunked.
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            return Skipped(path, f"not valid JSON ({exc.msg}, line {exc.lineno})")
        chunks = [clean(text).strip()]
    else:
        chunks = chunk(clean(text), cap)
    digest = hashlib.sha256(data + f"\0{cap}\0{source}".encode()).hexdigest()
    return Document(path, key_for(path, project_root), digest, chunks)


def episode_names(doc: Document, prefix: str | None) -> list[str]:
    base = f"{prefix}: {doc.key}" if prefix else doc.key
    total = len(doc.chunks)
    return [base if total == 1 else f"{base} [{i}/{total}]" for i in range(1, total + 1)]
