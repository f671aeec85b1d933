"""graphmem.patterns hands the regex engine exactly the code `re` would (the patterns compare
equal, and a Pattern's equality includes its code), keeps it for the next process, and reads no
file another user could have written."""

from __future__ import annotations

import json
import marshal
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphmem import patterns

ROOT = Path(__file__).resolve().parents[1]
# In a new process (this one's rules may have compiled their patterns already): redaction of
# every tuning case and of a sentence that compiles the other languages' rule, and a prompt
# that compiles the correction rules; prints each (regex, flags) not found in the cache.
_RUN = """
import json
from graphmem import patterns
from graphmem.hooks.corrections import classify_prompt
from graphmem.redact import Redactor
from tests.data import redaction_corpus

made = []
remember = patterns._remember
patterns._remember = lambda regex, flags: made.append((regex, flags)) or remember(regex, flags)
redactor = Redactor()
for text in (*(c.text for c in redaction_corpus.SECRETS), *redaction_corpus.LOOKALIKES):
    redactor.redact(text)
redactor.redact("Das Passwort ist Zx9qT4mW7pL2, la contraseña: Qm7vX2kLp9Tz4Wn8")
assert classify_prompt("no, you deleted the wrong file again; always ask first") == "correction"
print(json.dumps(made))
"""


def _compile_in_a_new_process(home: Path, seed: str = "0") -> list[tuple[str, int]]:
    env = {**os.environ, "GRAPHMEM_HOME": str(home), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", _RUN],
        env={**env, "PYTHONHASHSEED": seed},
        capture_output=True,
        text=True,
        check=True,
    )
    return [(regex, flags) for regex, flags in json.loads(run.stdout)]


@pytest.fixture(autouse=True)
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no cache read (GRAPHMEM_HOME is a new folder per test)."""
    monkeypatch.setattr(patterns, "_index", None)
    monkeypatch.setattr(patterns, "_file", None)
    monkeypatch.setattr(patterns, "_compiled", {})  # nor this process's compiled patterns
    yield
    if patterns._file:
        patterns._file.close()
    patterns._index = patterns._file = None


def test_every_pattern_is_the_one_re_compiles() -> None:
    compiled = _compile_in_a_new_process(Path(os.environ["GRAPHMEM_HOME"]))
    assert len(compiled) > 50  # the rules themselves, not a handful
    for regex, flags in compiled:  # what that process left in the file
        assert patterns._entry(regex, flags), regex[:80]
        assert patterns.compile(regex, flags) == re.compile(regex, flags), regex[:80]


def test_the_next_process_compiles_nothing_whatever_its_string_hashing(tmp_path: Path) -> None:
    """A pattern text built from a set in a different order in each process would never be
    found in the file (found: the other languages' words for password, whose rule the German
    and Spanish sentence compiles)."""
    assert len(_compile_in_a_new_process(tmp_path / "home", seed="1")) > 50
    assert _compile_in_a_new_process(tmp_path / "home", seed="2") == []


def test_a_file_others_may_write_is_not_read() -> None:
    regex = r"(?P<v>ghp_[A-Za-z0-9]{36})"
    patterns.compile(regex)
    file = Path(patterns.cache_file())
    os.chmod(file, 0o666)  # whoever may write it could make redaction match nothing
    patterns._index = None
    assert patterns._load() == {}
    assert patterns.compile(regex) == re.compile(regex)


@pytest.mark.parametrize(
    "damage",
    [b"", b"not marshal at all", b"\xff" * 64],
)
def test_a_damaged_file_compiles_as_re_does(damage: bytes) -> None:
    file = Path(patterns.cache_file())
    file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    file.write_bytes(damage)
    os.chmod(file, 0o600)
    assert patterns.compile(r"\bkey=(\w+)", re.IGNORECASE) == re.compile(r"\bkey=(\w+)", re.I)


@pytest.mark.parametrize(
    "entry",
    [
        marshal.dumps((0, [1, 2, 3], 0, {}, (None,))),  # code the engine refuses
        b"\xff" * 8,  # not marshal
        b"",  # the index says more than the file holds
    ],
)
def test_a_wrong_entry_compiles_as_re_does(entry: bytes) -> None:
    regex = r"token=(\w+)"
    patterns._save({patterns._key(regex, 0): 5 << patterns._SIZE | 40}, b"\0" * 5 + entry)
    assert patterns.compile(regex) == re.compile(regex)


def test_a_process_reads_only_the_entries_it_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's file holds every rule some turn needed; a hook uses a few of them."""
    for i in range(20):
        patterns.compile(rf"kept{i}=(\w+)")
    assert len(patterns._load()) == 0  # this process read the file before any was kept
    patterns._index = None
    read, loads = [], marshal.loads
    monkeypatch.setattr(marshal, "loads", lambda raw: read.append(raw) or loads(raw))
    monkeypatch.setattr(patterns, "_compiled", {})
    assert patterns.compile(r"kept7=(\w+)") == re.compile(r"kept7=(\w+)")
    assert len(patterns._load()) == 20
    assert len(read) == 2  # the index and one entry


def test_the_file_of_0_1_is_removed_when_the_new_one_is_written() -> None:
    old = Path(patterns.cache_file()).with_suffix(".marshal")
    old.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    old.write_bytes(marshal.dumps({}))
    patterns.compile(r"gone=(\w+)")
    assert Path(patterns.cache_file()).exists()
    assert not old.exists()


_TEXT = "Key=abc1 KEY=Def2; path/to:x, key = 'gh9'\nkey:\tZ"


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.search(r"key\s*=\s*'?(\w+)", _TEXT, m.IGNORECASE),
        lambda m: m.match(r"(?i)key=", _TEXT),
        lambda m: m.fullmatch(r"[A-Za-z]+=\w+", "Key=abc1"),
        lambda m: [x.span() for x in m.finditer(r"\w+=", _TEXT)],
        lambda m: m.findall(r"(\w)(\d)", _TEXT),
        lambda m: m.split(r"[;,\n]", _TEXT, 2),
        lambda m: m.sub(r"(\w+)=", r"<\1>", _TEXT),
        lambda m: m.sub(r"\d", lambda d: str(int(d.group()) + 1), _TEXT, 2),
        lambda m: m.search(m.compile(r"path/(\w+)"), _TEXT),
    ],
)
def test_re_s_functions_answer_as_re_does(call: object) -> None:
    """Modules on the hook path call these instead of `re`'s own, and so never import `re`."""
    answer = call(patterns)  # type: ignore[operator]
    expected = call(re)  # type: ignore[operator]
    if isinstance(expected, re.Match):
        assert (answer.span(), answer.groups()) == (expected.span(), expected.groups())
    else:
        assert answer == expected


@given(st.text())
def test_escape_is_re_s(text: str) -> None:
    assert patterns.escape(text) == re.escape(text)
    assert patterns.IGNORECASE == re.IGNORECASE
