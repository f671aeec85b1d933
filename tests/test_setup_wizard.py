"""`graphmem setup`: unattended with flags, interactive on a terminal, undone by --remove."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from graphmem import config, paths
from tests.conftest import Cli


def user_config() -> dict[str, object]:
    return tomllib.loads(Path(paths.user_config_file()).read_text())


def test_yes_writes_defaults_keeps_other_keys_and_remove_restores(project: Path, cli: Cli) -> None:
    Path(paths.user_config_file()).parent.mkdir(parents=True)
    Path(paths.user_config_file()).write_text("context_window = 100000\ninjection_interval = 3\n")
    result = cli("setup", "--yes", "--no-hosts")
    assert result.exit_code == 0, result.output
    assert "undo the settings with: graphmem setup --remove" in result.stdout
    assert user_config() == {
        "context_window": 100000,
        "backend": "sqlite",
        "reprompt": "substantive",
        "injection_interval": 10,
        "global_group": "global",
    }
    assert Path(paths.user_config_file()).stat().st_mode & 0o077 == 0
    undone = cli("setup", "--remove")
    assert undone.exit_code == 0 and "as it was" in undone.stdout
    assert user_config() == {"context_window": 100000, "injection_interval": 3}
    assert "nothing to undo" in cli("setup", "--remove").stdout


def test_remove_leaves_config_toml_as_it_was_found(project: Path, cli: Cli) -> None:
    config_file = Path(paths.user_config_file())
    assert cli("setup", "--yes", "--no-hosts").exit_code == 0
    cli("setup", "--remove")
    assert not config_file.exists()  # setup created it: no empty file left behind

    config_file.write_text("# my settings\ninjection_interval = 3   # quieter\n")
    before = config_file.read_text()
    assert cli("setup", "--yes", "--no-hosts").exit_code == 0
    assert cli("setup", "--yes", "--no-hosts", "--reprompt", "off").exit_code == 0
    cli("setup", "--remove")
    assert config_file.read_text() == before  # comments and layout too

    assert cli("setup", "--yes", "--no-hosts").exit_code == 0
    config_file.write_text(config_file.read_text() + "context_window = 5000\n")  # edited since
    cli("setup", "--remove")
    assert user_config() == {"injection_interval": 3, "context_window": 5000}


def test_remove_unwires_every_host_however_it_was_wired(project: Path, cli: Cli) -> None:
    """Before an uninstall: whatever `graphmem setup <host>` wired in the personal scopes goes;
    the project's shared wiring is the team's, named with its own undo but left."""
    for args in (["claude-code"], ["claude-code", "--local"], ["opencode"], ["pi"]):
        assert cli("setup", *args).exit_code == 0
    assert cli("setup", "opencode", "--project").exit_code == 0
    wired = cli.json("status")["hosts"]
    assert all(wired.values())
    undone = cli("setup", "--remove")
    assert undone.exit_code == 0, undone.output
    assert cli.json("status")["hosts"] == {
        "claude-code": {},
        "opencode": {str(project / ".opencode" / "plugins" / "graphmem.js"): "current"},
        "pi": {},
    }
    assert not (project / ".claude" / "settings.local.json").exists()
    assert "graphmem setup opencode --remove --project" in undone.stdout
    for host in ("claude-code", "opencode", "pi"):
        assert f"unwired {host}" in undone.stdout


def test_without_a_terminal_it_names_the_flags(project: Path, cli: Cli) -> None:
    result = cli("setup")
    assert result.exit_code == 2
    assert "--yes" in result.stderr and "--host" in result.stderr and "--backend" in result.stderr
    assert not Path(paths.user_config_file()).exists()


def test_wires_claude_code_and_unwires_it(project: Path, cli: Cli) -> None:
    result = cli("setup", "--yes", "--host", "claude-code", "--project", "--reprompt", "off")
    assert result.exit_code == 0, result.output
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    assert "graphmem" in settings["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert user_config()["reprompt"] == "off"
    cli("setup", "--remove")
    assert not (project / ".claude").exists()  # graphmem made it: gone, not left as `{}`


def test_unreachable_graphiti_url_is_explained_and_not_saved(project: Path, cli: Cli) -> None:
    result = cli("setup", "--yes", "--no-hosts", "--url", "http://127.0.0.1:9/mcp")
    assert result.exit_code == 4
    assert "did not answer" in result.stderr and "Nothing was saved" in result.stderr
    assert not Path(paths.user_config_file()).exists()


def test_a_graphiti_url_that_answers_is_saved(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.support.fake_mcp import FakeMcp

    monkeypatch.setenv("GRAPHMEM_TOKEN", "s3cret-token")  # the config's token goes with the probe
    with FakeMcp() as fake:
        result = cli("setup", "--yes", "--no-hosts", "--url", fake.url)
        calls = fake.tool_calls("get_status")
    assert result.exit_code == 0, result.output
    assert f"answers at {fake.url}" in result.stderr
    assert user_config()["backend"] == "graphiti" and user_config()["url"] == fake.url
    assert calls and all(c.headers.get("authorization") == "Bearer s3cret-token" for c in calls)
    assert not Path(paths.store_file()).exists()  # probing a url stores nothing


def test_compose_file_for_users_without_a_server(project: Path, cli: Cli) -> None:
    result = cli(
        "setup", "--yes", "--no-hosts", "--backend", "graphiti", "--compose", "--start-server"
    )
    assert result.exit_code == 0, result.output
    compose = Path(paths.config_dir()) / "graphiti-compose.yml"
    text = compose.read_text()
    assert "falkordb/falkordb" in text and "zepai/knowledge-graph-mcp" in text
    assert "docker compose -f" in result.stdout
    assert "no Docker engine answers here" in result.stdout  # none on these machines
    assert user_config()["url"] == "http://127.0.0.1:8000/mcp"
    assert "FALKORDB_DATABASE=" in text
    group = cli.json("status")["project"]["group_id"]
    assert f"set the Graphiti server's FALKORDB_DATABASE to '{group}'" in result.stdout
    cli("setup", "--remove")
    assert not compose.exists()


def read_until(fd: int, needle: bytes, timeout: float = 30) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while needle not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"never saw {needle!r} in {seen[-2000:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


def drive_wizard(project: Path, steps: list[tuple[bytes, bytes]]) -> bytes:
    """Run `graphmem setup` on a pseudo-terminal, answering each prompt with keystrokes."""
    main, child = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "40"}
    env.pop("CI", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "graphmem", "setup"],
        stdin=child,
        stdout=child,
        stderr=child,
        cwd=project,
        env=env,
        close_fds=True,
    )
    os.close(child)
    try:
        for prompt, keys in steps:
            read_until(main, prompt)
            time.sleep(0.2)
            os.write(main, keys)
        out = read_until(main, b"graphmem setup --remove")
        assert proc.wait(timeout=30) == 0
        return out
    finally:
        proc.kill()
        os.close(main)


ENTER, DOWN, CLEAR = b"\r", b"\x1b[B", b"\x15"


def test_interactive_wizard_on_a_terminal(project: Path) -> None:
    drive_wizard(
        project,
        [
            (b"into which agents", ENTER),  # keep the detected hosts (none here)
            (b"without wiring any agent?", b"y"),
            (b"Install the hooks for", ENTER),  # every project
            (b"Where should memory live", ENTER),  # embedded
            (b"ask the agent to keep", DOWN + ENTER),  # "no"
            (b"shared by all your projects", CLEAR + b"team" + ENTER),
            (b"every N prompts", CLEAR + b"4" + ENTER),
        ],
    )
    assert user_config() == {
        "backend": "sqlite",
        "reprompt": "off",
        "injection_interval": 4,
        "global_group": "team",
    }


def test_enter_on_an_empty_checklist_asks_again_and_says_nothing_was_wired(
    project: Path,
) -> None:
    out = drive_wizard(
        project,
        [
            (b"into which agents", ENTER),  # nothing ticked (no agent installed here)
            (b"without wiring any agent?", b"n"),
            (b"into which agents", b" " + ENTER),  # tick claude-code this time
            (b"Install the hooks for", DOWN + ENTER),  # this project
            (b"Where should memory live", ENTER),
            (b"ask the agent to keep", ENTER),
            (b"shared by all your projects", ENTER),
            (b"every N prompts", ENTER),
        ],
    )
    assert b"wired claude-code" in out and b"no agent was wired" not in out
    assert (project / ".claude" / "settings.json").is_file()


def test_yes_with_no_agent_installed_says_no_agent_was_wired(project: Path, cli: Cli) -> None:
    result = cli("setup", "--yes")  # none of the three is installed in this HOME and PATH
    assert result.exit_code == 0, result.output
    assert "no agent was wired" in result.stdout and "graphmem setup <agent>" in result.stdout
    assert "undo all of it" not in result.stdout


def test_a_typed_graphiti_url_is_probed_at_once_and_asked_again(project: Path) -> None:
    from tests.support.fake_mcp import FakeMcp

    with FakeMcp() as fake:
        out = drive_wizard(
            project,
            [
                (b"into which agents", ENTER),
                (b"without wiring any agent?", b"y"),
                (b"Install the hooks for", ENTER),
                (b"Where should memory live", DOWN + ENTER),
                (b"already run a Graphiti MCP server", b"y"),
                (b"Graphiti MCP url", CLEAR + b"http://127.0.0.1:9/mcp" + ENTER),
                (b"no Graphiti server answers there", CLEAR + fake.url.encode() + ENTER),
                (b"ask the agent to keep", ENTER),
                (b"shared by all your projects", ENTER),
                (b"every N prompts", ENTER),
            ],
        )
    assert user_config()["url"] == fake.url
    assert b"no agent was wired" in out


def test_interactive_user_without_a_graph_server_gets_a_compose_file(project: Path) -> None:
    drive_wizard(
        project,
        [
            (b"into which agents", ENTER),
            (b"without wiring any agent?", b"y"),
            (b"Install the hooks for", ENTER),
            (b"Where should memory live", DOWN + ENTER),  # a shared Graphiti server
            (b"already run a Graphiti MCP server", b"n"),
            (b"ask the agent to keep", ENTER),
            (b"shared by all your projects", ENTER),
            (b"every N prompts", ENTER),
        ],
    )
    assert (Path(paths.config_dir()) / "graphiti-compose.yml").is_file()
    assert user_config()["url"] == "http://127.0.0.1:8000/mcp"


def test_the_wizard_asks_before_trusting_a_project_file(project: Path) -> None:
    (project / ".graphmem.toml").write_text('project_group = "team_memory"\n')
    steps = [
        (b"into which agents", ENTER),
        (b"without wiring any agent?", b"y"),
        (b"Install the hooks for", ENTER),
        (b"Where should memory live", ENTER),
        (b"ask the agent to keep", ENTER),
        (b"shared by all your projects", ENTER),
        (b"every N prompts", ENTER),
    ]
    drive_wizard(project, [*steps, (b"trust it as it is now?", b"n")])
    assert config.load(project).project_group == ""
    drive_wizard(project, [*steps, (b"trust it as it is now?", b"y")])
    assert config.load(project).project_group == "team_memory"


@pytest.mark.parametrize("flag", ["--backend nope", "--reprompt sometimes", "--host vim"])
def test_bad_flags_are_usage_errors(project: Path, cli: Cli, flag: str) -> None:
    assert cli("setup", "--yes", *flag.split()).exit_code == 2
