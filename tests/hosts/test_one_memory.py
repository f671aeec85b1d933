"""One memory for all hosts: in one project, what Claude Code, opencode and pi capture is recalled
by the others, each host wired by its own `graphmem setup <host> --project`."""

from __future__ import annotations

from pathlib import Path

from tests.hosts.test_claude_code import graphmem
from tests.hosts.test_harness import wait_for
from tests.hosts.test_opencode import kinds
from tests.support.hosts import run_claude, run_opencode, run_pi
from tests.support.model_stubs import ModelStub, Request

FACTS = {
    "claude-code": "The billing cron runs at 02:15 UTC (fact CLAUDE-7731).",
    "opencode": "Invoices are numbered per tenant (fact OPENCODE-4402).",
    "pi": "Refunds go through the ledger service (fact PI-9115).",
}


def shown(stub: ModelStub, since: int) -> Request:
    """The first request of the agent itself (it offers a shell tool) since `since`."""
    return next(r for r in stub.requests[since:] if r.tool("bash"))


def captured(project: Path, fact: str) -> bool:
    return any(fact in e["body"] for e in kinds(project, "turn"))


def test_each_host_recalls_what_the_others_captured(
    claude_bin: Path,
    opencode_bin: Path,
    pi_bin: Path,
    stub: ModelStub,
    project: Path,
    home: Path,
) -> None:
    for host in ("claude-code", "opencode", "pi"):
        graphmem("setup", host, "--project", cwd=project)

    run_claude(FACTS["claude-code"], project, home, stub.url).check()
    assert wait_for(lambda: captured(project, FACTS["claude-code"]))

    before = len(stub.requests)
    run_opencode(FACTS["opencode"], project, home, stub.url).check()
    assert FACTS["claude-code"] in shown(stub, before).seen_text
    assert wait_for(lambda: captured(project, FACTS["opencode"]))

    before = len(stub.requests)
    run_pi(FACTS["pi"], project, home, stub.url).check()
    seen = shown(stub, before).seen_text
    assert FACTS["claude-code"] in seen and FACTS["opencode"] in seen
    assert wait_for(lambda: captured(project, FACTS["pi"]))

    before = len(stub.requests)
    run_claude("what do you remember?", project, home, stub.url).check()
    seen = shown(stub, before).seen_text
    assert FACTS["opencode"] in seen and FACTS["pi"] in seen
    stub.assert_clean()
