"""`graphmem setup claude-code`: merges into settings.json, keeps the rest, undoes only its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from graphmem.hosts.claude_code import automemory
from graphmem.hosts.claude_code import install as claude_code
from graphmem.paths import hook_argv
from tests.conftest import Cli

THEIRS = {
    "model": "opus",
    "permissions": {"allow": ["Bash(make:*)"]},
    "hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard"}]}],
    },
}


def settings(project: Path) -> dict[str, Any]:
    data = json.loads((project / ".claude" / "settings.json").read_text())
    assert isinstance(data, dict)
    return data


def commands(data: dict[str, Any], event: str) -> list[str]:
    return [h["command"] for g in data["hooks"].get(event, []) for h in g["hooks"]]


def test_install_merges_and_is_idempotent(project: Path, cli: Cli) -> None:
    path = project / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps(THEIRS))
    first = cli.json("setup", "claude-code", "--project")
    assert first["written"] and set(first["added"]) == set(claude_code.EVENTS)
    data = settings(project)
    assert data["model"] == "opus" and data["permissions"] == THEIRS["permissions"]
    assert commands(data, "PreToolUse") == ["guard"]
    stop = commands(data, "Stop")
    assert stop[0] == "notify-send done"
    assert stop[1] == claude_code.command("Stop", shared=True)  # the team's file: no machine paths
    assert str(Path.home()) not in path.read_text() and "launch.py" not in path.read_text()
    start_group = data["hooks"]["SessionStart"][0]
    assert start_group["matcher"] == "startup|resume|clear|compact"
    before = path.read_text()
    again = cli.json("setup", "claude-code", "--project")
    assert not again["written"] and path.read_text() == before


def test_remove_takes_out_only_graphmems_entries(project: Path, cli: Cli) -> None:
    path = project / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps(THEIRS))
    cli.json("setup", "claude-code", "--project")
    removed = cli.json("setup", "claude-code", "--project", "--remove")
    assert set(removed["removed"]) == set(claude_code.EVENTS)
    assert settings(project) == THEIRS


def test_setup_says_what_it_did_and_how_to_undo_it(project: Path, cli: Cli) -> None:
    path = project / ".claude" / "settings.local.json"
    events = ", ".join(claude_code.EVENTS)
    auto_memory = automemory.describe(automemory.place(str(project)))
    home = Path.home()
    claude_json, command = home / ".claude.json", home / ".claude" / "commands" / "memory.md"
    assert cli("setup", "claude-code", "--local").stdout.splitlines() == [
        f"installed graphmem hooks ({events}) in {path}",
        f"added graphmem's MCP server to {claude_json}",
        f"added /memory to {command}",
        "undo with: graphmem setup claude-code --remove --local",
        auto_memory,
    ]
    again = cli("setup", "claude-code", "--local").stdout
    assert again == (
        f"graphmem hooks already installed in {path}\n"
        f"graphmem's MCP server already in {claude_json}\n/memory already in {command}\n"
        f"{auto_memory}\n"
    )
    removed = cli("setup", "claude-code", "--local", "--remove").stdout
    assert removed == (
        f"removed graphmem's hooks ({events}) from {path}\n"
        f"removed graphmem's MCP server from {claude_json}\nremoved /memory from {command}\n"
    )
    assert cli("setup", "claude-code", "--local", "--remove").stdout == (
        f"no graphmem hooks in {path}\n"
        f"no graphmem's MCP server in {claude_json}\nno /memory in {command}\n"
    )
    conflict = cli("setup", "claude-code", "--local", "--user")
    assert (
        conflict.exit_code == 2 and "choose one of --user, --project and --local" in conflict.stderr
    )


def test_user_scope_honours_claude_config_dir(
    project: Path, cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    result = cli.json("setup", "claude-code")
    assert result["path"] == str(tmp_path / "claude" / "settings.json")
    assert (tmp_path / "claude" / "settings.json").exists()


def test_invalid_settings_are_left_alone(project: Path, cli: Cli) -> None:
    path = project / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_text("{ not json")
    result = cli("setup", "claude-code", "--project")
    assert result.exit_code == 6 and "not valid JSON" in result.stderr
    assert path.read_text() == "{ not json"


def run_hook_line(
    line: str, project: Path, path: str | None = None
) -> subprocess.CompletedProcess[str]:
    """What Claude Code does with an entry: run it through a shell with the event on stdin."""
    payload = {"session_id": "s1", "cwd": str(project), "source": "startup"}
    env = {**os.environ, **({"PATH": path} if path is not None else {})}
    return subprocess.run(
        line, shell=True, input=json.dumps(payload), capture_output=True, text=True, timeout=60,
        env=env,
    )  # fmt: skip


# On PATH: the folder of this install's `graphmem` (a teammate's machine), or only the system's.
WITH_GRAPHMEM = os.pathsep.join([os.path.dirname(sys.executable), "/usr/bin", "/bin"])
WITHOUT_GRAPHMEM = os.pathsep.join(["/usr/bin", "/bin"])


@pytest.mark.parametrize("scope", ["--project", "--local", "--user"])
def test_the_installed_command_answers_as_the_hook_would(
    scope: str, project: Path, cli: Cli
) -> None:
    cli.json("add", "Deploys go through the blue-green script")
    cli.json("setup", "claude-code", scope)
    target = {"--project": "project", "--local": "local", "--user": "user"}[scope]
    data = json.loads(claude_code.settings_path(target, project).read_text())
    result = run_hook_line(commands(data, "SessionStart")[0], project, WITH_GRAPHMEM)
    assert result.returncode == 0 and result.stderr == ""
    context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "blue-green script" in context


def test_the_shared_command_does_nothing_where_graphmem_is_not_installed(
    project: Path, cli: Cli
) -> None:
    cli.json("setup", "claude-code", "--project")
    for event in claude_code.EVENTS:
        result = run_hook_line(commands(settings(project), event)[0], project, WITHOUT_GRAPHMEM)
        assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.parametrize("gone", ["launcher", "interpreter"])
def test_a_personal_command_does_nothing_once_graphmem_is_uninstalled(
    gone: str, tmp_path: Path, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pipx uninstall` deletes the venv the hooks name: Claude Code must not see them fail."""
    python, flag, launcher = hook_argv()
    venv = tmp_path / "venv with space"
    if gone == "launcher":
        launcher = str(venv / "graphmem" / "hooks" / "launch.py")
    else:
        python = str(venv / "bin" / "python")
    monkeypatch.setattr(claude_code, "hook_argv", lambda: [python, flag, launcher])
    for event in claude_code.EVENTS:
        result = run_hook_line(claude_code.command(event), project)
        assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_hook_timeout_caps_each_hooks_timeout_and_a_change_shows_as_stale(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    def timeouts() -> dict[str, int]:
        hooks = settings(project)["hooks"]
        return {event: group["hooks"][0]["timeout"] for event, (group,) in hooks.items()}

    path = str(project / ".claude" / "settings.json")
    cli.json("setup", "claude-code", "--project")
    assert timeouts() == {event: limit for event, (_, limit) in claude_code.EVENTS.items()}
    monkeypatch.setenv("GRAPHMEM_HOOK_TIMEOUT", "2.5")
    assert cli.json("status")["hosts"]["claude-code"] == {path: "stale"}
    cli.json("setup", "claude-code", "--project")
    assert timeouts() == dict.fromkeys(claude_code.EVENTS, 3)  # whole seconds, rounded up
    assert cli.json("status")["hosts"]["claude-code"] == {path: "current"}


def test_recognises_its_entries_by_command() -> None:
    assert claude_code.is_ours({"command": claude_code.command("Stop")})
    assert claude_code.is_ours(
        {"command": "'/my dir/py' -S '/my dir/graphmem/hooks/launch.py' Stop"}
    )
    assert claude_code.is_ours({"command": "/x/bin/graphmem hook Stop"})  # earlier versions
    assert claude_code.is_ours({"command": "'/my dir/graphmem' hook Stop"})
    assert not claude_code.is_ours({"command": "my-graphmem-wrapper hooks"})
    assert not claude_code.is_ours({"command": "echo graphmem"})


def test_status_shows_where_hooks_are_wired_and_for_which_install(project: Path, cli: Cli) -> None:
    assert cli.json("status")["hosts"]["claude-code"] == {}
    cli.json("setup", "claude-code", "--local")
    local = str(claude_code.settings_path("local", project))
    assert cli.json("status")["hosts"]["claude-code"] == {local: "current"}
    cli.json("setup", "claude-code", "--local", "--remove")
    cli.json("setup", "claude-code")
    path = str(claude_code.settings_path("user", project))
    assert cli.json("status")["hosts"]["claude-code"] == {path: "current"}
    moved = (
        Path(path).read_text().replace("/graphmem/hooks/launch.py", "/old/graphmem/hooks/launch.py")
    )
    Path(path).write_text(moved)
    assert cli.json("status")["hosts"]["claude-code"] == {path: "stale"}
    assert "another install" in cli("status").stdout


def test_status_shows_last_capture_and_injection(project: Path, cli: Cli) -> None:
    from graphmem.hooks.dispatch import handle

    assert cli.json("status")["activity"] == {"last_capture": None, "last_injection": None}
    cli.json("add", "a memory to inject")
    handle("SessionStart", json.dumps({"session_id": "s", "cwd": str(project)}).encode())
    transcript = project.parent / "t.jsonl"
    transcript.write_text(
        json.dumps({"type": "user", "message": {"role": "user", "content": "a prompt " * 10}})
        + "\n"
    )
    handle(
        "SessionEnd",
        json.dumps(
            {"session_id": "s", "cwd": str(project), "transcript_path": str(transcript)}
        ).encode(),
    )
    activity = cli.json("status")["activity"]
    assert activity["last_capture"] and activity["last_injection"]


@pytest.mark.parametrize(
    "earlier",
    [
        "/old/venv/bin/graphmem hook Stop",
        # what 0.1 put in the shared file: this machine's paths, exit 127 on a teammate's
        "/home/me/.venv/bin/python -S /home/me/.venv/lib/graphmem/hooks/launch.py Stop",
    ],
)
def test_setup_replaces_hooks_an_earlier_version_installed(
    earlier: str, project: Path, cli: Cli
) -> None:
    path = project / ".claude" / "settings.json"
    path.parent.mkdir()
    old = {"type": "command", "command": earlier, "timeout": 30}
    path.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [old]}]}}))
    assert cli.json("status")["hosts"]["claude-code"] == {str(path): "stale"}
    cli.json("setup", "claude-code", "--project")
    assert commands(settings(project), "Stop") == [claude_code.command("Stop", shared=True)]
    assert cli.json("status")["hosts"]["claude-code"] == {str(path): "current"}


@pytest.mark.parametrize("layout", ["one line", "one line, no newline", "indented by 4"])
def test_remove_leaves_the_file_as_it_was_found(layout: str, project: Path, cli: Cli) -> None:
    """git shows no change after setup and --remove: a one-line file is not reformatted."""
    path = project / ".claude" / "settings.local.json"
    path.parent.mkdir()
    before = {
        "one line": json.dumps(THEIRS) + "\n",
        "one line, no newline": json.dumps(THEIRS),
        "indented by 4": json.dumps(THEIRS, indent=4) + "\n",
    }[layout]
    path.write_text(before)
    cli.json("setup", "claude-code", "--local")
    assert len(commands(json.loads(path.read_text()), "Stop")) == 2
    cli.json("setup", "claude-code", "--local", "--remove")
    after = path.read_text()
    if layout == "indented by 4":  # two-space indents: the same settings, laid out again
        assert json.loads(after) == THEIRS
    else:
        assert after == before


def test_remove_deletes_a_settings_file_graphmem_created(project: Path, cli: Cli) -> None:
    (project / ".claude").mkdir()
    (project / ".claude" / "agents.md").write_text("mine\n")
    cli.json("setup", "claude-code", "--local")
    cli.json("setup", "claude-code", "--local", "--remove")
    assert sorted(p.name for p in (project / ".claude").iterdir()) == ["agents.md"]
