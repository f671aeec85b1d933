"""A controllable fake Graphiti MCP server (streamable HTTP) for fault injection.

It speaks enough of the protocol to be a faithful peer for graphmem.backends.mcp: `initialize`
with an `mcp-session-id` answer header (unknown session: 404, missing: 400, no SSE in Accept:
406), `notifications/initialized` (202), `tools/list`, `tools/call`, SSE or plain JSON answers,
and `GET /health`. Its tools keep an in-memory graph per group: an episode becomes one fact (its
text) and one entity per capitalised word, so searches find what was added, immediately.

Usage::

    with FakeMcp() as fake:                      # current tool set, SSE answers
        client = McpClient(fake.url)
        fake.inject("http", status=500, on="tools/call", times=1)
        ...
        assert len(fake.tool_calls("add_memory")) == 1   # exactly-once delivery

Faults (`inject(kind, *, on=None, after=0, times=None, ...)`): `on` names the JSON-RPC method
or tool the fault applies to (None: every POST); the first `after` matching requests pass; then
`times` of them are hit (None: all, until `clear_faults()`). Kinds:

- "hang": accept, never answer (until the fake stops);  "slow": answer after `delay` seconds
- "trickle": open an event stream and send a notification every `delay` seconds, never the answer
- "http": answer HTTP `status` (500, 429, 400, ...) with a short text body
- "garbage": 200 application/json with a body that is not JSON
- "wrong_type": 200 text/html (a proxy login page)
- "expire_session": forget every session, answer 404 (a restart, or 30 minutes idle)
- "tool_error": the tool answers `{"error": message}` as a NORMAL result (isError false)
- "is_error": the tool answers `isError: true` with `message` as text
- "rpc_error": a JSON-RPC error with `code` and `message`
- "status_error": `get_status` answers `{"status": "error", "message": message}`
- "plain_text": the tool answers `message` as its text, without doing anything (text that is
  not JSON, or a success it did not achieve)
- "drop": `add_memory` answers "queued" but the episode is never stored (its processing fails
  inside the server, as graphiti-core 0.29's RediSearch error on backticks does)
- "die": `add_memory` answers "queued", then the server dies before storing it (graphiti-core
  0.31 crashing FalkorDB on a stopword-named entity): connections are refused for `delay`
  seconds, then it is back with its sessions lost and what it had stored kept; with
  `answered=False` it dies before its answer is sent (the client sees the connection drop)
`match="text"` limits a fault to `add_memory` calls whose episode body contains that text.

Other controls: `answer="json"` (plain JSON instead of SSE), `legacy=True` (an old server: tools
`add_episode` / `search_memory_nodes`, `get_episodes(group_id, last_n)` answering one content
block per episode, `clear_graph()` without arguments wiping everything, no `get_status`),
`redirect=True` (POST /mcp answers 307 to /mcp/; `redirects` counts them),
`transport="sse"` (a server started with `--transport sse`: GET /sse opens an event stream
announcing its message endpoint, POST /mcp is 404 and POST /sse 405), `schemas=False`
(tools/list without argument schemas), `wrap_text=True` (the text content is
`{"result": ...}`, as some SDK versions answer), `stop()` / `start()` (the port refuses
connections in between, and stays the same), `restart()` (sessions and episodes are forgotten,
as a real restart loses its queue), `crash(seconds)` (down that long, then back with sessions
lost and the stored episodes kept).
`closed_url()` gives an MCP URL on a port nobody listens on.

Unlike the real SDK (which ignores unknown arguments), the fake rejects arguments its schema does
not declare, with a pydantic-like "validation error", so argument-shape fallbacks can be tested.
"""

from __future__ import annotations

import json
import re
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler
from typing import Any, Literal

from tests.support.httpstub import StubServer, free_port

FaultKind = Literal[
    "hang",
    "slow",
    "http",
    "garbage",
    "wrong_type",
    "expire_session",
    "tool_error",
    "is_error",
    "rpc_error",
    "status_error",
    "plain_text",
    "trickle",
    "drop",
    "die",
]


@dataclass
class Fault:
    kind: FaultKind
    on: str | None = None
    after: int = 0
    times: int | None = None
    status: int = 500
    delay: float = 0.0
    code: int = -32603
    message: str = "injected fault"
    match: str | None = None  # only episodes whose body contains this
    answered: bool = True  # "die": the answer is sent before the server dies
    seen: int = 0  # matching requests so far
    hits: int = 0  # how many of them it changed

    def applies(self, method: str, tool: str | None, arguments: dict[str, Any]) -> bool:
        if self.on is not None and self.on not in (method, tool):
            return False
        if self.match is not None and self.match not in str(arguments.get("episode_body", "")):
            return False
        self.seen += 1
        if self.seen <= self.after or (self.times is not None and self.hits >= self.times):
            return False
        self.hits += 1
        return True


@dataclass(frozen=True)
class Received:
    """One JSON-RPC message the fake received (faulted ones included)."""

    method: str
    params: dict[str, Any]
    session_id: str | None
    path: str
    headers: dict[str, str]

    @property
    def tool(self) -> str | None:
        return self.params.get("name") if self.method == "tools/call" else None

    @property
    def arguments(self) -> dict[str, Any]:
        return dict(self.params.get("arguments") or {})


def _schema(required: dict[str, str], optional: dict[str, str] | None = None) -> dict[str, Any]:
    types = {**required, **(optional or {})}
    props = {
        name: {"type": "array", "items": {"type": "string"}} if kind == "list" else {"type": kind}
        for name, kind in types.items()
    }
    return {"type": "object", "properties": props, "required": list(required)}


CURRENT_TOOLS: dict[str, dict[str, Any]] = {
    "add_memory": _schema(
        {"name": "string", "episode_body": "string"},
        {"group_id": "string", "source": "string", "source_description": "string"},
    ),
    "search_nodes": _schema({"query": "string"}, {"group_ids": "list", "max_nodes": "integer"}),
    "search_memory_facts": _schema(
        {"query": "string"}, {"group_ids": "list", "max_facts": "integer"}
    ),
    "get_episodes": _schema({}, {"group_ids": "list", "max_episodes": "integer"}),
    "delete_episode": _schema({"uuid": "string"}),
    "clear_graph": _schema({}, {"group_ids": "list"}),
    "get_status": _schema({}),
}
LEGACY_TOOLS: dict[str, dict[str, Any]] = {
    "add_episode": CURRENT_TOOLS["add_memory"],
    "search_memory_nodes": CURRENT_TOOLS["search_nodes"],
    "search_memory_facts": CURRENT_TOOLS["search_memory_facts"],
    "get_episodes": _schema({}, {"group_id": "string", "last_n": "integer"}),
    "delete_episode": CURRENT_TOOLS["delete_episode"],
    "clear_graph": _schema({}),
}
DEFAULT_GROUP = "main"
ADD_TOOLS = ("add_memory", "add_episode")
_NOISE = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info"}}


class _ToolFailure(Exception):
    """A tool refusing its arguments (becomes an isError result, like FastMCP's ToolError)."""


class FakeGraph:
    """The fake's memory: episodes per group; facts and entities derived from them."""

    def __init__(self) -> None:
        self.episodes: list[dict[str, Any]] = []

    def add(self, args: dict[str, Any], *, store: bool = True) -> dict[str, Any]:
        group = args.get("group_id") or DEFAULT_GROUP
        if store:
            self.episodes.append(
                {
                    "uuid": str(uuid.uuid4()),
                    "name": args["name"],
                    "content": args["episode_body"],
                    "created_at": datetime.now(UTC).isoformat(),
                    "source": args.get("source", "text"),
                    "source_description": args.get("source_description", ""),
                    "group_id": group,
                }
            )
        return {"message": f"Episode '{args['name']}' queued for processing in group '{group}'"}

    def in_groups(self, groups: list[str] | None) -> list[dict[str, Any]]:
        wanted = set(groups or [DEFAULT_GROUP])
        return [ep for ep in reversed(self.episodes) if ep["group_id"] in wanted]

    def facts(self, query: str, groups: list[str] | None, limit: int) -> list[dict[str, Any]]:
        found = [ep for ep in self.in_groups(groups) if _matches(query, ep["content"])]
        return [
            {
                "uuid": f"fact-{ep['uuid']}",
                "group_id": ep["group_id"],
                "name": "MENTIONS",
                "fact": ep["content"],
                "source_node_uuid": f"node-{ep['uuid']}",
                "target_node_uuid": f"node-{ep['uuid']}",
                "created_at": ep["created_at"],
                "valid_at": ep["created_at"],
                "invalid_at": None,
                "expired_at": None,
                "episodes": [ep["uuid"]],
                "attributes": {},
            }
            for ep in found[:limit]
        ]

    def nodes(self, query: str, groups: list[str] | None, limit: int) -> list[dict[str, Any]]:
        nodes: dict[tuple[str, str], dict[str, Any]] = {}
        for ep in self.in_groups(groups):
            for word in re.findall(r"\b[A-Z][A-Za-z0-9]+", ep["content"]):
                if _matches(query, word) and (ep["group_id"], word) not in nodes:
                    nodes[(ep["group_id"], word)] = {
                        "uuid": f"node-{ep['group_id']}-{word}",
                        "name": word,
                        "labels": ["Entity"],
                        "created_at": ep["created_at"],
                        "summary": ep["content"][:80],
                        "group_id": ep["group_id"],
                        "attributes": {},
                    }
        return list(nodes.values())[:limit]

    def delete(self, episode_uuid: str) -> dict[str, Any]:
        kept = [ep for ep in self.episodes if ep["uuid"] != episode_uuid]
        if len(kept) == len(self.episodes):
            return {"error": f"Error deleting episode: Episode {episode_uuid} not found"}
        self.episodes = kept
        return {"message": f"Episode {episode_uuid} deleted successfully"}

    def clear(self, groups: list[str] | None) -> dict[str, Any]:
        """`groups=None` wipes everything: what old servers' clear_graph() did."""
        if groups is not None:
            self.episodes = [ep for ep in self.episodes if ep["group_id"] not in groups]
            return {
                "message": f"Graph data cleared successfully for group IDs: {', '.join(groups)}"
            }
        self.episodes = []
        return {"message": "Graph cleared successfully and indices rebuilt"}


def _matches(query: str, text: str) -> bool:
    words = re.findall(r"\w+", query.lower())
    return any(word in text.lower() for word in words)


class _Server(StubServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # Clients hanging up on a slow or hung answer is what the fault tests do on purpose.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class FakeMcp:
    """A fake Graphiti MCP server on 127.0.0.1; see the module docstring."""

    def __init__(
        self,
        *,
        answer: Literal["sse", "json"] = "sse",
        legacy: bool = False,
        redirect: bool = False,
        schemas: bool = True,
        wrap_text: bool = False,
        transport: Literal["http", "sse"] = "http",
    ) -> None:
        self.answer = answer
        self.legacy = legacy
        self.redirect = redirect
        self.schemas = schemas
        self.wrap_text = wrap_text
        self.transport = transport
        self.redirects = 0  # 307 answers given
        self.graph = FakeGraph()
        self.calls: list[Received] = []
        self.faults: list[Fault] = []
        self.sessions: set[str] = set()
        self.lock = threading.Lock()
        self.released = threading.Event()  # set on stop: lets "hang" handlers go
        self.down = threading.Event()  # set from a "die" fault's answer until the restart
        self._port = 0  # chosen by the first start, kept by every later one
        self._server: StubServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle --------------------------------------------------------------------------

    def __enter__(self) -> FakeMcp:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Listen (again) on the same port: httpstub's server, bound where clients expect it."""
        self.released.clear()
        self.down.clear()
        server = _Server(("127.0.0.1", self._port), _Handler)
        server.fake = self  # type: ignore[attr-defined]
        self._port = int(server.server_address[1])
        self._thread = threading.Thread(
            target=server.serve_forever, args=(0.05,), name="fake-mcp", daemon=True
        )
        self._thread.start()
        self._server = server

    def stop(self) -> None:
        """Stop listening: connections are refused until `start()`."""
        self.released.set()
        if self._server is not None and self._thread is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
            self._server = self._thread = None

    def crash(self, down_for: float) -> None:
        """Die (refusing connections) for `down_for` seconds, then come back as a supervisor
        restarts a server: sessions lost, what was stored kept."""
        self.stop()
        time.sleep(down_for)
        with self.lock:
            self.sessions.clear()
        self.start()

    def restart(self) -> None:
        """A server restart: sessions and (queued, unprocessed) episodes are lost."""
        self.stop()
        with self.lock:
            self.sessions.clear()
            self.graph = FakeGraph()
        self.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def url(self) -> str:
        return f"{self.base_url}/mcp"

    @staticmethod
    def closed_url() -> str:
        return f"http://127.0.0.1:{free_port()}/mcp"

    # -- faults and observations ------------------------------------------------------------

    def inject(
        self,
        kind: FaultKind,
        *,
        on: str | None = None,
        after: int = 0,
        times: int | None = None,
        **options: Any,
    ) -> Fault:
        fault = Fault(kind, on=on, after=after, times=times, **options)
        with self.lock:
            self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        with self.lock:
            self.faults.clear()

    def tool_calls(self, name: str | None = None) -> list[Received]:
        """tools/call messages received, optionally only those to tool `name`."""
        with self.lock:
            return [c for c in self.calls if c.tool is not None and name in (None, c.tool)]

    def methods(self) -> list[str]:
        with self.lock:
            return [c.method for c in self.calls]

    @property
    def tools(self) -> dict[str, dict[str, Any]]:
        return LEGACY_TOOLS if self.legacy else CURRENT_TOOLS

    # -- used by the handler ----------------------------------------------------------------

    def record(self, received: Received) -> Fault | None:
        with self.lock:
            self.calls.append(received)
            for fault in self.faults:
                if fault.applies(received.method, received.tool, received.arguments):
                    return fault
        return None

    def run_tool(self, name: str, args: dict[str, Any], fault: Fault | None = None) -> Any:
        schema = self.tools.get(name)
        if schema is None:
            raise _ToolFailure(f"Unknown tool: {name}")
        _validate(name, schema, args)
        with self.lock:
            if fault is not None and fault.kind in ("drop", "die") and name in ADD_TOOLS:
                if fault.kind == "die":
                    self.down.set()  # from now on, until the restart, nothing is answered
                return self.graph.add(args, store=False)  # "queued", then failed in the server
            return self._dispatch(name, args)

    def _dispatch(self, name: str, args: dict[str, Any]) -> Any:
        graph = self.graph
        if name in ("add_memory", "add_episode"):
            return graph.add(args)
        if name in ("search_nodes", "search_memory_nodes"):
            nodes = graph.nodes(args["query"], args.get("group_ids"), args.get("max_nodes", 10))
            return {"message": "Nodes retrieved successfully", "nodes": nodes}
        if name == "search_memory_facts":
            facts = graph.facts(args["query"], args.get("group_ids"), args.get("max_facts", 10))
            return {"message": "Facts retrieved successfully", "facts": facts}
        if name == "get_episodes" and self.legacy:
            group = args.get("group_id")
            return graph.in_groups([group] if group else None)[: args.get("last_n", 10)]
        if name == "get_episodes":
            episodes = graph.in_groups(args.get("group_ids"))[: args.get("max_episodes", 10)]
            return {"message": "Episodes retrieved successfully", "episodes": episodes}
        if name == "delete_episode":
            return graph.delete(args["uuid"])
        if name == "clear_graph":
            return graph.clear(None if self.legacy else args.get("group_ids") or [DEFAULT_GROUP])
        return {"status": "ok", "message": "Graphiti MCP server is running and connected"}


def _validate(name: str, schema: dict[str, Any], args: dict[str, Any]) -> None:
    known = set(schema.get("properties", {}))
    problems = [f"{key}\n  Field required" for key in schema.get("required", []) if key not in args]
    problems += [f"{key}\n  Extra inputs are not permitted" for key in args if key not in known]
    if problems:
        raise _ToolFailure(
            f"Error executing tool {name}: {len(problems)} validation error for "
            f"{name}Arguments\n" + "\n".join(problems)
        )


class _Handler(BaseHTTPRequestHandler):
    server: Any  # StubServer with a `fake` attribute
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
        pass

    @property
    def fake(self) -> FakeMcp:
        return self.server.fake

    def do_GET(self) -> None:
        if self.path == "/health":
            self._send(200, "application/json", b'{"status": "healthy", "service": "graphiti-mcp"}')
        elif self.path == "/sse" and self.fake.transport == "sse":
            # The older SSE transport opens its stream with where to POST messages.
            self.close_connection = True
            self._send(
                200,
                "text/event-stream",
                b"event: endpoint\r\ndata: /messages/?session_id=0f\r\n\r\n",
            )
        else:
            self._send(404, "text/plain", b"Not Found")

    def do_POST(self) -> None:
        self._new_session = ""  # a keep-alive connection reuses this handler
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.fake.down.is_set():  # crashed: a kept-alive connection is reset, never answered
            self.close_connection = True
            return
        if self.fake.redirect and self.path == "/mcp":
            with self.fake.lock:
                self.fake.redirects += 1
            self._send(307, "text/plain", b"", {"Location": "/mcp/"})
            return
        if self.fake.transport == "sse":  # only GET /sse and POST /messages/ exist there
            status = 405 if self.path == "/sse" else 404
            self._send(
                status, "text/plain", b"Method Not Allowed" if status == 405 else b"Not Found"
            )
            return
        if self.path not in ("/mcp", "/mcp/"):
            self._send(404, "text/plain", b"Not Found")
            return
        message = json.loads(body)
        session = self.headers.get("Mcp-Session-Id")
        received = Received(
            method=message.get("method", ""),
            params=message.get("params") or {},
            session_id=session,
            path=self.path,
            headers={k.lower(): v for k, v in self.headers.items()},
        )
        fault = self.fake.record(received)
        if fault is not None and self._transport_fault(fault):
            return
        if not self._session_ok(received):
            return
        if "id" not in message:
            self._send(202, "text/plain", b"")
            return
        result = self._result(received, fault)
        death = fault if fault and fault.kind == "die" and received.tool in ADD_TOOLS else None
        if death is None or death.answered:
            self._answer(message["id"], result)
        if death is not None:
            self.close_connection = True
            threading.Thread(target=self.fake.crash, args=(death.delay,), daemon=True).start()

    def _transport_fault(self, fault: Fault) -> bool:
        """Apply an HTTP-level fault; False when the fault is about the JSON-RPC answer."""
        kind = fault.kind
        if kind == "hang":
            self.fake.released.wait()
            self.close_connection = True
        elif kind == "slow":
            self.fake.released.wait(fault.delay)
            return False
        elif kind == "trickle":
            self._trickle(fault.delay)
        elif kind == "http":
            self._send(fault.status, "text/plain", fault.message.encode())
        elif kind == "garbage":
            self._send(200, "application/json", b"<<<\x00 not json")
        elif kind == "wrong_type":
            self._send(200, "text/html", b"<html><body>Please log in</body></html>")
        elif kind == "expire_session":
            with self.fake.lock:
                self.fake.sessions.clear()
            self._send(404, "application/json", b'{"error": "Session not found"}')
        else:
            return False
        return True

    def _trickle(self, every: float) -> None:
        """Keep a stream alive with notifications (a read timeout never fires), never answer."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        frame = f"event: message\r\ndata: {json.dumps(_NOISE)}\r\n\r\n".encode()
        while not self.fake.released.wait(every):
            self.wfile.write(frame)
            self.wfile.flush()

    def _session_ok(self, received: Received) -> bool:
        if "text/event-stream" not in self.headers.get("Accept", ""):
            self._send(406, "text/plain", b"Not Acceptable: must accept text/event-stream")
            return False
        if received.method == "initialize":
            return True
        if received.session_id is None:
            self._send(400, "text/plain", b"Bad Request: Missing session ID")
            return False
        with self.fake.lock:
            known = received.session_id in self.fake.sessions
        if not known:
            self._send(404, "application/json", b'{"error": "Session not found"}')
        return known

    def _result(self, received: Received, fault: Fault | None) -> dict[str, Any]:
        """The JSON-RPC answer body (`result` or `error`) for one request."""
        if fault is not None and fault.kind == "rpc_error":
            return {"error": {"code": fault.code, "message": fault.message}}
        if received.method == "initialize":
            return {"result": self._initialize()}
        if received.method == "tools/list":
            tools = [
                {"name": name, "inputSchema": schema if self.fake.schemas else {}}
                for name, schema in self.fake.tools.items()
            ]
            return {"result": {"tools": tools}}
        if received.method == "tools/call":
            return {"result": self._call(received, fault)}
        return {"error": {"code": -32601, "message": f"Method not found: {received.method}"}}

    def _initialize(self) -> dict[str, Any]:
        session = uuid.uuid4().hex
        with self.fake.lock:
            self.fake.sessions.add(session)
        self._new_session = session
        return {
            "protocolVersion": "2025-06-18",
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "Graphiti Agent Memory", "version": "1.0.2-fake"},
        }

    def _call(self, received: Received, fault: Fault | None) -> dict[str, Any]:
        name, args = str(received.tool), received.arguments
        kind = fault.kind if fault is not None else None
        try:
            if kind == "is_error":
                raise _ToolFailure(fault.message if fault else "")
            if kind == "tool_error":
                value: Any = {"error": fault.message if fault else ""}
            elif kind == "status_error" and name == "get_status":
                value = {"status": "error", "message": fault.message if fault else ""}
            elif kind == "plain_text":
                value = None  # answered below, the tool not run
            else:
                value = self.fake.run_tool(name, args, fault)
        except _ToolFailure as exc:
            return {"content": [{"type": "text", "text": str(exc)}], "isError": True}
        if kind == "plain_text":
            return {"content": [{"type": "text", "text": fault.message if fault else ""}]}
        if isinstance(value, list):  # old servers: one content block per item
            blocks = [{"type": "text", "text": json.dumps(item)} for item in value]
            return {"content": blocks, "isError": False}
        text = json.dumps({"result": value} if self.fake.wrap_text else value)
        structured = value if name == "get_status" else {"result": value}
        return {
            "content": [{"type": "text", "text": text}],
            "structuredContent": structured,
            "isError": False,
        }

    def _answer(self, request_id: Any, answer: dict[str, Any]) -> None:
        payload = {"jsonrpc": "2.0", "id": request_id, **answer}
        extra = {}
        if self._new_session:
            extra["mcp-session-id"] = self._new_session
        if self.fake.answer == "json":
            self._send(200, "application/json", json.dumps(payload).encode(), extra)
            return
        # A notification frame first, as real servers send log messages: the client must pick
        # the frame whose id matches.
        frames = [
            f"event: message\r\ndata: {json.dumps(_NOISE)}\r\n\r\n",
            f"event: message\r\ndata: {json.dumps(payload)}\r\n\r\n",
        ]
        self._send(200, "text/event-stream", "".join(frames).encode(), extra)

    def _send(
        self, status: int, content_type: str, body: bytes, headers: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)
