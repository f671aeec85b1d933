"""The docs stay in step with the code: every setting, exit code and command is documented."""

from __future__ import annotations

from pathlib import Path

import typer

from graphmem.cli.app import app
from graphmem.config import SETTINGS, TRUSTED
from graphmem.errors import Exit

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_every_setting_is_in_the_configuration_reference() -> None:
    text = (DOCS / "configuration.md").read_text()
    for setting in SETTINGS:
        row = next((ln for ln in text.splitlines() if ln.startswith(f"| `{setting.key}` |")), "")
        assert f"`{setting.env}`" in row, setting.key
        default = setting.default
        shown = f'"{default}"' if isinstance(default, str) else str(default)
        if isinstance(default, bool):
            shown = shown.lower()
        if not isinstance(default, list | dict):
            assert f"`{shown}`" in row, (setting.key, shown)
        trust = "| trusted only |" if setting.trust == TRUSTED else "| any"
        assert trust in row, (setting.key, "its trust class")
        if setting.off is not None:
            assert f"`{str(setting.off).lower()}` trusted only" in row, setting.key


def test_every_exit_code_is_documented() -> None:
    text = (DOCS / "exit-codes.md").read_text()
    for code in Exit:
        assert f"| {code.value} | {code.name} |" in text


def test_every_command_and_subcommand_has_a_reference_section() -> None:
    from graphmem.cli.completions import walk

    text = (DOCS / "commands.md").read_text()
    for node in walk(typer.main.get_command(app)):
        if node.path:
            assert f"## graphmem {' '.join(node.path)}\n" in text, node.path
            for flag, _ in node.options:
                if flag != "--help":
                    assert f"`{flag}`" in text, (node.path, flag)


def test_every_command_is_documented() -> None:
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text() + "".join(
        p.read_text() for p in DOCS.glob("*.md")
    )
    for name in typer.main.get_command(app).commands:  # type: ignore[attr-defined]
        assert f"graphmem {name}" in text, name


def test_correction_figures_in_the_docs_are_the_commands_output() -> None:
    """Both splits' figures, as `python -m benchmarks.correction_accuracy` prints them."""
    from benchmarks.correction_accuracy import SPLITS, figures

    text = (DOCS / "hosts.md").read_text()
    assert "$ python -m benchmarks.correction_accuracy" in text
    for name, split in SPLITS.items():
        assert f"  {name}: {figures(split)}\n" in text, name


def test_every_memory_tool_is_described_in_the_commands_reference() -> None:
    from graphmem import tools

    text = (DOCS / "commands.md").read_text()
    for tool in tools.TOOLS:
        assert f"### {tool.name}\n\n{tool.description}\n" in text, tool.name
        for name in tool.params:
            assert f"| `{name}` |" in text, (tool.name, name)
