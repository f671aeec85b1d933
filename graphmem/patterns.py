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
    from typing import Any

MOST = 1_000  # entries kept (every rule: ~400, 390 KB): what upgrades leave behind is dropped

_kept: dict[tuple[str, int], Any] | None = None  # the file's entries
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

        entry = _load().get((regex, flags)) or _remember(regex, flags)
        return _sre.compile(regex, *entry)
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
    kept = _load(again=True)  # what other processes kept meanwhile stays
    if len(kept) >= MOST:
        kept.clear()
    kept[(regex, flags)] = entry
    _save(kept)
    return entry


def cache_file() -> str:
    """One file per Python release: the engine's code, and how `re` makes it, change with it."""
    import _sre

    release = "".join(map(str, sys.version_info[:3]))
    return os.path.join(paths.data_dir(), f"patterns-{release}-{_sre.MAGIC}.marshal")


def _load(again: bool = False) -> dict[tuple[str, int], Any]:
    global _kept
    if _kept is None or again:
        _kept = {}
        try:
            with open(cache_file(), "rb") as fh:
                if not paths.foreign(os.fstat(fh.fileno())):  # whoever writes it steers redaction
                    loaded = marshal.loads(fh.read())  # load(fh) reads value by value: 40x slower
                    _kept = loaded if isinstance(loaded, dict) else {}
        except (OSError, EOFError, ValueError, TypeError):
            pass  # none yet, or unreadable: compile, and start a new one
    return _kept


def _save(kept: dict[tuple[str, int], Any]) -> None:
    """Best effort, written whole and then renamed: a cache that cannot be written (a full disk,
    a read-only home) only costs the next process the compile."""
    target = cache_file()
    tmp = f"{target}.{os.getpid()}.tmp"
    try:
        paths.private_dir(os.path.dirname(target))
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(marshal.dumps(kept))
        os.replace(tmp, target)
    except (OSError, ValueError):
        pass
