"""Where config, data and logs go on each platform: as platformdirs names them, without importing
it (the hook path is stdlib only)."""

from __future__ import annotations

import os

import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest

from graphmem import paths

KINDS = {"config": "user_config_dir", "data": "user_data_dir", "log": "user_log_dir"}


def reference(platform: str, kind: str) -> str:
    if platform == "linux":  # graphmem keeps its logs in the state dir itself, not in a log/ below
        cls = platformdirs.unix.Unix
        attribute = "user_state_dir" if kind == "log" else KINDS[kind]
    else:
        cls = platformdirs.macos.MacOS if platform == "darwin" else platformdirs.windows.Windows
        attribute = KINDS[kind]
    return str(getattr(cls(paths.APP, appauthor=False), attribute))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
@pytest.mark.parametrize("xdg", [False, True])
def test_platform_dirs_match_platformdirs(
    platform: str, kind: str, xdg: bool, tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    local = "C:\\Users\\ada\\AppData\\Local"
    monkeypatch.setenv("LOCALAPPDATA", local)
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", local)  # platformdirs off Windows
    for var in paths.XDG.values():
        if xdg:
            monkeypatch.setenv(var, os.path.join(str(tmp_path), "xdg", var))
        else:
            monkeypatch.delenv(var, raising=False)
    assert paths._platform_dir(kind, platform) == reference(platform, kind)


def test_graphmem_home_holds_all_three(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHMEM_HOME", "/srv/gm")
    assert (paths.config_dir(), paths.data_dir(), paths.log_dir()) == (
        "/srv/gm/config",
        "/srv/gm/data",
        "/srv/gm/logs",
    )
