"""EXAQT Stage 1 on Neo4j + GDS: question entities -> question-relevant facts -> Group Steiner Trees -> completion ->
temporal fact enhancement = the answer graph; then the symbolic Stage 2 (``ranking``). ``build`` runs it for one
question and keeps what each step produced, so evaluation can measure answer recall after every step (the paper's
Table 6) and the answer graph's size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from tkgrag.embed import Embedder
from tkgrag.items import item_from_row
from tkgrag.model import Evidence, TemporalConstraint
from tkgrag.queries import exaqt as q
from tkgrag.queries.temporal_filter import RECORD_PARAM, constraint_params
from tkgrag.question.constraints import anchor_constraint, explicit_constraints
from tkgrag.question.model import AnswerKind, TemporalQuestion
from tkgrag.question.relations import content_stems
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.groups import (
    TerminalGroup,
    entity_groups,
    entity_relevance,
    keyword_groups,
    keywords,
    terminal_choices,
)
from tkgrag.retrievers.exaqt.gst import GstResult, completed_facts, group_steiner_trees, projection
from tkgrag.retrievers.exaqt.nerd import GraphLexicon, Nerd, link_question
from tkgrag.retrievers.exaqt.ranker_graph import GraphScorer, RankerGraph, build_ranker_graph
from tkgrag.retrievers.exaqt.ranking import (
    AnswerFact,
    AnswerScorer,
    RankedAnswer,
    TemporalAsk,
    letters,
    rank_answers,
)
from tkgrag.retrievers.exaqt.relevance import load_relevance
from tkgrag.retrievers.exaqt.scorer import BUNDLED, LinearScorer, RelevanceScorer
from tkgrag.retrievers.exaqt.subgraph import CandidateFact, CandidateGraph, GraphEntity
from tkgrag.store import Store
from tkgrag.temporal import Granularity
from tkgrag.timing import StageTimer

# Stages whose facts are kept, in order (the rows of the paper's Table 6).
STAGES = ("nerd", "relevant", "gst", "answer_graph")
KEYWORD_GROUPS = 3  # at most this many keyword groups besides the entity groups
ANCHOR_MIN_COSINE = 0.3  # an implicit anchor grounds to a dated fact only when it is at least this close


@dataclass
class AnswerGraph:
    """What Stage 1 produced for one question, and the ranked answers."""

    question: str
    nerd: Nerd = field(default_factory=Nerd)
    candidates: CandidateGraph = field(default_factory=CandidateGraph)
    temporal: list[CandidateFact] = field(default_factory=list)  # the temporal facts added by the enhancement
    groups: list[TerminalGroup] = field(default_factory=list)
    gst: GstResult | None = None
    stage_facts: dict[str, list[str]] = field(default_factory=dict)
    facts: list[AnswerFact] = field(default_factory=list)
    answers: list[RankedAnswer] = field(default_factory=list)
    ask: TemporalAsk = field(default_factory=TemporalAsk)
    implicit: bool = False  # the constraint was grounded from an implicit anchor ("during World War I")
    notes: list[str] = field(default_factory=list)

    @property
    def question_entities(self) -> list[str]:
        """The entities the question names (never answers)."""
        return self.nerd.named

    @property
    def context_entities(self) -> list[str]:
        """Dense NERD's other entities (they may be answers)."""
        return self.nerd.context

    def stage(self, name: str) -> list[CandidateFact]:
        """The facts one stage ended with (``STAGES``), best first."""
        known = {**{f.key: f for f in self.temporal}, **self.candidates.facts}
        return [known[k] for k in self.stage_facts.get(name, ()) if k in known]


def temporal_ask(tq: TemporalQuestion | None, constraints: Sequence[TemporalConstraint]) -> TemporalAsk:
    """The ranking's view of the question: explicit constraints, ordinal, and whether a time is asked for."""
    if tq is None:
        return TemporalAsk(tuple(constraints))
    at = tq.answer_type
    wants_time = at.kind is AnswerKind.TIME
    gran = at.granularity if at.stated and at.granularity is not None else Granularity.YEAR
    return TemporalAsk(
        tuple(constraints),
        tq.ordinal.position if tq.ordinal is not None else None,
        wants_time,
        at.boundary.value if wants_time and at.boundary is not None else None,
        gran,
        content_stems(tq.text),
        letters=letters(tq.text),
    )


@dataclass
class ExaqtPipeline:
    store: Store
    embedder: Embedder
    config: ExaqtConfig
    scorer: AnswerScorer | GraphScorer | None = None  # None: the symbolic ranking

    def __post_init__(self) -> None:
        self.lexicon = GraphLexicon(self.store)
        self.ranking_note = f"ranking: {self.config.scorer}"
        if self.scorer is None and self.config.scorer == "learned":
            self.scorer = LinearScorer.load(self.config.scorer_path or BUNDLED)
        elif self.scorer is None and self.config.scorer == "rgcn":
            self.scorer, self.ranking_note = load_ranker(self.config.ranker_model, exact=self.config.rgcn_exact)
        if self.scorer is None and self.config.scorer in ("relevance", "rgcn"):
            self.scorer = RelevanceScorer()
        self.relevance_encoder, self.relevance_note = load_relevance(self.config.relevance_model)

    def facts_of(
        self,
        entities: Sequence[str],
        qvec: list[float],
        limit: int,
        temporal_only: bool,
        as_of_record: datetime | None = None,
    ) -> list[CandidateFact]:
        """The facts of ``entities`` recorded at ``as_of_record`` (None: the current ones), best first."""
        params = {
            "entities": list(entities),
            "qvec": qvec,
            "limit": limit,
            "temporal_only": temporal_only,
            RECORD_PARAM: constraint_params((), as_of_record)[RECORD_PARAM],
        }
        return [CandidateFact.from_row(r) for r in self.store.run(q.FACTS_OF_ENTITIES, params)]

    def items(self, scored: dict[str, float]) -> dict[str, Evidence]:
        facts = [{"key": k, "score": s} for k, s in scored.items()]
        rows = self.store.run(q.FACT_ITEMS, {"facts": facts, "k": max(1, len(facts))})
        return {r["key"]: item_from_row(r) for r in rows}

    # -- the whole of Stage 1 + ranking --------------------------------------------------------------------------
    def build(
        self,
        text: str,
        tq: TemporalQuestion | None,
        constraints: Sequence[TemporalConstraint] | None = None,
        timer: StageTimer | None = None,
        as_of_record: datetime | None = None,
    ) -> AnswerGraph:
        """Stage 1 and the ranking over the facts recorded at ``as_of_record`` (None: the current versions)."""
        timer = timer or StageTimer()
        c = self.config
        ag = AnswerGraph(text)
        with timer.stage("embed"):
            qvec = self.embedder.encode([text])[0].tolist()
            # the relevance model's question vector scores facts (Stage 1); NERD keeps the base one (the fact index's)
            rvec = self.relevance_encoder.encode([text])[0].tolist() if self.relevance_encoder else qvec
        ag.notes.append(self.relevance_note)
        ag.notes.append(self.ranking_note)
        with timer.stage("link"):
            ag.nerd = link_question(self.store, self.lexicon.get(), text, qvec, c, as_of_record)
        groups_of_keys = ag.nerd.groups
        if not ag.nerd.entities:
            ag.notes.append("no entity linked: no question entity was found in the graph, so there is no answer graph")
            ag.stage_facts = {s: [] for s in STAGES}
            return ag
        with timer.stage("relevant_facts"):
            cands = self.facts_of(ag.nerd.entities, rvec, c.candidate_facts, False, as_of_record)
            hop = hop_entities(cands, ag.nerd.entities, c.second_hop_from, c.second_hop)
            if hop:
                cands += self.facts_of(hop, rvec, c.second_hop_facts, False, as_of_record)
                ag.notes.append(f"second hop through {len(hop)} entities of the most relevant facts")
        graph = CandidateGraph.of(cands, c.relevant_facts)
        ag.candidates = graph
        ag.stage_facts["nerd"] = list(graph.facts)
        ag.stage_facts["relevant"] = [k for k in graph.facts if k in graph.relevant]
        if not graph.facts:
            ag.notes.append("the linked question entities have no facts")
            ag.stage_facts.update({"gst": [], "answer_graph": []})
            return ag

        # -- Group Steiner Trees and completion
        with timer.stage("gst"):
            rel = entity_relevance(graph)
            groups = entity_groups(groups_of_keys, graph, rel)
            exclude = [s.text for s in ag.nerd.spots]
            phrase = tq.main_content if tq is not None and tq.main_content else text
            groups += keyword_groups(keywords(phrase, exclude), graph, ag.nerd.entities, KEYWORD_GROUPS)
            ag.groups = groups
            choices = terminal_choices(groups, c.trees, c.group_width)
            with projection(self.store, graph, c.outside_penalty) as name:
                ag.gst = group_steiner_trees(self.store, name, graph, choices, c.trees)
            # NERD entities beyond the terminal groups (``nerd.MAX_GROUPS``) are trees of one node, as terminals in
            # components of their own are: completion adds their relevant facts
            grouped = {k for keys in groups_of_keys for k in keys}
            node_of = {e.key: e.node_id for e in graph.entities().values()}
            lone = frozenset(node_of[k] for k in ag.nerd.entities if k not in grouped and k in node_of)
            completed = completed_facts(graph, ag.gst.nodes | lone, incident=c.complete_incident)
        ag.stage_facts["gst"] = completed

        # -- temporal fact enhancement
        with timer.stage("temporal_facts"):
            ids = graph.entities()
            tree_entities = {ids[n].key for n in ag.gst.nodes if n in ids}
            for key in completed:
                tree_entities |= {e.key for e in graph.facts[key].entities}
            have = set(completed)
            temporal: list[CandidateFact] = []
            if c.temporal_facts and tree_entities:
                more = self.facts_of(sorted(tree_entities), rvec, c.temporal_facts + len(have), True, as_of_record)
                temporal = [f for f in more if f.key not in have][: c.temporal_facts]
            ag.temporal = temporal
        answer_keys = completed + [f.key for f in temporal]
        ag.stage_facts["answer_graph"] = answer_keys

        # -- the answer graph's items and the ranking
        with timer.stage("rank"):
            by_key = {**{f.key: f for f in temporal}, **{k: graph.facts[k] for k in completed}}
            items = self.items({k: by_key[k].relevance for k in answer_keys})
            tree_ids = ag.gst.nodes
            ag.facts = [
                AnswerFact(items[k], by_key[k].relevance, by_key[k].node_id in tree_ids, by_key[k].entities)
                for k in answer_keys
                if k in items
            ]
            tcs = list(constraints) if constraints is not None else (list(explicit_constraints(tq)) if tq else [])
            if not tcs and tq is not None and tq.anchors:
                anchored = self.ground_anchor(tq, graph)
                if anchored is not None:
                    tcs.append(anchored)
                    ag.implicit = True
                    ag.notes.append(f"implicit constraint from the answer graph: {anchored.describe()}")
            ag.ask = replace(temporal_ask(tq, tcs), named=ag.nerd.proper_name_words())
            ag.answers = self.rank(ag, self.scorer)
        return ag

    @property
    def exact(self) -> bool:
        """Whether the pipeline's ranking orders answers within the exact tiers (the symbolic ranking always does)."""
        if self.scorer is None:
            return True
        return bool(getattr(self.scorer, "exact", self.config.exact_tiers))

    def rank(
        self, ag: AnswerGraph, scorer: AnswerScorer | GraphScorer | None, exact: bool | None = None
    ) -> list[RankedAnswer]:
        """The answer graph's answers ranked (Sec. 4) with ``scorer`` (None: the symbolic ranking; an R-GCN re-ranks
        the symbolic ranking over the answer graph); benchmarks re-rank one graph with several scorers through it.
        ``exact`` (default ``config.exact_tiers``): whether an answer scorer orders only within the exact tiers."""
        c = self.config
        symbolic = rank_answers(
            ag.facts,
            ag.ask,
            ag.question_entities,
            tree_bonus=c.tree_bonus,
            entity_bonus=c.entity_bonus,
            context_entities=ag.context_entities,
            scorer=scorer if isinstance(scorer, AnswerScorer) else None,
            exact=c.exact_tiers if exact is None else exact,
        )
        if scorer is None or isinstance(scorer, AnswerScorer):
            return symbolic
        return scorer.rerank(ranker_graph(ag, symbolic), symbolic)

    def ground_anchor(self, tq: TemporalQuestion, graph: CandidateGraph) -> TemporalConstraint | None:
        """An implicit anchor ("during World War I", "when he was president") as a constraint: the time of the
        dated candidate fact closest to the anchor's words, when one is close enough."""
        anchor = tq.anchor
        if anchor is None or not anchor.text.strip():
            return None
        avec = self.embedder.encode([anchor.text])[0].tolist()
        keys = list(graph.facts)
        rows = self.store.run(q.FACT_COSINES, {"keys": keys, "qvec": avec})
        items = self.items({r["key"]: float(r["score"]) for r in rows[:5]})
        for r in rows[:5]:
            e = items.get(r["key"])
            if e is not None and e.has_time and float(r["score"]) >= ANCHOR_MIN_COSINE:
                return anchor_constraint(anchor.relation, e.key, e.span)
        return None


def hop_entities(facts: Sequence[CandidateFact], question_entities: Sequence[str], top: int, limit: int) -> list[str]:
    """The entities of the ``top`` most relevant ``facts`` other than the question entities, best fact first, at most
    ``limit`` (the bounded second hop; [] when ``limit`` is 0)."""
    if limit <= 0:
        return []
    named = set(question_entities)
    out: list[str] = []
    for f in sorted(facts, key=lambda f: (-f.relevance, f.key))[:top]:
        for e in f.entities:
            if e.key not in named and e.key not in out:
                out.append(e.key)
    return out[:limit]


def ranker_graph(ag: AnswerGraph, symbolic: Sequence[RankedAnswer]) -> RankerGraph:
    """The R-GCN's view of an answer graph whose symbolic ranking is ``symbolic``."""
    return build_ranker_graph(
        ag.facts,
        ag.ask,
        ag.question_entities,
        ag.context_entities,
        symbolic,
        temporal_facts=[f.key for f in ag.temporal],
        implicit=ag.implicit,
    )


def load_ranker(name: str, *, exact: bool) -> tuple[GraphScorer | None, str]:
    """The R-GCN ranker ``name`` (a folder under $TKGRAG_HOME/models/ or a path) and a note; (None, a note saying
    the ranking falls back to relevance) when there is none."""
    from tkgrag.config import load_settings

    path = Path(name).expanduser()
    if not path.is_absolute() and not path.exists():
        path = load_settings().home / "models" / name
    if not (path / "model.pt").exists() and not path.is_file():
        return None, (
            f"ranking: relevance (fallback: no R-GCN ranker at {path}; train one with `tkgrag train exaqt-ranker`)"
        )
    from tkgrag.retrievers.exaqt.rgcn import RgcnScorer  # torch only when a ranker is used

    scorer = RgcnScorer.load(path, exact=exact)
    mode = "tiers exact" if exact else "tiers as features"
    return scorer, f"ranking: R-GCN ranker {path} ({mode})"


def answer_entities(ag: AnswerGraph) -> list[GraphEntity]:
    """The entities of the answer graph (for display)."""
    seen: dict[str, GraphEntity] = {}
    for f in ag.facts:
        for e in f.entities:
            seen.setdefault(e.key, e)
    return list(seen.values())
