"""`@record`: the part of `dataclasses` graphmem uses, at a fraction of its start-up cost.

A hook is a new process per host event. `import dataclasses` loads inspect, ast and dis, and each
`@dataclass` compiles generated code: for graphmem's two dozen classes on the hook path that was
26 ms of every hook, more than a capture's whole budget. A record is a class with typed fields
(defaults, or `field(default_factory=...)`), keyword or positional construction, `==`, `repr`,
and `replace`; `frozen=True` refuses assignment and makes it hashable. Type checkers treat records
as dataclasses (PEP 681), so misuse is caught statically rather than here.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself costs a hook ~4 ms; mypy reads this name as True
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T")

_MISSING = object()


class FrozenInstanceError(AttributeError):
    pass


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], Any]) -> Any:
    """A field whose default is made anew for each instance (lists, dicts, timestamps)."""
    return _Factory(default_factory)


def fields(obj: object) -> tuple[str, ...]:
    names: tuple[str, ...] = type(obj).__record_fields__  # type: ignore[attr-defined]
    return names


def asdict(obj: object) -> dict[str, Any]:
    """Field name -> value, shallow."""
    return {name: getattr(obj, name) for name in fields(obj)}


def replace(obj: T, **changes: Any) -> T:
    return type(obj)(**{**asdict(obj), **changes})


def _build(cls: Any, frozen: bool) -> Any:
    names: list[str] = []
    defaults: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):  # fields of record bases come first, as in dataclasses
        for name in getattr(base, "__record_fields__", ()):
            if name not in names:
                names.append(name)
                defaults.pop(name, None)
                if name in base.__record_defaults__:
                    defaults[name] = base.__record_defaults__[name]
    for name in cls.__dict__.get("__annotations__", {}):  # noqa: RUF063 (inspect: the cost avoided)
        if name not in names:
            names.append(name)
        value = cls.__dict__.get(name, _MISSING)
        if isinstance(value, _Factory):
            delattr(cls, name)  # as in dataclasses: the class keeps no shared mutable default
        if value is not _MISSING:
            defaults[name] = value
    order = tuple(names)
    known = frozenset(order)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(order):
            raise TypeError(f"{cls.__name__}() takes {len(order)} fields, {len(args)} given")
        values = dict(zip(order, args, strict=False))
        for name, value in kwargs.items():
            if name not in known or name in values:
                problem = "unknown" if name not in known else "repeated"
                raise TypeError(f"{cls.__name__}(): {problem} field {name!r}")
            values[name] = value
        for name in order:
            if name in values:
                value = values[name]
            elif name in defaults:
                default = defaults[name]
                value = default.make() if isinstance(default, _Factory) else default
            else:
                raise TypeError(f"{cls.__name__}(): missing field {name!r}")
            object.__setattr__(self, name, value)

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in order)
        return f"{cls.__qualname__}({inner})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in order)

    def __hash__(self: Any) -> int:
        return hash(tuple(getattr(self, n) for n in order))

    cls.__record_fields__ = order
    cls.__record_defaults__ = defaults
    cls.__init__ = __init__
    if "__repr__" not in cls.__dict__:  # as in dataclasses: a class's own repr is kept
        cls.__repr__ = __repr__
    cls.__eq__ = __eq__
    cls.__hash__ = __hash__ if frozen else None  # mutable and comparable: unhashable
    if frozen:
        cls.__setattr__ = cls.__delattr__ = _refuse
    return cls


def _refuse(self: object, name: str, *_: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r} of a frozen record")


if TYPE_CHECKING:

    @overload
    @dataclass_transform(field_specifiers=(field,))
    def record(cls: type[T], /) -> type[T]: ...
    @overload
    def record(*, frozen: bool = False) -> Callable[[type[T]], type[T]]: ...


def record(cls: Any = None, /, *, frozen: bool = False) -> Any:
    if cls is None:
        return lambda c: _build(c, frozen)
    return _build(cls, frozen)
