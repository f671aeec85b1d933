"""`graphmem setup` with no subcommand: the first-hour wizard, and `--remove` to undo it.

Every question has a flag, so scripts and CI run it unattended (`--yes` takes every default).
Without a terminal it never prompts: it names the flags to pass instead. What setup changed (config
keys with their previous values, hook files, the compose file) is recorded in `setup-state.json`
so `graphmem setup --remove` can put everything back.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from graphmem import config, hosts, paths
from graphmem.backends import graphiti_server
from graphmem.cli.common import App, abort, get_app
from graphmem.errors import Exit, GraphmemError
from graphmem.record import field, record

if TYPE_CHECKING:
    from graphmem.hosts.host import Host

STATE = "setup-state.json"


@record
class Answers:
    hosts: list[str]
    scope: str  # user | project
    backend: str  # sqlite | graphiti
    url: str = ""
    reprompt: str = "substantive"
    injection_interval: int = 10
    global_group: str = "global"
    compose: bool = False  # write a docker-compose file for a Graphiti server
    start_server: bool = False


@record
class Done:
    lines: list[str] = field(default_factory=list)
    state: dict[str, Any] = field(
        default_factory=lambda: {"config": {}, "hooks": [], "compose": None, "file": None}
    )


def _state_path() -> Path:
    return Path(paths.config_dir(), STATE)


def _ask(app: App, flags: dict[str, Any], yes: bool) -> Answers:
    """Fill what no flag said: defaults with --yes, questions on a terminal, else an error."""
    detected = [name for name, host in hosts.installers().items() if host.detected()]
    defaults: dict[str, Any] = {
        "hosts": detected,
        "scope": "user",
        "backend": "sqlite",
        "url": graphiti_server.URL,
        "reprompt": "substantive",
        "injection_interval": 10,
        "global_group": config.load().global_group,
    }
    missing = [k for k in defaults if flags.get(k) is None]
    if missing and not yes and not app.interactive:
        hints = {
            "hosts": "--host NAME (repeatable) or --no-hosts",
            "scope": "--project / --user",
            "backend": "--backend sqlite|graphiti [--url URL]",
            "reprompt": "--reprompt substantive|off",
            "injection_interval": "--injection-interval N",
            "global_group": "--global-group NAME",
            "url": "--url URL",
        }
        abort(
            "no terminal to ask on: pass --yes for the defaults, or "
            + ", ".join(hints[k] for k in missing if k != "url"),
            Exit.USAGE,
        )
    values = {k: flags[k] if flags.get(k) is not None else defaults[k] for k in defaults}
    values["compose"] = bool(flags.get("compose"))
    values["start_server"] = bool(flags.get("start_server"))
    if not yes and missing:
        values = _questions(values, missing, detected)
    return Answers(
        hosts=list(values["hosts"]),
        scope=values["scope"],
        backend=values["backend"],
        url=values["url"] if values["backend"] == "graphiti" else "",
        reprompt=values["reprompt"],
        injection_interval=int(values["injection_interval"]),
        compose=values["compose"],
        start_server=values["start_server"],
        global_group=values["global_group"],
    )


def _questions(values: dict[str, Any], missing: list[str], detected: list[str]) -> dict[str, Any]:
    import questionary

    def answer(question: Any) -> Any:
        result = question.ask()
        if result is None:  # Ctrl-C
            abort("setup cancelled; nothing changed", Exit.CANCELLED)
        return result

    while "hosts" in missing:  # Enter on an empty checklist is easily a slip: make sure
        values["hosts"] = answer(
            questionary.checkbox(
                "Wire graphmem into which agents? (Space ticks one, Enter goes on)",
                choices=[
                    questionary.Choice(
                        f"{name}{'' if name in detected else ' (not found)'}",
                        value=name,
                        checked=name in detected,
                    )
                    for name in hosts.PACKAGES
                ],
            )
        )
        if values["hosts"] or answer(
            questionary.confirm("No agent ticked: go on without wiring any agent?", default=False)
        ):
            break
    if "scope" in missing:
        values["scope"] = answer(
            questionary.select(
                "Install the hooks for",
                choices=[
                    questionary.Choice("every project (user settings)", value="user"),
                    questionary.Choice("this project only", value="project"),
                ],
            )
        )
    if "backend" in missing:
        values["backend"] = answer(
            questionary.select(
                "Where should memory live?",
                choices=[
                    questionary.Choice(
                        "on this machine (embedded SQLite, no server)", value="sqlite"
                    ),
                    questionary.Choice("also in a shared Graphiti server", value="graphiti"),
                ],
            )
        )
    if values["backend"] == "graphiti" and "url" in missing and not values["compose"]:
        if answer(questionary.confirm("Do you already run a Graphiti MCP server?", default=True)):
            values["url"] = answer(  # probed on Enter: a wrong url is asked again, not later
                questionary.text(
                    "Graphiti MCP url",
                    default=values["url"],
                    validate=lambda url: _server_problem(url) or True,
                    validate_while_typing=False,
                )
            )
        else:  # give them one: a compose file for the official image, started if they agree
            values["compose"] = True
            values["start_server"] = graphiti_server.docker_engine_answers() and answer(
                questionary.confirm("A Docker engine answers: start the server now?", default=False)
            )
    if "reprompt" in missing:
        values["reprompt"] = answer(
            questionary.select(
                "After a turn that changed files, ask the agent to keep what it learned?",
                choices=[
                    questionary.Choice("yes", value="substantive"),
                    questionary.Choice("no", value="off"),
                ],
            )
        )
    if "global_group" in missing:
        values["global_group"] = answer(
            questionary.text(
                "Group id for memory shared by all your projects", default=values["global_group"]
            )
        )
    if "injection_interval" in missing:
        values["injection_interval"] = int(
            answer(
                questionary.text(
                    "Show new memories every N prompts (0 = only at the start)",
                    default=str(values["injection_interval"]),
                    validate=lambda text: text.isdigit() or "a whole number",
                )
            )
        )
    return values


def _offer_trust() -> None:
    """Ask whether to trust this repository's .graphmem.toml, when it sets keys that need it.
    Never assumed (not with --yes either): the user reviews the file first."""
    import questionary

    cfg = config.load()
    for path, keys in cfg.ignored:
        question = (
            f"{path} sets {', '.join(keys)}, which a project file may set only once you trust "
            "it (it can move or switch off your memory). Review it: trust it as it is now?"
        )
        if questionary.confirm(question, default=False).ask():
            config.set_trust([path], True)


def _server_problem(url: str) -> str:
    """Why the Graphiti server at `url` cannot be used, or ''."""
    from graphmem.backends.mcp import McpError
    from graphmem.service import probe_server

    try:
        probe_server(url)
    except McpError as exc:
        return f"no Graphiti server answers there ({exc}); fix the url or start the server"
    return ""


def _check_server(url: str, app: App) -> None:
    """Probe the Graphiti server before saving its url; explain the failure."""
    from graphmem.backends.mcp import McpError
    from graphmem.service import probe_server

    try:
        info = probe_server(url)
    except McpError as exc:
        abort(
            f"the Graphiti server at {url} did not answer properly: {exc}. Nothing was "
            "saved. Start the server (see `graphmem setup --compose`) or check the url.",
            exc.code,
        )
    app.note(f"Graphiti server {info.name} {info.version} answers at {url}")


def _group_of(project_root: Path) -> str:
    from graphmem.service import Memory

    return Memory.for_config(config.load(str(project_root))).project.group_id


def _apply(app: App, answers: Answers, project_root: Path) -> Done:
    done = Done()
    if answers.compose:
        path = graphiti_server.write_compose()
        done.state["compose"] = str(path)
        done.lines.append(f"wrote a Graphiti + FalkorDB compose file: {path}")
        command = graphiti_server.start_command(path)
        if answers.start_server and graphiti_server.docker_engine_answers():
            subprocess.run(command, check=False)
            done.lines.append(f"started it ({' '.join(command)})")
        else:
            reason = "" if not answers.start_server else " (no Docker engine answers here)"
            done.lines.append(f"start it with: {' '.join(command)}{reason}")
        done.lines.append(f"then point graphmem at {graphiti_server.URL}")
    if answers.backend == "graphiti" and not answers.compose:
        _check_server(answers.url, app)
    if answers.backend == "graphiti":
        done.lines.append(graphiti_server.database_hint(_group_of(project_root)))
    updates = {
        "backend": answers.backend,
        "url": answers.url or None,
        "reprompt": answers.reprompt,
        "injection_interval": answers.injection_interval,
        "global_group": answers.global_group,
    }
    before = _text(paths.user_config_file())
    previous = config.update_user_file(updates)
    done.state["config"] = previous
    done.state["file"] = {"before": before, "after": _text(paths.user_config_file())}
    changed = [f"{k} = {v!r}" for k, v in updates.items() if v is not None and previous[k] != v]
    if changed:
        done.lines.append(f"config {paths.user_config_file()}: " + ", ".join(changed))
    for name in answers.hosts:
        host = hosts.installer(name)
        target = host.target(answers.scope, project_root)
        change = host.apply(target)
        done.state["hooks"].append({"host": name, "path": str(target)})
        verb = "wired" if change.written else "already wired"
        done.lines.append(f"{verb} {name}: {target}")
    return done


def _record(new: dict[str, Any]) -> None:
    """Merge into the recorded state: the oldest previous value of a key is what undo restores."""
    path = _state_path()
    state = json.loads(path.read_text()) if path.is_file() else {"config": {}, "hooks": []}
    state["config"] = {**new["config"], **state.get("config", {})}
    state["hooks"] += [h for h in new["hooks"] if h not in state["hooks"]]
    state["compose"] = state.get("compose") or new["compose"]
    if new["file"]:  # config.toml as setup first found it, and as setup last left it
        first = (state.get("file") or new["file"])["before"]
        state["file"] = {"before": first, "after": new["file"]["after"]}
    paths.private_dir(path.parent)
    path.write_text(json.dumps(state, indent=2))


def _remove(project_root: Path) -> list[str]:
    """Undo what the wizard recorded, then graphmem's wiring of every host in the personal scopes
    (user, and this project's local), however it was made. A project's shared files are the
    team's: those are named, not changed."""
    path = _state_path()
    state = json.loads(path.read_text()) if path.is_file() else {}
    lines = []
    for entry in state.get("hooks", []):
        change = hosts.installer(entry["host"]).apply(Path(entry["path"]), remove=True)
        if change.removed:
            lines.append(f"unwired {entry['host']}: {entry['path']}")
    for host in hosts.installers().values():
        for scope in host.scopes:
            lines += _unwire(host, scope, project_root)
    if state.get("config"):
        lines.append(_restore_config(state))
    compose = state.get("compose")
    if compose and Path(compose).is_file():
        Path(compose).unlink()
        lines.append(f"removed {compose} (a running server is left running)")
    if path.is_file():
        path.unlink()
    return lines or ["nothing to undo: no agent is wired to graphmem here"]


def _text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


def _restore_config(state: dict[str, Any]) -> str:
    """config.toml as setup found it: byte for byte (comments, order; gone if setup made it)
    while no one has edited it since, else only the keys setup set, the rest as it is now."""
    path = paths.user_config_file()
    file = state.get("file") or {}
    if file and _text(path) == file["after"]:
        if file["before"] is None:
            os.unlink(path)
            return f"removed {path} (setup had created it)"
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(file["before"])
        return f"restored {path} as it was"
    config.update_user_file(state["config"])
    if not (_text(path) or "").strip():
        os.unlink(path)
        return f"removed {path} (setup's keys were all it held)"
    return f"restored config keys: {', '.join(state['config'])}"


def _unwire(host: Host, scope: str, project_root: Path) -> list[str]:
    target = host.target(scope, project_root)
    if scope == "project":
        if host.state(target) == "absent":
            return []
        undo = f"graphmem setup {host.name} --remove --project"
        return [f"kept {host.name}'s wiring in {target}, shared with your team: {undo}"]
    try:
        change = host.apply(target, remove=True)
        tools = host.tools(scope, project_root, True) if host.tools else []
    except GraphmemError as exc:
        return [f"left {host.name} as it was: {exc}"]
    done = [f"unwired {host.name}: {target}"] if change.removed else []
    return done + [line for line in tools if line.startswith("removed ")]


def setup(
    ctx: typer.Context,
    yes: bool = typer.Option(False, "--yes", "-y", help="Take the default for every question."),
    remove: bool = typer.Option(
        False,
        "--remove",
        help="Undo everything setup did, and unwire every agent here (user scope, this "
        "project's --local); run it before uninstalling graphmem.",
    ),
    host: list[str] = typer.Option(
        [], help="Wire this agent: claude-code, opencode or pi (repeatable)."
    ),
    no_hosts: bool = typer.Option(False, "--no-hosts", help="Wire no agent."),
    project: bool | None = typer.Option(
        None, "--project/--user", help="Hooks for this project only, or for every project."
    ),
    backend: str | None = typer.Option(None, help="sqlite (default) or graphiti."),
    url: str | None = typer.Option(None, help="Graphiti MCP url; tested before it is saved."),
    reprompt: str | None = typer.Option(None, help="substantive (default) or off."),
    injection_interval: int | None = typer.Option(
        None, min=0, help="Show new memories every N prompts (0 = only at the start)."
    ),
    global_group: str | None = typer.Option(
        None, help="Group id of memory shared by all projects (default: global)."
    ),
    compose: bool = typer.Option(
        False, "--compose", help="Write a docker-compose file for a Graphiti server."
    ),
    start_server: bool = typer.Option(
        False, "--start-server", help="With --compose: start it if a Docker engine answers."
    ),
) -> None:
    """Set graphmem up: wire the agents, choose where memory lives, save the config.

    Run with no options on a terminal to be asked; in scripts pass --yes or the flags. The
    subcommands wire one agent at a time. On a terminal it also asks whether to trust this
    repository's .graphmem.toml when that file sets keys that need trust (see graphmem trust).

    Example: graphmem setup --yes --host claude-code
    """
    if ctx.invoked_subcommand:
        return
    app = get_app(ctx)
    if remove:
        root, _ = config.find_project_root(Path.cwd().resolve())
        for line in _remove(Path(root)):
            app.out.print(line, highlight=False, markup=False)
        return
    unknown = [h for h in host if h not in hosts.PACKAGES]
    if unknown:
        raise typer.BadParameter(
            f"unknown agent {unknown[0]!r}; known: {', '.join(hosts.PACKAGES)}", param_hint="--host"
        )
    flags = {
        "hosts": [] if no_hosts else (host or None),
        "scope": None if project is None else ("project" if project else "user"),
        "backend": "graphiti" if url and backend is None else backend,
        "url": url,
        "reprompt": reprompt,
        "injection_interval": injection_interval,
        "global_group": global_group,
        "compose": compose,
        "start_server": start_server,
    }
    if flags["backend"] not in (None, "sqlite", "graphiti"):
        raise typer.BadParameter("must be sqlite or graphiti", param_hint="--backend")
    if flags["reprompt"] not in (None, "substantive", "off"):
        raise typer.BadParameter("must be substantive or off", param_hint="--reprompt")
    answers = _ask(app, flags, yes)
    root, _ = config.find_project_root(Path.cwd().resolve())
    if not yes and app.interactive:
        _offer_trust()
    done = _apply(app, answers, Path(root))
    _record(done.state)
    lines = done.lines or ["nothing to change"]
    if not answers.hosts:
        lines.append(
            "no agent was wired: nothing is captured or recalled yet. Install Claude Code, "
            "opencode or pi, then run `graphmem setup <agent>` (claude-code, opencode, pi)"
        )
        lines.append("undo the settings with: graphmem setup --remove")
    else:
        lines.append("undo all of it with: graphmem setup --remove")
    for line in lines:
        app.out.print(line, highlight=False, markup=False)
