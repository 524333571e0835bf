"""The ``auto`` method's planner: which kind(s) of knowledge a question is asked of, and which method reads each,
chosen by explicit rules over the question's signals and the store's inventory. Pure: no I/O, so every plan has a
unit test (tests/unit/test_planner.py).

Which kinds:
1. the store holds one kind -> that kind;
2. a mixed store and no temporal signal in the question -> every kind present, fused (the issue's rule: a
   timeless question may be about anything the store holds);
3. a mixed store, a temporal question whose entities are linked (an exact name or alias, or the entity's whole
   name written in the question) and take part in events or facts at the times the question states -> the kind
   they take part in most (events on a tie);
4. a mixed store, a question with no such entity that states a calendar time -> the text kinds present (passages,
   chunks: text about people and things the graph does not hold), both alike: with both present the calibrated value
   decides between them (below); any other signal ("when ...", an ordinal, an anchor) without such an entity ->
   every kind present, fused. Measured on the parse alone
   (benchmarks/results/2026-11-25/auto/signals.md): 1,157 of 1,171 TimeQA questions state a time, 8 of 100 MuSiQue
   questions do, while 30 more MuSiQue questions carry another signal.

T. (after rules 2-4) unless rule 3 chose the events alone, a question that writes the whole title of a stored passage
   page (``TITLES``; chunk documents' titles are a variant, off) -> that text kind: a page *about* the named thing
   holds it more specifically than facts that mention it. Chosen on labelled training questions
   (benchmarks/results/2026-11-28/auto-5/titles.md): document titles sent fact questions to chunks; page titles
   changed no training question. ``AutoRetriever(titles="off")`` plans without it.

Calibration (``tkgrag.planning.calibration``): when rule 2 or 4 would fuse several kinds and the caller has the
question's calibrated value per kind (the percentile of its probe in each kind's null), only the kinds within
``MARGIN`` of the best are kept; the plan's lines give every kind's value and why a kind was dropped. Without
values (a one-kind store, calibration off) the rules above stand alone.

Fitted router (``tkgrag.planning.router``, where ``tkgrag train router`` fitted one for the store): alone
(``router="fitted"``), on a mixed store it replaces rules 2-4. Its probabilities pick the labelled kind (events, facts,
passages: the most probable of those present); chunks, for which no labelled questions exist, stay label-free: when the
model finds the question most like none of its labelled kinds, chunks alone; otherwise chunks are kept beside the
model's kind only when their calibrated value is within ``MARGIN`` of it, and replace it when the model's kind is more
than ``MARGIN`` below.

Hybrid (the default where a fitted router exists, ``hybrid``): the label-free rules first, the router for the
rest. The rules keep the decisions they are sure of, and the plan says which rule decided: a single kind chosen before
any calibration of a ``TRUSTED`` kind (rule 3: a temporal question whose linked entities take part in events), or a
fused plan whose best calibrated kind leads the next by at least ``SURE`` (off by default). The fitted router
(``route_fitted``) decides every other question. Both were chosen on the router's held-out training rows, never on
an evaluation set (benchmarks/results/2026-11-26/auto-4/report.md).

Which method per kind (a chain: the first that runs answers, the next are fallbacks when it cannot run):
- events: ``timer4`` when its TKS is ready, else ``star+`` (the rule graph built; a stale one is used and said),
  else ``vector+tc``;
- facts: ``exaqt``, else ``vector+tc``;
- passages: ``mrag+``, else ``passage-vector+tc``;
- chunks: ``fastinsight`` when a cross-encoder is configured and its held-out check beats the bi-encoder, else
  ``chunk-ppr`` when the chunks are linked, else ``chunk-vector``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tkgrag.model import ItemKind
from tkgrag.planning.calibration import MARGIN, keep
from tkgrag.planning.inventory import Inventory
from tkgrag.planning.readiness import State
from tkgrag.question.model import Category, Signal, TemporalQuestion

# The hybrid (``hybrid``), chosen on the router's held-out training rows before any evaluation run
# (benchmarks/results/2026-11-26/auto-4/hybrid.md): rule 3 is kept over the router when it chooses events (right on
# 41 of 42 held-out rows; when it chooses facts, 34 of 46: passage and "none" questions name entities the KG slice
# holds); a fused plan is kept when its best calibrated kind leads the next by ``SURE``: no lead tried (0.1-0.8) beat
# the router there, so the lead rule is off (inf; a value <= 1 turns it on).
SURE = math.inf
TRUSTED = frozenset({ItemKind.EVENT})
RULES = "rules"  # who decided a plan's kinds where a fitted router exists (``Plan.decided``)
ROUTER = "router"

KIND_ORDER = (ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK)
TEXT_KINDS = (ItemKind.PASSAGE, ItemKind.CHUNK)  # prose: what a time stated about no graph entity is looked up in
TITLE_WORD = {ItemKind.PASSAGE: "page", ItemKind.CHUNK: "document"}


@dataclass(frozen=True)
class TitleRule:
    """Rule T's settings: the text kinds whose titles count (empty: rule T off), and those whose titles count only
    when no entity the question links in the events or facts has that name."""

    kinds: frozenset[ItemKind] = frozenset()
    exclusive: frozenset[ItemKind] = frozenset()


TITLES_OFF = TitleRule()
TITLES_ALL = TitleRule(frozenset(TEXT_KINDS))
# Rule T as shipped: page titles only, any title. Chosen on make_router_training's questions before any evaluation
# run (benchmarks/results/2026-11-28/auto-5/titles.md, with the figures): document titles sent fact questions to
# chunks; page titles changed no training question and won the pre-written tie-break (the more specific holder: a
# page about the named thing).
TITLES = TitleRule(frozenset({ItemKind.PASSAGE}))


@dataclass(frozen=True)
class Titled:
    """A stored page (passages) or document (chunks) whose whole title the question writes: the text kind holds an
    item *about* the named thing. ``in_graph``: the title is also the name of an entity the question links (exactly,
    or written whole) in the events or facts."""

    kind: ItemKind
    title: str
    in_graph: bool = False


@dataclass(frozen=True)
class QuestionSignals:
    """What the planner reads of a question: its temporal signal (why, in words; empty: none), how many events
    and facts its linked entities take part in at the times it states, and the stored pages and documents whose
    titles it writes (``AutoRetriever.signals``)."""

    temporal: str = ""
    linked_events: int = 0
    linked_facts: int = 0
    states_time: bool = False  # an explicit calendar time ("in 1998", "from 1916 to 1920")
    titled: tuple[Titled, ...] = ()


@dataclass(frozen=True)
class Step:
    """One kind to read: the methods to try in order, and why the first was chosen."""

    kind: ItemKind
    methods: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Plan:
    why: str  # why these kinds
    steps: tuple[Step, ...]
    skipped: tuple[tuple[str, str], ...] = ()  # (method, why not)
    fusion: str = "rrf"
    # The question's calibrated value per kind the rules would fuse (None: no claim), and the kinds dropped by it.
    calibrated: tuple[tuple[ItemKind, float | None], ...] = ()
    dropped: tuple[tuple[ItemKind, str], ...] = ()
    routed: tuple[tuple[str, float], ...] = ()  # the fitted router's probability per class (empty: no router)
    router: str = ""  # the fitted router's name
    decided: str = ""  # with a fitted router: who decided the kinds, the label-free rules or the router (``hybrid``)

    def value(self, kind: ItemKind) -> float | None:
        return dict(self.calibrated).get(kind)

    def weights(self) -> list[float] | None:
        """Per step, its kind's calibrated value (``calibrated`` fusion); None without calibration."""
        if not self.calibrated:
            return None
        return [v if (v := self.value(s.kind)) is not None else 0.5 for s in self.steps]

    @property
    def fused(self) -> bool:
        return len(self.steps) > 1

    @property
    def kinds(self) -> tuple[ItemKind, ...]:
        return tuple(s.kind for s in self.steps)

    def lines(self) -> list[str]:
        """The plan in words, one line each (the result's notes and ``ask --explain``)."""
        out = [f"auto: {self.why}"]
        if self.routed:
            said = ", ".join(f"{c} {p:.2f}" for c, p in self.routed)
            out.append(f"auto: fitted router {self.router} (labelled training questions): {said}")
        if self.decided:
            who = "the label-free rules" if self.decided == RULES else f"the fitted router {self.router}"
            out.append(f"auto: the kinds were decided by {who}")
        if self.calibrated:
            said = ", ".join(f"{k.value}s {'-' if v is None else f'{v:.2f}'}" for k, v in self.calibrated)
            out.append(f"auto: calibrated (the question's probe as a percentile of each kind's null): {said}")
            out.extend(f"auto: dropped {k.value}s: {why}" for k, why in self.dropped)
        for s in self.steps:
            fallback = f" (fallback: {', '.join(s.methods[1:])})" if len(s.methods) > 1 else ""
            out.append(f"auto: {s.kind.value}s -> {s.methods[0]}: {s.why}{fallback}")
        if self.fused:
            out.append(f"auto: the {len(self.steps)} kinds' items fused by {self.fusion}")
        out.extend(f"auto: skipped {m}: {why}" for m, why in self.skipped)
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "why": self.why,
            "steps": [{"kind": s.kind.value, "methods": list(s.methods), "why": s.why} for s in self.steps],
            "skipped": [{"method": m, "why": why} for m, why in self.skipped],
            "fused": self.fused,
            "fusion": self.fusion if self.fused else None,
            "calibrated": {k.value: v for k, v in self.calibrated},
            "dropped": [{"kind": k.value, "why": why} for k, why in self.dropped],
            "routed": dict(self.routed),
            "router": self.router or None,
            "decided": self.decided or None,
        }


def temporal_signal(q: TemporalQuestion | None) -> str:
    """The question's temporal signal in words ("" for none): an explicit time, an anchor event, an ordinal, a
    temporal signal word (before, after, during, ...) or a time asked for ("when")."""
    if q is None:
        return ""
    if q.times:
        return f'time "{q.times[0].text}"'
    if q.anchors:
        return f'anchor "{q.anchors[0].trigger} {q.anchors[0].text}"'.replace("  ", " ")
    if q.ordinals:
        return "ordinal"
    signals = [s.value.lower() for s in q.signals if s is not Signal.NO_SIGNAL]
    if signals:
        return f"signal {signals[0]}"
    if Category.TEMPORAL_ANSWER in q.categories:
        return "asks for a time"
    return ""


def title_kinds(
    signals: QuestionSignals, present: frozenset[ItemKind], titles: TitleRule = TITLES
) -> tuple[tuple[ItemKind, ...], str] | None:
    """Rule T: the text kinds holding an item about a thing the question names by its whole title, and why; None
    when no title counts (``TitleRule``: which kinds' titles count, and which of them only when no linked entity of
    the events or facts has that name)."""
    counted = [
        t
        for t in signals.titled
        if t.kind in present and t.kind in titles.kinds and not (t.in_graph and t.kind in titles.exclusive)
    ]
    kinds = tuple(k for k in TEXT_KINDS if any(t.kind is k for t in counted))
    if not kinds:
        return None
    said = "; ".join(f"{k.value}s: " + ", ".join(f'"{t.title}"' for t in counted if t.kind is k)[:200] for k in kinds)
    what = " and ".join(TITLE_WORD[k] for k in kinds)
    return kinds, f"the question names by its whole title what a stored {what} is about ({said})"


def choose_kinds(
    signals: QuestionSignals, present: frozenset[ItemKind], titles: TitleRule = TITLES
) -> tuple[tuple[ItemKind, ...], str]:
    """The kinds to read and why (rules 1-4 and T of the module doc)."""
    ordered = tuple(k for k in KIND_ORDER if k in present)
    if not ordered:
        return (), "the store holds no events, facts, passages or chunks (ingest first)"
    if len(ordered) == 1:
        return ordered, f"the store holds only {ordered[0].value}s"
    kinds, why = _graph_rules(signals, present, ordered)
    if kinds == (ItemKind.EVENT,):  # rule 3 to events stands (right on 41 of 42 held-out rows, auto-4)
        return kinds, why
    titled = title_kinds(signals, present, titles)
    if titled is None:
        return kinds, why
    return titled[0], f"{titled[1]}; without it: {why}"


def _graph_rules(
    signals: QuestionSignals, present: frozenset[ItemKind], ordered: tuple[ItemKind, ...]
) -> tuple[tuple[ItemKind, ...], str]:
    """Rules 2-4 of the module doc on a store of several kinds."""
    every = ", ".join(f"{k.value}s" for k in ordered)
    if not signals.temporal:
        return ordered, f"no temporal signal over a mixed store ({every}): every kind, fused"
    linked = {
        ItemKind.EVENT: signals.linked_events if ItemKind.EVENT in present else 0,
        ItemKind.FACT: signals.linked_facts if ItemKind.FACT in present else 0,
    }
    if any(linked.values()):
        kind = ItemKind.EVENT if linked[ItemKind.EVENT] >= linked[ItemKind.FACT] else ItemKind.FACT
        said = f"{linked[ItemKind.EVENT]:,} events and {linked[ItemKind.FACT]:,} facts"
        return (kind,), f"a temporal question ({signals.temporal}) whose linked entities take part in {said}"
    text = tuple(k for k in TEXT_KINDS if k in present)
    if text and signals.states_time:
        said = " and ".join(f"{k.value}s" for k in text)
        return text, f"a question stating a time ({signals.temporal}) naming no entity of the events or facts: {said}"
    return ordered, f"a temporal question ({signals.temporal}) naming no entity of the graph: every kind, fused"


def route_fitted(
    probs: Mapping[str, float],
    present: frozenset[ItemKind],
    calibrated: Mapping[ItemKind, float | None],
    margin: float = MARGIN,
) -> tuple[tuple[ItemKind, ...], str, list[tuple[ItemKind, str]]] | None:
    """The kinds a fitted router's probabilities (``probs``, per class of ``router.CLASSES``) choose on a store of
    several kinds, why, and the kinds dropped; None when no labelled kind is present (the rules decide)."""
    labelled = [k for k in KIND_ORDER if k is not ItemKind.CHUNK and k in present]
    if not labelled:
        return None
    best = max(labelled, key=lambda k: probs.get(k.value, 0.0))
    said = ", ".join(f"{c} {p:.2f}" for c, p in probs.items())
    if ItemKind.CHUNK not in present:
        return (best,), f"the fitted router ({said}): {best.value}s", []
    none = probs.get("none", 0.0)
    if none > probs.get(best.value, 0.0):
        why = (
            f"the fitted router finds the question most like none of its labelled kinds ({said}): chunks, the kind "
            "it has no labels for"
        )
        p_best = probs.get(best.value, 0.0)
        return (ItemKind.CHUNK,), why, [(best, f"p(none) {none:.2f} > p({best.value}) {p_best:.2f}")]
    kept, dropped = keep({best: calibrated.get(best), ItemKind.CHUNK: calibrated.get(ItemKind.CHUNK)}, margin)
    why = f"the fitted router ({said}): {best.value}s; chunks (no labels) against them by the calibrated value"
    return tuple(kept), why, dropped


def lead(values: Mapping[ItemKind, float | None]) -> float | None:
    """How far the best calibrated value stands above the next (None with fewer than two values: no lead to read)."""
    known = sorted((v for v in values.values() if v is not None), reverse=True)
    return known[0] - known[1] if len(known) >= 2 else None


def hybrid(
    signals: QuestionSignals,
    have: frozenset[ItemKind],
    probs: Mapping[str, float],
    calibrated: Mapping[ItemKind, float | None],
    margin: float = MARGIN,
    sure: float = SURE,
    trusted: frozenset[ItemKind] = TRUSTED,
    titles: TitleRule = TITLES,
) -> tuple[tuple[ItemKind, ...], str, list[tuple[ItemKind, str]], str]:
    """The kinds for a question on a store of several kinds with a fitted router: the label-free rules where they
    are sure (one kind of ``trusted`` chosen before any calibration; or fused kinds whose best calibrated value
    leads the next by at least ``sure``, then ``keep`` at ``margin`` as without a router), else the router
    (``route_fitted``). Returns the kinds, why, the kinds dropped and who decided (``RULES`` or ``ROUTER``)."""
    kinds, why = choose_kinds(signals, have, titles)
    if len(kinds) == 1 and kinds[0] in trusted:
        return kinds, f"label-free rule, before any calibration: {why}", [], RULES
    values = {k: calibrated.get(k) for k in kinds}
    gap = lead(values)
    if gap is not None and gap >= sure - 1e-12:
        kept, dropped = keep(values, margin)
        said = f"the best calibrated kind leads the next by {gap:.2f} >= {sure:g}"
        return tuple(kept), f"label-free rule, {said}: {why}", dropped, RULES
    fitted = route_fitted(probs, have, calibrated, margin)
    if fitted is None:  # no labelled kind present: the rules with calibration, as without a router
        kept, dropped = keep(values, margin)
        return tuple(kept), why, dropped, RULES
    if len(kinds) == 1:
        said = f"they chose {kinds[0].value}s alone, a kind they are not trusted for"
    elif math.isinf(sure):
        said = "they would fuse several kinds"
    else:
        said = "no lead" if gap is None else f"lead {gap:.2f} < {sure:g}"
    routed, rwhy, dropped = fitted
    return routed, f"{rwhy} (the label-free rules were not sure: {said})", dropped, ROUTER


def _runs(inv: Inventory, method: str) -> bool:
    return inv.state(method).state.runs


def _why_not(inv: Inventory, method: str) -> str:
    r = inv.state(method)
    return f"{r.state.value}: {r.reason}" + (f" (run `{r.command}`)" if r.command else "")


def _why_not_cross_encoder(inv: Inventory) -> str:
    ce = inv.cross_encoder
    if ce.model is None:
        return "no cross-encoder (run `tkgrag train reranker` or set TKGRAG_RERANKER_MODEL)"
    if ce.beats is None:
        return f"the cross-encoder {ce.model} has no held-out check against the bi-encoder ({ce.said})"
    if not ce.beats:
        return f"the cross-encoder does not beat the bi-encoder on its held-out check ({ce.said})"
    return _why_not(inv, "fastinsight")


def choose_methods(kind: ItemKind, inv: Inventory) -> tuple[Step, list[tuple[str, str]]]:
    """The method chain for ``kind`` and the better methods skipped, with why."""
    skipped: list[tuple[str, str]] = []
    if kind is ItemKind.EVENT:
        if inv.state("timer4").state is State.READY:
            return Step(kind, ("timer4", "star+", "vector+tc"), "its TKS is ready"), skipped
        skipped.append(("timer4", _why_not(inv, "timer4")))
        if _runs(inv, "star+"):
            r = inv.state("star+")
            why = "the rule graph is built, read by the symbolic reader"
            if r.state is State.STALE:
                why += f"; stale: {r.reason} (run `{r.command}`)"
            return Step(kind, ("star+", "vector+tc"), why), skipped
        skipped.append(("star+", _why_not(inv, "star+")))
        return Step(kind, ("vector+tc",), "needs nothing but the event vectors"), skipped
    if kind is ItemKind.FACT:
        return Step(kind, ("exaqt", "vector+tc"), "facts are read by their answer graph (EXAQT)"), skipped
    if kind is ItemKind.PASSAGE:
        why = "passages are ranked by their sentences against the question's time (MRAG)"
        r = inv.state("mrag+")
        if r.state is State.STALE:
            why += f"; stale: {r.reason} (run `{r.command}`)"
        return Step(kind, ("mrag+", "passage-vector+tc"), why), skipped
    ce = inv.cross_encoder
    if ce.usable and _runs(inv, "fastinsight"):
        why = f"a cross-encoder that beats the bi-encoder ({ce.said})"
        return Step(kind, ("fastinsight", "chunk-ppr", "chunk-vector"), why), skipped
    skipped.append(("fastinsight", _why_not_cross_encoder(inv)))
    if inv.state("chunk-ppr").state is State.READY:
        return Step(kind, ("chunk-ppr", "chunk-vector"), "the chunks are linked: PPR over the chunk graph"), skipped
    skipped.append(("chunk-ppr", _why_not(inv, "chunk-ppr")))
    return Step(kind, ("chunk-vector",), "chunks by cosine"), skipped


def present(inv: Inventory, wanted: frozenset[ItemKind] | None = None) -> frozenset[ItemKind]:
    return inv.kinds & wanted if wanted is not None else inv.kinds


def plan(
    signals: QuestionSignals,
    inv: Inventory,
    fusion: str = "rrf",
    wanted: frozenset[ItemKind] | None = None,
    calibrated: Mapping[ItemKind, float | None] | None = None,
    margin: float = MARGIN,
    routed: Mapping[str, float] | None = None,
    router: str = "",
    calibrate: Callable[[tuple[ItemKind, ...]], Mapping[ItemKind, float | None] | None] | None = None,
    route: Callable[[], tuple[Mapping[str, float], Mapping[ItemKind, float | None]] | None] | None = None,
    sure: float | None = SURE,
    titles: TitleRule = TITLES,
) -> Plan:
    """The plan for a question (``signals``) over the store (``inv``); ``wanted`` limits the kinds (``--kind``);
    ``calibrated`` (per kind the rules would fuse) keeps the kinds within ``margin`` of the best; ``calibrate``
    measures those values only when the rules fuse several kinds and ``calibrated`` is not given (the probe costs a
    query; the rules are decided once, here). A fitted router's probabilities (``routed``, with ``calibrated`` for
    every kind present; or ``route``, which measures both, called only when the rules are not sure before any
    calibration) decide with the rules (``hybrid``, at ``sure``) or, with ``sure=None``, alone (``route_fitted``)."""
    have = present(inv, wanted)
    kinds, why = choose_kinds(signals, have, titles)
    values: tuple[tuple[ItemKind, float | None], ...] = ()
    dropped: list[tuple[ItemKind, str]] = []
    decided = ""
    said: tuple[tuple[str, float], ...] = ()
    fitted = len(have) > 1 and (bool(routed) or route is not None)
    sure_alone = sure is not None and len(kinds) == 1 and kinds[0] in TRUSTED
    if fitted and not routed and route is not None and not sure_alone:
        measured = route()
        if measured is not None:
            routed, calibrated = measured
    if fitted and routed:
        if sure is not None:
            kinds, why, dropped, decided = hybrid(signals, have, routed, calibrated or {}, margin, sure, titles=titles)
        elif (alone := route_fitted(routed, have, calibrated or {}, margin)) is not None:
            (kinds, why, dropped), decided = alone, ROUTER
        if decided:
            values = tuple((k, (calibrated or {}).get(k)) for k in KIND_ORDER if k in have)
            said = tuple(routed.items())
    elif fitted and sure_alone:  # the rules are sure before any calibration
        why, decided = f"label-free rule, before any calibration: {why}", RULES
    if not decided:
        if calibrated is None and calibrate is not None and len(kinds) > 1:
            calibrated = calibrate(kinds)
        if len(kinds) > 1 and calibrated:
            values = tuple((k, calibrated.get(k)) for k in kinds)
            kept, dropped = keep(dict(values), margin)
            kinds = tuple(kept)
    steps: list[Step] = []
    skipped: list[tuple[str, str]] = []
    for kind in kinds:
        step, skip = choose_methods(kind, inv)
        steps.append(step)
        skipped.extend(skip)
    name = router if decided else ""
    return Plan(why, tuple(steps), tuple(skipped), fusion, values, tuple(dropped), said, name, decided)
