"""graphmem's Claude Code plugin folder holds exactly what install.py generates for it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from graphmem.hosts.claude_code import install


def test_plugin_files_are_current() -> None:
    files = install.plugin_files()
    on_disk = {
        str(p.relative_to(install.PLUGIN)): p.read_text()
        for p in install.PLUGIN.rglob("*")
        if p.is_file()
    }
    assert on_disk == files, (
        "regenerate: python -c 'from graphmem.hosts.claude_code import install; "
        "[(install.PLUGIN / k).write_text(v) for k, v in install.plugin_files().items()]'"
    )


def plugin_hooks() -> dict[str, str]:
    hooks = json.loads((install.PLUGIN / "hooks" / "hooks.json").read_text())["hooks"]
    return {event: groups[0]["hooks"][0]["command"] for event, groups in hooks.items()}


def test_plugin_hooks_do_nothing_where_graphmem_is_not_installed(tmp_path: Path) -> None:
    """A plugin kept after `pipx uninstall graphmem`: Claude Code must not see hooks fail."""
    for event, line in plugin_hooks().items():
        done = subprocess.run(
            ["/bin/sh", "-c", line],
            input="{}",
            capture_output=True,
            text=True,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
            timeout=30,
        )
        assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), event


def test_plugin_hooks_run_the_graphmem_on_path_as_the_plugin(tmp_path: Path) -> None:
    """Where graphmem is installed the line runs it, with GRAPHMEM_VIA=plugin in its env."""
    fake = tmp_path / "bin" / "graphmem"
    fake.parent.mkdir()
    fake.write_text('#!/bin/sh\necho "$GRAPHMEM_VIA $*"\n')
    fake.chmod(0o755)
    line = plugin_hooks()["Stop"]
    path = f"{fake.parent}:/usr/bin:/bin"
    done = subprocess.run(
        ["/bin/sh", "-c", line], capture_output=True, text=True, env={"PATH": path}, timeout=30
    )
    assert (done.returncode, done.stdout) == (0, "plugin hook Stop\n")
