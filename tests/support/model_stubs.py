"""A scripted, recording model for driving the real host CLIs offline.

One loopback server speaks both wire protocols the hosts use:

- Anthropic Messages (`POST /v1/messages`, `/v1/messages/count_tokens`) for Claude Code;
- OpenAI Chat Completions (`POST /v1/chat/completions`, `GET /v1/models`) for opencode's
  `@ai-sdk/openai-compatible` provider and pi's `openai-completions` provider.

Each request is decoded into one host-neutral `Request`, recorded (so tests can assert what the
model was shown), answered by a `Policy` (`Request -> Reply`), and the `Reply` is encoded back
into the caller's protocol, streaming (SSE) or not. Only the two thin codecs differ per protocol.
"""

from __future__ import annotations

import json
import re
import threading
import traceback
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any, Literal, cast

from tests.support.httpstub import StubServer, serve

Protocol = Literal["anthropic", "openai"]
JSON = dict[str, Any]

MODEL_ID = "stub-model"


@dataclass(frozen=True)
class Message:
    """One conversation entry, flattened to text. `role` is system / user / assistant / tool."""

    role: str
    text: str
    is_tool_result: bool = False


@dataclass(frozen=True)
class Tool:
    """A tool the host offered the model: its exact name and the properties of its input."""

    name: str
    properties: frozenset[str]


@dataclass(frozen=True)
class Request:
    """A model call, decoded from either protocol."""

    protocol: Protocol
    path: str
    body: JSON
    system: str
    messages: tuple[Message, ...]
    tools: tuple[Tool, ...]

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))

    @property
    def seen_text(self) -> str:
        """Everything the model is shown: system prompt and all messages, in order."""
        return "\n".join([self.system, *(m.text for m in self.messages)])

    @property
    def user_text(self) -> str:
        """The user-side text of the current turn: user messages since the model last spoke.

        Hosts add their own user messages beside the prompt (injected context, reminders), so
        the prompt is not always the last message. Tool results are not user text.
        """
        texts: list[str] = []
        for message in reversed(self.messages):
            if message.role == "assistant":
                break
            if message.role == "user" and not message.is_tool_result:
                texts.insert(0, message.text)
        return "\n".join(texts)

    @property
    def after_tool_result(self) -> bool:
        """Whether tool results arrived since the model's last turn (it should now answer)."""
        for message in reversed(self.messages):
            if message.is_tool_result:
                return True
            if message.role == "assistant":
                return False
        return False

    @property
    def last_tool_result(self) -> str:
        return next((m.text for m in reversed(self.messages) if m.is_tool_result), "")

    def tool(self, name: str) -> Tool | None:
        """The offered tool called `name`, ignoring case (Claude Code `Bash`, others `bash`)."""
        return next((t for t in self.tools if t.name.lower() == name.lower()), None)


@dataclass(frozen=True)
class ToolCall:
    name: str
    input: Mapping[str, Any]


@dataclass(frozen=True)
class Reply:
    """What the model answers: text, one tool call, or both (text first)."""

    text: str = ""
    tool_call: ToolCall | None = None


Policy = Callable[[Request], Reply]


# --- the default rule-based policy -------------------------------------------------------------

DIRECTIVE = re.compile(r"\[\[(bash|write|say):\s*(.*?)\]\]", re.DOTALL)
LONG_ANSWER = " ".join(f"Sentence {i} of a deliberately long stub answer." for i in range(1, 121))

# Phrases of the hosts' internal (non-user) requests, as observed in their 2.1.332 / 1.18.33 /
# 0.73.1 prompts: opencode's title agent; Claude Code's compact prompt, opencode's and pi's
# summarizer system prompts. Our own summary text must not match (it reappears after compaction).
_TITLE_MARKERS = ("you are a title generator",)
_SUMMARY_MARKERS = ("create a detailed summary of the conversation", "context summarization")
_REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.DOTALL)
_INLINED_CONVERSATION = re.compile(r"<conversation>(.*?)</conversation>", re.DOTALL)
# A compaction summary repeats at most this much of the conversation back.
_FACT_LIMIT = 4000


def is_title_request(request: Request) -> bool:
    lowered = request.system.lower()
    return any(marker in lowered for marker in _TITLE_MARKERS)


def is_summary_request(request: Request) -> bool:
    lowered = request.user_text.lower() + "\n" + request.system.lower()
    return any(marker in lowered for marker in _SUMMARY_MARKERS)


def summarize(request: Request) -> str:
    """A compaction summary (in Claude Code's expected shape) repeating the facts it was shown.

    Facts are the conversation before the summary instruction (user, assistant and tool texts,
    minus `<system-reminder>` boilerplate and `system` environment blurbs), plus a transcript the
    host inlined into the instruction itself as `<conversation>` (pi does).
    """
    *history, instruction = request.messages or (Message("user", ""),)
    facts = [_REMINDER.sub("", m.text).strip() for m in history if m.role != "system"]
    facts += [inlined.strip() for inlined in _INLINED_CONVERSATION.findall(instruction.text)]
    body = "\n".join(f"- {fact}" for fact in facts if fact)[:_FACT_LIMIT]
    return (
        "<analysis>Recapping the conversation.</analysis>\n"
        f"<summary>Summary of the conversation so far:\n{body or '- (nothing yet)'}</summary>"
    )


def directive_call(request: Request, kind: str, argument: str) -> ToolCall | None:
    """Map `[[bash: cmd]]` / `[[write: path content]]` onto the tool this host offers."""
    tool = request.tool(kind)
    if tool is None:
        return None
    if kind == "bash":
        call_input: dict[str, Any] = {"command": argument}
        if "description" in tool.properties:
            call_input["description"] = "stub tool call"
        return ToolCall(tool.name, call_input)
    path, _, content = argument.partition(" ")
    path_key = next(
        (k for k in ("file_path", "filePath", "path") if k in tool.properties), "file_path"
    )
    return ToolCall(tool.name, {path_key: path, "content": content})


def default_policy(request: Request) -> Reply:
    """Rule-based answers for e2e tests.

    - host-internal calls: a title request gets a title, a compaction request a summary of
      what it was shown (see `summarize`);
    - after a tool result: a text naming the result's first line ("Tool finished: ...");
    - a directive in the turn's user text: `[[bash: <command>]]` / `[[write: <path> <content>]]`
      call the host's own bash / write tool, `[[say: long]]` gives a long answer and
      `[[say: <text>]]` answers <text>;
    - anything else: "STUB_REPLY ok".

    Only the first directive outside `<system-reminder>` blocks counts, so context a host or a
    hook injects (Claude Code reminders, opencode parts pushed after the prompt, pi
    before_agent_start messages) cannot trigger a tool even if it quotes a directive.
    """
    if is_title_request(request):
        return Reply(text="Stub session")
    if is_summary_request(request):
        return Reply(text=summarize(request))
    if request.after_tool_result:
        result = request.last_tool_result.strip().splitlines()
        return Reply(text=f"Tool finished: {result[0] if result else '(no output)'}")
    match = DIRECTIVE.search(_REMINDER.sub("", request.user_text))
    if match is None:
        return Reply(text="STUB_REPLY ok")
    kind, argument = match.group(1), match.group(2).strip()
    if kind == "say":
        return Reply(text=LONG_ANSWER if argument == "long" else argument)
    call = directive_call(request, kind, argument)
    if call is None:
        return Reply(text=f"STUB_REPLY: no {kind} tool offered")
    return Reply(tool_call=call)


# --- decoding ----------------------------------------------------------------------------------


def _flatten(content: Any) -> str:
    """Text of a content value in either protocol: a string or a list of typed blocks."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return "" if content is None else json.dumps(content)
    parts: list[str] = []
    for block in content:
        if not isinstance(block, dict):
            parts.append(str(block))
        elif "text" in block:
            parts.append(str(block["text"]))
        elif block.get("type") == "tool_use":
            parts.append(f"[tool_use {block.get('name')}] {json.dumps(block.get('input'))}")
        elif block.get("type") == "tool_result":
            parts.append(_flatten(block.get("content")))
    return "\n".join(parts)


def _anthropic_messages(entry: JSON) -> list[Message]:
    """One Anthropic entry as messages: its tool results first, then any text beside them.

    Claude Code puts a follow-up instruction (e.g. the compaction prompt) in the same user
    entry as the last tool result, so the two must stay distinguishable.
    """
    role, content = str(entry.get("role")), entry.get("content")
    if not isinstance(content, list):
        return [Message(role, _flatten(content))]
    results = [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]
    rest = [b for b in content if b not in results]
    messages = [Message("tool", _flatten(b.get("content")), True) for b in results]
    if rest or not results:
        messages.append(Message(role, _flatten(rest)))
    return messages


def _openai_message(entry: JSON) -> Message:
    calls = [c.get("function", {}) for c in entry.get("tool_calls") or []]
    pieces = [_flatten(entry.get("content"))]
    pieces += [f"[tool_use {c.get('name')}] {c.get('arguments')}" for c in calls]
    role = str(entry.get("role"))
    return Message(role, "\n".join(p for p in pieces if p), role == "tool")


def _tool(name: Any, schema: Any) -> Tool:
    properties = schema.get("properties", {}) if isinstance(schema, dict) else {}
    return Tool(str(name), frozenset(properties))


def decode(protocol: Protocol, path: str, body: JSON) -> Request:
    raw_messages = [m for m in body.get("messages", []) if isinstance(m, dict)]
    if protocol == "anthropic":
        system = _flatten(body.get("system"))
        messages = tuple(m for entry in raw_messages for m in _anthropic_messages(entry))
        tools = tuple(_tool(t.get("name"), t.get("input_schema")) for t in body.get("tools", []))
    else:
        # System (and "developer") entries are part of the prompt, not the conversation.
        system = "\n".join(
            _flatten(m.get("content"))
            for m in raw_messages
            if m.get("role") in {"system", "developer"}
        )
        messages = tuple(
            _openai_message(m) for m in raw_messages if m.get("role") not in {"system", "developer"}
        )
        functions = [t.get("function", {}) for t in body.get("tools", [])]
        tools = tuple(_tool(f.get("name"), f.get("parameters")) for f in functions)
    return Request(protocol, path, body, system, messages, tools)


# --- encoding ----------------------------------------------------------------------------------


def _token_estimate(text: str) -> int:
    return max(1, len(text) // 4)


def _anthropic_blocks(reply: Reply) -> list[JSON]:
    blocks: list[JSON] = []
    if reply.text or reply.tool_call is None:
        blocks.append({"type": "text", "text": reply.text})
    if reply.tool_call is not None:
        blocks.append(
            {
                "type": "tool_use",
                "id": f"toolu_stub{uuid.uuid4().hex[:16]}",
                "name": reply.tool_call.name,
                "input": dict(reply.tool_call.input),
            }
        )
    return blocks


def anthropic_events(request: Request, reply: Reply) -> Iterator[tuple[str, JSON]]:
    """The SSE events of one streamed Anthropic message."""
    stop_reason = "tool_use" if reply.tool_call else "end_turn"
    usage = {"input_tokens": _token_estimate(request.seen_text), "output_tokens": 0}
    message = {
        "id": f"msg_stub{uuid.uuid4().hex[:16]}",
        "type": "message",
        "role": "assistant",
        "model": request.body.get("model", MODEL_ID),
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage,
    }
    yield "message_start", {"type": "message_start", "message": message}
    for index, block in enumerate(_anthropic_blocks(reply)):
        if block["type"] == "text":
            start, delta = {**block, "text": ""}, {"type": "text_delta", "text": block["text"]}
        else:
            start = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        yield (
            "content_block_start",
            {"type": "content_block_start", "index": index, "content_block": start},
        )
        yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    output = {"output_tokens": _token_estimate(reply.text) + 10}
    yield (
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop_reason, "stop_sequence": None},
            "usage": output,
        },
    )
    yield "message_stop", {"type": "message_stop"}


def anthropic_message(request: Request, reply: Reply) -> JSON:
    return {
        "id": f"msg_stub{uuid.uuid4().hex[:16]}",
        "type": "message",
        "role": "assistant",
        "model": request.body.get("model", MODEL_ID),
        "content": _anthropic_blocks(reply),
        "stop_reason": "tool_use" if reply.tool_call else "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": _token_estimate(request.seen_text),
            "output_tokens": _token_estimate(reply.text) + 10,
        },
    }


def _openai_tool_calls(reply: Reply) -> list[JSON]:
    if reply.tool_call is None:
        return []
    return [
        {
            "index": 0,
            "id": f"call_stub{uuid.uuid4().hex[:16]}",
            "type": "function",
            "function": {
                "name": reply.tool_call.name,
                "arguments": json.dumps(reply.tool_call.input),
            },
        }
    ]


def _openai_usage(request: Request, reply: Reply) -> JSON:
    prompt, completion = _token_estimate(request.seen_text), _token_estimate(reply.text) + 10
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


def openai_chunks(request: Request, reply: Reply) -> Iterator[JSON]:
    """The `chat.completion.chunk` objects of one streamed completion."""
    base = {
        "id": f"chatcmpl-stub{uuid.uuid4().hex[:12]}",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": request.body.get("model", MODEL_ID),
    }

    def chunk(delta: JSON, finish: str | None = None) -> JSON:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    yield chunk({"role": "assistant", "content": ""})
    if reply.text:
        yield chunk({"content": reply.text})
    if calls := _openai_tool_calls(reply):
        yield chunk({"tool_calls": calls})
    yield chunk({}, "tool_calls" if reply.tool_call else "stop")
    yield {**base, "choices": [], "usage": _openai_usage(request, reply)}


def openai_completion(request: Request, reply: Reply) -> JSON:
    message: JSON = {"role": "assistant", "content": reply.text or None}
    if calls := _openai_tool_calls(reply):
        message["tool_calls"] = [{k: v for k, v in c.items() if k != "index"} for c in calls]
    return {
        "id": f"chatcmpl-stub{uuid.uuid4().hex[:12]}",
        "object": "chat.completion",
        "created": 0,
        "model": request.body.get("model", MODEL_ID),
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": "tool_calls" if reply.tool_call else "stop",
            }
        ],
        "usage": _openai_usage(request, reply),
    }


# --- the server --------------------------------------------------------------------------------


@dataclass
class Exchange:
    """One answered model call: what the host sent and what the stub replied."""

    request: Request
    reply: Reply


@dataclass
class ModelStub:
    """The running stub: its URLs, its policy and everything it was asked."""

    policy: Policy
    url: str = ""
    exchanges: list[Exchange] = field(default_factory=list)
    other_paths: list[str] = field(default_factory=list)  # requests to unknown endpoints
    errors: list[str] = field(default_factory=list)  # policy exceptions (answered with HTTP 500)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def anthropic_base_url(self) -> str:
        """For ANTHROPIC_BASE_URL (the client appends /v1/messages)."""
        return self.url

    @property
    def openai_base_url(self) -> str:
        """For an OpenAI-compatible `baseURL` (the client appends /chat/completions)."""
        return f"{self.url}/v1"

    @property
    def requests(self) -> list[Request]:
        with self.lock:
            return [e.request for e in self.exchanges]

    def saw(self, text: str) -> bool:
        """Whether any model call so far showed `text` to the model."""
        return any(text in r.seen_text for r in self.requests)

    def answer(self, request: Request) -> Reply:
        reply = self.policy(request)
        with self.lock:
            self.exchanges.append(Exchange(request, reply))
        return reply

    def assert_clean(self) -> None:
        """Fail if a host called an unknown endpoint or the policy raised."""
        assert not self.other_paths, f"unexpected model API calls: {self.other_paths}"
        assert not self.errors, "policy errors:\n" + "\n".join(self.errors)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: StubServer

    def log_message(self, format: str, *args: Any) -> None:
        """Silence per-request logging; the stub records requests instead."""

    @property
    def stub(self) -> ModelStub:
        return cast(ModelStub, self.server.stub)  # type: ignore[attr-defined]

    def _route(self) -> str:
        return self.path.split("?", 1)[0].rstrip("/")

    def do_GET(self) -> None:
        if self._route() == "/v1/models":
            model = {"id": MODEL_ID, "object": "model", "created": 0, "owned_by": "stub"}
            self._send_json({"object": "list", "data": [model]})
        else:
            self._not_found()

    def do_POST(self) -> None:
        route = self._route()
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if route == "/v1/messages/count_tokens":
            request = decode("anthropic", route, body)
            self._send_json({"input_tokens": _token_estimate(request.seen_text)})
        elif route == "/v1/messages":
            self._answer(decode("anthropic", route, body))
        elif route == "/v1/chat/completions":
            self._answer(decode("openai", route, body))
        else:
            self._not_found()

    def do_HEAD(self) -> None:
        self._not_found()

    def _answer(self, request: Request) -> None:
        try:
            reply = self.stub.answer(request)
        except Exception:
            # Report a broken policy to the test (assert_clean) and to the host as an API error.
            with self.stub.lock:
                self.stub.errors.append(traceback.format_exc())
            error = {"type": "api_error", "message": "stub policy raised"}
            self._send_json({"type": "error", "error": error}, 500)
            return
        if request.protocol == "anthropic" and request.stream:
            self._send_sse(
                f"event: {name}\ndata: {json.dumps(data)}\n\n"
                for name, data in anthropic_events(request, reply)
            )
        elif request.protocol == "anthropic":
            self._send_json(anthropic_message(request, reply))
        elif request.stream:
            frames = [f"data: {json.dumps(c)}\n\n" for c in openai_chunks(request, reply)]
            self._send_sse([*frames, "data: [DONE]\n\n"])
        else:
            self._send_json(openai_completion(request, reply))

    def _send_json(self, payload: JSON, status: int = 200) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_sse(self, frames: Iterable[str]) -> None:
        # No Content-Length: the stream ends when the connection closes.
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        for frame in frames:
            self.wfile.write(frame.encode())
            self.wfile.flush()
        self.close_connection = True

    def _not_found(self) -> None:
        with self.stub.lock:
            self.stub.other_paths.append(f"{self.command} {self.path}")
        self._send_json(
            {"type": "error", "error": {"type": "not_found_error", "message": self.path}}, 404
        )


@contextmanager
def model_stub(policy: Policy = default_policy) -> Iterator[ModelStub]:
    """Serve a scripted model on 127.0.0.1 for both protocols until the block exits."""
    stub = ModelStub(policy)
    with serve(_Handler, stub=stub) as server:
        stub.url = server.url
        yield stub
