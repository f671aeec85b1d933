"""The core commands, run as a user runs them, on the embedded store."""

from __future__ import annotations

import hashlib
import json
import stat
from pathlib import Path

import pytest

from graphmem import paths
from graphmem.errors import Exit
from tests.conftest import Cli


def write_user(text: str) -> None:
    path = Path(paths.user_config_file())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def trust_as_is(path: Path) -> None:
    """What `graphmem trust` records, without its check that the file is valid."""
    trust_file = Path(paths.trust_file())
    trust_file.parent.mkdir(parents=True, exist_ok=True)
    trust_file.write_text(json.dumps({str(path): hashlib.sha256(path.read_bytes()).hexdigest()}))


def test_add_then_search_finds_it_with_group_and_date(project: Path, cli: Cli) -> None:
    added = cli.json("add", "The API uses cursor pagination; page size is capped at 100.")
    assert added["new"] is True
    assert added["group_id"].startswith("shop_api_")
    hits = cli.json("search", "pagination cap")
    assert [h["uuid"] for h in hits] == [added["uuid"]]
    assert hits[0]["group_id"] == added["group_id"]
    assert hits[0]["created_at"][:4].isdigit()
    assert "pagination" in hits[0]["snippet"]


def test_add_reads_stdin_and_same_memory_is_not_stored_twice(project: Path, cli: Cli) -> None:
    first = cli.json("add", "-", input="Deploys go through make release\n")
    again = cli.json("add", "-", input="Deploys go through make release\n")
    assert first["new"] and not again["new"]
    assert cli.json("status")["episodes"] == {first["group_id"]: 1}


def test_empty_memory_is_refused(project: Path, cli: Cli) -> None:
    result = cli("add", "   ")
    assert result.exit_code == Exit.INPUT
    assert "empty" in result.stderr


def test_scopes_keep_project_and_global_apart(project: Path, cli: Cli) -> None:
    cli.json("add", "Project fact about widgets")
    cli.json("add", "--scope", "global", "Global preference about widgets")
    project_hits = cli.json("search", "widgets", "--scope", "project")
    global_hits = cli.json("search", "widgets", "--scope", "global")
    all_hits = cli.json("search", "widgets", "--scope", "all")
    assert [h["name"] for h in project_hits] == ["Project fact about widgets"]
    assert [h["name"] for h in global_hits] == ["Global preference about widgets"]
    assert len(all_hits) == 2


@pytest.mark.parametrize(
    "query", ['"', "NEAR(a b)", "* OR -", "a:b", "((((", "AND", "the of and", "?!.,;", ""]
)
def test_search_never_leaks_fts_syntax(project: Path, cli: Cli, query: str) -> None:
    cli.json("add", "something to find")
    result = cli("search", query, "--json")
    assert result.exit_code == 0, result.output
    assert isinstance(json.loads(result.stdout), list)


def test_stopword_only_query_answers_empty(project: Path, cli: Cli) -> None:
    cli.json("add", "the and of it is what it is")
    assert cli.json("search", "the and of") == []


def test_search_limit_and_ranking(project: Path, cli: Cli) -> None:
    for i in range(5):
        cli.json("add", f"note {i} about caching layers")
    cli.json("add", "caching caching caching: the cache key includes the tenant id")
    hits = cli.json("search", "caching", "--limit", "3")
    assert len(hits) == 3
    assert hits[0]["name"].startswith("caching caching")


def test_status_reports_config_backend_store_and_counts(project: Path, cli: Cli) -> None:
    (project / ".graphmem.toml").write_text('global_group = "team"\n')
    assert cli("trust").exit_code == 0
    cli.json("add", "--scope", "global", "shared fact")
    report = cli.json("status")
    assert report["backend"] == "sqlite"
    assert report["config_files"] == [str(project / ".graphmem.toml")]
    assert report["episodes"] == {"team": 1}
    store = Path(report["store"]["path"])
    assert store.exists() and report["store"]["bytes"] > 0
    assert stat.S_IMODE(store.stat().st_mode) == 0o600


def test_an_untrusted_project_file_is_named_once_and_trust_applies_it(
    project: Path, cli: Cli
) -> None:
    (project / ".graphmem.toml").write_text('global_group = "team"\nmax_reprompts = 1\n')
    added = cli("add", "--scope", "global", "shared fact")
    assert added.exit_code == 0
    (warning,) = added.stderr.splitlines()
    assert "global_group" in warning and "graphmem trust" in warning
    report = cli.json("status")
    assert report["episodes"] == {"global": 1}  # the repository could not move it
    (entry,) = report["project_files"]
    assert entry == {
        "path": str(project / ".graphmem.toml"),
        "trusted": False,
        "ignored": ["global_group"],
    }
    status = cli("status")
    assert status.exit_code == 0 and "not trusted: ignoring global_group" in status.stdout

    trusted = cli("trust")
    assert trusted.exit_code == 0 and str(project / ".graphmem.toml") in trusted.stdout
    added = cli("add", "--scope", "global", "team fact")
    assert added.stderr == ""
    assert cli.json("status")["project_files"][0]["trusted"] is True
    assert cli.json("search", "fact", "--scope", "global")[0]["group_id"] == "team"

    assert cli("trust", "--revoke").exit_code == 0
    third = cli("add", "--scope", "global", "third fact")
    assert third.exit_code == 0 and "global_group" in third.stderr


def test_trust_with_no_project_file_says_so(project: Path, cli: Cli) -> None:
    result = cli("trust")
    assert result.exit_code == 6 and ".graphmem.toml" in result.stderr


def test_clear_asks_and_only_touches_the_named_group(project: Path, cli: Cli) -> None:
    cli.json("add", "project fact")
    cli.json("add", "--scope", "global", "global fact")
    refused = cli("clear")
    assert refused.exit_code == Exit.CANCELLED
    assert "--yes" in refused.stderr
    declined = cli("clear", input="n\n")
    assert declined.exit_code == Exit.CANCELLED
    assert sum(cli.json("status")["episodes"].values()) == 2
    done = cli.json("clear", "--yes")
    assert list(done["deleted"].values()) == [1]
    assert cli.json("status")["episodes"] == {"global": 1}


def test_clear_all(project: Path, cli: Cli) -> None:
    cli.json("add", "a fact")
    cli.json("add", "--scope", "global", "another fact")
    assert sum(cli.json("clear", "--all", "--yes")["deleted"].values()) == 2
    assert cli.json("status")["episodes"] == {}


def test_every_command_has_help_with_an_example(cli: Cli) -> None:
    import typer

    from graphmem.cli.app import app

    commands = list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert {"status", "add", "search", "ingest", "dump", "load", "clear", "hook"} <= set(commands)
    for name in commands:
        result = cli(name, "--help")
        assert result.exit_code == 0
        assert "Example" in result.stdout, name


def test_broken_config_names_file_key_and_expectation(project: Path, cli: Cli) -> None:
    (project / ".graphmem.toml").write_text("injection_interval = 'often'\n")
    result = cli("status")  # a repository's broken file cannot switch memory off: it is ignored
    assert result.exit_code == 0
    assert str(project / ".graphmem.toml") in result.stderr
    assert "injection_interval" in result.stderr and "graphmem trust" in result.stderr
    assert cli("trust").exit_code == Exit.CONFIG  # nothing invalid is trusted
    (project / ".graphmem.toml").write_text("injection_interval = 'often'\nurl = ''\n")
    trust_as_is(project / ".graphmem.toml")
    result = cli("status")  # the user's own (trusted) file is read strictly
    assert result.exit_code == Exit.CONFIG
    assert str(project / ".graphmem.toml") in result.stderr
    assert "injection_interval" in result.stderr and "integer" in result.stderr


def test_an_error_line_is_redacted(project: Path, cli: Cli) -> None:
    token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
    write_user(f"{token} = 1\n")
    result = cli("status")
    assert result.exit_code == Exit.CONFIG and "unknown key" in result.stderr
    assert token not in result.stderr


def test_unparsable_config_is_a_config_error(project: Path, cli: Cli) -> None:
    write_user("this is = = not toml\n")
    result = cli("add", "x")
    assert result.exit_code == Exit.CONFIG
    assert "not valid TOML" in result.stderr
    (project / ".graphmem.toml").write_text("this is = = not toml\n")
    Path(paths.user_config_file()).unlink()
    result = cli("add", "x")
    assert result.exit_code == 0 and "not valid TOML" in result.stderr


def test_store_dirs_are_private(project: Path, cli: Cli, graphmem_home: Path) -> None:
    cli.json("add", "x marks the spot")
    data = graphmem_home / "data"
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in data.iterdir())


def test_json_output_is_only_data_on_stdout(project: Path, cli: Cli) -> None:
    key = "AKIA" + "HBMUAPTT0ZN3X0PD"  # not AWS's documented example key, which is kept
    result = cli("add", f"AWS cred {key} is in the vault", "--json")
    assert result.exit_code == 0, result.output
    added = json.loads(result.stdout)  # only the data: diagnostics, if any, are on stderr
    assert added["redacted"] == {"aws_access_key": 1} and added["new"] is True
    assert key not in result.stdout + result.stderr


def test_version(cli: Cli) -> None:
    result = cli("--version")
    assert result.exit_code == 0 and result.stdout.startswith("graphmem ")


def test_home_relocates_everything(project: Path, cli: Cli, graphmem_home: Path) -> None:
    report = cli.json("status")
    assert report["store"]["path"].startswith(str(graphmem_home))
    cli.json("add", "a fact")
    assert sorted(p.name for p in graphmem_home.iterdir()) == ["data"]
