"""`@record` behaves like the dataclasses it replaces on the hook path."""

from __future__ import annotations

import subprocess
import sys

import pytest

from graphmem.record import FrozenInstanceError, asdict, field, fields, record, replace


@record(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)


@record(frozen=True)
class Key:
    name: str
    n: int = 0


@record
class Counter:
    name: str
    hits: int = 0


@record
class Named(Counter):
    label: str = ""


def test_positional_keyword_and_defaults() -> None:
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2)
    assert Point(1).y == 0
    assert Point(1).tags == [] and Point(1).tags is not Point(1).tags
    assert not hasattr(Point, "tags")  # no shared mutable default left on the class


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((), {}, "missing field 'x'"),
        ((1, 2, [], 4), {}, "takes 3 fields"),
        ((1,), {"x": 2}, "repeated field 'x'"),
        ((1,), {"z": 2}, "unknown field 'z'"),
    ],
)
def test_wrong_construction_is_refused(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Point(*args, **kwargs)


def test_frozen_refuses_assignment_and_hashes_by_value() -> None:
    p = Point(1, 2, ["a"])
    with pytest.raises(FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del p.y
    assert {Key("a"): 1}[Key("a", 0)] == 1 and Key("a") != Key("a", 1)
    with pytest.raises(TypeError):
        hash(Counter("a"))


def test_mutable_records_assign_and_compare_by_value() -> None:
    c = Counter("a")
    c.hits += 1
    assert c == Counter("a", 1) and c != Counter("a") and c != ("a", 1)
    assert repr(c) == "Counter(name='a', hits=1)"


def test_replace_asdict_fields_and_inheritance() -> None:
    p = Point(1, 2, ["a"])
    assert replace(p, y=5) == Point(1, 5, ["a"]) and p.y == 2
    assert asdict(p) == {"x": 1, "y": 2, "tags": ["a"]}
    assert fields(Named("n")) == ("name", "hits", "label")
    assert Named("n", 2, "l") == Named(name="n", hits=2, label="l")


def test_importing_it_loads_neither_dataclasses_nor_typing() -> None:
    code = (
        "import sys, graphmem.record; "
        "print(sorted({'dataclasses', 'inspect', 'typing'} & set(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": "."},
    )
    assert out.stdout.strip() == "[]"
