"""JSON for the hook path: CPython's own C scanner and encoder (`_json`) without the `json`
package, whose import loads `re` (and `enum`) and compiles six patterns: about half of what the
standard library costs a hook to start (docs/benchmarks.md). Whatever the fast path does not
take (invalid JSON, a byte order mark, a value JSON cannot hold, a Python without `_json`) goes
to `json` itself, so every result and every error is exactly `json`'s."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO, Any

try:
    import _json
except ImportError:  # another Python: `json` serves every call
    _json = None  # type: ignore[assignment]

_SPACE = " \t\n\r"  # what JSON allows around a value (json.decoder's WHITESPACE)


_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _Decoder:
    """The attributes `_json.make_scanner` reads from a `json.JSONDecoder`, set as its
    defaults are."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


def _refuse(value: object) -> object:
    raise TypeError  # `json` is called again for its own message


def _encoder(ascii_only: bool) -> Callable[[object, int], tuple[str, ...]] | None:
    """A `json.dumps` with default arguments (and `ensure_ascii=ascii_only`), in C."""
    if _json is None:
        return None
    escape = _json.encode_basestring_ascii if ascii_only else _json.encode_basestring
    # No markers: a failed call would leave its own in them. A cycle ends in RecursionError
    # instead of json's ValueError, and json is asked again for that.
    return _json.make_encoder(None, _refuse, escape, None, ": ", ", ", False, False, True)


_scan = None if _json is None else _json.make_scanner(_Decoder())  # type: ignore[arg-type]
_ENCODERS = {True: _encoder(True), False: _encoder(False)}


def loads(text: str | bytes) -> Any:
    """As `json.loads(text)`."""
    if isinstance(text, bytes):
        if text[:3] == b"\xef\xbb\xbf" or b"\x00" in text[:4]:
            return _json_module().loads(text)  # a byte order mark, or UTF-16/32: json's detection
        try:
            text = text.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return _json_module().loads(text)
    if _scan is None or text.startswith("\ufeff"):
        return _json_module().loads(text)
    try:
        value, end = _scan(text, len(text) - len(text.lstrip(_SPACE)))
    except StopIteration:  # nothing that starts a value: json says where
        return _json_module().loads(text)
    if end != len(text) and text[end:].strip(_SPACE):
        return _json_module().loads(text)  # data after the value
    return value


def load(fh: IO[str]) -> Any:
    """As `json.load(fh)`."""
    return loads(fh.read())


def dumps(value: object, *, ensure_ascii: bool = True) -> str:
    """As `json.dumps(value, ensure_ascii=ensure_ascii)`."""
    encode = _ENCODERS[ensure_ascii]
    if encode is not None:
        try:
            return "".join(encode(value, 0))
        except (TypeError, ValueError, RecursionError):
            pass  # json raises its own error, with its message
    return _json_module().dumps(value, ensure_ascii=ensure_ascii)


def _json_module() -> Any:
    import json

    return json
