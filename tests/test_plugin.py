"""graphmem's Claude Code plugin folder holds exactly what install.py generates for it."""

from __future__ import annotations

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
