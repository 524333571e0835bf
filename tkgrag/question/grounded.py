"""The grounded question: linked entities in their roles, the relation with its candidates, anchors resolved (or
not) to events, the temporal constraint and the rewrite. Types only: ``grounding.Grounder`` builds them against the
graph, and readers consume them without importing the grounder."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tkgrag.model import AnswerRole, Evidence, Order, ReadPlan, TemporalConstraint
from tkgrag.question.model import Anchor, Mention, TemporalQuestion
from tkgrag.question.relations import RelationMatch
from tkgrag.temporal import Granularity

RELATION_MARGIN = 0.12  # relation candidates this close to the best may win on graph evidence


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


def other_actor_differs(
    answer_role: AnswerRole, subject: str | None, object_: str | None, entities: Iterable[GroundedEntity]
) -> bool:
    """Whether an anchor event's actor in the role other than ``answer_role`` is not among the question's own actors
    in that role: "Just before A made a statement about Iran, who was the last party B made a statement about?" (A is
    not B), so B's act is no repeat of A's and the anchor's actor in the answer's role (Iran) may be the answer. The
    grounder then contrasts nothing and the reader's guard withholds nothing; both ask this one question."""
    other = AnswerRole.OBJECT if answer_role is AnswerRole.SUBJECT else AnswerRole.SUBJECT
    anchor_other = object_ if answer_role is AnswerRole.SUBJECT else subject
    own = {e.key for e in entities if e.role is other}
    return anchor_other is not None and bool(own) and anchor_other not in own


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
    # events that fit an anchor the question names by its actor alone, in more than one period: which one is meant is
    # unsaid, so none is the anchor event ("Following X, who next ...", X having done it on several days)
    ambiguous: tuple[Evidence, ...] = ()

    @property
    def event(self) -> Evidence | None:
        return self.events[0] if self.events else None

    @property
    def resolved(self) -> bool:
        return self.event is not None

    @property
    def understood(self) -> bool:
        """The anchor read from the question as (actor(s), relation), whether or not the graph holds its event."""
        return bool(self.entities) and self.relation is not None and (self.subject or self.object) is not None

    def unsaid(self, names: dict[str, str]) -> str:
        """Why an ambiguous anchor has no event: "Head of Government (Nigeria) Consult Barack Obama on 2 dates
        (2014-05-05, 2015-07-21): which one the anchor "Following X" means is unsaid"."""
        said = f"{self.anchor.trigger} {self.anchor.text}".strip()
        days = sorted({e.span.label() for e in self.ambiguous})
        shown = ", ".join(days[:3]) + (", ..." if len(days) > 3 else "")
        return f'{self.describe(names)} on {len(days)} dates ({shown}): which one the anchor "{said}" means is unsaid'

    def describe(self, names: dict[str, str]) -> str:
        """The anchor event as understood: "Industry (India) Express_intent_to_cooperate Japan" (``names``: key ->
        name; a role left open shows as "?")."""

        def name(key: str | None) -> str:
            return "?" if key is None else names.get(key, key.replace("_", " "))

        return f"{name(self.subject)} {self.relation or '?'} {name(self.object)}"

    def as_dict(self) -> dict[str, Any]:
        ev = self.event
        return {
            "text": self.anchor.text,
            "trigger": self.anchor.trigger,
            "relation": self.anchor.relation.value,
            "how": self.how,
            "understood": self.understood,
            "graph_relation": self.relation,
            "subject": self.subject,
            "object": self.object,
            "event": None if ev is None else {"key": ev.key, "text": ev.text, "time": ev.span.label()},
            "events": len(self.events),
            "ambiguous": len(self.ambiguous),
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
    later: frozenset[str] = field(default_factory=frozenset)  # answered after all others (``ReadPlan.later``)
    rewritten: str | None = None
    unlinked: tuple[Mention, ...] = ()
    relation_phrase: str = ""  # the phrase the relation was matched to (a title a mention swallowed included)
    # relations the question's words name equally ("took legal action": an arrest or a lawsuit); the reader answers
    # only where they agree (``relation_phrases.either_acts``)
    either: tuple[str, ...] = ()
    timings_ms: dict[str, float] = field(default_factory=dict, compare=False)  # parse, link, relation, roles, anchors

    @property
    def complete(self) -> bool:
        """Every main mention linked (at least one entity), the relation matched, every anchor resolved."""
        return (
            bool(self.entities)
            and not self.unlinked
            and self.relation is not None
            and all(a.resolved for a in self.anchors)
        )

    @property
    def understood(self) -> bool:
        """Parse completeness (issue 17): entities, relation, constraint and anchors understood from the question,
        whether or not the graph holds the anchor event. Every main mention linked, a relation matched, every explicit
        time placed on the calendar, every anchor read as (linked actor(s), relation). ``complete`` adds that every
        anchor event is in the graph."""
        return (
            bool(self.entities)
            and not self.unlinked
            and self.relation is not None
            and all(t.span is not None for t in self.question.times)
            and all(a.understood for a in self.anchors)
        )

    def names(self) -> dict[str, str]:
        """Entity key -> name for every linked entity, the anchors' included."""
        out = {e.key: e.name for ga in self.anchors for e in ga.entities}
        out.update({e.key: e.name for e in self.entities})
        return out

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
            later=self.later,
            also=self.also,
            position=self.position,
        )

    def explain(self, runners_up: int = 3) -> list[str]:
        """Why the reader reads what it reads, one line per step: each linked mention (text span -> entity, score,
        role), the relation chosen with its runners-up and their scores, the temporal constraint, every anchor and
        how it was resolved, and the temporal order."""
        text = self.question.text
        lines = []
        for e in self.entities:
            m = e.mention
            swapped = ", roles swapped by the graph" if e.role_source == "graph" else ""
            lines.append(
                f'mention "{text[m.start : m.end]}" [{m.start}:{m.end}] -> {e.name} '
                f"(key {e.key}, score {e.score:.2f}, {e.role.value}{swapped})"
            )
        for m in self.unlinked:
            lines.append(f'mention "{m.text}" [{m.start}:{m.end}] -> not linked (no entity above the link threshold)')
        phrase = self.relation_phrase or self.question.relation_phrase or "-"
        if self.relation is None:
            lines.append(f'relation: none matched (relation phrase "{phrase}")')
        else:
            best = next((c for c in self.relation_candidates if c.relation == self.relation), None)
            score = f" {best.score:.3f} (semantic {best.semantic:.3f}, lexical {best.lexical:.3f})" if best else ""
            lines.append(f'relation: {self.relation}{score} from "{phrase}"')
            others = [c for c in self.relation_candidates if c.relation != self.relation][:runners_up]
            if others:
                lines.append("  runners-up: " + "; ".join(f"{c.relation} {c.score:.3f}" for c in others))
        lines.append(
            f"answer: {self.answer_role.value}"
            + (f" at {self.time_granularity.value} granularity" if self.answer_role is AnswerRole.TIME else "")
        )
        for t in self.question.times:
            placed = f"{t.span.label()} ({t.signal.value})" if t.span is not None else "not placed on the calendar"
            lines.append(f'time "{text[t.phrase_start : t.end]}" [{t.phrase_start}:{t.end}] -> {placed}')
        lines.append(f"constraint: {self.constraint.describe() if self.constraint else '-'}")
        lines.extend(f"  also: {c.describe()}" for c in self.also)
        names = self.names()
        for ga in self.anchors:
            ev = ga.event
            where = f"{ev.text} @ {ev.span.label()}" if ev is not None else "no such event in this graph"
            said = f"{ga.anchor.trigger} {ga.anchor.text}".strip()
            event = f"{ga.describe(names)}; " if ga.understood else ""
            lines.append(f'anchor "{said}" ({ga.anchor.relation.value}): {ga.how}; {event}-> {where}')
            for e in ga.entities:
                m = e.mention
                lines.append(
                    f'  anchor mention "{m.text}" [{m.start}:{m.end}] -> {e.name} '
                    f"(key {e.key}, score {e.score:.2f}, {e.role.value})"
                )
        order = self.order.value + (f" #{self.position}" if self.position > 1 else "")
        lines.append(f"order: {order}" + (f"; excluded: {', '.join(sorted(self.exclude))}" if self.exclude else ""))
        return lines

    def no_events(self) -> str:
        """What to say when the graph holds no event that fits: "no events of Togo (object) with relation Consult
        during 2005 in this graph", or which step failed (a mention not linked, no relation, an anchor without
        event)."""
        if not self.entities:
            said = ", ".join(f'"{m.text}"' for m in self.unlinked)
            return f"no entity of this graph matches {said}" if said else "no entity of this graph is named in it"
        if self.unlinked:
            return "not linked to an entity of this graph: " + ", ".join(f'"{m.text}"' for m in self.unlinked)
        unresolved = [ga for ga in self.anchors if not ga.resolved]
        if unresolved:
            ga = unresolved[0]
            said = f"{ga.anchor.trigger} {ga.anchor.text}".strip()
            if ga.ambiguous:
                return ga.unsaid(self.names())
            if ga.understood:
                return f'no event of {ga.describe(self.names())} in this graph (the anchor "{said}")'
            return f'no event in this graph for the anchor "{said}" ({ga.how})'
        who = " and ".join(f"{e.name} ({e.role.value})" for e in self.entities)
        rel = f" with relation {self.relation}" if self.relation else ""
        when = f" {self.constraint.describe()}" if self.constraint else ""
        return f"no events of {who}{rel}{when} in this graph"

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
            "later": sorted(self.later),
            "rewritten": self.rewritten,
            "understood": self.understood,
            "complete": self.complete,
        }
