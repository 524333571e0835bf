"""EXAQT's NERD on the graph: question entities from a dictionary spotter (TagMe's role) and from the fact vector
index (ELQ's role: a dense match between the question and what the graph says about an entity).

EXAQT runs two NERD systems and takes the union of their entities (Sec. 3.1, "to improve recall"). Here:

* **lexical**: ``lexicon.EntityLexicon`` spots n-grams of the question against every entity name and alias of the
  graph (lower case, possessives, one-edit typos, acronyms); each spotted span is one terminal group with up to
  ``links_per_mention`` entities;
* **dense**: the entities of the top ``dense_facts`` facts of the fact vector index. One whose name shares at least
  ``dense_overlap`` of its content words with the question is *named* by it ("cowboys" -> Dallas Cowboys) and counts
  as a question entity; the first ``dense_entities`` others whose fact scores at least ``dense_min_cosine`` are
  *context* entities: their facts join the candidates (and they are terminals), but they stay answer candidates,
  since the dense match often finds the answer's own facts ("who resigned in 1974" -> Richard Nixon).

The dictionary is read from the graph once per graph version (its event count) and shared by all pipelines of a
store.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass, field

from tkgrag.queries import exaqt as q
from tkgrag.queries.linking import EVENT_COUNT
from tkgrag.retrievers.base import ann_candidates
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.lexicon import EntityLexicon, LexiconEntry, Spot, name_overlap, question_tokens
from tkgrag.store import Store

_LEXICONS: dict[int, tuple[weakref.ref[Store], int, EntityLexicon]] = {}
_LOCK = threading.Lock()


def graph_lexicon(store: Store) -> EntityLexicon:
    """The entity dictionary of ``store``'s graph, rebuilt when the graph's event count has changed."""
    events = int(store.run(EVENT_COUNT)[0]["n"])
    with _LOCK:
        cached = _LEXICONS.get(id(store))
        if cached is not None and cached[0]() is store and cached[1] == events:
            return cached[2]
    rows = store.run(q.ENTITY_LEXICON)
    lexicon = EntityLexicon.of(
        LexiconEntry(str(r["key"]), str(r["name"]), tuple(str(a) for a in r["aliases"]), int(r["degree"])) for r in rows
    )
    with _LOCK:
        _LEXICONS[id(store)] = (weakref.ref(store), events, lexicon)
    return lexicon


@dataclass
class Nerd:
    """What NERD found for one question."""

    groups: list[list[str]] = field(default_factory=list)  # terminal groups of entity keys, best member first
    named: list[str] = field(default_factory=list)  # entities the question names (never answers)
    context: list[str] = field(default_factory=list)  # dense-only entities (answer candidates)
    spots: list[Spot] = field(default_factory=list)

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


def link_question(store: Store, text: str, qvec: list[float], config: ExaqtConfig) -> Nerd:
    """Lexical and dense NERD for one question (see the module docstring)."""
    lexicon = graph_lexicon(store)
    out = Nerd(spots=lexicon.spot(text, per_span=config.links_per_mention))
    for members in lexical_groups(out.spots, config.min_spot_similarity, config.links_per_mention):
        keys = [s.key for s in members]
        out.groups.append(keys)
        out.named.extend(k for k in keys if k not in out.named)
    if not config.dense_facts:
        return out
    words = question_tokens(lexicon, text)
    params = {"qvec": qvec, "n": ann_candidates(config.dense_facts), "k": config.dense_facts}
    taken = set(out.named)
    context = 0
    for r in store.run(q.DENSE_FACT_ENTITIES, params):
        key = str(r["key"])
        if key in taken:
            continue
        if name_overlap(str(r["name"]), words) >= config.dense_overlap:
            out.named.append(key)
        elif context < config.dense_entities and float(r["score"]) >= config.dense_min_cosine:
            out.context.append(key)
            context += 1
        else:
            continue
        taken.add(key)
        out.groups.append([key])
    return out
