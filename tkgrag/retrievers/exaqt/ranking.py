"""EXAQT's answer prediction without the R-GCN (pure): the answer graph's entities, literals and times ranked with
the question's temporal constraint applied exactly.

Every fact of the answer graph gets a score and hands it to the answers it states (the max over its facts):

* **temporal fit**, a tier: with explicit constraints (``in 1971``, ``before 1990``, ``after X``: the project's
  ``TemporalConstraint.admits``, closed intervals, open ends open) a dated fact that meets all of them is tier 2, a
  fact with no time at all tier 1 (it may hold), a dated fact that violates one tier 0; without constraints every
  fact is tier 1;
* **ordinals** (``first``/``last``/``second``): the question's relation is the relation of the best dated fact
  that names a question entity; that relation's dated facts (those that fit the constraints) are ordered by their
  start (their end when the start is open) and the one at the ordinal's position is put above everything, its
  neighbours in the order just below;
* within a tier: the fact's relevance (the bi-encoder cosine) + ``tree_bonus`` when the fact is on a Steiner tree
  + ``entity_bonus`` when it names a question entity.

Answers of a fact: its entities other than the question entities (and other than the object of a "significant
event", which names an event type), its subject a little before its object when it names no question entity, and
its literal object; for a question that asks
for a time ("when", "what year"), the fact's start (its end for "when did ... end/leave") at the asked granularity
(the year when the question does not say: the facts here are year-precise), and its event entities with a year in
the label ``EVENT_ENTITY_PENALTY`` lower (the answer-type model). An answer named by the question's proper-name spans
is lowered by ``NAMED_PENALTY`` times that share. Ties between answers are broken by how many facts state them, then
alphabetically. With a learned scorer (``scorer.LinearScorer`` over ``FEATURES``), answers are ordered by it only
within the exact temporal tier and ordinal position (``exact_key``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tkgrag.model import Evidence, TemporalConstraint
from tkgrag.question.relations import content_stems, dice
from tkgrag.retrievers.exaqt.subgraph import GraphEntity
from tkgrag.temporal import Granularity, TimeSpan

_WIKIDATA_ID = re.compile(r"^Q\d+$")
ORDINAL_TIER = 6.0
TIER_WEIGHT = 2.0
SUBJECT_BONUS = 0.01
# Relations whose object names a kind of event, not an entity: Wikidata's "significant event" takes property labels
# ("date of birth", "end time") as objects in TimeR4's slice. Their objects are never entity answers (their time is).
EVENT_TYPE_RELATIONS = frozenset({"significant event"})
# Answer-type model: a time question is answered by a fact's time, and also by an event entity whose label holds a
# year ("when did the Mets win the pennant" -> "1986 World Series"; 17% of dev.json's "when"/"what year" questions
# have an entity answer). Such an entity ranks this much below the time of the same fact in the symbolic ranking.
_YEAR_IN_LABEL = re.compile(r"\b\d{4}\b")
EVENT_ENTITY_PENALTY = 0.5

# The features of an answer, from its best fact (by the symbolic score) and all facts stating it; the learned scorer
# (``scorer.LinearScorer``) weighs them. ``symbolic`` is the symbolic score itself.
FEATURES = (
    "symbolic",
    "relevance",
    "relevance_gap",  # best relevance in the answer graph minus this answer's
    "fits",  # its fact is dated and meets every explicit constraint
    "violates",  # its fact is dated and violates one
    "ordinal",  # the ordinal bonus in (0, 1] when the question has an ordinal, else 0
    "ordinal_top",  # the fact at the ordinal's position
    "in_tree",
    "anchored",  # its fact names a question entity
    "type_match",  # a time for a time question, an entity or value otherwise
    "event_for_time",  # an event entity (a year in its label) for a time question
    "support",  # log(1 + number of facts stating it)
    "subject",  # it is its fact's subject
    "context",  # a dense-NERD context entity
    "relation_match",  # Dice of its fact's relation words and the question's
    "named_in_question",  # share of its name's content words in the question's proper-name spans ("Abraham Lincoln")
)
# An answer the question (partly) names is rarely what it asks for ("what party was lincoln with" is not answered by
# Abraham Lincoln, a dense context entity): the symbolic ranking lowers it by this much times that share. Only the
# words of spans linked to a proper name count ("lincoln" -> Lincoln), not type words ("party": Republican Party).
NAMED_PENALTY = 0.3


@dataclass(frozen=True)
class AnswerFact:
    """One fact of the answer graph, as the ranking reads it."""

    evidence: Evidence
    relevance: float
    in_tree: bool = False
    entities: tuple[GraphEntity, ...] = ()


@dataclass(frozen=True)
class TemporalAsk:
    """What the ranking needs from the question: its explicit constraints, ordinal position (1 first, 2 second,
    -1 last), whether it asks for a time and which end of a fact (``"start"``/``"end"``/None), at what granularity."""

    constraints: tuple[TemporalConstraint, ...] = ()
    ordinal: int | None = None
    wants_time: bool = False
    boundary: str | None = None
    granularity: Granularity = Granularity.YEAR
    words: frozenset[str] = frozenset()  # the question's content stems (``relations.content_stems``)
    named: frozenset[str] = frozenset()  # content stems of the question's spans that NERD linked to a proper name


@dataclass(frozen=True)
class RankedAnswer:
    text: str  # compared with the gold answers: the Wikidata id of an entity that has one, else its label; a time
    name: str  # for people
    kind: str  # "entity", "value" or "time"
    score: float
    fact: str  # key of the best fact stating it
    support: int  # how many answer-graph facts state it
    features: tuple[float, ...] = ()  # ``FEATURES`` of the answer (for the learned scorer and its training)


def temporal_tier(span: TimeSpan, constraints: Sequence[TemporalConstraint]) -> int:
    """2: dated and meets every constraint; 1: no constraint, or no time at all; 0: dated and violates one."""
    if not constraints:
        return 1
    if span.start is None and span.end is None:
        return 1
    return 2 if all(c.admits(span) for c in constraints) else 0


def names_any(fact: AnswerFact, keys: frozenset[str]) -> bool:
    return any(e.key in keys for e in fact.entities) or fact.evidence.subject in keys or fact.evidence.object in keys


def _order_key(span: TimeSpan) -> tuple[int, str]:
    d = span.start or span.end
    return (0, d.isoformat()) if d is not None else (1, "")


def ordinal_scores(
    facts: Sequence[AnswerFact], ask: TemporalAsk, question_entities: frozenset[str]
) -> dict[int, float]:
    """Index of a fact -> its ordinal bonus (the fact at the ordinal's position: ``ORDINAL_TIER`` + 1; the others of
    the question's relation a little less the farther they are in the order)."""
    if ask.ordinal is None or ask.ordinal == 0:
        return {}
    dated = [
        i for i, f in enumerate(facts) if f.evidence.has_time and temporal_tier(f.evidence.span, ask.constraints) > 0
    ]
    if not dated:
        return {}
    anchored = [i for i in dated if names_any(facts[i], question_entities)] or dated
    best = max(anchored, key=lambda i: (facts[i].relevance, facts[i].in_tree, -i))
    relation = facts[best].evidence.relation
    pool = [i for i in anchored if facts[i].evidence.relation == relation]
    pool.sort(key=lambda i: (_order_key(facts[i].evidence.span), facts[i].evidence.key))
    n = len(pool)
    pos = ask.ordinal - 1 if ask.ordinal > 0 else n + ask.ordinal
    pos = min(max(pos, 0), n - 1)
    return {i: ORDINAL_TIER + 1.0 - abs(j - pos) / n for j, i in enumerate(pool)}


def fact_score(
    fact: AnswerFact, ask: TemporalAsk, question_entities: frozenset[str], tree_bonus: float, entity_bonus: float
) -> float:
    tier = temporal_tier(fact.evidence.span, ask.constraints)
    bonus = (tree_bonus if fact.in_tree else 0.0) + (entity_bonus if names_any(fact, question_entities) else 0.0)
    return TIER_WEIGHT * tier + fact.relevance + bonus


def time_answer(span: TimeSpan, ask: TemporalAsk) -> str | None:
    """The time a fact answers a "when" question with, at the asked granularity; None for a fact without time."""
    d = (span.end or span.start) if ask.boundary == "end" else (span.start or span.end)
    if d is None:
        return None
    return TimeSpan(d, d, Granularity.DAY).at(ask.granularity.coarser(span.granularity)).label()


def fact_answers(
    fact: AnswerFact, ask: TemporalAsk, question_entities: frozenset[str]
) -> list[tuple[str, str, str, float]]:
    """``(text, name, kind, bonus)`` of the answers a fact states. A fact that names no question entity (a temporal
    fact of a tree entity) prefers its subject by ``SUBJECT_BONUS``: "who held X in 2012" asks for the holder. For a
    time question: the fact's time, then its event entities (a year in the label) ``EVENT_ENTITY_PENALTY`` lower."""
    out = []
    if ask.wants_time:
        t = time_answer(fact.evidence.span, ask)
        if t:
            out.append((t, t, "time", 0.0))
    entity_keys = {e.key for e in fact.entities}
    event_type = fact.evidence.relation in EVENT_TYPE_RELATIONS
    anchored = names_any(fact, question_entities)
    for e in fact.entities:
        if e.key in question_entities or (event_type and e.key == fact.evidence.object):
            continue
        if ask.wants_time and not _YEAR_IN_LABEL.search(e.name):
            continue
        bonus = SUBJECT_BONUS if not anchored and e.key == fact.evidence.subject else 0.0
        if ask.wants_time:
            bonus -= EVENT_ENTITY_PENALTY
        out.append((e.key if _WIKIDATA_ID.match(e.key) else e.name, e.name, "entity", bonus))
    obj = fact.evidence.object
    if (
        not ask.wants_time
        and obj
        and obj not in entity_keys
        and obj not in question_entities
        and not fact.evidence.fields.get("object_name")
    ):
        out.append((obj, obj, "value", 0.0))
    return out


def answer_features(
    fact: AnswerFact,
    kind: str,
    key: str,
    name: str,
    score: float,
    ordinal: float | None,
    ask: TemporalAsk,
    question_entities: frozenset[str],
    context_entities: frozenset[str],
    best_relevance: float,
) -> dict[str, float]:
    """``FEATURES`` of one (answer, fact) pair; ``support`` is filled in by ``rank_answers``."""
    tier = temporal_tier(fact.evidence.span, ask.constraints)
    relation_words = content_stems(fact.evidence.relation)
    return {
        "symbolic": score,
        "relevance": fact.relevance,
        "relevance_gap": best_relevance - fact.relevance,
        "fits": float(bool(ask.constraints) and tier == 2),
        "violates": float(bool(ask.constraints) and tier == 0),
        "ordinal": (ordinal - ORDINAL_TIER) if ordinal is not None else 0.0,
        "ordinal_top": float(ordinal is not None and ordinal >= ORDINAL_TIER + 1.0),
        "in_tree": float(fact.in_tree),
        "anchored": float(names_any(fact, question_entities)),
        "type_match": float((kind == "time") == ask.wants_time),
        "event_for_time": float(ask.wants_time and kind == "entity"),
        "support": 0.0,
        "subject": float(kind == "entity" and key == fact.evidence.subject),
        "context": float(key in context_entities),
        "relation_match": dice(relation_words, ask.words) if ask.words else 0.0,
        "named_in_question": named_share(name, ask.named) if kind != "time" else 0.0,
    }


def named_share(name: str, words: frozenset[str]) -> float:
    """Share of ``name``'s content stems among ``words`` (``TemporalAsk.named``)."""
    stems = content_stems(name)
    return len(stems & words) / len(stems) if stems and words else 0.0


class AnswerScorer:
    """A learned answer scorer: higher is better, from an answer's ``FEATURES`` (``scorer.LinearScorer``)."""

    def score(self, features: Sequence[float]) -> float:  # pragma: no cover - protocol
        raise NotImplementedError


def rank_answers(
    facts: Sequence[AnswerFact],
    ask: TemporalAsk,
    question_entities: Iterable[str],
    *,
    tree_bonus: float = 0.1,
    entity_bonus: float = 0.05,
    context_entities: Iterable[str] = (),
    scorer: AnswerScorer | None = None,
) -> list[RankedAnswer]:
    """The answer graph's answers, best first (see the module docstring); with a ``scorer``, ordered by its score
    of their ``FEATURES`` within the exact temporal tiers and ordinal position (``exact_key``; ties: the symbolic
    order)."""
    qents = frozenset(question_entities)
    ctx = frozenset(context_entities)
    ordinal = ordinal_scores(facts, ask, qents)
    best_rel = max((f.relevance for f in facts), default=0.0)
    best: dict[str, RankedAnswer] = {}
    feats: dict[str, dict[str, float]] = {}
    for i, f in enumerate(facts):
        base = ordinal.get(i, 0.0) + fact_score(f, ask, qents, tree_bonus, entity_bonus)
        for text, name, kind, bonus in fact_answers(f, ask, qents):
            named = named_share(name, ask.named) if kind != "time" else 0.0
            score = round(base + bonus - NAMED_PENALTY * named, 9)
            prev = best.get(text)
            support = (prev.support if prev else 0) + 1
            if prev is None or score > prev.score:
                key = next((e.key for e in f.entities if e.name == name), text)
                feats[text] = answer_features(f, kind, key, name, score, ordinal.get(i), ask, qents, ctx, best_rel)
                best[text] = RankedAnswer(text, name, kind, score, f.evidence.key, support)
            else:
                best[text] = RankedAnswer(prev.text, prev.name, prev.kind, prev.score, prev.fact, support)
    out = []
    for text, a in best.items():
        fd = feats[text]
        fd["support"] = math.log1p(a.support)
        out.append(RankedAnswer(a.text, a.name, a.kind, a.score, a.fact, a.support, tuple(fd[n] for n in FEATURES)))
    out.sort(key=lambda a: (-a.score, -a.support, a.text))
    if scorer is None:
        return out
    learned = [
        RankedAnswer(a.text, a.name, a.kind, round(scorer.score(a.features), 9), a.fact, a.support, a.features)
        for a in out
    ]
    order = {a.text: i for i, a in enumerate(out)}
    return sorted(learned, key=lambda a: (*exact_key(a.features), -a.score, order[a.text]))


def exact_key(features: Sequence[float]) -> tuple[float, float]:
    """The part of the ranking that stays exact under a learned scorer: the temporal tier (meets every explicit
    constraint > undated > violates one) and the ordinal's position, as a sort key (smaller first). A scorer orders
    answers only within these, so "first", "in 1971" and "before X" are applied exactly, as in the symbolic ranking."""
    f = dict(zip(FEATURES, features, strict=True))
    return (-(f["fits"] - f["violates"]), -f["ordinal_top"])
