"""Job titles a mention swallowed, given back to the relation.

The parser reads "Who was CEO of Pied Piper in 2019?" as one mention, "CEO of Pied Piper", and an empty relation
phrase: nothing links and no relation matches. When the graph names a relation after the title (``Serve_as_CEO_of``,
``is_CEO_of``, ``isCTOOf``), the title is relation evidence and the organisation is the mention: "CEO of Pied Piper"
becomes the mention "Pied Piper" and the title "CEO"; a mention that is a title alone ("Who became CEO after X?")
becomes relation evidence only. A title counts only when some relation of the graph holds it (``vocabulary``, the
lower-cased words of the relation names), so ICEWS's "the head of government of Iran" (no relation says "head") stays
the mention it was. Which words are titles: ``relation_phrases.is_title``.

The relation phrase to match is then the title, with the verb said beside it unless it only links a person to a role
("was", "became", "served as": ``role_relation_phrase``), and only relations whose name holds the title compete
(``with_title``): "CEO" must not be answered from ``is_CFO_of`` because their embeddings are close.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.relation_phrases import is_title, with_role_words
from tkgrag.question.relations import RelationMatch, humanise

_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her"})
_LINKS = frozenset({"of", "at", "for", "in"})  # "CEO of X", "engineer at X", "counsel for X"
# Verbs that only tie a person to a role: the role is the relation ("became CEO" is "is CEO of").
_COPULAS = re.compile(
    r"^(?:(?:was|were|is|are|has\s+been|had\s+been|have\s+been|been|be|being|became|become|becomes|becoming|"
    r"served|serves|serving|serve|acted|acts|acting|named|appointed|made|elected)\b(?:\s+as\b)?\s*)+",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class TitleSplit:
    """The mentions to link (a title-prefixed mention replaced by its organisation; a bare title dropped) and the
    title words taken out of them, in question order."""

    mentions: tuple[Mention, ...]
    titles: tuple[str, ...]


def split_titles(
    mentions: Sequence[Mention],
    vocabulary: Collection[str],
    names_entity: Callable[[Mention], bool] = lambda m: False,
) -> TitleSplit:
    """``mentions`` with the job titles the graph's relations name taken out (module docstring). A mention that names
    an entity of the graph as it stands (``names_entity``: ICEWS's actor "Head of Government (Croatia)" on a store
    that also holds a "head of government" fact relation) stays whole."""
    out: list[Mention] = []
    titles: list[str] = []
    for m in mentions:
        words = [(w.group(0), w.start()) for w in _WORD.finditer(m.text)]
        content = [(w, at) for w, at in words if w.lower() not in _DETERMINERS]
        if content and all(is_title(w, vocabulary) for w, _ in content) and not names_entity(m):
            titles.extend(w for w, _ in content)  # "CEO": a title alone is relation evidence, no entity
            continue
        split = _title_prefix(content, vocabulary)
        if split is None or names_entity(m):
            out.append(m)
            continue
        said, rest_at = split
        titles.extend(said)
        rest = m.text[rest_at:]
        for det in _DETERMINERS:  # "CEO of the Acme Group" -> "Acme Group"
            if rest.lower().startswith(det + " "):
                rest, rest_at = rest[len(det) + 1 :], rest_at + len(det) + 1
                break
        out.append(Mention(rest, m.start + rest_at, m.end, MentionKind.NAME))
    return TitleSplit(tuple(dict.fromkeys(out)), tuple(dict.fromkeys(titles)))


def _title_prefix(content: Sequence[tuple[str, int]], vocabulary: Collection[str]) -> tuple[list[str], int] | None:
    """(title words, where the organisation starts) for "TITLE [TITLE..] of|at|for|in NAME", else None."""
    for i, (w, _) in enumerate(content):
        if w.lower() in _LINKS:
            if 0 < i <= 3 and i + 1 < len(content) and all(is_title(t, vocabulary) for t, _ in content[:i]):
                return [t for t, _ in content[:i]], content[i + 1][1]
            return None
    return None


def role_relation_phrase(phrase: str, titles: Sequence[str]) -> str:
    """The phrase to match when titles were taken out of mentions: "became" + ["CEO"] -> "CEO", "" + ["CFO"] ->
    "CFO", "fired" + ["CEO"] -> "fired CEO" (a verb that is not a copula stays: it may name another relation)."""
    if not titles:
        return phrase
    rest = _COPULAS.sub("", phrase.strip()).strip()
    return with_role_words(rest, titles)


def with_title(candidates: Sequence[RelationMatch], titles: Sequence[str]) -> tuple[RelationMatch, ...]:
    """Of the relation candidates, those whose name holds one of ``titles``, when any does; all of them otherwise."""
    if not titles:
        return tuple(candidates)
    wanted = {t.lower() for t in titles}
    held = tuple(c for c in candidates if wanted & set(_WORD.findall(humanise(c.relation))))
    return held or tuple(candidates)
