"""Exit codes and the one error type commands raise. Documented in docs/exit-codes.md."""

from __future__ import annotations


class Exit:
    """Not an IntEnum: `enum` costs every hook ~1 ms to import, and a code is only ever an int."""

    OK = 0
    FAILURE = 1  # unexpected error; a bug report is welcome
    USAGE = 2  # bad command line (Click's own code)
    CONFIG = 3  # a config file or GRAPHMEM_* variable is invalid
    UNREACHABLE = 4  # the graph server could not be reached; work stays pending locally
    REJECTED = 5  # the graph server refused a request
    INPUT = 6  # an input file or argument is unusable; nothing was written
    CANCELLED = 7  # a confirmation was declined, or needed and no terminal could answer it


class GraphmemError(Exception):
    """An error the user can act on: its message says what happened and what to do."""

    def __init__(self, message: str, code: int = Exit.FAILURE) -> None:
        super().__init__(message)
        self.code = code


class ConfigError(GraphmemError):
    def __init__(self, message: str) -> None:
        super().__init__(message, Exit.CONFIG)
