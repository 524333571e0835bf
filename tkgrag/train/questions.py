"""MultiTQ-style training questions for TimeR4's time-aware retriever, generated from a TKG with exact answers.

Each question has one gold fact (the positive) and one negative of each of the paper's three corruption types
(``negatives``). The question types follow MultiTQ's (equal, before/after, first/last, equal-multi) in the explicit
form TimeR4's rewrite step produces ("After 2006-02-22, who was the first to praise Juan Carlos I?"), with our own
phrasings: several sentence shapes, three date formats, and hand paraphrases of frequent relations.

Answers are computed on the whole KG file (so "first" is first in the KG), and a question is kept only when its
gold fact is allowed (``Exclusion``: not in the evaluation years, not a possible gold fact of an evaluation question).
"""

from __future__ import annotations

import bisect
import hashlib
import json
import random
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.train.negatives import Corruption, Fact, WrongTimes, negatives
from tkgrag.verbalize import entity_name, relation_past, relation_phrase

# Own paraphrases of frequent ICEWS relations (past tense, infinitive); the rest use the CAMEO name as verbalised.
PARAPHRASES: dict[str, list[tuple[str, str]]] = {
    "Consult": [("consulted", "consult"), ("held talks with", "hold talks with")],
    "Make_statement": [("made a statement about", "make a statement about"), ("spoke about", "speak about")],
    "Praise_or_endorse": [("praised", "praise"), ("endorsed", "endorse")],
    "Criticize_or_denounce": [("criticized", "criticize"), ("denounced", "denounce")],
    "Make_a_visit": [("visited", "visit"), ("paid a visit to", "pay a visit to")],
    "Host_a_visit": [("hosted", "host"), ("received a visit from", "receive a visit from")],
    "Express_intent_to_meet_or_negotiate": [("wanted to meet", "want to meet"), ("offered talks to", "offer talks to")],
    "Make_an_appeal_or_request": [("appealed to", "appeal to"), ("made a request to", "make a request to")],
    "Accuse": [("accused", "accuse"), ("leveled accusations against", "level accusations against")],
    "Engage_in_negotiation": [("negotiated with", "negotiate with")],
    "Sign_formal_agreement": [("signed an agreement with", "sign an agreement with")],
    "Threaten": [("threatened", "threaten")],
    "Demand": [("made demands of", "make demands of")],
    "Investigate": [("investigated", "investigate")],
    "Reject": [("rejected", "reject"), ("turned down", "turn down")],
    "Discuss_by_telephone": [("phoned", "phone"), ("spoke by telephone with", "speak by telephone with")],
}

_MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip


def relation_forms(relation: str, rng: random.Random) -> tuple[str, str]:
    """(past, infinitive) phrasing of a relation: a paraphrase when one exists (2 in 3), else the CAMEO name."""
    options = PARAPHRASES.get(relation)
    if options and rng.random() < 2 / 3:
        return rng.choice(options)
    return relation_past(relation), relation_phrase(relation).lower()


def day_phrase(d: date, rng: random.Random) -> str:
    """A day in one of three formats: ISO (as MultiTQ), "22 July 2015", "July 22, 2015"."""
    form = rng.randrange(3)
    if form == 0:
        return d.isoformat()
    if form == 1:
        return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"
    return f"{_MONTHS[d.month - 1]} {d.day}, {d.year}"


def month_phrase(d: date, rng: random.Random) -> str:
    return f"{d.year}-{d.month:02d}" if rng.random() < 0.5 else f"{_MONTHS[d.month - 1]} {d.year}"


def _month_end(d: date) -> date:
    nxt = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return nxt - timedelta(days=1)


@dataclass
class Exclusion:
    """What training must never see: whole years (icews14's 2014: the tkgqa dev set), days and months a dev question
    names, and every fact joining a dev question's entity to one of its answers (its possible gold facts)."""

    years: set[int] = field(default_factory=set)
    days: set[date] = field(default_factory=set)
    months: set[tuple[int, int]] = field(default_factory=set)
    pairs: set[frozenset[str]] = field(default_factory=set)

    def excludes(self, f: Fact) -> bool:
        return (
            f.day.year in self.years
            or f.day in self.days
            or (f.day.year, f.day.month) in self.months
            or frozenset((f.subject, f.object)) in self.pairs
        )

    def add_questions(self, questions: Iterable[dict[str, Any]]) -> None:
        """A MultiTQ / tkgqa question: its ``time`` values (days and months; a bare year is left to ``years``), its
        entities x answers pairs."""
        for q in questions:
            for t in q.get("time") or []:
                parts = str(t).split("-")
                if len(parts) == 3:
                    self.days.add(date(int(parts[0]), int(parts[1]), int(parts[2])))
                elif len(parts) == 2:
                    self.months.add((int(parts[0]), int(parts[1])))
            names = [_key(e) for e in q.get("entities") or []]
            answers = [_key(a) for a in q.get("answers") or []]
            for e in names:
                for a in [*answers, *names]:
                    if a != e:
                        self.pairs.add(frozenset((e, a)))
            for s, _r, o, _t in q.get("evidence") or []:
                self.pairs.add(frozenset((s, o)))


def _key(name: str) -> str:
    return str(name).replace(" ", "_")


@dataclass(frozen=True)
class TrainingQuestion:
    qid: str
    question: str
    qtype: str
    positive: Fact
    negatives: dict[Corruption, Fact]
    answers: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "qid": self.qid,
            "question": self.question,
            "qtype": self.qtype,
            "answers": list(self.answers),
            "positive": {"text": self.positive.text, "fact": self.positive.as_list()},
            "negatives": [{"type": c.value, "text": f.text, "fact": f.as_list()} for c, f in self.negatives.items()],
        }


class KG:
    """The quadruples of a TKG file, indexed for exact answers: by (relation, object) and (subject, relation,
    object), dates sorted."""

    def __init__(self, facts: Sequence[Fact]) -> None:
        self.facts = list(facts)
        self.by_ro: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        for f in self.facts:
            self.by_ro[(f.relation, f.object)].append(f)
            self.by_sro[(f.subject, f.relation, f.object)].append(f.day)
        for lst in self.by_ro.values():
            lst.sort(key=lambda f: (f.day, f.subject))
        for dates in self.by_sro.values():
            dates.sort()
        self.relations = sorted({f.relation for f in self.facts})
        self.entities = sorted({e for f in self.facts for e in (f.subject, f.object)})

    @classmethod
    def read(cls, path: Path) -> KG:
        facts = []
        with path.open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                parts = line.rstrip("\n").split("\t")
                if len(parts) < 4:
                    raise ValueError(f"{path}:{n}: expected subject, relation, object, date separated by tabs")
                facts.append(Fact(parts[0], parts[1], parts[2], date.fromisoformat(parts[3][:10])))
        return cls(facts)


def _days(facts: Sequence[Fact]) -> list[date]:
    return [f.day for f in facts]


class QuestionMaker:
    """Draws questions of every type around randomly chosen allowed facts."""

    TYPES = ("equal_day", "equal_month", "before", "after", "first", "last", "first_in_year", "when_first", "when_last")

    def __init__(self, kg: KG, exclusion: Exclusion, seed: int = 13) -> None:
        self.kg = kg
        self.exclusion = exclusion
        self.rng = random.Random(seed)
        self.allowed = [f for f in kg.facts if not exclusion.excludes(f)]

    def questions(self, n: int) -> Iterator[TrainingQuestion]:
        made = 0
        tries = 0
        while made < n and tries < n * 20:
            tries += 1
            fact = self.rng.choice(self.allowed)
            qtype = self.TYPES[tries % len(self.TYPES)]
            q = getattr(self, "_" + qtype)(fact)
            if q is None:
                continue
            text, positive, wrong, answers, question_entities = q
            if self.exclusion.excludes(positive):
                continue
            real = self.kg.by_sro[(positive.subject, positive.relation, positive.object)]
            negs = negatives(
                positive,
                wrong,
                self.rng,
                self.kg.relations,
                self.kg.entities,
                question_entities,
                [d for d in real if not self.exclusion.excludes(replace(positive, day=d))],
            )
            if any(self.exclusion.excludes(g) for g in negs.values()):
                continue  # a negative in an evaluation year (a synthetic date can land there): draw another
            made += 1
            yield TrainingQuestion(f"t4-{made:06d}", text, qtype, positive, negs, tuple(answers))

    # Each maker returns (question, gold fact, wrong times, answers, the question's entities) or None.
    def _who(self, f: Fact, when: str, lead: bool) -> str:
        past, _ = relation_forms(f.relation, self.rng)
        o = entity_name(f.object)
        shapes = [f"Who {past} {o} {when}?", f"Which actor {past} {o} {when}?"]
        if lead:
            shapes.append(f"{when[0].upper()}{when[1:]}, who {past} {o}?")
        return self.rng.choice(shapes)

    def _equal_day(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        same = [g for g in self.kg.by_ro[(f.relation, f.object)] if g.day == f.day]
        text = self._who(f, "on " + day_phrase(f.day, self.rng), lead=True)
        wrong = WrongTimes(f.day - timedelta(days=1), f.day + timedelta(days=1))
        return text, f, wrong, sorted({entity_name(g.subject) for g in same}), [f.object]

    def _equal_month(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        first, last = f.day.replace(day=1), _month_end(f.day)
        same = [g for g in self.kg.by_ro[(f.relation, f.object)] if first <= g.day <= last]
        text = self._who(f, "in " + month_phrase(f.day, self.rng), lead=True)
        wrong = WrongTimes(first - timedelta(days=1), last + timedelta(days=1))
        return text, f, wrong, sorted({entity_name(g.subject) for g in same}), [f.object]

    def _before(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        # "before D": the gold is the last fact of (r, o) before D; D is a few days to months after it.
        facts = self.kg.by_ro[(f.relation, f.object)]
        bound = f.day + timedelta(days=self.rng.randint(1, 90))
        if bound.year in self.exclusion.years:
            return None  # the question would name an evaluation year
        i = bisect.bisect_left(_days(facts), bound)
        gold = facts[i - 1]
        answers = sorted({entity_name(g.subject) for g in facts if g.day == gold.day})
        text = self._who(gold, "before " + day_phrase(bound, self.rng), lead=True)
        return text, gold, WrongTimes(None, bound), answers, [f.object]

    def _after(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        facts = self.kg.by_ro[(f.relation, f.object)]
        bound = f.day - timedelta(days=self.rng.randint(1, 90))
        if bound.year in self.exclusion.years:
            return None  # the question would name an evaluation year
        i = bisect.bisect_right(_days(facts), bound)
        gold = facts[i]
        answers = sorted({entity_name(g.subject) for g in facts if g.day == gold.day})
        text = self._who(gold, "after " + day_phrase(bound, self.rng), lead=True)
        return text, gold, WrongTimes(bound, None), answers, [f.object]

    def _ordinal(self, f: Fact, first: bool, within: tuple[date, date] | None) -> tuple[str, Fact, WrongTimes] | None:
        facts = [g for g in self.kg.by_ro[(f.relation, f.object)] if within is None or within[0] <= g.day <= within[1]]
        if len(facts) < 2:
            return None
        gold = facts[0] if first else facts[-1]
        # Wrong: any later date than the first (earlier than the last); same-day ties are answers too.
        wrong = (
            WrongTimes(None, gold.day + timedelta(days=1)) if first else WrongTimes(gold.day - timedelta(days=1), None)
        )
        past, _ = relation_forms(f.relation, self.rng)
        o = entity_name(f.object)
        word = "first" if first else "last"
        when = f" in {gold.day.year}" if within else ""
        text = self.rng.choice(
            [
                f"Who was the {word} to {relation_forms(f.relation, self.rng)[1]} {o}{when}?",
                f"Who {word} {past} {o}{when}?",
            ]
        )
        return text, gold, wrong

    def _first(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        r = self._ordinal(f, True, None)
        return None if r is None else (*r, self._tied(r[1]), [f.object])

    def _last(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        r = self._ordinal(f, False, None)
        return None if r is None else (*r, self._tied(r[1]), [f.object])

    def _first_in_year(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        year = (date(f.day.year, 1, 1), date(f.day.year, 12, 31))
        r = self._ordinal(f, self.rng.random() < 0.5, year)
        return None if r is None else (*r, self._tied(r[1]), [f.object])

    def _tied(self, gold: Fact) -> list[str]:
        return sorted(
            {entity_name(g.subject) for g in self.kg.by_ro[(gold.relation, gold.object)] if g.day == gold.day}
        )

    def _when(self, f: Fact, first: bool) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        dates = self.kg.by_sro[(f.subject, f.relation, f.object)]
        if len(dates) < 2:
            return None
        day = dates[0] if first else dates[-1]
        gold = Fact(f.subject, f.relation, f.object, day)
        _, inf = relation_forms(f.relation, self.rng)
        s, o, word = entity_name(f.subject), entity_name(f.object), "first" if first else "last"
        text = self.rng.choice([f"When did {s} {word} {inf} {o}?", f"On which day did {s} {word} {inf} {o}?"])
        wrong = WrongTimes(None, day + timedelta(days=1)) if first else WrongTimes(day - timedelta(days=1), None)
        return text, gold, wrong, [day.isoformat()], [f.subject, f.object]

    def _when_first(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        return self._when(f, True)

    def _when_last(self, f: Fact) -> tuple[str, Fact, WrongTimes, list[str], list[str]] | None:
        return self._when(f, False)


def split_of(row: dict[str, Any], validation_share: float) -> str:
    """ "validation" or "train" by a hash of the gold triple, so a validation fact is never a training fact."""
    triple = "|".join(row["positive"]["fact"][:3])
    bucket = int(hashlib.sha256(triple.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return "validation" if bucket < validation_share else "train"


def write_jsonl(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    """``rows`` as JSON lines, written to a temporary file and moved into place: an interrupted write leaves the old
    file (or none), never half a file that a later run would read as complete. Returns the number of rows."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    n = 0
    with tmp.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            n += 1
    tmp.replace(path)
    return n


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}:{n}: not JSON ({exc.msg})") from None
    return rows
