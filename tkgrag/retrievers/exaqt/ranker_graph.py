"""The answer graph as the R-GCN ranker reads it (pure numpy): typed nodes, typed edges and per-node features.

EXAQT's Stage 2 (Sec. 4) runs a relational GCN over the answer graph: KG items are nodes, the question conditions
them, and each fact carries the temporal features the paper feeds in (the question's temporal signal and category,
the fact's time encoding). Here:

* **nodes**: the ranked answers first (entities, times and literal values, in the symbolic order: node ``i`` is
  answer ``i``), then the facts, then the other entities the facts name (question entities, event types);
* **edges**: fact <-> node by the node's role in the fact (subject, object, qualifier entity, time, value), one
  relation type per role and direction (``RELATIONS``); each edge carries ``1 / c_{i,r}``, the number of edges of its
  type into its target (R-GCN's normalisation);
* **features** (``FEATURES``, one vector per node, zero in the slots of other node types): the answer's ranking
  features (``ranking.FEATURES``: relevance, temporal tier, ordinal position, type match, ...) and kind; the fact's
  relevance, tree membership, temporal tier, ordinal bonus, relation match, whether it came from the temporal
  enhancement and its time encoding (sinusoids of its start and end year, its position among the graph's dated
  facts); whether an entity is a question entity; and for every node the question's temporal signal and category
  (explicit constraint, implicit anchor, ordinal first/last, a time asked, an end asked).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from tkgrag.retrievers.exaqt.ranking import (
    FEATURES as ANSWER_FEATURES,
)
from tkgrag.retrievers.exaqt.ranking import (
    ORDINAL_TIER,
    AnswerFact,
    RankedAnswer,
    TemporalAsk,
    answer_text,
    edition_levels,
    exact_key,
    fact_answers,
    names_any,
    ordinal_scores,
    temporal_tier,
)
from tkgrag.retrievers.exaqt.stems import content_stems, dice

ROLES = ("subject", "object", "qualifier", "time", "value")
# relation type r = role index (fact -> node) or len(ROLES) + role index (node -> fact)
RELATIONS = len(ROLES) * 2
NODE_TYPES = ("answer", "fact", "entity")
KINDS = ("entity", "time", "value")
YEAR_PERIODS = (10.0, 100.0, 1000.0)  # sinusoid periods of a fact's time encoding, in years
FACT_FEATURES = (
    "relevance",
    "relevance_gap",
    "in_tree",
    "anchored",
    "fits",
    "violates",
    "undated",
    "ordinal",
    "ordinal_top",
    "relation_match",
    "temporal_fact",
    "time_rank",  # position of its start (end) among the graph's dated facts, 0 earliest .. 1 latest
    *(f"{end}_{fn}{int(p)}" for end in ("start", "end") for p in YEAR_PERIODS for fn in ("sin", "cos")),
    "start_century",  # (start year - 1900) / 100
    "has_start",
    "has_end",
)
QUESTION_FEATURES = ("q_explicit", "q_implicit", "q_first", "q_last", "q_other_ordinal", "q_time", "q_end")
FEATURES = (
    *(f"is_{t}" for t in NODE_TYPES),
    *(f"a_{n}" for n in ANSWER_FEATURES),
    *(f"a_kind_{k}" for k in KINDS),
    "a_rank",  # log(1 + position in the symbolic order)
    *(f"f_{n}" for n in FACT_FEATURES),
    "e_question_entity",
    *QUESTION_FEATURES,
)


@dataclass(frozen=True)
class RankerGraph:
    """One question's graph: ``x`` (nodes, ``len(FEATURES)``), ``edges`` (E, 3: source, target, relation),
    ``norm`` (E: 1 / edges of that relation into the target), the first ``answers`` nodes are the answers."""

    x: np.ndarray
    edges: np.ndarray
    norm: np.ndarray
    answers: int
    exact: np.ndarray  # (answers, 3): ``ranking.exact_key`` of each answer

    @property
    def nodes(self) -> int:
        return int(self.x.shape[0])


class GraphScorer(Protocol):
    """A ranker over the whole answer graph (``rgcn.RgcnScorer``): re-orders the symbolic ranking's answers."""

    def rerank(self, graph: RankerGraph, answers: Sequence[RankedAnswer]) -> list[RankedAnswer]: ...


def edge_norm(edges: np.ndarray) -> np.ndarray:
    """``1 / c_{i,r}`` per edge: one over the number of edges with the same target and relation type."""
    if len(edges) == 0:
        return np.zeros(0, dtype=np.float32)
    pairs = edges[:, 1].astype(np.int64) * RELATIONS + edges[:, 2].astype(np.int64)
    _, inverse, counts = np.unique(pairs, return_inverse=True, return_counts=True)
    return (1.0 / counts[inverse]).astype(np.float32)


def year_encoding(year: int | None) -> list[float]:
    """sin/cos of the year over ``YEAR_PERIODS`` (zeros when absent)."""
    if year is None:
        return [0.0] * (2 * len(YEAR_PERIODS))
    out = []
    for p in YEAR_PERIODS:
        angle = 2.0 * math.pi * year / p
        out += [math.sin(angle), math.cos(angle)]
    return out


def question_features(ask: TemporalAsk, implicit: bool) -> list[float]:
    o = ask.ordinal
    return [
        float(bool(ask.constraints) and not implicit),
        float(implicit),
        float(o == 1),
        float(o == -1),
        float(o is not None and o not in (0, 1, -1)),
        float(ask.wants_time),
        float(ask.boundary == "end"),
    ]


def _role(fact: AnswerFact, key: str) -> str:
    if key == fact.evidence.subject:
        return "subject"
    if key == fact.evidence.object:
        return "object"
    return "qualifier"


def build_ranker_graph(
    facts: Sequence[AnswerFact],
    ask: TemporalAsk,
    question_entities: Iterable[str],
    context_entities: Iterable[str],
    answers: Sequence[RankedAnswer],
    *,
    temporal_facts: Iterable[str] = (),
    implicit: bool = False,
) -> RankerGraph:
    """The ranker's graph of one answer graph; ``answers`` is the symbolic ranking (``rank_answers`` with no
    scorer) of the same facts, so each answer's ranking features are known."""
    qents = frozenset(question_entities)
    ctx = frozenset(context_entities)
    temporal = frozenset(temporal_facts)
    col = {n: i for i, n in enumerate(FEATURES)}
    qf = question_features(ask, implicit)
    n_ans, n_fact = len(answers), len(facts)
    answer_node = {a.text: i for i, a in enumerate(answers)}
    entity_node: dict[str, int] = {}
    extra_rows: list[list[float]] = []
    width = len(FEATURES)

    def blank(kind: str) -> list[float]:
        row = [0.0] * width
        row[col[f"is_{kind}"]] = 1.0
        for name, v in zip(QUESTION_FEATURES, qf, strict=True):
            row[col[name]] = v
        return row

    rows: list[list[float]] = []
    for rank, a in enumerate(answers):
        row = blank("answer")
        for name, v in zip(ANSWER_FEATURES, a.features, strict=True):
            row[col[f"a_{name}"]] = float(v)
        row[col[f"a_kind_{a.kind}"]] = 1.0
        row[col["a_rank"]] = math.log1p(rank)
        rows.append(row)

    ordinal = ordinal_scores(facts, ask, qents)
    best_rel = max((f.relevance for f in facts), default=0.0)
    dated = sorted({d.isoformat() for f in facts if (d := f.evidence.span.start or f.evidence.span.end) is not None})
    words = ask.words
    for i, f in enumerate(facts):
        span = f.evidence.span
        tier = temporal_tier(span, ask.constraints)
        row = blank("fact")
        first = span.start or span.end
        ordv = ordinal.get(i)
        values = {
            "relevance": f.relevance,
            "relevance_gap": best_rel - f.relevance,
            "in_tree": float(f.in_tree),
            "anchored": float(names_any(f, qents)),
            "fits": float(bool(ask.constraints) and tier == 2),
            "violates": float(bool(ask.constraints) and tier == 0),
            "undated": float(span.start is None and span.end is None),
            "ordinal": (ordv - ORDINAL_TIER) if ordv is not None else 0.0,
            "ordinal_top": float(ordv is not None and ordv >= ORDINAL_TIER + 1.0),
            "relation_match": dice(content_stems(f.evidence.relation), words) if words else 0.0,
            "temporal_fact": float(f.evidence.key in temporal),
            "time_rank": (dated.index(first.isoformat()) / max(1, len(dated) - 1)) if first is not None else 0.0,
            "start_century": ((span.start.year - 1900) / 100.0) if span.start is not None else 0.0,
            "has_start": float(span.start is not None),
            "has_end": float(span.end is not None),
        }
        enc = year_encoding(span.start.year if span.start else None) + year_encoding(
            span.end.year if span.end else None
        )
        names = [f"{end}_{fn}{int(p)}" for end in ("start", "end") for p in YEAR_PERIODS for fn in ("sin", "cos")]
        values.update(zip(names, enc, strict=True))
        for name, v in values.items():
            row[col[f"f_{name}"]] = float(v)
        rows.append(row)

    levels = edition_levels(facts, ask, qents, ctx)
    edges: list[tuple[int, int, int]] = []
    for i, f in enumerate(facts):
        fnode = n_ans + i
        linked: set[int] = set()
        for text, _name, kind, _bonus in fact_answers(f, ask, qents, levels):
            node = answer_node.get(text)
            if node is None or node in linked:
                continue
            if kind == "entity":
                key = next((e.key for e in f.entities if e.name == _name or e.key == text), text)
                role = _role(f, key)
            else:
                role = kind
            linked.add(node)
            r = ROLES.index(role)
            edges += [(fnode, node, r), (node, fnode, len(ROLES) + r)]
        for e in f.entities:
            node = answer_node.get(answer_text(e)) if e.key not in qents else None
            if node is None:
                if e.key not in entity_node:
                    entity_node[e.key] = n_ans + n_fact + len(extra_rows)
                    row = blank("entity")
                    row[col["e_question_entity"]] = float(e.key in qents)
                    extra_rows.append(row)
                node = entity_node[e.key]
            if node in linked:
                continue
            linked.add(node)
            r = ROLES.index(_role(f, e.key))
            edges += [(fnode, node, r), (node, fnode, len(ROLES) + r)]
    x = np.asarray(rows + extra_rows, dtype=np.float32).reshape(-1, width)
    edge_array = np.asarray(edges, dtype=np.int32).reshape(-1, 3)
    exact = np.asarray([exact_key(a.features) for a in answers], dtype=np.float32).reshape(-1, 3)
    return RankerGraph(x, edge_array, edge_norm(edge_array), n_ans, exact)
