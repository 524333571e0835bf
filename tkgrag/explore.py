"""The queries of ``cypher/explore.cypher`` as data: its ``:param`` values and its commented queries, by section.

One reader for the file, shared by the Browser guide (``tkgrag/server/browser_guide.py``) and by the test that runs
every query (``tests/integration/test_explore_cypher.py``). The file's conventions: statements end with ``;`` at the
end of a line, the ``//`` lines above a query describe it, ``// ---- title ----`` lines open a section, and a query
whose description says "may be empty" may return no rows on the bundled samples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tkgrag.cypher_files import cypher_dir

_STATEMENT_END = re.compile(r";[ \t]*(?:\n|$)")
_PARAM = re.compile(r"^:param\s+(\w+)\s*=>\s*(.+)$", re.DOTALL)
_SECTION = re.compile(r"^//\s*-{3,}\s*(.*?)\s*-*\s*$")


@dataclass(frozen=True)
class ExploreQuery:
    section: str
    comment: str
    text: str

    @property
    def may_be_empty(self) -> bool:
        return "may be empty" in self.comment.lower()


@dataclass(frozen=True)
class ExploreSection:
    title: str
    queries: list[ExploreQuery] = field(default_factory=list)


@dataclass(frozen=True)
class ExploreFile:
    header: list[str]  # the comment lines above the first section line
    params: dict[str, str]  # name -> Cypher expression, in file order
    sections: list[ExploreSection]

    @property
    def queries(self) -> list[ExploreQuery]:
        return [q for s in self.sections for q in s.queries]

    def param_commands(self) -> list[str]:
        """The ``:param`` lines as Browser runs them."""
        return [f":param {name} => {expr}" for name, expr in self.params.items()]


def parse_explore(text: str) -> ExploreFile:
    header: list[str] = []
    params: dict[str, str] = {}
    sections: list[ExploreSection] = []
    for chunk in _STATEMENT_END.split(text):
        comment: list[str] = []
        code: list[str] = []
        for raw in chunk.strip().splitlines():
            line = raw.strip()
            if not line:
                continue
            if line.startswith("//") and not code:
                section = _SECTION.match(line)
                if section:
                    if not sections and not params:
                        header = comment
                    sections.append(ExploreSection(section.group(1)))
                    comment = []
                else:
                    comment.append(line[2:].removeprefix(" ").rstrip())
            elif not line.startswith("//"):
                code.append(raw.rstrip())
        statement = "\n".join(code).strip()
        if not statement:
            continue
        param = _PARAM.match(statement)
        if param:
            params[param.group(1)] = param.group(2).strip()
            continue
        if not sections:
            sections.append(ExploreSection(""))
        description = " ".join(part.strip() for part in comment if part.strip())
        sections[-1].queries.append(ExploreQuery(sections[-1].title, description, statement))
    return ExploreFile(
        header=header,
        params=params,
        sections=[s for s in sections if s.queries],
    )


def explore_path() -> Path:
    """``cypher/explore.cypher`` of a source checkout, or its copy inside an installed wheel."""
    return cypher_dir() / "explore.cypher"


def load_explore(path: Path | None = None) -> ExploreFile:
    return parse_explore((path or explore_path()).read_text(encoding="utf-8"))
