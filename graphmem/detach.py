"""Start graphmem work in a detached process: never on a hook's clock, never in its way.

What it runs logs its own failures to the hook log; its stderr goes there too, for what happens
before it can (an install that no longer imports). stdlib only: hooks start it.
"""

from __future__ import annotations

import os
import sys

from graphmem import paths

# Set for a curator's run (the user's agent run headless): graphmem's hooks inside it do nothing,
# so the curation is neither captured, nor shown memory, nor re-prompted, nor curated in turn.
CURATING_ENV = "GRAPHMEM_CURATING"


def start(args: list[str], cwd: str, env: dict[str, str]) -> None:
    """Run `python -m graphmem <args>` detached in `cwd`, with `env` added to ours."""
    import subprocess  # ~3 ms: only the hooks that start something pay for it

    try:
        log = paths.hook_log_file()
        paths.private_dir(os.path.dirname(log))
        stderr: int = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    except OSError:
        stderr = subprocess.DEVNULL  # the log is best effort, as everywhere
    try:
        subprocess.Popen(
            [sys.executable, "-m", "graphmem", *args],
            cwd=cwd,
            env={**os.environ, **env},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )
    finally:
        if stderr != subprocess.DEVNULL:
            os.close(stderr)
