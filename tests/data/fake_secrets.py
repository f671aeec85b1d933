"""What every redaction split (tests/data/redaction_*.py) is built from: fake secrets drawn from a
seed of the split's own, so that no token-shaped string is ever committed, and the two lists
`benchmarks.redact_accuracy` reads."""

from __future__ import annotations

import base64
import json
import random
import string

AN = string.ascii_letters + string.digits
UPPER_AN = string.ascii_uppercase + string.digits
LOWER_AN = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B64 = AN + "+/"
URLSAFE = AN + "_-"
DIGITS = string.digits
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"  # Bitcoin's: no 0, O, I, l
PUNCT = "!#%*+-=?@^_~"  # the symbols password managers mix in


def lines(body: str, width: int = 64) -> list[str]:
    """`body` cut into lines of `width` characters, as PEM and base64 tools wrap it."""
    return [body[i : i + width] for i in range(0, len(body), width)]


def pem(label: str, body: str) -> str:
    """A PEM block of `body` (base64) under `label`."""
    return "\n".join([f"-----BEGIN {label}-----", *lines(body), f"-----END {label}-----"])


class Fakes:
    """Random strings from one seed: the same seed always makes the same split."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def r(self, n: int, alphabet: str = AN) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def raw(self, n: int) -> bytes:
        return bytes(self.rng.randrange(256) for _ in range(n))

    def b64(self, n: int) -> str:
        return base64.b64encode(self.raw(n)).decode()

    def b64_lines(self, n_bytes: int, width: int = 64) -> str:
        encoded = self.b64(n_bytes)
        return "\n".join(encoded[i : i + width] for i in range(0, len(encoded), width))

    def urlb64(self, n: int) -> str:
        return base64.urlsafe_b64encode(self.raw(n)).decode().rstrip("=")

    def alnum(self, low: int = 16, high: int = 25) -> str:
        """Letters and digits only, of a random length in [low, high): safe in URLs and shells."""
        return self.r(self.rng.randrange(low, high))

    def jwt(self, payload: dict[str, object], alg: str = "RS256") -> str:
        """A signed JWT of `payload`: header and body as encoded, the signature random."""
        head = base64.urlsafe_b64encode(json.dumps({"alg": alg, "typ": "JWT"}).encode())
        body = base64.urlsafe_b64encode(json.dumps(payload).encode())
        sig = self.urlb64(256 if alg.startswith("RS") else 32)
        return f"{head.decode().rstrip('=')}.{body.decode().rstrip('=')}.{sig}"

    def uuid(self) -> str:
        return "-".join(self.r(n, HEX) for n in (8, 4, 4, 4, 12))


class Split:
    """The cases of one split: secrets that must not survive redaction, look-alikes that must
    come back byte for byte."""

    def __init__(self) -> None:
        # (kind, text, secrets that must not survive)
        self.secrets: list[tuple[str, str, tuple[str, ...]]] = []
        # (kind, text that must come back unchanged)
        self.lookalikes: list[tuple[str, str]] = []

    def secret(self, kind: str, text: str, *secrets: str) -> None:
        self.secrets.append((kind, text, secrets))

    def lookalike(self, kind: str, text: str) -> None:
        self.lookalikes.append((kind, text))
