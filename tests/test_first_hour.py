"""The first hour as a new user has it: the README's quick start, then each host's setup and
remove cycle, in a fresh HOME with graphmem installed from this repository into a fresh virtual
environment (a wheel, as `pipx install .` installs it; not editable).

To keep it fast graphmem's dependencies are not downloaded (the wheel is installed with
`--no-deps`): the environment is made with `--system-site-packages` and sees the test
environment's packages after its own. The wheel is built as pip builds any (hatchling in an
isolated build).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
INSTALL = "pipx install . && "  # what the fixture below does instead (pipx itself needs a network)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
    subprocess.run([*pip, "-w", str(folder), str(ROOT)], check=True, timeout=300)
    (built,) = folder.glob("graphmem-*.whl")
    return built


def fresh_install(wheel: Path, where: Path) -> Path:
    """A new virtual environment with graphmem installed from `wheel`; its bin folder."""
    venv = where / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120
    )
    python = str(venv / "bin" / "python")
    # a developer's PYTHONPATH (a checkout or worktree) would come before the wheel
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    where_ = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = subprocess.run(
        [python, "-c", where_], capture_output=True, text=True, check=True, env=env
    )
    # the test environment's packages after the venv's own: graphmem's dependencies, also where
    # that environment does not see the system's (CI's .venv); its graphmem is never imported,
    # as the wheel's comes first and no .pth of that folder (an editable install's) is run
    paths = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    Path(site.stdout.strip(), "_test_environment.pth").write_text("\n".join(paths) + "\n")
    pip = [python, "-m", "pip", "install", "--quiet", "--no-deps"]
    subprocess.run([*pip, str(wheel)], check=True, timeout=300, env=env)
    which = subprocess.run(
        [python, "-c", "import graphmem; print(graphmem.__file__)"],
        cwd=where,  # `-c` puts the working folder first: not this checkout
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    assert which.stdout.startswith(str(venv)), which.stdout  # the wheel's, not this checkout
    return venv / "bin"


class User:
    """A shell in a fresh HOME with only the new install and the system's tools on PATH."""

    def __init__(self, home: Path, bin_dir: Path) -> None:
        self.home = home
        home.mkdir(exist_ok=True)
        keep = ("LANG", "LC_ALL", "TERM", "TMPDIR")
        self.env = {k: v for k, v in os.environ.items() if k in keep}
        self.env.update(HOME=str(home), PATH=os.pathsep.join([str(bin_dir), "/usr/bin", "/bin"]))

    def sh(self, line: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["/bin/sh", "-c", line],
            cwd=cwd,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )

    def ok(self, line: str, cwd: Path) -> str:
        done = self.sh(line, cwd)
        assert done.returncode == 0, (line, done.stdout, done.stderr)
        return done.stdout

    def wiring(self, project: Path) -> dict[str, dict[str, str]]:
        status = json.loads(self.ok("graphmem status --json", project))
        return {host: files for host, files in status["hosts"].items()}

    def files(self) -> set[str]:
        """Every file under HOME outside graphmem's own data folder, which keeps the memory."""
        data = {"graphmem"}
        return {
            str(p.relative_to(self.home))
            for p in self.home.rglob("*")
            if p.is_file() and not data & set(p.relative_to(self.home).parts)
        }


def test_the_readme_quick_start_works_as_written(wheel: Path, tmp_path: Path) -> None:
    block = re.search(r"## Quick start\n.*?```sh\n(.*?)\n```", README, re.DOTALL)
    assert block, "the README has a quick start"
    line = block.group(1)
    assert line.startswith(INSTALL) and "python " not in line and "pip install" not in line
    user = User(tmp_path / "home", fresh_install(wheel, tmp_path))
    found = user.ok(line.removeprefix(INSTALL), ROOT)
    assert "setup" in found.lower() or "memory" in found.lower()
    assert (tmp_path / "home" / ".local" / "share" / "graphmem").is_dir()  # memory is in HOME


def test_each_host_is_wired_and_unwired_without_a_trace(wheel: Path, tmp_path: Path) -> None:
    user = User(tmp_path / "home", fresh_install(wheel, tmp_path))
    project = tmp_path / "shop-api"
    project.mkdir()
    (user.home / ".claude").mkdir()
    (user.home / ".claude" / "settings.json").write_text('{"model": "opus"}')  # the user's own
    before = user.files()
    for host in ("claude-code", "opencode", "pi"):
        user.ok(f"graphmem setup {host}", project)
        user.ok(f"graphmem setup {host} --project", project)
    wired = user.wiring(project)
    assert all(len(files) == 2 for files in wired.values()), wired

    # A teammate's machine: the project's files name no path of this one
    shared = [*project.rglob("*.json"), *project.rglob("graphmem.*")]
    assert shared and not any(str(tmp_path) in p.read_text() for p in shared)
    # Claude Code runs each personal and shared hook through a shell: both answer
    for settings in (
        user.home / ".claude" / "settings.json",
        project / ".claude" / "settings.json",
    ):
        start = json.loads(settings.read_text())["hooks"]["SessionStart"][0]["hooks"][0]
        payload = json.dumps({"session_id": "s1", "cwd": str(project), "source": "startup"})
        done = user.sh(start["command"], project, payload)
        assert (done.returncode, done.stderr) == (0, ""), start["command"]
        assert "hookSpecificOutput" in json.loads(done.stdout)

    out = user.ok("graphmem setup --remove", project)
    assert all(f"unwired {host}" in out for host in ("claude-code", "opencode", "pi"))
    for host in ("claude-code", "opencode", "pi"):
        user.ok(f"graphmem setup {host} --remove --project", project)
    assert user.wiring(project) == {"claude-code": {}, "opencode": {}, "pi": {}}
    assert user.files() == before
    assert (user.home / ".claude" / "settings.json").read_text() == '{"model": "opus"}'
    assert list(project.iterdir()) == []


def test_hooks_left_behind_by_an_uninstall_do_nothing(wheel: Path, tmp_path: Path) -> None:
    """`pipx uninstall` before `graphmem setup --remove`: the agent must not see hooks fail."""
    bin_dir = fresh_install(wheel, tmp_path)
    user = User(tmp_path / "home", bin_dir)
    project = tmp_path / "shop-api"
    project.mkdir()
    user.ok("graphmem setup claude-code && graphmem setup claude-code --project", project)
    shutil.rmtree(bin_dir.parent)  # the uninstall
    payload = json.dumps({"session_id": "s1", "cwd": str(project)})
    for settings in (
        user.home / ".claude" / "settings.json",
        project / ".claude" / "settings.json",
    ):
        for event, groups in json.loads(settings.read_text())["hooks"].items():
            done = user.sh(groups[0]["hooks"][0]["command"], project, payload)
            assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), (settings, event)
