"""EXAQT's NERD on the graph: question entities from a dictionary spotter (TagMe's role) and from the fact vector
index (ELQ's role: a dense match between the question and what the graph says about an entity).

EXAQT runs two NERD systems and takes the union of their entities (Sec. 3.1, "to improve recall"). Here:

* **lexical**: ``lexicon.EntityLexicon`` spots n-grams of the question against every entity name and alias of the
  graph (lower case, possessives, one-edit typos, acronyms); each spotted span is one terminal group with up to
  ``links_per_mention`` entities;
* **dense**: the entities of the top ``dense_facts`` facts of the fact vector index. One whose whole name is in the
  question is a question entity; one sharing at least ``dense_overlap`` of its content words with the question
  ("cowboys" -> Dallas Cowboys, but also "what degree" -> bachelor's degree) is a *context* entity: its facts join
  the candidates and it is a terminal, but it stays an answer candidate. Once something is linked, the first
  ``dense_entities`` other entities of facts scoring at least ``dense_min_cosine`` are context entities too: the
  dense match often finds the answer's own facts ("who resigned in 1974" -> Richard Nixon). A question that names
  nothing links nothing ("no entity linked"), however close its nearest facts.
* at most ``MAX_GROUPS`` terminal groups (lexical first; GDS 2.13's Steiner tree fails on some large terminal
  sets): the other entities are trees of one node, like terminals alone in their component.

The dictionary is read from the graph once per graph version (its event and entity counts) by each pipeline.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from tkgrag.queries import exaqt as q
from tkgrag.queries.temporal_filter import RECORD_PARAM, constraint_params
from tkgrag.retrievers.base import ann_candidates
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.lexicon import EntityLexicon, LexiconEntry, Spot, name_overlap, question_tokens
from tkgrag.retrievers.exaqt.stems import content_stems
from tkgrag.store import Store


@dataclass
class GraphLexicon:
    """The entity dictionary of a store's graph, rebuilt when the graph's event or entity count has changed (both
    count-store reads, O(1)). One per pipeline, so a fresh retriever never sees another graph's names."""

    store: Store
    _version: tuple[int, int] | None = None
    _lexicon: EntityLexicon | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self) -> EntityLexicon:
        row = self.store.run(q.GRAPH_COUNTS)[0]
        version = (int(row["events"]), int(row["entities"]))
        with self._lock:
            if self._lexicon is not None and self._version == version:
                return self._lexicon
        rows = self.store.run(q.ENTITY_LEXICON)
        lexicon = EntityLexicon.of(
            LexiconEntry(str(r["key"]), str(r["name"]), tuple(str(a) for a in r["aliases"]), int(r["degree"]))
            for r in rows
        )
        with self._lock:
            self._lexicon, self._version = lexicon, version
        return lexicon


MAX_GROUPS = 8


@dataclass
class Nerd:
    """What NERD found for one question."""

    groups: list[list[str]] = field(default_factory=list)  # terminal groups of entity keys, best member first
    named: list[str] = field(default_factory=list)  # entities the question names (never answers)
    context: list[str] = field(default_factory=list)  # dense-only entities (answer candidates)
    spots: list[Spot] = field(default_factory=list)

    def proper_name_words(self) -> frozenset[str]:
        """Content stems of the question spans spotted as an entity with a capitalised name (a proper name, not a
        concept such as "president"): the words an answer should not repeat."""
        return frozenset().union(*(content_stems(s.text) for s in self.spots if s.name[:1].isupper()))

    @property
    def entities(self) -> list[str]:
        return list(dict.fromkeys([*self.named, *self.context]))


def lexical_groups(spots: list[Spot], min_similarity: float, per_span: int) -> list[list[Spot]]:
    """Spots by span (one group per span, in the spotter's order), those below ``min_similarity`` dropped."""
    by_span: dict[tuple[int, int], list[Spot]] = {}
    for s in spots:
        if s.similarity >= min_similarity:
            by_span.setdefault((s.start, s.end), []).append(s)
    return [members[:per_span] for members in by_span.values()]


def link_question(
    store: Store,
    lexicon: EntityLexicon,
    text: str,
    qvec: list[float],
    config: ExaqtConfig,
    as_of_record: datetime | None = None,
) -> Nerd:
    """Lexical and dense NERD for one question (see the module docstring); dense NERD reads the facts recorded at
    ``as_of_record`` (None: the current ones)."""
    return link_questions(store, lexicon, [text], [qvec], config, as_of_record)[0]


def link_questions(
    store: Store,
    lexicon: EntityLexicon,
    texts: Sequence[str],
    qvecs: Sequence[list[float]],
    config: ExaqtConfig,
    as_of_record: datetime | None = None,
) -> list[Nerd]:
    """``link_question`` for many questions, with one vector-index round trip for all of them."""
    rows = dense_rows(store, qvecs, config, as_of_record) if config.dense_facts else [[] for _ in texts]
    return [link_with(lexicon, t, r, config) for t, r in zip(texts, rows, strict=True)]


def dense_rows(
    store: Store, qvecs: Sequence[list[float]], config: ExaqtConfig, as_of_record: datetime | None
) -> list[list[tuple[str, str, float]]]:
    """Per question, the ``(key, name, score)`` of the entities of its top ``dense_facts`` facts of the fact index,
    best first (ties: key)."""
    if not qvecs:
        return []
    params = {
        "questions": [{"index": i, "qvec": v} for i, v in enumerate(qvecs)],
        "n": ann_candidates(config.dense_facts),
        "k": config.dense_facts,
        RECORD_PARAM: constraint_params((), as_of_record)[RECORD_PARAM],
    }
    out: list[list[tuple[str, str, float]]] = [[] for _ in qvecs]
    for r in store.run_values(q.DENSE_FACT_ENTITIES_MANY, params):
        out[int(r["q"])].append((str(r["key"]), str(r["name"]), float(r["score"])))
    for rows in out:
        rows.sort(key=lambda r: (-r[2], r[0]))
    return out


def link_with(lexicon: EntityLexicon, text: str, dense: Sequence[tuple[str, str, float]], config: ExaqtConfig) -> Nerd:
    """NERD of one question given its dense rows (``dense_rows``; ignored when ``config.dense_facts`` is 0)."""
    out = Nerd(spots=lexicon.spot(text, per_span=config.links_per_mention))
    for members in lexical_groups(out.spots, config.min_spot_similarity, config.links_per_mention):
        keys = [s.key for s in members]
        out.groups.append(keys)
        out.named.extend(k for k in keys if k not in out.named)
    if not config.dense_facts:
        out.groups = out.groups[:MAX_GROUPS]
        return out
    words = question_tokens(lexicon, text)
    rows = [(key, name_overlap(name, words), score) for key, name, score in dense]
    taken = set(out.named)
    for key, overlap, _ in rows:  # entities the question names, wholly or in part
        if key in taken or overlap < config.dense_overlap:
            continue
        (out.named if overlap >= 1.0 else out.context).append(key)
        taken.add(key)
        out.groups.append([key])
    if not taken:
        return out  # nothing named: no entity linked, and no context to expand around
    extra = 0
    for key, _, score in rows:  # ELQ's role: entities of the facts closest to the question
        if extra >= config.dense_entities or score < config.dense_min_cosine:
            break
        if key not in taken:
            out.context.append(key)
            taken.add(key)
            out.groups.append([key])
            extra += 1
    out.groups = out.groups[:MAX_GROUPS]
    return out
