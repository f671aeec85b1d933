"""The harness itself: each real host runs offline against the stub and fires its hooks/plugins.

These tests use throwaway probes (a recording hook script, a JS plugin, a TS extension), not
graphmem's own integration, so a failure here means the harness or a host changed.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support import hosts
from tests.support.hosts import OpencodeServer, iter_json_lines, run_claude, run_opencode, run_pi
from tests.support.model_stubs import ModelStub, is_summary_request

# Appends the hook's stdin payload to argv[1]; with argv[2], answers with that as context.
RECORDER = """
import json, sys
payload = json.load(sys.stdin)
with open(sys.argv[1], "a") as log:
    log.write(json.dumps(payload) + "\\n")
if len(sys.argv) > 2:
    out = {"hookEventName": payload["hook_event_name"], "additionalContext": sys.argv[2]}
    print(json.dumps({"hookSpecificOutput": out}))
"""

CLAUDE_EVENTS = (
    "SessionStart",
    "UserPromptSubmit",
    "PostToolUse",
    "Stop",
    "PreCompact",
    "PostCompact",
    "SessionEnd",
)

# Pushes a synthetic part on every chat.message and logs each hook call as JSON lines.
OPENCODE_PLUGIN = """
import { appendFileSync } from "node:fs";

const LOG = %(log)s;
let counter = 0;

// opencode part ids: "prt_" + 12 hex (time-ordered) + 14 base62 characters.
function partId() {
  const hex = (BigInt(Date.now()) * 4096n + BigInt(counter++ %% 4096)).toString(16);
  const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let tail = "";
  for (let i = 0; i < 14; i++) tail += chars[Math.floor(Math.random() * chars.length)];
  return "prt_" + hex.padStart(12, "0").slice(-12) + tail;
}

const log = (hook, data) => appendFileSync(LOG, JSON.stringify({ hook, ...data }) + "\\n");

export const Probe = async () => ({
  "chat.message": async (input, output) => {
    log("chat.message", { sessionID: input.sessionID });
    output.parts.push({
      id: partId(),
      sessionID: input.sessionID,
      messageID: output.message.id,
      type: "text",
      text: %(marker)s,
      synthetic: true,
    });
  },
  "experimental.session.compacting": async (input, output) => {
    log("compacting", { sessionID: input.sessionID });
    output.context.push(%(compact_marker)s);
  },
  event: async ({ event }) =>
    log("event", { type: event.type, sessionID: event.properties?.sessionID }),
});
"""

PI_EXTENSION = """
import { appendFileSync } from "node:fs";

const LOG = %(log)s;

export default function (pi) {
  for (const name of ["session_start", "input", "agent_end", "session_shutdown"]) {
    pi.on(name, async () => { appendFileSync(LOG, JSON.stringify({ event: name }) + "\\n"); });
  }
  pi.on("before_agent_start", async () => ({
    message: { customType: "harness-probe", content: %(marker)s, display: false },
  }));
}
"""


def write_claude_hooks(project: Path, log: Path, context: str | None = None) -> None:
    """A project .claude/settings.json whose hooks all run the recorder script."""
    script = project.parent / "recorder.py"
    script.write_text(RECORDER)
    command = f"{sys.executable} {script} {log}" + (f" {context}" if context else "")
    hook = [{"hooks": [{"type": "command", "command": command, "timeout": 30}]}]
    settings = {"hooks": dict.fromkeys(CLAUDE_EVENTS, hook)}
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(json.dumps(settings))


def events_named(log: Path, name: str) -> list[dict[str, Any]]:
    return [e for e in iter_json_lines(log) if e.get("hook_event_name") == name]


def wait_for(predicate: Callable[[], bool], timeout: float = 30.0) -> bool:
    """Poll until `predicate` holds (events arrive asynchronously); False if it never did."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


# --- Claude Code -------------------------------------------------------------------------------


def test_claude_fires_hooks_runs_tool_and_compacts(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    log = project.parent / "hooks.jsonl"
    write_claude_hooks(project, log)

    command = "echo tool-ran > ran.txt && cat ran.txt"
    run = run_claude(f"please [[bash: {command}]]", project, home, stub.url).check()

    assert (project / "ran.txt").read_text().strip() == "tool-ran"
    assert run.session_id
    assert run.reply_text == "Tool finished: tool-ran"
    (tool_use,) = events_named(log, "PostToolUse")
    assert tool_use["tool_name"] == "Bash"
    assert tool_use["tool_input"]["command"] == command
    for name in ("SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"):
        assert events_named(log, name), f"no {name} hook event"

    run_claude("/compact keep the facts", project, home, stub.url, resume=run.session_id).check()

    (pre,) = events_named(log, "PreCompact")
    assert pre["trigger"] == "manual"
    assert pre["custom_instructions"] == "keep the facts"
    (post,) = events_named(log, "PostCompact")
    assert command in post["compact_summary"]
    assert any(e["source"] == "compact" for e in events_named(log, "SessionStart"))
    stub.assert_clean()


def test_claude_session_start_context_reaches_model(
    claude_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    write_claude_hooks(project, project.parent / "hooks.jsonl", context="MARKER-123")

    run_claude("hello", project, home, stub.url).check()

    assert stub.requests, "the model was never called"
    assert "MARKER-123" in stub.requests[0].seen_text
    stub.assert_clean()


# --- opencode ----------------------------------------------------------------------------------


def write_opencode_plugin(project: Path, log: Path) -> None:
    plugin = OPENCODE_PLUGIN % {
        "log": json.dumps(str(log)),
        "marker": json.dumps("OC-MARKER-456"),
        "compact_marker": json.dumps("OC-COMPACT-789"),
    }
    (project / ".opencode" / "plugin").mkdir(parents=True)
    (project / ".opencode" / "plugin" / "probe.js").write_text(plugin)


def test_opencode_plugin_part_reaches_model(
    opencode_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    log = project.parent / "plugin.jsonl"
    write_opencode_plugin(project, log)

    prompt = "hello [[bash: echo oc-ran > ran.txt && cat ran.txt]]"
    run = run_opencode(prompt, project, home, stub.url).check()

    assert (project / "ran.txt").read_text().strip() == "oc-ran"
    assert run.reply_text == "Tool finished: oc-ran"
    assert run.session_id
    assert any(e["hook"] == "chat.message" for e in iter_json_lines(log))
    main_calls = [r for r in stub.requests if r.tool("bash")]
    assert main_calls, "no request offered the bash tool"
    assert all("OC-MARKER-456" in r.seen_text for r in main_calls)
    stub.assert_clean()


def test_opencode_serve_fires_idle_compaction_and_delete(
    opencode_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    log = project.parent / "plugin.jsonl"
    write_opencode_plugin(project, log)

    def saw(event_type: str, session_id: str) -> bool:
        return any(
            e.get("type") == event_type and e.get("sessionID") == session_id
            for e in iter_json_lines(log)
        )

    with OpencodeServer(project, home, stub.url) as server:
        session = server.create_session()
        server.send_message(session, "remember OC-FACT-1")
        assert wait_for(lambda: saw("session.idle", session)), server.log()[-4000:]

        server.summarize(session)
        assert wait_for(lambda: saw("session.compacted", session)), server.log()[-4000:]
        server.delete_session(session)
        assert wait_for(lambda: saw("session.deleted", session)), server.log()[-4000:]

    summary_calls = [r for r in stub.requests if "OC-COMPACT-789" in r.seen_text]
    assert summary_calls, "the compacting hook's context never reached the model"
    assert is_summary_request(summary_calls[-1]), "opencode's summarizer prompt changed"
    assert "OC-FACT-1" in summary_calls[-1].seen_text
    stub.assert_clean()


# --- pi ----------------------------------------------------------------------------------------


def test_pi_extension_message_reaches_model(
    pi_bin: Path, stub: ModelStub, project: Path, home: Path
) -> None:
    log = project.parent / "extension.jsonl"
    extension = PI_EXTENSION % {"log": json.dumps(str(log)), "marker": json.dumps("PI-MARKER-789")}
    (project / ".pi" / "extensions").mkdir(parents=True)
    (project / ".pi" / "extensions" / "probe.ts").write_text(extension)

    prompt = "hello [[bash: echo pi-ran > ran.txt && cat ran.txt]]"
    run = run_pi(prompt, project, home, stub.url).check()

    assert (project / "ran.txt").read_text().strip() == "pi-ran"
    assert run.reply_text == "Tool finished: pi-ran"
    assert stub.requests and all("PI-MARKER-789" in r.seen_text for r in stub.requests)
    events = [e["event"] for e in iter_json_lines(log)]
    assert events[0] == "session_start"
    assert "agent_end" in events
    stub.assert_clean()


def fake_npm_binary(root: Path, package: str, version: str, name: str) -> Path:
    """A host binary as npm installs it: bin/<name> linked into the package's folder."""
    folder = root / "lib" / "node_modules" / package
    (folder / "bin").mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps({"name": package, "version": version}))
    (folder / "bin" / "cli.js").write_text("#!/bin/sh\n")
    (folder / "bin" / "cli.js").chmod(0o755)
    (root / "bin").mkdir(exist_ok=True)
    (root / "bin" / name).symlink_to(folder / "bin" / "cli.js")
    return root / "bin" / name


def test_only_the_pinned_version_of_a_host_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package, version = hosts.pinned_versions()["pi"]
    monkeypatch.setattr(hosts, "HOSTS_PREFIX", tmp_path / "empty")
    other = fake_npm_binary(tmp_path / "other", package, "0.0.1", "pi")
    monkeypatch.setenv("PATH", str(other.parent))
    assert hosts.find_binary("pi") is None  # on PATH, but not the version tests were verified with
    pinned = fake_npm_binary(tmp_path / "pinned", package, version, "pi")
    monkeypatch.setenv("PATH", f"{other.parent}{os.pathsep}{pinned.parent}")
    assert hosts.find_binary("pi") == pinned
