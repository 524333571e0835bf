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

Titles (``titles``): a job title a mention swallowed ("CEO of Pied Piper") is taken out of it when a relation of the
graph holds it (``Serve_as_CEO_of``); the organisation is linked and the title joins the relation phrase, and only
relations whose name holds the title compete ("CEO" is not answered from ``is_CFO_of``).

Anchors (``Anchor``): a clause ("after X visited Y") is grounded like a question of its own; an elliptical clause
("after X did") and an anchor that is one entity's name ("After Okada Katsuya, who visited Cambodia first") mean, by
the MultiTQ convention, the question's own relation with that entity in the answer's role — and their events also
settle the question's relation where the match was unsure. A clause whose relation has no event falls back to the
anchor entity's most similar event (bounded retrieval, above ``SIMILAR_ANCHOR_MIN``). Of several anchor events of a
clause the earliest is used; a before/after anchor named by its actor alone ("Following X, who next ...") whose events
fall on several dates is left unresolved, since the question does not say which it means (the reader abstains).
The anchor's entity in the answer's role is excluded from the answers ("who else", "after X did").
A bare "in the same year" takes the main clause's second entity in an already-taken role as that entity ("Who hosted
the visit of X to Y in the same year?": Y hosted X). An anchor read as (actors, relation) is *understood* even when
the graph lacks its event (``GroundedQuestion.understood`` vs ``complete``).

Constraint: explicit time -> in-period / before / after at its own granularity ("since" / "until" are half-open
periods); anchor -> ``TemporalConstraint.relative_to`` BEFORE / AFTER / DURING (at the "same ..." granularity).
Anchor constraints come first; the rest are ``also`` constraints a fact must meet as well. A "within N days/weeks/
months" trigger bounds the distance from the anchor event: after/before it up to the window's far end
(``constraints.within_bound``), or, for "within a week of X", the days on both sides (``constraints.within_window``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.graph_reads import FactReads
from tkgrag.model import AnswerRole, Evidence, Order, TemporalConstraint, TemporalRelation
from tkgrag.queries import linking as ql
from tkgrag.question.constraints import (
    anchor_constraint,
    explicit_constraint,
    order_of,
    several_periods,
    stated_in,
    stated_times,
    trailing_time,
    within_bound,
    within_window,
)
from tkgrag.question.graph_linker import EXACT_SCORE, GraphLinker, GraphVersion
from tkgrag.question.grounded import (
    RELATION_MARGIN,
    GroundedAnchor,
    GroundedEntity,
    GroundedQuestion,
    other_actor_differs,
)
from tkgrag.question.lexicon import CONTRAST_WORDS, PRO_FORM
from tkgrag.question.link_selection import EXACT_NAME, select_links, with_parentheticals
from tkgrag.question.linking import EntityLink
from tkgrag.question.model import Anchor, AnchorRelation, AnswerKind, Mention, MentionKind, TemporalQuestion
from tkgrag.question.parse import QuestionError, names_an_event, understand, without_mentions
from tkgrag.question.relation_phrases import (
    clean_relation_phrase,
    either_acts,
    is_canonical,
    relation_phrases,
    stated_intent,
)
from tkgrag.question.relations import FIT_MIN, RelationMatch, RelationMatchError, humanise
from tkgrag.question.rewrite import rewrite
from tkgrag.question.roles import answer_role_of, is_passive, swap, syntactic_role, verb_position
from tkgrag.question.titles import role_relation_phrase, split_titles, with_title
from tkgrag.store import Store
from tkgrag.temporal import Granularity
from tkgrag.timing import StageTimer

WIDE_MARGIN = 0.25  # ... and, when none of those has events with the entities, candidates this close
RELATION_CANDIDATES = 8
PARAPHRASE_DISCOUNT = 0.8  # a paraphrase's match counts less than the phrase as said
INTENT_BONUS = 0.1  # added to Express_intent_* candidates when the phrase states an intent ("wanted to meet")
SIMILAR_ANCHOR_MIN = 0.8  # Neo4j's cosine score, (1 + cos) / 2: cos >= 0.6
ANCHOR_EVENT_LIMIT = 200  # anchor events read per anchor (the earliest is used)

_ELLIPTICAL = "elliptical"
# words that set the answer beside the anchor's actor: a pro-form ("who did the same") or "also", "too", "as well"
_REPEATS = re.compile(rf"{PRO_FORM.pattern}|\b(?:also|too|as\s+well|likewise)\b", re.IGNORECASE)
# anchors whose period the answer shares ("in the same week in which X did Y"), not one after or before it
_SAME_PERIOD = frozenset(
    {
        AnchorRelation.DURING,
        AnchorRelation.SAME_DAY,
        AnchorRelation.SAME_WEEK,
        AnchorRelation.SAME_MONTH,
        AnchorRelation.SAME_YEAR,
    }
)
_ENTITY_ANCHOR = "entity in the answer's role"


# ------------------------------------------------------------------------------------------- clause grounding
@dataclass(frozen=True)
class _Clause:
    entities: tuple[GroundedEntity, ...]
    relation: str | None
    candidates: tuple[RelationMatch, ...]
    passive: bool
    unlinked: tuple[Mention, ...]
    phrase: str = ""  # the relation phrase matched (the phrase as said, with any title taken out of a mention)


class Grounder:
    """Grounds questions against one graph through a ``GraphLinker`` and bounded reads."""

    def __init__(self, store: Store, embedder: Embedder, linker: GraphLinker | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.linker = linker or GraphLinker(store, embedder)
        self.reads = FactReads(store)
        self._relation_cache: dict[tuple[GraphVersion, str], tuple[RelationMatch, ...]] = {}

    # -- public ---------------------------------------------------------------------------------------------
    def ground(self, question: str | TemporalQuestion) -> GroundedQuestion:
        watch = StageTimer()
        with watch.stage("parse"):
            tq = understand(question) if isinstance(question, str) else question
        anchor_spans = [(a.constraint_start, a.end) for a in tq.anchors]
        main_mentions = with_parentheticals(tq.text, tq.main_mentions())
        phrase = clean_relation_phrase(tq.relation_phrase)
        main = self._clause(tq.text, main_mentions, phrase, blocked=anchor_spans, watch=watch)
        # A bare "in the same year" whose clause names two entities in one role ("Who hosted the visit of X to Y in
        # the same year?"): the second is the anchor's actor, in the answer's role (the MultiTQ convention).
        moved = _second_in_role(main.entities) if any(_bare(a) for a in tq.anchors) else None
        if moved is not None:
            rest = _outside(main_mentions, moved.mention)
            main = self._clause(tq.text, rest, phrase, blocked=anchor_spans, watch=watch)
        # each anchor's own clause, parsed and grounded once for the main clause and the anchor both
        clauses: dict[Anchor, _Clause | None] = {}
        from_anchor = False
        if tq.pro_form and not main.entities:
            # "In the same month that X criticised Y, who else did so?": the anchor's relation and object
            as_main = self._anchor_as_main(tq, clauses)
            from_anchor = as_main is not None
            main = as_main or main
        elif not main.entities and _SUBJECT_PRONOUN.search(_main_text(tq)):
            # "In the month X criticised Y, whom else did he criticise?": the pronoun is the anchor's actor
            main = self._pronoun_role(tq, main, clauses, AnswerRole.SUBJECT)
        elif not main.entities and _MAIN_OBJECT_PRONOUN.search(_main_text(tq)):
            # "After X visited Y, who went on to visit him?": the pronoun is the anchor's object
            main = self._pronoun_role(tq, main, clauses, AnswerRole.OBJECT)
        answer_role = answer_role_of(tq, [e.role for e in main.entities], main.passive, _main_text(tq))
        # "Who, other than X, ...": X is left out of the answers
        excluded = with_parentheticals(tq.text, list(tq.excluded_mentions()))
        excluded_links = [
            GroundedEntity(m, lk.key, lk.name, lk.score, answer_role)
            for m, lk in (select_links(excluded, self.linker.link_entities(excluded, k=3)) if excluded else [])
            if lk
        ]
        if moved is None and excluded_links and any(_bare(a) for a in tq.anchors):
            # "Besides X, who criticised Y in the same month?": the month of X's own such event
            moved = excluded_links[0]
        with watch.stage("anchors"):
            anchors = _period_of_the_other(
                tuple(self._anchor_or_its_time(tq, a, main, answer_role, moved, clauses) for a in tq.anchors)
            )
        if answer_role is AnswerRole.TIME and moved is not None:
            # "When did X and Y negotiate with Z on the same day?": the days both did it, within the stated times
            explicit = [c for t in tq.times if (c := explicit_constraint(t)) is not None]
            anchors = tuple(self._shared_days(ga, main, explicit) if _bare(ga.anchor) else ga for ga in anchors)
        # An anchor that repeats the question's relation ("after X did") fixes it where the match was unsure.
        relation = next(
            (ga.relation for ga in anchors if ga.how in (_ELLIPTICAL, _ENTITY_ANCHOR) and ga.relation),
            main.relation,
        )
        if from_anchor:
            # "X held talks with Y on D. Who else did so that same month?": "so" is the anchor's relation, as the
            # stated day's event decided it (``_tied_with_events``)
            relation = next(
                (ga.relation for ga in anchors if ga.how == "clause" and ga.event is not None and ga.relation), relation
            )

        constraints: list[TemporalConstraint] = []
        for ga in anchors:
            if ga.event is None:
                continue
            a = ga.anchor
            days, months = a.within_days or 0, a.within_months or 0
            if a.within and a.relation is AnchorRelation.DURING:  # "within a week of X": both sides of X's event
                constraints.append(within_window(ga.event.key, ga.event.span, days, months))
                continue
            constraints.append(anchor_constraint(a.relation, ga.event.key, ga.event.span))
            if a.within:
                constraints.append(within_bound(a.relation, days, ga.event.span, months))
        # a time the anchor's own clause states picked its event ("X did Y on 4 March 2015. Who else did so in the
        # same month?"): it bounds the anchor, not the answer
        owned = {id(t) for ga in anchors if ga.event is not None for t in stated_times(ga.anchor, tq.times, tq.text)}
        constraints.extend(c for t in tq.times if id(t) not in owned and (c := explicit_constraint(t)) is not None)
        constraints = _bound_first(constraints)
        constraint = constraints[0] if constraints else None
        order, position = order_of(tq, constraint)

        # The anchor's entity in the answer's role is the one the question contrasts the answer with ("who else",
        # "after X did, who first ...").
        # A nominal anchor's actor ("the visit X paid to Y") only where the question says so ("who else"): "Who
        # visited Y in the same month as the visit X paid to Y?" may be answered with X.
        # A clause anchor's actor in the same period likewise ("Who hosted X in the same week in which Y hosted Z?": Y
        # hosted X that week too; the question writers' gold has it), unless "else", "other", "also" or a pro-form
        # ("During the month in which Y hosted Z, who did the same?") sets the answer beside the anchor's actor.
        exclude = {
            ga.answer_role_entity
            for ga in anchors
            if ga.answer_role_entity
            and (
                CONTRAST_WORDS.search(tq.text)
                or (
                    _nominal_roles(_event_text(ga.anchor.text), ga.entities) is None
                    and not (ga.how == "clause" and ga.anchor.relation in _SAME_PERIOD and not _REPEATS.search(tq.text))
                )
            )
        }
        exclude |= {e.key for e in excluded_links}
        # the same-period anchor's own actor the question does not set apart may answer ("Who visited Mayotte in the
        # same month as the visit Comoros paid to Mayotte?" -> Comoros, one writer's gold) but comes after any other
        # (another writer's gold leaves it out: "... in the same month as Catherine Ashton's offer to meet Qatar")
        later = {
            ga.answer_role_entity
            for ga in anchors
            if ga.answer_role_entity and ga.anchor.relation in _SAME_PERIOD and order is Order.SUPPORT
        } - exclude

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
            later=frozenset(later),
            rewritten=rewritten,
            unlinked=main.unlinked,
            relation_phrase=main.phrase,
            # a pro-form's relation is the anchor event's own ("X held talks with Y on D. Who else did so?")
            either=() if from_anchor else _either(main.phrase, relation, main.candidates),
            timings_ms=watch.timings_ms,
        )

    def facts(
        self,
        subject: str | None,
        object: str | None,
        relations: Sequence[str] | None,
        constraints: Sequence[TemporalConstraint] = (),
        *,
        limit: int,
    ) -> list[Evidence]:
        """Anchor events: the facts of a fixed subject and/or object within ``constraints``, earliest first."""
        return self.reads.facts(subject, object, relations, constraints, limit=limit)

    # -- clauses --------------------------------------------------------------------------------------------
    def _clause(
        self,
        text: str,
        mentions: Sequence[Mention],
        relation_phrase: str,
        blocked: Sequence[tuple[int, int]] = (),
        watch: StageTimer | None = None,
    ) -> _Clause:
        watch = watch or StageTimer()
        split = split_titles(mentions, self._vocabulary(), self._names_entity)
        mentions, phrase = split.mentions, role_relation_phrase(relation_phrase, split.titles)
        with watch.stage("link"):
            links = self.linker.link_entities(mentions, k=3)
        picked = select_links(mentions, links)
        linked = [(m, lk) for m, lk in picked if lk is not None]
        unlinked = tuple(m for m, lk in picked if lk is None)
        verb = verb_position(text, relation_phrase, [*blocked, *((m.start, m.end) for m, _ in picked)])
        passive = verb is not None and is_passive(text, verb)
        roles = [syntactic_role(text, m, verb, passive=passive) for m, _ in linked]
        if not passive and roles == [AnswerRole.OBJECT, AnswerRole.OBJECT]:
            # "saw the diplomatic cooperation of X with Y": the event noun's words say who did it
            roles = (
                _nominal_main_roles(text, linked[0][0], linked[1][0])
                or _nominal_phrase_roles(text, linked[0], linked[1])
                or roles
            )
        with watch.stage("relation"):
            candidates = with_title(self._relation_candidates(phrase), split.titles) if phrase else ()
        with watch.stage("roles"):
            relation, swapped = self._choose(candidates, [lk.key for _, lk in linked], roles)
            if relation is not None:
                linked = self._sector_with_events(
                    linked, dict(zip(mentions, links, strict=True)), relation, roles, swapped
                )
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
        return _Clause(entities, relation, candidates, passive, unlinked, phrase)

    def _sector_with_events(
        self,
        linked: list[tuple[Mention, EntityLink]],
        links: dict[Mention, list[EntityLink]],
        relation: str,
        roles: Sequence[AnswerRole],
        swapped: bool,
    ) -> list[tuple[Mention, EntityLink]]:
        """A sector with several exact names ("officials in Mexico": Government Official (Mexico), Other Authorities /
        Officials (Mexico)) takes the first that has events of the relation in its role, when the first-ranked has
        none: the lexicon's order is a guess, the graph knows which of the two acts. One query for all the question's
        sector mentions (``ql.SECTOR_ROLE_COUNTS``)."""
        mentions = sector_mentions(linked, links, roles, swapped)
        if not mentions:
            return linked
        rows = self.store.run(ql.SECTOR_ROLE_COUNTS, {"mentions": mentions, "relation": relation})
        return acting_sectors(linked, links, rows)

    def _anchor_clause(self, anchor: Anchor, clauses: dict[Anchor, _Clause | None]) -> _Clause | None:
        """The anchor's own clause ("X criticised Y"), parsed and grounded as a question of its own; None when its
        text cannot be parsed. Kept in ``clauses`` (one question's): a pro-form's main clause and its anchor read the
        same clause, grounded once."""
        if anchor in clauses:
            return clauses[anchor]
        try:
            sub = understand(actor_first(_event_text(anchor.text)))
        except QuestionError:
            clauses[anchor] = None
            return None
        clause = self._clause(
            sub.text, with_parentheticals(sub.text, sub.mentions), clean_relation_phrase(sub.relation_phrase)
        )
        clauses[anchor] = clause
        return clause

    def _anchor_as_main(self, tq: TemporalQuestion, clauses: dict[Anchor, _Clause | None]) -> _Clause | None:
        """The main clause of a pro-form question ("who else did so", "who had last done so"): the anchor clause's
        relation and entities, less its subject, whose place the answer takes."""
        anchor = next((a for a in tq.anchors if names_an_event(a)), None)
        if anchor is None or tq.answer_type.kind is not AnswerKind.ENTITY:
            return None
        clause = self._anchor_clause(anchor, clauses)
        if clause is None or clause.relation is None or not clause.entities:
            return None
        shift = anchor.start + _lead(anchor.text)
        kept = tuple(
            replace(e, mention=_moved(e.mention, shift)) for e in clause.entities if e.role is not AnswerRole.SUBJECT
        )
        if not kept:
            return None
        unlinked = tuple(_moved(m, shift) for m in clause.unlinked)
        return replace(clause, entities=kept, unlinked=unlinked, passive=False)

    def _pronoun_role(
        self, tq: TemporalQuestion, main: _Clause, clauses: dict[Anchor, _Clause | None], role: AnswerRole
    ) -> _Clause:
        """The main clause with its pronoun read as the event anchor's entity in ``role``: a subject pronoun ("whom
        else did he criticise") is the anchor's subject, an object pronoun ("who went on to visit him") its object.
        Unchanged when there is no such anchor or it has no entity in that role."""
        anchor = next((a for a in tq.anchors if names_an_event(a)), None)
        clause = self._anchor_clause(anchor, clauses) if anchor is not None else None
        if anchor is None or clause is None:
            return main
        entity = next((e for e in clause.entities if e.role is role), None)
        if entity is None:
            return main
        shift = anchor.start + _lead(anchor.text)
        return replace(main, entities=(replace(entity, mention=_moved(entity.mention, shift)),))

    def _vocabulary(self) -> frozenset[str]:
        """The lower-cased words of the graph's relation names (none for a graph without events)."""
        try:
            return self.linker.relation_matcher().vocabulary
        except RelationMatchError:
            return frozenset()

    def _names_entity(self, mention: Mention) -> bool:
        """The mention is an entity's exact name or alias (the linker's cache keeps the lookup for the link after)."""
        return any(link.score >= EXACT_NAME for link in self.linker.link_mention(mention, k=3))

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
            try:
                matches = self.linker.link_relation(p, k=RELATION_CANDIDATES)
            except RelationMatchError:  # a graph without events (passages, chunks): no relation to match
                return ()
            for m in matches:
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
            # within a tier the roles as said come first: "citizens of X took legal action against Y" is a lawsuit
            # they brought (as said) before an arrest of theirs (the roles swapped), both named by the same words
            for rel in tier:
                if support.get(rel, (0, 0))[0] > 0:
                    return rel, False
            for rel in tier:
                if support.get(rel, (0, 0))[1] > 0:
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
    def _anchor_or_its_time(
        self,
        tq: TemporalQuestion,
        anchor: Anchor,
        main: _Clause,
        answer_role: AnswerRole,
        moved: GroundedEntity | None,
        clauses: dict[Anchor, _Clause | None],
    ) -> GroundedAnchor:
        """``_anchor``, where a time closing the question right after a trailing anchor ("... after X visited Y in
        2014?") may be the anchor's own: the anchor event must be the same either way (its earliest event, or the
        one in that time), else which one is meant is unsaid and the anchor has none."""
        ga = self._anchor(tq.text, anchor, main, answer_role, moved, clauses, stated_in(anchor, tq.times, tq.text))
        tail = trailing_time(anchor, tq.times, tq.text)
        said = explicit_constraint(tail) if tail is not None and ga.event is not None else None
        if tail is None or said is None or ga.event is None:
            return ga
        within = self._anchor(tq.text, anchor, main, answer_role, moved, clauses, (said,))
        if not within.ambiguous and (within.event is None or within.event.key == ga.event.key):
            return ga  # no such event in that time (the time is the main clause's), or the same one
        why = f"unresolved: {tail.text!r} after {anchor.text!r} may date the anchor or the question"
        return GroundedAnchor(
            anchor,
            why,
            ga.relation,
            ga.subject,
            ga.object,
            ga.entities,
            answer_role_entity=ga.answer_role_entity,
            ambiguous=within.ambiguous or (ga.events[0], *within.events[:1]),
        )

    def _anchor(
        self,
        text: str,
        anchor: Anchor,
        main: _Clause,
        answer_role: AnswerRole,
        moved: GroundedEntity | None,
        clauses: dict[Anchor, _Clause | None],
        stated: Sequence[TemporalConstraint] = (),
    ) -> GroundedAnchor:
        """``stated``: the times written inside the anchor ("X visited Y in March 2015"), which bound its event."""
        if _bare(anchor):
            if moved is None:
                return GroundedAnchor(anchor, 'unresolved: the anchor names no event ("in the same year" alone)')
            return self._entity_in_answer_role(anchor, _ENTITY_ANCHOR, moved, main, answer_role)
        if not anchor.text.strip():
            return GroundedAnchor(anchor, f'unresolved: "{anchor.trigger}" names no event')
        if anchor.elliptical or _names_one_entity(anchor) or self._links_whole(anchor):
            return self._entity_anchor(text, anchor, main, answer_role, stated)
        return self._clause_anchor(anchor, main, answer_role, clauses, stated)

    def _entity_anchor(
        self,
        text: str,
        anchor: Anchor,
        main: _Clause,
        answer_role: AnswerRole,
        stated: Sequence[TemporalConstraint] = (),
    ) -> GroundedAnchor:
        """ "after X did" / "After X, who ...": the question's relation with X in the answer's role."""
        how = _ELLIPTICAL if anchor.elliptical else _ENTITY_ANCHOR
        mentions = [_whole(anchor), *with_parentheticals(text, list(anchor.mentions))]
        picked = [(m, lk) for m, lk in select_links(mentions, self.linker.link_entities(mentions, k=3)) if lk]
        if not picked:
            return GroundedAnchor(anchor, f"unresolved: no entity found for {anchor.text!r}")
        m, lk = picked[0]
        entity = GroundedEntity(m, lk.key, lk.name, lk.score, answer_role)
        return self._entity_in_answer_role(anchor, how, entity, main, answer_role, stated)

    def _entity_in_answer_role(
        self,
        anchor: Anchor,
        how: str,
        linked: GroundedEntity,
        main: _Clause,
        answer_role: AnswerRole,
        stated: Sequence[TemporalConstraint] = (),
    ) -> GroundedAnchor:
        """The anchor event: the question's relation with ``linked`` in the answer's role (the free role when the
        answer is a time) and the main clause's entities in theirs."""
        role = answer_role
        fixed = {e.role: e.key for e in main.entities}
        if role is AnswerRole.TIME:
            free = [r for r in (AnswerRole.SUBJECT, AnswerRole.OBJECT) if r not in fixed]
            if not free and _bare(anchor) and linked.role in fixed:
                # "When did X and Y negotiate with Z on the same day?": Y is coordinated with X, in X's role
                free = [linked.role]
            if not free:
                return GroundedAnchor(anchor, "unresolved: both roles of the relation are already taken")
            role = free[0]
        fixed[role] = linked.key
        subject, object_ = fixed.get(AnswerRole.SUBJECT), fixed.get(AnswerRole.OBJECT)
        entity = replace(linked, role=role, role_source="syntax")
        # The anchor event has the question's relation: try the chosen one, then the other close candidates (the
        # anchor's events are evidence for the relation too: "after X did" must have happened).
        tried: list[str | None] = [main.relation]
        if main.candidates:
            best = main.candidates[0].score
            tried += [c.relation for c in main.candidates[:4] if c.score >= best - WIDE_MARGIN]
        for relation in dict.fromkeys(tried):
            events = self.facts(subject, object_, [relation] if relation else None, stated, limit=ANCHOR_EVENT_LIMIT)
            if (
                events
                and (anchor.relation in _ORDERING or stated)
                and several_periods(anchor.relation, (e.span for e in events))
            ):
                # "Following X, who next V'd Y" with X having V'd Y on several days: the question does not say
                # after which one, and the earliest would answer another question. Not resolved: the reader abstains.
                why = f"unresolved: {entity.name}'s {relation} events fall on several dates"
                return GroundedAnchor(
                    anchor,
                    why,
                    relation,
                    subject,
                    object_,
                    (entity,),
                    answer_role_entity=entity.key,
                    ambiguous=tuple(events),
                )
            if events:
                return GroundedAnchor(
                    anchor, how, relation, subject, object_, (entity,), tuple(events), answer_role_entity=entity.key
                )
        why = f"unresolved: no {main.relation} event with {entity.name} as {role.value}"
        # understood all the same (actors and relation); still the entity the question contrasts the answer with
        return GroundedAnchor(anchor, why, main.relation, subject, object_, (entity,), answer_role_entity=entity.key)

    def _shared_days(self, ga: GroundedAnchor, main: _Clause, explicit: Sequence[TemporalConstraint]) -> GroundedAnchor:
        """A bare same-period anchor for a coordinated actor under a time answer: its events kept to the periods in
        which the main clause's actors did the same, within the question's stated times (the intersection). The
        earliest such period is the anchor's; none leaves the anchor unresolved (the reader abstains)."""
        gran = ga.anchor.granularity
        if not ga.events or gran is None:
            return ga
        subject = next((e.key for e in main.entities if e.role is AnswerRole.SUBJECT), None)
        object_ = next((e.key for e in main.entities if e.role is AnswerRole.OBJECT), None)
        mains = self.facts(subject, object_, [ga.relation] if ga.relation else None, limit=ANCHOR_EVENT_LIMIT)
        periods = {e.span.at(gran) for e in mains if all(c.admits(e.span) for c in explicit)}
        shared = tuple(e for e in ga.events if e.span.at(gran) in periods and all(c.admits(e.span) for c in explicit))
        if shared:
            return replace(ga, events=shared)
        return replace(ga, how=f"unresolved: no {gran.value} on which both did {ga.relation}", events=())

    def _links_whole(self, anchor: Anchor) -> bool:
        """Whether the whole anchor text is one entity's exact name ("Other Authorities / Officials (X)")."""
        links = self.linker.link_entities([_whole(anchor)], k=1)[0]
        return bool(links) and links[0].score >= EXACT_NAME

    def _clause_anchor(
        self,
        anchor: Anchor,
        main: _Clause,
        answer_role: AnswerRole,
        clauses: dict[Anchor, _Clause | None],
        stated: Sequence[TemporalConstraint] = (),
    ) -> GroundedAnchor:
        """ "before X visited Y": a clause with its own relation and roles."""
        clause = self._anchor_clause(anchor, clauses)
        if clause is None:
            return GroundedAnchor(anchor, f"unresolved: cannot parse {anchor.text!r}")
        if not clause.entities:
            return GroundedAnchor(anchor, f"unresolved: no entity linked in {anchor.text!r}")
        relation = clause.relation if _fits(clause) or main.relation is None else main.relation
        subject = next((e.key for e in clause.entities if e.role is AnswerRole.SUBJECT), None)
        object_ = next((e.key for e in clause.entities if e.role is AnswerRole.OBJECT), None)
        if subject is None and (
            _GERUND.match(anchor.text) or _NOMINAL.match(anchor.text) or _PRONOUN.match(anchor.text)
        ):
            # "before joining Initech": the clause's unsaid subject is the main clause's ("Where did Peter Gibbons
            # work before joining Initech?" -> Peter Gibbons joined Initech); the same for an event noun without its
            # actor ("Which place did X visit just before the visit to The Hague?") or a pronoun for it ("Whom did
            # X praise in the month in which it visited Y?").
            subject = next((e.key for e in main.entities if e.role is AnswerRole.SUBJECT and e.key != object_), None)
        if object_ is None and _OBJECT_PRONOUN.search(anchor.text):
            # "on the day Qatar endorsed it": the pronoun is the main clause's other entity (its object first)
            others = sorted(
                (e for e in main.entities if e.key != subject), key=lambda e: e.role is not AnswerRole.OBJECT
            )
            object_ = others[0].key if others else None
        # a name inside a linked mention ("Kenya" in "Kenya's press", linked to Media (Kenya)) is not lost
        lost = [
            m
            for m in clause.unlinked
            if m.kind is MentionKind.NAME
            and m.text[:1].isupper()
            and not any(e.mention.start <= m.start and m.end <= e.mention.end for e in clause.entities)
        ]
        if lost and (subject is None or object_ is None):
            # "Shinzo Abe's phone call with Barack Obama" where the graph lacks Shinzo Abe: Obama's call with anyone
            # is not the anchor (an event years away gave a wrong answer)
            why = f"unresolved: {lost[0].text!r} in {anchor.text!r} names no entity of this graph"
            return GroundedAnchor(anchor, why, entities=clause.entities)
        placed = {k for k in (subject, object_) if k}
        nominal = _nominal_roles(_event_text(anchor.text), clause.entities) if len(placed) < 2 else None
        if nominal is not None:
            subject, object_ = nominal[0].key, nominal[1].key
            placed = {subject, object_}
        if (
            (subject is None or object_ is None)
            and _FINITE.search(anchor.text) is None
            and any(e.key not in placed for e in clause.entities)
        ):
            # an event noun ("the talks of Iran and X") read as two objects, no subject: an event of one of them
            # alone is not the anchor (a passive clause, "X was endorsed by Y", keeps its reading)
            why = f"unresolved: the roles of {', '.join(e.name for e in clause.entities)} in {anchor.text!r} are unsaid"
            return GroundedAnchor(anchor, why, entities=clause.entities)
        events = self.facts(subject, object_, [relation] if relation else None, stated, limit=ANCHOR_EVENT_LIMIT)
        if nominal is not None and nominal[2]:
            # "the signing of an agreement between A and B": either may be the subject; both directions, earliest first
            events = sorted(
                [
                    *events,
                    *self.facts(object_, subject, [relation] if relation else None, stated, limit=ANCHOR_EVENT_LIMIT),
                ],
                key=lambda e: e.span.start or date.min,
            )[:ANCHOR_EVENT_LIMIT]
        if not events and relation is not None:
            other = self._other_sector(clause, subject, object_, relation, stated)
            if other is not None:
                subject, object_, events = other
        if not events and main.relation and main.relation != relation:
            relation = main.relation
            events = self.facts(subject, object_, [relation], stated, limit=ANCHOR_EVENT_LIMIT)
        tied = None
        if not events and stated and relation is not None and subject is not None and object_ is not None:
            # "China held talks with Laos on 12 November 2015": Consult and Engage_in_negotiation tie for "held
            # talks"; the stated time holds the pair's event under one of them only: that one is the anchor's
            tied = self._tied_with_events(clause, relation, subject, object_, stated)
            if tied is not None:
                relation, events = tied
        answer_entity = None
        # the anchor's actor in the answer's role is contrasted with the answer ("who else") only when the anchor
        # repeats the question's relation: "In the month when X negotiated with Y, whom did X offer talks to?" may be Y
        repeats = (
            main.relation is None
            or relation == main.relation
            or (tied is not None and main.relation == clause.relation)
        )
        if answer_role is not AnswerRole.TIME and repeats:
            answer_entity = next((e.key for e in clause.entities if e.role is answer_role), None)
            if nominal is not None and not nominal[2]:
                # the roles the event noun's words said, not the clause reader's ("the visit X paid to Y": X did it)
                answer_entity = subject if answer_role is AnswerRole.SUBJECT else object_
            # nor when the anchor's other actor is not the question's (B's act is no repeat of A's)
            if other_actor_differs(answer_role, subject, object_, main.entities):
                answer_entity = None
        if not events:
            found = self._similar(
                anchor,
                clause.entities[0],
                f"unresolved: no event for {anchor.text!r}",
                stated,
                frozenset(e.key for e in clause.entities),
            )
            if found.resolved:
                return found
            # understood as (actors, relation) all the same: the graph lacks the event
            return GroundedAnchor(
                anchor, found.how, clause.relation or main.relation, subject, object_, clause.entities
            )
        if stated and several_periods(anchor.relation, (e.span for e in events)):
            # "X did Y in 2015; who else did so that same month?" with X's such events in several months of 2015:
            # the stated time does not single the anchor out, and the earliest would be a guess
            why = f"unresolved: {anchor.text!r} fits events in several periods within its stated time"
            return GroundedAnchor(
                anchor,
                why,
                relation,
                subject,
                object_,
                clause.entities,
                answer_role_entity=answer_entity,
                ambiguous=tuple(events),
            )
        return GroundedAnchor(
            anchor, "clause", relation, subject, object_, clause.entities, tuple(events), answer_entity
        )

    def _other_sector(
        self,
        clause: _Clause,
        subject: str | None,
        object_: str | None,
        relation: str,
        stated: Sequence[TemporalConstraint],
    ) -> tuple[str | None, str | None, list[Evidence]] | None:
        """The anchor's pair with one sector mention moved to its other exact name, where that one alone has the
        event: "Abdel Fattah Al-Sisi's statement about Egyptian officials" ("officials": Government Official or Other
        Authorities / Officials, and the store has the statement about the second only). None when no other name,
        or several, have it (a guess between sectors stays unresolved)."""
        found = []
        for e in clause.entities:
            if e.mention.kind is not MentionKind.ROLE or e.key not in (subject, object_) or subject == object_:
                continue
            for link in _exact(self.linker.link_mention(e.mention)):
                if link.key == e.key:
                    continue
                pair = (link.key, object_) if e.key == subject else (subject, link.key)
                events = self.facts(pair[0], pair[1], [relation], stated, limit=ANCHOR_EVENT_LIMIT)
                if events:
                    found.append((pair[0], pair[1], events))
        return found[0] if len(found) == 1 else None

    def _tied_with_events(
        self, clause: _Clause, relation: str, subject: str, object_: str, stated: Sequence[TemporalConstraint]
    ) -> tuple[str, list[Evidence]] | None:
        """The one relation that ties with ``relation`` (within ``RELATION_MARGIN`` of the clause's best candidate)
        and has the pair's events in the stated time, with them; None when none or several have."""
        if not clause.candidates:
            return None
        top = clause.candidates[0].score
        found = [
            (c.relation, events)
            for c in clause.candidates
            if c.relation != relation
            and c.score >= top - RELATION_MARGIN
            and (events := self.facts(subject, object_, [c.relation], stated, limit=ANCHOR_EVENT_LIMIT))
        ]
        return found[0] if len(found) == 1 else None

    def _similar(
        self,
        anchor: Anchor,
        entity: GroundedEntity,
        why: str,
        stated: Sequence[TemporalConstraint] = (),
        actors: frozenset[str] = frozenset(),
    ) -> GroundedAnchor:
        """Last resort for a clause whose relation has no event: the entity's event most similar to the anchor text
        (bounded by the entity's degree), if similar enough, and joining all the clause's ``actors`` ("the visit of
        Xi Jinping to Russia" is no visit of Xi Jinping to China: an anchor years or countries away is a misread)."""
        qvec = self.embedder.encode([anchor.text])[0].tolist()
        similar = self.reads.similar_events(entity.key, qvec, k=1)
        if not similar or similar[0].score < SIMILAR_ANCHOR_MIN or not all(c.admits(similar[0].span) for c in stated):
            return GroundedAnchor(anchor, why, entities=(entity,))
        if not all(_joins(similar[0], k) for k in actors):
            return GroundedAnchor(anchor, f"{why} (its nearest event leaves out one of its actors)", entities=(entity,))
        ev = similar[0]
        return GroundedAnchor(
            anchor, "similarity", ev.relation, ev.subject, ev.object, (entity,), (ev,), answer_role_entity=None
        )


def _joins(event: Evidence, key: str) -> bool:
    """Whether ``event`` has the actor ``key`` or a sector of it ("refugees in Afghanistan" said, the linker found
    only Afghanistan: Refugee (Afghanistan) joins it)."""
    return any(k == key or (k or "").endswith(f"_({key})") for k in (event.subject, event.object))


# "the negotiations of Iran with X", "the visit of Barack Obama to Japan": an event noun whose "of" names its actor
# (a name, capitalised), said as "Iran's negotiations with X" (the possessive the clause reader reads as the actor)
# the nouns of an intent ("the stated wish of X to meet Y"), read by ``_ACTOR_OF`` and ``_INTENT_OF`` alike
_INTENT_NOUN = r"(?:willingness|readiness|wish|desire|intention|intent|offer|pledge|promise)"
_ACTOR_OF = re.compile(
    # "the stated wish of X to meet Y": an adjective before the noun too
    r"^\s*(?:the|a|an)\s+(?P<noun>(?:(?:stated|expressed|declared|professed)\s+)?(?:negotiation|talk|meeting|visit|"
    r"trip|cooperation|agreement|deal|criticism|accusation|appeal|consultation|discussion|condemnation|demand|rejection|"
    rf"praise|threat|statement|comment|remark|request|call|attack|{_INTENT_NOUN})s?)\s+of\s+"
    r"(?P<actor>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*)"
    r"\s+(?P<prep>with|to|against|towards?|on|about|for|at)\s+(?P<rest>\S.*)$"
)


# "the expulsion or deportation of X by Y": the "by" names the actor, the "of" what the act befell
_AGENT_BY = re.compile(
    r"^\s*(?:the|a|an)\s+(?P<noun>[a-z]+(?:\s+[a-z]+){0,4}?)\s+of\s+(?P<patient>\S.*?)\s+by\s+"
    r"(?P<actor>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*)\s*$"
)


def actor_first(text: str) -> str:
    """An anchor's event noun with its actor after "of" or "by" said with the actor first ("the visit of X to Y" ->
    "X's visit to Y", "the expulsion of X by Y" -> "Y's expulsion of X"); any other text unchanged."""
    if _FINITE.search(text) is not None:  # "the head of X was endorsed by Y": a clause, read as one
        return text
    m = _ACTOR_OF.match(text)
    if m is not None:
        return f"{m.group('actor')}'s {m.group('noun')} {m.group('prep')} {m.group('rest')}"
    b = _AGENT_BY.match(text)
    if b is not None:
        return f"{b.group('actor')}'s {b.group('noun')} of {b.group('patient')}"
    return text


_FINITE = re.compile(r"\b(?:was|were|is|are|been|being|has|have|had)\b", re.IGNORECASE)  # a clause, not a noun
_GERUND = re.compile(r"^\s*[a-z]+ing\b")  # an anchor clause without a subject: "joining X", "leaving X"
# an event noun without its actor: "the visit to X", "a deal with X" (not "the visit of X", whose X is the actor)
# a pronoun subject after an auxiliary, before its verb: "whom else did he criticise", "where did they go next"
# "whom else did he criticise?", and a relative clause with a pronoun subject: "which was the next one they chose to
# appeal to?", "who was the first (one) she visited?"
_SUBJECT_PRONOUN = re.compile(
    r"\b(?:did|does|do|has|have|had|will|would)\s+(?:he|she|they|it)\s+[a-z]"
    r"|\b(?:one|ones|actor|party|country|person|who|whom|that)\s+(?:that\s+|whom\s+)?(?:he|she|they)\s+"
    r"(?:then\s+|next\s+|later\s+|subsequently\s+)?(?!was\b|were\b|is\b|are\b|had\b|did\b)[a-z]",
    re.IGNORECASE,
)
_OBJECT_PRONOUN = re.compile(r"\b(?:it|him|her|them)\s*$", re.IGNORECASE)  # an anchor clause ending in a pronoun
# a main clause ending in an object pronoun: "who went on to visit him?", "who criticised them next?"
_MAIN_OBJECT_PRONOUN = re.compile(
    r"\b[a-z]+\s+(?:it|him|her|them)(?:\s+(?:next|too|as\s+well|again|later|subsequently))?\s*[?.!]?\s*$",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"^\s*(?:he|she|it|they)\b", re.IGNORECASE)
# Event nouns whose roles the words around two names say (``_nominal_roles``)
_ROLE_NOUN = (
    r"(?:visits?|trips?|consultations?|talks|meetings?|(?:phone\s+|telephone\s+)?calls?|conversations?|"
    r"negotiations?|discussions?|signing(?:\s+of\s+(?:an?\s+)?(?:formal\s+)?(?:agreements?|accords?|deals?|treaty))?|"
    r"(?:formal\s+)?agreements?|accords?|deals?)"
)
_NOMINAL_OF = re.compile(rf"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+)?{_ROLE_NOUN}\s+of\s+$", re.IGNORECASE)
# "the diplomatic cooperation of X with Y", "the appeal of X to Y": an act of X's towards Y ("of X" its doer, as "with"
# or "to" the other says)
_NOMINAL_ACT_OF = re.compile(
    r"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+){0,2}?(?:cooperation|collaboration|appeals?|requests?|demands?|pleas?)\s+of\s+$",
    re.IGNORECASE,
)
# "the statement of journalists in X about Y", "the remarks of X on Y", "the accusations of X against Y": the words of
# X's (its doer) about Y
_NOMINAL_SAID_OF = re.compile(
    r"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+)?(?:statements?|remarks?|comments?|criticism|accusations?|threats?|warnings?|"
    r"condemnations?|denunciations?|praise|complaints?)\s+of\s+$",
    re.IGNORECASE,
)
_MID_SAID = re.compile(r"^\s+(?:about|on|regarding|concerning|against|toward|towards|to|at)\s+$", re.IGNORECASE)
# "the conventional military attack by X on Y", "the criticism by X of Y": the doer after "by", then its target
# "talks held by X with Y" (no article: the noun and its participle)
_NOMINAL_BY = re.compile(
    rf"^\s*(?:(?:the|a|an)\s+(?:[a-z-]+\s+){{0,3}}?[a-z-]+|(?:[a-z-]+\s+)?{_ROLE_NOUN}\s+(?:held|conducted|had|made|paid))"
    r"\s+by\s+$",
    re.IGNORECASE,
)
_MID_TARGET = re.compile(r"^\s+(?:on|against|of|to|toward|towards|at|with|upon)\s+$", re.IGNORECASE)
# "the meeting of A and B at a third location": where they met says no role (ICEWS's Meet_at_a_'third'_location)
_THIRD_PLACE = re.compile(
    r"^\s+(?:at|in)\s+(?:a|an|the)\s+(?:third|neutral)\s+(?:location|place|venue|country|site)\b", re.IGNORECASE
)
_NOMINAL_NOUN = re.compile(rf"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+)?{_ROLE_NOUN}\s+$", re.IGNORECASE)
_NOMINAL_BETWEEN = re.compile(rf"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+)?{_ROLE_NOUN}\s+between\s+$", re.IGNORECASE)
_NAME_ARTICLE = re.compile(r"(?<=\s)the\s+$", re.IGNORECASE)
_MID_WITH = re.compile(r"^\s+(?:with|to)\s+$", re.IGNORECASE)
_MID_PAID = re.compile(
    r"^\s+(?:paid|made|had|held|placed|conducted|undertook|took)\s+(?:to|with)\s+$|^\s+(?:paid|made)\s+$", re.IGNORECASE
)
_MID_POSSESSIVE = re.compile(rf"^['’]s?\s+(?:[a-z-]+\s+)?{_ROLE_NOUN}\s+(?:with|to)\s+$", re.IGNORECASE)
# "X's downgrading of ties with Y", "X's cutting of relations with Y", "X's criticism of Y": a verbal noun of X's
# and its target
_MID_POSSESSIVE_ACT = re.compile(
    r"^['’]s?\s+(?:[a-z-]+\s+)?[a-z]+ing\s+(?:of\s+(?:(?:its|their|his|her|the|diplomatic)\s+)*(?:ties|relations|"
    r"relationship|contacts?)\s+)?(?:with|to|toward|towards|against)\s+$",
    re.IGNORECASE,
)
# "X's release of people to Y", "X's threats against Y", "X's statement about Y": any noun of X's (the possessive
# its doer), what it moved ("of people"), and its target after the preposition
_MID_POSSESSIVE_NOUN = re.compile(
    r"^['’]s?\s+(?:[a-z-]+\s+){0,2}?[a-z]+(?:\s+of\s+(?:the\s+)?(?:[a-z-]+\s+)?(?:people|persons?|prisoners?|"
    r"detainees?|hostages?|captives?|property|citizens))?\s+(?:with|to|toward|towards|against|on|about|at|into|"
    r"regarding|concerning)\s+$",
    re.IGNORECASE,
)
# "the humanitarian aid from X to Y", "the visit from X to Y": from the giver to the receiver, whatever the noun
_NOMINAL_FROM = re.compile(r"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+\s+from\s+$", re.IGNORECASE)
_MID_TO = re.compile(r"^\s+(?:to|toward|towards)\s+$", re.IGNORECASE)
# "the formal agreement X signed with Y", "the criticism X levelled at Y": the noun, its actor and a past verb
# "the statement X made about Y", "the diplomatic cooperation X engaged in with Y" (a particle before the
# preposition), "the praise X gave Y" (a giving verb and its receiver, no preposition)
_MID_VERBED = re.compile(
    r"^\s+(?:[a-z]+ed|paid|made|had|held|took|struck|sent|gave|brought|undertook|conducted|put|threw|dealt|laid|set)\s+"
    r"(?:(?:in|out|up|forward)\s+)?"
    r"(?:with|to|at|against|toward|towards|on|about|regarding|concerning|into|over)\s+(?:the\s+)?$"
    # "the demand Boko Haram made of citizens of Nigeria", "the request X put to Y"; the target's article too ("the
    # appeal France made to the UN Security Council")
    r"|^\s+(?:made|put|placed|addressed|issued)\s+(?:of|upon)\s+(?:the\s+)?$"
    r"|^\s+(?:gave|offered|paid|showed|extended|lent|sent|granted|handed)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "the arrest or charging of X by Y", "the criticism of X by Y", "the release of people to X by an Y", "the visit to
# X by Y": a passive event noun, Y did it to X
# "the sympathy expressed for X by Y", "the confiscation of property from X by Y", "the use of conventional military
# force against X by Y" too
_NOMINAL_OF_BY = re.compile(
    r"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+){0,6}?(?:of|to|toward|towards|against|on|at|with|into|about|for|from)\s+$",
    re.IGNORECASE,
)
# "the small-arms fighting of X against Y": an intransitive verbal noun, its doer, its target; a transitive one's "of"
# names its patient ("the bombing of Syria", "the arming of Kurdistan against Iraq"), so those are left unread
_VERBAL_OF = re.compile(
    r"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+){0,2}?(?:fighting|clashing|skirmishing|battling|warring|feuding)\s+of\s+$",
    re.IGNORECASE,
)
_MID_AGAINST = re.compile(r"^\s+against\s+$", re.IGNORECASE)
# "the declared willingness of X to cooperate with Y", "the stated wish of X to meet Y": X's intent towards Y
_INTENT_OF = re.compile(
    rf"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+)?{_INTENT_NOUN}\s+of\s+$",
    re.IGNORECASE,
)
_MID_INFINITIVE = re.compile(
    r"^\s+to\s+[a-z]+(?:\s+[a-z]+){0,3}?(?:\s+(?:with|to|for|on|against|at|about))?\s+(?:the\s+)?$", re.IGNORECASE
)
_MID_BY = re.compile(r"^\s+by\s+(?:an?\s+)?$", re.IGNORECASE)
_TIME_OF_NOUN = re.compile(
    r"^\s*(?:the\s+)?(?:day|date|time|week|month|year|moment)\s+(?:of\s+|when\s+|on\s+which\s+)?(?=(?:the|a|an)\s|\s*$)",
    re.IGNORECASE,
)
_NOMINAL_ANY = re.compile(r"^\s*(?:the|a|an)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+\s+$", re.IGNORECASE)


def _nominal_roles(text: str, entities: Sequence[GroundedEntity]) -> tuple[GroundedEntity, GroundedEntity, bool] | None:
    """The roles of two names around an event noun, which no verb says: "the consultations of X with Y", "the visit
    X paid to Y", "X's phone call with Y" (X the subject, Y the object); "the signing of an agreement between A and
    B" (either: the flag). None where the words do not say them (the anchor stays unresolved)."""
    ents = sorted({e.key: e for e in entities}.values(), key=lambda e: e.mention.start)
    if len(ents) != 2:
        return None
    a, b = ents
    if a.mention.end > b.mention.start:
        return None
    before, mid, after = text[: a.mention.start], text[a.mention.end : b.mention.start], text[b.mention.end :]
    # a name's own article ("the Taiwan Affairs Office") is no part of the words between
    before, mid = _NAME_ARTICLE.sub(" ", before), _NAME_ARTICLE.sub(" ", mid)
    # "(earlier than) the day the consultations of X with Y": the time word before the event noun says no role
    before = _TIME_OF_NOUN.sub(" ", before)
    # a parenthetical after the anchor ("(but still in 2014)") says no role
    if after.strip(" ,(") and not _THIRD_PLACE.match(after) and not re.match(r"\s*\(", after):
        return None
    if (_NOMINAL_OF.match(before) or _NOMINAL_ACT_OF.match(before)) and _MID_WITH.match(mid):
        return a, b, False
    if _NOMINAL_SAID_OF.match(before) and _MID_SAID.match(mid):
        return a, b, False
    if _NOMINAL_BY.match(before) and _MID_TARGET.match(mid):
        return a, b, False
    if _NOMINAL_OF.match(before) and re.fullmatch(r"\s+and\s+", mid):
        return a, b, True  # "the meeting of A and B": a joint act, either direction
    if _NOMINAL_NOUN.match(before) and _MID_PAID.match(mid):
        return a, b, False
    if not before.strip() and (
        _MID_POSSESSIVE.match(mid) or _MID_POSSESSIVE_ACT.match(mid) or _MID_POSSESSIVE_NOUN.match(mid)
    ):
        return a, b, False
    if _NOMINAL_FROM.match(before) and _MID_TO.match(mid):
        return a, b, False
    if _NOMINAL_ANY.match(before) and _MID_VERBED.match(mid):
        return a, b, False
    if _NOMINAL_OF_BY.match(before) and _MID_BY.match(mid):
        return b, a, False
    if _INTENT_OF.match(before) and _MID_INFINITIVE.match(mid):
        return a, b, False  # "the declared willingness of X to cooperate with Y": X's intent
    if _VERBAL_OF.match(before) and _MID_AGAINST.match(mid):
        return a, b, False  # "the small-arms fighting of X against Y": X's fighting
    if _NOMINAL_BETWEEN.match(before) and re.fullmatch(r"\s+and\s+", mid):
        return a, b, True
    return None


# the main clause's event noun after a verb that says no event ("saw", "was"): "(which month saw) the diplomatic
# cooperation of X with Y", "(when was) the humanitarian aid from X to Y"; after an event's own verb ("Who hosted the
# visit of X to Y") the noun's actor is no subject of the question's relation
_NOUN_LEAD = (
    r"\b(?:saw|sees|see|witnessed|witnesses|witness|marked|marks|mark|featured|features|was|were|is|are|did|does)"
)
_MAIN_NOUN_OF = re.compile(
    rf"{_NOUN_LEAD}\s+(?:the|a|an)\s+(?:[a-z-]+\s+)?(?:{_ROLE_NOUN}|cooperation|collaboration|support|aid|assistance)\s+of\s+"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
_MAIN_NOUN_FROM = re.compile(
    rf"{_NOUN_LEAD}\s+(?:the|a|an)\s+(?:[a-z-]+\s+){{0,2}}?[a-z-]+\s+from\s+(?:the\s+)?$", re.IGNORECASE
)
_MAIN_MID = re.compile(r"^\s+(?:with|to|toward|towards)\s+(?:the\s+)?$", re.IGNORECASE)
# "the first instance of", "the last occasion of" before a main clause's event noun (optional)
_INSTANCE_OF = r"(?:(?:the|a|an)\s+(?:[a-z-]+\s+){0,2}?(?:instance|occasion|case|time|example)s?\s+of\s+)?"
# "(saw) [the first instance of] X's offer of diplomatic cooperation to Y", "(when was) X's accusation against Y"
_MAIN_POSSESSIVE_LEAD = re.compile(
    rf"(?:{_NOUN_LEAD}|\bwhen)\s+{_INSTANCE_OF}(?:the\s+)?$",
    re.IGNORECASE,
)
_MAIN_POSSESSIVE_MID = re.compile(
    r"^['’]s?\s+(?:[a-z-]+\s+){0,4}?(?:with|to|toward|towards|against|on|about|at|into|regarding|concerning)\s+"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
_MAIN_NOUN_BY = re.compile(
    rf"(?:{_NOUN_LEAD}|\bwhen)\s+(?:the|a|an)\s+(?:[a-z-]+\s+){{0,2}}?[a-z-]+\s+by\s+(?:the\s+)?$", re.IGNORECASE
)
_MAIN_PREP_MID = re.compile(
    # "the offer by X to negotiate with Y": an intent's verb before the target's preposition
    r"^\s+(?:to\s+(?:[a-z]+\s+){1,3}?)?(?:with|to|toward|towards|against|on|about|at|into|regarding|concerning)\s+"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
# "(what month was) the remarks X made on Y", "(which month saw) the criticism X levelled at Y": the noun, its doer
# and a past verb (``_MID_VERBED``)
_MAIN_NOUN_VERBED = re.compile(
    rf"(?:{_NOUN_LEAD}|\bwhen)\s+{_INSTANCE_OF}(?:the|a|an)\s+(?:[a-z-]+\s+){{0,2}}?[a-z-]+\s+(?:that\s+|which\s+)?$",
    re.IGNORECASE,
)
# "(the day when) the humanitarian aid to Y by X": the noun, its target, its doer ("the criticism of Y by X" is
# ``event_agent``'s, read before)
_MAIN_NOUN_TO_BY = re.compile(
    rf"(?:{_NOUN_LEAD}|\bwhen)\s+{_INSTANCE_OF}"
    r"(?:the|a|an)\s+(?:[a-z-]+\s+){0,3}?(?:to|toward|towards|against|on|at|with|into|about)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "(on which day did) the phone call between A and B (take place)", "the meeting of A and B": a joint act, which
# ICEWS records both ways; the first named is read as its subject (two objects gave the days of either's events)
_JOINT_NOUN = (
    r"(?:consultations?|talks|meetings?|(?:phone\s+|telephone\s+)?calls?|conversations?|negotiations?|"
    r"discussions?|summits?|encounters?|signing(?:\s+of\s+(?:an?\s+)?(?:formal\s+)?(?:agreements?|accords?|deals?|"
    r"treaty|treaties))?|(?:formal\s+)?agreements?|accords?|deals?|treaty|treaties)"
)
_MAIN_NOUN_JOINT = re.compile(
    # "(what was) the date of the signing of an agreement between A and B" too
    rf"(?:{_NOUN_LEAD}|\b(?:date|day|month|year|week|time)\s+of)\s+(?:the|a|an)\s+(?:[a-z-]+\s+)?{_JOINT_NOUN}\s+"
    r"(?:between|of|involving)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_JOINT_MID = re.compile(r"^\s+and\s+(?:the\s+)?$", re.IGNORECASE)


def _nominal_main_roles(text: str, a: Mention, b: Mention) -> list[AnswerRole] | None:
    """Two names the clause reader put both after its verb, around an event noun that says their roles: "the
    diplomatic cooperation of X with Y", "the aid from X to Y" (X the subject, Y the object); None otherwise."""
    first, second = (a, b) if a.start < b.start else (b, a)
    if first.end > second.start:
        return None

    def doer(first_named: bool) -> list[AnswerRole]:
        """(a, b)'s roles where the doer is the first named of the two (or the second)."""
        if (first is a) == first_named:
            return [AnswerRole.SUBJECT, AnswerRole.OBJECT]
        return [AnswerRole.OBJECT, AnswerRole.SUBJECT]

    before = text[max(0, first.start - 80) : first.start]
    mid = text[first.end : second.start]
    if _JOINT_MID.match(mid) and _MAIN_NOUN_JOINT.search(before):
        return doer(first_named=True)
    if _MAIN_POSSESSIVE_MID.match(mid) and _MAIN_POSSESSIVE_LEAD.search(before):
        # "(which month saw the first instance of) X's accusation against Y": the possessive is the doer
        return doer(first_named=True)
    if _MAIN_PREP_MID.match(mid) and _MAIN_NOUN_BY.search(before):
        # "(when was) the earliest accusation by X against Y": the doer after "by", the target after its preposition
        return doer(first_named=True)
    if _MID_VERBED.match(mid) and _MAIN_NOUN_VERBED.search(before):
        # "(what month was) the remarks X made on Y": the noun's doer before its verb
        return doer(first_named=True)
    if _MID_BY.match(mid) and _MAIN_NOUN_TO_BY.search(before):
        # "(the day when) the humanitarian aid to Y by X (took place)": the "by" phrase is the doer
        return doer(first_named=False)
    if not _MAIN_MID.match(mid):
        return None
    if not (_MAIN_NOUN_OF.search(before) or (_MAIN_NOUN_FROM.search(before) and "from" in before[-12:].lower())):
        return None
    return doer(first_named=True)


# Where a main clause's event noun phrase may open: after "of" ("the date of the earliest instance (in 2014) of the
# hosting of X by Y") or a verb that says no event ("when was the ...")
_NP_SLOT = re.compile(rf"(?:\bof|{_NOUN_LEAD}|\bwhen)\s+(?=(?:the|a|an)\s)", re.IGNORECASE)


def _nominal_phrase_roles(
    text: str, a: tuple[Mention, EntityLink], b: tuple[Mention, EntityLink]
) -> list[AnswerRole] | None:
    """(a, b)'s roles read from the event noun phrase that holds them both, as an anchor's noun phrase is read
    (``_nominal_roles``): "the hosting of X by Y", "the small-arms fighting against X by Y", "the diplomatic
    cooperation of X with Y"; None where the phrase does not say them, or says a joint act (either direction)."""
    (ma, la), (mb, lb) = sorted((a, b), key=lambda p: p[0].start)
    if ma.end > mb.start:
        return None
    slots = [m.end() for m in _NP_SLOT.finditer(text, max(0, ma.start - 60), ma.start)]
    for start in reversed(slots):  # the nearest opening first
        # the phrase alone, at its own offsets: the words before it say no role
        padded = " " * start + text[start : mb.end]
        ents = [GroundedEntity(m, lk.key, lk.name, lk.score, AnswerRole.OBJECT) for m, lk in ((ma, la), (mb, lb))]
        read = _nominal_roles(padded, ents) if la.key != lb.key else None
        if read is None:
            continue
        doer, _, either = read
        if either:
            return None
        return [AnswerRole.SUBJECT if m is doer.mention else AnswerRole.OBJECT for m, _ in (a, b)]
    return None


_NOMINAL = re.compile(
    r"^\s*(?:the|a|an|its|his|her|their)\s+(?:[a-z]+\s+)?[a-z]+\s+(?:to|with|against|on|into|for|about)\b"
)


# Anchors that order the answer after or before the anchor's event ("Following X, who next ...", "the last before X
# did"): one day earlier or later gives another answer, so an actor's several events leave it unsaid which is meant.
# A same-period anchor ("in the same month as X") keeps MultiTQ's convention, X's first such event.
_ORDERING = frozenset({AnchorRelation.AFTER, AnchorRelation.BEFORE})


def _fits(clause: _Clause) -> bool:
    """Whether the clause's relation matched its phrase at least ``FIT_MIN`` (else it is the nearest neighbour of a
    phrase no relation of the graph says, and the main clause's relation is the better guess)."""
    score = next((c.score for c in clause.candidates if c.relation == clause.relation), None)
    return score is not None and score >= FIT_MIN


def _main_text(tq: TemporalQuestion) -> str:
    """The question with its anchors cut out, so "Before X did Y, whom did ..." reads as "whom did ..."."""
    text = tq.text
    for a in sorted(tq.anchors, key=lambda a: -a.trigger_start):
        end = a.end
        while end < len(text) and text[end] in " ,":
            end += 1
        text = text[: a.trigger_start] + text[end:]
    return text


def _period_of_the_other(anchors: tuple[GroundedAnchor, ...]) -> tuple[GroundedAnchor, ...]:
    """ "After X did R to Y, which others did S to Z that same month?": a bare same-period anchor beside one before /
    after anchor whose event was found is that event's period (it was unresolved: "in the same month" alone names no
    event). With no such anchor, or several, it is left unresolved."""
    sides = [
        ga
        for ga in anchors
        if ga.event is not None and ga.anchor.relation in (AnchorRelation.BEFORE, AnchorRelation.AFTER)
    ]
    if len(sides) != 1:
        return anchors
    side = sides[0]
    return tuple(
        GroundedAnchor(
            ga.anchor, f"the period of the anchor {side.anchor.text!r}", side.relation, events=side.events[:1]
        )
        if _bare(ga.anchor) and ga.event is None and ga.anchor.relation in _SAME_PERIOD
        else ga
        for ga in anchors
    )


def _bare(anchor: Anchor) -> bool:
    """ "in the same year" with nothing after it."""
    return not anchor.text.strip() and anchor.granularity is not None


def _second_in_role(entities: Sequence[GroundedEntity]) -> GroundedEntity | None:
    """The later of two linked entities given the same role (by position), or None."""
    seen: dict[AnswerRole, str] = {}
    for e in sorted(entities, key=lambda e: e.mention.start):
        if e.role in seen and seen[e.role] != e.key:
            return e
        seen.setdefault(e.role, e.key)
    return None


# Words before an anchor's clause that say no part of its event: "(ahead of) the occasion when X praised Y", "(on the
# day following) the one when X appealed to Y", "(in the month when) (according to the records) X consulted Y". Read
# with them, the clause's subject was taken for an object and the anchor's roles were unsaid.
_EVENT_LEAD = re.compile(
    r"^(?:(?:the|that)\s+(?:occasion|one|time|moment|instance|event|day|date)\s+(?:when|on\s+which|in\s+which|that)\s+)?"
    r"(?:\((?:according\s+to|as\s+(?:recorded|reported|noted|listed)|per)\b[^()]*\)\s*,?\s*)?",
    re.IGNORECASE,
)


def _lead(text: str) -> int:
    """The length of ``_EVENT_LEAD`` at the start of an anchor's text (0 when none)."""
    m = _EVENT_LEAD.match(text)
    return m.end() if m is not None and m.end() < len(text) else 0


def _event_text(text: str) -> str:
    """An anchor's text without the words before its clause that say no part of its event (``_EVENT_LEAD``)."""
    return text[_lead(text) :]


def _moved(mention: Mention, offset: int) -> Mention:
    """A mention of an anchor's text placed in the question's text."""
    return replace(mention, start=mention.start + offset, end=mention.end + offset)


def _whole(anchor: Anchor) -> Mention:
    return Mention(anchor.text, anchor.start, anchor.end, MentionKind.NAME)


def _names_one_entity(anchor: Anchor) -> bool:
    """An anchor that is one name: "Okada Katsuya", "the Kuomintang", "the head of government of X"."""
    if not anchor.mentions:
        return True
    rest = without_mentions(anchor)
    leftover = [w for w in re.findall(r"[\w'’-]+", rest.lower()) if w not in {"the", "a", "an", "of", "s"}]
    return not leftover


def _outside(mentions: Sequence[Mention], moved: Mention) -> list[Mention]:
    """``mentions`` less ``moved`` and the mentions inside it ("Ecuador" in "the government of Ecuador"): what is
    left of the main clause once a coordinated actor moves to the anchor."""
    return [m for m in mentions if not (moved.start <= m.start and m.end <= moved.end)]


def _exact(links: Sequence[EntityLink]) -> list[EntityLink]:
    return [x for x in links if x.score >= EXACT_SCORE - 0.5]


def sector_mentions(
    linked: Sequence[tuple[Mention, EntityLink]],
    links: dict[Mention, list[EntityLink]],
    roles: Sequence[AnswerRole],
    swapped: bool,
) -> list[dict[str, object]]:
    """The parameters of ``ql.SECTOR_ROLE_COUNTS``: each linked sector mention (by its place in ``linked``) that has
    several exact names and was linked to the first of them, with those names and its role in the relation; and the
    question's other entity in the other role (``partner``), whose events with it are the ones that count ("Anders
    Anundsen's statement on officials in Russia": Government Official (Russia) has statements about it, but not
    Anundsen's, which are about Other Authorities / Officials (Russia))."""
    out: list[dict[str, object]] = []
    for i, ((m, lk), r) in enumerate(zip(linked, roles, strict=True)):
        exact = _exact(links.get(m, []))
        if m.kind is MentionKind.ROLE and len(exact) > 1 and exact[0].key == lk.key:
            others = [olk.key for j, ((_, olk), o) in enumerate(zip(linked, roles, strict=True)) if j != i and o != r]
            partner = others[0] if len(linked) == 2 and len(others) == 1 else None
            out.append(
                {"i": i, "keys": [x.key for x in exact], "role": (swap(r) if swapped else r).value, "partner": partner}
            )
    return out


def acting_sectors(
    linked: Sequence[tuple[Mention, EntityLink]],
    links: dict[Mention, list[EntityLink]],
    rows: Iterable[dict[str, Any]],
) -> list[tuple[Mention, EntityLink]]:
    """``linked`` with each sector mention whose first name has no events in its role moved to the first exact name
    that has some (``rows``: ``ql.SECTOR_ROLE_COUNTS``'s, mention index, key and count)."""
    counts: dict[int, dict[str, int]] = {}
    for row in rows:
        counts.setdefault(int(row["i"]), {})[str(row["key"])] = int(row["n"])
    out = []
    for i, (m, lk) in enumerate(linked):
        mine = counts.get(i)
        if mine is not None and not mine.get(lk.key):
            lk = next((x for x in _exact(links.get(m, [])) if mine.get(x.key)), lk)
        out.append((m, lk))
    return out


def _bound_first(constraints: list[TemporalConstraint]) -> list[TemporalConstraint]:
    """ "In 2014, before 19 July 2014, who ...?": the stated bound, not the period around it, orders the answers (the
    nearest before it, as "before 19 July 2014" alone); only for stated times, both within the one period."""
    if len(constraints) < 2 or any(c.anchor_event for c in constraints):
        return constraints
    first = constraints[0]
    bounds = [
        c
        for c in constraints[1:]
        if c.relation in (TemporalRelation.BEFORE, TemporalRelation.AFTER) and first.span.overlaps(c.span)
    ]
    if first.relation is not TemporalRelation.DURING or len(bounds) != 1:
        return constraints
    return [bounds[0]] + [c for c in constraints if c is not bounds[0]]


def _either(phrase: str, relation: str | None, candidates: Sequence[RelationMatch]) -> tuple[str, ...]:
    """The candidate relations the phrase names equally (``either_acts``), when the chosen one is among them; ()
    otherwise (a phrase that names one act, or a relation an anchor fixed)."""
    acts = either_acts(phrase)
    if not acts or relation is None or humanise(relation) not in acts:
        return ()
    out = [c.relation for c in candidates if humanise(c.relation) in acts]
    return tuple(dict.fromkeys([relation, *out])) if len(set(out)) > 1 else ()
