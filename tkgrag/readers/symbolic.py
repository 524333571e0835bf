"""The ``symbolic`` reader (events): exact temporal operators over the evidence and a bounded read of the graph. No
LLM.

``read(request, retrieval)``: the question's grounding (``request.understanding``, made once before retrieval: entities
in their roles, the relation, anchor events, the temporal constraint) becomes a ``ReadPlan`` (answer role, order,
constraint, fixed subject/object/relation, exclusions) that ``readers.operators.apply_plan`` evaluates over the
retrieved evidence plus, when ``read_graph`` is on and an entity is linked, the facts a BOUNDED temporal query returns
around it (``queries.reading``: the entity's events with the relation, filtered by the constraint through the range
indexes, ordered from the end that matters, LIMIT ``fact_limit``). The evidence alone rarely holds every fact that
"first", "last" or "nearest before" must compare; the bounded read makes those operators exact.
``SymbolicAnswer.read_from_graph`` says which facts came from that read, so the evidence shown is what was read.

It abstains instead of guessing (``Answer.abstained``, one line): when a mention the question names links to no
entity, the relation matched below ``understanding.RELATION_MIN`` or not at all, an anchor's event is not in the
graph, or no fact qualifies for the chosen relation or the close candidates whose events have the linked entities
(``RELATION_MARGIN``). There is no "any relation" fallback: an answer with another relation is a guess. It also
abstains when its top answer contradicts the question (``readers.guards``: an entity the question names in the
answer's place, or the answer to the direction the question states, reversed).

Coverage (issue 29): where the store is known to hold only a sample of a source (``ingest.coverage``: events per
source and month, judged against the source's own density), an answer that depends on no event being MISSING there,
"first", "last", "the second to" (also "the last ... before X"), is not given: the reader abstains and says which
months are sampled and what the sample holds. An answer that states what is there - who did X on a day, when X did
Y, who did X before/after T (every such actor is a right answer; nearest first is only the order shown) - is exact
evidence and is given, with the caveat that other answers may be missing (``SymbolicAnswer.coverage``).

Confidence: the understanding's (the weakest entity link times the relation's match score) divided by the number of
answers tied at the top.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.graph_reads import FactReads, record_time
from tkgrag.ingest.coverage import CoverageTable, WeakMonths
from tkgrag.model import Answer, AnswerCandidate, Evidence, Order, Retrieval, TemporalRelation, TokenUsage
from tkgrag.question.grounded import RELATION_MARGIN, GroundedQuestion
from tkgrag.readers.base import tie_share
from tkgrag.readers.guards import contradiction
from tkgrag.readers.operators import apply_plan
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.store import Store


@dataclass
class SymbolicAnswer(Answer):
    """An ``Answer`` with the grounding it came from and the facts it read (for showing why)."""

    grounding: GroundedQuestion | None = None
    facts: dict[str, Evidence] = field(default_factory=dict)
    strategy: str = ""
    read_from_graph: frozenset[str] = frozenset()  # keys of the facts the bounded graph read added to the evidence
    coverage: WeakMonths | None = None  # the sampled/empty months the answer (or the abstention) rests on
    withheld: list[AnswerCandidate] = field(default_factory=list)  # what the sample alone would have answered

    @property
    def no_answer(self) -> str | None:
        """Why there is no answer (the abstention's reason)."""
        return self.abstained

    def supporting(self, candidate: AnswerCandidate, limit: int = 3) -> list[Evidence]:
        return [self.facts[k] for k in candidate.supporting_events[:limit] if k in self.facts]

    def source_of(self, key: str) -> str:
        """ "retrieved" (the method found it) or "graph read" (the bounded read around the linked entities did)."""
        return "graph read" if key in self.read_from_graph else "retrieved"

    def as_dict(self) -> dict[str, Any]:
        d = super().as_dict()
        d["strategy"] = self.strategy
        d["coverage"] = self.coverage.describe() if self.coverage else None
        d["withheld"] = [a.text for a in self.withheld[:3]]
        d["no_answer"] = self.no_answer
        d["explain"] = self.grounding.explain() if self.grounding else []
        d["grounding"] = self.grounding.as_dict() if self.grounding else None
        d["supporting_facts"] = {
            a.text: [{**e.as_dict(), "read_from": self.source_of(e.key)} for e in self.supporting(a)]
            for a in self.answers[:10]
        }
        return d


# What to do when an ordinal answer ("first", "last") rests on a sampled period: withhold it (the default), give it
# with the caveat, or ignore coverage altogether.
SAMPLED_POLICIES = ("abstain", "caveat", "ignore")
_ORDINAL = (Order.FIRST, Order.LAST)


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
        sampled: str = "abstain",
        coverage_ttl_s: float = 60.0,
    ) -> None:
        if sampled not in SAMPLED_POLICIES:
            raise ValueError(f"sampled={sampled!r}: expected one of {', '.join(SAMPLED_POLICIES)}")
        self.store = store
        self.embedder = embedder
        self.read_graph = read_graph
        self.fact_limit = fact_limit
        self.max_answers = max_answers
        self.reads = FactReads(store)
        self.sampled = sampled
        self.coverage_ttl_s = coverage_ttl_s
        self._table: CoverageTable | None = None
        self._table_at = 0.0

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> SymbolicAnswer:
        with record_time(request.as_of_record):  # the reader's graph reads see what the retrieval saw
            return self._read(request, retrieval)

    def _read(self, request: RetrievalRequest, retrieval: Retrieval) -> SymbolicAnswer:
        t0 = time.perf_counter()
        u = request.understanding
        g = u.grounding if u is not None else None
        evidence = list(retrieval.evidence)

        def result(
            answers: list[AnswerCandidate],
            facts: dict[str, Evidence],
            strategy: str,
            no_answer: str | None,
            graph: frozenset[str] = frozenset(),
            weak: WeakMonths | None = None,
            withheld: list[AnswerCandidate] | None = None,
        ) -> SymbolicAnswer:
            answers = answers[: self.max_answers]
            sure = u.confidence if u is not None else 0.0
            return SymbolicAnswer(
                question=request.text,
                answers=answers,
                retrieval=retrieval,
                reader=self.name,
                rewritten_question=g.rewritten if g is not None else None,
                constraint=g.constraint if g is not None else retrieval.constraint,
                tokens=TokenUsage(),
                timings_ms={"read": (time.perf_counter() - t0) * 1000.0},
                abstained=None if answers else no_answer,
                confidence=round(sure * tie_share([a.score for a in answers]), 4) if answers else 0.0,
                understanding=u,
                grounding=g,
                facts=facts,
                strategy=strategy,
                read_from_graph=graph,
                coverage=weak,
                withheld=(withheld or [])[: self.max_answers],
            )

        if u is None or g is None:
            why = "; ".join(u.gaps()) if u is not None else "the question was not understood before reading"
            return result([], _merge(evidence, []), "none: not understood", why)
        gaps = u.gaps()
        if gaps:
            # Something the question names is not in this graph (an entity, the relation, an anchor's event): an
            # answer that ignored it would answer another question. Say which, instead.
            return result([], _merge(evidence, []), "none: not understood", "; ".join(gaps))
        retrieved = {e.key for e in evidence}
        for relation in self._relations(g):
            read = self._graph_facts(g, relation) if self.read_graph else []
            facts = _merge(evidence, read)
            answers = apply_plan(list(facts.values()), g.plan(relation))
            ruled_out = contradiction(g, relation, answers[0]) if answers else None
            if ruled_out is not None:
                # the top answer is one the question itself rules out: a wrong answer is worse than none
                return result([], facts, "none: contradicts the question", ruled_out, withheld=answers)
            split = self._either_split(g, relation, answers, evidence) if answers else None
            if split is not None:
                # "took legal action": an arrest and a lawsuit answer differently; either answer may be the wrong one
                return result([], facts, "none: the words name two acts", split, withheld=answers)
            if answers:
                strategy = ("graph+evidence" if self.read_graph else "evidence") + (
                    "" if relation == g.relation else f" (relation {relation})"
                )
                graph = frozenset(e.key for e in read if e.key not in retrieved)
                weak = self._weak_for_answer(g, facts.get(answers[0].supporting_events[0]))
                if weak is not None and g.order in _ORDINAL and self.sampled == "abstain":
                    # "first"/"last" from a sample: the deciding event may be among the missing ones
                    said = facts[answers[0].supporting_events[0]]
                    why = (
                        f"cannot tell the {g.order.value} one: {weak.describe()}; the {g.order.value} this store "
                        f"holds is {answers[0].text} ({said.span.label()})"
                    )
                    return result([], facts, "none: sampled period", why, graph, weak, answers)
                return result(answers, facts, strategy, None, graph, weak)
        weak = self._weak([None], *_window(g))
        why = g.no_events() + (f"; note: {weak.describe()}" if weak is not None else "")
        return result([], _merge(evidence, []), "none", why, frozenset(), weak)

    # -- helpers ------------------------------------------------------------------------------------------------
    def _table_now(self) -> CoverageTable | None:
        """The coverage table, re-read at most every ``coverage_ttl_s`` (an ingest elsewhere updates it)."""
        if self.sampled == "ignore":
            return None
        now = time.monotonic()
        if self._table is None or now - self._table_at > self.coverage_ttl_s:
            self._table, self._table_at = CoverageTable.load(self.store), now
        return self._table

    def _weak(self, sources: list[str | None], start: date | None, end: date | None) -> WeakMonths | None:
        table = self._table_now()
        if table is None or not table.sources:
            return None
        return table.weak(sources, start, end)

    def _weak_for_answer(self, g: GroundedQuestion, fact: Evidence | None) -> WeakMonths | None:
        """The sampled months between the question's bound and the deciding fact (ordered answers: an event missing
        there could come first), or within the question's window (other answers may be missing)."""
        lo, hi = _window(g)
        when = None if fact is None else (fact.span.start or fact.span.end)
        c = g.constraint
        if when is not None and g.order is Order.FIRST:
            hi = when
        elif when is not None and g.order is Order.LAST:
            lo = when
        elif when is not None and g.order is Order.NEAREST and c is not None:
            if c.relation is TemporalRelation.AFTER:
                hi = when
            elif c.relation is TemporalRelation.BEFORE:
                lo = when
        return self._weak([fact.source if fact is not None else None], lo, hi)

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

    def _either_split(
        self, g: GroundedQuestion, relation: str | None, answers: list[AnswerCandidate], evidence: list[Evidence]
    ) -> str | None:
        """Why the answer is withheld when the question's words name two relations equally (``g.either``) and the
        other one's top answer differs; None when they agree or the other has none."""
        if relation is None or relation not in g.either:
            return None
        for other in g.either:
            if other == relation:
                continue
            read = self._graph_facts(g, other) if self.read_graph else []
            theirs = apply_plan(list(_merge(evidence, read).values()), g.plan(other))
            if theirs and theirs[0].text != answers[0].text:
                return (
                    f'"{g.relation_phrase}" may mean {other} or {relation}, and they answer differently: '
                    f"{theirs[0].text} and {answers[0].text}; say which"
                    + (' (e.g. "arrested or charged", "sued")' if "lawsuit" in other + relation else "")
                )
        return None

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


def _window(g: GroundedQuestion) -> tuple[date | None, date | None]:
    """The period the question's constraints allow (None: open on that side)."""
    lo: date | None = None
    hi: date | None = None
    for c in [g.constraint, *g.also]:
        if c is None:
            continue
        start, end = c.span.start, c.span.end
        if c.relation is TemporalRelation.BEFORE:
            start, end = None, start
        elif c.relation is TemporalRelation.AFTER:
            start, end = end, None
        if start is not None and (lo is None or start > lo):
            lo = start
        if end is not None and (hi is None or end < hi):
            hi = end
    return lo, hi


def _merge(evidence: list[Evidence], read: list[Evidence]) -> dict[str, Evidence]:
    """Facts by key; a fact both retrieved and read keeps the higher score."""
    out: dict[str, Evidence] = {}
    for e in [*evidence, *read]:
        prev = out.get(e.key)
        if prev is None or e.score > prev.score:
            out[e.key] = e
    return out
