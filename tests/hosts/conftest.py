"""Fixtures for driving the real host CLIs: the model stub, binaries and isolated dirs.

Every test under tests/hosts gets the `hosts` marker (deselect with `-m "not hosts"`). A missing
host binary skips its tests locally and fails them under CI (tests/support/ci_skips.py), where the
install step (.ci/install-hosts.sh) must have run.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.hosts import INSTALL_HINT, find_binary, pinned_versions
from tests.support.model_stubs import ModelStub, model_stub

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # This hook sees the whole session's items: mark only the ones under this directory.
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.hosts)


def _host_binary(name: str) -> Path:
    binary = find_binary(name)
    if binary is not None:
        return binary
    version = pinned_versions()[name][1]
    pytest.skip(f"{name} CLI {version} (the pinned version) not installed: {INSTALL_HINT}")


@pytest.fixture(scope="session")
def claude_bin() -> Path:
    return _host_binary("claude")


@pytest.fixture(scope="session")
def opencode_bin() -> Path:
    return _host_binary("opencode")


@pytest.fixture(scope="session")
def pi_bin() -> Path:
    return _host_binary("pi")


@pytest.fixture
def stub() -> Iterator[ModelStub]:
    """The scripted model (default policy); set `stub.policy` to script another one."""
    with model_stub() as running:
        yield running


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The host's isolated HOME (config, sessions, caches)."""
    path = tmp_path / "home"
    path.mkdir()
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The host's working directory."""
    path = tmp_path / "project"
    path.mkdir()
    return path


class BrokenGraphmem:
    """A graphmem command a shim is pointed at: missing, or one that logs its call and hangs."""

    def __init__(self, tmp_path: Path, hangs: bool) -> None:
        self.command = tmp_path / "graphmem"
        self.calls = tmp_path / "calls.log"
        self.hangs = hangs
        if hangs:
            self.command.write_text(f'#!/bin/sh\necho "$@" >> {self.calls}\nexec sleep 60\n')
            self.command.chmod(0o755)

    def assert_given_up_on(self) -> None:
        if self.hangs:
            assert "SessionStart" in self.calls.read_text()  # it was called, then abandoned


@pytest.fixture(params=["missing", "hangs"])
def broken_graphmem(request: pytest.FixtureRequest, tmp_path: Path) -> BrokenGraphmem:
    return BrokenGraphmem(tmp_path, hangs=request.param == "hangs")
