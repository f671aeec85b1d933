"""`graphmem setup <host>` wires the memory tools beside the hooks, and `--remove` gives every
config file back byte for byte: the MCP server entry and /memory, nothing else touched."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from graphmem.errors import Exit
from tests.conftest import Cli

SERVER = {"type": "stdio", "command": sys.executable, "args": ["-m", "graphmem", "mcp"]}
# In the project's .mcp.json, shared with the team: each machine's `graphmem` on PATH.
SHARED_SERVER = {"type": "stdio", "command": "graphmem", "args": ["mcp"]}
THEIRS = {"type": "stdio", "command": "their-server", "args": []}


def dumped(data: object) -> str:
    return json.dumps(data, indent=2) + "\n"


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("scope", ["project", "local", "user"])
def test_claude_code_server_goes_where_claude_mcp_add_puts_it_and_comes_out_exactly(
    scope: str, project: Path, cli: Cli
) -> None:
    home = Path.home()
    (project / ".mcp.json").write_text(dumped({"mcpServers": {"theirs": THEIRS}}))
    (home / ".claude.json").write_text(
        dumped(
            {
                "numStartups": 3,
                "mcpServers": {"theirs": THEIRS},
                # the entry Claude Code makes for a project it has opened
                "projects": {str(project): {"allowedTools": [], "mcpServers": {}}},
            }
        )
    )
    before = snapshot(project.parent)

    assert cli("setup", "claude-code", f"--{scope}").exit_code == 0
    if scope == "project":
        servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
    else:
        data = json.loads((home / ".claude.json").read_text())
        servers = (
            data["projects"][str(project)]["mcpServers"]
            if scope == "local"
            else (data["mcpServers"])
        )
        assert data["numStartups"] == 3
    theirs = {} if scope == "local" else {"theirs": THEIRS}  # local: this project's entry only
    assert servers == {**theirs, "graphmem": SHARED_SERVER if scope == "project" else SERVER}
    folder = project / ".claude" if scope == "project" else home / ".claude"
    command = (folder / "commands" / "memory.md").read_text()
    assert "mcp__graphmem__search" in command and "$ARGUMENTS" in command

    assert cli("setup", "claude-code", f"--{scope}", "--remove").exit_code == 0
    after = snapshot(project.parent)
    settings = ".claude/settings.json" if scope != "local" else ".claude/settings.local.json"
    hooks_file = f"shop-api/{settings}" if scope != "user" else "user-home/.claude/settings.json"
    after.pop(hooks_file, None)  # the hooks' file, left as `{}` by its own installer
    assert after == before


def test_opencode_server_in_opencode_json_and_out_exactly(project: Path, cli: Cli) -> None:
    config = project / "opencode.json"
    theirs = {"$schema": "https://opencode.ai/config.json", "mcp": {"theirs": {"type": "remote"}}}
    config.write_text(dumped(theirs))
    before = config.read_bytes()
    assert cli("setup", "opencode", "--project").exit_code == 0
    data = json.loads(config.read_text())
    assert data["mcp"]["graphmem"] == {
        "type": "local",
        "command": ["graphmem", "mcp"],  # shared with the team: each machine's graphmem
        "enabled": True,
    }
    assert data["mcp"]["theirs"] == {"type": "remote"}
    assert "graphmem_search" in (project / ".opencode" / "commands" / "memory.md").read_text()
    assert cli("setup", "opencode", "--project", "--remove").exit_code == 0
    assert config.read_bytes() == before
    assert not (project / ".opencode" / "commands").exists()


def test_opencode_config_graphmem_created_is_deleted_again(project: Path, cli: Cli) -> None:
    home = Path.home()
    assert cli("setup", "opencode").exit_code == 0
    config = home / ".config" / "opencode" / "opencode.json"
    assert json.loads(config.read_text())["mcp"]["graphmem"]["type"] == "local"
    assert cli("setup", "opencode", "--remove").exit_code == 0
    assert not config.exists()
    assert not (home / ".config" / "opencode" / "commands").exists()


def test_a_users_own_memory_command_is_left_alone(project: Path, cli: Cli) -> None:
    mine = project / ".claude" / "commands" / "memory.md"
    mine.parent.mkdir(parents=True)
    mine.write_text("My own /memory.\n")
    result = cli("setup", "claude-code", "--project")
    assert result.exit_code == 0 and f"kept your own /memory at {mine}" in result.stdout
    cli("setup", "claude-code", "--project", "--remove")
    assert mine.read_text() == "My own /memory.\n"


def test_a_config_that_is_not_plain_json_is_refused_untouched(project: Path, cli: Cli) -> None:
    config = project / "opencode.jsonc"
    text = '{\n  // my settings\n  "theme": "dark"\n}\n'
    config.write_text(text)
    result = cli("setup", "opencode", "--project")
    assert result.exit_code == Exit.INPUT and "not valid JSON" in result.stderr
    assert config.read_text() == text and not (project / "opencode.json").exists()


def test_a_one_line_opencode_json_stays_on_one_line(project: Path, cli: Cli) -> None:
    """git shows no change after setup and --remove: graphmem does not re-lay the user's file."""
    config = project / "opencode.json"
    before = '{"$schema": "https://opencode.ai/config.json", "mcp": {"theirs": {"type": "remote"}}}'
    config.write_text(before)
    assert cli("setup", "opencode", "--project").exit_code == 0
    assert len(config.read_text().splitlines()) == 1
    assert cli("setup", "opencode", "--project", "--remove").exit_code == 0
    assert config.read_text() == before
