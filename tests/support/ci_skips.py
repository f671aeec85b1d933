"""Under CI (the environment variable CI set, as `.ci/run` does) a skipped test fails the run.

CI installs everything the suite needs (the Graphiti stack, the host CLIs, node, zsh and fish), so a
skip there means a check silently did not run. Locally a missing optional part still skips, with
its reason. No skip is legitimately platform-dependent today, so there is no allow-list: a test
that may skip on the CI machine must not exist.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.skipped and os.environ.get("CI") and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        reason = str(reason).removeprefix("Skipped: ")
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where every test must run: {reason}"
    return report
