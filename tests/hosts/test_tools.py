"""The memory tools inside the real hosts, offline: the stub model calls graphmem's tool the way
each host offers it, and the tool result the host sends back to the model holds the memory.

Each host is wired by `graphmem setup <host> --project`, exactly as a user would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.hosts.test_claude_code import graphmem
from tests.support.hosts import run_claude, run_opencode, run_pi
from tests.support.model_stubs import ModelStub, Reply, Request, ToolCall, default_policy

ASKED = "The user asks graphmem's memory about: "  # the /memory prompt
FACT = "The ledger service rounds half to even (fact TOOLS-5521)."


def calls(
    name: str, arguments: dict[str, Any], first: ToolCall | None = None
) -> Callable[[Request], Reply]:
    """A model that, asked anything by the user, calls tool `name` once (after `first`, if
    given), then answers as the default model does."""
    plan = [c for c in (first, ToolCall(name, arguments)) if c is not None]

    def policy(request: Request) -> Reply:
        if plan and request.tool("bash"):  # the agent itself, not a title or summary request
            return Reply(tool_call=plan.pop(0))
        return default_policy(request)

    return policy


def tool_results(stub: ModelStub) -> list[str]:
    return [r.last_tool_result for r in stub.requests if r.after_tool_result]


def test_claude_code_model_searches_memory_through_the_mcp_server(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "claude-code", "--project", cwd=project)
    graphmem("add", FACT, cwd=project)
    search = "mcp__graphmem__search"
    # Claude Code defers MCP tools: the model first selects one with ToolSearch.
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
        allowed_tools=("mcp__graphmem",),
    ).check()
    assert any(FACT in text for text in tool_results(stub)), tool_results(stub)


def test_claude_code_memory_command_asks_the_model_to_search(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "claude-code", "--project", cwd=project)
    run_claude("/memory ledger rounding", project, home, stub.url).check()
    asked = [r.user_text for r in stub.requests if r.tool("bash")]
    assert any(ASKED in t and "ledger rounding" in t for t in asked), asked


def test_opencode_model_searches_memory_through_the_mcp_server(
    opencode_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "opencode", "--project", cwd=project)
    graphmem("add", FACT, cwd=project)
    stub.policy = calls("graphmem_search", {"query": "ledger rounding"})
    run_opencode("how does the ledger round?", project, home, stub.url).check()
    assert any(FACT in text for text in tool_results(stub)), tool_results(stub)


def test_opencode_memory_command_asks_the_model_to_search(
    opencode_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "opencode", "--project", cwd=project)
    run_opencode("ledger rounding", project, home, stub.url, extra_args=["--command", "memory"])
    asked = [r.user_text for r in stub.requests if r.tool("bash")]
    assert any(ASKED in t and "ledger rounding" in t for t in asked), asked


def test_pi_model_searches_memory_through_the_memory_tool(
    pi_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "pi", "--project", cwd=project)
    graphmem("add", FACT, cwd=project)
    stub.policy = calls("memory", {"action": "search", "query": "ledger rounding"})
    run_pi("how does the ledger round?", project, home, stub.url).check()
    assert any(FACT in text for text in tool_results(stub)), tool_results(stub)


def test_pi_memory_tool_errors_reach_the_model_with_their_reason(
    pi_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "pi", "--project", cwd=project)
    stub.policy = calls("memory", {"action": "forget", "id": "ffffffff"})
    run_pi("forget that", project, home, stub.url).check()
    assert any("no memory has the id" in text for text in tool_results(stub)), tool_results(stub)


def test_pi_memory_command_shows_search_and_status_in_the_chat(
    pi_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "pi", "--project", cwd=project)
    graphmem("add", FACT, cwd=project)
    found = run_pi("/memory ledger", project, home, stub.url, extra_args=["--mode", "json"])
    assert FACT in found.check().stdout
    status = run_pi("/memory", project, home, stub.url, extra_args=["--mode", "json"])
    assert "backend: sqlite" in status.check().stdout
    assert not [r for r in stub.requests if r.tool("bash")]  # the model was never asked


def test_a_fact_added_by_tool_in_one_host_is_recalled_in_the_next_session_of_another(
    claude_bin: Path, opencode_bin: Path, pi_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    for host in ("claude-code", "opencode", "pi"):
        graphmem("setup", host, "--project", cwd=project)
    add = "mcp__graphmem__add"
    stub.policy = calls(
        add, {"text": FACT}, first=ToolCall("ToolSearch", {"query": f"select:{add}"})
    )
    run_claude(
        "keep the rounding rule", project, home, stub.url, allowed_tools=("mcp__graphmem",)
    ).check()
    assert any(r.startswith("Kept in ") for r in tool_results(stub)), tool_results(stub)

    stub.policy = default_policy
    before = len(stub.requests)
    run_opencode("what do we know about the ledger?", project, home, stub.url).check()
    assert FACT in next(r for r in stub.requests[before:] if r.tool("bash")).seen_text

    pi_fact = "Refund webhooks are signed with HMAC-SHA256 (fact TOOLS-7730)."
    stub.policy = calls("memory", {"action": "add", "text": pi_fact})
    run_pi("keep the webhook rule", project, home, stub.url).check()
    stub.policy = default_policy
    before = len(stub.requests)
    run_claude("what do we know about refunds?", project, home, stub.url).check()
    assert pi_fact in next(r for r in stub.requests[before:] if r.tool("bash")).seen_text
