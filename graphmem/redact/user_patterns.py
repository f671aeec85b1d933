"""The user's own redaction patterns, compiled with google-re2 (linear time) and loaded only when
there are some."""

from __future__ import annotations

import os

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def _linear_engine() -> Any:
    """google-re2, imported only for user patterns (~2 ms)."""
    try:
        import re2
    except ImportError:
        # A hook runs without `site` (graphmem/hooks/launch.py). Installed by pip or pipx, re2
        # sits beside graphmem and is found above; in an editable install it is in a
        # site-packages folder that is not on the path: add the one that holds it (after the
        # standard library, as `site` would), without paying for `site` and its .pth files.
        import sys

        from graphmem.paths import site_packages

        sys.path += [d for d in site_packages() if os.path.isdir(os.path.join(d, "re2"))]
        try:
            import re2
        except ImportError:
            raise ValueError(
                "redaction patterns need the google-re2 package: pip install google-re2"
            ) from None
    return re2


def _compile_user(pattern: str, what: str, index: int) -> Any:
    re2 = _linear_engine()
    options = re2.Options()
    options.log_errors = False  # RE2 would log to stderr; the error is reported once, below
    try:
        return re2.compile(pattern, options)
    except re2.error as err:
        reason = err.args[0].decode() if isinstance(err.args[0], bytes) else str(err)
        raise ValueError(f"invalid redaction {what} #{index + 1}: {reason}") from None
