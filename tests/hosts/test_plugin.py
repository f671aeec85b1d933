"""graphmem as a Claude Code plugin (`claude --plugin-dir`), offline against the stub model: its
hooks recall, its MCP server answers the model, and beside `setup`'s settings hooks every event
is handled once."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from graphmem.hosts.claude_code.install import PLUGIN, PLUGIN_TOOL
from graphmem.recall import OPEN_TAG
from tests.hosts.test_claude_code import graphmem
from tests.hosts.test_tools import FACT, calls, tool_results
from tests.support.hosts import run_claude
from tests.support.model_stubs import ModelStub, ToolCall

# The plugin calls the `graphmem` on PATH: this install's console script.
ENV = {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}


def agent_requests(stub: ModelStub) -> list[str]:
    return [r.seen_text for r in stub.requests if r.tool("bash")]


def test_the_plugin_alone_recalls_and_serves_the_tools(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("add", FACT, cwd=project)
    search = f"{PLUGIN_TOOL}search"
    stub.policy = calls(
        search,
        {"query": "ledger rounding"},
        first=ToolCall("ToolSearch", {"query": f"select:{search}"}),
    )
    run_claude(
        "how does the ledger round?",
        project,
        home,
        stub.url,
        allowed_tools=("mcp__plugin_graphmem_graphmem",),
        extra_args=["--plugin-dir", str(PLUGIN)],
        env=ENV,
    ).check()
    first = agent_requests(stub)[0]
    assert FACT in first and f"`{search}`" in first  # the plugin's hooks recalled, naming its tool
    assert any(FACT in text for text in tool_results(stub)), tool_results(stub)


def test_with_settings_hooks_too_each_event_is_handled_once(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "claude-code", "--project", cwd=project)
    graphmem("add", FACT, cwd=project)
    run_claude(
        "hello", project, home, stub.url, extra_args=["--plugin-dir", str(PLUGIN)], env=ENV
    ).check()
    first = agent_requests(stub)[0]
    assert FACT in first and first.count(OPEN_TAG) == 1
