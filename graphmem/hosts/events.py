"""The host-neutral event and answer every host adapter converts to and from."""

from __future__ import annotations

from graphmem.record import record

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Literal

    from graphmem.hosts.turns import Turn

    Kind = Literal[
        "session_start",  # a session began, resumed, was cleared or compacted (`source` says which)
        "prompt",  # the user sent a prompt
        "tool_use",  # a tool finished
        "stop",  # the agent finished its turn
        "subagent_stop",  # a subagent finished
        "pre_compact",  # the conversation is about to be summarized
        "post_compact",  # it was summarized (`compact_summary`)
        "session_end",  # the session is closing: local work only
    ]


# Claude Code's event names; graphmem's own shims (opencode, pi) send the same names, so logs and
# `graphmem hook --help` read alike whatever the host.
KINDS: dict[str, Kind] = {
    "SessionStart": "session_start",
    "UserPromptSubmit": "prompt",
    "PostToolUse": "tool_use",
    "Stop": "stop",
    "SubagentStop": "subagent_stop",
    "PreCompact": "pre_compact",
    "PostCompact": "post_compact",
    "SessionEnd": "session_end",
}

# Kinds with nothing to capture or recall: they only give waiting deliveries a chance to start.
IDLE_KINDS = frozenset({"tool_use", "subagent_stop"})


@record
class HookEvent:
    kind: Kind
    host: str  # claude-code | opencode | pi
    session_id: str
    cwd: str
    source: str = ""  # session_start: startup | resume | clear | compact
    prompt: str = ""
    turn_id: str = ""  # identifies the user turn (Claude Code's prompt_id), for once-per-turn rules
    transcript_path: str = ""  # Claude Code: read incrementally from the saved offset
    turn: Turn | None = None  # opencode / pi: the finished turn, built from the messages sent
    stop_hook_active: bool = False  # the agent is already continuing because of a stop block
    agent_type: str | None = None  # subagent_stop: '' for compaction's internal agents
    compact_summary: str = ""


@record
class Answer:
    context: str = ""  # shown to the model (session start, prompt)
    block: str = ""  # stop: ask the agent to continue with this reason
    compaction: str = ""  # pre_compact: what the summarizer must keep

    def __bool__(self) -> bool:
        return bool(self.context or self.block or self.compaction)


def tools_wired(*folders: str) -> bool:
    """graphmem's memory tools are wired for this host: `graphmem setup` wrote its /memory command
    (commands/memory.md, marked as graphmem's) in one of the host's config `folders`; it writes
    and removes that file together with the tools' registration."""
    for folder in folders:
        try:
            with open(f"{folder}/commands/memory.md", encoding="utf-8", errors="replace") as fh:
                if any("graphmem-shim" in fh.readline() for _ in range(4)):
                    return True
        except OSError:
            continue
    return False
