"""The shape of the code, as contracts on its import graph (in the spirit of import-linter, read
here with ast): layers that only import downward, no cycles, hosts apart, the store behind the
service, and a hook path that loads the standard library only.

Every import counts: at module level, inside functions (loaded late, but still a dependency),
and under `if TYPE_CHECKING:` (a dependency of the types).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "graphmem"

# Top first. A module may import its own layer and those below it, never one above. Inside a
# layer, packages use each other freely (cli/hook.py runs hooks/runner.py), except the hosts.
LAYERS: list[set[str]] = [
    {"__main__", "cli", "hooks", "server"},  # the ways in: commands, host events, the MCP server
    # Each host's formats and installer; the one service layer, and its operations as the tools
    # an agent calls (an installer describes them to its host, the MCP server serves them).
    {"hosts", "service", "tools"},
    {
        "sync",
        "backends",
        "recall",
        "transfer",
        "ingest",
        "curation",
        "memory_file",
        "semantic",
    },  # what the service does its work with
    {"store"},  # the SQLite store: only the service and the layer above reach it
    {
        "",
        "config",
        "scope",
        "paths",
        "redact",
        "record",
        "ids",
        "errors",
        "chunking",
        "detach",
        "fastjson",
        "patterns",
    },  # leaves
]
# What the hook path may load when a module loads (function-level imports load on demand).
SLOW_STDLIB = {
    "json",  # with `re` and `enum`: ~0.6x of the interpreter's start (graphmem/fastjson.py)
    "enum",
    "re",
    "dataclasses",
    "typing",
    "pathlib",
    "inspect",
    "hashlib",
    "uuid",
    "tomllib",
    "subprocess",
}


class Import:
    def __init__(self, target: str, how: str, line: int) -> None:
        self.target = target  # a graphmem module, or the top-level name of another package
        self.how = (
            how  # "module" | "function" | "type_checking" | "fallback" (try/except ImportError)
        )
        self.line = line

    def __repr__(self) -> str:
        return f"{self.target} ({self.how}, line {self.line})"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError") for n in names
    )


def _resolve(name: str) -> str:
    """The graphmem module `name` is, or is in (`graphmem.store.episodes.Episode` -> its module);
    another package's top-level name."""
    if name.split(".")[0] != "graphmem":
        return name.split(".")[0]
    parts = name.split(".")
    while ".".join(parts) not in MODULES:
        parts.pop()
    return ".".join(parts)


def _imports(module: str) -> list[Import]:
    path = MODULES[module]
    found: list[Import] = []

    def visit(node: ast.AST, how: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for statement in child.body:
                    visit_statement(statement, "type_checking" if how == "module" else how)
                for statement in child.orelse:
                    visit_statement(statement, how)
            elif isinstance(child, ast.Try) and any(map(_catches_import_error, child.handlers)):
                for statement in child.body + child.handlers:  # one of them loads, or none
                    visit_statement(statement, "fallback" if how == "module" else how)
                for statement in child.orelse + child.finalbody:
                    visit_statement(statement, how)
            else:
                visit_statement(child, how)

    def visit_statement(node: ast.AST, how: str) -> None:
        if isinstance(node, ast.Import):
            found.extend(Import(_resolve(a.name), how, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package
                package = (
                    module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
                )
                base = ".".join(package[: len(package) - node.level + 1] + [base] * bool(base))
            for alias in node.names:  # `from graphmem import paths` imports graphmem.paths
                full = f"{base}.{alias.name}"
                found.append(Import(_resolve(full if full in MODULES else base), how, node.lineno))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            visit(node, "function" if how == "module" else how)
        else:
            visit(node, how)

    visit(ast.parse(path.read_text(), str(path)), "module")
    return found


IMPORTS = {module: _imports(module) for module in MODULES}


def _ours(module: str) -> Iterator[Import]:
    return (i for i in IMPORTS[module] if i.target.startswith("graphmem") and i.target != module)


def _top(module: str) -> str:
    """The top-level package or module of a graphmem module ('' for graphmem itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer(module: str) -> int:
    top = _top(module)
    return next(i for i, members in enumerate(LAYERS) if top in members)


def test_every_module_has_a_layer() -> None:
    placed = set().union(*LAYERS)
    assert {m for m in MODULES if _top(m) not in placed} == set(), "add it to LAYERS"


def test_no_module_imports_one_above_it() -> None:
    upward = [
        f"{module} (layer {layer(module)}) imports {i} (layer {layer(i.target)})"
        for module in MODULES
        for i in _ours(module)
        if layer(i.target) < layer(module)
    ]
    assert upward == []


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    graph = {m: sorted({i.target for i in _ours(m)}) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while (w := stack.pop()) != v:
                component.append(w)
            if component:
                found.append(sorted([v, *component]))

    for v in graph:
        if v not in index:
            connect(v)
    return found


def test_no_import_cycles() -> None:
    assert _cycles() == []


def test_hosts_never_import_each_other() -> None:
    """graphmem.hosts.<host> may use the host-neutral modules beside it, never another host."""
    hosts = {m.split(".")[2] for m in MODULES if m.count(".") >= 3 and _top(m) == "hosts"}
    crossing = [
        f"{module} imports {i}"
        for module in MODULES
        if _top(module) == "hosts" and module.count(".") >= 3
        for i in _ours(module)
        if i.target.count(".") >= 3
        and i.target.split(".")[2] in hosts
        and i.target.split(".")[2] != module.split(".")[2]
    ]
    assert len(hosts) >= 3 and crossing == []


def test_the_store_is_reached_only_through_the_service() -> None:
    """Commands, hooks and hosts call the service: they import no store module and touch no
    store connection (`.conn`)."""
    above = [m for m in MODULES if layer(m) <= layer("graphmem.service") and _top(m) != "service"]
    imports = [f"{m} imports {i}" for m in above for i in _ours(m) if _top(i.target) == "store"]
    connections = [
        f"{m}:{node.lineno} uses .conn"
        for m in above
        for node in ast.walk(ast.parse(MODULES[m].read_text()))
        if isinstance(node, ast.Attribute) and node.attr == "conn"
    ]
    assert imports + connections == []


def _hook_path() -> set[str]:
    """Every module loaded with the hook entry points and the host modules the registry loads by
    name (graphmem.hosts.adapter, .transcript): imports at module level only (what a function
    imports loads only when it runs)."""
    seeds = [
        m
        for m in MODULES
        if _top(m) == "hooks" or m == "graphmem.hosts" or m.endswith((".events", ".transcript"))
    ]
    seen: set[str] = set()
    while seeds:
        module = seeds.pop()
        if module in seen:
            continue
        seen.add(module)
        seeds += [i.target for i in _ours(module) if i.how == "module"]
    return seen


def test_the_hook_path_loads_only_the_standard_library() -> None:
    """CONTRIBUTING.md, "The hook path": no third-party package, and none of the standard
    modules that would cost a hook more than its work. tests/test_entry.py checks the same on
    real hook processes; this covers every module, including paths no test event takes."""
    path = _hook_path()
    assert {
        "graphmem.service",
        "graphmem.hosts.claude_code.transcript",
        "graphmem.hosts.pi.events",
    } <= path
    assert {m for m in path if m.endswith(".install")} == set()  # installers may use anything
    loaded = {
        f"{module} imports {i}"
        for module in path
        for i in IMPORTS[module]
        if i.how == "module"
        and not i.target.startswith("graphmem")
        and (i.target not in sys.stdlib_module_names or i.target in SLOW_STDLIB)
        and i.target != "__future__"
    }
    assert loaded == set()


def test_redaction_loads_only_what_a_capturing_hook_can_afford() -> None:
    """A Stop that stores a turn loads redaction, on demand: its modules are held to the same
    rule, `re` included (their regexes go through graphmem.patterns)."""
    redaction = {m for m in MODULES if m.startswith("graphmem.redact")} | {"graphmem.patterns"}
    assert len(redaction) > 10
    loaded = {
        f"{module} imports {i}"
        for module in redaction
        for i in IMPORTS[module]
        if i.how == "module" and (i.target in SLOW_STDLIB or i.target.split(".")[0] == "re")
    }
    assert loaded == set()


@pytest.mark.parametrize(
    "source, wanted",
    [
        ("from graphmem.store import db\n", ["graphmem.store.db (module, line 1)"]),
        ("def f():\n    from graphmem import paths\n", ["graphmem.paths (function, line 2)"]),
        (
            "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from graphmem.sync.drain import X\n",
            ["graphmem.sync.drain (type_checking, line 3)"],
        ),
        ("import httpx\n", ["httpx (module, line 1)"]),
        (
            "try:\n    import _sha2\nexcept ImportError:\n    import hashlib\n",
            ["_sha2 (fallback, line 2)", "hashlib (fallback, line 4)"],
        ),
    ],
)
def test_the_reader_sees_every_kind_of_import(
    source: str, wanted: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The contracts above are only as good as the import reader: each kind is seen."""
    probe = PACKAGE / "cli" / "add.py"
    monkeypatch.setitem(MODULES, "graphmem.cli.add", tmp_path / "add.py")
    (tmp_path / "add.py").write_text(source)
    assert [repr(i) for i in _imports("graphmem.cli.add")] == wanted
    assert probe.exists()
