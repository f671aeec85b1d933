"""Random ids and content digests, without the imports that a hook would pay for.

`import uuid` loads platform (~2 ms) and `import hashlib` loads OpenSSL (~3 ms); a hook process
needs neither: a v4 UUID is 16 random bytes with two fields set, and SHA-256 is in CPython's own
builtin module (`_sha2` since 3.12, `_sha256` before; hashlib is the fallback).
"""

from __future__ import annotations

import os

try:
    from _sha2 import sha256
except ImportError:  # Python 3.11
    try:
        from _sha256 import sha256
    except ImportError:  # a build without the builtin module
        from hashlib import sha256


def new_uuid() -> str:
    """A random UUID (version 4), as `str(uuid.uuid4())` gives."""
    raw = bytearray(os.urandom(16))
    raw[6] = (raw[6] & 0x0F) | 0x40  # version 4
    raw[8] = (raw[8] & 0x3F) | 0x80  # RFC 4122 variant
    h = raw.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def digest(text: str) -> str:
    """SHA-256 of `text` (UTF-8), in hex."""
    return sha256(text.encode()).hexdigest()
