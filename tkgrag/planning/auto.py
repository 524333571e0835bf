"""The ``auto`` method: plan (``planner.plan``) over the question's understanding and the store's inventory, run
each planned kind's method (the next of its chain when one cannot run: skipped with a note, never an abort), fuse
the kinds' items, and answer from the kind whose reader is the most confident.

Calibration (``calibration="null"``, the default): when the rules would fuse several kinds, the question's probe
against each kind is put on one scale (``tkgrag.planning.calibration``; the store side ``planning.probe``), only the
kinds near the best are run, their items fused with each list weighted by its kind's value (``fusion="calibrated"``,
the default), and the answer comes from the answered kind with the highest calibrated value (the reader's confidence
breaks ties). ``calibration="off", fusion="rrf"`` is the rules alone (RRF, the most confident reader), as before.

The plan travels with the result: ``Retrieval.plan`` (``--json``) and one note per line (``ask``/``retrieve``
print notes; ``ask --explain`` too).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, runtime_checkable

from tkgrag.embed import shared_vectors
from tkgrag.errors import ConfigError, TkgragError
from tkgrag.model import ALL_KINDS, Answer, ItemKind, Retrieval, Subgraph, TemporalConstraint
from tkgrag.planning.calibration import DEFAULT_NULL, NULLS_BY_NAME, Measured
from tkgrag.planning.fusion import FUSIONS, fuse
from tkgrag.planning.inventory import Inventory, take_inventory
from tkgrag.planning.planner import (
    KIND_ORDER,
    SURE,
    TITLES,
    TITLES_ALL,
    TITLES_OFF,
    Plan,
    QuestionSignals,
    Step,
    Titled,
    TitleRule,
    plan,
    present,
    temporal_signal,
)
from tkgrag.planning.router import Features, Router, find_router, router_store
from tkgrag.queries import inventory as q
from tkgrag.queries.temporal_filter import constraint_params
from tkgrag.question.understanding import EXACT_LINK, Understanding
from tkgrag.readers.base import Reader
from tkgrag.retrievers.base import Need, RetrievalRequest, Retriever
from tkgrag.store import Store
from tkgrag.title_keys import name_words, question_keys, question_words, title_words

AUTO = "auto"
INVENTORY_TTL_S = 60.0  # a warm service sees new data within a minute; one ask costs no inventory queries
PER_ENTITY = 200  # items read per linked entity to tell events from facts
RETRIEVE_MS = "auto.retrieve"  # ``answer``'s retrieval time on the answer's timings (``api.answer_question`` takes it)


class Toolbox(Protocol):
    """What ``auto`` composes: the store, the named methods and the understanding (``TKGRag`` is one)."""

    store: Store

    def retriever(self, method: str | None = None) -> Retriever: ...

    def understand(self, question: str) -> Understanding: ...


@runtime_checkable
class Calibrator(Protocol):
    """Measures a question against the store (``tkgrag.planning.probe.StoreCalibrator``): its vector, the raw probe
    and the calibrated value per kind in ``kinds`` (the label-free planner reads the calibrated values, the fitted
    router all three); None: no calibration for this store (one kind, no null)."""

    def measure(self, text: str, kinds: Sequence[ItemKind], counts: dict[ItemKind, int]) -> Measured | None: ...


CALIBRATIONS = ("null", "off")
# Where the store has a fitted router (``tkgrag train router``): "hybrid", the label-free rules where they are sure
# and the router for the rest (``planner.hybrid``); "fitted", the router alone; "off", the label-free rules alone.
ROUTERS = ("hybrid", "fitted", "off")
# Rule T (``planner.title_kinds``): "on", as chosen (``planner.TITLES``); "off", without it; "all", every text kind's
# titles count, whatever the graph holds (what ``bench_auto.py titles`` reads the question's titles with).
TITLE_SETTINGS = {"on": TITLES, "off": TITLES_OFF, "all": TITLES_ALL}


def stated(name: str, words: str) -> bool:
    """Whether the entity ``name`` (without a leading "the", as the linker compares names) is written, word for
    word, in the question (``question_words``)."""
    n = name_words(name)
    return bool(n) and f" {n} " in words


@dataclass(frozen=True)
class Titles:
    """Per text kind, the stored titles by their words (``title_words``): rule T's lookup held in memory, as it was
    before the titles were looked up in the store's index (``AutoRetriever.titles_written``); kept as the reference
    the index lookup is compared with (``bench_auto.py lookup``, tests)."""

    by_kind: dict[ItemKind, dict[str, str]]

    @classmethod
    def of(cls, titles: Mapping[ItemKind, Sequence[str]]) -> Titles:
        out: dict[ItemKind, dict[str, str]] = {}
        for kind, names in titles.items():
            table: dict[str, str] = {}
            for t in names:
                if t and (w := title_words(t)):
                    table.setdefault(w, t)
            out[kind] = table
        return cls(out)

    def written(self, words: str) -> list[tuple[ItemKind, str, str]]:
        """(kind, title, its words) of every stored title written whole in the question (``question_words``)."""
        grams = question_keys(words)
        return [(k, table[g], g) for k, table in self.by_kind.items() for g in grams if g in table]


@dataclass(frozen=True)
class StepResult:
    step: Step
    method: str | None  # the method that ran (None: none of the chain could)
    request: RetrievalRequest
    retrieval: Retrieval


@dataclass
class AutoRetriever:
    """A ``Retriever`` that plans. ``answer`` reads each kind with ``reader`` and keeps the most confident."""

    toolbox: Toolbox
    # "calibrated" (RRF weighted by each kind's calibrated value; plain RRF without values) measured >= "rrf" on the
    # questions the rules fuse (benchmarks/results/2026-11-26/auto/report.md), so it is the default.
    fusion: str = "calibrated"
    calibration: str = "null"  # "off": the rules alone
    null: str = DEFAULT_NULL  # the null's sort (``planning.probe``): "questions" or "items"
    calibrator: Calibrator | None = None  # default: the store's null and the toolbox's embedder
    router: str = "hybrid"  # ``ROUTERS``
    fitted: tuple[str, Router] | None = None  # default: the router fitted for this store, if any
    name: str = AUTO
    kinds: frozenset[ItemKind] = ALL_KINDS
    needs: frozenset[Need] = frozenset({Need.CONSTRAINTS})
    record_time: bool = True
    grounded: bool = True  # routes by the linked entities
    titles: str = "on"  # ``TITLE_SETTINGS``: rule T ("on": ``planner.TITLES``; "off": the rules without it)
    _inventory: Inventory | None = field(default=None, repr=False)
    _taken_at: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        if self.fusion not in FUSIONS:
            fuse(self.fusion, [], 1)  # the ConfigError naming the choices
        if self.calibration not in CALIBRATIONS:
            raise ConfigError(f"unknown calibration {self.calibration!r}; choose one of: {', '.join(CALIBRATIONS)}")
        if self.null not in NULLS_BY_NAME:
            raise ConfigError(f"unknown null {self.null!r}; choose one of: {', '.join(NULLS_BY_NAME)}")
        embedder = getattr(self.toolbox, "embedder", None)
        if self.calibrator is None and self.calibration == "null" and embedder is not None:
            from tkgrag.planning.probe import StoreCalibrator

            self.calibrator = StoreCalibrator(self.toolbox.store, embedder, self.null)
        if self.titles not in TITLE_SETTINGS:
            raise ConfigError(f"unknown titles {self.titles!r}; choose one of: {', '.join(TITLE_SETTINGS)}")
        if self.router not in ROUTERS:
            raise ConfigError(f"unknown router {self.router!r}; choose one of: {', '.join(ROUTERS)}")
        if self.fitted is None and self.router != "off" and self.calibration == "null" and embedder is not None:
            store = self.toolbox.store
            self.fitted = find_router(store.settings.home / "models", router_store(store, embedder.name))

    # -- planning ---------------------------------------------------------------------------------------------
    def inventory(self) -> Inventory:
        now = time.monotonic()
        if self._inventory is None or now - self._taken_at > INVENTORY_TTL_S:
            self._inventory = take_inventory(self.toolbox.store, detailed=False)
            self._taken_at = now
        return self._inventory

    @property
    def title_rule(self) -> TitleRule:
        return TITLE_SETTINGS[self.titles]

    def titles_written(self, inv: Inventory, words: str) -> list[tuple[ItemKind, str, str]]:
        """(kind, title, its key) of every stored page (current) and document whose title key (``title_keys``) the
        question (``question_words``) writes whole, passages first, then by key; one read of the title-key indexes
        per question (``q.TITLES_BY_KEY``). Of several titles with one key, the least is named. Only the kinds the
        store holds and the rule reads are looked up."""
        wanted = [k for k in (ItemKind.PASSAGE, ItemKind.CHUNK) if k in inv.kinds and k in self.title_rule.kinds]
        keys = question_keys(words) if wanted else []
        if not keys:
            return []
        params = {
            "page_keys": keys if ItemKind.PASSAGE in wanted else [],
            "document_keys": keys if ItemKind.CHUNK in wanted else [],
        }
        rows = self.toolbox.store.run(q.TITLES_BY_KEY, params, routing_="r")
        found = [(ItemKind(r["kind"]), r["title"], r["key"]) for r in rows]
        return sorted(found, key=lambda f: (KIND_ORDER.index(f[0]), f[2]))

    def titled(self, u: Understanding, inv: Inventory) -> tuple[Titled, ...]:
        """The stored pages and documents whose whole title the question writes, each said to be in the graph when
        an entity the question links (exactly, or written whole) has that name."""
        if not self.title_rule.kinds:
            return ()
        words = question_words(u.text)
        found = self.titles_written(inv, words)
        if not found:
            return ()
        linked = {
            name_words(e.name)
            for e in (u.grounding.entities if u.grounding is not None else ())
            if e.score >= EXACT_LINK or stated(e.name, words)
        }
        return tuple(Titled(k, title, w in linked) for k, title, w in found)

    def signals(self, u: Understanding | None, inv: Inventory, always: bool = False) -> QuestionSignals:
        """The question's temporal signal and, on a store holding several kinds, the kinds of items its linked
        entities take part in at the times it states (one bounded read). An entity counts when its link is exact
        (its name or an alias is the mention) or when its whole name is written in the question: a lower-case
        question ("what award did sandra bullock receive") gets a mention with a verb in it and an inexact link to
        the right entity; a fuzzy link to a name the question does not write ("anne" -> "Anne Mee") does not count."""
        question = u.question if u is not None else None
        temporal = temporal_signal(question)
        states_time = question is not None and bool(question.times)
        titled = self.titled(u, inv) if u is not None and len(inv.kinds) > 1 else ()
        if u is None or u.grounding is None or len(inv.kinds) < 2 or not (temporal or always):
            return QuestionSignals(temporal, states_time=states_time, titled=titled)
        text = question_words(u.text)
        keys = [e.key for e in u.grounding.entities if e.score >= EXACT_LINK or stated(e.name, text)]
        if not keys:
            return QuestionSignals(temporal, states_time=states_time, titled=titled)
        params = {"keys": keys, "per_entity": PER_ENTITY, **constraint_params(u.explicit_constraints)}
        row = self.toolbox.store.run(q.LINKED_ENTITY_KINDS, params, routing_="r")[0]
        return QuestionSignals(temporal, int(row["events"] or 0), int(row["facts"] or 0), states_time, titled)

    def features(
        self, request: RetrievalRequest, inv: Inventory, signals: QuestionSignals | None = None
    ) -> tuple[Features, list[float], QuestionSignals] | None:
        """What the fitted router reads of the question (``router.Features``) and its vector; None without a null
        (a store of one kind). ``tkgrag train router`` computes its training rows with this same code. ``signals``:
        the question's label-free signals when already read (a temporal question's are the router's; one query
        fewer)."""
        kinds = tuple(k for k in KIND_ORDER if k in inv.kinds)
        if self.calibrator is None or len(kinds) < 2:
            return None
        m = self.calibrator.measure(request.text, kinds, inv.counts.by_kind())
        if m is None:
            return None
        s = signals if signals is not None and signals.temporal else self.signals(request.understanding, inv, True)
        f = Features(m.raw, m.calibrated, s.linked_events, s.linked_facts, s.states_time, bool(s.temporal))
        return f, m.vector, s

    def plan(self, request: RetrievalRequest) -> Plan:
        inv = self.inventory()
        have = present(inv, request.kinds)
        signals = self.signals(request.understanding, inv)
        calibrator = self.calibrator if self.calibration != "off" else None

        def calibrate(kinds: tuple[ItemKind, ...]) -> dict[ItemKind, float | None] | None:
            m = calibrator.measure(request.text, kinds, inv.counts.by_kind()) if calibrator is not None else None
            return None if m is None else m.calibrated

        if self.fitted is None or self.router == "off" or len(have) < 2 or self.calibration == "off":
            return plan(signals, inv, self.fusion, wanted=request.kinds, calibrate=calibrate, titles=self.title_rule)
        name, router = self.fitted

        def route() -> tuple[dict[str, float], dict[ItemKind, float | None]] | None:
            measured = self.features(request, inv, signals)
            if measured is None:
                return None
            f, vector, _ = measured
            probs = router.probabilities(f.vector() + (vector if router.embedding else []))
            return probs, {k: v for k, v in f.pct.items() if k in have}

        sure = None if self.router == "fitted" else SURE
        return plan(
            signals,
            inv,
            self.fusion,
            request.kinds,
            calibrate=calibrate,
            route=route,
            router=name,
            sure=sure,
            titles=self.title_rule,
        )

    # -- running ----------------------------------------------------------------------------------------------
    def _understood(
        self, request: RetrievalRequest | str, k: int, constraint: TemporalConstraint | None
    ) -> RetrievalRequest:
        if isinstance(request, str):
            request = RetrievalRequest.of(request, k, constraint)
        if request.understanding is None:
            request = replace(request, understanding=self.toolbox.understand(request.text))
        return request

    def run_steps(self, request: RetrievalRequest, p: Plan) -> tuple[list[StepResult], list[str]]:
        results: list[StepResult] = []
        notes: list[str] = []
        for step in p.steps:
            sub = replace(request, kinds=frozenset({step.kind}))
            for method in step.methods:
                try:
                    retrieval = self.toolbox.retriever(method).retrieve(sub)
                except TkgragError as exc:
                    notes.append(f"auto: skipped {method} ({step.kind.value}s): it could not run: {exc}")
                    continue
                results.append(StepResult(step, method, sub, retrieval))
                break
            else:
                notes.append(f"auto: no method for {step.kind.value}s could run")
        return results, notes

    def retrieve(
        self, request: RetrievalRequest | str, k: int = 10, constraint: TemporalConstraint | None = None
    ) -> Retrieval:
        with shared_vectors():  # the probe's question vector is the retrievers' (one embedding per request)
            request = self._understood(request, k, constraint)
            p = self.plan(request)
            results, notes = self.run_steps(request, p)
            return self._combined(request, p, results, notes)

    def _combined(self, request: RetrievalRequest, p: Plan, results: list[StepResult], notes: list[str]) -> Retrieval:
        lines = [*p.lines(), *notes]
        if len(results) == 1:
            r = results[0].retrieval
            return replace(r, notes=[*lines, *r.notes], plan=p.as_dict())
        weights = p.weights()
        lists = [s.retrieval.evidence for s in results]
        evidence = fuse(
            p.fusion, lists, request.k, [weights[p.steps.index(s.step)] for s in results] if weights else None
        )
        timings = {f"{s.method}.{stage}": ms for s in results for stage, ms in s.retrieval.timings_ms.items()}
        constraints = tuple(dict.fromkeys(c for s in results for c in s.retrieval.constraints))
        own = [f"{s.method}: {n}" for s in results for n in s.retrieval.notes]
        return Retrieval(
            AUTO, request.text, evidence, Subgraph(), timings, constraints, [*lines, *own], plan=p.as_dict()
        )

    def answer(self, request: RetrievalRequest, reader: Reader) -> Answer:
        """Retrieve as planned, read each kind's items with ``reader``, and answer from the most confident read
        (answered before abstained; the plan's order on a tie)."""
        with shared_vectors():  # the probe's question vector is the retrievers' and readers' (embedded once)
            return self._answer(request, reader)

    def _answer(self, request: RetrievalRequest, reader: Reader) -> Answer:
        t0 = time.perf_counter()
        request = self._understood(request, request.k, None)
        p = self.plan(request)
        results, notes = self.run_steps(request, p)
        combined = self._combined(request, p, results, notes)
        retrieve_ms = (time.perf_counter() - t0) * 1000.0
        reads = [(s, reader.read(s.request, s.retrieval)) for s in results]
        if not reads:
            from tkgrag.readers.base import abstain

            out = abstain(request, combined, reader.name, "; ".join(notes) or p.why)
            out.timings_ms[RETRIEVE_MS] = retrieve_ms
            return out

        def rank(i: int) -> tuple[bool, float, float, int]:
            s, a = reads[i]
            value = p.value(s.step.kind) if p.calibrated else None
            return (a.answered, value if value is not None else -1.0, a.confidence, -i)

        best_i = max(range(len(reads)), key=rank)
        best = reads[best_i][1]
        if len(reads) > 1:
            for s, a in reads:
                said = f"confidence {a.confidence:.2f}" if a.answered else f"no answer ({a.error or a.abstained})"
                if (v := p.value(s.step.kind)) is not None:
                    said += f", calibrated {v:.2f}"
                mark = "answer from" if a is best else "also read"
                combined.notes.append(f"auto: {mark} {s.step.kind.value}s ({s.method}, {a.reader} reader): {said}")
        best.retrieval = combined
        best.timings_ms[RETRIEVE_MS] = retrieve_ms
        return best
