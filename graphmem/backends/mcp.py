"""A small client for an MCP server over streamable HTTP (the Graphiti MCP server's transport).

Only what graphmem needs: a session (initialize, session id, re-initialize once when the server
forgot it), `tools/list`, `tools/call`, and a health probe on its own short budget. Every failure
is mapped to one of two errors, because the spool treats them differently:

- `Unreachable`: the server could not be asked (refused, hung, 5xx, 429, an answer that is not
  MCP, a session it keeps losing, a proxy refusing our credentials). Nothing is wrong with the
  request; try again later, and never count it against an episode.
- `Rejected`: the server understood the request and said no (JSON-RPC error, `isError`, a tool
  answering `{"error": ...}`, another 4xx). Retrying the same request is unlikely to help.

Every call is bounded by a deadline; a server trickling bytes can stretch one read by at most one
read timeout past it (httpx fixes the read timeout per request, so the deadline is checked between
received lines).

httpx is imported here and in graphmem.backends.graphiti only: the hook path must not pay for it.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Iterator, Mapping
from types import TracebackType
from typing import Any

import httpx

from graphmem.errors import Exit, GraphmemError
from graphmem.record import record

PROTOCOL_VERSION = "2025-06-18"
CLIENT_INFO = {"name": "graphmem", "version": "0.1.0"}
_REASON_MAX = 200
# 4xx answers that come from a proxy or the server's host checks, not from the request itself:
# counting them as rejections would dead-letter every pending episode over a config mistake.
_ACCESS_STATUSES = {401: "unauthorized", 403: "forbidden", 407: "proxy auth", 421: "host refused"}
_INVALID_PARAMS = -32602
SSE_CHECK_S = 2.0  # a 404/405 answer: how long to look for the older SSE transport


class McpError(GraphmemError):
    """A failed MCP exchange. `reason` is short, for the spool; the message says what to do."""

    code = Exit.FAILURE

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message, self.code)
        self.reason = reason[:_REASON_MAX]


class Unreachable(McpError):
    """The server could not be asked; the request itself is fine. Retry later."""

    code = Exit.UNREACHABLE


class Rejected(McpError):
    """The server answered and said no."""

    code = Exit.REJECTED


class InvalidArguments(Rejected):
    """The server refused a tool's arguments (schema validation): another shape may work."""


class _SessionExpired(Exception):
    """404 on a request that carried a session id: the server forgot it (restart, idle)."""


@record(frozen=True)
class ServerInfo:
    name: str
    version: str
    tools: tuple[str, ...]
    status: str  # "ok", or "unknown" when the server has no get_status tool
    message: str = ""  # what get_status says (e.g. which database it is connected to)
    protocol: str = ""  # the MCP protocol version the session agreed on


class McpClient:
    """One MCP session with the server at `url`; safe to share between threads."""

    def __init__(
        self,
        url: str,
        *,
        token: str | None = None,
        headers: Mapping[str, str] | None = None,
        probe_timeout: float = 3.0,
        timeout: float = 60.0,
        moved_to: str | None = None,
    ) -> None:
        self.configured = url
        # Where an earlier process's redirect led, if it did (graphmem.store.endpoint).
        self.url = moved_to or url
        self.probe_timeout = probe_timeout
        self.timeout = timeout
        base = {"Accept": "application/json, text/event-stream", **(headers or {})}
        if token:
            base["Authorization"] = f"Bearer {token}"
        # Redirects: some SDK versions answer /mcp with a 307 to /mcp/ (or back); httpx keeps the
        # method and body on 307/308. A redirect within the same server is followed once: its
        # target becomes this client's URL (see `_post`), and the caller may keep it for the
        # next process (`moved_to`).
        self._http = httpx.Client(headers=base, follow_redirects=True, max_redirects=3)
        self._ids = itertools.count(1)
        self._init_lock = threading.Lock()
        self._session_id: str | None = None
        self._protocol = PROTOCOL_VERSION
        self._server = ("", "")
        self._initialized = False
        self._tools: dict[str, dict[str, Any]] | None = None

    # -- public API -------------------------------------------------------------------------

    def initialize(self, *, timeout: float | None = None) -> None:
        """Open a session (called lazily by every other method)."""
        self._ensure_session(self._deadline(timeout), force=True)

    def list_tools(self, *, timeout: float | None = None) -> dict[str, dict[str, Any]]:
        """Tool name -> input JSON schema, asked once per client."""
        return self._cached_tools(self._deadline(timeout))

    def call_tool(
        self, name: str, args: Mapping[str, Any], *, timeout: float | None = None
    ) -> dict[str, Any]:
        """Call a tool and return its JSON result (see `_tool_result` for the unwrapping)."""
        result = self._request(
            "tools/call", {"name": name, "arguments": dict(args)}, self._deadline(timeout)
        )
        return _tool_result(name, result)

    def probe(self) -> ServerInfo:
        """Is the server up and its database healthy? Bounded by `probe_timeout` in total."""
        deadline = time.monotonic() + self.probe_timeout
        tools = self._cached_tools(deadline)
        name, version = self._server
        if "get_status" not in tools:
            return ServerInfo(name, version, tuple(tools), "unknown", protocol=self._protocol)
        answer = _tool_result(
            "get_status", self._request("tools/call", {"name": "get_status"}, deadline)
        )
        message = str(answer.get("message", ""))
        if answer.get("status") != "ok":
            # The server is up but its database is not: not a rejection of anything we sent.
            raise Unreachable(
                "server unhealthy",
                f"the MCP server at {self.url} is up but reports status "
                f"{answer.get('status')!r}: {message or 'no detail'}; check its database",
            )
        return ServerInfo(name, version, tuple(tools), "ok", message, self._protocol)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> McpClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- session ----------------------------------------------------------------------------

    def _deadline(self, timeout: float | None) -> float:
        return time.monotonic() + (self.timeout if timeout is None else timeout)

    def _ensure_session(
        self, deadline: float, *, force: bool = False, stale: str | None = None
    ) -> None:
        # One initialize shared by concurrent callers. `force` opens a new session; `stale` is a
        # session the server lost: replaced unless another caller has replaced it already (the
        # drain sends several requests at once, and all of them meet the lost session).
        with self._init_lock:
            renewed = stale is not None and self._session_id != stale
            if self._initialized and not force and (stale is None or renewed):
                return
            self._initialized = False
            params = {
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": CLIENT_INFO,
            }
            try:
                result = self._post("initialize", params, deadline, notify=False)
            except McpError:
                if self.url == self.configured:
                    raise
                # The URL a redirect once led to no longer works: start again from the
                # configured one (and adopt wherever it leads now).
                self.url = self.configured
                result = self._post("initialize", params, deadline, notify=False)
            assert result is not None  # a request (not a notification) always has an answer
            self._protocol = str(result.get("protocolVersion") or PROTOCOL_VERSION)
            info = result.get("serverInfo") or {}
            self._server = (str(info.get("name", "")), str(info.get("version", "")))
            self._post("notifications/initialized", None, deadline, notify=True)
            self._initialized = True

    def _request(self, method: str, params: dict[str, Any], deadline: float) -> dict[str, Any]:
        self._ensure_session(deadline)
        used = self._session_id
        try:
            result = self._post(method, params, deadline, notify=False)
        except _SessionExpired:
            self._ensure_session(deadline, stale=used)
            try:
                result = self._post(method, params, deadline, notify=False)
            except _SessionExpired:
                raise Unreachable(
                    "session lost",
                    f"the MCP server at {self.url} lost the session twice in a row: "
                    "it is probably restarting; try again later",
                ) from None
        assert result is not None
        return result

    def _cached_tools(self, deadline: float) -> dict[str, dict[str, Any]]:
        if self._tools is None:
            self._tools = self._fetch_tools(deadline)
        return self._tools

    def _fetch_tools(self, deadline: float) -> dict[str, dict[str, Any]]:
        tools: dict[str, dict[str, Any]] = {}
        cursor: str | None = None
        while True:
            params = {"cursor": cursor} if cursor else {}
            page = self._request("tools/list", params, deadline)
            for tool in page.get("tools") or []:
                tools[str(tool["name"])] = dict(tool.get("inputSchema") or {})
            cursor = page.get("nextCursor")
            if not cursor:
                return tools

    # -- one HTTP exchange ------------------------------------------------------------------

    def _post(
        self, method: str, params: dict[str, Any] | None, deadline: float, *, notify: bool
    ) -> dict[str, Any] | None:
        """POST one JSON-RPC message; the JSON-RPC result, or None for a notification."""
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        request_id = None if notify else next(self._ids)
        if request_id is not None:
            message["id"] = request_id
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise self._timeout()
        try:
            with self._http.stream(
                "POST",
                self.url,
                json=message,
                headers=self._session_headers(method),
                timeout=httpx.Timeout(remaining),
            ) as response:
                self._check_status(response, method)
                if response.history:
                    self._moved(response.url)
                if method == "initialize":
                    self._session_id = response.headers.get("mcp-session-id")
                if notify:
                    return None
                answer = self._read_answer(response, request_id, deadline)
        except httpx.TimeoutException:
            raise self._timeout() from None
        except httpx.TooManyRedirects:
            raise Unreachable(
                "redirect loop",
                f"the MCP server at {self.url} keeps redirecting: check the URL (usually .../mcp)",
            ) from None
        except httpx.RequestError as exc:
            raise self._transport(exc) from None
        return self._rpc_result(answer, method)

    def _moved(self, final: httpx.URL) -> None:
        """Keep the URL a redirect led to (every later call would pay the 307 again), but only
        on the same server: a redirect elsewhere is followed each time, never adopted."""
        if final.copy_with(path="/", query=None) == httpx.URL(self.url).copy_with(
            path="/", query=None
        ):
            self.url = str(final)

    def _session_headers(self, method: str) -> dict[str, str]:
        headers = {"MCP-Protocol-Version": self._protocol}
        if self._session_id and method != "initialize":
            headers["Mcp-Session-Id"] = self._session_id
        return headers

    def _check_status(self, response: httpx.Response, method: str) -> None:
        status = response.status_code
        if status < 400:
            return
        if status == 404 and self._session_id and method != "initialize":
            raise _SessionExpired()
        response.read()
        detail = _short(response.text)
        if status in (404, 405):
            if self._speaks_sse():
                raise Unreachable(
                    "sse transport",
                    f"the MCP server at {self.url} speaks the older SSE transport (started with "
                    "`--transport sse`), which graphmem does not: start it with `--transport "
                    "http` (the default since server 1.0; in docker compose, drop `--transport "
                    "sse`) and use its /mcp URL",
                )
            raise Unreachable(
                "no mcp endpoint",
                f"{self.url} answered {status}: no MCP endpoint there; check the URL "
                "(usually .../mcp)",
            )
        if status == 429:
            raise Unreachable(
                "rate limited", f"the MCP server at {self.url} is rate limiting (429); retry later"
            )
        if status >= 500:
            raise Unreachable(
                f"http {status}",
                f"the MCP server at {self.url} failed with HTTP {status} ({detail}); "
                "see the server's log, retry later",
            )
        if status in _ACCESS_STATUSES:
            raise Unreachable(
                _ACCESS_STATUSES[status],
                f"{self.url} refused access with HTTP {status} ({detail}); check the token and "
                "extra headers, and that the server accepts this host name",
            )
        raise Rejected(
            f"http {status}: {detail}", f"the MCP server at {self.url} refused {method}: {detail}"
        )

    def _speaks_sse(self) -> bool:
        """Does this server offer the older SSE transport (GET /sse opening with `endpoint`)?"""
        url = httpx.URL(self.url)
        sse = url if url.path.rstrip("/").endswith("/sse") else url.copy_with(path="/sse")
        try:
            with self._http.stream(
                "GET", sse, headers={"Accept": "text/event-stream"}, timeout=SSE_CHECK_S
            ) as response:
                if response.status_code != 200:
                    return False
                for line in response.iter_lines():
                    if line.strip() == "event: endpoint":
                        return True
                    if line.startswith("data:") or not line:
                        return False
        except httpx.HTTPError:
            return False
        return False

    def _read_answer(
        self, response: httpx.Response, request_id: int | None, deadline: float
    ) -> dict[str, Any]:
        kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind == "text/event-stream":
            for candidate in self._sse_messages(response, deadline):
                if candidate.get("id") == request_id:
                    return candidate
            raise self._garbage("the event stream ended without an answer to our request")
        if kind == "application/json":
            response.read()
            if time.monotonic() > deadline:
                raise self._timeout()
            try:
                body = json.loads(response.content)
            except ValueError:
                raise self._garbage("its body is not JSON") from None
            # A batch answer is legal JSON-RPC; pick our id as with SSE frames.
            for candidate in body if isinstance(body, list) else [body]:
                if isinstance(candidate, dict) and candidate.get("id") == request_id:
                    return candidate
            raise self._garbage("its JSON answer does not answer our request")
        raise Unreachable(
            "wrong content type",
            f"{self.url} answered with content type {kind or 'none'!r} instead of JSON or an "
            "event stream: is that really the MCP endpoint (and not a proxy page)?",
        )

    def _sse_messages(self, response: httpx.Response, deadline: float) -> Iterator[dict[str, Any]]:
        """JSON-RPC messages of the `message` events, checking the deadline between lines."""
        event, data = "message", []
        # A final empty line flushes an event the server did not terminate.
        for line in itertools.chain(response.iter_lines(), [""]):
            if time.monotonic() > deadline:
                raise self._timeout()
            if line:
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "event":
                    event = value
                elif field == "data":
                    data.append(value)
                continue
            if event == "message" and data:
                parsed = self._event_json(data)
                if isinstance(parsed, dict):
                    yield parsed
            event, data = "message", []

    def _event_json(self, data: list[str]) -> Any:
        try:
            return json.loads("\n".join(data))
        except ValueError:
            raise self._garbage("an event's data is not JSON") from None

    def _rpc_result(self, answer: dict[str, Any], method: str) -> dict[str, Any]:
        error = answer.get("error")
        if error is not None:
            code = error.get("code") if isinstance(error, dict) else None
            text = _short(str(error.get("message") if isinstance(error, dict) else error))
            kind = InvalidArguments if code == _INVALID_PARAMS else Rejected
            raise kind(f"rpc {code}: {text}", f"the MCP server refused {method}: {text}")
        result = answer.get("result")
        if not isinstance(result, dict):
            raise self._garbage("the JSON-RPC answer carries no result object")
        return result

    # -- error builders (each message says what to do) --------------------------------------

    def _timeout(self) -> Unreachable:
        return Unreachable(
            "timeout",
            f"the MCP server at {self.url} did not answer in time: it may be hung or overloaded; "
            "check it, or raise the timeout",
        )

    def _transport(self, exc: httpx.RequestError) -> Unreachable:
        if _refused(exc):  # the host answered: nothing listens there (the drain relies on it)
            reason, hint = "refused", "is it running? check the URL"
        elif isinstance(exc, httpx.ConnectError):  # no such host, no route to it
            reason, hint = "cannot connect", "check the URL and the network"
        else:
            reason, hint = "transport error", "check the network and the server"
        return Unreachable(reason, f"cannot reach the MCP server at {self.url} ({exc}): {hint}")

    def _garbage(self, what: str) -> Unreachable:
        return Unreachable(
            "bad answer",
            f"the server at {self.url} answered something that is not MCP ({what}): "
            "is that really an MCP endpoint? check the URL and the server's version",
        )


def _tool_result(name: str, result: dict[str, Any]) -> dict[str, Any]:
    """The JSON a tool answered, with every failure shape turned into `Rejected`.

    Text content is parsed as JSON (several text blocks, as old servers answer `get_episodes`,
    become `{"items": [...]}`); a lone `result` key is unwrapped; non-JSON text becomes
    `{"message": text}`. Tool errors arrive as normal results `{"error": ...}` and must not pass.
    """
    texts = [
        str(block.get("text", ""))
        for block in result.get("content") or []
        if isinstance(block, dict) and block.get("type") == "text"
    ]
    if result.get("isError"):
        text = _short(" ".join(texts)) or "no detail"
        kind = InvalidArguments if "validation error" in text.lower() else Rejected
        raise kind(f"tool error: {text}", f"the MCP server's tool {name} failed: {text}")
    if len(texts) == 1:
        value = _parse_text(texts[0])
    elif texts:
        value = {"items": [_parse_text(text) for text in texts]}
    else:
        value = result.get("structuredContent") or {}
    if isinstance(value, dict) and set(value) == {"result"}:
        value = value["result"]
    if isinstance(value, list):
        value = {"items": value}
    if not isinstance(value, dict):
        value = {"message": str(value)}
    if value.get("error"):
        text = _short(str(value["error"]))
        raise Rejected(f"tool error: {text}", f"the MCP server's tool {name} failed: {text}")
    return value


def _parse_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return {"message": text}


def _short(text: str) -> str:
    return " ".join(text.split())[:_REASON_MAX]


def _refused(exc: BaseException) -> bool:
    """Was the connection refused, or reset while it was being made (a server closing its
    socket)? httpx keeps the OS error at the end of its cause chain."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ConnectionRefusedError | ConnectionResetError):
            return True
        seen = seen.__cause__ or seen.__context__
    return False
