"""Group ids: stable across clones, distinct across same-named folders, always legal."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphmem import scope
from graphmem.scope import git_remote, normalize_remote, project_for, sanitize


@pytest.mark.parametrize(
    "url",
    [
        "git@github.com:Acme/Shop-API.git",
        "https://github.com/acme/shop-api",
        "https://user:pw@github.com/acme/shop-api.git/",
        "ssh://git@github.com:22/acme/shop-api.git",
        "git://github.com/acme/shop-api",
    ],
)
def test_remote_forms_normalize_alike(url: str) -> None:
    assert normalize_remote(url) == "github.com/acme/shop-api"


def repo(path: Path, remote: str | None) -> Path:
    (path / ".git").mkdir(parents=True)
    config = "[core]\n\tbare = false\n"
    if remote:
        config += '[remote "upstream"]\n\turl = https://x.org/fork\n'
        config += f'[remote "origin"]\n\turl = {remote}\n'
    (path / ".git" / "config").write_text(config)
    return path


def test_two_clones_of_one_remote_share_a_group(tmp_path: Path) -> None:
    a = repo(tmp_path / "laptop" / "api", "git@github.com:acme/shop-api.git")
    b = repo(tmp_path / "desktop" / "shop", "https://github.com/acme/shop-api.git")
    assert project_for(a, in_repo=True).group_id == project_for(b, in_repo=True).group_id
    assert project_for(a, in_repo=True).group_id.startswith("shop_api_")


@pytest.mark.parametrize("remote", ["../upstream.git", "./mirror", ".."])
def test_a_relative_remote_is_no_identity(tmp_path: Path, remote: str) -> None:
    a = project_for(repo(tmp_path / "x" / "app", remote), in_repo=True)
    b = project_for(repo(tmp_path / "y" / "app", remote), in_repo=True)
    assert a.group_id != b.group_id and a.remote is None


def test_same_folder_name_never_shares_a_group(tmp_path: Path) -> None:
    a = repo(tmp_path / "one" / "app", None)
    b = tmp_path / "two" / "app"
    b.mkdir(parents=True)
    ga = project_for(a, in_repo=True).group_id
    gb = project_for(b, in_repo=False).group_id
    assert ga != gb and ga.startswith("app_") and gb.startswith("app_")


def test_origin_is_preferred_and_worktrees_are_followed(tmp_path: Path) -> None:
    main = repo(tmp_path / "main", "git@github.com:acme/tool.git")
    assert git_remote(str(main)) == "git@github.com:acme/tool.git"
    wt_git = main / ".git" / "worktrees" / "feature"
    wt_git.mkdir(parents=True)
    (wt_git / "commondir").write_text("../..\n")
    worktree = tmp_path / "feature"
    worktree.mkdir()
    (worktree / ".git").write_text(f"gitdir: {wt_git}\n")
    assert project_for(worktree, in_repo=True).group_id == project_for(main, in_repo=True).group_id


def test_override_is_sanitized(tmp_path: Path) -> None:
    assert project_for(tmp_path, in_repo=False, override="team-x/api").group_id == "team_x_api"


@given(st.text())
def test_sanitize_always_legal(raw: str) -> None:
    out = sanitize(raw)
    assert 1 <= len(out) <= 64
    assert all(c.isascii() and (c.isalnum() or c == "_") for c in out)


# The recipes existing group ids were made with, as patterns; the code parses with string
# methods (cheaper to start), and must give what these give on any text.
_ILLEGAL_RUN = re.compile(r"[^A-Za-z0-9_]+")
_SCP_LIKE = re.compile(r"^(?:[^@/]+@)?([^:/]+):(?!//)(.+)$")
_REMOTE_HEADER = re.compile(r'^\[remote\s+"([^"]+)"\]')
_REMOTE_PIECES = st.sampled_from(
    [*'ab_Z9@/:.\n -"[]é\t=', "remote", "//", "[remote ", "git@", "u:p@"]
)


@given(st.one_of(st.text(), st.lists(_REMOTE_PIECES, max_size=12).map("".join)))
def test_string_parsing_agrees_with_the_original_patterns(text: str) -> None:
    assert sanitize(text) == (_ILLEGAL_RUN.sub("_", text).strip("_")[:64].rstrip("_") or "group")
    scp = _SCP_LIKE.match(text)
    assert scope._scp_like(text) == (scp.groups() if scp else None)
    header = _REMOTE_HEADER.match(text)
    assert scope._remote_section(text) == (header.group(1) if header else None)


def test_long_folder_names_stay_within_64(tmp_path: Path) -> None:
    deep = tmp_path / ("x" * 200)
    deep.mkdir()
    gid = project_for(deep, in_repo=False).group_id
    assert len(gid) <= 64 and gid.startswith("xxx")


def test_group_ids_keep_the_recipe_existing_stores_use(tmp_path: Path) -> None:
    """Stores and graphs already hold memories under these ids: the recipe must not drift."""
    cloned = repo(tmp_path / "clone", "git@github.com:Acme/Shop-API.git")
    digest = hashlib.sha256(b"github.com/acme/shop-api").hexdigest()[:10]
    assert project_for(cloned, in_repo=True).group_id == f"shop_api_{digest}"
    plain = tmp_path / "My App"
    plain.mkdir()
    digest = hashlib.sha256(str(plain.resolve()).encode()).hexdigest()[:10]
    assert project_for(plain, in_repo=False).group_id == f"My_App_{digest}"
