"""Claude Code's hook format: stdin payload -> HookEvent, Answer -> stdout.

Context goes out as `hookSpecificOutput.additionalContext` (SessionStart, UserPromptSubmit), a stop
re-prompt as `decision: "block"` with a reason, and PreCompact's text as plain stdout, which Claude
Code appends to the compaction instructions. Turns are read from the transcript the payload names
(transcript.py), not sent with the event.
"""

from __future__ import annotations

import json
import os

from graphmem.hosts.events import KINDS, Answer, HookEvent, tools_wired
from graphmem.hosts.payload import string

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def decode(name: str, payload: dict[str, Any]) -> HookEvent | None:
    kind = KINDS.get(name)
    if kind is None:
        return None
    agent_type = payload.get("agent_type")
    return HookEvent(
        kind=kind,
        host="claude-code",
        session_id=string(payload.get("session_id")),
        cwd=string(payload.get("cwd")) or ".",
        source=string(payload.get("source")),
        prompt=string(payload.get("prompt")),
        turn_id=string(payload.get("prompt_id")),
        transcript_path=string(payload.get("transcript_path")),
        stop_hook_active=payload.get("stop_hook_active") is True,
        agent_type=agent_type if isinstance(agent_type, str) else None,
        compact_summary=string(payload.get("compact_summary")),
    )


def encode(name: str, answer: Answer) -> str:
    if answer.block:
        return json.dumps({"decision": "block", "reason": answer.block})
    if answer.context:
        return json.dumps(
            {"hookSpecificOutput": {"hookEventName": name, "additionalContext": answer.context}}
        )
    return answer.compaction


def memory_tools(root: str) -> tuple[str, str] | None:
    """(how the agent searches memory, how it keeps a fact) when the MCP server is wired."""
    config = os.environ.get("CLAUDE_CONFIG_DIR") or os.path.expanduser("~/.claude")
    if tools_wired(f"{root}/.claude", config):
        return "the `mcp__graphmem__search` tool", "the `mcp__graphmem__add` tool"
    return None
