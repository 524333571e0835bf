"""Grounding: a ``TemporalQuestion`` becomes a query on the graph — linked entities in their roles, the relation, the
anchors resolved to anchor EVENTS with their times, the temporal constraint, and TimeR4's rewritten question.

Relation: ``RelationMatcher`` candidates for the relation phrase as said, and for CAMEO paraphrases of it
(``relation_phrases``: "condemned" -> "criticize or denounce", "wanted to meet" -> "express intent to meet or
negotiate"); composed paraphrases count ``PARAPHRASE_DISCOUNT`` less, and a stated intent favours ICEWS's
``Express_intent_*`` relations (``INTENT_BONUS``).

Roles ("who criticized Iran": Iran is the OBJECT, the answer the SUBJECT) are decided by syntax and checked on the
graph. Syntax: a mention before the question's verb is its subject ("In which month did S criticize O", "With whom
did France negotiate"), after it the object; a passive swaps them ("Which country was rejected by Iran"). Graph: of
the relation candidates within ``RELATION_MARGIN`` of the best (then within ``WIDE_MARGIN``), the first that has
events with the entities in their syntactic roles wins; when only the swapped roles have events, the roles are
swapped (counts of (e as subject, r) vs (e as object, r), or of the pair (s, r, o) vs (o, r, s) for two entities).

Anchors (``Anchor``): a clause ("after X visited Y") is grounded like a question of its own; an elliptical clause
("after X did") and an anchor that is one entity's name ("After Okada Katsuya, who visited Cambodia first") mean, by
the MultiTQ convention, the question's own relation with that entity in the answer's role — and their events also
settle the question's relation where the match was unsure. A clause whose relation has no event falls back to the
anchor entity's most similar event (bounded retrieval, above ``SIMILAR_ANCHOR_MIN``). Of several anchor events the
earliest is used. The anchor's entity in the answer's role is excluded from the answers ("who else", "after X did").

Constraint: explicit time -> in-period / before / after at its own granularity ("since" / "until" are half-open
periods); anchor -> ``TemporalConstraint.relative_to`` BEFORE / AFTER / DURING (at the "same ..." granularity).
Anchor constraints come first; the rest are ``also`` constraints a fact must meet as well.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.model import Evidence, TemporalConstraint, TemporalRelation
from tkgrag.queries import linking as ql
from tkgrag.queries import reading as qr
from tkgrag.question.graph_linker import GraphLinker
from tkgrag.question.linking import EntityLink
from tkgrag.question.model import (
    Anchor,
    AnchorRelation,
    AnswerKind,
    Mention,
    MentionKind,
    Signal,
    TemporalQuestion,
    TimeExpression,
)
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.relations import RelationMatch, humanise
from tkgrag.question.rewrite import rewrite
from tkgrag.readers.operators import AnswerRole, Order, ReadPlan
from tkgrag.retrievers.base import constraint_params, evidence_from_row
from tkgrag.store import Store
from tkgrag.temporal import Granularity, TimeSpan

RELATION_MARGIN = 0.12  # relation candidates this close to the best may win on graph evidence
WIDE_MARGIN = 0.25  # ... and, when none of those has events with the entities, candidates this close
RELATION_CANDIDATES = 8
PARAPHRASE_DISCOUNT = 0.8  # a paraphrase's match counts less than the phrase as said
INTENT_BONUS = 0.1  # added to Express_intent_* candidates when the phrase states an intent ("wanted to meet")
# Weaker entity links count as unlinked. GraphLinker scores an inexact link 0.5 * relative full text + 0.5 * cosine,
# so the best full-text hit needs a cosine of about 0.76 (on the MultiTQ sample against icews14, wrong guesses such as
# "Mahmoud Abbas" -> Abbas Medlej scored 0.67-0.87, right paraphrases 0.89-0.93).
LINK_MIN_SCORE = 0.88
SIMILAR_ANCHOR_MIN = 0.8  # Neo4j's cosine score, (1 + cos) / 2: cos >= 0.6
ANCHOR_EVENT_LIMIT = 200  # anchor events read per anchor (the earliest is used)

_BE = r"(?:was|were|is|are|been|being|be|get|gets|got|gotten)"
_ADVERBS = r"(?:(?:first|last|also|ever|never|not|recently|once|again|repeatedly|previously|initially|finally)\s+)*"
_PASSIVE_BEFORE_VERB = re.compile(rf"\b{_BE}\s+{_ADVERBS}$", re.IGNORECASE)
_AUX_INVERSION = re.compile(
    r"^\s*(?:(?:in|on|at|with|for|to|from|by|of|about|against|into)\s+)?"
    r"(?:who|whom|what|which|wich)(?:\s+[a-z]+)?\s+"
    r"(?:did|does|do|has|have|had|will|would|can|could|should|might|may)\b",
    re.IGNORECASE,
)
_ELLIPTICAL = "elliptical"
_ENTITY_ANCHOR = "entity in the answer's role"
_ELSE = re.compile(r"\belse\b|\bother than\b|\bbesides\b|\bapart from\b", re.IGNORECASE)


# ------------------------------------------------------------------------------------------- the grounded query
@dataclass(frozen=True)
class GroundedEntity:
    """A linked mention and its role in its clause's relation (``role_source``: "syntax" or "graph": swapped)."""

    mention: Mention
    key: str
    name: str
    score: float
    role: AnswerRole
    role_source: str = "syntax"

    def as_dict(self) -> dict[str, Any]:
        return {
            "mention": self.mention.text,
            "key": self.key,
            "name": self.name,
            "score": round(self.score, 3),
            "role": self.role.value,
            "role_source": self.role_source,
        }


@dataclass(frozen=True)
class GroundedAnchor:
    """An anchor resolved (or not) to events in the graph; ``events`` earliest first, the first is THE anchor event."""

    anchor: Anchor
    how: str  # "clause", "entity in the answer's role", "elliptical", "similarity", "unresolved: <why>"
    relation: str | None = None
    subject: str | None = None
    object: str | None = None
    entities: tuple[GroundedEntity, ...] = ()
    events: tuple[Evidence, ...] = ()
    answer_role_entity: str | None = None  # the anchor's entity in the question's answer role ("who else")

    @property
    def event(self) -> Evidence | None:
        return self.events[0] if self.events else None

    @property
    def resolved(self) -> bool:
        return self.event is not None

    def as_dict(self) -> dict[str, Any]:
        ev = self.event
        return {
            "text": self.anchor.text,
            "trigger": self.anchor.trigger,
            "relation": self.anchor.relation.value,
            "how": self.how,
            "graph_relation": self.relation,
            "subject": self.subject,
            "object": self.object,
            "event": None if ev is None else {"key": ev.key, "text": ev.text, "time": ev.span.label()},
            "events": len(self.events),
        }


@dataclass(frozen=True)
class GroundedQuestion:
    """What the symbolic reader needs: ``plan()`` turns it into a ``ReadPlan``."""

    question: TemporalQuestion
    entities: tuple[GroundedEntity, ...]
    relation: str | None
    relation_candidates: tuple[RelationMatch, ...]
    answer_role: AnswerRole
    anchors: tuple[GroundedAnchor, ...] = ()
    constraint: TemporalConstraint | None = None
    also: tuple[TemporalConstraint, ...] = ()
    order: Order = Order.SUPPORT
    position: int = 1
    time_granularity: Granularity = Granularity.DAY
    exclude: frozenset[str] = field(default_factory=frozenset)
    rewritten: str | None = None
    unlinked: tuple[Mention, ...] = ()

    @property
    def complete(self) -> bool:
        """Every main mention linked (at least one entity), the relation matched, every anchor resolved."""
        return (
            bool(self.entities)
            and not self.unlinked
            and self.relation is not None
            and all(a.resolved for a in self.anchors)
        )

    def fixed(self, role: AnswerRole) -> str | None:
        """The entity key fixed in ``role`` (the best-linked one when several mentions have that role)."""
        return next((e.key for e in self.entities if e.role is role), None)

    def plan(self, relation: str | None = None) -> ReadPlan:
        return ReadPlan(
            role=self.answer_role,
            order=self.order,
            constraint=self.constraint,
            subject=self.fixed(AnswerRole.SUBJECT),
            object=self.fixed(AnswerRole.OBJECT),
            relation=relation if relation is not None else self.relation,
            time_granularity=self.time_granularity,
            exclude=self.exclude,
            also=self.also,
            position=self.position,
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "entities": [e.as_dict() for e in self.entities],
            "unlinked": [m.text for m in self.unlinked],
            "relation": self.relation,
            "relation_candidates": [
                {"relation": r.relation, "score": round(r.score, 3)} for r in self.relation_candidates[:3]
            ],
            "answer_role": self.answer_role.value,
            "anchors": [a.as_dict() for a in self.anchors],
            "constraint": self.constraint.describe() if self.constraint else None,
            "also": [c.describe() for c in self.also],
            "order": self.order.value,
            "position": self.position,
            "time_granularity": self.time_granularity.value,
            "exclude": sorted(self.exclude),
            "rewritten": self.rewritten,
            "complete": self.complete,
        }


# ------------------------------------------------------------------------------------------- pure syntax
def verb_position(text: str, relation_phrase: str, blocked: Sequence[tuple[int, int]] = ()) -> int | None:
    """Where the clause's verb (the first word of its relation phrase) is, outside ``blocked`` spans (mentions,
    anchors); None when the phrase is empty or not found."""
    words = re.findall(r"[\w'’-]+", relation_phrase)
    if not words:
        return None
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(words[0])}(?![\w'’-])", re.IGNORECASE)
    for m in pattern.finditer(text):
        if not any(a <= m.start() < b for a, b in blocked):
            return m.start()
    return None


def is_passive(text: str, verb_start: int) -> bool:
    """ "was rejected", "were first criticized": a form of *be* (and adverbs) right before the verb; or an inverted
    *be* with a participle and an agent: "When was Wan Azizah last praised by X" (but not "Who was the first to
    host a visit by X", where "to" marks an infinitive)."""
    before = text[:verb_start]
    if _PASSIVE_BEFORE_VERB.search(before):
        return True
    be = list(re.finditer(rf"\b{_BE}\b", before, re.IGNORECASE))
    if not be or re.search(r"\b(?:to|did|does|do)\b", before[be[-1].end() :], re.IGNORECASE):
        return False
    verb = re.match(r"[\w'’-]+", text[verb_start:])
    participle = verb is not None and verb.group().lower().endswith(("ed", "en", "wn", "ught", "id", "ld", "nt"))
    return participle and re.search(r"\bby\b", text[verb_start:], re.IGNORECASE) is not None


def syntactic_role(text: str, mention: Mention, verb_start: int | None, *, passive: bool = False) -> AnswerRole:
    """The role of ``mention`` in the clause whose verb starts at ``verb_start`` (see the module docstring)."""
    if verb_start is None:
        return AnswerRole.OBJECT if not _AUX_INVERSION.match(text) else AnswerRole.SUBJECT
    if mention.start < verb_start:
        return AnswerRole.OBJECT if passive else AnswerRole.SUBJECT
    if passive and re.search(r"\bby\s+(?:the\s+)?$", text[: mention.start], re.IGNORECASE):
        return AnswerRole.SUBJECT
    return AnswerRole.OBJECT


def wh_answer_role(text: str, passive: bool) -> AnswerRole:
    """The answer's role from the question word alone: "Whom did X ..." or a passive -> OBJECT, else SUBJECT."""
    if _AUX_INVERSION.match(text) or passive:
        return AnswerRole.OBJECT
    return AnswerRole.SUBJECT


def answer_role_of(tq: TemporalQuestion, roles: Sequence[AnswerRole], passive: bool, text: str) -> AnswerRole:
    """TIME for "when/in which month" questions; otherwise the role no entity takes (syntax decides a tie)."""
    if tq.answer_type.kind is AnswerKind.TIME:
        return AnswerRole.TIME
    has_s, has_o = AnswerRole.SUBJECT in roles, AnswerRole.OBJECT in roles
    if has_s and not has_o:
        return AnswerRole.OBJECT
    if has_o and not has_s:
        return AnswerRole.SUBJECT
    return wh_answer_role(text, passive)


def swap(role: AnswerRole) -> AnswerRole:
    return {AnswerRole.SUBJECT: AnswerRole.OBJECT, AnswerRole.OBJECT: AnswerRole.SUBJECT}.get(role, role)


def explicit_constraint(t: TimeExpression) -> TemporalConstraint | None:
    """An explicit time as a constraint at its own granularity; None when it is not on the calendar."""
    span = t.span
    if span is None:
        return None
    if t.signal is Signal.BEFORE:
        return TemporalConstraint(TemporalRelation.BEFORE, span)
    if t.signal is Signal.AFTER:
        return TemporalConstraint(TemporalRelation.AFTER, span)
    if t.signal is Signal.START:
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(span.start, None, span.granularity))
    if t.signal is Signal.FINISH:
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(None, span.end, span.granularity))
    return TemporalConstraint(TemporalRelation.DURING, span)


def anchor_constraint(relation: AnchorRelation, event_key: str, span: TimeSpan) -> TemporalConstraint:
    """The constraint an anchor event puts on the question's facts."""
    if relation is AnchorRelation.BEFORE:
        return TemporalConstraint.relative_to(TemporalRelation.BEFORE, event_key, span)
    if relation is AnchorRelation.AFTER:
        return TemporalConstraint.relative_to(TemporalRelation.AFTER, event_key, span)
    if relation is AnchorRelation.START:
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(span.start, None, span.granularity), event_key)
    if relation is AnchorRelation.FINISH:
        end = span.start if span.start is not None else span.end
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(None, end, span.granularity), event_key)
    return TemporalConstraint.relative_to(TemporalRelation.DURING, event_key, span, relation.granularity)


def order_of(tq: TemporalQuestion, constraint: TemporalConstraint | None) -> tuple[Order, int]:
    """FIRST/LAST for an ordinal (with its position), NEAREST for a before/after bound, else SUPPORT."""
    o = tq.ordinal
    if o is not None:
        return (Order.LAST if o.from_end else Order.FIRST), abs(o.position)
    if constraint is not None and constraint.relation in (TemporalRelation.BEFORE, TemporalRelation.AFTER):
        return Order.NEAREST, 1
    return Order.SUPPORT, 1


# People's words for CAMEO event types (how ICEWS names relations), tried beside the phrase as said: the relation
# matcher compares meanings, but "condemned" and "Criticize_or_denounce" or "hold talks" and "Consult" are far apart
# for a small sentence embedder. First match wins; the phrase as said is always tried too.
_CAMEO_WORDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.IGNORECASE), canonical)
    for p, canonical in [
        (r"\b(?:call|appeal|ask|urg|request)\w*\s+for\s+diplomatic", "appeal for diplomatic cooperation"),
        (
            r"\bdiplomatic\w*\s+(?:cooperat|support)\w*|\bcooperat\w*\s+diplomatically",
            "engage in diplomatic cooperation",
        ),
        (r"\b(?:condemn|denounc|censur|slam|blast|rebuk|critici[sz]|lambast|castigat)\w*", "criticize or denounce"),
        (r"\bblam\w*|\baccus\w*", "accuse"),
        (r"\boptimis\w*|\bpositive\s+(?:remarks?|comments?)", "make optimistic comment"),
        (r"\bpessimis\w*|\bnegative\s+(?:remarks?|comments?)", "make pessimistic comment"),
        (
            r"\b(?:phon|telephon)\w*|\bcall(?:s|ed)?\b(?!\s+(?:on|for|upon))|\bspo(?:ke|ken)\s+by\s+phone",
            "discuss by telephone",
        ),
        (r"\b(?:sue[sd]?|suing|lawsuit)\b", "bring lawsuit against"),
        (r"\b(?:sign\w*)\b.*\b(?:agreement|deal|accord|treaty|pact)s?\b", "sign formal agreement"),
        (
            r"\b(?:hold|held|holding)\s+talks|\btalk(?:s|ed)?\s+(?:with|to)|\bconfer\w*|\bme(?:e)?t(?:s|ing)?\s+with",
            "consult",
        ),
        (r"\bnegotiat\w*", "engage in negotiation"),
        (r"\b(?:welcom|host)\w*|\breceiv\w*\b.*\bvisit", "host a visit"),
        (r"\b(?:visit|tour)\w*|\btravel\w*\s+to|\b(?:go|went|goes)\s+to", "make a visit"),
        (
            r"\b(?:request|ask|urg|plead|beg)\w*|\bappeal\w*\b(?!\s+for)|\bcall\w*\s+(?:on|upon)",
            "make an appeal or request",
        ),
        (r"\b(?:support|endors|commend|laud|hail|applaud|prais|compliment)\w*", "praise or endorse"),
        (r"\b(?:declin|refus|rebuff|reject|dismiss)\w*|\bturn\w*\s+down", "reject"),
        (r"\b(?:attack|bomb|shell|invad|strik|struck|fought|fight)\w*", "use conventional military force"),
        (r"\b(?:arrest|detain|jail|imprison|charg|apprehend)\w*", "arrest, detain, or charge with legal action"),
        (r"\b(?:probe|investigat|look\w*\s+into)\w*", "investigate"),
        (r"\b(?:threat|warn)\w*", "threaten"),
        (r"\b(?:cooperat|collaborat|partner)\w*|\bwork\w*\s+(?:with|together)", "cooperate"),
        (r"\bdemand\w*", "demand"),
        (r"\b(?:releas|free[sd]?\b)\w*", "release persons or property"),
        (r"\bsympath\w*|\bcondolen\w*|\bempath\w*", "make empathetic comment"),
    ]
]
_CANONICAL = frozenset([*(c for _, c in _CAMEO_WORDS), "meet or negotiate"])
_MEETING = frozenset({"make a visit", "consult", "engage in negotiation", "discuss by telephone"})
_INTENT = re.compile(
    r"^(?:(?:would|will|did|does)\s+)?(?:want(?:s|ed)?|wish(?:es|ed)?|like[sd]?|intend(?:s|ed)?|plan(?:s|ned)?|"
    r"hope[sd]?|seek(?:s)?|sought|aim(?:s|ed)?|(?:express(?:es|ed)?|announc(?:es|ed)|show(?:s|ed)?|stat(?:es|ed)|"
    r"declar(?:es|ed)|signal(?:s|ed|led)?)\s+(?:its|their|his|her|an?|the)?\s*(?:intentions?|interest|desire|wish|"
    r"willingness|readiness|intent)(?:\s+(?:to|in|for))?)\s+(?:to\s+)?",
    re.IGNORECASE,
)


def stated_intent(phrase: str) -> bool:
    """ "wanted to", "expressed its intention to", "would wish to": the question asks about an intent, so ICEWS's
    ``Express_intent_to_*`` relations are preferred (``INTENT_BONUS``)."""
    m = _INTENT.match(" ".join(phrase.split()))
    return m is not None and m.end() < len(phrase.strip())


_LEADING_QUESTION = re.compile(
    r"^(?:(?:during|in|on|at|for|by|from|until|since|to|with)\s+)?(?:what|which|whose|whom|who)\b(?:\s+[\w-]+)??"
    r"\s+(?:did|does|do|was|were|is|are|has|have|had|would|will|could|can)\s+|^(?:did|does|do)\s+",
    re.IGNORECASE,
)


def clean_relation_phrase(phrase: str) -> str:
    """The relation phrase without a question opening the parser left in ("During which month did arrest" ->
    "arrest")."""
    return _LEADING_QUESTION.sub("", phrase).strip()


def relation_phrases(phrase: str) -> list[str]:
    """The phrase as said, then CAMEO-style paraphrases: "wanted to negotiate with" -> "express intent to engage in
    negotiation"; "condemned" -> "criticize or denounce"; "held talks with" -> "consult"."""
    phrase = " ".join(phrase.split())
    out = [phrase]
    m = _INTENT.match(phrase)
    rest = phrase[m.end() :] if m and m.end() < len(phrase) else phrase
    action = next((canonical for pattern, canonical in _CAMEO_WORDS if pattern.search(rest)), None)
    if m and m.end() < len(phrase):  # the question is about the intent, not the act: no bare action form
        out.append(f"express intent to {rest}")
        if action in _MEETING:
            action = "meet or negotiate"  # CAMEO 036 covers the intent to visit, meet, talk or negotiate
        if action:
            out.append(f"express intent to {action}")
    elif action:
        out.append(action)
    return list(dict.fromkeys(p for p in out if p))


def is_canonical(phrase: str) -> bool:
    """A paraphrase built from a CAMEO event name (as trusted as the phrase as said), not a composed one."""
    return phrase in _CANONICAL or phrase.removeprefix("express intent to ") in _CANONICAL


_PARENTHETICAL = re.compile(r"\s*\([^()]{1,60}\)")
_CAPITALISED_BEFORE = re.compile(r"\b[A-Z][a-z]+\s+$")


def with_parentheticals(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """``mentions`` plus each name extended over the parenthesised qualifiers that follow it and over a capitalised
    word right before it: ICEWS names such as "Member of Legislative (Govt) (Oman)", "Government (Palestinian
    Territory, Occupied)", "Other Authorities / Officials (Egypt)" or "Your Party" are cut by the mention finder at a
    qualifier, a comma or a function word. The longer readings compete in ``select_links``."""
    out = list(mentions)
    for m in mentions:
        if m.kind not in (MentionKind.NAME, MentionKind.QUOTED):
            continue
        starts = [m.start]
        before = _CAPITALISED_BEFORE.search(text, 0, m.start)
        if before is not None and text[: before.start()].strip():  # not the question's first word ("Who", "In")
            starts.append(before.start())
        for start in starts:
            end = m.end
            if start != m.start:
                out.append(Mention(text[start:end], start, end, MentionKind.NAME))
            for _ in range(2):
                p = _PARENTHETICAL.match(text, end)
                if p is None:
                    break
                end = p.end()
                out.append(Mention(text[start:end], start, end, MentionKind.NAME))
    return list(dict.fromkeys(out))


def _overlaps(a: Mention, b: Mention) -> bool:
    return a.start < b.end and b.start < a.end


def select_links(
    mentions: Sequence[Mention], links: Sequence[Sequence[EntityLink]]
) -> list[tuple[Mention, EntityLink | None]]:
    """One reading of overlapping mentions: exact links first, then longer spans, then better scores; CHUNK
    mentions (lower-case fallback) only where nothing better covers them. Mentions left without a link above
    ``LINK_MIN_SCORE`` come back with None."""

    def rank(i: int) -> tuple[int, int, int, int, float]:
        m, best = mentions[i], (links[i][0] if links[i] else None)
        score = best.score if best is not None else 0.0
        return (
            0 if score >= LINK_MIN_SCORE else 1,
            0 if score >= 2.0 else 1,  # exact name or alias
            1 if m.kind is MentionKind.CHUNK else 0,
            -(m.end - m.start),
            -score,
        )

    chosen: list[int] = []
    for i in sorted(range(len(mentions)), key=rank):
        if any(_overlaps(mentions[i], mentions[j]) for j in chosen):
            continue
        chosen.append(i)
    out = []
    for i in sorted(chosen, key=lambda i: mentions[i].start):
        best = links[i][0] if links[i] else None
        if best is not None and best.score < LINK_MIN_SCORE:
            best = None
        if best is None and mentions[i].kind is MentionKind.CHUNK:
            continue  # an unlinkable run of lower-case words is no entity
        out.append((mentions[i], best))
    return out


# ------------------------------------------------------------------------------------------- clause grounding
@dataclass(frozen=True)
class _Clause:
    entities: tuple[GroundedEntity, ...]
    relation: str | None
    candidates: tuple[RelationMatch, ...]
    passive: bool
    unlinked: tuple[Mention, ...]


class Grounder:
    """Grounds questions against one graph through a ``GraphLinker`` and bounded reads."""

    def __init__(self, store: Store, embedder: Embedder, linker: GraphLinker | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.linker = linker or GraphLinker(store, embedder)
        self._relation_cache: dict[tuple[int, str], tuple[RelationMatch, ...]] = {}

    # -- public ---------------------------------------------------------------------------------------------
    def ground(self, question: str | TemporalQuestion) -> GroundedQuestion:
        tq = understand(question) if isinstance(question, str) else question
        anchor_spans = [(a.constraint_start, a.end) for a in tq.anchors]
        main_mentions = with_parentheticals(tq.text, tq.main_mentions())
        main = self._clause(tq.text, main_mentions, clean_relation_phrase(tq.relation_phrase), blocked=anchor_spans)
        answer_role = answer_role_of(tq, [e.role for e in main.entities], main.passive, _main_text(tq))
        anchors = tuple(self._anchor(tq.text, a, main, answer_role) for a in tq.anchors)
        # An anchor that repeats the question's relation ("after X did") fixes it where the match was unsure.
        relation = next(
            (ga.relation for ga in anchors if ga.how in (_ELLIPTICAL, _ENTITY_ANCHOR) and ga.relation),
            main.relation,
        )

        constraints: list[TemporalConstraint] = []
        for ga in anchors:
            if ga.event is not None:
                constraints.append(anchor_constraint(ga.anchor.relation, ga.event.key, ga.event.span))
        constraints.extend(c for t in tq.times if (c := explicit_constraint(t)) is not None)
        constraint = constraints[0] if constraints else None
        order, position = order_of(tq, constraint)

        # The anchor's entity in the answer's role is the one the question contrasts the answer with ("who else",
        # "after X did, who first ...").
        exclude = {ga.answer_role_entity for ga in anchors if ga.answer_role_entity}

        rewritten = None
        if anchors and anchors[0].event is not None:
            try:
                rewritten = rewrite(tq, anchors[0].event.span)
            except QuestionError:
                rewritten = None
        gran = tq.answer_type.granularity or Granularity.DAY
        return GroundedQuestion(
            question=tq,
            entities=main.entities,
            relation=relation,
            relation_candidates=main.candidates,
            answer_role=answer_role,
            anchors=anchors,
            constraint=constraint,
            also=tuple(constraints[1:]),
            order=order,
            position=position,
            time_granularity=gran,
            exclude=frozenset(exclude),
            rewritten=rewritten,
            unlinked=main.unlinked,
        )

    def facts(
        self,
        subject: str | None,
        object: str | None,
        relations: Sequence[str] | None,
        constraint: TemporalConstraint | None = None,
        *,
        newest_first: bool = False,
        limit: int = 5000,
    ) -> list[Evidence]:
        """Events around a fixed subject and/or object (bounded; see ``queries.reading``)."""
        params: dict[str, Any] = {
            "relations": list(relations) if relations else None,
            "newest_first": newest_first,
            "limit": limit,
            **constraint_params(constraint),
        }
        if subject and object:
            rows = self.store.run(qr.FACTS_BY_PAIR, {**params, "subject": subject, "object": object})
        elif subject:
            rows = self.store.run(qr.FACTS_BY_SUBJECT, {**params, "subject": subject})
        elif object:
            rows = self.store.run(qr.FACTS_BY_OBJECT, {**params, "object": object})
        else:
            return []
        return [evidence_from_row(r) for r in rows]

    # -- clauses --------------------------------------------------------------------------------------------
    def _clause(
        self, text: str, mentions: Sequence[Mention], relation_phrase: str, blocked: Sequence[tuple[int, int]] = ()
    ) -> _Clause:
        links = self.linker.link_entities(mentions, k=3)
        picked = select_links(mentions, links)
        linked = [(m, lk) for m, lk in picked if lk is not None]
        unlinked = tuple(m for m, lk in picked if lk is None)
        verb = verb_position(text, relation_phrase, [*blocked, *((m.start, m.end) for m, _ in picked)])
        passive = verb is not None and is_passive(text, verb)
        roles = [syntactic_role(text, m, verb, passive=passive) for m, _ in linked]
        candidates = self._relation_candidates(relation_phrase) if relation_phrase else ()
        relation, swapped = self._choose(candidates, [lk.key for _, lk in linked], roles)
        entities = tuple(
            GroundedEntity(
                m,
                lk.key,
                lk.name,
                lk.score,
                swap(r) if swapped else r,
                "graph" if swapped else "syntax",
            )
            for (m, lk), r in zip(linked, roles, strict=True)
        )
        return _Clause(entities, relation, candidates, passive, unlinked)

    def _relation_candidates(self, phrase: str) -> tuple[RelationMatch, ...]:
        """Candidates for the phrase as said and for its CAMEO paraphrases (``relation_phrases``; their scores
        discounted, so a phrase that already names a relation keeps it), best score per relation first."""
        cache_key = (self.linker.graph_version(), phrase)  # an ingest changes the version: a new key
        cached = self._relation_cache.get(cache_key)
        if cached is not None:
            return cached
        best: dict[str, RelationMatch] = {}
        intent = stated_intent(phrase)
        for i, p in enumerate(relation_phrases(phrase)):
            for m in self.linker.link_relation(p, k=RELATION_CANDIDATES):
                weight = 1.0 if i == 0 or is_canonical(p) else PARAPHRASE_DISCOUNT
                bonus = INTENT_BONUS if intent and humanise(m.relation).startswith("express intent") else 0.0
                m = replace(m, score=m.score * weight + bonus)
                if m.relation not in best or m.score > best[m.relation].score:
                    best[m.relation] = m
        out = tuple(sorted(best.values(), key=lambda m: (-m.score, m.relation))[:RELATION_CANDIDATES])
        if len(self._relation_cache) >= 4096:
            self._relation_cache.clear()
        self._relation_cache[cache_key] = out
        return out

    def _choose(
        self, candidates: Sequence[RelationMatch], keys: Sequence[str], roles: Sequence[AnswerRole]
    ) -> tuple[str | None, bool]:
        """The relation, and whether the syntactic roles must be swapped, from graph counts (module docstring)."""
        if not candidates:
            return None, False
        best = candidates[0]
        if not keys:
            return best.relation, False
        tiers = [
            [c.relation for c in candidates if c.score >= best.score - RELATION_MARGIN],
            [c.relation for c in candidates if best.score - RELATION_MARGIN > c.score >= best.score - WIDE_MARGIN],
        ]
        support = self._support(keys, roles, [r for tier in tiers for r in tier])
        for tier in tiers:
            for rel in tier:
                as_said, swapped = support.get(rel, (0, 0))
                if as_said > 0:
                    return rel, False
                if swapped > 0:
                    return rel, True
        return best.relation, False

    def _support(
        self, keys: Sequence[str], roles: Sequence[AnswerRole], relations: Sequence[str]
    ) -> dict[str, tuple[int, int]]:
        """Per relation: events with the entities in their roles as said, and with the roles swapped."""
        subj = [k for k, r in zip(keys, roles, strict=True) if r is AnswerRole.SUBJECT]
        obj = [k for k, r in zip(keys, roles, strict=True) if r is AnswerRole.OBJECT]
        if len(subj) == 1 and len(obj) == 1:
            as_said = {
                r["relation"]: r["n"]
                for r in self.store.run(
                    ql.PAIR_COUNTS, {"subject": subj[0], "object": obj[0], "relations": list(relations)}
                )
            }
            swapped = {
                r["relation"]: r["n"]
                for r in self.store.run(
                    ql.PAIR_COUNTS, {"subject": obj[0], "object": subj[0], "relations": list(relations)}
                )
            }
            return {rel: (as_said.get(rel, 0), swapped.get(rel, 0)) for rel in relations}
        counts: dict[tuple[str, str, str], int] = {}
        for row in self.store.run(ql.ROLE_COUNTS, {"keys": list(dict.fromkeys(keys)), "relations": list(relations)}):
            counts[(row["key"], row["relation"], row["role"])] = int(row["n"])
        out: dict[str, tuple[int, int]] = {}
        for rel in relations:
            said = min(counts.get((k, rel, r.value), 0) for k, r in zip(keys, roles, strict=True))
            sw = min(counts.get((k, rel, swap(r).value), 0) for k, r in zip(keys, roles, strict=True))
            out[rel] = (said, sw)
        return out

    # -- anchors --------------------------------------------------------------------------------------------
    def _anchor(self, text: str, anchor: Anchor, main: _Clause, answer_role: AnswerRole) -> GroundedAnchor:
        if not anchor.text.strip():
            return GroundedAnchor(anchor, 'unresolved: the anchor names no event ("in the same year" alone)')
        if anchor.elliptical or _names_one_entity(anchor) or self._links_whole(anchor):
            return self._entity_anchor(text, anchor, main, answer_role)
        return self._clause_anchor(anchor, main, answer_role)

    def _entity_anchor(self, text: str, anchor: Anchor, main: _Clause, answer_role: AnswerRole) -> GroundedAnchor:
        """ "after X did" / "After X, who ...": the question's relation with X in the answer's role."""
        how = _ELLIPTICAL if anchor.elliptical else _ENTITY_ANCHOR
        mentions = [_whole(anchor), *with_parentheticals(text, list(anchor.mentions))]
        picked = [(m, lk) for m, lk in select_links(mentions, self.linker.link_entities(mentions, k=3)) if lk]
        if not picked:
            return GroundedAnchor(anchor, f"unresolved: no entity found for {anchor.text!r}")
        m, lk = picked[0]
        role = answer_role
        fixed = {e.role: e.key for e in main.entities}
        if role is AnswerRole.TIME:
            free = [r for r in (AnswerRole.SUBJECT, AnswerRole.OBJECT) if r not in fixed]
            if not free:
                return GroundedAnchor(anchor, "unresolved: both roles of the relation are already taken")
            role = free[0]
        fixed[role] = lk.key
        subject, object_ = fixed.get(AnswerRole.SUBJECT), fixed.get(AnswerRole.OBJECT)
        entity = GroundedEntity(m, lk.key, lk.name, lk.score, role)
        # The anchor event has the question's relation: try the chosen one, then the other close candidates (the
        # anchor's events are evidence for the relation too: "after X did" must have happened).
        tried: list[str | None] = [main.relation]
        if main.candidates:
            best = main.candidates[0].score
            tried += [c.relation for c in main.candidates[:4] if c.score >= best - WIDE_MARGIN]
        for relation in dict.fromkeys(tried):
            events = self.facts(subject, object_, [relation] if relation else None, limit=ANCHOR_EVENT_LIMIT)
            if events:
                return GroundedAnchor(
                    anchor, how, relation, subject, object_, (entity,), tuple(events), answer_role_entity=lk.key
                )
        why = f"unresolved: no {main.relation} event with {lk.name} as {role.value}"
        # still the entity the question contrasts the answer with ("after X did": X is not the answer)
        return GroundedAnchor(anchor, why, entities=(entity,), answer_role_entity=lk.key)

    def _links_whole(self, anchor: Anchor) -> bool:
        """Whether the whole anchor text is one entity's exact name ("Other Authorities / Officials (X)")."""
        links = self.linker.link_entities([_whole(anchor)], k=1)[0]
        return bool(links) and links[0].score >= 2.0

    def _clause_anchor(self, anchor: Anchor, main: _Clause, answer_role: AnswerRole) -> GroundedAnchor:
        """ "before X visited Y": a clause with its own relation and roles."""
        try:
            sub = understand(anchor.text)
        except QuestionError:
            return GroundedAnchor(anchor, f"unresolved: cannot parse {anchor.text!r}")
        phrase = clean_relation_phrase(sub.relation_phrase)
        clause = self._clause(sub.text, with_parentheticals(sub.text, sub.mentions), phrase)
        if not clause.entities:
            return GroundedAnchor(anchor, f"unresolved: no entity linked in {anchor.text!r}")
        relation = clause.relation or main.relation
        subject = next((e.key for e in clause.entities if e.role is AnswerRole.SUBJECT), None)
        object_ = next((e.key for e in clause.entities if e.role is AnswerRole.OBJECT), None)
        events = self.facts(subject, object_, [relation] if relation else None, limit=ANCHOR_EVENT_LIMIT)
        if not events and main.relation and main.relation != relation:
            relation = main.relation
            events = self.facts(subject, object_, [relation], limit=ANCHOR_EVENT_LIMIT)
        answer_entity = None
        if answer_role is not AnswerRole.TIME:
            answer_entity = next((e.key for e in clause.entities if e.role is answer_role), None)
        if not events:
            return self._similar(anchor, clause.entities[0], f"unresolved: no event for {anchor.text!r}")
        return GroundedAnchor(
            anchor, "clause", relation, subject, object_, clause.entities, tuple(events), answer_entity
        )

    def _similar(self, anchor: Anchor, entity: GroundedEntity, why: str) -> GroundedAnchor:
        """Last resort for a clause whose relation has no event: the entity's event most similar to the anchor text
        (bounded by the entity's degree), if similar enough."""
        qvec = self.embedder.encode([anchor.text])[0].tolist()
        rows = self.store.run(qr.ENTITY_EVENTS_BY_SIMILARITY, {"entity": entity.key, "qvec": qvec, "limit": 1})
        if not rows or float(rows[0]["score"]) < SIMILAR_ANCHOR_MIN:
            return GroundedAnchor(anchor, why, entities=(entity,))
        ev = evidence_from_row(rows[0])
        return GroundedAnchor(
            anchor, "similarity", ev.relation, ev.subject, ev.object, (entity,), (ev,), answer_role_entity=None
        )


def _main_text(tq: TemporalQuestion) -> str:
    """The question with its anchors cut out, so "Before X did Y, whom did ..." reads as "whom did ..."."""
    text = tq.text
    for a in sorted(tq.anchors, key=lambda a: -a.trigger_start):
        end = a.end
        while end < len(text) and text[end] in " ,":
            end += 1
        text = text[: a.trigger_start] + text[end:]
    return text


def _whole(anchor: Anchor) -> Mention:
    return Mention(anchor.text, anchor.start, anchor.end, MentionKind.NAME)


def _names_one_entity(anchor: Anchor) -> bool:
    """An anchor that is one name: "Okada Katsuya", "the Kuomintang", "the head of government of X"."""
    if not anchor.mentions:
        return True
    covered = sorted((m.start, m.end) for m in anchor.mentions)
    rest = anchor.text
    for a, b in reversed(covered):
        rest = rest[: a - anchor.start] + " " + rest[b - anchor.start :]
    leftover = [w for w in re.findall(r"[\w'’-]+", rest.lower()) if w not in {"the", "a", "an", "of", "s"}]
    return not leftover


def _same_period(anchor: Anchor) -> bool:
    return anchor.relation is AnchorRelation.DURING


def with_relation(g: GroundedQuestion, relation: str | None) -> GroundedQuestion:
    """The same grounding with another relation (the reader's fallback to the next relation candidate)."""
    return replace(g, relation=relation)
