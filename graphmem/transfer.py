"""Dump and load episodes as Markdown or JSON Lines that read back exactly.

Markdown layout (readable, diffable, and unambiguous to parse):

    <!-- graphmem dump v1 -->
    ## group_id: G (N episodes)
    ### name (created_at)
    <!-- episode {"uuid": ..., "group_id": ..., ...} -->
    ````text
    body, verbatim
    ````

The metadata line is JSON with every `>` escaped, so no value can close the comment early; the
body sits in a backtick fence longer than any backtick run inside it, so headings, fences and
comments in a body are never read as structure. Only `\\n` separates lines: `\\r` survives.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from typing import IO, Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from graphmem.errors import Exit, GraphmemError
from graphmem.store.episodes import KINDS, Episode

MARKDOWN_HEADER = "<!-- graphmem dump v1 -->"
JSONL_HEADER = {"graphmem_dump": 1}
_META = "<!-- episode "
_FIELDS = (
    "uuid",
    "group_id",
    "name",
    "source",
    "source_description",
    "kind",
    "origin",
    "session_id",
    "created_at",
)
_JSONL_FIELDS = (*_FIELDS[:3], "body", *_FIELDS[3:])
# Written only when set, so a dump of memories never forgotten reads as it always did.
_MARKING = ("forgotten_at", "forgotten_reason", "superseded_by")


def _fence_for(body: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    return "`" * max(4, longest + 1)


def _data(episode: Episode, fields: tuple[str, ...]) -> dict[str, Any]:
    data = {key: getattr(episode, key) for key in fields}
    data.update({key: getattr(episode, key) for key in _MARKING if getattr(episode, key)})
    return data


def _meta(episode: Episode) -> str:
    return json.dumps(_data(episode, _FIELDS), ensure_ascii=False).replace(">", "\\u003e")


def write_markdown(out: IO[str], groups: Iterable[tuple[str, list[Episode]]]) -> int:
    written = 0
    out.write(MARKDOWN_HEADER + "\n")
    for group_id, episodes in groups:
        out.write(f"\n## group_id: {group_id} ({len(episodes)} episodes)\n")
        for episode in episodes:
            title = episode.name.replace("\n", " ")
            fence = _fence_for(episode.body)
            kept = "" if episode.teammate is None else f", kept by teammate {episode.teammate}"
            out.write(f"\n### {title} ({episode.created_at}{kept})\n")
            out.write(f"{_META}{_meta(episode)} -->\n{fence}text\n{episode.body}\n{fence}\n")
            written += 1
    return written


def write_jsonl(out: IO[str], groups: Iterable[tuple[str, list[Episode]]]) -> int:
    written = 0
    out.write(json.dumps(JSONL_HEADER) + "\n")
    for _, episodes in groups:
        for episode in episodes:
            out.write(json.dumps(_data(episode, _JSONL_FIELDS), ensure_ascii=False) + "\n")
            written += 1
    return written


class _Record(BaseModel):
    """One episode as a dump holds it: every field present and of its exact type."""

    model_config = ConfigDict(strict=True, extra="ignore")

    uuid: str
    group_id: str
    name: str
    body: str
    source: Literal["text", "message", "json"]
    source_description: str
    kind: str
    origin: str
    session_id: str | None
    created_at: str
    forgotten_at: str | None = None
    forgotten_reason: str = ""
    superseded_by: str | None = None

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in KINDS:
            raise ValueError(f"must be one of {', '.join(KINDS)}")
        return kind

    @field_validator("created_at", "forgotten_at")
    @classmethod
    def _past_time(cls, stamp: str | None) -> str | None:
        """A date in the future would rank a memory above every other for years."""
        if stamp is None:
            return None
        try:
            when = datetime.fromisoformat(stamp)
        except ValueError:
            raise ValueError("must be an ISO 8601 date and time") from None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        if when > datetime.now(UTC) + timedelta(days=1):
            raise ValueError("must not be in the future")
        return stamp


def _episode(data: Any, where: str) -> Episode:
    if not isinstance(data, dict):
        raise GraphmemError(f"{where}: expected an episode object", Exit.INPUT)
    try:
        record = _Record.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"])
        problem = "is missing" if first["type"] == "missing" else first["msg"].lower()
        raise GraphmemError(f"{where}: episode field `{field}` {problem}", Exit.INPUT) from None
    return Episode(**record.model_dump())


def _read_markdown(lines: list[str]) -> Iterator[Episode]:
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.startswith(_META):
            continue
        where = f"line {i}"
        try:
            data = json.loads(line[len(_META) :].removesuffix(" -->"))
        except json.JSONDecodeError as exc:
            raise GraphmemError(f"{where}: bad episode metadata ({exc})", Exit.INPUT) from None
        if i >= len(lines) or not re.fullmatch(r"`{4,}text", lines[i]):
            raise GraphmemError(f"{where}: episode body fence missing", Exit.INPUT)
        fence = lines[i].removesuffix("text")
        try:
            end = lines.index(fence, i + 1)
        except ValueError:
            raise GraphmemError(f"{where}: episode body is not closed", Exit.INPUT) from None
        if isinstance(data, dict):
            data["body"] = "\n".join(lines[i + 1 : end])
        yield _episode(data, where)
        i = end + 1


def _read_jsonl(lines: list[str]) -> Iterator[Episode]:
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise GraphmemError(f"line {number}: not JSON ({exc})", Exit.INPUT) from None
        yield _episode(data, f"line {number}")


def read(text: str) -> list[Episode]:
    """Parse a dump in either format; raises GraphmemError(INPUT) naming the bad line."""
    lines = text.split("\n")
    first = lines[0].strip() if lines else ""
    if first == MARKDOWN_HEADER:
        return list(_read_markdown(lines))
    try:
        header = json.loads(first) if first else None
    except json.JSONDecodeError:
        header = None
    if header == JSONL_HEADER:
        return list(_read_jsonl(lines))
    raise GraphmemError(
        "not a graphmem dump: the first line must be the dump header written by `graphmem dump`",
        Exit.INPUT,
    )
