"""What every redaction split (tests/data/redaction_*.py) is built from: fake secrets drawn from a
seed of the split's own, so that no token-shaped string is ever committed, and the two lists
`benchmarks.redact_accuracy` reads.

The shapes that splits 17 and later share (passwords as people and password managers pick them,
keys whose DER starts as a real key's, provider tokens) are `Fakes` methods: they were written in
each split and moved here unchanged, drawing the same numbers in the same order, so every split
holds the same cases as when it was written."""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Sequence

AN = string.ascii_letters + string.digits
UPPER_AN = string.ascii_uppercase + string.digits
LOWER_AN = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B64 = AN + "+/"
URLSAFE = AN + "_-"
DIGITS = string.digits
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"  # Bitcoin's: no 0, O, I, l
PUNCT = "!#%*+-=?@^_~"  # the symbols password managers mix in
SYMBOLS = "!#%*+-=?^_~"  # PUNCT without "@", which would end a URL's password
_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}
# How the DER of an RSA key starts in PKCS#1 and in PKCS#8: a fake body starts as a real one.
_RSA1 = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00"
_RSA8 = b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"


def lines(body: str, width: int = 64) -> list[str]:
    """`body` cut into lines of `width` characters, as PEM and base64 tools wrap it."""
    return [body[i : i + width] for i in range(0, len(body), width)]


def pem(label: str, body: str) -> str:
    """A PEM block of `body` (base64) under `label`."""
    return "\n".join([f"-----BEGIN {label}-----", *lines(body), f"-----END {label}-----"])


def escaped(block: str) -> str:
    """`block` as a JSON or .env string holds it: newlines written as \\n."""
    return block.replace("\n", "\\n") + "\\n"


def basic(user: str, password: str) -> str:
    """The credentials of an `Authorization: Basic` header."""
    return base64.b64encode(f"{user}:{password}".encode()).decode()


def b64url_json(obj: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


class Fakes:
    """Random strings from one seed: the same seed always makes the same split."""

    def __init__(self, seed: int, words: Sequence[str] = ()) -> None:
        self.rng = random.Random(seed)
        self.words = words  # what people make their passwords of, a split's own

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

    def hex(self, n: int) -> str:
        return self.r(n, HEX)

    def sha256(self) -> str:
        return self.hex(64)

    # Passwords, as machines and people pick them.
    def password(self, n: int = 18) -> str:
        """A password manager's: letters, digits and a few symbols, never a quote or space."""
        while True:
            p = self.r(n, AN + SYMBOLS)
            if any(c in SYMBOLS for c in p) and any(c.isdigit() for c in p):
                return p

    def url_password(self, n: int = 20) -> str:
        """A password safe inside a URL without escaping."""
        return self.r(n, AN + "-_.~")

    def phrase(self, sep: str = "-") -> str:
        """A human passphrase: three or four words and a number."""
        words = [self.rng.choice(self.words).capitalize() for _ in range(self.rng.randrange(3, 5))]
        return sep.join(words) + sep + str(self.rng.randrange(2, 99))

    def leet(self) -> str:
        """A leetspeak word pair with a year and a symbol, the way people still pick them."""
        w = self.rng.choice(self.words).capitalize() + self.rng.choice(self.words)
        w = "".join(_LEET.get(c, c) if self.rng.random() < 0.6 else c for c in w)
        return w + str(self.rng.randrange(1979, 2027)) + self.rng.choice("!#*@")

    def human(self) -> str:
        """A human-chosen password: a word, a year or number, maybe a symbol."""
        return (
            self.rng.choice(self.words).capitalize()
            + self.rng.choice(self.words)
            + str(self.rng.randrange(1, 9999))
            + self.rng.choice(("", "!", "?", ".", "#"))
        )

    def any_password(self) -> str:
        return self.rng.choice((self.password, self.phrase, self.leet, self.human))()

    # Keys, whose bodies start as real ones do. Each returns the block and lines of its body that
    # must not survive.
    def der_key(self, prefix: bytes, nbytes: int, label: str) -> tuple[str, tuple[str, ...]]:
        """A PEM private key block whose DER starts like the real thing, and two full body lines."""
        body = base64.b64encode(prefix + self.raw(nbytes - len(prefix))).decode()
        ls = lines(body)
        return pem(label, body), tuple(dict.fromkeys((ls[1], ls[-2])))

    def rsa(self, label: str = "RSA PRIVATE KEY") -> tuple[str, tuple[str, ...]]:
        return self.der_key(_RSA1 if label.startswith("RSA") else _RSA8, 1192, label)

    def ec_der(self) -> bytes:
        return (
            b"\x30\x77\x02\x01\x01\x04\x20"
            + self.raw(32)
            + b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\xa1\x44\x03\x42\x00\x04"
            + self.raw(64)
        )

    def ec(self) -> tuple[str, tuple[str, ...]]:
        """An EC P-256 key: a short PEM, so its first body line and the rest must not survive."""
        body = base64.b64encode(self.ec_der()).decode()
        ls = lines(body)
        return pem("EC PRIVATE KEY", body), (ls[0], ls[1])

    def ed25519(self) -> tuple[str, str]:
        """A PKCS#8 Ed25519 key: one body line, which is the secret."""
        body = base64.b64encode(
            b"\x30\x2e\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70\x04\x22\x04\x20" + self.raw(32)
        ).decode()
        return pem("PRIVATE KEY", body), body

    def openssh(self, nbytes: int = 320) -> tuple[str, tuple[str, ...]]:
        raw = b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00" + self.raw(nbytes)
        ls = lines(base64.b64encode(raw).decode(), 70)
        block = "\n".join(
            ["-----BEGIN OPENSSH PRIVATE KEY-----", *ls, "-----END OPENSSH PRIVATE KEY-----"]
        )
        return block, (ls[2], ls[-2])

    def pgp(self, nbytes: int = 980, comment: str = "") -> tuple[str, tuple[str, ...]]:
        body = base64.b64encode(b"\x95\x05\xd8\x04" + self.raw(nbytes)).decode()
        ls = lines(body)
        head = ["-----BEGIN PGP PRIVATE KEY BLOCK-----", *([comment] if comment else []), ""]
        block = "\n".join([*head, *ls, "=" + self.b64(3), "-----END PGP PRIVATE KEY BLOCK-----"])
        return block, (ls[1], ls[-2])

    # Public halves and certificates: look-alikes of the keys above.
    def ssh_pub(self) -> str:
        raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + self.raw(32)
        return "ssh-ed25519 " + base64.b64encode(raw).decode()

    def pub_pem(self, nbytes: int = 294) -> str:
        body = base64.b64encode(b"\x30\x82\x01\x22\x30\x0d" + self.raw(nbytes - 6)).decode()
        return pem("PUBLIC KEY", body)

    def cert(self, nbytes: int = 780) -> str:
        body = base64.b64encode(
            b"\x30\x82\x03\x0b\x30\x82\x01\xf3\xa0\x03\x02\x01\x02" + self.raw(nbytes)
        ).decode()
        return pem("CERTIFICATE", body)

    def ssh_fingerprint(self) -> str:
        return "SHA256:" + base64.b64encode(self.raw(32)).decode().rstrip("=")

    # Provider tokens in their documented shapes.
    def ghp(self) -> str:
        return "ghp_" + self.r(36)

    def github_pat(self) -> str:
        return f"github_pat_{self.r(22)}_{self.r(59)}"

    def stripe(self, prefix: str = "sk_live_") -> str:
        return prefix + self.r(24)

    def token(self, n: int = 32) -> str:
        """Lower-case letters and digits, as many services' opaque tokens are."""
        return self.r(n, LOWER_AN)

    def glpat(self) -> str:
        return "glpat-" + self.r(20, URLSAFE)

    def xoxb(self) -> str:
        return f"xoxb-{self.r(12, DIGITS)}-{self.r(13, DIGITS)}-{self.r(24)}"

    def xoxp(self) -> str:
        return f"xoxp-{self.r(12, DIGITS)}-{self.r(12, DIGITS)}-{self.r(13, DIGITS)}-{self.hex(32)}"

    def sk_proj(self) -> str:
        return f"sk-proj-{self.r(74, URLSAFE)}T3BlbkFJ{self.r(74, URLSAFE)}"

    def sk_ant(self) -> str:
        return f"sk-ant-api03-{self.r(93, URLSAFE)}AA"

    def akia(self) -> str:
        return "AKIA" + self.r(16, UPPER_AN)

    def aws_secret(self) -> str:
        return self.r(40, B64)

    def aiza(self) -> str:
        return "AIza" + self.r(35, URLSAFE)


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
