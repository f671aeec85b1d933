"""Install graphmem's hooks into a Claude Code settings.json, and take them out again.

Only entries whose command runs graphmem's hook (its launcher, or `graphmem hook`) are graphmem's:
everything else in the file (other settings, other tools' hooks, the user's own) is kept as it
was. Installing twice gives the same file. In a personal file (user, local) the command names
this install's interpreter and launcher by absolute path, because a version manager's shim on
PATH (pyenv) costs ~200 ms on every event; in the project's shared file it runs the `graphmem` on
PATH, as each teammate's machine has its own. Either does nothing once graphmem is gone (exit 0,
no output), rather than failing on every event until `graphmem setup --remove` is run.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from graphmem.errors import Exit, GraphmemError
from graphmem.hosts import host, wiring
from graphmem.hosts.host import Host
from graphmem.paths import hook_argv
from graphmem.record import field, record

# event -> matcher ('' for events without one) and its own timeout, seconds (at most hook_timeout).
EVENTS: dict[str, tuple[str, int]] = {
    "SessionStart": ("startup|resume|clear|compact", 30),
    "UserPromptSubmit": ("", 30),
    "PostToolUse": ("*", 10),
    "Stop": ("", 30),
    "PreCompact": ("manual|auto", 30),
    "PostCompact": ("manual|auto", 30),
    "SessionEnd": ("", 5),
}
# graphmem's launcher, or the `graphmem hook` that earlier versions installed. Compiled on first
# use (re's cache): every CLI command builds `graphmem setup`, few of them read settings.
_OURS = (
    r"[/\\]graphmem[/\\]hooks[/\\]launch\.py\b"
    r"|(?:^|[/\\\s'\"])graphmem(?:\.exe)?['\"]?\s+hook(?:\s|$)"
)


@record
class Change:
    path: Path
    written: bool = False
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def settings_path(scope: str, project_root: Path) -> Path:
    if scope == "project":
        return project_root / ".claude" / "settings.json"
    if scope == "local":
        return project_root / ".claude" / "settings.local.json"
    config_dir = os.environ.get("CLAUDE_CONFIG_DIR")
    return (Path(config_dir) if config_dir else Path.home() / ".claude") / "settings.json"


def is_ours(hook: Any) -> bool:
    return isinstance(hook, dict) and bool(re.search(_OURS, str(hook.get("command", ""))))


def _without_ours(hooks: dict[str, Any], change: Change) -> dict[str, Any]:
    """`hooks` minus graphmem's entries; groups and events left empty are dropped."""
    kept: dict[str, Any] = {}
    for event, groups in hooks.items():
        if not isinstance(groups, list):
            kept[event] = groups
            continue
        new_groups = []
        for group in groups:
            inner = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(inner, list):
                new_groups.append(group)
                continue
            mine = [h for h in inner if is_ours(h)]
            change.removed += [event] * len(mine)
            if len(mine) < len(inner):
                new_groups.append({**group, "hooks": [h for h in inner if not is_ours(h)]})
        if new_groups:
            kept[event] = new_groups
    return kept


def command(event: str, argv: Sequence[str] | None = None, *, shared: bool = False) -> str:
    """The shell line Claude Code runs for `event`: this install's launcher while it exists, or
    for a `shared` file the `graphmem` on PATH if there is one (`argv`: exactly this instead)."""
    if argv:
        return shlex.join([*argv, event])
    if shared:
        return on_path(event)
    python, flag, launcher = hook_argv()
    present = f"[ -x {shlex.quote(python)} ] && [ -f {shlex.quote(launcher)} ]"
    return f"{present} && exec {shlex.join([python, flag, launcher, event])} || true"


def on_path(event: str, via: str = "") -> str:
    """The line that runs the `graphmem` on PATH for `event`, and does nothing where there is
    none (`via`: an assignment for its environment, as the plugin's GRAPHMEM_VIA=plugin)."""
    run = f"{via} exec graphmem hook {event}".lstrip()
    return f"command -v graphmem >/dev/null 2>&1 && {run} || true"


def shared(path: Path) -> bool:
    """Whether the settings file at `path` is a project's settings.json, shared with the team."""
    return path.name == "settings.json" and path != settings_path("user", path)


def timeouts(hook_timeout: float | None = None) -> dict[str, int]:
    """Seconds Claude Code gives each event's hook: its own limit, at most `hook_timeout` (the
    setting in effect by default), in whole seconds."""
    cap = max(1, math.ceil(host.hook_timeout() if hook_timeout is None else hook_timeout))
    return {event: min(limit, cap) for event, (_, limit) in EVENTS.items()}


def _ours(argv: Sequence[str] | None, shared: bool) -> dict[str, list[dict[str, Any]]]:
    entries: dict[str, list[dict[str, Any]]] = {}
    limits = timeouts()
    for event, (matcher, _) in EVENTS.items():
        group: dict[str, Any] = {"matcher": matcher} if matcher else {}
        line = command(event, argv, shared=shared)
        hook = {"type": "command", "command": line, "timeout": limits[event]}
        group["hooks"] = [hook]
        entries[event] = [group]
    return entries


def state(path: Path) -> str:
    """'current' (every hook runs this install), 'stale' (graphmem hooks for another install,
    an older event list or another hook_timeout) or 'absent'."""
    try:
        hooks = wiring.read_json(path).get("hooks", {})
    except GraphmemError:
        return "absent"
    found = {
        (event, hook.get("command"), hook.get("timeout"))
        for event, groups in (hooks.items() if isinstance(hooks, dict) else [])
        if isinstance(groups, list)
        for group in groups
        if isinstance(group, dict) and isinstance(group.get("hooks"), list)
        for hook in group["hooks"]
        if is_ours(hook)
    }
    if not found:
        return "absent"
    mine = shared(path)
    expected = {(e, command(e, shared=mine), limit) for e, limit in timeouts().items()}
    return "current" if found == expected else "stale"


def apply(path: Path, *, remove: bool = False, argv: Sequence[str] | None = None) -> Change:
    """Install (or with `remove`, uninstall) graphmem's hooks in the settings file at `path`;
    `argv` replaces how a hook is started (tests point it at a broken graphmem)."""
    change = Change(path)
    settings = wiring.read_json(path)
    hooks = settings.get("hooks", {})
    if not isinstance(hooks, dict):
        raise GraphmemError(f"{path}: `hooks` is not an object; not touching it", Exit.INPUT)
    hooks = _without_ours(hooks, change)
    if not remove:
        for event, groups in _ours(argv, shared(path)).items():
            hooks[event] = [*hooks.get(event, []), *groups]
            change.added.append(event)
    if hooks:
        settings["hooks"] = hooks
    else:
        settings.pop("hooks", None)
    if remove and not change.removed:
        return change
    if remove and not settings:  # graphmem's hooks were all it held: as if never written
        path.unlink()
        with contextlib.suppress(OSError):
            path.parent.rmdir()  # .claude/, when that file was all it held
        change.written = True
        return change
    text = wiring.dumps(settings, path.read_text(encoding="utf-8") if path.exists() else "")
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return change
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.graphmem-tmp")
    tmp.write_text(text, encoding="utf-8")
    if path.exists():
        os.chmod(tmp, path.stat().st_mode & 0o777)
    os.replace(tmp, path)
    change.written = True
    return change


# /memory: the user asks, the model calls graphmem's tools and shows the answer.
COMMAND = wiring.command_text(
    "claude-code",
    "mcp__graphmem__search",
    "mcp__graphmem__status",
    "argument-hint: [words to look for | status]\n"
    "allowed-tools: mcp__graphmem__search, mcp__graphmem__status\n",
)


def _config_dir() -> Path:
    config_dir = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(config_dir) if config_dir else Path.home() / ".claude"


def _claude_json() -> Path:
    """Where `claude mcp add --scope user|local` keeps its servers."""
    config_dir = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(config_dir) / ".claude.json" if config_dir else Path.home() / ".claude.json"


def mcp_entry(scope: str, project_root: Path) -> tuple[Path, list[str]]:
    """The file and key path of graphmem's MCP server in `scope`, as `claude mcp add` writes it."""
    if scope == "project":
        return project_root / ".mcp.json", ["mcpServers", wiring.SERVER]
    if scope == "local":
        return _claude_json(), ["projects", str(project_root), "mcpServers", wiring.SERVER]
    return _claude_json(), ["mcpServers", wiring.SERVER]


def command_path(scope: str, project_root: Path) -> Path:
    """/memory: the project's commands folder for --project, the user's otherwise (--local has
    no folder of its own that stays out of the repository)."""
    base = project_root / ".claude" if scope == "project" else _config_dir()
    return base / "commands" / "memory.md"


def tools(scope: str, project_root: Path, remove: bool) -> list[str]:
    """Register graphmem's MCP server in `scope` and add /memory (or take both out)."""
    path, keys = mcp_entry(scope, project_root)
    argv = wiring.mcp_argv(scope == "project")
    server = {"type": "stdio", "command": argv[0], "args": argv[1:]}
    changed = wiring.set_entry(path, keys, None if remove else server)
    memory_md = command_path(scope, project_root)
    return [
        wiring.said(changed, remove, "graphmem's MCP server", path),
        wiring.command(memory_md, COMMAND, remove=remove),
    ]


# graphmem as a Claude Code plugin (`claude --plugin-dir <this folder>`, or a marketplace entry):
# the same hooks, server and /memory, calling the `graphmem` on PATH. Its files are generated
# from what is here; tests/test_plugin.py keeps them current.
PLUGIN = Path(__file__).with_name("plugin")
PLUGIN_TOOL = "mcp__plugin_graphmem_graphmem__"  # Claude Code prefixes a plugin's servers


def plugin_files() -> dict[str, str]:
    """Path under PLUGIN -> the text it must hold."""
    from graphmem import __version__

    hooks = {
        event: [
            {
                **({"matcher": matcher} if matcher else {}),
                "hooks": [
                    {
                        "type": "command",
                        "command": on_path(event, via="GRAPHMEM_VIA=plugin"),
                        "timeout": timeout,
                    }
                ],
            }
        ]
        for event, (matcher, timeout) in EVENTS.items()
    }
    manifest = {
        "name": "graphmem",
        "version": __version__,
        "description": "Memory that survives sessions and compaction: hooks, the memory tools "
        "(search, add, recent, forget, status) and /graphmem:memory. Needs `graphmem` on PATH.",
    }
    server = {"mcpServers": {wiring.SERVER: {"command": "graphmem", "args": ["mcp"]}}}
    command = wiring.command_text(
        "claude-code",
        f"{PLUGIN_TOOL}search",
        f"{PLUGIN_TOOL}status",
        "argument-hint: [words to look for | status]\n"
        f"allowed-tools: {PLUGIN_TOOL}search, {PLUGIN_TOOL}status\n",
        origin="part of graphmem's Claude Code plugin",
    )
    return {
        ".claude-plugin/plugin.json": json.dumps(manifest, indent=2) + "\n",
        "hooks/hooks.json": json.dumps({"hooks": hooks}, indent=2) + "\n",
        ".mcp.json": json.dumps(server, indent=2) + "\n",
        "commands/memory.md": command,
    }


def describe(change: Change, remove: bool) -> str:
    if remove:
        if change.removed:
            return f"removed graphmem's hooks ({', '.join(change.removed)}) from {change.path}"
        return f"no graphmem hooks in {change.path}"
    if change.written:
        return f"installed graphmem hooks ({', '.join(change.added)}) in {change.path}"
    return f"graphmem hooks already installed in {change.path}"


HOST = Host(
    "claude-code",
    "claude",
    ".claude",
    settings_path,
    apply,
    state,
    help="""Install graphmem's hooks into Claude Code's settings.json, its MCP server (the memory
    tools search, add, recent, forget, status) and a /memory command.

    The server is registered where `claude mcp add` would put it for the scope: ~/.claude.json
    (user, or under this project's entry there for --local) or the project's .mcp.json; /memory
    goes to ~/.claude/commands/ (.claude/commands/ with --project). Keeps every other setting,
    hook and server; running it twice changes nothing; --remove takes out only graphmem's entries.

    Example: graphmem setup claude-code --project
    """,
    scopes={
        "project": "This project's .claude/settings.json (shared with the team).",
        "local": "This project's .claude/settings.local.json (just you).",
        "user": "~/.claude/settings.json, every project (the default).",
    },
    remove_help="Take graphmem's hooks, MCP server and /memory out again.",
    describe=describe,
    tools=tools,
)
