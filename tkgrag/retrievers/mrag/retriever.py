"""``mrag`` / ``mrag+`` / ``passage-rerank``: MRAG's modules over Passage and Sentence nodes.

1. Question processing (``query.mrag_query``): main content (MC) + temporal constraint (TC) from the parsed question
   (the LLM decomposition when ``llm_decompose`` and an endpoint is configured).
2. Retrieval: the top ``candidates`` passages by MC through the passage vector index, from the whole pool, with
   their sentences (split and dated at ingestion); QFS summaries of the top ``qfs_passages`` when an LLM is set.
3. Semantic x temporal hybrid ranking (``ranking.rank_passages``); passages by their best sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.items import item_from_row
from tkgrag.llm.client import ChatClient
from tkgrag.model import Evidence, Retrieval
from tkgrag.queries.sentences import MRAG_CANDIDATES, MRAG_TEXTS
from tkgrag.question.constraints import explicit_constraint
from tkgrag.question.signals import find_ordinals
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.retrievers.base import ConfiguredRetriever, RequestScope, RetrievalRequest
from tkgrag.retrievers.mrag.config import MragConfig
from tkgrag.retrievers.mrag.llm_steps import LlmUse, decompose, summarize
from tkgrag.retrievers.mrag.query import MragQuery, first_scored, mrag_query, ordinality_of
from tkgrag.retrievers.mrag.ranking import RankedPassage, rank_passages
from tkgrag.retrievers.mrag.temporal_score import Ordinality
from tkgrag.retrievers.vector import item_nodes
from tkgrag.store import Store
from tkgrag.timing import StageTimer


def _evidence(rp: RankedPassage, query: MragQuery) -> Evidence:
    row = dict(rp.row)
    row["score"] = rp.score
    fields = dict(row.get("fields") or {})
    best = rp.best
    if best is not None:
        position = best.sentence.position
        texts = row.get("sentence_texts") or {}
        fields["best_sentence"] = best.sentence.text or texts.get(position) or (row.get("text") if position < 0 else "")
        fields["semantic"] = round(best.semantic, 6)
        fields["temporal"] = round(best.temporal, 6)
        if best.sentence.summary:
            fields["summary"] = True
    fields["first_stage"] = round(rp.first_stage, 6)
    if query.score is not None:
        fields["template"] = query.score.template
    row["fields"] = fields
    return item_from_row(row)


@dataclass
class MragRetriever(ConfiguredRetriever):
    store: Store
    embedder: Embedder
    config: MragConfig = field(default_factory=MragConfig)
    name: str = "mrag"
    record_time = True  # every query goes through the temporal-filter builder (queries.temporal_filter)
    grounded = False  # reads the parsed question at most, never its grounding
    llm: ChatClient | None = None

    def _query(self, request: RetrievalRequest, scope: RequestScope, use: LlmUse, notes: list[str]) -> MragQuery:
        tq = request.question  # understood once by the caller; None: the whole text is ranked semantically
        if self.config.llm_decompose and self.llm is not None and self.config.split_question:
            parts = decompose(self.llm, request.text, use)
            if parts is not None:
                mc, tc = parts
                notes.append(f"LLM decomposition: MC {mc!r}, TC {tc or 'none'!r}")
                # The LLM's TC is read with the question's time and ordinal finders: "last before 1981" -> an
                # ordinal and a constraint (the reply, not the question: the question was understood once).
                stated = tuple(c for t in find_time_expressions(tc) if (c := explicit_constraint(t))) if tc else ()
                cs = scope.constraints or stated
                ords = find_ordinals(tc.lower()) if tc else []
                ordinality = (Ordinality.LAST if ords[0].from_end else Ordinality.FIRST) if ords else ordinality_of(tq)
                pairs = [(c, False) for c in cs] if self.config.temporal else []
                found = first_scored(pairs, ordinality, self.config)
                if found is not None:
                    return MragQuery(mc, found[0], ordinality, constraint=found[1])
                return MragQuery(mc, None, ordinality)
        return mrag_query(request.search_text, tq, scope.constraints, self.config)

    def run(self, request: RetrievalRequest) -> Retrieval:
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        use = LlmUse()
        notes: list[str] = []
        with timer.stage("question"):
            query = self._query(request, scope, use, notes)
        if query.note:
            notes.append(query.note)
        c = self.config
        with timer.stage("embed"):
            qvec = self.embedder.encode([query.main_content])[0].tolist()
        with timer.stage("candidates"):
            rows = self._candidates(qvec, scope)
        extra = {}
        if c.qfs_passages and self.llm is not None and rows:
            with timer.stage("qfs"):
                self._add_texts(rows[: c.qfs_passages])
                extra = summarize(self.llm, self.embedder, request.text, rows[: c.qfs_passages], use)
        with timer.stage("rank"):
            ranked = rank_passages(rows, qvec, query, c, extra)
        with timer.stage("texts"):
            self._add_texts([rp.row for rp in ranked[: request.k]])
        unsplit = sum(1 for r in rows if not r.get("sentences"))
        if unsplit:
            notes.append(
                f"{unsplit} of {len(rows)} candidate passages have no sentences yet (ranked whole): "
                "run `tkgrag ingest sentences`"
            )
        if use.calls or use.errors:
            notes.append(
                f"LLM: {use.calls} call(s), {use.prompt_tokens} prompt + {use.completion_tokens} completion tokens"
                + (f"; errors: {'; '.join(use.errors[:2])}" if use.errors else "")
            )
        # (a passage deleted between the two queries has no item row: it is not returned)
        items = [_evidence(rp, query) for rp in ranked[: request.k] if "kind" in rp.row]
        result = scope.result(self, request, items, item_nodes("Passage", items), timer.timings_ms)
        if not result.constraints and query.constraint is not None:
            result.constraints = (query.constraint,)  # what the temporal score used, parsed from the question
        if query.score is not None:
            notes.insert(
                0,
                f"main content {query.main_content!r}; temporal score {query.score.template} "
                f"{query.score.start}..{query.score.end}",
            )
        result.notes.extend(notes)
        return result

    def _add_texts(self, rows: Sequence[Any]) -> None:
        """Complete first-stage rows (key, score, sentences) with their item rows and sentence texts, in place."""
        missing = [r["key"] for r in rows if "text" not in r]
        if not missing:
            return
        found = {t["key"]: t for t in self.store.run(MRAG_TEXTS, {"keys": missing})}
        for r in rows:
            full = found.get(r["key"])
            if full is None or "text" in r:
                continue
            texts = full.pop("texts") or []
            r.update({k: v for k, v in full.items() if k != "score"})
            r["sentence_texts"] = {int(p): t for p, t in texts if p is not None}

    def _candidates(self, qvec: list[float], scope: RequestScope) -> list[dict[str, object]]:
        c = self.config
        base = {"qvec": qvec, **scope.filter_params()}
        n = max(c.ann_candidates, c.candidates)
        rows = self.store.run(MRAG_CANDIDATES, {**base, "n": n, "candidates": c.candidates, "prefilter": False})
        if c.prefilter_candidates and scope.constraints:
            seen = {r["key"] for r in rows}
            more = self.store.run(
                MRAG_CANDIDATES,
                {
                    **base,
                    "n": max(n, 20 * c.prefilter_candidates),
                    "candidates": c.prefilter_candidates,
                    "prefilter": True,
                },
            )
            rows += [r for r in more if r["key"] not in seen]
        return rows
