"""What a user sees of the core commands beyond their data: help that names things, one clear
line for a bad path, no doubled text, counts in good English (issue 17, "Commands")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer

from graphmem.cli.app import app
from graphmem.errors import Exit
from tests.conftest import Cli

# Typer's default placeholders: `<str>`, `<list[str]>`, `<int range>`, `<path>`, `{text}`.
TYPE_PLACEHOLDER = re.compile(r"<(str|int|float|path|list\[[a-z]+\]|[a-z]+ range)>|\{[a-z]+\}")


def _commands(command: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [prefix]
    for name, sub in getattr(command, "commands", {}).items():
        found += _commands(sub, (*prefix, name))
    return found


@pytest.mark.parametrize("path", _commands(typer.main.get_command(app)), ids=" ".join)
def test_help_names_its_placeholders(cli: Cli, path: tuple[str, ...]) -> None:
    result = cli(*path, "--help")
    assert result.exit_code == 0, result.output
    assert not TYPE_PLACEHOLDER.search(result.stdout), result.stdout


def test_help_shows_the_names(cli: Cli) -> None:
    assert "--limit N " in cli("search", "--help").stdout
    assert "--group GROUP " in cli("dump", "--help").stdout
    assert "Usage: graphmem add [OPTIONS] TEXT" in " ".join(cli("add", "--help").stdout.split())


@pytest.mark.parametrize("where", ["/nonexistent-dir/x.md", "."])
def test_dump_to_a_path_it_cannot_write_is_one_error_line(
    project: Path, cli: Cli, where: str
) -> None:
    cli.json("add", "The cache key includes the tenant id.")
    result = cli("dump", where)
    assert result.exit_code == Exit.INPUT
    assert result.stderr.startswith("error: ") and "nothing dumped" in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_dump_dash_is_stdout_and_counts_are_english(project: Path, cli: Cli) -> None:
    cli.json("add", "The cache key includes the tenant id.")
    result = cli("dump", "-")
    assert result.exit_code == 0 and "tenant id" in result.stdout
    assert not (project / "-").exists()
    written = cli("dump", str(project / "out.md"))
    assert "dumped 1 episode from 1 group to" in written.stderr


def test_plain_search_shows_a_short_memory_once(project: Path, cli: Cli) -> None:
    cli.json("add", "The cache key includes the tenant id.")
    out = cli("search", "tenant").stdout
    assert out.count("tenant id") == 1, out


def test_search_scores_are_higher_for_better_matches(project: Path, cli: Cli) -> None:
    for i in range(6):
        cli.json("add", f"unrelated note {i} about deploy windows and release trains")
    cli.json("add", "caching caching caching: the cache key includes the tenant id")
    cli.json("add", "a note that mentions caching once, among many other words here")
    scores = {h["name"][:8]: h["score"] for h in cli.json("search", "caching")}
    assert scores["caching "] > scores["a note t"] > 0


def test_declining_clear_is_not_an_error(project: Path, cli: Cli, monkeypatch: Any) -> None:
    cli.json("add", "a fact")
    monkeypatch.setattr("graphmem.cli.common.App.interactive", property(lambda self: True))
    declined = cli("clear", input="n\n")
    assert declined.exit_code == Exit.CANCELLED
    assert "nothing deleted" in declined.stderr and "error" not in declined.stderr
    assert sum(cli.json("status")["episodes"].values()) == 1


def test_an_all_private_memory_says_so(project: Path, cli: Cli) -> None:
    result = cli("add", "<private>the door code is 4711</private>")
    assert result.exit_code == Exit.INPUT
    assert "all of it was private" in result.stderr
    assert "the text is empty" in cli("add", "   ").stderr


def test_spool_on_the_embedded_store_says_there_is_no_server(project: Path, cli: Cli) -> None:
    result = cli("spool")
    assert result.exit_code == 0
    assert "the backend is sqlite" in result.stderr
