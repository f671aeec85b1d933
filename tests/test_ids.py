"""graphmem's cheap ids and digests equal what uuid and hashlib would give."""

from __future__ import annotations

import hashlib
import uuid

from hypothesis import given
from hypothesis import strategies as st

from graphmem.ids import digest, new_uuid


def test_new_uuid_is_a_random_version_4_uuid() -> None:
    ids = {new_uuid() for _ in range(1000)}
    assert len(ids) == 1000
    for text in ids:
        parsed = uuid.UUID(text)
        assert str(parsed) == text and parsed.version == 4 and parsed.variant == uuid.RFC_4122


@given(st.text())
def test_digest_is_sha256_of_utf8(text: str) -> None:
    assert digest(text) == hashlib.sha256(text.encode()).hexdigest()
