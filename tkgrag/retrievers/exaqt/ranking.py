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
the label ``EVENT_ENTITY_PENALTY`` lower (the answer-type model), except an edition of the event the question names
(``asked_event``: "2012 World Series" for "when did the Giants win the world series"), which comes first and which
an ordinal orders by its edition mark (``event_ordinal``). An answer named by the question's proper-name spans
is lowered by ``NAMED_PENALTY`` times that share. Ties between answers are broken by how many facts state them, then
alphabetically. With a learned scorer (``scorer.LinearScorer`` over ``FEATURES``), answers are ordered by it only
within the exact temporal tier and ordinal position (``exact_key``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from tkgrag.model import Evidence, TemporalConstraint
from tkgrag.retrievers.exaqt.stems import content_stems, dice
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
# An event entity is an instance of the *asked* event when its label, without its edition mark (a year or a
# numeral: "2012 World Series", "Super Bowl XXX") and a trailing "finals", is a phrase of the question ("when did
# the Giants win the world series", "... the superbowl"): for a time question it is the answer, the edition that
# carries the time (TimeQuestions' gold for such questions), and an ordinal ("their first world series") orders the
# editions by their mark. Shorter cores ("cup") are too common to name an event.
_ROMAN = re.compile(r"^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")  # a well-formed numeral
_EDITION_TAIL = ("finals", "final")
MIN_EVENT_CORE = 5

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
    "asked_event",  # an instance of the event the time question names (``asked_event``): exact, see ``exact_key``
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
    letters: str = ""  # the question's letters and digits, lower case, nothing else (``letters``)


@dataclass(frozen=True)
class RankedAnswer:
    text: str  # compared with the gold answers: the Wikidata id of an entity that has one, else its label; a time
    name: str  # for people
    kind: str  # "entity", "value" or "time"
    score: float
    fact: str  # key of the best fact stating it
    support: int  # how many answer-graph facts state it
    features: tuple[float, ...] = ()  # ``FEATURES`` of the answer (for the learned scorer and its training)


def letters(text: str) -> str:
    """``text`` lower case with everything but letters and digits removed ("Super Bowl" -> "superbowl"), so a phrase
    matches however the question spaces it ("superbowl")."""
    return "".join(re.findall(r"[^\W_]+", text.lower()))


def _edition(token: str) -> int | None:
    if token.isdigit():
        return int(token)
    if not token or not _ROMAN.match(token):
        return None
    values = [{"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}[c] for c in token]
    return sum(-v if v < nxt else v for v, nxt in zip(values, [*values[1:], 0], strict=True))


def asked_edition(name: str, ask: TemporalAsk) -> tuple[str, int] | None:
    """``(core, edition mark)`` when ``name`` labels an instance of the event a time question names ("Super Bowl
    XXX" -> ("superbowl", 30) for "... the superbowl"), else None: the label's letters without its one edition mark
    (a year or a well-formed Roman numeral) and a trailing "finals" must be a phrase of the question (see
    ``MIN_EVENT_CORE`` and the comment above it)."""
    if not ask.wants_time or not ask.letters:
        return None
    tokens = re.findall(r"[^\W_]+", name.lower())
    marks = [(i, v) for i, t in enumerate(tokens) if (v := _edition(t)) is not None]
    if len(marks) != 1:
        return None
    core = [t for i, t in enumerate(tokens) if i != marks[0][0]]
    if core and core[-1] in _EDITION_TAIL:
        core = core[:-1]
    joined = "".join(core)
    return (joined, marks[0][1]) if len(joined) >= MIN_EVENT_CORE and joined in ask.letters else None


def asked_event(name: str, ask: TemporalAsk) -> int | None:
    """The edition number (a year, or the numeral of "Super Bowl XXX") when ``name`` labels an instance of the event a
    time question names, else None (``asked_edition``)."""
    found = asked_edition(name, ask)
    return found[1] if found is not None else None


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


def answer_text(e: GraphEntity) -> str:
    """What an entity answer is compared with the gold by: its Wikidata id when it has one, else its label."""
    return e.key if _WIKIDATA_ID.match(e.key) else e.name


@dataclass(frozen=True)
class Edition:
    """An edition of the asked event among the answers: how closely it is tied to the question (``edition_levels``),
    its edition mark, and the facts that tie it at that level."""

    level: float
    mark: int
    ties: tuple[AnswerFact, ...]


def edition_levels(
    facts: Sequence[AnswerFact], ask: TemporalAsk, question_entities: frozenset[str], context: frozenset[str]
) -> dict[str, Edition]:
    """Answer text -> how closely an edition of the asked event (``asked_event``) is tied to the question: the number
    of question entities its facts name ("2012 World Series winner San Francisco Giants" and "... participating team
    Detroit Tigers": 2 for "when did the giants beat the tigers in the world series"), else 0.5 when a fact names an
    entity that shares a fact with a question entity (the team "that plays at Turner Field"). Editions tied to neither
    (the other World Series of the graph) are not asked-for answers. The question entities anchor; when the question
    names nothing but the event, the dense-NERD context entities whose name shares a word with the question do ("New
    York Mets" for "the mets", not the Yankees found near them). Editions never anchor, nor does the event itself
    ("World Series": every edition is an instance of it)."""
    names = {answer_text(e): e.name for f in facts for e in f.entities}
    editions = {t: found for t, n in names.items() if (found := asked_edition(n, ask)) is not None}
    if not editions:
        return {}
    cores = {core for core, _ in editions.values()}
    generic = {e.key for f in facts for e in f.entities if letters(e.name) in cores}
    edition_keys = {e.key for f in facts for e in f.entities if answer_text(e) in editions}
    anchors = question_entities - edition_keys - generic
    if not anchors:  # nothing named but the event: the context entities the question names in part
        named_context = {
            e.key for f in facts for e in f.entities if e.key in context and content_stems(e.name) & ask.words
        }
        anchors = frozenset(named_context - edition_keys - generic)
    near = {e.key for f in facts if names_any(f, anchors) for e in f.entities} - anchors - edition_keys - generic
    tied: dict[str, set[str]] = {}  # edition -> the anchors its facts name
    ties: dict[str, list[AnswerFact]] = {}
    near_ties: dict[str, list[AnswerFact]] = {}
    for f in facts:
        if f.evidence.relation in EVENT_TYPE_RELATIONS:
            continue
        others = {e.key for e in f.entities} - edition_keys
        for e in f.entities:
            t = answer_text(e)
            if t not in editions:
                continue
            if others & anchors:
                tied.setdefault(t, set()).update(others & anchors)
                ties.setdefault(t, []).append(f)
            elif others & near:
                near_ties.setdefault(t, []).append(f)
    levels = {t: Edition(float(len(a)), editions[t][1], tuple(ties[t])) for t, a in tied.items()}
    for t, fs in near_ties.items():
        levels.setdefault(t, Edition(0.5, editions[t][1], tuple(fs)))
    return levels


def event_ordinal(levels: Mapping[str, Edition], ask: TemporalAsk) -> dict[str, float]:
    """Answer text -> ordinal bonus over the editions of the asked event for an ordinal time question ("when did the
    Mets win their first world series"): the editions at the closest level (``edition_levels``) tied by the relation
    of the most relevant tying fact ("winner", not "participating team"), ordered by their edition mark; the one at
    the ordinal's position gets ``ORDINAL_TIER`` + 1, the others a little less the farther they are. Empty without an
    ordinal or an edition."""
    if not ask.ordinal or not levels:
        return {}
    closest = max(x.level for x in levels.values())
    tied = [(f, t) for t, x in levels.items() if x.level == closest for f in x.ties]
    top = max(tied, key=lambda ft: (ft[0].relevance, ft[0].in_tree, ft[0].evidence.key))[0]
    pool = sorted(
        {t for f, t in tied if f.evidence.relation == top.evidence.relation}, key=lambda t: (levels[t].mark, t)
    )
    n = len(pool)
    pos = min(max(ask.ordinal - 1 if ask.ordinal > 0 else n + ask.ordinal, 0), n - 1)
    return {t: ORDINAL_TIER + 1.0 - abs(j - pos) / n for j, t in enumerate(pool)}


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
    fact: AnswerFact, ask: TemporalAsk, question_entities: frozenset[str], editions: Mapping[str, Edition]
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
        asked = answer_text(e) in editions
        if ask.wants_time and not asked and not _YEAR_IN_LABEL.search(e.name):
            continue
        bonus = SUBJECT_BONUS if not anchored and e.key == fact.evidence.subject else 0.0
        if ask.wants_time and not asked:
            bonus -= EVENT_ENTITY_PENALTY
        out.append((answer_text(e), e.name, "entity", bonus))
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
    asked_level: float,
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
        "asked_event": asked_level if kind == "entity" else 0.0,
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
    exact: bool = True,
) -> list[RankedAnswer]:
    """The answer graph's answers, best first (see the module docstring); with a ``scorer``, ordered by its score
    of their ``FEATURES`` within the exact temporal tiers and ordinal position (``exact_key``; ties: the symbolic
    order), or by its score alone when not ``exact`` (the tiers are then only features the scorer reads)."""
    qents = frozenset(question_entities)
    ctx = frozenset(context_entities)
    ordinal = ordinal_scores(facts, ask, qents)
    levels = edition_levels(facts, ask, qents, ctx)
    best_rel = max((f.relevance for f in facts), default=0.0)
    best: dict[str, RankedAnswer] = {}
    feats: dict[str, dict[str, float]] = {}
    for i, f in enumerate(facts):
        base = ordinal.get(i, 0.0) + fact_score(f, ask, qents, tree_bonus, entity_bonus)
        for text, name, kind, bonus in fact_answers(f, ask, qents, levels):
            named = named_share(name, ask.named) if kind != "time" else 0.0
            score = round(base + bonus - NAMED_PENALTY * named, 9)
            prev = best.get(text)
            support = (prev.support if prev else 0) + 1
            if prev is None or score > prev.score:
                key = next((e.key for e in f.entities if e.name == name), text)
                level = levels[text].level if text in levels else 0.0
                feats[text] = answer_features(
                    f, kind, key, name, score, ordinal.get(i), ask, qents, ctx, best_rel, level
                )
                best[text] = RankedAnswer(text, name, kind, score, f.evidence.key, support)
            else:
                best[text] = RankedAnswer(prev.text, prev.name, prev.kind, prev.score, prev.fact, support)
    edition_order = event_ordinal(levels, ask)
    if edition_order:  # the asked event's editions in order replace the facts' ordinal
        for fd in feats.values():
            fd["ordinal_top"] = 0.0
        for text, bonus in edition_order.items():
            if text not in feats:  # an edition that is no answer here (a question entity): nothing to move
                continue
            feats[text]["ordinal"] = bonus - ORDINAL_TIER
            feats[text]["ordinal_top"] = float(bonus >= ORDINAL_TIER + 1.0)
            best[text] = replace(best[text], score=round(best[text].score + bonus, 9))
    out = []
    for text, a in best.items():
        fd = feats[text]
        fd["support"] = math.log1p(a.support)
        out.append(RankedAnswer(a.text, a.name, a.kind, a.score, a.fact, a.support, tuple(fd[n] for n in FEATURES)))
    out.sort(key=lambda a: (*exact_key(a.features), -a.score, -a.support, a.text))
    if scorer is None:
        return out
    learned = [
        RankedAnswer(a.text, a.name, a.kind, round(scorer.score(a.features), 9), a.fact, a.support, a.features)
        for a in out
    ]
    order = {a.text: i for i, a in enumerate(out)}
    if not exact:
        return sorted(learned, key=lambda a: (-a.score, order[a.text]))
    return sorted(learned, key=lambda a: (*exact_key(a.features), -a.score, order[a.text]))


def order_values(answers: Sequence[RankedAnswer], exact: bool = True) -> list[float]:
    """Scores that follow a ranking's own order, for metrics that read scores (``eval.metrics``: the top tie group
    is the answers sharing the best score): ``-g`` for the answers of the ``g``-th group of consecutive answers that
    tie on the sort key (``exact_key`` when ``exact``, and the score). An answer's own ``score`` does not follow the
    order where the exact tiers put a lower-scored answer first, so the max score is not the answer ranked first."""
    out: list[float] = []
    group, prev = 0, None
    for a in answers:
        key = (*exact_key(a.features), a.score) if exact and a.features else (a.score,)
        if prev is not None and key != prev:
            group += 1
        out.append(-float(group))
        prev = key
    return out


def monotone_scores(answers: Sequence[RankedAnswer], exact: bool = True) -> list[float]:
    """The answers' scores made to follow their order, for readers and metrics that take the best score as rank 1:
    an answer tied with its predecessor on the sort key (``order_values``) keeps the predecessor's value, any other
    gets its own score capped just below its predecessor's (``math.nextafter``), so the values stay the scores
    wherever the order already follows them."""
    groups = order_values(answers, exact)
    out: list[float] = []
    for i, a in enumerate(answers):
        if i == 0:
            out.append(float(a.score))
        elif groups[i] == groups[i - 1]:
            out.append(out[-1])
        else:
            out.append(min(float(a.score), math.nextafter(out[-1], -math.inf)))
    return out


def exact_key(features: Sequence[float]) -> tuple[float, float, float]:
    """The part of the ranking that stays exact under any scorer: the temporal tier (meets every explicit constraint >
    undated > violates one), the ordinal's position, and for a time question an edition of the event it names before
    other answers, as a sort key (smaller first). Scores order answers only within these, so "first", "in 1971",
    "before X" and "when did they win the world series" are applied exactly, by the symbolic ranking too."""
    f = dict(zip(FEATURES, features, strict=True))
    return (-(f["fits"] - f["violates"]), -f["ordinal_top"], -f["asked_event"])
