"""The docs stay in step with the code: every setting, exit code and command is documented."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from graphmem.cli.app import app
from graphmem.config import SETTINGS, TRUSTED
from graphmem.errors import Exit

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


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
    codes = {name: code for name, code in vars(Exit).items() if isinstance(code, int)}
    assert len(codes) == 8
    for name, code in codes.items():
        assert f"| {code} | {name} |" in text


def test_every_command_and_subcommand_has_a_reference_section() -> None:
    from graphmem.cli.completions import walk

    text = (DOCS / "commands.md").read_text()
    sections = {s.split("\n", 1)[0]: s for s in re.split(r"\n(?=## )", text)}
    for node in walk(typer.main.get_command(app)):
        if node.path:
            heading = f"## graphmem {' '.join(node.path)}"
            assert heading in sections, node.path
            for flag, _ in node.options:  # in the command's own section, not just anywhere
                if flag != "--help":
                    assert f"`{flag}`" in sections[heading], (node.path, flag)


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


def test_every_measured_section_names_the_benchmark_that_prints_it() -> None:
    """Figures come with the command that produces them, and that command exists."""
    sections = [
        (page.name, section)
        for page in DOCS.glob("*.md")
        for section in re.split(r"\n(?=## )", page.read_text())
        if section.startswith("## Measured")
    ]
    assert {name for name, _ in sections} >= {"benchmarks.md", "outage-resilience.md"}
    for name, section in sections:
        modules = re.findall(r"python (?:-m benchmarks\.(\w+)|benchmarks/(\w+)\.py)", section)
        assert modules, name
        for module in filter(None, sum(modules, ())):
            assert (ROOT / "benchmarks" / f"{module}.py").is_file(), (name, module)
