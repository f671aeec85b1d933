"""Shell completions are generated from the app, committed current, and valid for each shell."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import typer

from graphmem.cli.app import app
from graphmem.cli.completions import FILES, SHELLS, script
from tests.conftest import Cli

COMPLETIONS = Path(__file__).resolve().parents[1] / "completions"


@pytest.mark.parametrize("shell", SHELLS)
def test_committed_scripts_are_current(shell: str, cli: Cli) -> None:
    printed = cli("completions", shell).stdout
    assert printed == script(shell, typer.main.get_command(app))
    assert (COMPLETIONS / FILES[shell]).read_text() == printed, (
        f"regenerate: graphmem completions {shell} > completions/{FILES[shell]}"
    )


@pytest.mark.parametrize("shell", SHELLS)
def test_scripts_parse(shell: str) -> None:
    binary = shutil.which(shell)
    if binary is None:
        pytest.skip(f"{shell} not installed (.ci/run installs it)")
    subprocess.run([binary, "-n", str(COMPLETIONS / FILES[shell])], check=True, timeout=30)


def complete_bash(*words: str) -> list[str]:
    line = " ".join(words)
    code = (
        f"source {COMPLETIONS / FILES['bash']}; COMP_WORDS=({line}); "
        f'COMP_CWORD={len(words) - 1}; _graphmem; echo "${{COMPREPLY[@]}}"'
    )
    out = subprocess.run(["bash", "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_bash_completes_commands_subcommands_and_options() -> None:
    assert complete_bash("graphmem", "se") == ["search", "setup"]
    assert "claude-code" in complete_bash("graphmem", "setup", "cl")
    assert complete_bash("graphmem", "search", "--l") == ["--limit"]
    assert "--dry-run" in complete_bash("graphmem", "ingest", "--")


def test_unknown_shell_is_a_usage_error(cli: Cli) -> None:
    assert cli("completions", "tcsh").exit_code == 2
