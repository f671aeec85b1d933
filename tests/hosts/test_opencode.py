"""graphmem inside the real opencode, offline against the scripted model stub.

The plugin is installed by `graphmem setup opencode --project`, exactly as a user would. `opencode
run` exits at the session's first idle, so the re-prompt is observed under `opencode serve`.
Capture after `opencode run` finishes in graphmem's own process (the plugin starts it in its own
process group so it outlives opencode): tests wait for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from graphmem.hosts.opencode import install as opencode
from tests.hosts.conftest import BrokenGraphmem
from tests.hosts.test_claude_code import graphmem, stored
from tests.hosts.test_harness import wait_for
from tests.support.hosts import OpencodeServer, run_opencode
from tests.support.model_stubs import (
    ModelStub,
    Reply,
    Request,
    default_policy,
    directive_call,
    is_summary_request,
)

REPROMPT = "graphmem: this turn"
ADD_COMMAND = re.compile(r"`(\S+) add \"<one fact>\"`")
FACT = "Deploy keys rotate on the first Monday of the month."
# graphmem's hook_timeout setting, which the shims also read from the host's environment.
FAST = {"GRAPHMEM_HOOK_TIMEOUT": "1.5"}


def keeps_memory_when_asked(fact: str) -> Callable[[Request], Reply]:
    """The default model, plus: asked by graphmem's re-prompt, it runs `graphmem add` with the
    host's own shell tool."""

    def policy(request: Request) -> Reply:
        asked = REPROMPT in request.user_text and not request.after_tool_result
        # A summarizer's prompt quotes the conversation, re-prompt included: not an ask.
        if asked and not is_summary_request(request):
            match = ADD_COMMAND.search(request.user_text)
            assert match, "the re-prompt names the graphmem command to run"
            return Reply(tool_call=directive_call(request, "bash", f'{match[1]} add "{fact}"'))
        return default_policy(request)

    return policy


def kinds(cwd: Path, kind: str) -> list[dict[str, Any]]:
    return [e for e in stored(cwd) if e["kind"] == kind]


def reprompts(stub: ModelStub) -> list[Request]:
    """The agent's requests answering a re-prompt (a summarizer quoting one does not count)."""
    return [r for r in stub.requests if REPROMPT in r.user_text and not is_summary_request(r)]


@pytest.fixture
def wired(project: Path) -> Path:
    graphmem("setup", "opencode", "--project", cwd=project)
    assert (project / ".opencode" / "plugins" / "graphmem.js").exists()
    return project


def test_a_run_is_captured_and_shown_to_the_next_session(
    opencode_bin: Path, stub: ModelStub, wired: Path, home: Path
) -> None:
    prompt = "write it down [[write: DEPLOY.md Deploy keys rotate monthly]]"
    first = run_opencode(prompt, wired, home, stub.url).check()
    assert (wired / "DEPLOY.md").read_text().strip() == "Deploy keys rotate monthly"
    assert wait_for(lambda: bool(kinds(wired, "turn")))
    (turn,) = kinds(wired, "turn")
    assert turn["origin"] == "hook:opencode" and turn["session_id"] == first.session_id
    assert "edited DEPLOY.md" in turn["body"]

    stub.policy = lambda request: Reply(text="ok")  # recalled directives must not run again
    before = len(stub.requests)
    run_opencode("what do you remember?", wired, home, stub.url).check()
    (shown,) = [r for r in stub.requests[before:] if r.tool("bash")]
    assert "<graphmem-memory>" in shown.seen_text
    assert "edited DEPLOY.md" in shown.seen_text
    stub.assert_clean()


def test_serve_reprompts_once_and_compaction_keeps_the_facts(
    opencode_bin: Path, stub: ModelStub, wired: Path, home: Path
) -> None:
    graphmem("add", "The staging database is PostgreSQL 16 on port 6432.", cwd=wired)
    stub.policy = keeps_memory_when_asked(FACT)
    with OpencodeServer(wired, home, stub.url) as server:
        session = server.create_session()
        server.send_message(
            session, "write it down [[write: DEPLOY.md Deploy keys rotate monthly]]"
        )
        # the re-prompt ran `graphmem add`; its continuation is captured after the first turn
        assert wait_for(lambda: len(kinds(wired, "turn")) == 2), server.log()[-3000:]
        assert [e["body"] for e in kinds(wired, "memory")][-1] == FACT
        (reprompted,) = reprompts(stub)
        assert "DEPLOY.md" in reprompted.user_text
        assert "<graphmem-memory>" not in reprompted.user_text  # not taken for a user prompt

        before = len(stub.requests)
        server.summarize(session)
        assert wait_for(lambda: bool(kinds(wired, "summary"))), server.log()[-3000:]
        (summarizer,) = [r for r in stub.requests[before:] if is_summary_request(r)]
        assert "Keep these facts from graphmem's memory" in summarizer.seen_text
        assert "PostgreSQL 16 on port 6432" in summarizer.seen_text

        before = len(stub.requests)
        server.send_message(session, "what next?")
        after_compaction = [r for r in stub.requests[before:] if r.tool("bash")]
        assert FACT in after_compaction[0].user_text  # recall again: the context was replaced
        server.delete_session(session)
    assert len(reprompts(stub)) == 1  # none on the compaction's idle or the plain question
    stub.assert_clean()


def test_opencode_works_when_graphmem_is_missing_or_hangs(
    opencode_bin: Path, stub: ModelStub, project: Path, home: Path, broken_graphmem: BrokenGraphmem
) -> None:
    opencode.apply(opencode.plugin_path("project", project), argv=[str(broken_graphmem.command)])
    run = run_opencode("hello", project, home, stub.url, env=FAST).check()
    assert run.reply_text == "STUB_REPLY ok"
    broken_graphmem.assert_given_up_on()
    stub.assert_clean()
