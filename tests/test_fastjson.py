"""graphmem.fastjson reads and writes exactly what `json` does, results and errors alike
(tests/test_entry.py checks that hooks import neither `json` nor `re`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem import fastjson

PAYLOADS = Path(__file__).resolve().parent / "data" / "payloads"

_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(st.characters(codec="utf-8"), max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


def _same(call_ours: object, call_json: object) -> None:
    """Both calls give the same result, or raise the same error with the same message."""

    def outcome(call: object) -> tuple[str, object]:
        try:
            return "value", call()  # type: ignore[operator]
        except Exception as exc:  # the error itself is compared
            return type(exc).__name__, str(exc)

    ours, theirs = outcome(call_ours), outcome(call_json)
    if ours[0] == "value" and theirs[0] == "value":
        # NaN is not equal to itself: compare what each reads back as
        assert json.dumps(ours[1]) == json.dumps(theirs[1])
    else:
        assert ours == theirs


def test_real_hook_payloads_and_transcripts_read_the_same() -> None:
    lines = [
        line
        for path in sorted(PAYLOADS.rglob("*.jsonl"))
        for line in path.read_bytes().splitlines()
        if line.strip()
    ]
    assert len(lines) > 300
    for line in lines:
        assert fastjson.loads(line) == json.loads(line)
        assert fastjson.loads(line.decode()) == json.loads(line.decode())


@given(_VALUES, st.sampled_from(["", " ", "\n", " \t\r\n"]))
@settings(max_examples=500, deadline=None)
def test_any_value_reads_and_writes_the_same(value: object, space: str) -> None:
    for ascii_only in (True, False):
        _same(
            lambda: fastjson.dumps(value, ensure_ascii=ascii_only),  # noqa: B023
            lambda: json.dumps(value, ensure_ascii=ascii_only),  # noqa: B023
        )
    text = space + json.dumps(value) + space
    _same(lambda: fastjson.loads(text), lambda: json.loads(text))
    _same(lambda: fastjson.loads(text.encode()), lambda: json.loads(text.encode()))


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "{",
        '{"a": 1} x',
        '{"a": 1}{"b": 2}',
        "[1, 2,]",
        '{"a": "\x01"}',
        "\ufeff{}",
        "NaN",
        "-Infinity",
        "01",
        '"\\ud800"',
        "[" * 100_000,
    ],
)
def test_bad_or_odd_json_fails_or_reads_as_json_does(text: str) -> None:
    _same(lambda: fastjson.loads(text), lambda: json.loads(text))


@pytest.mark.parametrize(
    "raw",
    [b"\xef\xbb\xbf{}", b"\xff\xfe{\x00}\x00", b'{"a": "\xff"}', b'"\xed\xa0\x80"', b"[1]"],
)
def test_bytes_in_any_encoding_read_as_json_does(raw: bytes) -> None:
    _same(lambda: fastjson.loads(raw), lambda: json.loads(raw))


def test_what_json_cannot_hold_fails_as_json_does() -> None:
    loop: list[object] = []
    loop.append(loop)
    for value in (loop, {1j: 1}, {"a": object()}, {(1, 2): 3}, float("nan")):
        _same(lambda: fastjson.dumps(value), lambda: json.dumps(value))  # noqa: B023
    assert fastjson.dumps({"a": [1]}) == '{"a": [1]}'  # a failed call leaves nothing behind
