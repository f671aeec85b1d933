"""graphmem inside the real pi, offline against the scripted model stub.

The extension is installed by `graphmem setup pi --project`. `pi -p` exits when its prompt is
answered, before a re-prompt could run, so the re-prompt is observed in RPC mode (`--mode rpc`,
JSON lines on stdin/stdout), which stays up like the interactive TUI.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
from pathlib import Path

import pytest

from graphmem.hosts.pi import install as pi
from graphmem.paths import hook_argv
from tests.hosts.conftest import BrokenGraphmem
from tests.hosts.test_claude_code import graphmem
from tests.hosts.test_harness import wait_for
from tests.hosts.test_opencode import FACT, FAST, keeps_memory_when_asked, kinds, reprompts
from tests.support.hosts import (
    PI_ENV,
    STUB_MODEL,
    STUB_PROVIDER,
    host_env,
    run_pi,
    write_pi_models,
)
from tests.support.model_stubs import ModelStub, Reply


@pytest.fixture
def wired(project: Path) -> Path:
    graphmem("setup", "pi", "--project", cwd=project)
    assert (project / ".pi" / "extensions" / "graphmem.ts").exists()
    return project


def test_a_prompt_is_captured_and_shown_to_the_next_session(
    pi_bin: Path, stub: ModelStub, wired: Path, home: Path
) -> None:
    prompt = "write it down [[write: DEPLOY.md Deploy keys rotate monthly]]"
    run_pi(prompt, wired, home, stub.url).check()
    assert (wired / "DEPLOY.md").read_text().strip() == "Deploy keys rotate monthly"
    assert wait_for(lambda: bool(kinds(wired, "turn")))
    turn = kinds(wired, "turn")[0]
    assert turn["origin"] == "hook:pi" and "edited DEPLOY.md" in turn["body"]
    # Print mode may or may not get to run the re-prompt before it exits; never more than once.
    assert len(reprompts(stub)) <= 1

    stub.policy = lambda request: Reply(text="ok")  # recalled directives must not run again
    before = len(stub.requests)
    run_pi("what do you remember?", wired, home, stub.url).check()
    shown = stub.requests[before]
    assert "<graphmem-memory>" in shown.seen_text and "edited DEPLOY.md" in shown.seen_text
    stub.assert_clean()


def test_rpc_session_reprompts_once(pi_bin: Path, stub: ModelStub, wired: Path, home: Path) -> None:
    stub.policy = keeps_memory_when_asked(FACT)
    write_pi_models(home, stub.url)
    argv = [str(pi_bin), "--provider", STUB_PROVIDER, "--model", STUB_MODEL, "--mode", "rpc"]
    with subprocess.Popen(
        argv,
        cwd=wired,
        env=host_env(home, wired, PI_ENV),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    ) as proc:
        try:
            assert proc.stdin is not None
            prompt = "write it down [[write: DEPLOY.md Deploy keys rotate monthly]]"
            proc.stdin.write(json.dumps({"type": "prompt", "message": prompt}) + "\n")
            proc.stdin.flush()
            # the prompt's turn, then the re-prompt's run that kept the fact
            assert wait_for(lambda: len(kinds(wired, "turn")) == 2)
        finally:
            os.killpg(proc.pid, signal.SIGKILL)  # pi and whatever it started
    assert [e["body"] for e in kinds(wired, "memory")] == [FACT]
    (reprompted,) = reprompts(stub)
    assert "DEPLOY.md" in reprompted.user_text
    stub.assert_clean()


def test_pi_works_when_graphmem_is_missing_or_hangs(
    pi_bin: Path, stub: ModelStub, project: Path, home: Path, broken_graphmem: BrokenGraphmem
) -> None:
    pi.apply(pi.extension_path("project", project), argv=[str(broken_graphmem.command)])
    run = run_pi("hello", project, home, stub.url, env=FAST).check()
    assert run.reply_text == "STUB_REPLY ok"
    broken_graphmem.assert_given_up_on()
    stub.assert_clean()


def test_a_turn_whose_agent_end_timed_out_is_stored_at_shutdown(
    pi_bin: Path, stub: ModelStub, project: Path, home: Path, tmp_path: Path
) -> None:
    """graphmem's Stop outlives its time limit and is killed with the turn unstored; the shim
    keeps the run and session_shutdown hands it over again."""
    calls = tmp_path / "calls.log"
    slow_stop = tmp_path / "graphmem-hook"
    slow_stop.write_text(
        f'#!/bin/sh\necho "$1" >> {calls}\n[ "$1" = Stop ] && exec sleep 60\n'
        f'exec {shlex.join(hook_argv())} "$@"\n'
    )
    slow_stop.chmod(0o755)
    pi.apply(pi.extension_path("project", project), argv=[str(slow_stop)])
    prompt = "write it down [[write: DEPLOY.md Deploy keys rotate monthly]]"
    run_pi(prompt, project, home, stub.url, env={"GRAPHMEM_HOOK_TIMEOUT_MS": "3000"}).check()
    events = calls.read_text().split()
    assert events[events.index("Stop") :] == ["Stop", "SessionEnd"]
    assert wait_for(lambda: bool(kinds(project, "turn")))
    (turn,) = kinds(project, "turn")
    assert turn["body"].startswith("User: write it down") and "edited DEPLOY.md" in turn["body"]
    stub.assert_clean()
