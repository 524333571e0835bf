"""Run retrieval methods (and optionally a reader) over a benchmark and collect one :class:`Prediction` per question.

    from tkgrag import TKGRag
    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.runner import EvalOptions, run_eval

    with TKGRag.connect() as rag:
        run = run_eval(rag, load_dataset(path), EvalOptions(methods=("vector", "star+tc"), reader="none"))
    run.metrics_document()   # {"dataset", "reader", "k", "methods": {METHOD: {"overall", "by_qtype"}}}

What makes a run comparable and repeatable:

* every method sees the same questions in the same order (:func:`select_questions`), and the same seeds are set
  before each method (Python, NumPy and, when loaded, torch), so a stochastic component cannot make one method look
  better by chance;
* every question is understood once (``TKGRag.understand``), and the same ``Understanding`` goes to every method;
* ``reader="none"`` measures retrieval only. Every method's request carries the question's *explicit* temporal
  constraints (no graph needed); methods that apply constraints (``Need.CONSTRAINTS``: ``star+tc``, ``vector+tc``)
  use them, the others ignore them by definition. Implicit anchors ("after X visited Y") are resolved by
  understanding but their constraints are the answer path's, so retrieval-only runs leave them out. With a reader,
  ``api.answer_question`` retrieves with every understood constraint and the rewrite, then reads;
* ``tokens`` is what an LLM would be sent: the LLM reader's own prompt+completion count when it called a model, else
  the prompt tokens the llm reader would build from the top-k evidence (:func:`tkgrag.readers.llm.context_tokens`,
  counted by :func:`tkgrag.llm.tokens.count_tokens`), so retrieval-only and LLM runs are on one scale;
* ``latency_ms`` is the wall time of understanding + retrieval + reading, not of the evaluation's own work (the
  understanding is made once per question and its time counted for every method).

The very first question of a method failing with a TkgragError raises (it is nearly always a setup problem: no rule
graph, no embeddings); a later one, and any other exception on any question (a bug met by one question), is recorded
on that question (``Prediction.error``, in predictions.jsonl) and counts as wrong. A server that went away stops the
run.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from neo4j.exceptions import ServiceUnavailable, SessionExpired

from tkgrag.errors import ConfigError, TkgragError
from tkgrag.eval.aggregate import aggregate
from tkgrag.eval.metrics import PASSAGE_METRICS, TKG_METRICS, event_matches
from tkgrag.eval.types import Dataset, EvalQuestion, Prediction, RetrievedEvent, RetrievedPassage
from tkgrag.graph_reads import record_time
from tkgrag.model import Answer, Evidence
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import METHODS
from tkgrag.temporal import Granularity, TimeSpan

if TYPE_CHECKING:
    from tkgrag.api import TKGRag
    from tkgrag.question.understanding import Understanding

NO_READER = "none"
AUTO = "auto"  # the planning method (tkgrag.planning.auto); not imported: the runner sits below the API
DEFAULT_SEED = 0

# Metrics that judge answers; a retrieval-only run (no reader) reports everything else.
ANSWER_METRIC_PREFIXES = ("hit@", "mrr", "p@")


# ----------------------------------------------------------------------------------------------- options / records
@dataclass(frozen=True)
class EvalOptions:
    methods: tuple[str, ...]
    reader: str = NO_READER
    k: int = 10
    limit: int | None = None
    seed: int = DEFAULT_SEED
    progress: bool = True
    as_of_record: datetime | None = None  # record time to answer at (what the store knew then); None: now

    def __post_init__(self) -> None:
        if not self.methods:
            raise ConfigError("name at least one retrieval method to evaluate (--method)")
        if len(set(self.methods)) != len(self.methods):
            raise ConfigError(f"a method is named twice in {list(self.methods)}")
        if self.k < 1:
            raise ConfigError(f"k must be at least 1, got {self.k}")
        if self.limit is not None and self.limit < 1:
            raise ConfigError(f"--limit must be at least 1, got {self.limit}")

    @property
    def retrieval_only(self) -> bool:
        return self.reader == NO_READER


@dataclass
class QuestionResult:
    """One method on one question: the prediction the metrics read, plus what a person needs to inspect it."""

    method: str
    question: EvalQuestion
    prediction: Prediction
    evidence_keys: tuple[str, ...] = ()
    tokens_source: str | None = None  # "llm" (the reader's count) or "context" (prompt the evidence would make)
    constraint: str | None = None
    rewrite: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    abstained: str | None = None  # the reader's "no answer" reason
    confidence: float | None = None

    def as_json(self) -> dict[str, Any]:
        """One line of ``predictions.jsonl``. Everything but ``timings`` is deterministic for the same inputs."""
        q, p = self.question, self.prediction
        gold_found = sum(1 for g in dict.fromkeys(q.gold_events) if any(event_matches(g, e) for e in p.events))
        return {
            "method": self.method,
            "qid": q.id,
            "question": q.question,
            "qtype": q.qtype,
            "gold": {
                "answers": [a.text for a in q.answers],
                "evidence": [list(e) for e in q.gold_events],
                "passages": list(q.gold_passages),
            },
            "predictions": [
                {"answer": a, "score": None if p.scores is None else p.scores[i]} for i, a in enumerate(p.answers)
            ],
            "evidence": list(self.evidence_keys),
            "events": [[e.subject, e.relation, e.object, e.time] for e in p.events],
            "gold_evidence_found": gold_found,
            "tokens": p.tokens,
            "tokens_source": self.tokens_source,
            "constraint": self.constraint,
            "rewrite": self.rewrite,
            "abstained": self.abstained,
            "confidence": self.confidence,
            "error": p.error,
            "timings": {"latency_ms": p.latency_ms, **self.timings_ms},
        }


@dataclass
class EvalRun:
    """The outcome of :func:`run_eval`: the questions asked and every method's results on them, in question order."""

    dataset: Dataset
    options: EvalOptions
    questions: list[EvalQuestion]
    results: dict[str, list[QuestionResult]]
    skipped: dict[str, str] = field(default_factory=dict)  # methods that could not run, and why

    def predictions(self, method: str) -> list[Prediction]:
        return [r.prediction for r in self.results[method]]

    def metric_names(self) -> list[str]:
        return metric_names(self.questions, self.options)

    def metrics_document(self) -> dict[str, Any]:
        """``metrics.json``: one shape whether one method ran or several."""
        names = self.metric_names()
        as_of = self.options.as_of_record
        return {
            **({"as_of_record": as_of.isoformat()} if as_of else {}),
            "dataset": self.dataset.name,
            "format": self.dataset.format,
            "path": self.dataset.path,
            "reader": self.options.reader,
            "k": self.options.k,
            "seed": self.options.seed,
            "limit": self.options.limit,
            "questions": len(self.questions),
            "methods": {m: aggregate(self.questions, self.predictions(m), names) for m in self.results},
            **({"skipped": dict(self.skipped)} if self.skipped else {}),
        }


# ----------------------------------------------------------------------------------------------- pure helpers
def select_questions(questions: Sequence[EvalQuestion], limit: int | None) -> list[EvalQuestion]:
    """The questions a run asks: all of them, or ``limit`` taken round-robin across question types (each type's
    questions in file order, types in order of first appearance), so a quick run still covers every type. The
    result keeps file order. Deterministic: no randomness is involved."""
    if limit is None or limit >= len(questions):
        return list(questions)
    by_type: dict[str, list[int]] = {}
    for i, q in enumerate(questions):
        by_type.setdefault(q.qtype, []).append(i)
    chosen: list[int] = []
    depth = 0
    while len(chosen) < limit:
        for idx in by_type.values():
            if depth < len(idx) and len(chosen) < limit:
                chosen.append(idx[depth])
        depth += 1
    return [questions[i] for i in sorted(chosen)]


def metric_names(questions: Sequence[EvalQuestion], options: EvalOptions) -> list[str]:
    """The metric set for the dataset's kind (passage ids as gold -> passage metrics, else TKG metrics); answer
    metrics are dropped when no reader runs. With ``k`` other than 10 the ``@k`` variants are added."""
    passages = any(q.gold_passages for q in questions) and not any(q.gold_events for q in questions)
    names = list(PASSAGE_METRICS if passages else TKG_METRICS)
    if options.k != 10:
        extra = ["AR", "ER", "R", "nDCG"] if passages else ["evidence_hit", "evidence_recall", "answer_recall"]
        at_k = [f"{f}@{options.k}" for f in extra]
        names = names[: names.index("tokens_mean")] + at_k + names[names.index("tokens_mean") :]
    if options.retrieval_only:
        names = [n for n in names if not n.startswith(ANSWER_METRIC_PREFIXES)]
    return list(dict.fromkeys(names))


def event_time(span: TimeSpan) -> str:
    """An evidence time as the datasets write it: the start at the fact's own granularity (``2014-05-13``,
    ``2014-05``, ``2014``); empty when the start is open."""
    if span.start is None:
        return ""
    return TimeSpan(span.start, span.start, Granularity.DAY).at(span.granularity).label()


def retrieved_events(evidence: Sequence[Evidence]) -> tuple[RetrievedEvent, ...]:
    """Events and facts among the evidence as the metrics read them: entity keys (underscores, as stored), relation,
    start date. Passages and chunks are not events (``retrieved_passages`` carries them)."""
    return tuple(
        RetrievedEvent(e.subject, e.relation, e.object, event_time(e.span)) for e in evidence if e.is_statement
    )


def retrieved_passages(evidence: Sequence[Evidence]) -> tuple[RetrievedPassage, ...]:
    """Evidence as passages (key and text), for the passage metrics of passage datasets."""
    return tuple(RetrievedPassage(e.key, e.text) for e in evidence)


def set_seeds(seed: int) -> None:
    """The same seeds before every method: Python's and NumPy's generators, and torch's when it is loaded."""
    random.seed(seed)
    try:
        import numpy as np

        np.random.seed(seed)
    except ModuleNotFoundError:  # pragma: no cover - numpy is a dependency
        pass
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.manual_seed(seed)


def _context_tokens(question: str, evidence: Sequence[Evidence]) -> int:
    from tkgrag.readers.llm import context_tokens

    return context_tokens(question, evidence)


def _predicted(answer: Answer | None) -> tuple[tuple[str, ...], tuple[float, ...] | None]:
    if answer is None or not answer.answers:
        return (), None
    return tuple(a.text for a in answer.answers), tuple(float(a.score) for a in answer.answers)


# ----------------------------------------------------------------------------------------------- the run
@dataclass
class _Asker:
    """Asks one method (and the reader) one question and turns what comes back into a :class:`QuestionResult`."""

    rag: TKGRag
    method: str
    options: EvalOptions
    count_context_tokens: Callable[[str, Sequence[Evidence]], int] = _context_tokens
    understood: dict[str, Understanding] = field(default_factory=dict)  # shared by every method of a run
    parsed: dict[str, Understanding] = field(default_factory=dict)  # parse-only understandings

    def __post_init__(self) -> None:
        self.retriever = self.rag.retriever(self.method)  # unknown method -> ConfigError before any question
        self.reader = None if self.options.retrieval_only else self.rag.reader(self.options.reader)

    def understanding(self, text: str) -> Understanding:
        # A retrieval-only run of a method that never reads the grounding needs the parse alone: no linking queries
        # (their time would count in its latency). Readers and grounded methods get the full understanding.
        if self.reader is None and not self.retriever.grounded:
            from tkgrag.question.understanding import parse_only

            return self.parsed.setdefault(text, parse_only(text))
        u = self.understood.get(text)
        if u is None:
            with record_time(self.options.as_of_record):  # grounding reads see the store as of the run's record time
                u = self.understood[text] = self.rag.understand(text)
        return u

    def ask(self, q: EvalQuestion) -> QuestionResult:
        from tkgrag.api import answer_question

        k = self.options.k
        answer: Answer | None = None
        u = self.understanding(q.question)
        t0 = time.perf_counter()
        if self.reader is None:
            # Every method gets the question's explicit constraints; those that do not apply constraints (vector,
            # star) ignore them, as their definitions say.
            request = RetrievalRequest.of(
                q.question, k, u.explicit_constraints, understanding=u, as_of_record=self.options.as_of_record
            )
            retrieval = self.retriever.retrieve(request)
        else:
            answer = answer_question(u, self.retriever, self.reader, k, as_of_record=self.options.as_of_record)
            retrieval = answer.retrieval
        latency = (time.perf_counter() - t0) * 1000.0 + u.timings_ms.get("understand", 0.0)
        evidence = retrieval.evidence[:k]
        if answer is not None and answer.tokens.calls > 0:
            tokens, source = answer.tokens.total, "llm"
        else:
            tokens, source = self.count_context_tokens(q.question, evidence), "context"
        answers, scores = _predicted(answer)
        constraint = answer.constraint if answer is not None and answer.constraint else retrieval.constraint
        timings = {f"retrieve.{stage}": ms for stage, ms in retrieval.timings_ms.items()}
        if answer is not None:
            timings.update({f"read.{stage}": ms for stage, ms in answer.timings_ms.items()})
        prediction = Prediction(
            q.id,
            answers=answers,
            scores=scores,
            events=retrieved_events(evidence),
            passages=retrieved_passages(evidence),
            tokens=tokens,
            latency_ms=latency,
            error=answer.error if answer is not None else None,
        )
        return QuestionResult(
            self.method,
            q,
            prediction,
            evidence_keys=tuple(e.key for e in evidence),
            tokens_source=source,
            constraint=constraint.describe() if constraint else None,
            rewrite=answer.rewritten_question if answer is not None else None,
            timings_ms=timings,
            abstained=answer.abstained if answer is not None else None,
            confidence=answer.confidence if answer is not None else None,
        )

    def ask_safely(self, q: EvalQuestion, first: bool) -> QuestionResult:
        try:
            return self.ask(q)
        except TkgragError as exc:
            if first:
                raise type(exc)(f"method {self.method!r} failed on the first question ({q.id}): {exc}") from exc
            return QuestionResult(self.method, q, Prediction(q.id, error=f"{type(exc).__name__}: {exc}"))
        except (ServiceUnavailable, SessionExpired):
            raise  # the server went away: every later question would fail the same way (the CLI says so in one line)
        except Exception as exc:
            # A bug met on one question (EXAQT's ranking raised KeyError on one answer graph) is that question's
            # failure: recorded, counted as wrong, and the run goes on.
            return QuestionResult(self.method, q, Prediction(q.id, error=f"{type(exc).__name__}: {exc}"))


def _progress_enabled(options: EvalOptions) -> bool:
    return options.progress and not os.environ.get("TKGRAG_NO_PROGRESS")


def run_eval(
    rag: TKGRag,
    dataset: Dataset,
    options: EvalOptions,
    *,
    on_result: Callable[[QuestionResult], None] | None = None,
) -> EvalRun:
    """Every method of ``options`` on the selected questions of ``dataset``; methods run one after another (the
    first sees a colder cache than the rest; the benchmarks measure cold/warm latency separately)."""
    from rich.console import Console

    from tkgrag.progress import LineProgress, progress_bar

    questions = select_questions(dataset.questions, options.limit)
    if not questions:
        raise ConfigError(f"{dataset.path}: no questions to evaluate")
    understood: dict[str, Understanding] = {}
    askers: list[_Asker] = []
    skipped: dict[str, str] = {}
    for m in options.methods:
        if m in METHODS or m == AUTO:  # a known method that cannot run here (a model missing): skipped, not fatal
            try:
                rag.retriever(m)
            except TkgragError as exc:
                skipped[m] = str(exc)
                continue
        askers.append(_Asker(rag, m, options, understood=understood))  # unknown method or reader: fails now
    results: dict[str, list[QuestionResult]] = {}
    enabled = _progress_enabled(options)
    progress = progress_bar("eval", console=Console(stderr=True)) if enabled else LineProgress("eval", quiet=True)
    with progress:
        for asker in askers:
            task = progress.add_task(asker.method, total=len(questions))
            set_seeds(options.seed)
            out: list[QuestionResult] = []
            for i, q in enumerate(questions):
                try:
                    result = asker.ask_safely(q, first=i == 0)
                except TkgragError as exc:  # it failed on the first question: it cannot run on this store
                    skipped[asker.method] = str(exc)
                    break
                out.append(result)
                if on_result is not None:
                    on_result(result)
                progress.advance(task)
            else:
                results[asker.method] = out
    if not results and skipped:
        raise ConfigError("no method could run: " + "; ".join(f"{m}: {why}" for m, why in skipped.items()))
    return EvalRun(dataset, options, questions, results, skipped)
