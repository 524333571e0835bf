"""``exaqt``: the answer graph's facts as retrieved items, ranked so that the facts stating the best answers come
first; the ranked answers themselves are ``Retrieval.answers`` (by label, with the entity's key and the fact that
states each).

Per question: the parsed question (``request.question``, understood once by the caller; without one EXAQT works from
the text's NERD alone and has no temporal signals), then ``answer_graph.ExaqtPipeline.build``
(NERD: dictionary spots and dense entities, ``nerd``; Stage 1 in Neo4j + GDS; the symbolic Stage 2). A question
whose entities cannot be linked returns no items and a note saying so, not an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tkgrag.embed import Embedder
from tkgrag.model import AnswerCandidate, Evidence, Retrieval, Subgraph, looks_like_id
from tkgrag.retrievers.base import ConfiguredRetriever, RequestScope, RetrievalRequest
from tkgrag.retrievers.exaqt.answer_graph import AnswerGraph, ExaqtPipeline
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.ranking import fact_score, monotone_scores, ordinal_scores
from tkgrag.store import Store
from tkgrag.timing import StageTimer


def ranked_facts(ag: AnswerGraph) -> list[Evidence]:
    """The answer graph's facts, best first by the score the ranking gave them (the fact of the top answer first)."""
    qents = frozenset(ag.question_entities)
    ordinal = ordinal_scores(ag.facts, ag.ask, qents)
    scored = [
        (ordinal.get(i, 0.0) + fact_score(f, ag.ask, qents, 0.1, 0.05), f.evidence) for i, f in enumerate(ag.facts)
    ]
    scored.sort(key=lambda p: (-p[0], p[1].key))
    out = []
    for score, e in scored:
        fields = dict(e.fields)
        fields["relevance"] = round(e.score, 6)
        out.append(Evidence(e.kind, e.key, e.text, round(score, 6), e.span, e.source, fields))
    return out


def ranked_answers(ag: AnswerGraph, exact: bool = True) -> list[AnswerCandidate]:
    """The answer graph's ranked answers as a person reads them: the label (``name``), the Wikidata id or value as
    ``key``, and the best fact stating each. Their scores follow the order (``ranking.monotone_scores``): readers
    and metrics take the best score as rank 1, and ``exact`` tiers put lower-scored answers first."""
    values = monotone_scores(ag.answers, exact)
    return [
        AnswerCandidate(a.name or a.text, v, (a.fact,) if a.fact else (), a.text if a.kind == "entity" else None)
        for a, v in zip(ag.answers, values, strict=True)
    ]


def answer_subgraph(ag: AnswerGraph) -> Subgraph:
    nodes: list[dict[str, object]] = [{"kind": "question_entity", "key": k} for k in ag.question_entities]
    edges = [{"tree": i, "cost": t.cost, "nodes": len(t.nodes)} for i, t in enumerate(ag.gst.trees if ag.gst else [])]
    return Subgraph(nodes=nodes, edges=edges)


@dataclass
class ExaqtRetriever(ConfiguredRetriever):
    store: Store
    embedder: Embedder
    config: ExaqtConfig = field(default_factory=ExaqtConfig)
    name: str = "exaqt"
    record_time = True  # its fact queries carry the record-time predicate (queries.temporal_filter.record_filter)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.pipeline = ExaqtPipeline(self.store, self.embedder, self.config)

    def answer_graph(self, request: RetrievalRequest, timer: StageTimer | None = None) -> AnswerGraph:
        """Stage 1 and the ranking for one request (the evaluation reads every stage from it)."""
        timer = timer or StageTimer()
        tq = request.question
        return self.pipeline.build(request.text, tq, request.constraints or None, timer, request.as_of_record)

    def run(self, request: RetrievalRequest) -> Retrieval:
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        ag = self.answer_graph(request, timer)
        result = scope.result(self, request, ranked_facts(ag), answer_subgraph(ag), timer.timings_ms)
        result.answers = ranked_answers(ag, self.pipeline.exact)
        if not result.constraints and ag.ask.constraints:
            result.constraints = ag.ask.constraints  # what the ranking applied, parsed from the question
        labelled = [a for a in ag.answers if a.kind != "entity" or not looks_like_id(a.name or a.text)]
        if labelled:
            top = ", ".join(f"{a.name} ({a.score:.3f})" for a in labelled[:3])
            result.notes.insert(0, f"EXAQT answers: {top}")
        sizes = " / ".join(f"{s} {len(v)}" for s, v in ag.stage_facts.items())
        result.notes.append(f"answer graph facts by stage: {sizes}")
        result.notes.extend(ag.notes)
        return result
