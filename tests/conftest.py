"""Every test runs with its own GRAPHMEM_HOME so config, data and logs never touch the real ones."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def graphmem_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "graphmem-home"
    monkeypatch.setenv("GRAPHMEM_HOME", str(home))
    for name in ("GRAPHMEM_BACKEND", "GRAPHMEM_URL", "GRAPHMEM_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    return home
