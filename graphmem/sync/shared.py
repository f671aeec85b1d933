"""What the spool's parts share without importing each other (graphmem.sync holds the Spool and
loads graphmem.sync.drain and graphmem.sync.remote when it needs them; they never import it back):
the leases they coordinate through, and what they are handed (`SpoolView`). stdlib only: the hook
path reads the leases.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import sqlite3
    from typing import Protocol

    from graphmem.config import Config

    class SpoolView(Protocol):
        """The store connection and the config, as the Spool hands them to drain and remote."""

        @property
        def conn(self) -> sqlite3.Connection: ...

        @property
        def config(self) -> Config: ...

        @property
        def groups(self) -> list[str]: ...


DRAIN_LEASE = "drain"
REFRESH_LEASE = "refresh"
LEASE_ENV = "GRAPHMEM_DRAIN_LEASE"  # the placeholder lease a background drain takes over
STARTING_S = 15.0  # how long a placeholder holds the drain lease while the process starts
REFRESH_EVERY_S = 60.0  # a background run only to refresh the cache, at most this often
CONFIRM_LEASE = "confirm"
CONFIRM_EVERY_S = 60.0  # a background run only to confirm what the server accepted, as often
PULL_LEASE = "pull"
PULL_EVERY_S = 60.0  # a background run only to pull teammates' memories, as often
