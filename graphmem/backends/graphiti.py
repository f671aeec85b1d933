"""graphmem's operations on a Graphiti MCP server, whatever its version.

Tools are chosen from the server's `tools/list` (current names first, then the names of older
servers still deployed), results become small records, and two server hazards are kept away:
queries made only of stopwords / punctuation (a RediSearch syntax error on FalkorDB) return no
results without asking, and group ids must already be sanitized (a `-` is RediSearch's NOT).

Import this module lazily: it pulls in httpx, which the hook path must not pay for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from graphmem.backends.mcp import InvalidArguments, McpClient, McpError, ServerInfo, Unreachable
from graphmem.record import record

_GROUP_ID = re.compile(r"[A-Za-z0-9_]{1,64}")
_WORD = re.compile(r"[A-Za-z0-9]+")
# RediSearch's default stopword list: a query made only of these (or of punctuation) has no
# term left after tokenizing, and FalkorDB's full-text search raises a syntax error on it.
STOPWORDS = frozenset(
    (
        "a is the an and are as at be but by for if in into it no not of on or such that their "
        "then there these they this to was will with"
    ).split()
)

# Preferred tool names first; the later ones are what older servers call the same operation.
_TOOL_NAMES = {
    "add": ("add_memory", "add_episode"),
    "nodes": ("search_nodes", "search_memory_nodes"),
    "facts": ("search_memory_facts",),
    "episodes": ("get_episodes",),
    "delete": ("delete_episode",),
    "clear": ("clear_graph",),
}

T = TypeVar("T")


@record(frozen=True)
class Fact:
    uuid: str
    fact: str
    group_id: str
    valid_at: datetime | None
    invalid_at: datetime | None
    expired_at: datetime | None
    created_at: datetime | None
    name: str = ""  # the relation, e.g. WORKS_ON
    source_uuid: str = ""
    target_uuid: str = ""
    source_name: str | None = None  # only when the server includes node names
    target_name: str | None = None


@record(frozen=True)
class Entity:
    uuid: str
    name: str
    summary: str
    labels: tuple[str, ...]
    group_id: str
    created_at: datetime | None


@record(frozen=True)
class RemoteEpisode:
    uuid: str
    name: str
    content: str
    created_at: datetime | None
    source: str
    source_description: str
    group_id: str


class GraphitiBackend:
    """graphmem's remote graph. Errors are the client's: `Unreachable`, `Rejected`, `McpError`."""

    def __init__(self, client: McpClient) -> None:
        self.client = client

    def add_episode(
        self,
        *,
        name: str,
        body: str,
        group_id: str,
        source: str = "text",
        source_description: str = "",
    ) -> None:
        """Queue an episode. The server only queues it: it shows up (and is searchable) later."""
        _check_groups([group_id])
        args = {
            "name": name,
            "episode_body": body,
            "group_id": group_id,
            "source": source,
            "source_description": source_description,
        }
        self._call("add", args)

    def search_facts(self, query: str, group_ids: Sequence[str], limit: int = 10) -> list[Fact]:
        _check_groups(group_ids)
        if not searchable(query):
            return []
        args = {"query": query, "group_ids": list(group_ids), "max_facts": limit}
        return _rows(self._call("facts", args), "facts", _fact)

    def search_nodes(self, query: str, group_ids: Sequence[str], limit: int = 10) -> list[Entity]:
        _check_groups(group_ids)
        if not searchable(query):
            return []
        args = {"query": query, "group_ids": list(group_ids), "max_nodes": limit}
        return _rows(self._call("nodes", args), "nodes", _entity)

    def get_episodes(self, group_ids: Sequence[str], limit: int = 10) -> list[RemoteEpisode]:
        """Newest episodes of the groups. On FalkorDB servers this may miss groups (server bug)."""
        _check_groups(group_ids)
        if self._accepts("episodes", "group_ids"):
            args = {"group_ids": list(group_ids), "max_episodes": limit}
            try:
                return _rows(self._call("episodes", args), "episodes", _episode)
            except InvalidArguments:
                pass  # a server declaring no schema that wants the old shape
        # Old servers take one group at a time, as `get_episodes(group_id, last_n)`.
        episodes: list[RemoteEpisode] = []
        for group in group_ids:
            answer = self._call("episodes", {"group_id": group, "last_n": limit})
            episodes += _rows(answer, "episodes", _episode)
        return episodes

    def delete_episode(self, uuid: str) -> None:
        self._call("delete", {"uuid": uuid})

    def clear(self, group_ids: Sequence[str]) -> str:
        """Delete everything in these groups, and nothing else; the server's answer."""
        if not group_ids:
            raise ValueError("clear needs an explicit, non-empty list of group ids")
        _check_groups(group_ids)
        if not self._accepts("clear", "group_ids"):
            # An old server's clear_graph() takes no arguments (and the SDK ignores unknown
            # ones): calling it would wipe every group of every user of the server.
            raise McpError(
                "unsafe clear",
                "this Graphiti server's clear_graph cannot be limited to groups and would wipe "
                "the whole graph; refusing. Upgrade the server, or clear the groups on it directly",
            )
        answer = self._call("clear", {"group_ids": list(group_ids)})
        return str(answer.get("message", ""))

    def status(self) -> ServerInfo:
        return self.client.probe()

    # -- tool selection ---------------------------------------------------------------------

    def _tool(self, operation: str) -> str:
        tools = self.client.list_tools()
        for name in _TOOL_NAMES[operation]:
            if name in tools:
                return name
        wanted = " or ".join(_TOOL_NAMES[operation])
        # Not a rejection of the request: this server cannot take it at all. Retry after an
        # upgrade, and never dead-letter episodes over it.
        raise Unreachable(
            "unsupported server",
            f"the MCP server at {self.client.url} has no {wanted} tool: is it a Graphiti MCP "
            "server, and a recent enough one?",
        )

    def _accepts(self, operation: str, argument: str) -> bool:
        """Does the tool's schema declare `argument`? (True when it declares nothing.)"""
        schema = self.client.list_tools()[self._tool(operation)]
        properties = schema.get("properties")
        return not isinstance(properties, Mapping) or argument in properties

    def _call(self, operation: str, args: Mapping[str, Any]) -> dict[str, Any]:
        return self.client.call_tool(self._tool(operation), args)


def searchable(query: str) -> bool:
    """False for a query with no word left once stopwords and punctuation are gone."""
    return any(word.lower() not in STOPWORDS for word in _WORD.findall(query))


def _check_groups(group_ids: Sequence[str]) -> None:
    if isinstance(group_ids, str):
        raise TypeError("group_ids must be a list of group ids, not one string")
    if not group_ids:
        raise ValueError("at least one group id is needed")
    for group in group_ids:
        if not _GROUP_ID.fullmatch(group):
            raise ValueError(f"group id {group!r} is not sanitized to [A-Za-z0-9_]{{1,64}}")


def _rows(answer: dict[str, Any], key: str, build: Callable[[dict[str, Any]], T]) -> list[T]:
    """The list under `key`; old servers answer a bare list (`items`) or a single object."""
    if key in answer:
        rows = answer[key]
    elif "items" in answer:
        rows = answer["items"]
    else:
        rows = [answer] if "uuid" in answer else []
    return [build(row) for row in rows if isinstance(row, dict)]


def _fact(row: dict[str, Any]) -> Fact:
    return Fact(
        uuid=str(row.get("uuid", "")),
        fact=str(row.get("fact", "")),
        group_id=str(row.get("group_id", "")),
        valid_at=_time(row.get("valid_at")),
        invalid_at=_time(row.get("invalid_at")),
        expired_at=_time(row.get("expired_at")),
        created_at=_time(row.get("created_at")),
        name=str(row.get("name", "")),
        source_uuid=str(row.get("source_node_uuid", "")),
        target_uuid=str(row.get("target_node_uuid", "")),
        source_name=_name(row, "source"),
        target_name=_name(row, "target"),
    )


def _name(row: dict[str, Any], end: str) -> str | None:
    value = row.get(f"{end}_node_name") or row.get(f"{end}_name")
    return str(value) if value else None


def _entity(row: dict[str, Any]) -> Entity:
    return Entity(
        uuid=str(row.get("uuid", "")),
        name=str(row.get("name", "")),
        summary=str(row.get("summary") or ""),
        labels=tuple(str(label) for label in row.get("labels") or ()),
        group_id=str(row.get("group_id", "")),
        created_at=_time(row.get("created_at")),
    )


def _episode(row: dict[str, Any]) -> RemoteEpisode:
    return RemoteEpisode(
        uuid=str(row.get("uuid", "")),
        name=str(row.get("name", "")),
        content=str(row.get("content") or ""),
        created_at=_time(row.get("created_at")),
        source=str(row.get("source") or ""),
        source_description=str(row.get("source_description") or ""),
        group_id=str(row.get("group_id", "")),
    )


def _time(value: Any) -> datetime | None:
    """An ISO timestamp as an aware datetime; None when absent or unreadable."""
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    # graphiti stores UTC; a naive value from an older server means UTC too.
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
