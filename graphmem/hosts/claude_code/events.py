"""Claude Code's hook format: stdin payload -> HookEvent, Answer -> stdout.

Context goes out as `hookSpecificOutput.additionalContext` (SessionStart, UserPromptSubmit), a stop
re-prompt as `decision: "block"` with a reason, and PreCompact's text as plain stdout, which Claude
Code appends to the compaction instructions. Turns are read from the transcript the payload names
(transcript.py), not sent with the event.

The same events come from graphmem's Claude Code plugin (hosts/claude_code/plugin/), whose hook
commands set GRAPHMEM_VIA=plugin. When `graphmem setup claude-code` also installed hooks in a
settings file Claude Code reads here, the plugin's events are left to those: every event is
handled once.
"""

from __future__ import annotations

import os

from graphmem import fastjson
from graphmem.hosts.events import KINDS, Answer, HookEvent, tools_wired
from graphmem.hosts.payload import string

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


VIA_PLUGIN = os.environ.get("GRAPHMEM_VIA") == "plugin"
# What a settings hook of graphmem's runs: its launcher, or `graphmem hook` of earlier versions.
_SETTINGS_HOOK = ("/graphmem/hooks/launch.py", "graphmem hook ")


def _config_dir() -> str:
    return os.environ.get("CLAUDE_CONFIG_DIR") or os.path.expanduser("~/.claude")


def settings_hooks(cwd: str) -> bool:
    """graphmem's hooks are in a settings file Claude Code reads in `cwd` (user, project or
    local)."""
    for path in (
        f"{_config_dir()}/settings.json",
        f"{cwd}/.claude/settings.json",
        f"{cwd}/.claude/settings.local.json",
    ):
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        if any(mark in text for mark in _SETTINGS_HOOK):
            return True
    return False


def decode(name: str, payload: dict[str, Any]) -> HookEvent | None:
    kind = KINDS.get(name)
    if kind is None:
        return None
    if VIA_PLUGIN and settings_hooks(string(payload.get("cwd")) or os.getcwd()):
        return None  # the settings hooks handle this event
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
        return fastjson.dumps({"decision": "block", "reason": answer.block})
    if answer.context:
        return fastjson.dumps(
            {"hookSpecificOutput": {"hookEventName": name, "additionalContext": answer.context}}
        )
    return answer.compaction


def memory_tools(root: str) -> tuple[str, str] | None:
    """(how the agent searches memory, how it keeps a fact) when the MCP server is wired."""
    if tools_wired(f"{root}/.claude", _config_dir()):
        return "the `mcp__graphmem__search` tool", "the `mcp__graphmem__add` tool"
    if VIA_PLUGIN:  # the plugin brings its server; Claude Code prefixes the plugin's name
        return (
            "the `mcp__plugin_graphmem_graphmem__search` tool",
            "the `mcp__plugin_graphmem_graphmem__add` tool",
        )
    return None
