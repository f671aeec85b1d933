"""`graphmem setup opencode` / `graphmem setup pi`: one file in the host's folder, nothing else.

Also checks the shipped shim sources themselves: no npm imports, the graphmem path filled in,
and (with node) that a shim module loads.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graphmem.hosts import shim_files as shims
from graphmem.hosts.opencode import install as opencode
from graphmem.hosts.pi import install as pi
from graphmem.paths import hook_argv
from tests.conftest import Cli

# host -> (its file under the project, its file under the user's home)
HOSTS = {
    "opencode": (".opencode/plugins/graphmem.js", ".config/opencode/plugins/graphmem.js"),
    "pi": (".pi/extensions/graphmem.ts", ".pi/agent/extensions/graphmem.ts"),
}
IMPORT = re.compile(r"""^\s*import\b.*?from\s+["']([^"']+)["']""", re.MULTILINE)


@pytest.fixture
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user-home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("PI_CODING_AGENT_DIR", raising=False)
    return home


@pytest.mark.parametrize("host", HOSTS)
def test_install_keeps_the_folder_and_is_idempotent(host: str, project: Path, cli: Cli) -> None:
    path = project / HOSTS[host][0]
    path.parent.mkdir(parents=True)
    theirs = path.parent / "theirs.js"
    theirs.write_text("export const Theirs = async () => ({});\n")

    first = cli.json("setup", host, "--project")
    assert first.pop("tools") or host == "pi"  # pi: the tool is in the shim itself
    assert first == {"path": str(path), "written": True, "removed": False}
    source = path.read_text()
    assert shims.MARKER in source.splitlines()[0]
    argv = json.loads(re.search(r"const HOOK = (\[.*\]);", source).group(1))  # type: ignore[union-attr]
    assert argv == ["graphmem", "hook"]  # the team's file: each machine's graphmem, no paths
    assert sys.executable not in source and "launch.py" not in source  # pi's tool too
    stamp = path.stat().st_mtime_ns

    again = cli.json("setup", host, "--project")
    assert again.pop("tools") or host == "pi"
    assert again == {"path": str(path), "written": False, "removed": False}
    assert path.stat().st_mtime_ns == stamp and path.read_text() == source

    removed = cli.json("setup", host, "--project", "--remove")
    assert removed["removed"] and not path.exists()
    assert theirs.read_text() == "export const Theirs = async () => ({});\n"
    assert not cli.json("setup", host, "--project", "--remove")["removed"]


@pytest.mark.parametrize("host", HOSTS)
def test_setup_says_what_it_did_and_how_to_undo_it(host: str, project: Path, cli: Cli) -> None:
    path = project / HOSTS[host][0]
    noun = {"opencode": "plugin", "pi": "extension"}[host]
    # the plugin's line first, the memory tools' lines next (tests/test_setup_tools.py)
    lines = cli("setup", host, "--project").stdout.splitlines()
    assert lines[0] == f"installed graphmem's {host} {noun} {path}"
    assert lines[-1] == f"undo with: graphmem setup {host} --remove --project"
    again = cli("setup", host, "--project").stdout.splitlines()[0]
    assert again == f"graphmem's {host} {noun} already installed at {path}"
    removed = cli("setup", host, "--project", "--remove").stdout.splitlines()[0]
    assert removed == f"removed graphmem's {host} {noun} {path}"
    gone = cli("setup", host, "--project", "--remove").stdout.splitlines()[0]
    assert gone == f"no graphmem {host} {noun} at {path}"


@pytest.mark.parametrize("host", HOSTS)
def test_user_scope_is_the_default(host: str, project: Path, cli: Cli, user_home: Path) -> None:
    result = cli.json("setup", host)
    assert result["path"] == str(user_home / HOSTS[host][1])
    source = (user_home / HOSTS[host][1]).read_text()
    argv = json.loads(re.search(r"const HOOK = (\[.*\]);", source).group(1))  # type: ignore[union-attr]
    assert argv == hook_argv() and all(Path(argv[i]).is_absolute() for i in (0, 2))
    assert cli("setup", host, "--user", "--project").exit_code == 2


def test_user_folders_follow_the_hosts_variables(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("PI_CODING_AGENT_DIR", str(tmp_path / "pi-agent"))
    assert opencode.plugin_path("user", project) == tmp_path / "xdg/opencode/plugins/graphmem.js"
    assert pi.extension_path("user", project) == tmp_path / "pi-agent/extensions/graphmem.ts"


@pytest.mark.parametrize("host", HOSTS)
def test_a_file_that_is_not_graphmems_is_left_alone(host: str, project: Path, cli: Cli) -> None:
    path = project / HOSTS[host][0]
    path.parent.mkdir(parents=True)
    path.write_text("// my own graphmem integration\n")
    for args in ((), ("--remove",)):
        result = cli("setup", host, "--project", *args)
        assert result.exit_code == 6 and "not graphmem's" in result.stderr
    assert path.read_text() == "// my own graphmem integration\n"


@pytest.mark.parametrize("host", HOSTS)
def test_help_has_an_example(host: str, cli: Cli) -> None:
    result = cli("setup", host, "--help")
    assert result.exit_code == 0 and f"Example: graphmem setup {host}" in result.stdout


@pytest.mark.parametrize("template", [opencode.SHIM, pi.SHIM], ids=["opencode", "pi"])
def test_shims_import_only_node_builtins(template: Path) -> None:
    source = shims.render(template, ["/opt/py", "-S", "/opt/graphmem/hooks/launch.py"])
    assert IMPORT.findall(source) == ["node:child_process"]
    assert 'const HOOK = ["/opt/py", "-S", "/opt/graphmem/hooks/launch.py"];' in source
    assert "__GRAPHMEM_HOOK__" not in source


@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed (.ci/run needs it)")
@pytest.mark.parametrize("gone", ["interpreter", "launcher", "shared"])
def test_opencode_shim_loads_and_survives_a_missing_graphmem(gone: str, tmp_path: Path) -> None:
    """The plugin module, run by node with a fake client: every hook resolves, nothing throws,
    nothing is printed, when graphmem was uninstalled (its interpreter or its launcher gone) or a
    project's shared plugin finds no graphmem on this machine's PATH."""
    python, flag, _ = hook_argv()
    argv = {
        "interpreter": [str(tmp_path / "no-such-python"), flag, "launch.py"],
        "launcher": [python, flag, str(tmp_path / "graphmem" / "hooks" / "launch.py")],
        "shared": ["graphmem", "hook"],
    }[gone]
    plugin = tmp_path / "graphmem.mjs"
    plugin.write_text(shims.render(opencode.SHIM, argv))
    driver = tmp_path / "drive.mjs"
    driver.write_text(
        f"""
import {{ GraphmemPlugin }} from {json.dumps(str(plugin))};
const session = {{ messages: async () => ({{ data: [] }}), prompt: async () => ({{}}) }};
const client = {{ session }};
const hooks = await GraphmemPlugin({{ client, directory: {json.dumps(str(tmp_path))} }});
const output = {{ message: {{ id: "msg_1" }}, parts: [{{ type: "text", text: "hi" }}] }};
await hooks["chat.message"]({{ sessionID: "ses_1" }}, output);
const compacting = {{ context: [] }};
await hooks["experimental.session.compacting"]({{ sessionID: "ses_1" }}, compacting);
for (const type of ["session.idle", "session.compacted", "session.deleted"]) {{
  await hooks.event({{ event: {{ type, properties: {{ sessionID: "ses_1" }} }} }});
}}
console.log(JSON.stringify({{ parts: output.parts.length, context: compacting.context.length }}));
"""
    )
    env = {**os.environ, "PATH": os.path.dirname(shutil.which("node") or "")}
    done = subprocess.run(
        ["node", str(driver)], capture_output=True, text=True, timeout=30, env=env
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == {"parts": 1, "context": 0}


@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed (.ci/run needs it)")
def test_a_hung_graphmem_is_given_up_on_after_hook_timeout(tmp_path: Path) -> None:
    """The shim waits for each event at most hook_timeout (written at install, or the host's
    GRAPHMEM_HOOK_TIMEOUT), then kills graphmem and goes on: the host is not held up."""
    hung = tmp_path / "hung-graphmem"
    hung.write_text("#!/bin/sh\nexec sleep 60\n")
    hung.chmod(0o755)
    plugin = tmp_path / "graphmem.mjs"
    plugin.write_text(shims.render(opencode.SHIM, [str(hung)], hook_timeout=1))
    driver = tmp_path / "drive.mjs"
    driver.write_text(
        f"""
import {{ GraphmemPlugin }} from {json.dumps(str(plugin))};
const client = {{ session: {{ messages: async () => ({{ data: [] }}) }} }};
const hooks = await GraphmemPlugin({{ client, directory: {json.dumps(str(tmp_path))} }});
const output = {{ message: {{ id: "msg_1" }}, parts: [{{ type: "text", text: "hi" }}] }};
const started = Date.now();
await hooks["chat.message"]({{ sessionID: "ses_1" }}, output);  // SessionStart, UserPromptSubmit
console.log(JSON.stringify({{ ms: Date.now() - started, parts: output.parts.length }}));
"""
    )

    def run(env: dict[str, str]) -> dict[str, int]:
        done = subprocess.run(
            ["node", str(driver)], capture_output=True, text=True, timeout=60, env=env
        )
        assert done.returncode == 0, done.stderr
        result: dict[str, int] = json.loads(done.stdout)
        return result

    env = {k: v for k, v in os.environ.items() if k != "GRAPHMEM_HOOK_TIMEOUT"}
    installed = run(env)  # two events, 1 s each (their own limits are 10 s)
    assert installed["parts"] == 1 and 1900 <= installed["ms"] < 9000
    overridden = run({**env, "GRAPHMEM_HOOK_TIMEOUT": "0.2"})
    assert overridden["parts"] == 1 and overridden["ms"] < 1900
