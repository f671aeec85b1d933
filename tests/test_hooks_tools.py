"""The recall block and the stop re-prompt speak of graphmem's tools where they are wired, and a
call of graphmem's own `add` tool (in each host's naming) counts as a memory kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem.hosts.turns import tool_use
from tests.conftest import Cli
from tests.support.transcripts import assistant, call, result, write
from tests.test_hooks import Session, edit_turn


@pytest.fixture
def session(project: Path) -> Session:
    return Session(project)


def test_without_tools_the_block_says_how_to_keep_a_fact_with_the_cli(session: Session) -> None:
    context = session.context("SessionStart", source="startup")
    assert ' add "<one fact>"' in context and "mcp__graphmem" not in context


def test_with_the_mcp_server_wired_the_block_names_the_tools(session: Session, cli: Cli) -> None:
    assert cli("setup", "claude-code", "--project").exit_code == 0
    context = session.context("SessionStart", source="startup")
    assert "`mcp__graphmem__search`" in context and "`mcp__graphmem__add`" in context
    edit_turn(session)
    answer = session.send("Stop", stop_hook_active=False, prompt_id="p1")
    assert isinstance(answer, dict) and "`mcp__graphmem__add` tool" in answer["reason"]
    assert ' add "<one fact>"' in answer["reason"]  # the shell way stays for hosts without it


@pytest.mark.parametrize(
    ("name", "arguments", "kept"),
    [
        ("mcp__graphmem__add", {"text": "x"}, True),
        ("mcp__plugin_graphmem_graphmem__add", {"text": "x"}, True),
        ("graphmem_add", {"text": "x"}, True),
        ("memory", {"action": "add", "text": "x"}, True),
        ("memory", {"action": "search", "query": "x"}, False),
        ("mcp__other__add", {"text": "x"}, False),
        ("other_add", {"text": "x"}, False),
        ("mcp__graphmem__search", {"query": "x"}, False),
    ],
)
def test_only_graphmems_own_add_tool_counts_as_a_memory_kept(
    name: str, arguments: dict[str, str], kept: bool
) -> None:
    assert tool_use(name, arguments).memory is kept


@pytest.mark.parametrize(
    ("name", "blocked"), [("mcp__graphmem__add", False), ("mcp__x__add", True)]
)
def test_a_stop_after_graphmems_add_tool_is_not_reprompted(
    session: Session, name: str, blocked: bool
) -> None:
    edit_turn(session)
    write(
        session.transcript,
        assistant(call("t3", name, text="Webhook retries: 3 attempts")),
        result("t3", "Kept in shop_api as id 1234abcd."),
        mode="ab",
    )
    answer = session.send("Stop", prompt_id="p1")
    assert (answer is not None) is blocked


def test_a_failed_add_tool_call_is_not_a_memory_kept(session: Session) -> None:
    edit_turn(session)
    write(
        session.transcript,
        assistant(call("t3", "mcp__graphmem__add", text="")),
        result("t3", "nothing to remember: the text is empty", is_error=True),
        mode="ab",
    )
    assert session.send("Stop", prompt_id="p1") is not None


def test_pi_always_has_its_memory_tool(project: Path) -> None:
    from graphmem.hosts.pi import events

    assert events.memory_tools(str(project)) == (
        "the `memory` tool (action `search`)",
        "the `memory` tool (action `add`)",
    )
