"""Regular expressions compiled once per machine, not once per hook process.

`re` compiles a pattern in two steps: it parses it and generates the matcher's code in Python,
then hands that code to the C engine (`_sre.compile`). For redaction's largest patterns
(thousands of characters, with classes spanning whole Unicode blocks) the first step is most of
what a capturing hook costs (docs/benchmarks.md). This keeps each pattern's code in a private
file and hands it to the engine directly the next time: the engine gets exactly what `re` would
give it (the two patterns compare equal), and with the file warm `re` is not even imported.
Another Python release, a file another user could have written, or any failure compiles as `re`
does.
"""

from __future__ import annotations

import marshal
import os
import sys

from graphmem import paths

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterator
    from typing import Any, BinaryIO

MOST = 1_000  # entries kept (every rule: ~750, 600 KB): what upgrades leave behind is dropped

# The file: the index's size (4 bytes), the index (marshal of {"<flags> <regex>": offset << 24 |
# size}), then each entry's marshal. A process unmarshals the index and only the entries it uses:
# a user's file ends up holding every rule some turn needed (~750), a capture uses ~30, and
# unmarshalling all of them cost each hook more than the rest of the file's use.
_SIZE = 24  # bits of an index value that hold the entry's size
_file: BinaryIO | None = None  # open while the process lives: entries are read when first used
_index: dict[str, int] | None = None  # the file's, or {} when there is none to believe
_entries_at = 0  # where the file's entries start
_compiled: dict[tuple[str, int], re.Pattern[str]] = {}  # this process's


IGNORECASE = 2  # re.IGNORECASE: modules that use only what is below need not import `re` (~4 ms)


def compile(regex: str | re.Pattern[str], flags: int = 0) -> re.Pattern[str]:
    """As `re.compile(regex, flags)`, once per process, from the code kept when it was last
    compiled on this machine."""
    if not isinstance(regex, str):  # compiled already, as re's functions accept
        return regex
    flags = int(flags)
    pattern = _compiled.get((regex, flags))
    if pattern is None:
        pattern = _compiled[regex, flags] = _compile(regex, flags)
    return pattern


def _compile(regex: str, flags: int) -> re.Pattern[str]:
    try:
        import _sre

        return _sre.compile(regex, *(_entry(regex, flags) or _remember(regex, flags)))
    except Exception:  # another Python's internals, a damaged entry: `re` is always right
        import re

        return re.compile(regex, flags)


# re's functions, over the patterns above. Callers build regexes from their own constants only:
# every distinct one is kept in the file (text a hook reads must never become a pattern).
def search(regex: str | re.Pattern[str], string: str, flags: int = 0) -> re.Match[str] | None:
    return compile(regex, flags).search(string)


def match(regex: str | re.Pattern[str], string: str, flags: int = 0) -> re.Match[str] | None:
    return compile(regex, flags).match(string)


def fullmatch(regex: str | re.Pattern[str], string: str, flags: int = 0) -> re.Match[str] | None:
    return compile(regex, flags).fullmatch(string)


def finditer(regex: str | re.Pattern[str], string: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return compile(regex, flags).finditer(string)


def findall(regex: str | re.Pattern[str], string: str, flags: int = 0) -> list[Any]:
    return compile(regex, flags).findall(string)


def split(
    regex: str | re.Pattern[str], string: str, maxsplit: int = 0, flags: int = 0
) -> list[str | Any]:
    return compile(regex, flags).split(string, maxsplit)


def sub(
    regex: str | re.Pattern[str],
    repl: str | Callable[[re.Match[str]], str],
    string: str,
    count: int = 0,
    flags: int = 0,
) -> str:
    return compile(regex, flags).sub(repl, string, count)


_SPECIAL = {c: "\\" + chr(c) for c in b"()[]{}?*+-|^$\\.&~# \t\n\r\v\f"}  # as re.escape's


def escape(text: str) -> str:
    return text.translate(_SPECIAL)


def _key(regex: str, flags: int) -> str:
    return f"{flags} {regex}"


def _entry(regex: str, flags: int) -> tuple[Any, ...] | None:
    """The code kept for `regex`, or None."""
    where = _load().get(_key(regex, flags))
    if where is None or _file is None:
        return None
    _file.seek(_entries_at + (where >> _SIZE))
    entry: tuple[Any, ...] = marshal.loads(_file.read(where & ((1 << _SIZE) - 1)))
    return entry


def _remember(regex: str, flags: int) -> tuple[Any, ...]:
    """What re._compiler.compile hands the engine for `regex`, kept for the next process."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(regex, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    code = [int(op) for op in _compiler._code(parsed, flags)]  # named opcodes: marshal wants ints
    flags_out = int(flags | parsed.state.flags)
    entry = (flags_out, code, parsed.state.groups - 1, groupindex, tuple(indexgroup))
    raw = marshal.dumps(entry)
    if len(raw) >> _SIZE:
        return entry  # too large to index (no rule comes near): compiled again next time
    index, entries = {}, b""
    opened = _open()  # what other processes kept meanwhile stays
    if opened:
        fh, index, _ = opened
        with fh:
            entries = fh.read()  # every entry, as bytes: none is unmarshalled to be kept
    if len(index) >= MOST:
        index, entries = {}, b""
    index[_key(regex, flags)] = len(entries) << _SIZE | len(raw)
    _save(index, entries + raw)
    return entry


def cache_file() -> str:
    """One file per Python release: the engine's code, and how `re` makes it, change with it."""
    import _sre

    release = "".join(map(str, sys.version_info[:3]))
    return os.path.join(paths.data_dir(), f"patterns-{release}-{_sre.MAGIC}.index")


def _open() -> tuple[BinaryIO, dict[str, int], int] | None:
    """The file, read up to its entries, its index and where its entries start; None when there
    is no file to believe."""
    try:
        fh = open(cache_file(), "rb")  # noqa: SIM115 (left open: entries are read later)
    except OSError:
        return None  # none yet: compile, and start one
    try:
        if not paths.foreign(os.fstat(fh.fileno())):  # whoever writes it steers redaction
            size = int.from_bytes(fh.read(4), "little")
            index = marshal.loads(fh.read(size))
            if isinstance(index, dict):
                return fh, index, 4 + size
    except (OSError, EOFError, ValueError, TypeError):
        pass  # damaged: compile, and start a new one
    fh.close()
    return None


def _load() -> dict[str, int]:
    """The file's index, read once a process; the file stays open for the entries."""
    global _file, _index, _entries_at
    if _index is None:
        _file, _index, _entries_at = _open() or (None, {}, 0)
    return _index


def _save(index: dict[str, int], entries: bytes) -> None:
    """Best effort, written whole and then renamed: a cache that cannot be written (a full disk,
    a read-only home) only costs the next process the compile."""
    target = cache_file()
    tmp = f"{target}.{os.getpid()}.tmp"
    head = marshal.dumps(index)
    try:
        paths.private_dir(os.path.dirname(target))
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(len(head).to_bytes(4, "little") + head + entries)
        os.replace(tmp, target)
        os.remove(target.removesuffix("index") + "marshal")  # the file of 0.1, read whole
    except (OSError, ValueError):
        pass
