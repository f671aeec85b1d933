"""Curation with a real host as the curator: Claude Code, run headless by graphmem at the end of
a session, offline against the scripted model stub (which answers the curation prompt with JSON,
citing the turns and the memory it was shown, as a real model would)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.hosts.test_claude_code import graphmem, stored
from tests.support import curator
from tests.support.hosts import (
    OPENCODE_ENV,
    STUB_MODEL,
    STUB_PROVIDER,
    host_env,
    run_claude,
    run_opencode,
    run_pi,
)
from tests.support.model_stubs import (
    ModelStub,
    Reply,
    Request,
    default_policy,
    is_title_request,
)
from tests.support.polling import eventually
from tests.test_curation import CORRECTION, DECISION, VALID

CURATING = "You are curating the long-term memory"
ANSWER = json.dumps(VALID)  # the same session as the unit tests: a decision and a correction


def curates(request: Request) -> Reply:
    if CURATING in request.user_text and not is_title_request(request):
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


def test_pi_curates_a_session_headless_with_the_users_default_model(
    pi_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    graphmem("setup", "pi", "--project", cwd=project)
    graphmem("add", "Indent Python files with 4 spaces in this project.", cwd=project)
    # `pi -p` as the curator uses the user's default model, as a user's pi does.
    settings = home / ".pi" / "agent" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"defaultProvider": STUB_PROVIDER, "defaultModel": STUB_MODEL}))
    stub.policy = curates
    run_pi(DECISION, project, home, stub.url).check()
    run_pi(CORRECTION, project, home, stub.url, ["--continue"], {"GRAPHMEM_CURATE": "on"}).check()

    facts = {e["body"]: e for e in eventually(lambda: curated(project), "the curation", 120)}
    (asked,) = [r for r in stub.requests if CURATING in r.user_text]
    assert asked.tools == () and "<graphmem-memory>" not in asked.seen_text
    tabs = facts["Indent with tabs in this project; the earlier 4-space rule was wrong."]
    old = next(e for e in stored(project) if e["body"].startswith("Indent Python files with 4"))
    assert old["superseded_by"] == tabs["uuid"]

    before = len(stub.requests)
    run_pi("how should I indent, and how do we paginate?", project, home, stub.url).check()
    shown = stub.requests[before].seen_text
    assert "Indent with tabs in this project" in shown and "paginates with cursors" in shown
    assert "Indent Python files with 4 spaces" not in shown
    stub.assert_clean()


def test_opencode_curates_what_its_sessions_captured_when_asked(
    opencode_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    """`opencode run` never ends a session (no session.deleted), so curation is asked for by
    hand here; the curator is still opencode, run headless without graphmem's plugin."""
    graphmem("setup", "opencode", "--project", cwd=project)
    graphmem("add", "Indent Python files with 4 spaces in this project.", cwd=project)
    stub.policy = curates
    run_opencode(DECISION, project, home, stub.url).check()
    run_opencode(CORRECTION, project, home, stub.url).check()
    eventually(
        lambda: len([e for e in stored(project) if e["kind"] == "turn"]) >= 2 or None, "capture"
    )

    done = subprocess.run(
        [sys.executable, "-m", "graphmem", "curate", "--json"],
        cwd=project,
        env=host_env(home, project, OPENCODE_ENV),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert (json.loads(done.stdout)["added"], json.loads(done.stdout)["superseded"]) == (2, 1)
    asked = [r for r in stub.requests if CURATING in r.user_text and not is_title_request(r)]
    assert len(asked) == 1 and "<graphmem-memory>" not in asked[0].seen_text
    facts = {e["body"]: e for e in curated(project) or []}
    tabs = facts["Indent with tabs in this project; the earlier 4-space rule was wrong."]
    old = next(e for e in stored(project) if e["body"].startswith("Indent Python files with 4"))
    assert old["superseded_by"] == tabs["uuid"]
    assert not [e for e in stored(project) if CURATING in e["body"]]  # the curator's run
