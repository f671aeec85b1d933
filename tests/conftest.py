"""Every test runs with its own GRAPHMEM_HOME so config, data and logs never touch the real ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

# ci_skips: under CI a skip fails the run. pytester: tests of that plugin run pytest in pytest.
pytest_plugins = ["tests.support.ci_skips", "pytester"]


@pytest.fixture(autouse=True)
def graphmem_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "graphmem-home"
    monkeypatch.setenv("GRAPHMEM_HOME", str(home))
    for name in ("GRAPHMEM_BACKEND", "GRAPHMEM_URL", "GRAPHMEM_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    # The agents' own config lives under HOME: a test that wires hosts must never touch the real
    # one.
    user_home = tmp_path / "user-home"
    user_home.mkdir()
    monkeypatch.setenv("HOME", str(user_home))
    for name in (
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_STATE_HOME",
        "CLAUDE_CONFIG_DIR",
        "PI_CODING_AGENT_DIR",
    ):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git work tree (with a remote) as the current directory."""
    root = tmp_path / "shop-api"
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "config").write_text(
        '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:acme/shop-api.git\n'
    )
    monkeypatch.chdir(root)
    return root


class Cli:
    """Runs the Typer app in-process, as a user would type it."""

    def __call__(self, *args: str, input: str | None = None) -> Result:
        from typer.testing import CliRunner

        from graphmem.cli.app import app

        return CliRunner().invoke(app, list(args), input=input)

    def json(self, *args: str, input: str | None = None) -> Any:
        result = self(*args, "--json", input=input)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


@pytest.fixture
def cli() -> Cli:
    return Cli()
