"""Curation with a real host as the curator: Claude Code, run headless by graphmem at the end of
a session, offline against the scripted model stub (which answers the curation prompt with JSON,
citing the turns and the memory it was shown, as a real model would)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.hosts.test_claude_code import graphmem, stored
from tests.support import curator
from tests.support.hosts import run_claude
from tests.support.model_stubs import ModelStub, Reply, Request, default_policy
from tests.support.polling import eventually

CURATING = "You are curating the long-term memory"
DECISION = "We decided to paginate the orders API with cursors, because offsets skip rows."
CORRECTION = "no, always indent with tabs here, not 4 spaces"
ANSWER = json.dumps(
    {
        "operations": [
            {
                "op": "add",
                "text": "The orders API paginates with cursors, not offsets: offsets skip rows.",
                "scope": "project",
                "turns": ["<<T:paginate the orders>>"],
            },
            {
                "op": "supersede",
                "memory": "<<M:Indent Python files>>",
                "text": "Indent with tabs in this project; the earlier 4-space rule was wrong.",
                "scope": "project",
                "turns": ["<<T:indent with tabs>>"],
            },
        ]
    }
)


def curates(request: Request) -> Reply:
    if CURATING in request.user_text:
        return Reply(text=curator.answer(request.user_text, ANSWER))
    return default_policy(request)


def curated(cwd: Path) -> list[dict[str, Any]] | None:
    found = [e for e in stored(cwd) if e["origin"] == "curated"]
    return found if len(found) == 2 else None


def test_claude_code_curates_a_session_headless_and_the_next_session_sees_the_facts(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "claude-code", "--project", cwd=project)
    graphmem("add", "Indent Python files with 4 spaces in this project.", cwd=project)
    stub.policy = curates
    first = run_claude(DECISION, project, home, stub.url).check()
    # The session goes on, then ends with curation on: SessionEnd starts it detached.
    run_claude(
        CORRECTION, project, home, stub.url, resume=first.session_id, env={"GRAPHMEM_CURATE": "on"}
    ).check()

    facts = {e["body"]: e for e in eventually(lambda: curated(project), "the curation", 120)}
    (asked,) = [r for r in stub.requests if CURATING in r.user_text]
    assert asked.tools == ()  # the curator's run has no tools
    assert "<graphmem-memory>" not in asked.seen_text  # its own hooks showed it nothing
    episodes = stored(project)
    assert not [e for e in episodes if CURATING in e["body"]]  # nor captured it
    turns = {e["uuid"]: e for e in episodes if e["kind"] == "turn"}
    decision = facts["The orders API paginates with cursors, not offsets: offsets skip rows."]
    (source,) = [u for u in turns if u in decision["source_description"]]
    assert DECISION in turns[source]["body"] and decision["session_id"] == first.session_id
    tabs = facts["Indent with tabs in this project; the earlier 4-space rule was wrong."]
    old = next(e for e in episodes if e["body"].startswith("Indent Python files with 4"))
    assert old["superseded_by"] == tabs["uuid"]

    before = len(stub.requests)
    run_claude("how should I indent, and how do we paginate?", project, home, stub.url).check()
    shown = stub.requests[before].seen_text
    assert "Indent with tabs in this project" in shown and "paginates with cursors" in shown
    assert "Indent Python files with 4 spaces" not in shown
    stub.assert_clean()
