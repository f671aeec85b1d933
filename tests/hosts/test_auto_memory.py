"""Claude Code's own Auto Memory, carried by graphmem: the real Claude Code CLI, offline against the
scripted model stub, keeps a note with its Write tool; graphmem does not ask again for the same
fact, and opencode and pi sessions of the same project are shown the note."""

from __future__ import annotations

import re
from pathlib import Path

from tests.hosts.test_claude_code import REPROMPT, graphmem, stored
from tests.hosts.test_one_memory import shown
from tests.support.hosts import run_claude, run_opencode, run_pi
from tests.support.model_stubs import ModelStub, Reply, Request, ToolCall, default_policy

PNPM = "Use pnpm in this repository, never npm: the lockfile is pnpm-lock.yaml."
YARN = "Use pnpm in this repository, never npm or yarn: CI installs with pnpm only."


def note(body: str) -> str:
    return f"---\nname: Use pnpm\ndescription: package manager\ntype: feedback\n---\n\n{body}\n"


def writes_note(path: Path, body: str) -> object:
    """Asked to remember, the model writes its auto-memory note with the Write tool."""

    def policy(request: Request) -> Reply:
        if "remember:" in request.user_text and not request.after_tool_result:
            return Reply(
                tool_call=ToolCall("Write", {"file_path": str(path), "content": note(body)})
            )
        return default_policy(request)

    return policy


def notes(project: Path) -> list[dict[str, object]]:
    return [e for e in stored(project) if e["origin"] == "auto-memory"]


def test_a_note_claude_code_keeps_reaches_the_other_hosts_edited_and_deleted(
    claude_bin: Path,
    opencode_bin: Path,
    pi_bin: Path,
    stub: ModelStub,
    project: Path,
    home: Path,
) -> None:
    for host in ("claude-code", "opencode", "pi"):
        graphmem("setup", host, "--project", cwd=project)
    sanitized = re.sub(r"[^A-Za-z0-9]", "-", str(project))  # as Claude Code names it on disk
    path = home / ".claude" / "projects" / sanitized / "memory" / "feedback_pnpm.md"

    stub.policy = writes_note(path, PNPM)
    run_claude("No, use pnpm here, not npm. remember: pnpm", project, home, stub.url).check()
    assert PNPM in path.read_text()  # Claude Code's Write tool wrote it (its front matter, its way)
    assert not [r for r in stub.requests if REPROMPT in r.user_text]  # not asked twice
    (kept,) = notes(project)
    assert kept["kind"] == "correction" and PNPM in str(kept["body"])

    for run in (run_opencode, run_pi):
        before = len(stub.requests)
        run("Which package manager do we use?", project, home, stub.url).check()
        assert PNPM in shown(stub, before).seen_text, run.__name__

    stub.policy = writes_note(path, YARN)
    run_claude("Not yarn either. remember: pnpm only", project, home, stub.url).check()
    before = len(stub.requests)
    run_pi("Which package manager do we use?", project, home, stub.url).check()
    seen = shown(stub, before).seen_text
    assert YARN in seen and PNPM not in seen

    stub.policy = default_policy
    run_claude(f"Forget that note [[bash: rm {path}]]", project, home, stub.url).check()
    assert not path.exists()
    before = len(stub.requests)
    run_pi("Which package manager do we use?", project, home, stub.url).check()
    assert YARN not in shown(stub, before).seen_text
    assert all(e.get("forgotten_at") for e in notes(project))
    stub.assert_clean()
