"""Configuration: defaults < user config.toml < project .graphmem.toml < GRAPHMEM_* env < flags.

Every key is declared once in SETTINGS (type, default, help); docs/configuration.md is checked
against it by a test. stdlib only, because the hook path loads config on every event.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Mapping

from graphmem import paths
from graphmem.errors import ConfigError
from graphmem.record import field, record

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any

PROJECT_FILE = ".graphmem.toml"


@record(frozen=True)
class Setting:
    key: str
    type: type
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    secret: bool = False

    @property
    def env(self) -> str:
        return "GRAPHMEM_" + self.key.upper()


MIB = 1024 * 1024

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "backend",
        str,
        "sqlite",
        "Where memory lives: the embedded store, or also a Graphiti MCP server.",
        choices=("sqlite", "graphiti"),
    ),
    Setting("url", str, "", "Graphiti MCP endpoint, e.g. http://127.0.0.1:8000/mcp."),
    Setting(
        "token", str, "", "Bearer token sent to the Graphiti server (behind a proxy).", secret=True
    ),
    Setting("headers", dict, {}, "Extra HTTP headers for the Graphiti server (a TOML table)."),
    Setting("probe_timeout", float, 3.0, "Seconds allowed for a health probe of the server."),
    Setting("timeout", float, 60.0, "Seconds allowed for one request to the server."),
    Setting("hook_timeout", float, 2.0, "Seconds a hook may spend on the network (recall only)."),
    Setting(
        "project_group", str, "", "Use this group id for the project instead of the derived one."
    ),
    Setting("global_group", str, "global", "Group id of cross-project memory."),
    Setting("context_window", int, 200_000, "The model's context window in tokens (sizes recall)."),
    Setting("injection_interval", int, 10, "Re-inject new memories every N prompts (0 = never)."),
    Setting(
        "reprompt",
        str,
        "substantive",
        "Ask the agent to keep memories after substantive turns.",
        choices=("substantive", "off"),
    ),
    Setting("max_reprompts", int, 3, "At most this many stop re-prompts per session."),
    Setting("episode_chars", int, 12_000, "Longest captured episode; longer turns keep their end."),
    Setting("chunk_chars", int, 8_000, "Default chunk size of `graphmem ingest`."),
    Setting("redact_patterns", list, [], "Extra regular expressions to redact (kind: custom)."),
    Setting("redact_allowlist", list, [], "Regular expressions of text never to redact."),
    Setting("spool_max_attempts", int, 5, "Server rejections before an episode is marked dead."),
    Setting("spool_max_pending", int, 10_000, "Most episodes waiting for the server."),
    Setting("spool_max_bytes", int, 64 * MIB, "Most bytes waiting for the server."),
    Setting("spool_max_age_days", int, 30, "Oldest an episode may wait for the server."),
    Setting(
        "spool_confirm_after_s",
        int,
        600,
        "Re-send an episode the server accepted but does not show after this many seconds.",
    ),
    Setting("session_retention_days", int, 30, "Forget per-session hook state after this long."),
)
BY_KEY = {s.key: s for s in SETTINGS}


@record(frozen=True)
class Config:
    values: Mapping[str, Any]
    files: tuple[str, ...] = ()  # config files in effect, lowest precedence first
    env: tuple[str, ...] = ()  # GRAPHMEM_* variables in effect
    project_root: str = field(default_factory=os.getcwd)
    in_repo: bool = False  # project_root is a git work tree's root

    def __getattr__(self, key: str) -> Any:
        try:
            return self.values[key]
        except KeyError:
            raise AttributeError(key) from None

    @property
    def syncing(self) -> bool:
        """Memory also goes to a Graphiti server (backend graphiti), through the spool."""
        return bool(self.values["backend"] == "graphiti")


def _coerce(setting: Setting, value: Any, where: str) -> Any:
    """Check one value against its setting; raise ConfigError naming where, the key and the type."""
    expected = {
        str: "a string",
        int: "an integer",
        float: "a number",
        bool: "true or false",
        list: "a list of strings",
        dict: "a table of strings",
    }[setting.type]
    ok: bool
    if setting.type is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if setting.type is list:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    elif setting.type is dict:
        ok = isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
    elif setting.type is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, setting.type)
    if not ok:
        raise ConfigError(f"{where}: `{setting.key}` must be {expected}, got {value!r}")
    if setting.choices and value not in setting.choices:
        raise ConfigError(
            f"{where}: `{setting.key}` must be one of {', '.join(setting.choices)}, got {value!r}"
        )
    if setting.type in (int, float) and value < 0:
        raise ConfigError(f"{where}: `{setting.key}` must not be negative, got {value!r}")
    return value


def _from_env_text(setting: Setting, text: str, where: str) -> Any:
    try:
        if setting.type is int:
            return int(text)
        if setting.type is float:
            return float(text)
        if setting.type is bool:
            return {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}[
                text.strip().lower()
            ]
        if setting.type is list:
            return [part.strip() for part in text.split(",") if part.strip()]
        if setting.type is dict:
            pairs = (part.split("=", 1) for part in text.split(",") if part.strip())
            return {k.strip(): v.strip() for k, v in pairs}
    except (ValueError, KeyError):
        raise ConfigError(f"{where}: `{text}` is not valid for `{setting.key}`") from None
    return text


def _parse_toml(path: str) -> dict[str, Any]:
    import tomllib  # ~7 ms in a hook process: the cache below spares hooks from it

    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc}); fix or remove the file") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror})") from None


# A file modified this recently may change again within the file system's timestamp granularity
# without its stat changing, so it is parsed but not cached until it has been still for a while.
SETTLED_NS = 2_000_000_000


def _cached_toml(path: str) -> dict[str, Any]:
    """The parsed file, from the parse cache while the file's stat is unchanged."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror})") from None
    stamp = [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]
    cache_file = paths.config_cache_file()
    cache: dict[str, Any] = {}
    try:
        with open(cache_file, encoding="utf-8") as fh:
            loaded = json.load(fh)
    except (OSError, ValueError):
        loaded = None  # none yet, or unreadable: parse, and start a new one
    if isinstance(loaded, dict):
        cache = loaded
        entry = cache.get(path)
        if isinstance(entry, dict) and entry.get("stamp") == stamp:
            data = entry.get("data")
            if isinstance(data, dict):
                return data
    data = _parse_toml(path)
    if time.time_ns() - st.st_mtime_ns > SETTLED_NS:
        cache = {name: entry for name, entry in cache.items() if os.path.exists(name)}
        cache[path] = {"stamp": stamp, "data": data}
        _write_private(cache_file, cache)
    return data


def _write_private(path: str, value: object) -> None:
    """Best effort: a cache that cannot be written (full disk, read-only home) is only slower."""
    try:
        text = json.dumps(value)
        paths.private_dir(os.path.dirname(path))
        tmp = f"{path}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except (OSError, TypeError, ValueError):  # TypeError: a TOML datetime, which JSON cannot hold
        pass


def _read_file(path: str) -> dict[str, Any]:
    data = _cached_toml(path)
    for key, value in data.items():
        setting = BY_KEY.get(key)
        if setting is None:
            known = ", ".join(sorted(BY_KEY))
            raise ConfigError(f"{path}: unknown key `{key}` (known keys: {known})")
        data[key] = _coerce(setting, value, path)
    return data


def update_user_file(updates: Mapping[str, Any]) -> dict[str, Any]:
    """Set (or, for None, remove) keys in the user config.toml, keeping every other key.

    Returns the previous value of each updated key (None where it was absent), so the change can
    be undone. The file may hold a token: it is written 0600 in a 0700 directory.
    """
    import tomli_w

    path = paths.user_config_file()
    current = _read_file(path) if os.path.isfile(path) else {}
    previous = {key: current.get(key) for key in updates}
    for key, value in updates.items():
        if value is None:
            current.pop(key, None)
        else:
            current[key] = _coerce(BY_KEY[key], value, f"setting {key}")
    paths.private_dir(os.path.dirname(path))
    tmp = f"{path}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as fh:
        tomli_w.dump(current, fh)
    os.replace(tmp, path)
    return previous


def _upwards(directory: str) -> Iterator[str]:
    """`directory` (absolute) and each of its parents, up to the file system's root."""
    while True:
        yield directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return
        directory = parent


def find_project_root(cwd: str | os.PathLike[str]) -> tuple[str, bool]:
    """The enclosing git work tree's root (and True), or `cwd` itself (and False)."""
    cwd = os.path.abspath(cwd)
    for directory in _upwards(cwd):
        if os.path.exists(os.path.join(directory, ".git")):
            return directory, True
    return cwd, False


def project_files(cwd: str, root: str) -> list[str]:
    """`.graphmem.toml` files from the repository root down to `cwd` (nearest wins)."""
    found = []
    for directory in _upwards(cwd):
        candidate = os.path.join(directory, PROJECT_FILE)
        if os.path.isfile(candidate):
            found.append(candidate)
        if directory == root:
            break
    return found[::-1]


def load(
    cwd: str | os.PathLike[str] | None = None,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Config:
    cwd = os.path.realpath(cwd or os.getcwd())
    environ = os.environ if environ is None else environ
    root, in_repo = find_project_root(cwd)
    values = {s.key: s.default for s in SETTINGS}
    user_file = paths.user_config_file()
    files = [user_file] if os.path.isfile(user_file) else []
    files += project_files(cwd, root)
    for path in files:
        values.update(_read_file(path))
    used_env = []
    for setting in SETTINGS:
        text = environ.get(setting.env)
        if text is not None:
            values[setting.key] = _coerce(
                setting, _from_env_text(setting, text, setting.env), setting.env
            )
            used_env.append(setting.env)
    for key, value in (overrides or {}).items():
        if value is not None:
            values[key] = _coerce(BY_KEY[key], value, f"--{key.replace('_', '-')}")
    if values["backend"] == "graphiti" and not values["url"]:
        raise ConfigError(
            "backend is `graphiti` but no `url` is set: set url in config.toml or GRAPHMEM_URL"
        )
    return Config(
        values=values,
        files=tuple(files),
        env=tuple(used_env),
        project_root=root,
        in_repo=in_repo,
    )
