"""The ``symbolic`` reader: exact temporal operators over the evidence and a bounded read of the graph. No LLM.

``answer(request, retriever)``: understand -> ground (``tkgrag.question.grounding``: entities in their roles, the
relation, anchor events, the temporal constraint, the rewritten question) -> retrieve with the constraint (the
rewritten question, TimeR4-style, when an anchor was resolved) -> read.

``read(question, retrieval, understanding)``: the grounding becomes a ``ReadPlan`` (answer role, order, constraint,
fixed subject/object/relation, exclusions) that ``readers.operators.apply_plan`` evaluates over the retrieved
evidence plus, when ``read_graph`` is on and an entity is linked, the facts a BOUNDED temporal query returns around it
(``queries.reading``: the entity's events with the relation, filtered by the constraint through the range indexes,
ordered from the end that matters, LIMIT ``fact_limit``). The evidence alone rarely holds every fact that "first",
"last" or "nearest before" must compare; the bounded read makes those operators exact.

An anchor understood as (actors, relation) whose event the graph lacks gives no answer and says so ("no event of X R
Y in this graph"): without the anchor's time the question's constraint is unknown. Fallbacks, in order, when nothing
qualifies: the next relation candidates close to the best; then the evidence alone
with only the entities fixed (any relation). ``SymbolicAnswer.strategy`` says which one answered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.graph_reads import FactReads, record_time
from tkgrag.model import Answer, AnswerCandidate, Evidence, Order, Retrieval, TemporalRelation, TokenUsage
from tkgrag.question.grounding import RELATION_MARGIN, GroundedQuestion, Grounder
from tkgrag.question.model import TemporalQuestion
from tkgrag.readers.operators import apply_plan
from tkgrag.retrievers.base import RetrievalRequest, Retriever
from tkgrag.store import Store


@dataclass
class SymbolicAnswer(Answer):
    """An ``Answer`` with the grounding it came from and the facts it read (for showing why)."""

    grounding: GroundedQuestion | None = None
    facts: dict[str, Evidence] = field(default_factory=dict)
    strategy: str = ""
    no_answer: str | None = None  # why nothing qualified: "no events of X (object) with relation R during 2005 ..."

    def supporting(self, candidate: AnswerCandidate, limit: int = 3) -> list[Evidence]:
        return [self.facts[k] for k in candidate.supporting_events[:limit] if k in self.facts]

    def as_dict(self) -> dict[str, Any]:
        d = super().as_dict()
        d["strategy"] = self.strategy
        d["no_answer"] = self.no_answer
        d["explain"] = self.grounding.explain() if self.grounding else []
        d["grounding"] = self.grounding.as_dict() if self.grounding else None
        d["supporting_facts"] = {a.text: [e.as_dict() for e in self.supporting(a)] for a in self.answers[:10]}
        return d


class SymbolicReader:
    """Answers from the evidence and bounded graph reads with exact temporal operators; zero LLM tokens."""

    name = "symbolic"

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        *,
        read_graph: bool = True,
        fact_limit: int = 5000,
        max_answers: int = 10,
        grounder: Grounder | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.read_graph = read_graph
        self.fact_limit = fact_limit
        self.max_answers = max_answers
        self.grounder = grounder or Grounder(store, embedder)
        self.reads = FactReads(store)

    def ground(self, question: str | TemporalQuestion) -> GroundedQuestion:
        return self.grounder.ground(question)

    def answer(self, request: RetrievalRequest | str, retriever: Retriever, k: int = 10) -> SymbolicAnswer:
        """Understand and ground, retrieve with every derived constraint (and the rewritten question when an anchor
        was resolved), read. A question text is a request for its top ``k``."""
        request = RetrievalRequest.coerce(request, k)
        with record_time(request.as_of_record):  # grounding and the reader's reads see what the retrieval sees
            t0 = time.perf_counter()
            g = self.ground(request.question or request.text)
            t1 = time.perf_counter()
            derived = replace(
                request,
                text=g.rewritten or request.text,
                question=g.question,
                constraints=request.constraints or g.plan().constraints,
            )
            retrieval = retriever.retrieve(derived)
            t2 = time.perf_counter()
            out = self.read(request.text, retrieval, g)
            t3 = time.perf_counter()
        out.timings_ms = {
            "ground": (t1 - t0) * 1000.0,
            "retrieve": (t2 - t1) * 1000.0,
            "read": (t3 - t2) * 1000.0,
            "total": (t3 - t0) * 1000.0,
            **{f"ground.{stage}": ms for stage, ms in g.timings_ms.items()},
        }
        return out

    def read(self, question: str, retrieval: Retrieval, understanding: Any | None = None) -> SymbolicAnswer:
        t0 = time.perf_counter()
        g = understanding if isinstance(understanding, GroundedQuestion) else self.ground(understanding or question)
        evidence = list(retrieval.evidence)
        answers: list[AnswerCandidate] = []
        facts: dict[str, Evidence] = {}
        strategy = "none"
        absent = [ga for ga in g.anchors if ga.understood and not ga.resolved]

        def result(
            answers: list[AnswerCandidate], facts: dict[str, Evidence], strategy: str, no_answer: str | None
        ) -> SymbolicAnswer:
            return SymbolicAnswer(
                question=question,
                answers=answers[: self.max_answers],
                retrieval=retrieval,
                reader=self.name,
                rewritten_question=g.rewritten,
                constraint=g.constraint,
                tokens=TokenUsage(),
                timings_ms={"read": (time.perf_counter() - t0) * 1000.0},
                grounding=g,
                facts=facts,
                strategy=strategy,
                no_answer=no_answer,
            )

        if absent:
            # The anchor is understood but its event is not in the graph: the question cannot be placed in time, and
            # an answer that ignored the anchor would be wrong by construction. Say so instead.
            return result([], _merge(evidence, []), "none: anchor event not in the graph", g.no_events())
        for relation in self._relations(g):
            read = self._graph_facts(g, relation) if self.read_graph else []
            facts = _merge(evidence, read)
            answers = apply_plan(list(facts.values()), g.plan(relation))
            if answers:
                strategy = ("graph+evidence" if self.read_graph else "evidence") + (
                    "" if relation == g.relation else f" (relation {relation})"
                )
                break
        if not answers and g.relation is not None:
            facts = _merge(evidence, [])
            answers = apply_plan(evidence, replace(g.plan(), relation=None))
            strategy = "evidence, any relation" if answers else "none"
        return result(answers, facts, strategy, None if answers else g.no_events())

    # -- helpers ------------------------------------------------------------------------------------------------
    @staticmethod
    def _relations(g: GroundedQuestion) -> list[str | None]:
        """The chosen relation, then the other candidates within the margin of the best (None: no relation)."""
        if g.relation is None:
            return [None]
        out: list[str | None] = [g.relation]
        if g.relation_candidates:
            best = g.relation_candidates[0].score
            out += [
                c.relation
                for c in g.relation_candidates[:3]
                if c.relation != g.relation and c.score >= best - RELATION_MARGIN
            ]
        return out

    def _graph_facts(self, g: GroundedQuestion, relation: str | None) -> list[Evidence]:
        plan = g.plan(relation)
        if plan.subject is None and plan.object is None:
            return []
        c = g.constraint
        newest_first = plan.order is Order.LAST or (
            plan.order is Order.NEAREST and c is not None and c.relation is TemporalRelation.BEFORE
        )
        return self.reads.facts(
            plan.subject,
            plan.object,
            [relation] if relation else None,
            plan.constraints,
            newest_first=newest_first,
            limit=self.fact_limit,
        )


def _merge(evidence: list[Evidence], read: list[Evidence]) -> dict[str, Evidence]:
    """Facts by key; a fact both retrieved and read keeps the higher score."""
    out: dict[str, Evidence] = {}
    for e in [*evidence, *read]:
        prev = out.get(e.key)
        if prev is None or e.score > prev.score:
            out[e.key] = e
    return out
