"""Claude Code's hook format: stdin payload -> HookEvent, Answer -> stdout.

Context goes out as `hookSpecificOutput.additionalContext` (SessionStart, UserPromptSubmit), a stop
re-prompt as `decision: "block"` with a reason, and PreCompact's text as plain stdout, which Claude
Code appends to the compaction instructions.
"""

from __future__ import annotations

import json

from graphmem.hooks.events import Answer, HookEvent

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any

    from graphmem.hooks.events import Kind

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


def _text(payload: dict[str, Any], key: str) -> str:
    value = payload.get(key)
    return value if isinstance(value, str) else ""


def decode(name: str, payload: dict[str, Any]) -> HookEvent | None:
    kind = KINDS.get(name)
    if kind is None:
        return None
    agent_type = payload.get("agent_type")
    return HookEvent(
        kind=kind,
        host="claude-code",
        session_id=_text(payload, "session_id"),
        cwd=_text(payload, "cwd") or ".",
        source=_text(payload, "source"),
        prompt=_text(payload, "prompt"),
        turn_id=_text(payload, "prompt_id"),
        transcript_path=_text(payload, "transcript_path"),
        stop_hook_active=payload.get("stop_hook_active") is True,
        agent_type=agent_type if isinstance(agent_type, str) else None,
        compact_summary=_text(payload, "compact_summary"),
    )


def encode(name: str, answer: Answer) -> str:
    if answer.block:
        return json.dumps({"decision": "block", "reason": answer.block})
    if answer.context:
        return json.dumps(
            {"hookSpecificOutput": {"hookEventName": name, "additionalContext": answer.context}}
        )
    return answer.compaction
