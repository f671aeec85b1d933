"""Run the real Claude Code, opencode and pi CLIs offline against the local model stub.

Every run gets an isolated HOME (plus XDG dirs and CLAUDE_CONFIG_DIR under it), the env switches
that stop each host from phoning home, and a hard timeout; a run's whole process group is killed
by its leader's PID when it ends, so background children (opencode's npm install, hook commands)
never outlive a test. `stub_url` is always the stub server's root (`ModelStub.url`).

Install the pinned hosts with `.ci/install-hosts.sh` (into `.cache/hosts`).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx

from tests.support.httpstub import free_port

REPO_ROOT = Path(__file__).resolve().parents[2]
# Where .ci/install-hosts.sh puts the pinned hosts (same override variable as the script).
HOSTS_PREFIX = Path(os.environ.get("GRAPHMEM_HOSTS_PREFIX") or REPO_ROOT / ".cache" / "hosts")
INSTALL_HINT = "install the pinned host CLIs with .ci/install-hosts.sh"
STUB_PROVIDER, STUB_MODEL = "stub", "stub-model"

# Parent variables that would point a host at a real account, config or a parent agent session.
_LEAKY_PREFIXES = ("ANTHROPIC_", "CLAUDE", "OPENCODE", "OPENAI_", "PI_", "XDG_", "npm_config_")

CLAUDE_ENV = {
    "ANTHROPIC_API_KEY": "sk-ant-test",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "DISABLE_AUTOUPDATER": "1",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
}
OPENCODE_ENV = {
    "OPENCODE_DISABLE_MODELS_FETCH": "1",
    "OPENCODE_DISABLE_AUTOUPDATE": "1",
    "OPENCODE_DISABLE_SHARE": "1",
    "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
    "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
    # opencode runs `npm install @opencode-ai/plugin` in each config folder in the background:
    # offline mode + no retries make it fail at once instead of stalling (~72 s) or downloading.
    "npm_config_offline": "true",
    "npm_config_fetch_retries": "0",
}
PI_ENV = {"PI_OFFLINE": "1", "PI_SKIP_VERSION_CHECK": "1", "PI_TELEMETRY": "0"}

DEFAULT_TIMEOUT = 120.0


class HostTimeout(AssertionError):
    """A host run exceeded its timeout; carries what it printed so far."""


@dataclass
class HostRun:
    """The outcome of one host CLI run."""

    argv: list[str]
    returncode: int
    stdout: str
    stderr: str
    elapsed: float
    output: Any = None  # Claude Code's parsed `--output-format json` result
    events: list[dict[str, Any]] = field(default_factory=list)  # opencode `--format json` events

    @property
    def session_id(self) -> str | None:
        if isinstance(self.output, dict) and self.output.get("session_id"):
            return str(self.output["session_id"])
        return next((str(e["sessionID"]) for e in self.events if e.get("sessionID")), None)

    @property
    def reply_text(self) -> str:
        """The assistant's final answer as the host printed it, whatever the host."""
        if isinstance(self.output, dict):
            return str(self.output.get("result") or "")
        if self.events:
            texts = [e.get("part", {}).get("text", "") for e in self.events if e["type"] == "text"]
            return "\n".join(texts)
        return self.stdout.strip()

    def check(self) -> HostRun:
        """Raise with the host's output unless it exited 0."""
        if self.returncode != 0:
            raise AssertionError(
                f"{self.argv[0]} exited {self.returncode}\n"
                f"stdout:\n{self.stdout[-4000:]}\nstderr:\n{self.stderr[-4000:]}"
            )
        return self


# --- binaries and environment ------------------------------------------------------------------


def pinned_versions() -> dict[str, tuple[str, str]]:
    """binary -> (npm package, version): the pins in .ci/hosts.txt, which the install obeys."""
    pins = {}
    for line in (REPO_ROOT / ".ci" / "hosts.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            spec, binary = line.split()
            package, _, version = spec.rpartition("@")
            pins[binary] = (package, version)
    return pins


def installed_version(binary: Path, package: str) -> str | None:
    """The version of npm `package` that `binary` runs (its package.json), if it is that one."""
    for folder in Path(os.path.realpath(binary)).parents:
        manifest = folder / "package.json"
        if manifest.is_file():
            data = json.loads(manifest.read_text())
            if data.get("name") == package:
                return str(data.get("version"))
    return None


def find_binary(name: str) -> Path | None:
    """The host binary at its pinned version: from the repo-local install, else from PATH. Any
    other version (or a build not from npm) is not the host the tests were verified with."""
    package, version = pinned_versions()[name]
    folders = [HOSTS_PREFIX / "bin", *map(Path, os.get_exec_path())]
    for found in (folder / name for folder in folders):
        if os.access(found, os.X_OK) and installed_version(found, package) == version:
            return found
    return None


def require_binary(name: str) -> Path:
    binary = find_binary(name)
    if binary is None:
        version = pinned_versions()[name][1]
        raise FileNotFoundError(
            f"{name} {version} not found in {HOSTS_PREFIX / 'bin'} or PATH; {INSTALL_HINT}"
        )
    return binary


def host_env(home: Path, cwd: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The parent env minus host-related variables, with HOME/XDG under `home`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_LEAKY_PREFIXES)}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
        # Bun-built hosts (opencode) take the project directory from PWD, not the real cwd.
        PWD=str(cwd),
        # graphmem's console script too: a project's shared files start the `graphmem` on PATH.
        PATH=os.pathsep.join(
            [str(HOSTS_PREFIX / "bin"), os.path.dirname(sys.executable), os.environ.get("PATH", "")]
        ),
    )
    env.update(extra or {})
    return env


# --- processes ---------------------------------------------------------------------------------


def _kill_group(pid: int) -> None:
    """Kill the process group a host leader started (its own session), if anything is left."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def run_process(
    argv: Sequence[str], cwd: Path, env: Mapping[str, str], timeout: float = DEFAULT_TIMEOUT
) -> HostRun:
    """Run `argv` to completion in its own process group, bounded by `timeout` seconds.

    Output goes to files, not pipes: a background grandchild holding a pipe open would otherwise
    keep the run "alive" after the host itself exited.
    """
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.monotonic()
        proc = subprocess.Popen(
            list(argv),
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            text=True,
            start_new_session=True,
        )
        try:
            returncode = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            returncode = None
        finally:
            _kill_group(proc.pid)
            proc.wait()
        elapsed = time.monotonic() - started
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if returncode is None:
        tail = f"stdout:\n{stdout[-4000:]}\nstderr:\n{stderr[-4000:]}"
        raise HostTimeout(f"{argv[0]} timed out after {timeout}s\n{tail}")
    return HostRun(list(argv), returncode, stdout, stderr, elapsed)


# --- Claude Code -------------------------------------------------------------------------------


def run_claude(
    prompt: str,
    cwd: Path,
    home: Path,
    stub_url: str,
    resume: str | None = None,
    settings: Mapping[str, Any] | None = None,
    extra_args: Sequence[str] = (),
    allowed_tools: Sequence[str] = ("Bash", "Write", "Read", "Edit"),
    env: Mapping[str, str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> HostRun:
    """`claude -p <prompt> --output-format json`; `output` holds the parsed result JSON.

    Tools are pre-approved with --allowedTools because print mode cannot ask, and
    --dangerously-skip-permissions is refused when running as root (CI containers).
    """
    argv = [str(require_binary("claude")), "-p", prompt, "--output-format", "json"]
    if resume:
        argv += ["--resume", resume]
    if settings is not None:
        argv += ["--settings", json.dumps(settings)]
    if allowed_tools:
        argv += ["--allowedTools", ",".join(allowed_tools)]
    argv += extra_args
    extra = {
        **CLAUDE_ENV,
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "ANTHROPIC_BASE_URL": stub_url,
    }
    run = run_process(argv, cwd, host_env(home, cwd, {**extra, **(env or {})}), timeout)
    run.output = _last_json_line(run.stdout)
    return run


def _last_json_line(text: str) -> Any:
    for line in reversed(text.strip().splitlines()):
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            continue
    return None


# --- opencode ----------------------------------------------------------------------------------


def write_opencode_config(home: Path, stub_url: str, **overrides: Any) -> Path:
    """The user-level opencode.json: the stub as an OpenAI-compatible provider, tools allowed."""
    config = {
        "$schema": "https://opencode.ai/config.json",
        "model": f"{STUB_PROVIDER}/{STUB_MODEL}",
        "small_model": f"{STUB_PROVIDER}/{STUB_MODEL}",
        "autoupdate": False,
        "share": "disabled",
        "permission": {"bash": "allow", "edit": "allow"},
        "provider": {
            STUB_PROVIDER: {
                "npm": "@ai-sdk/openai-compatible",
                "name": "Stub",
                "options": {"baseURL": f"{stub_url}/v1", "apiKey": "sk-test"},
                "models": {STUB_MODEL: {"name": "Stub model", "tool_call": True}},
            }
        },
        **overrides,
    }
    path = home / ".config" / "opencode" / "opencode.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(config, indent=2))
    return path


def run_opencode(
    prompt: str,
    cwd: Path,
    home: Path,
    stub_url: str,
    session: str | None = None,
    extra_args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> HostRun:
    """`opencode run --format json <prompt>`; `events` holds its JSON event lines.

    One-shot `run` exits at the first session idle, so plugins cannot re-prompt from there.
    """
    write_opencode_config(home, stub_url)
    argv = [str(require_binary("opencode")), "run", "--format", "json", "--print-logs"]
    if session:
        argv += ["--session", session]
    argv += [*extra_args, prompt]
    run = run_process(argv, cwd, host_env(home, cwd, {**OPENCODE_ENV, **(env or {})}), timeout)
    run.events = [e for e in map(_json_or_none, run.stdout.splitlines()) if isinstance(e, dict)]
    return run


def _json_or_none(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return None


class OpencodeServer:
    """`opencode serve` on a loopback port, with helpers for its HTTP API.

    Unlike `opencode run`, the server keeps running after a session goes idle, so plugins that
    react to `session.idle` (and re-prompt from there) can be observed.
    """

    def __init__(
        self,
        cwd: Path,
        home: Path,
        stub_url: str,
        env: Mapping[str, str] | None = None,
        startup_timeout: float = 60.0,
        request_timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        self.cwd, self.home, self.stub_url = cwd, home, stub_url
        self.env = dict(env or {})
        self.startup_timeout, self.request_timeout = startup_timeout, request_timeout
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = home / "opencode-serve.log"
        self._proc: subprocess.Popen[bytes] | None = None
        self._client = httpx.Client(base_url=self.url, timeout=request_timeout)

    def __enter__(self) -> OpencodeServer:
        write_opencode_config(self.home, self.stub_url)
        argv = [str(require_binary("opencode")), "serve", "--print-logs"]
        argv += ["--hostname", "127.0.0.1", "--port", str(self.port)]
        self.home.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("wb") as log:
            self._proc = subprocess.Popen(
                argv,
                cwd=self.cwd,
                env=host_env(self.home, self.cwd, {**OPENCODE_ENV, **self.env}),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            assert self._proc is not None
            if self._proc.poll() is not None:
                raise AssertionError(f"opencode serve exited early:\n{self.log()[-4000:]}")
            try:
                if self._client.get("/config", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        raise HostTimeout(
            f"opencode serve not ready after {self.startup_timeout}s:\n{self.log()[-4000:]}"
        )

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL of its process group)."""
        self._client.close()
        if self._proc is None:
            return
        if self._proc.poll() is None:
            self._proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._proc.wait(timeout=10)
        _kill_group(self._proc.pid)
        self._proc.wait()
        self._proc = None

    def log(self) -> str:
        """The server's combined stdout/stderr so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        response = self._client.request(
            method, path, json=body, params={"directory": str(self.cwd)}
        )
        response.raise_for_status()
        return response.json() if response.content else None

    def create_session(self, title: str | None = None) -> str:
        session = self._call("POST", "/session", {"title": title} if title else {})
        return str(session["id"])

    def send_message(self, session_id: str, text: str) -> Any:
        """Prompt the session; returns once the assistant's reply is complete."""
        body = {
            "model": {"providerID": STUB_PROVIDER, "modelID": STUB_MODEL},
            "parts": [{"type": "text", "text": text}],
        }
        return self._call("POST", f"/session/{session_id}/message", body)

    def messages(self, session_id: str) -> list[dict[str, Any]]:
        return list(self._call("GET", f"/session/{session_id}/message"))

    def summarize(self, session_id: str) -> Any:
        """Compact the session (fires experimental.session.compacting, then session.compacted)."""
        body = {"providerID": STUB_PROVIDER, "modelID": STUB_MODEL}
        return self._call("POST", f"/session/{session_id}/summarize", body)

    def delete_session(self, session_id: str) -> Any:
        return self._call("DELETE", f"/session/{session_id}")


# --- pi ----------------------------------------------------------------------------------------


def write_pi_models(home: Path, stub_url: str) -> Path:
    """~/.pi/agent/models.json declaring the stub as an `openai-completions` provider."""
    models = {
        "providers": {
            STUB_PROVIDER: {
                "baseUrl": f"{stub_url}/v1",
                "api": "openai-completions",
                "apiKey": "sk-test",
                "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                "models": [{"id": STUB_MODEL, "name": "Stub model", "reasoning": False}],
            }
        }
    }
    path = home / ".pi" / "agent" / "models.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(models, indent=2))
    return path


def run_pi(
    prompt: str,
    cwd: Path,
    home: Path,
    stub_url: str,
    extra_args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> HostRun:
    """`pi --provider stub --model stub-model -p <prompt>` (project extensions auto-load)."""
    write_pi_models(home, stub_url)
    argv = [str(require_binary("pi")), "--provider", STUB_PROVIDER, "--model", STUB_MODEL]
    argv += [*extra_args, "-p", prompt]
    return run_process(argv, cwd, host_env(home, cwd, {**PI_ENV, **(env or {})}), timeout)


def iter_json_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of a JSON-lines file a hook or plugin appended to (missing -> none)."""
    if not path.exists():
        return
    for line in path.read_text().splitlines():
        if value := _json_or_none(line):
            yield value
