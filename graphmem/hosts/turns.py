"""A host's conversation, reduced to the host-neutral turns graphmem captures and renders.

Stdlib only and frugal: this runs inside `graphmem hook` on every Stop, where the whole process has
about 25 ms. Each host's reader (graphmem/hosts/<host>/) builds turns with `TurnBuilder`; what a
tool call is worth saying (`tool_use`) and how turns read in an episode (`render_turns`) are the
same for every host, and decided here.

A turn is one real user prompt and everything the agent did until the next one. Hook feedback (a
Stop hook's re-prompt), tool results, compaction summaries and local command output belong to the
turn they occur in; they never start a new one.
"""

from __future__ import annotations

from graphmem.hosts.payload import string
from graphmem.record import field, record

MARKER_PREFIX = "[REDACTED:"  # graphmem.redact's, not imported: hooks that store nothing skip it

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

    Clean = Callable[[str], str]  # redaction: text in, redacted text out

# An answer longer than this makes a turn substantive even without an edit.
SUBSTANTIVE_CHARS = 1500

EDIT_TOOLS = frozenset({"write", "edit", "multiedit", "notebookedit", "apply_patch", "patch"})
_SHELL_TOOLS = frozenset({"bash"})
_MEMORY_TOOL_SUFFIXES = ("add_memory", "add_episode")  # add_episode: Graphiti MCP before 2025-06
# graphmem's own `add` tool as each host names it (Claude Code with settings or as a plugin,
# opencode); pi's is its `memory` tool with action add. Another server's `add` is not evidence.
_GRAPHMEM_ADD_TOOLS = frozenset(
    {"mcp__graphmem__add", "mcp__plugin_graphmem_graphmem__add", "graphmem_add"}
)

_COMMAND_CAP = 80
_ARG_CAP = 60
_ERROR_CAP = 160
_ERROR_WINDOW = 4096  # chars kept from each end of a failed call's output
_MARKER_MAX = 40  # longest `[REDACTED:<kind>]`
_LIST_CAP = 12  # items per group on the Tools line; older ones are counted, not listed
_CUT_MARK = "[… earlier part cut …]\n"

_PATH_KEYS = ("file_path", "filePath", "notebook_path", "path")
_ARG_KEYS = (*_PATH_KEYS, "pattern", "query", "url", "description", "prompt", "name")

# Pattern text, compiled on first use through re's cache (and `re` imported then): most turns
# need none of them, and a hook would otherwise compile all four on every event.
# `graphmem add`, `python -m graphmem add`, with any path prefix and leading flags.
_GRAPHMEM_ADD = (
    r"(?:^|[\s;&|(`'\"])(?:[^\s;&|(`'\"]*/)?"
    r"(?:graphmem|python[\d.]*(?:\s+-\w+)*\s+-m\s+graphmem)"
    r"(?:\s+--?[\w-]+(?:=\S+)?)*\s+add(?![\w.-])"
)
_PATCH_FILE = r"(?m)^\*\*\* (?:Add|Update|Delete) File: (.+)$"


def _as_is(text: str) -> str:
    return text


@record
class ToolUse:
    """One tool call: a file path for edits, the command for a shell, else its main argument.

    `summary` and `error` hold the whole text; rendering shortens them, after redaction.
    """

    name: str
    summary: str = ""
    ok: bool | None = None  # None: its result is not in what was read (yet)
    error: str = ""  # the output of a failed call (its two ends when it is long)
    memory: bool = False  # the call stores a memory (graphmem add, MCP add_memory)

    @property
    def is_edit(self) -> bool:
        return self.name.lower() in EDIT_TOOLS

    @property
    def is_shell(self) -> bool:
        return self.name.lower() in _SHELL_TOOLS

    def outcome(self, clean: Clean) -> str:
        if self.ok is None:
            return ""
        if self.ok:
            return " (ok)"
        error = _error_line(self.error, clean)
        return f" (error: {error})" if error else " (error)"


@record
class Turn:
    """One user prompt and the agent's work on it."""

    prompt: str = ""  # empty when what was read starts in the middle of a turn
    answer: str = ""  # every assistant text block of the turn, in order
    tools: list[ToolUse] = field(default_factory=list)
    kept_memory: bool = False  # this turn stored a memory and that call did not fail

    @property
    def edited(self) -> bool:
        """A file was written or edited in this turn (failed edits do not count)."""
        return any(t.is_edit and t.ok is not False for t in self.tools)

    @property
    def substantive(self) -> bool:
        return self.edited or len(self.answer) > SUBSTANTIVE_CHARS


@record(frozen=True)
class ReadResult:
    turns: list[Turn]
    offset: int  # where the next read starts: just after the last complete line consumed


# --- rendering ---------------------------------------------------------------------------------


def render_turns(turns: Sequence[Turn], cap: int, clean: Clean = _as_is) -> str:
    """Readable episode body for `turns`, redacted by `clean`; over `cap` chars, the most recent
    part is kept.

    Every cut comes after redaction: a secret is recognised whole (a URL with its password, a key
    block with its BEGIN line, a `<private>` with its opening tag) and only then shortened.
    """
    text = "\n\n".join(filter(None, (_render_one(t, clean) for t in turns)))
    return _keep_tail(clean(text), cap)


def _render_one(turn: Turn, clean: Clean) -> str:
    lines = []
    if turn.prompt:
        lines.append(f"User: {turn.prompt}")
    if turn.answer:
        lines.append(f"Assistant: {turn.answer}")
    tools = _tools_line(turn.tools, clean)
    if tools:
        lines.append(f"Tools: {tools}")
    return "\n".join(lines)


def _tools_line(tools: Sequence[ToolUse], clean: Clean) -> str:
    edited: list[str] = []
    ran: list[str] = []
    used: list[str] = []
    for t in tools:
        if t.is_edit and t.ok is not False:
            edited.append(t.summary or t.name)
        elif t.is_shell:
            ran.append(f"`{_first_line(t.summary, _COMMAND_CAP, clean)}`{t.outcome(clean)}")
        else:
            summary = _first_line(t.summary, _ARG_CAP, clean)
            used.append(f"{t.name} {summary}".rstrip() + t.outcome(clean))
    groups = (("edited", edited), ("ran", ran), ("used", used))
    return "; ".join(f"{verb} {_recent(items)}" for verb, items in groups if items)


def _recent(items: list[str]) -> str:
    """The last `_LIST_CAP` distinct items, oldest first; a long list keeps its newest end."""
    newest_first = list(dict.fromkeys(reversed(items)))
    kept = newest_first[:_LIST_CAP][::-1]
    more = len(newest_first) - len(kept)
    return (f"(+{more} earlier) " if more else "") + ", ".join(kept)


def _keep_tail(text: str, cap: int) -> str:
    """Cut `text` to `cap` chars keeping its end, at a line start when that loses little."""
    if len(text) <= cap:
        return text
    room = cap - len(_CUT_MARK)
    if room <= 0:
        return text[_marker_end(text, len(text) - cap) :] if cap > 0 else ""
    tail = text[_marker_end(text, len(text) - room) :]
    # Prefer a line boundary; a single huge line would make that drop nearly everything, so then
    # settle for a word boundary.
    for sep in ("\n", " "):
        at = tail.find(sep)
        if 0 <= at < room // 2:
            tail = tail[at + 1 :]
            break
    return _CUT_MARK + tail


def _split_marker(text: str, at: int) -> int:
    """The start of the redaction marker that a cut at `at` would split, else -1."""
    opened = text.rfind(MARKER_PREFIX, max(0, at - _MARKER_MAX), at + len(MARKER_PREFIX) - 1)
    if opened != -1 and opened < at and text.find("]", opened, at) == -1:
        return opened
    return -1


def _marker_start(text: str, at: int) -> int:
    """`at`, moved back to the start of a marker that a cut there would split."""
    opened = _split_marker(text, at)
    return at if opened == -1 else opened


def _marker_end(text: str, at: int) -> int:
    """`at`, moved on to the end of a marker that a cut there would split."""
    if _split_marker(text, at) == -1:
        return at
    closed = text.find("]", at)
    return len(text) if closed == -1 else closed + 1


# --- tool summaries (all hosts) ----------------------------------------------------------------


def tool_use(name: str, args: Any) -> ToolUse:
    """One call of tool `name` with arguments `args` (any host's spelling)."""
    args = args if isinstance(args, dict) else {}
    lname = name.lower()
    if lname in _SHELL_TOOLS:
        command = string(args.get("command")).strip()
        return ToolUse(name, command, memory=_runs_graphmem_add(command))
    if lname in EDIT_TOOLS:
        return ToolUse(name, _edit_target(args))
    memory = (
        lname.endswith(_MEMORY_TOOL_SUFFIXES)
        or lname in _GRAPHMEM_ADD_TOOLS
        or (lname == "memory" and args.get("action") == "add")
    )
    return ToolUse(name, _first_arg(args).strip(), memory=memory)


def _runs_graphmem_add(command: str) -> bool:
    if "graphmem" not in command:
        return False
    import re

    return re.search(_GRAPHMEM_ADD, command) is not None


def _edit_target(args: dict[str, Any]) -> str:
    for key in _PATH_KEYS:
        path = args.get(key)
        if isinstance(path, str):
            return path
    # apply_patch / patch carry the files inside the patch text.
    patch = next((v for v in args.values() if isinstance(v, str) and "*** " in v), "")
    if not patch:
        return ""
    import re

    return ", ".join(dict.fromkeys(m.strip() for m in re.findall(_PATCH_FILE, patch)))


def _first_arg(args: dict[str, Any]) -> str:
    for key in _ARG_KEYS:
        value = args.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def _first_line(text: str, cap: int, clean: Clean) -> str:
    """The first line of `text`, at most `cap` chars; redacted whole before any cut."""
    if len(text) > cap or "\n" in text:
        text = clean(text).strip()
    line = text.split("\n", 1)[0].rstrip()
    if len(line) > cap:
        return line[: _marker_start(line, cap - 1)] + "…"
    return line + " …" if len(line) < len(text) else line


def _error_ends(content: Any) -> str:
    """The output of a failed call, or its two ends when it is long (only they are shown)."""
    text = text_of(content).strip()
    if len(text) <= 2 * _ERROR_WINDOW:
        return text
    # A megabyte of stderr is not kept. The windows are far wider than what is shown, so a secret
    # near the shown part is still whole when it is redacted.
    return text[:_ERROR_WINDOW] + "\n" + text[-_ERROR_WINDOW:]


def _error_line(error: str, clean: Clean) -> str:
    """A short error: the first line, and the last one when there are more (often the cause)."""
    if not error:
        return ""
    text = clean(error).strip() if len(error) > _ERROR_CAP or "\n" in error else error
    lines = text.splitlines() or [""]
    short = lines[0].strip()
    if len(lines) > 1:
        short += " … " + lines[-1].strip()
    if len(short) <= _ERROR_CAP:
        return short
    return short[: _marker_start(short, _ERROR_CAP - 1)] + "…"


def text_of(content: Any) -> str:
    """Text of a message/result content: a string or a list of blocks with `text`."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)
        )
    return ""


def _looks_failed(content: Any) -> bool:
    # Graphiti's MCP server reports tool errors as a normal result `{"error": …}`.
    return text_of(content).lstrip().startswith('{"error"')


class TurnBuilder:
    """Collects one turn; tool results are matched to their calls by id."""

    __slots__ = ("by_id", "command", "prompt", "texts", "tools")

    def __init__(self, prompt: str = "", command: bool = False) -> None:
        self.prompt = prompt
        self.command = command  # the prompt is a slash command (may be local, with no answer)
        self.texts: list[str] = []
        self.tools: list[ToolUse] = []
        self.by_id: dict[str, ToolUse] = {}

    def text(self, text: Any) -> None:
        if isinstance(text, str) and text.strip():
            self.texts.append(text.strip())

    def call(self, call_id: Any, name: Any, args: Any) -> ToolUse | None:
        if not isinstance(name, str) or not name:
            return None
        if isinstance(call_id, str) and call_id in self.by_id:
            return self.by_id[call_id]  # the same call seen twice (a re-written line)
        tool = tool_use(name, args)
        self.tools.append(tool)
        if isinstance(call_id, str):
            self.by_id[call_id] = tool
        return tool

    def result(self, tool: ToolUse | None, is_error: bool, content: Any) -> None:
        if tool is None:
            return
        failed = is_error or (tool.memory and _looks_failed(content))
        tool.ok = not failed
        tool.error = _error_ends(content) if failed else ""

    def empty(self) -> bool:
        return not (self.texts or self.tools)

    def build(self) -> Turn:
        kept = any(t.memory and t.ok is not False for t in self.tools)
        return Turn(self.prompt, "\n\n".join(self.texts), self.tools, kept)


def finish(builders: Iterable[TurnBuilder]) -> list[Turn]:
    # A slash command that got no answer was local (/compact, /model, /cost…): not a turn.
    return [b.build() for b in builders if not (b.command and b.empty())]


def assistant_blocks(turn: TurnBuilder, content: Any, call_type: str, args_key: str) -> None:
    """An assistant message's text and tool calls; hosts differ only in the call block's names."""
    if isinstance(content, str):
        turn.text(content)
        return
    for block in content if isinstance(content, list) else ():
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text":
            turn.text(block.get("text"))
        elif block.get("type") == call_type:
            turn.call(block.get("id"), block.get("name"), block.get(args_key))


def last_turn(
    messages: Iterable[Any],
    kind_of: Callable[[dict[str, Any]], tuple[str, str]],
    add: Callable[[TurnBuilder, str, dict[str, Any]], None],
) -> Turn | None:
    """The last turn of a message list: its last real prompt and everything after it.

    `kind_of(message)` is ("prompt", text) or (kind, "") with kind assistant / result / summary /
    other; `add(turn, kind, message)` takes an assistant or result message into the turn. None
    when there is nothing to capture, or when the conversation ends in a compaction summary (a
    compaction's idle is not a finished turn).
    """
    current: TurnBuilder | None = None
    last = ""
    for message in messages:
        if not isinstance(message, dict):
            continue
        kind, prompt = kind_of(message)
        if kind == "prompt":
            current = TurnBuilder(prompt)
        elif kind in ("assistant", "result"):
            current = current or TurnBuilder()
            add(current, kind, message)
        last = kind if kind != "other" else last
    if current is None or last == "summary":
        return None
    return current.build()
