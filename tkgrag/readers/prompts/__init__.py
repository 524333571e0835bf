"""Reader prompt templates, kept as text files beside this module so they read like the papers' appendices.

A template file has sections, each opened by a line ``[name]``; text before the first section is a comment:

``[system]``        optional system message
``[user]``          the user message (required)
``[evidence_line]`` how an event or fact is written (default ``{rank}. {text}``)
``[passage_line]``  how a passage or chunk (no subject/relation/object) is written (default ``{rank}. {text}``)

Placeholders in the messages: ``{question}``, ``{evidence}`` (the evidence lines, one per line), ``{k}`` (how many
answer candidates to ask for). In the line formats: ``{rank}`` (1-based), ``{kind}``, ``{subject}``, ``{relation}``,
``{object}`` (display names: underscores read as spaces), ``{time}`` (the span's label; "unknown time" when the item
has none), ``{qualifiers}`` (a fact's qualifiers, ``predicate: value; ...``), ``{title}``, ``{text}``. Substitution
is one pass over the template, so braces or placeholder-like text inside questions and evidence are left as they are.

How each kind reads: an event is its line; a fact is its line plus `` (qualifiers)`` when it has qualifiers and the
line does not place ``{qualifiers}`` itself (a fact's validity is its ``{time}``); a passage or chunk is its
``passage_line``, whose ``{text}`` starts with ``title: `` when the item has a title the text does not begin with
and the line does not place ``{title}`` itself (a TimeQA paragraph rarely names its article's subject). Subjects and
objects are shown by their entity names (a Wikidata fact's ``Q76`` reads "Barack Obama").

Built in: ``star_rag`` (STAR-RAG Appendix E, the default) and ``timer4`` (TimeR4 Appendix A, Fig. 6). Any other
name is read as a path to a template file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from tkgrag.errors import ConfigError
from tkgrag.llm.client import ChatMessage
from tkgrag.model import Evidence
from tkgrag.verbalize import relation_phrase

BUILTIN = ("star_rag", "timer4")
DEFAULT_TEMPLATE = "star_rag"
_SECTION = re.compile(r"^\[(system|user|evidence_line|passage_line)\]\s*$")
_ANY_SECTION = re.compile(r"^\[([A-Za-z_]+)\]\s*$")
_PLACEHOLDER = re.compile(r"\{(question|evidence|k|rank|kind|subject|relation|object|time|qualifiers|title|text)\}")


def _fill(template: str, values: Mapping[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    user: str
    system: str | None = None
    evidence_line: str = "{rank}. {text}"
    passage_line: str = "{rank}. {text}"

    def evidence_block(self, evidence: Sequence[Evidence]) -> str:
        """The evidence as the prompt shows it, one line per item in retrieval order (see "How each kind reads")."""
        return "\n".join(self.evidence_line_of(rank, e) for rank, e in enumerate(evidence, start=1))

    def evidence_line_of(self, rank: int, e: Evidence) -> str:
        text = " ".join(e.text.split())
        title = " ".join(e.title.split())
        qualifiers = "; ".join(f"{q.get('predicate')}: {q.get('value')}" for q in e.fields.get("qualifiers") or ())
        if not e.is_statement and title and "{title}" not in self.passage_line and not text.startswith(title):
            text = f"{title}: {text}"
        values = {
            "rank": str(rank),
            "kind": e.kind.value,
            "subject": e.subject_name,
            "relation": relation_phrase(e.relation),
            "object": e.object_name,
            "time": e.span.label() if e.has_time else "unknown time",
            "qualifiers": qualifiers,
            "title": title,
            "text": text,
        }
        if not e.is_statement:
            return _fill(self.passage_line, values)
        line = _fill(self.evidence_line, values)
        if qualifiers and "{qualifiers}" not in self.evidence_line:
            line += f" ({qualifiers})"
        return line

    def render(self, question: str, evidence: Sequence[Evidence], k: int = 10) -> list[ChatMessage]:
        values = {"question": question.strip(), "evidence": self.evidence_block(evidence), "k": str(k)}
        messages = []
        if self.system:
            messages.append(ChatMessage("system", _fill(self.system, values)))
        messages.append(ChatMessage("user", _fill(self.user, values)))
        return messages


def parse_template(text: str, name: str) -> PromptTemplate:
    """A template from the text of a template file; ``name`` is used in error messages."""
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        m = _SECTION.match(line)
        if m:
            current = m.group(1)
            if current in sections:
                raise ConfigError(f"prompt template {name}:{lineno}: section [{current}] appears twice")
            sections[current] = []
            continue
        other = _ANY_SECTION.match(line)
        if other and current is not None:
            raise ConfigError(
                f"prompt template {name}:{lineno}: unknown section [{other.group(1)}] "
                "(known: system, user, evidence_line, passage_line)"
            )
        if current is not None:
            sections[current].append(line)
    body = {k: "\n".join(v).strip("\n") for k, v in sections.items()}
    if not body.get("user", "").strip():
        raise ConfigError(f"prompt template {name}: no [user] section; it needs one with {{question}} and {{evidence}}")
    for placeholder in ("{question}", "{evidence}"):
        if placeholder not in body.get("system", "") + body["user"]:
            raise ConfigError(f"prompt template {name}: the messages never use {placeholder}")
    return PromptTemplate(
        name=name,
        user=body["user"],
        system=body.get("system") or None,
        evidence_line=body.get("evidence_line", "").strip() or "{rank}. {text}",
        passage_line=body.get("passage_line", "").strip() or "{rank}. {text}",
    )


def load_template(name: str = DEFAULT_TEMPLATE) -> PromptTemplate:
    """A built-in template by name (``star_rag``, ``timer4``), or a template file by path."""
    if name in BUILTIN:
        text = resources.files(__name__).joinpath(f"{name}.txt").read_text(encoding="utf-8")
        return parse_template(text, name)
    path = Path(name).expanduser()
    if not path.is_file():
        raise ConfigError(
            f"prompt template {name!r}: not a built-in template ({', '.join(BUILTIN)}) and no such file. "
            "Set TKGRAG_LLM_TEMPLATE to one of those names or to a template file."
        )
    return parse_template(path.read_text(encoding="utf-8"), str(path))
