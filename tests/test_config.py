"""Config precedence: defaults < user config.toml < project .graphmem.toml < env < flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem import config, paths
from graphmem.errors import ConfigError


def write_user(text: str) -> Path:
    path = paths.user_config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_defaults(project: Path) -> None:
    cfg = config.load(project, environ={})
    assert cfg.backend == "sqlite" and cfg.injection_interval == 10 and cfg.files == ()


def test_each_layer_overrides_the_one_before(project: Path) -> None:
    user = write_user("injection_interval = 1\ncontext_window = 1000\nreprompt = 'off'\n")
    sub = project / "pkg" / "sub"
    sub.mkdir(parents=True)
    (project / ".graphmem.toml").write_text("injection_interval = 2\ncontext_window = 2000\n")
    (sub / ".graphmem.toml").write_text("injection_interval = 3\n")
    env = {
        "GRAPHMEM_INJECTION_INTERVAL": "4",
        "GRAPHMEM_BACKEND": "graphiti",
        "GRAPHMEM_URL": "http://127.0.0.1:1/mcp",
    }
    cfg = config.load(sub, {"backend": "sqlite"}, environ=env)
    assert cfg.files == (user, project / ".graphmem.toml", sub / ".graphmem.toml")
    assert cfg.injection_interval == 4  # env beats files
    assert cfg.context_window == 2000  # project beats user
    assert cfg.reprompt == "off"  # user beats default
    assert cfg.backend == "sqlite"  # flag beats env
    assert cfg.url == "http://127.0.0.1:1/mcp"
    assert set(cfg.env) == {"GRAPHMEM_INJECTION_INTERVAL", "GRAPHMEM_BACKEND", "GRAPHMEM_URL"}


def test_project_file_above_the_repository_is_ignored(tmp_path: Path) -> None:
    (tmp_path / ".graphmem.toml").write_text("injection_interval = 7\n")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert config.load(repo, environ={}).injection_interval == 10


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("backend = 'neo4j'\n", ["backend", "one of", "sqlite, graphiti"]),
        ("context_window = -5\n", ["context_window", "negative"]),
        ("redact_patterns = 'x'\n", ["redact_patterns", "list of strings"]),
        ("typo_key = 1\n", ["unknown key", "typo_key"]),
        ("[headers\n", ["not valid TOML"]),
    ],
)
def test_invalid_config_error_names_file_key_and_expectation(
    project: Path, text: str, words: list[str]
) -> None:
    path = write_user(text)
    with pytest.raises(ConfigError) as err:
        config.load(project, environ={})
    assert str(path) in str(err.value)
    for word in words:
        assert word in str(err.value)


def test_bad_env_value_names_the_variable(project: Path) -> None:
    with pytest.raises(ConfigError, match="GRAPHMEM_TIMEOUT"):
        config.load(project, environ={"GRAPHMEM_TIMEOUT": "soon"})


def test_graphiti_without_url_is_explained(project: Path) -> None:
    with pytest.raises(ConfigError, match="GRAPHMEM_URL"):
        config.load(project, environ={"GRAPHMEM_BACKEND": "graphiti"})


def test_env_lists_and_tables(project: Path) -> None:
    cfg = config.load(
        project,
        environ={
            "GRAPHMEM_REDACT_ALLOWLIST": "a+, b*",
            "GRAPHMEM_HEADERS": "X-Team=core, X-Env=dev",
        },
    )
    assert cfg.redact_allowlist == ["a+", "b*"]
    assert cfg.headers == {"X-Team": "core", "X-Env": "dev"}
