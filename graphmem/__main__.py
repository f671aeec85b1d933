"""Entry point. `graphmem hook` takes the stdlib-only fast path; everything else loads the CLI.

A hook runs as a new process on every host event, so importing Typer, rich, pydantic or httpx
there would cost 100+ ms per event (see the speed budget in docs/architecture.md).
"""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["hook"] and not {"--help", "-h"} & set(sys.argv[2:]):
        from graphmem.hooks.runner import main as run_hook

        run_hook(sys.argv[2:])
    from graphmem.cli.app import run as run_cli

    run_cli()


if __name__ == "__main__":
    main()
