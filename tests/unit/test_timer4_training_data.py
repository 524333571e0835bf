"""TimeR4's training data: the three corruption types change exactly what they say, the generator's answers are exact
on a hand-made KG, and batches depend only on (seed, step)."""

from __future__ import annotations

import random
from datetime import date

import pytest

from tkgrag.train.negatives import Corruption, Fact, WrongTimes, corrupt_content, corrupt_time, negatives
from tkgrag.train.questions import KG, Exclusion, QuestionMaker
from tkgrag.train.retriever import batch_indices

GOLD = Fact("Iran", "Consult", "Japan", date(2010, 5, 13))
RELATIONS = ["Consult", "Accuse", "Praise_or_endorse", "Threaten"]
ENTITIES = ["Iran", "Japan", "China", "France", "Togo"]


def test_time_corruption_changes_only_the_date_to_a_wrong_one() -> None:
    wrong = WrongTimes(date(2010, 5, 12), date(2010, 5, 14))  # "on 2010-05-13"
    for seed in range(30):
        f = corrupt_time(GOLD, wrong, random.Random(seed))
        assert (f.subject, f.relation, f.object) == (GOLD.subject, GOLD.relation, GOLD.object)
        assert f.day != GOLD.day and wrong.admits(f.day)


def test_time_corruption_prefers_a_real_wrong_date() -> None:
    wrong = WrongTimes(None, date(2010, 6, 1))  # "before 2010-06-01": wrong is on/after June 1
    real = [date(2010, 5, 1), date(2010, 7, 4)]
    assert corrupt_time(GOLD, wrong, random.Random(1), real).day == date(2010, 7, 4)
    with pytest.raises(ValueError, match="admits every date"):
        corrupt_time(GOLD, WrongTimes(None, None), random.Random(1))


def test_content_corruption_keeps_the_date_and_changes_one_thing() -> None:
    for seed in range(40):
        f = corrupt_content(GOLD, random.Random(seed), RELATIONS, ENTITIES, question_entities=["Japan"])
        assert f.day == GOLD.day
        changed = [a for a in ("subject", "relation", "object") if getattr(f, a) != getattr(GOLD, a)]
        assert len(changed) == 1
        assert changed[0] in ("relation", "object")  # the answer's entity (Iran) is never swapped


def test_both_corrupts_time_and_content() -> None:
    wrong = WrongTimes(date(2010, 5, 12), date(2010, 5, 14))
    negs = negatives(GOLD, wrong, random.Random(3), RELATIONS, ENTITIES, ["Japan"])
    assert set(negs) == set(Corruption)
    both = negs[Corruption.BOTH]
    assert wrong.admits(both.day)
    assert (both.subject, both.relation, both.object) != (GOLD.subject, GOLD.relation, GOLD.object)
    assert negs[Corruption.TIME].day == both.day


def _kg() -> KG:
    rows = [
        ("Iran", "Consult", "Japan", "2010-01-05"),
        ("China", "Consult", "Japan", "2010-02-10"),
        ("France", "Consult", "Japan", "2010-02-10"),
        ("Togo", "Consult", "Japan", "2010-03-20"),
        ("Iran", "Consult", "Japan", "2010-04-01"),
        ("Iran", "Accuse", "China", "2014-06-01"),
    ]
    return KG([Fact(s, r, o, date.fromisoformat(t)) for s, r, o, t in rows])


def test_generator_answers_are_exact() -> None:
    kg = _kg()
    maker = QuestionMaker(kg, Exclusion(years={2014}), seed=5)
    iran = kg.facts[0]
    text, gold, wrong, answers, _ = maker._first(iran)  # type: ignore[misc]
    assert gold == iran and answers == ["Iran"] and "first" in text
    _, gold, _, answers, _ = maker._last(iran)  # type: ignore[misc]
    assert gold.day == date(2010, 4, 1) and answers == ["Iran"]
    _, gold, _, answers, _ = maker._equal_day(kg.facts[1])  # type: ignore[misc]
    assert answers == ["China", "France"]
    _, gold, _, answers, _ = maker._when_last(iran)  # type: ignore[misc]
    assert answers == ["2010-04-01"]
    assert wrong.admits(date(2010, 1, 6)) and not wrong.admits(date(2010, 1, 5))  # first: any later day is wrong


def test_generator_never_uses_excluded_facts() -> None:
    exclusion = Exclusion(years={2014})
    exclusion.add_questions([{"entities": ["Togo"], "answers": ["Japan"], "time": ["2010-02"]}])
    maker = QuestionMaker(_kg(), exclusion, seed=1)
    assert {(f.subject, f.day.month) for f in maker.allowed} == {("Iran", 1), ("Iran", 4)}
    for q in maker.questions(20):
        for f in (q.positive, *q.negatives.values()):
            assert not exclusion.excludes(f)


def test_batches_depend_only_on_seed_and_step() -> None:
    a = [batch_indices(10, 4, s, seed=7) for s in range(5)]
    assert a == [batch_indices(10, 4, s, seed=7) for s in range(5)]
    first_epoch = a[0] + a[1] + a[2][:2]
    assert sorted(first_epoch) == list(range(10))  # each example once per epoch
    assert a != [batch_indices(10, 4, s, seed=8) for s in range(5)]
