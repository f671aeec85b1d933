"""The CI entry point: under CI a skipped test fails the run (tests/support/ci_skips.py); `.ci/run`
names what it cannot install before installing anything; the docs give the commands it runs."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SKIPPING = """
import pytest

def test_skips_in_its_body():
    pytest.skip("no widget here")

@pytest.mark.skipif(True, reason="no gadget here")
def test_skipped_by_a_marker():
    pass

@pytest.mark.xfail(reason="a known bug")
def test_expected_to_fail():
    assert False

def test_passes():
    pass
"""


def test_under_ci_a_skip_fails_the_run(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    pytester.makepyfile(SKIPPING)
    result = pytester.runpytest("-p", "tests.support.ci_skips")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=1, failed=1, errors=1, xfailed=1)
    result.stdout.fnmatch_lines(
        [
            "*skipped under CI, where every test must run: no widget here*",
            "*skipped under CI, where every test must run: no gadget here*",
        ],
        consecutive=False,
    )


def test_outside_ci_a_skip_is_a_skip(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    pytester.makepyfile(SKIPPING)
    result = pytester.runpytest("-p", "tests.support.ci_skips")
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=1, skipped=2, xfailed=1)


ROOT = Path(__file__).resolve().parents[1]


def stub(folder: Path, name: str, script: str) -> None:
    (folder / name).write_text(f"#!/bin/sh\n{script}\n")
    (folder / name).chmod(0o755)


def run_ci_in(tmp_path: Path, python3: str) -> subprocess.CompletedProcess[str]:
    """.ci/run of a copy of the repository's .ci, on a PATH of stubs: node 18, no apt-get."""
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / ".ci", repo / ".ci")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("dirname", "grep", "id", "rm"):
        os.symlink(shutil.which(tool) or tool, bin_dir / tool)
    stub(bin_dir, "python3", python3)
    stub(bin_dir, "node", "exit 1")  # the version check: too old
    stub(bin_dir, "npm", "exit 0")
    stub(bin_dir, "dpkg-query", 'echo "unknown ok not-installed"')
    stub(bin_dir, "pip-called", "exit 0")
    return subprocess.run(
        [shutil.which("bash") or "bash", str(repo / ".ci" / "run")],
        env={"PATH": str(bin_dir)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_ci_run_names_every_missing_prerequisite_before_installing(tmp_path: Path) -> None:
    done = run_ci_in(tmp_path, python3='[ "$1" = -c ] && exit 1; touch "$0.ran"')  # Python 3.10
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "error: .ci/run needs python3 >= 3.11",
        "error: .ci/run needs node >= 20 with npm (https://nodejs.org/en/download)",
        "error: .ci/run needs root and apt-get, to install the Debian packages"
        " zsh fish libgomp1 libssl3 (or install them yourself)",
    ]
    assert not (tmp_path / "bin" / "python3.ran").exists()  # no venv, no pip: nothing installed
    assert not (tmp_path / "repo" / ".venv").exists()


def test_ci_run_names_a_python_without_venv(tmp_path: Path) -> None:
    # Python 3.11 whose venv module fails, as on Debian without python3-venv; it leaves a husk.
    done = run_ci_in(tmp_path, python3='[ "$1" = -c ] && exit 0; mkdir -p .venv/bin; exit 1')
    assert done.returncode == 1
    assert (
        "error: .ci/run needs python3's venv module (Debian: apt-get install python3-venv)"
        in done.stderr.splitlines()
    )
    assert not (tmp_path / "repo" / ".venv").exists()


def test_contributing_gives_what_ci_run_runs() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    for command in (
        "python3 -m venv .venv",
        "-e '.[test,graphiti-test,semantic]'",
        "bash .ci/install-hosts.sh",
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        ".venv/bin/mypy",
        ".venv/bin/python -m pytest",
    ):
        assert command in run, command
        assert command in contributing, command
    assert "\nexport CI=true " in run  # what turns a skip into a failure (ci_skips)
    assert "bash .ci/run" in (ROOT / "README.md").read_text()
