"""EXAQT Stage 1 on Neo4j + GDS: question entities -> question-relevant facts -> Group Steiner Trees -> completion ->
temporal fact enhancement = the answer graph; then the symbolic Stage 2 (``ranking``). ``build`` runs it for one
question and keeps what each step produced, so evaluation can measure answer recall after every step (the paper's
Table 6) and the answer graph's size. ``build_many`` gives many questions the same answer graphs with each step one
round trip per batch (one GDS projection for the batch's candidate graphs): Stage 1 was mostly per-query costs, and
the ranker's training builds an answer graph for most dev questions (benchmarks/results/2026-11-26/exaqt-7).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.items import item_from_row
from tkgrag.model import TemporalConstraint
from tkgrag.queries import exaqt as q
from tkgrag.queries.temporal_filter import RECORD_PARAM, constraint_params
from tkgrag.question.constraints import anchor_constraint, explicit_constraints
from tkgrag.question.model import AnswerKind, TemporalQuestion
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.cross import CrossScorer, load_cross
from tkgrag.retrievers.exaqt.groups import (
    TerminalGroup,
    entity_groups,
    entity_relevance,
    keyword_groups,
    keywords,
    terminal_choices,
)
from tkgrag.retrievers.exaqt.gst import GstResult, completed_facts, group_steiner_trees_many
from tkgrag.retrievers.exaqt.nerd import GraphLexicon, Nerd, link_questions
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
from tkgrag.retrievers.exaqt.stems import content_stems
from tkgrag.retrievers.exaqt.subgraph import CandidateFact, CandidateGraph, GraphEntity
from tkgrag.store import Store
from tkgrag.temporal import Granularity
from tkgrag.timing import StageTimer

# Stages whose facts are kept, in order (the rows of the paper's Table 6).
STAGES = ("nerd", "relevant", "gst", "answer_graph")
KEYWORD_GROUPS = 3  # at most this many keyword groups besides the entity groups
ANCHOR_MIN_COSINE = 0.3  # an implicit anchor grounds to a dated fact only when it is at least this close
# Questions per round trip in ``build_many``: every step of Stage 1 is one query for a batch (one GDS projection for
# all its candidate graphs), so the per-query costs (a projection's above all) are paid once per batch. Each Steiner
# run allocates over the whole projection's nodes, so its cost grows with the batch (review-9 N3; fine on ex-slice).
BATCH = 32


@dataclass(frozen=True)
class Stage1Input:
    """One question for ``ExaqtPipeline.build_many``: its text, parse and the constraints given (None: the parse's)."""

    text: str
    tq: TemporalQuestion | None = None
    constraints: Sequence[TemporalConstraint] | None = None


@dataclass
class Linked:
    """The first half of Stage 1 for one question (``ExaqtPipeline.link_many``)."""

    text: str
    qvec: list[float]  # the base bi-encoder's vector (NERD's, the fact index's)
    rvec: list[float]  # the relevance model's (scores the facts)
    nerd: Nerd
    first_hop: list[CandidateFact]  # the facts of the NERD entities, best first, at most ``candidate_facts``
    complete: bool  # ``first_hop`` holds every fact of the NERD entities (fewer than ``candidate_facts``)
    hop: list[str]  # the second hop's entities
    candidates: list[CandidateFact]  # ``first_hop`` and the second hop's facts


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
    scorer: AnswerScorer | GraphScorer | CrossScorer | None = None  # None: the symbolic ranking

    def __post_init__(self) -> None:
        self.lexicon = GraphLexicon(self.store)
        self.ranking_note = f"ranking: {self.config.scorer}"
        if self.scorer is None and self.config.scorer == "learned":
            self.scorer = LinearScorer.load(self.config.scorer_path or BUNDLED)
        elif self.scorer is None and self.config.scorer == "rgcn":
            self.scorer, self.ranking_note = load_ranker(self.config.ranker_model, exact=self.config.rgcn_exact)
        elif self.scorer is None and self.config.scorer == "cross":
            self.scorer, self.ranking_note = load_cross(self.config.cross_model, self.config.cross_weight)
        if self.scorer is None and self.config.scorer in ("relevance", "rgcn", "cross"):
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
        return self.facts_of_many([entities], [qvec], [limit], temporal_only, as_of_record)[0]

    def facts_of_many(
        self,
        entities: Sequence[Sequence[str]],
        vecs: Sequence[list[float]],
        limits: Sequence[int],
        temporal_only: bool,
        as_of_record: datetime | None = None,
    ) -> list[list[CandidateFact]]:
        """``facts_of`` for many questions in one round trip (a question without entities gets none, unasked): each
        question's facts by its own vector, best first (score desc, key asc), at most its own limit."""
        asked = [i for i, keys in enumerate(entities) if keys]
        out: list[list[CandidateFact]] = [[] for _ in entities]
        if not asked:
            return out
        params = {
            "questions": [{"index": i, "entities": list(entities[i]), "qvec": vecs[i]} for i in asked],
            "limit": max(limits[i] for i in asked),
            "temporal_only": temporal_only,
            RECORD_PARAM: constraint_params((), as_of_record)[RECORD_PARAM],
        }
        rows: list[list[dict[str, Any]]] = [[] for _ in entities]
        for r in self.store.run_values(q.FACTS_OF_ENTITIES_MANY, params):
            rows[int(r["q"])].append(r)
        for i in asked:
            best = sorted(rows[i], key=lambda r: (-float(r["score"]), str(r["key"])))[: limits[i]]
            out[i] = [CandidateFact.from_row(r) for r in best]
        return out

    def item_rows(self, keys: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The item rows of the facts ``keys`` in one round trip, by key, each with score 0: ``item_from_row`` of a
        row with a question's own score put in is the fact's item for that question."""
        if not keys:
            return {}
        facts = [{"key": k, "score": 0.0} for k in keys]
        return {r["key"]: r for r in self.store.run_values(q.FACT_ITEMS, {"facts": facts, "k": len(facts)})}

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
        return self.build_many([Stage1Input(text, tq, constraints)], timer, as_of_record)[0]

    def build_many(
        self,
        inputs: Sequence[Stage1Input | tuple[str, TemporalQuestion | None]],
        timer: StageTimer | None = None,
        as_of_record: datetime | None = None,
        batch: int = BATCH,
        prefetch: bool = False,
    ) -> list[AnswerGraph]:
        """``build`` for many questions, ``batch`` at a time: each step of Stage 1 is one round trip for the whole
        batch (the answer graphs are those ``build`` gives one by one). ``prefetch``: ``linked_batches``."""
        timer = timer or StageTimer()
        items = [i if isinstance(i, Stage1Input) else Stage1Input(*i) for i in inputs]
        out: list[AnswerGraph] = []
        for s, linked in self.linked_batches([i.text for i in items], batch, timer, as_of_record, prefetch=prefetch):
            out += self.finish_many(linked, items[s : s + batch], timer, as_of_record)
        return out

    def linked_batches(
        self,
        texts: Sequence[str],
        batch: int = BATCH,
        timer: StageTimer | None = None,
        as_of_record: datetime | None = None,
        *,
        prefetch: bool = False,
    ) -> Iterator[tuple[int, list[Linked]]]:
        """``(start, link_many(texts[start:start + batch]))`` per batch, in order, one batch after the other. With
        ``prefetch`` and more than one batch, the next batch is linked on one worker thread while the caller finishes
        the current one (its round trips and the encoder overlap the caller's Python work). Off by default: six
        alternating pairs of runs showed no gain clearly above their spread (benchmarks/results/2026-11-26/exaqt-7,
        section 8), and one thread is simpler."""
        starts = list(range(0, len(texts), batch))
        if len(starts) < 2 or not prefetch:
            for s in starts:
                yield s, self.link_many(texts[s : s + batch], timer, as_of_record)
            return
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="exaqt-link") as pool:
            ahead = pool.submit(self.link_many, texts[:batch], timer, as_of_record)
            for s in starts:
                linked = ahead.result()
                if s + batch < len(texts):
                    ahead = pool.submit(self.link_many, texts[s + batch : s + 2 * batch], timer, as_of_record)
                yield s, linked

    def link_many(
        self, texts: Sequence[str], timer: StageTimer | None = None, as_of_record: datetime | None = None
    ) -> list[Linked]:
        """The first half of Stage 1 for many questions: the question vectors, NERD and the candidate facts."""
        timer = timer or StageTimer()
        c = self.config
        with timer.stage("embed"):
            qvecs = [self.embedder.encode([t])[0].tolist() for t in texts]
            # the relevance model's question vector scores facts (Stage 1); NERD keeps the base one (the fact index's)
            rvecs = [
                self.relevance_encoder.encode([t])[0].tolist() if self.relevance_encoder else qv
                for t, qv in zip(texts, qvecs, strict=True)
            ]
        with timer.stage("link"):
            nerds = link_questions(self.store, self.lexicon.get(), texts, qvecs, c, as_of_record)
        with timer.stage("relevant_facts"):
            entities = [n.entities for n in nerds]
            first = self.facts_of_many(entities, rvecs, [c.candidate_facts] * len(texts), False, as_of_record)
            hops = [hop_entities(f, e, c.second_hop_from, c.second_hop) for f, e in zip(first, entities, strict=True)]
            second = self.facts_of_many(hops, rvecs, [c.second_hop_facts] * len(texts), False, as_of_record)
        return [
            Linked(t, qv, rv, n, f, len(f) < c.candidate_facts, h, f + s)
            for t, qv, rv, n, f, h, s in zip(texts, qvecs, rvecs, nerds, first, hops, second, strict=True)
        ]

    def finish_many(
        self,
        linked: Sequence[Linked],
        inputs: Sequence[Stage1Input],
        timer: StageTimer | None = None,
        as_of_record: datetime | None = None,
    ) -> list[AnswerGraph]:
        """The second half of Stage 1 and the ranking for questions ``link_many`` linked: GST and completion over one
        projection, the temporal facts, the items and the implicit anchors each one round trip for all."""
        timer = timer or StageTimer()
        c = self.config
        ags: list[AnswerGraph] = []
        active: list[int] = []  # questions with a candidate graph
        graphs: list[CandidateGraph] = []
        for i, (lk, inp) in enumerate(zip(linked, inputs, strict=True)):
            ag = AnswerGraph(inp.text)
            ag.notes.append(self.relevance_note)
            ag.notes.append(self.ranking_note)
            ag.nerd = lk.nerd
            ags.append(ag)
            graphs.append(CandidateGraph())
            if not lk.nerd.entities:
                ag.notes.append(
                    "no entity linked: no question entity was found in the graph, so there is no answer graph"
                )
                ag.stage_facts = {s: [] for s in STAGES}
                continue
            if lk.hop:
                ag.notes.append(f"second hop through {len(lk.hop)} entities of the most relevant facts")
            graph = CandidateGraph.of(lk.candidates, c.relevant_facts)
            ag.candidates = graphs[i] = graph
            ag.stage_facts["nerd"] = list(graph.facts)
            ag.stage_facts["relevant"] = [k for k in graph.facts if k in graph.relevant]
            if not graph.facts:
                ag.notes.append("the linked question entities have no facts")
                ag.stage_facts.update({"gst": [], "answer_graph": []})
                continue
            active.append(i)

        # -- Group Steiner Trees and completion
        completed: dict[int, list[str]] = {}
        with timer.stage("gst"):
            problems = []
            for i in active:
                ag, graph, tq = ags[i], graphs[i], inputs[i].tq
                rel = entity_relevance(graph)
                groups = entity_groups(ag.nerd.groups, graph, rel)
                exclude = [s.text for s in ag.nerd.spots]
                phrase = tq.main_content if tq is not None and tq.main_content else ag.question
                groups += keyword_groups(keywords(phrase, exclude), graph, ag.nerd.entities, KEYWORD_GROUPS)
                ag.groups = groups
                problems.append((graph, terminal_choices(groups, c.trees, c.group_width)))
            results = group_steiner_trees_many(self.store, problems, c.trees, c.outside_penalty)
            for i, gst in zip(active, results, strict=True):
                ag, graph = ags[i], graphs[i]
                ag.gst = gst
                if gst.failed_runs:
                    ag.notes.append(f"{gst.failed_runs} Steiner tree runs failed in GDS and were left out")
                # NERD entities beyond the terminal groups (``nerd.MAX_GROUPS``) are trees of one node, as terminals
                # in components of their own are: completion adds their relevant facts
                grouped = {k for keys in ag.nerd.groups for k in keys}
                node_of = {e.key: e.node_id for e in graph.entities().values()}
                lone = frozenset(node_of[k] for k in ag.nerd.entities if k not in grouped and k in node_of)
                completed[i] = completed_facts(graph, gst.nodes | lone, incident=c.complete_incident)
                ag.stage_facts["gst"] = completed[i]

        # -- temporal fact enhancement
        with timer.stage("temporal_facts"):
            wanted: list[list[str]] = []
            for i in active:
                ids = graphs[i].entities()
                result = ags[i].gst
                gst_nodes = result.nodes if result is not None else frozenset()
                tree_entities = {ids[n].key for n in gst_nodes if n in ids}
                for key in completed[i]:
                    tree_entities |= {e.key for e in graphs[i].facts[key].entities}
                wanted.append(sorted(tree_entities) if c.temporal_facts else [])
            limits = [c.temporal_facts + len(completed[i]) for i in active]
            more = self.facts_of_many(wanted, [linked[i].rvec for i in active], limits, True, as_of_record)
            for i, found in zip(active, more, strict=True):
                have = set(completed[i])
                ags[i].temporal = [f for f in found if f.key not in have][: c.temporal_facts]
                ags[i].stage_facts["answer_graph"] = completed[i] + [f.key for f in ags[i].temporal]

        # -- the answer graph's items and the ranking
        with timer.stage("rank"):
            keys = dict.fromkeys(k for i in active for k in ags[i].stage_facts["answer_graph"])
            rows = self.item_rows(list(keys))
            tcs_of: dict[int, list[TemporalConstraint]] = {}
            for i in active:
                tq, constraints = inputs[i].tq, inputs[i].constraints
                tcs_of[i] = (
                    list(constraints) if constraints is not None else (list(explicit_constraints(tq)) if tq else [])
                )
            anchored = self.ground_anchors(
                [(i, inputs[i].tq, graphs[i]) for i in active if not tcs_of[i] and inputs[i].tq is not None], rows
            )
            for i in active:
                ag, graph, tq, tcs = ags[i], graphs[i], inputs[i].tq, tcs_of[i]
                by_key = {**{f.key: f for f in ag.temporal}, **{k: graph.facts[k] for k in completed[i]}}
                answer_keys = ag.stage_facts["answer_graph"]
                tree_ids = ag.gst.nodes if ag.gst else frozenset()
                ag.facts = [
                    AnswerFact(
                        item_from_row({**rows[k], "score": by_key[k].relevance}),
                        by_key[k].relevance,
                        by_key[k].node_id in tree_ids,
                        by_key[k].entities,
                    )
                    for k in answer_keys
                    if k in rows
                ]
                if not tcs and i in anchored:
                    tcs.append(anchored[i])
                    ag.implicit = True
                    ag.notes.append(f"implicit constraint from the answer graph: {anchored[i].describe()}")
                ag.ask = replace(temporal_ask(tq, tcs), named=ag.nerd.proper_name_words())
                ag.answers = self.rank(ag, self.scorer)
        return ags

    @property
    def exact(self) -> bool:
        """Whether the pipeline's ranking orders answers within the exact tiers (the symbolic ranking always does)."""
        if self.scorer is None:
            return True
        return bool(getattr(self.scorer, "exact", self.config.exact_tiers))

    def rank(
        self, ag: AnswerGraph, scorer: AnswerScorer | GraphScorer | CrossScorer | None, exact: bool | None = None
    ) -> list[RankedAnswer]:
        """The answer graph's answers ranked (Sec. 4) with ``scorer`` (None: the symbolic ranking; an R-GCN re-ranks
        the symbolic ranking over the answer graph; a cross-encoder re-scores the facts' relevance and ranks by it as
        ``RelevanceScorer`` does); benchmarks re-rank one graph with several scorers through it. ``exact`` (default
        ``config.exact_tiers``): whether an answer scorer orders only within the exact tiers."""
        c = self.config
        facts: Sequence[AnswerFact] = ag.facts
        if isinstance(scorer, CrossScorer):
            facts, scorer = scorer.rescore(ag.question, ag.facts), RelevanceScorer()
        symbolic = rank_answers(
            facts,
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

    def ground_anchors(
        self,
        asked: Sequence[tuple[int, TemporalQuestion | None, CandidateGraph]],
        rows: dict[str, dict[str, Any]],
    ) -> dict[int, TemporalConstraint]:
        """Implicit anchors ("during World War I", "when he was president") as constraints, for the questions
        ``asked`` (index, parsed question, candidate graph) whose parse has an anchor: the time of the dated candidate
        fact closest to the anchor's words, when one is close enough. ``rows``: fact items already read (extended)."""
        anchors = [
            (i, tq, graph)
            for i, tq, graph in asked
            if tq is not None and tq.anchors and tq.anchor is not None and tq.anchor.text.strip()
        ]
        if not anchors:
            return {}
        questions = [
            {"index": i, "keys": list(graph.facts), "qvec": self.embedder.encode([tq.anchor.text])[0].tolist()}
            for i, tq, graph in anchors
            if tq is not None and tq.anchor is not None
        ]
        top: dict[int, list[tuple[str, float]]] = {i: [] for i, _, _ in anchors}
        for r in self.store.run_values(q.FACT_COSINES_MANY, {"questions": questions}):
            top[int(r["q"])].append((str(r["key"]), float(r["score"])))
        missing = [k for best in top.values() for k, _ in best if k not in rows]
        rows.update(self.item_rows(list(dict.fromkeys(missing))))
        out = {}
        for i, tq, _ in anchors:
            assert tq is not None and tq.anchor is not None
            for key, score in sorted(top[i], key=lambda p: (-p[1], p[0]))[:5]:
                e = item_from_row(rows[key]) if key in rows else None
                if e is not None and e.has_time and score >= ANCHOR_MIN_COSINE:
                    out[i] = anchor_constraint(tq.anchor.relation, e.key, e.span)
                    break
        return out


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
