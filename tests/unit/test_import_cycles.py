"""No import cycles inside the tkgrag package: the data flows one way (sources -> ingest -> store -> question ->
retrievers -> readers -> api/cli/evaluation), and a lazy import inside a function counts too (it is still a cycle,
only hidden until run time). Imports under ``if TYPE_CHECKING:`` are type-only and do not count.

Between packages the rule is stricter than "no cycle": every subpackage has a place in ``LAYERS`` and imports only
packages below it, so a new arrow back up fails here even before it closes a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import tkgrag

PACKAGE = Path(tkgrag.__file__).resolve().parent


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_block(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The tkgrag modules ``name`` imports (a ``from X import Y`` of a submodule Y counts as X.Y)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if _type_checking_block(node):
            for child in node.orelse:  # type: ignore[attr-defined]
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for a in node.names:
                sub = f"{target}.{a.name}"
                if sub in known:
                    out.add(sub)
                elif target in known:
                    out.add(target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out.discard(name)
    return out


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm; the components of more than one module are the cycles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def connect(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imported(name, path, known) for name, path in mods.items()}


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert [c for c in strongly_connected(graph) if len(c) > 1] == [["a", "b", "c"]]


def test_imports_are_resolved() -> None:
    graph = import_graph()
    assert "tkgrag.model" in graph["tkgrag.retrievers.base"]
    assert "tkgrag.question.model" not in graph["tkgrag.retrievers.base"]  # TYPE_CHECKING only
    assert "tkgrag.readers.symbolic" in graph["tkgrag.readers.registry"]  # a lazy import counts


def test_no_import_cycles() -> None:
    cycles = [c for c in strongly_connected(import_graph()) if len(c) > 1]
    assert cycles == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_question_understanding_neither_reads_nor_retrieves() -> None:
    """``tkgrag.question`` parses and links; answering (readers) and retrieval sit above it."""
    graph = import_graph()
    offending = {
        (m, t)
        for m, targets in graph.items()
        if m.startswith("tkgrag.question")
        for t in targets
        if t.startswith(("tkgrag.readers", "tkgrag.retrievers", "tkgrag.api", "tkgrag.eval"))
    }
    assert offending == set()


# The modules that parse or ground a question. Issue 25: a question is understood ONCE (``question.understanding``,
# called by the api or the evaluation) and reaches retrievers and readers inside the ``RetrievalRequest``.
UNDERSTANDING = (
    "tkgrag.question.parse",
    "tkgrag.question.grounding",
    "tkgrag.question.graph_linker",
    "tkgrag.question.understanding",
)


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for t in graph.get(todo.pop(), ()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def parsers_reached(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """Per retriever or reader module, the parsing/grounding modules it imports, directly or through others."""
    out = {}
    for m in graph:
        if m.startswith(("tkgrag.retrievers", "tkgrag.readers")):
            hit = sorted(reachable(graph, m) & set(UNDERSTANDING))
            if hit:
                out[m] = hit
    return out


def test_no_retriever_or_reader_parses_or_grounds_the_question() -> None:
    assert parsers_reached(import_graph()) == {}


def test_the_parser_check_sees_an_import_through_another_module() -> None:
    graph = {
        "tkgrag.readers.x": {"tkgrag.question.helper"},
        "tkgrag.question.helper": {"tkgrag.question.parse"},
        "tkgrag.retrievers.y": {"tkgrag.model"},
    }
    assert parsers_reached(graph) == {"tkgrag.readers.x": ["tkgrag.question.parse"]}


# The subpackages, lowest first: each imports only the ones before it (and tkgrag's top-level modules). sources reads
# files into records; eval holds the database-free benchmark types, loaders, matching and metrics; the store and its
# Cypher sit under ingestion and question understanding; retrievers, readers, the trainers, the evaluation runner,
# the service and the CLI sit above them in that order.
LAYERS = (
    "sources",
    "eval",
    "server",
    "queries",
    "store",
    "ingest",
    "llm",
    "question",
    "rerank",
    "retrievers",
    "readers",
    "train",
    "planning",
    "evaluation",
    "service",
    "cli",
)


def subpackages() -> set[str]:
    return {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def package_of(module: str, packages: set[str]) -> str | None:
    """``tkgrag.sources.benchmarks`` -> ``sources``; None for tkgrag's top-level modules (``tkgrag.model``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in packages else None


def package_graph(graph: dict[str, set[str]], packages: set[str]) -> dict[str, dict[str, list[str]]]:
    """Package -> imported package -> the module imports behind that arrow ("a.b -> c.d")."""
    out: dict[str, dict[str, list[str]]] = {}
    for m, targets in graph.items():
        a = package_of(m, packages)
        for t in sorted(targets):
            b = package_of(t, packages)
            if a is not None and b is not None and a != b:
                out.setdefault(a, {}).setdefault(b, []).append(f"{m} -> {t}")
    return out


def upward_imports(graph: dict[str, set[str]], layers: tuple[str, ...]) -> list[str]:
    """Every module import from a package into one at its own layer or above, one line each."""
    rank = {p: i for i, p in enumerate(layers)}
    out = []
    for a, arrows in sorted(package_graph(graph, set(layers)).items()):
        for b, why in sorted(arrows.items()):
            if rank[b] >= rank[a]:
                out.extend(f"{a} imports {b} (above it): {w}" for w in why)
    return out


def test_every_package_has_a_layer() -> None:
    assert subpackages() == set(LAYERS)


def test_packages_import_only_lower_layers() -> None:
    assert upward_imports(import_graph(), LAYERS) == []


def test_no_package_level_cycles() -> None:
    graph = {a: set(arrows) for a, arrows in package_graph(import_graph(), subpackages()).items()}
    assert [c for c in strongly_connected(graph) if len(c) > 1] == []


def test_the_layer_check_sees_an_upward_import() -> None:
    graph = {
        "tkgrag.eval.runner": {"tkgrag.retrievers.base", "tkgrag.eval.types", "tkgrag.model"},
        "tkgrag.retrievers.base": {"tkgrag.eval.types"},
    }
    assert upward_imports(graph, ("eval", "retrievers")) == [
        "eval imports retrievers (above it): tkgrag.eval.runner -> tkgrag.retrievers.base"
    ]
    assert upward_imports(graph, ("retrievers", "eval")) == [
        "retrievers imports eval (above it): tkgrag.retrievers.base -> tkgrag.eval.types"
    ]
