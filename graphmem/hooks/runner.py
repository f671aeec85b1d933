"""`graphmem hook <Event>`: read the host's event JSON on stdin, answer on stdout, never fail.

Whatever happens inside, the process exits 0: a memory tool must never block a prompt or a stop
(exit 2 would), and a failure leaves one line on stderr and an entry in the hook log.
"""

from __future__ import annotations

import os
import sys
import time

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import NoReturn

MAX_STDIN = 32 * 1024 * 1024  # larger payloads are refused, not buffered without end


def log_failure(event: str, message: str) -> None:
    """An entry in the hook log: where failures of work no terminal watches go (hooks, and the
    background drain they start)."""
    from graphmem import paths
    from graphmem.redact import redact

    message = redact(message).text  # an error may quote what it choked on
    try:
        log = paths.hook_log_file()
        paths.private_dir(os.path.dirname(log))
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
        with open(log, "a", encoding="utf-8", opener=_private_opener) as fh:
            fh.write(f"{stamp} {event or '-'} {message}\n")
    except OSError:
        pass  # the log is best effort; stderr already carries the message


def _private_opener(path: str, flags: int) -> int:
    return os.open(path, flags, 0o600)


def run(argv: list[str], *, ending: bool = False) -> int:
    """`argv`: the event name, then the host when the installed command names it. `ending`: the
    process ends right after, without teardown (`main`)."""
    event = argv[0] if argv else ""
    try:
        raw = sys.stdin.buffer.read(MAX_STDIN + 1)
        if len(raw) > MAX_STDIN:
            raise ValueError(f"event payload over {MAX_STDIN} bytes ignored")
        from graphmem.hooks.dispatch import handle

        answer = handle(event, raw, argv[1] if len(argv) > 1 else "", close=not ending)
        if answer:
            sys.stdout.write(answer)
            sys.stdout.flush()
    except BrokenPipeError:
        # The host stopped listening (it exited first); the work is done and there is no one to
        # answer. Point stdout at /dev/null so the interpreter's final flush stays quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt | SystemExit) and not str(exc):
            return 0
        from graphmem.redact import redact

        # The host shows this line (and may keep it in its own logs): an error may quote what it
        # choked on, so the line is redacted before it is cut.
        summary = redact(f"{type(exc).__name__}: {exc}".splitlines()[0]).text[:300]
        print(f"graphmem hook {event}: {summary}", file=sys.stderr)
        import traceback  # only failures pay for it

        log_failure(event, summary + "\n" + traceback.format_exc())
    return 0


def main(argv: list[str]) -> NoReturn:
    """`run`, then end the process without the interpreter's teardown: the answer is flushed and
    what the hook stored committed by then, and freeing every module of a process about to end
    is ~3 ms of a hook's budget spent on nothing."""
    code = run(argv, ending=True)
    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 (contextlib is one more import for every hook)
            stream.flush()
        except OSError:
            pass  # a host that stopped listening: nothing left to tell it
    os._exit(code)
