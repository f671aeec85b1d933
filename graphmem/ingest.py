"""Which files `graphmem ingest` reads, and how each becomes episodes.

Directories are walked recursively, skipping version control, dependency and build-output
folders and binary files; globs are expanded (`**` included). A file's digest covers its bytes and
the chunking options, so a re-run with other options re-ingests it.

What a walk or a glob finds stays inside the tree it was given: a symlink that leads out of it
(`docs/notes.md -> ~/.netrc`) is not followed, and files that are secrets by name (`.env`, keys,
`.netrc`, Terraform state…) are skipped, each with its reason. A file named on the command line
is the user's explicit choice and is read whatever its name.
"""

from __future__ import annotations

import fnmatch
import glob
import hashlib
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from graphmem.chunking import chunk
from graphmem.errors import Exit, GraphmemError
from graphmem.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    Clean = Callable[[str], str]  # redaction: text in, redacted text out

SKIP_DIRS = frozenset(
    """.git .hg .svn .bzr .jj node_modules __pycache__ .venv venv .tox .nox .mypy_cache
    .pytest_cache .ruff_cache .cache build dist target out .next .nuxt .eggs site-packages
    .gradle .idea .terraform""".split()
)
BINARY_SUFFIXES = frozenset(
    """.png .jpg .jpeg .gif .webp .ico .bmp .tiff .pdf .zip .gz .tgz .bz2 .xz .7z .tar .jar .war
    .class .so .dylib .dll .exe .o .a .pyc .pyo .whl .db .sqlite .sqlite3 .woff .woff2 .ttf .otf
    .eot .mp3 .mp4 .mov .avi .wav .flac .ogg .webm .psd .bin .dat .parquet .npy .pkl""".split()
)
MAX_FILE_BYTES = 50 * 1024 * 1024
_GLOB_CHARS = set("*?[")

# Files that hold credentials by convention (the lists secret scanners and .gitignore templates
# share): env files, private keys and keystores, tool credential files, Terraform state, shell
# history. Matched case-insensitively against the file's name and, for a symlink, its target's.
SECRET_NAMES = tuple(
    """.env .env.* *.env .envrc *.pem *.key *.p12 *.pfx *.p8 *.jks *.keystore *.kdbx *.ppk
    *.ovpn *.gpg *.age id_rsa id_rsa_* id_dsa id_dsa_* id_ecdsa id_ecdsa_* id_ed25519 id_ed25519_*
    id_ecdsa_sk id_ed25519_sk ssh_host_*_key .netrc _netrc .npmrc .yarnrc.yml .pypirc .pgpass
    .my.cnf .git-credentials .gitcredentials .dockercfg .dockerconfigjson .s3cfg .boto
    .vault-token .terraformrc terraform.rc *.tfstate *.tfstate.* credentials credentials.*
    *credentials.json kubeconfig kubeconfig.* secrets.yml secrets.yaml secrets.json secrets.toml
    secrets.env .htpasswd .bash_history .zsh_history .sh_history .psql_history .mysql_history
    .python_history .node_repl_history""".split()
)
_SECRET_PATHS = (".kube/config", ".docker/config.json", ".aws/config", ".config/gh/hosts.yml")


@record(frozen=True)
class Document:
    path: Path
    key: str  # how the manifest and episode names refer to it: relative to the project if inside
    digest: str
    chunks: list[str]


@record(frozen=True)
class Skipped:
    path: Path
    reason: str


def is_secret_name(path: str | Path) -> bool:
    """Whether a file's name (or its last path parts) says it holds credentials."""
    posix = Path(path).as_posix().lower()
    name = posix.rsplit("/", 1)[-1]
    if any(fnmatch.fnmatchcase(name, pattern) for pattern in SECRET_NAMES):
        return True
    return posix.endswith(_SECRET_PATHS)


def _walk(root: Path) -> Iterator[Path]:
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(
            d for d in subdirs if d not in SKIP_DIRS and not d.endswith(".egg-info")
        )
        # os.walk does not descend into symlinked directories; one that leads out of the tree
        # is still reported, so the output says what was left out.
        for name in subdirs:
            if os.path.islink(os.path.join(directory, name)):
                yield Path(directory, name)
        for name in sorted(files):
            yield Path(directory, name)


def _refusal(path: Path, root: Path) -> Skipped | None:
    """Why a file found by a walk or glob under `root` is not read, if it is not."""
    target = os.path.realpath(path)
    inside = os.path.realpath(root)
    if os.path.commonpath([target, inside]) != inside:
        return Skipped(path, f"symlink to outside {root.as_posix()} (not followed)")
    if is_secret_name(path) or is_secret_name(target):
        return Skipped(path, "secret by name (name the file itself to ingest it)")
    if os.path.isdir(path):  # a symlinked directory inside the tree: its files are walked anyway
        return Skipped(path, "symlink to a directory (not followed)")
    return None


def _glob_root(pattern: str) -> Path:
    """The directory a glob cannot leave: its path up to the first wildcard."""
    literal = pattern[: min(pattern.find(c) if c in pattern else len(pattern) for c in _GLOB_CHARS)]
    head = os.path.dirname(os.path.expanduser(literal))
    return Path(head or ".")


def expand(patterns: Sequence[str]) -> list[Path | Skipped]:
    """Files named by `patterns` (files, directories, globs), each once, in a stable order; what
    a walk or glob found but must not read comes as `Skipped`."""
    found: dict[Path, Skipped | None] = {}

    def add_tree(paths: Iterator[Path] | list[Path], root: Path) -> None:
        for path in paths:
            if path not in found:
                found[path] = _refusal(path, root)

    for pattern in patterns:
        path = Path(pattern).expanduser()
        if path.is_dir():
            add_tree(_walk(path), path)
        elif path.is_file():
            found[path] = None  # named explicitly: read whatever its name or where it leads
        elif _GLOB_CHARS & set(pattern):
            root = _glob_root(pattern)
            for match in map(Path, sorted(glob.glob(pattern, recursive=True))):
                if SKIP_DIRS.isdisjoint(match.parts):
                    add_tree(_walk(match) if match.is_dir() else [match], root)
        else:
            raise GraphmemError(f"{pattern}: no such file or directory", Exit.INPUT)
    return [refused or p for p, refused in found.items() if refused or p.is_file()]


def key_for(path: str | Path, project_root: str, *, follow: bool = True) -> str:
    """How the manifest and the output name a file; `follow=False` names a symlink itself, not
    where it leads (a skipped link must not print its target)."""
    path = Path(path)
    resolved = path.resolve() if follow else path.parent.resolve() / path.name
    try:
        return resolved.relative_to(project_root).as_posix()
    except ValueError:
        return resolved.as_posix()


def read(
    path: Path, project_root: str, *, cap: int, source: str, clean: Clean
) -> Document | Skipped:
    """Read, redact and chunk one file, or say why it is skipped.

    The whole text is redacted before it is chunked, so a chunk boundary never splits a secret
    from what makes it recognisable (a key block from its BEGIN line, a password from its name).
    """
    if path.suffix.lower() in BINARY_SUFFIXES:
        return Skipped(path, "binary file")
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return Skipped(path, f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
        data = path.read_bytes()
    except OSError as exc:
        return Skipped(path, f"cannot be read ({exc.strerror})")
    if b"\0" in data[:8192]:
        return Skipped(path, "binary file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Skipped(path, f"not UTF-8 text (byte {exc.start})")
    if not text.strip():
        return Skipped(path, "empty")
    if source == "json":
        # A JSON episode must stay one valid document: it is never chunked.
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            return Skipped(path, f"not valid JSON ({exc.msg}, line {exc.lineno})")
        chunks = [clean(text).strip()]
    else:
        chunks = chunk(clean(text), cap)
    digest = hashlib.sha256(data + f"\0{cap}\0{source}".encode()).hexdigest()
    return Document(path, key_for(path, project_root), digest, chunks)


def episode_names(doc: Document, prefix: str | None) -> list[str]:
    base = f"{prefix}: {doc.key}" if prefix else doc.key
    total = len(doc.chunks)
    return [base if total == 1 else f"{base} [{i}/{total}]" for i in range(1, total + 1)]
