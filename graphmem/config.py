"""Configuration: defaults < user config.toml < project .graphmem.toml < GRAPHMEM_* env < flags.

Every key is declared once in SETTINGS (type, default, help); docs/configuration.md is checked
against it by a test. stdlib only, because the hook path loads config on every event.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Mapping

from graphmem import fastjson, paths
from graphmem.errors import ConfigError
from graphmem.ids import sha256
from graphmem.record import field, record

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any

PROJECT_FILE = ".graphmem.toml"


# What a project's `.graphmem.toml` may set (docs/security.md, "Trusting a project file"). A
# repository is written by whoever wrote it: until the user trusts the file (`graphmem trust`),
# it may only tune harmless things. Every setting declares its class, so a new one must decide.
SAFE = "safe"  # any file may set it
TRUSTED = "trusted"  # runs or moves something, or weakens memory or protection: trusted files only


@record(frozen=True)
class Setting:
    key: str
    type: type
    default: Any
    help: str
    trust: str  # SAFE or TRUSTED
    choices: tuple[str, ...] = ()
    secret: bool = False
    off: Any = None  # a SAFE setting's value that turns something off: trusted files only

    @property
    def env(self) -> str:
        return "GRAPHMEM_" + self.key.upper()

    def allowed_untrusted(self, value: Any) -> bool:
        """Whether an untrusted project file may set this value."""
        return self.trust == SAFE and (self.off is None or value != self.off)


MIB = 1024 * 1024

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "enabled",
        bool,
        True,
        "false turns every hook off without uninstalling; commands still work.",
        SAFE,
        off=False,
    ),
    Setting(
        "backend",
        str,
        "sqlite",
        "Where memory lives: the embedded store, or also a Graphiti MCP server.",
        TRUSTED,
        choices=("sqlite", "graphiti"),
    ),
    Setting("url", str, "", "Graphiti MCP endpoint, e.g. http://127.0.0.1:8000/mcp.", TRUSTED),
    Setting(
        "token",
        str,
        "",
        "Bearer token sent to the Graphiti server (behind a proxy).",
        TRUSTED,
        secret=True,
    ),
    Setting(
        "headers", dict, {}, "Extra HTTP headers for the Graphiti server (a TOML table).", TRUSTED
    ),
    Setting("probe_timeout", float, 3.0, "Seconds allowed for a health probe of the server.", SAFE),
    Setting("timeout", float, 60.0, "Seconds allowed for one request to the server.", SAFE),
    Setting(
        "hook_timeout",
        float,
        30.0,
        "Seconds a host waits for one hook at most (events have lower limits of their own); "
        "`graphmem setup` writes it into the hooks and shims.",
        SAFE,
    ),
    Setting(
        "project_group",
        str,
        "",
        "Use this group id for the project instead of the derived one.",
        TRUSTED,
    ),
    Setting("global_group", str, "global", "Group id of cross-project memory.", TRUSTED),
    Setting(
        "group_prefix",
        str,
        "",
        "Put this before every derived group id (to reuse an existing graph's groups).",
        TRUSTED,
    ),
    Setting(
        "global_only_in_home",
        bool,
        True,
        "In the home directory or `/` (outside a repository) use global memory only.",
        TRUSTED,
    ),
    Setting(
        "recall",
        bool,
        True,
        "Inject relevant memory into sessions; false leaves search and the tools working.",
        SAFE,
        off=False,
    ),
    Setting(
        "context_window",
        int,
        200_000,
        "The model's context window in tokens (sizes recall).",
        TRUSTED,
    ),
    Setting(
        "injection_interval",
        int,
        10,
        "Re-inject new memories every N prompts (0 = never).",
        SAFE,
        off=0,
    ),
    Setting(
        "stale_days",
        int,
        90,
        "Mark memories older than this many days `[stale: N days]` in recall (0 = never).",
        SAFE,
    ),
    Setting(
        "semantic",
        bool,
        True,
        "With the semantic extra installed, `graphmem search` and the agent's search tool also "
        "find memories by meaning.",
        SAFE,
        off=False,
    ),
    Setting(
        "reprompt",
        str,
        "substantive",
        "Ask the agent to keep memories after substantive turns.",
        SAFE,
        choices=("substantive", "off"),
    ),
    Setting("max_reprompts", int, 3, "At most this many stop re-prompts per session.", SAFE),
    Setting(
        "corrections",
        bool,
        True,
        "Keep a prompt that corrects the agent as its own memory at once.",
        SAFE,
        off=False,
    ),
    Setting(
        "flush_on_compact",
        bool,
        True,
        "Capture the session before the host compacts it.",
        SAFE,
        off=False,
    ),
    Setting(
        "flush_on_end", bool, True, "Capture the rest of a session when it ends.", SAFE, off=False
    ),
    Setting(
        "episode_chars",
        int,
        12_000,
        "Longest captured episode; longer turns keep their end.",
        TRUSTED,
    ),
    Setting("chunk_chars", int, 8_000, "Default chunk size of `graphmem ingest`.", SAFE),
    Setting(
        "redact_patterns", list, [], "Extra RE2 regular expressions to redact (kind: custom).", SAFE
    ),
    Setting(
        "redact_allowlist", list, [], "RE2 regular expressions of text never to redact.", TRUSTED
    ),
    Setting(
        "spool_max_attempts",
        int,
        5,
        "Server rejections before an episode is marked dead.",
        TRUSTED,
    ),
    Setting("spool_max_pending", int, 10_000, "Most episodes waiting for the server.", TRUSTED),
    Setting("spool_max_bytes", int, 64 * MIB, "Most bytes waiting for the server.", TRUSTED),
    Setting("spool_max_age_days", int, 30, "Oldest an episode may wait for the server.", TRUSTED),
    Setting(
        "spool_confirm_after_s",
        int,
        600,
        "Re-send an episode the server accepted but does not show after this many seconds.",
        TRUSTED,
    ),
    Setting(
        "pull_limit",
        int,
        200,
        "Newest episodes of each group a sync pulls from the Graphiti server: teammates' kept "
        "memories, stored locally (0 = pull nothing).",
        TRUSTED,
    ),
    Setting(
        "pull_max_bytes",
        int,
        4 * MIB,
        "Most bytes of teammates' episodes one pull stores.",
        TRUSTED,
    ),
    Setting(
        "pull_turns",
        bool,
        False,
        "Also pull teammates' raw turns, not only what they kept on purpose.",
        TRUSTED,
    ),
    Setting(
        "session_retention_days", int, 30, "Forget per-session hook state after this long.", SAFE
    ),
    # Curation runs a model on the user's account: what runs, and how often, is the user's call.
    Setting(
        "curate",
        str,
        "off",
        "Distil each ended session into facts with the user's own agent run headless "
        "(docs/curation.md).",
        TRUSTED,
        choices=("on", "off"),
    ),
    Setting(
        "curate_command",
        str,
        "",
        "The curator: a command reading the prompt on stdin and printing JSON; empty runs the "
        "session's own host headless (claude -p, opencode run, pi -p).",
        TRUSTED,
    ),
    Setting(
        "curate_every",
        int,
        1,
        "A session end starts curation once this many captured turns wait for it.",
        TRUSTED,
    ),
    Setting(
        "curate_idle_turns",
        int,
        10,
        "For a host whose sessions may never end (opencode's run), a finished turn starts "
        "curation once this many captured turns of the session wait for it; 0: never.",
        TRUSTED,
    ),
    Setting(
        "memory_file",
        str,
        "",
        "A file of the project (e.g. MEMORY.md) whose graphmem section lists the curated project "
        "facts, rewritten after each curation; empty: none.",
        TRUSTED,
    ),
    Setting("curate_daily_max", int, 20, "At most this many curation runs a day.", TRUSTED),
    Setting(
        "curate_timeout", float, 300.0, "Seconds a curator may run before it is killed.", TRUSTED
    ),
)
BY_KEY = {s.key: s for s in SETTINGS}


@record(frozen=True)
class Config:
    """The settings in effect, one typed attribute per entry of SETTINGS (a test keeps the two
    in step), and where they came from."""

    enabled: bool
    backend: str
    url: str
    token: str
    headers: dict[str, str]
    probe_timeout: float
    timeout: float
    hook_timeout: float
    project_group: str
    global_group: str
    group_prefix: str
    global_only_in_home: bool
    recall: bool
    context_window: int
    injection_interval: int
    stale_days: int
    semantic: bool
    reprompt: str
    max_reprompts: int
    corrections: bool
    flush_on_compact: bool
    flush_on_end: bool
    episode_chars: int
    chunk_chars: int
    redact_patterns: list[str]
    redact_allowlist: list[str]
    spool_max_attempts: int
    spool_max_pending: int
    spool_max_bytes: int
    spool_max_age_days: int
    spool_confirm_after_s: int
    pull_limit: int
    pull_max_bytes: int
    pull_turns: bool
    session_retention_days: int
    curate: str
    curate_command: str
    curate_every: int
    curate_idle_turns: int
    memory_file: str
    curate_daily_max: int
    curate_timeout: float

    files: tuple[str, ...] = ()  # config files in effect, lowest precedence first
    env: tuple[str, ...] = ()  # GRAPHMEM_* variables in effect
    project_root: str = field(default_factory=os.getcwd)
    in_repo: bool = False  # project_root is a git work tree's root
    # (untrusted project file, the keys of it that were ignored), for one warning line
    ignored: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __repr__(self) -> str:  # a config printed in a traceback or a test must not show secrets
        shown = ", ".join(
            f"{s.key}={'<set>' if s.secret and getattr(self, s.key) else getattr(self, s.key)!r}"
            for s in SETTINGS
        )
        return f"Config({shown}, files={self.files!r}, ignored={self.ignored!r})"

    @property
    def syncing(self) -> bool:
        """Memory also goes to a Graphiti server (backend graphiti), through the spool."""
        return self.backend == "graphiti"


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
    # Errors name the key and what was expected, never the value: it may be a token.
    if not ok:
        raise ConfigError(f"{where}: `{setting.key}` must be {expected}")
    if setting.choices and value not in setting.choices:
        raise ConfigError(f"{where}: `{setting.key}` must be one of {', '.join(setting.choices)}")
    if setting.type in (int, float) and value < 0:
        raise ConfigError(f"{where}: `{setting.key}` must not be negative")
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
        raise ConfigError(f"{where}: not a valid value for `{setting.key}`") from None
    return text


def _parse_toml(path: str) -> tuple[dict[str, Any], str]:
    """The file's values and the SHA-256 of its bytes (what `graphmem trust` records)."""
    import tomllib  # ~7 ms in a hook process: the cache below spares hooks from it

    try:
        with open(path, "rb") as fh:
            raw = fh.read()
        return tomllib.loads(raw.decode("utf-8")), sha256(raw).hexdigest()
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc}); fix or remove the file") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror})") from None


# A file modified this recently may change again within the file system's timestamp granularity
# without its stat changing, so it is parsed but not cached until it has been still for a while.
SETTLED_NS = 2_000_000_000


def _cached_toml(path: str) -> tuple[dict[str, Any], str]:
    """The parsed file and its digest, from the parse cache while the file's stat is unchanged."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror})") from None
    stamp = [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]
    cache_file = paths.config_cache_file()
    cache: dict[str, Any] = {}
    try:
        with open(cache_file, encoding="utf-8") as fh:
            # Whoever could write the cache could plant settings: only our own private one counts.
            loaded = None if paths.foreign(os.fstat(fh.fileno())) else fastjson.load(fh)
    except (OSError, ValueError):
        loaded = None  # none yet, or unreadable: parse, and start a new one
    if isinstance(loaded, dict):
        cache = loaded
        entry = cache.get(path)
        if isinstance(entry, dict) and entry.get("stamp") == stamp:
            data, digest = entry.get("data"), entry.get("sha256")
            if isinstance(data, dict) and isinstance(digest, str):
                return data, digest
    data, digest = _parse_toml(path)
    if time.time_ns() - st.st_mtime_ns > SETTLED_NS:
        cache = {name: entry for name, entry in cache.items() if os.path.exists(name)}
        cache[path] = {"stamp": stamp, "data": data, "sha256": digest}
        _write_private(cache_file, cache)
    return data, digest


def _write_private(path: str, value: object) -> None:
    """Best effort: a cache that cannot be written (full disk, read-only home) is only slower."""
    try:
        text = fastjson.dumps(value)
        paths.private_dir(os.path.dirname(path))
        tmp = f"{path}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except (OSError, TypeError, ValueError):  # TypeError: a TOML datetime, which JSON cannot hold
        pass


def _read_file(path: str) -> tuple[dict[str, Any], str]:
    data, digest = _cached_toml(path)
    for key, value in data.items():
        setting = BY_KEY.get(key)
        if setting is None:
            known = ", ".join(sorted(BY_KEY))
            raise ConfigError(f"{path}: unknown key `{key}` (known keys: {known})")
        data[key] = _coerce(setting, value, path)
    return data, digest


# -- trusting project files ----------------------------------------------------------------------


def _trusted() -> dict[str, str]:
    """Trusted project file -> the SHA-256 of its content when the user trusted it."""
    try:
        with open(paths.trust_file(), encoding="utf-8") as fh:
            data = None if paths.foreign(os.fstat(fh.fileno())) else fastjson.load(fh)
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def _raw_digest(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return sha256(fh.read()).hexdigest()
    except OSError:
        return ""


def file_digest(path: str) -> str:
    return _cached_toml(path)[1]


def is_trusted(path: str) -> bool:
    """Whether the user trusted this project file with exactly its present content."""
    return _trusted().get(os.path.abspath(path)) == file_digest(path)


def set_trust(files: Iterable[str], trusted: bool) -> None:
    """Trust these project files as they are now (or revoke it). A later change of a file's
    content untrusts it again, as direnv and mise do."""
    import json  # indented for people to read: json's own encoder (a command, not a hook)

    table = _trusted()
    for path in files:
        path = os.path.abspath(path)
        if trusted:
            _read_file(path)  # an invalid file is refused now rather than trusted
            table[path] = file_digest(path)
        else:
            table.pop(path, None)
    target = paths.trust_file()
    paths.private_dir(os.path.dirname(target))
    tmp = f"{target}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(table, fh, indent=1, sort_keys=True)
    os.replace(tmp, target)


def _read_project_file(path: str) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A project file's values, and the keys left out because the user does not trust it.

    An untrusted file can neither weaken memory nor break it: what it may not set, and what is
    invalid or unknown, is left out (and named). A trusted file is read as strictly as the user's.
    """
    try:
        data, digest = _cached_toml(path)
    except ConfigError:
        if _trusted().get(path) == _raw_digest(path):
            raise
        return {}, ("all of it (not valid TOML)",)
    allowed: dict[str, Any] = {}
    refused: list[str] = []
    for key, value in data.items():
        setting = BY_KEY.get(key)
        try:
            value = _coerce(setting, value, path) if setting else None
            if key == "redact_patterns":  # a pattern that cannot compile would stop every hook
                from graphmem.redact import Redactor

                Redactor(value or ())
        except (ConfigError, ValueError):
            setting = None
        if setting is not None and setting.allowed_untrusted(value):
            allowed[key] = value
        else:
            refused.append(key)
    if refused and _trusted().get(path) == digest:  # the trust file is read only when needed
        return _read_file(path)[0], ()
    return allowed, tuple(refused)


def ignored_line(cfg: Config) -> str:
    """One line naming what untrusted project files tried to set and how to trust them, or ''."""
    if not cfg.ignored:
        return ""
    keys = ", ".join(dict.fromkeys(k for _, ks in cfg.ignored for k in ks))
    where = ", ".join(path for path, _ in cfg.ignored)
    return (
        f"graphmem: ignored {keys} from untrusted {where}; "
        "review it, then run `graphmem trust` in that directory to apply it"
    )


def update_user_file(updates: Mapping[str, Any]) -> dict[str, Any]:
    """Set (or, for None, remove) keys in the user config.toml, keeping every other key.

    Returns the previous value of each updated key (None where it was absent), so the change can
    be undone. The file may hold a token: it is written 0600 in a 0700 directory.
    """
    import tomli_w

    path = paths.user_config_file()
    current = _read_file(path)[0] if os.path.isfile(path) else {}
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
    if os.path.isfile(user_file):
        values.update(_read_file(user_file)[0])
    files = [user_file] if os.path.isfile(user_file) else []
    ignored = []
    for path in project_files(cwd, root):
        data, refused = _read_project_file(path)
        if refused:
            ignored.append((path, refused))
        values.update(data)
        files.append(path)
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
        **values,
        files=tuple(files),
        env=tuple(used_env),
        project_root=root,
        in_repo=in_repo,
        ignored=tuple(ignored),
    )
