"""The symbolic reader's temporal operators on hand-made fact sets (expected answers worked out by reading the table).

key subject  relation  object  time
e1  A        Consult   X       2014-01-10
e2  B        Consult   X       2014-03-05
e3  C        Consult   X       2014-03-20
e4  B        Consult   X       2014-05-01
e5  D        Consult   X       2014-05-01   (ties with e4 on the same day)
e6  A        Consult   Y       2014-03-07   (other object)
e7  E        Criticize X       2014-02-01   (other relation)
"""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerRole, Evidence, ItemKind, Order, ReadPlan, TemporalConstraint
from tkgrag.readers.operators import apply_plan
from tkgrag.temporal import Granularity, TimeSpan


def ev(key: str, s: str, r: str, o: str, t: str, score: float = 0.5) -> Evidence:
    return Evidence.event(key, f"{s} {r} {o} {t}", s, r, o, TimeSpan.parse(t), score)


FACTS = [
    ev("e1", "A", "Consult", "X", "2014-01-10"),
    ev("e2", "B", "Consult", "X", "2014-03-05"),
    ev("e3", "C", "Consult", "X", "2014-03-20"),
    ev("e4", "B", "Consult", "X", "2014-05-01"),
    ev("e5", "D", "Consult", "X", "2014-05-01"),
    ev("e6", "A", "Consult", "Y", "2014-03-07"),
    ev("e7", "E", "Criticize", "X", "2014-02-01"),
]
WHO_CONSULTED_X = {"role": AnswerRole.SUBJECT, "relation": "Consult", "object": "X"}


def texts(answers: list) -> list[str]:  # type: ignore[type-arg]
    return [a.text for a in answers]


def test_first_to_consult() -> None:
    got = apply_plan(FACTS, ReadPlan(order=Order.FIRST, **WHO_CONSULTED_X))
    # earliest per answer: A 01-10, B 03-05, C 03-20, D 05-01
    assert texts(got) == ["A", "B", "C", "D"]
    assert got[0].supporting_events == ("e1",) and got[0].score == 1.0


def test_last_to_consult_ties_share_rank() -> None:
    got = apply_plan(FACTS, ReadPlan(order=Order.LAST, **WHO_CONSULTED_X))
    # latest per answer: B 05-01 and D 05-01 tie (ordered by name), then C 03-20, then A 01-10
    assert texts(got) == ["B", "D", "C", "A"]
    assert got[0].score == got[1].score == 1.0 and got[2].score == 0.5
    assert got[0].supporting_events == ("e4", "e2")  # B's deciding (latest) fact first


def test_in_month_with_support_order() -> None:
    plan = ReadPlan(constraint=TemporalConstraint.in_period("2014-03"), **WHO_CONSULTED_X)
    assert texts(apply_plan(FACTS, plan)) == ["B", "C"]  # one fact each, equal scores -> by name


def test_first_within_a_month() -> None:
    plan = ReadPlan(order=Order.FIRST, constraint=TemporalConstraint.in_period("2014-05"), **WHO_CONSULTED_X)
    assert texts(apply_plan(FACTS, plan)) == ["B", "D"]  # both on 05-01


def test_after_first_relative_to_anchor() -> None:
    # "After C consulted X (e3, 2014-03-20), who was the first to consult X?" -> B on 05-01 and D tie
    anchor = TemporalConstraint.after("2014-03-20")
    got = apply_plan(FACTS, ReadPlan(order=Order.FIRST, constraint=anchor, **WHO_CONSULTED_X))
    assert texts(got) == ["B", "D"]


def test_before_last_relative_to_anchor_excluding_anchor_subject() -> None:
    # "Before C consulted X, who was the last to consult X?" -> B (03-05), then A (01-10)
    plan = ReadPlan(
        order=Order.LAST,
        constraint=TemporalConstraint.before("2014-03-20"),
        exclude=frozenset({"C"}),
        **WHO_CONSULTED_X,
    )
    assert texts(apply_plan(FACTS, plan)) == ["B", "A"]


def test_nearest_before_a_date() -> None:
    plan = ReadPlan(order=Order.NEAREST, constraint=TemporalConstraint.before("2014-05"), **WHO_CONSULTED_X)
    # before 2014-05-01: C (03-20) is nearest, then B (03-05), then A
    assert texts(apply_plan(FACTS, plan)) == ["C", "B", "A"]


def test_who_else_in_same_month_excludes_the_named_entity() -> None:
    plan = ReadPlan(constraint=TemporalConstraint.in_period("2014-05"), exclude=frozenset({"B"}), **WHO_CONSULTED_X)
    assert texts(apply_plan(FACTS, plan)) == ["D"]


def test_time_answers_at_month_granularity() -> None:
    plan = ReadPlan(
        role=AnswerRole.TIME,
        subject="B",
        object="X",
        relation="Consult",
        order=Order.FIRST,
        time_granularity=Granularity.MONTH,
    )
    assert texts(apply_plan(FACTS, plan)) == ["2014-03", "2014-05"]
    day = ReadPlan(role=AnswerRole.TIME, subject="B", object="X", relation="Consult", order=Order.LAST)
    assert texts(apply_plan(FACTS, day)) == ["2014-05-01", "2014-03-05"]


def test_object_answers_and_underscore_keys() -> None:
    facts = [ev("k1", "Head_of_State_(X)", "Consult", "Citizen_(India)", "2014-01-01")]
    plan = ReadPlan(role=AnswerRole.OBJECT, subject="Head of State (X)")
    assert texts(apply_plan(facts, plan)) == ["Citizen (India)"]


def test_empty_when_nothing_qualifies() -> None:
    assert apply_plan(FACTS, ReadPlan(constraint=TemporalConstraint.in_period("2015"), **WHO_CONSULTED_X)) == []
    assert apply_plan([], ReadPlan(role=AnswerRole.SUBJECT)) == []


def test_also_constraints_must_all_hold() -> None:
    # first after 2014-01-31 AND within March: B (03-05), then C (03-20); B's and D's May facts are outside March
    plan = ReadPlan(
        order=Order.FIRST,
        constraint=TemporalConstraint.after("2014-01-31"),
        also=(TemporalConstraint.in_period("2014-03"),),
        **WHO_CONSULTED_X,
    )
    assert texts(apply_plan(FACTS, plan)) == ["B", "C"]


def test_position_puts_the_nth_group_first() -> None:
    # first-order groups: A (01-10), B (03-05), C (03-20), D (05-01); "the second to consult X" -> B, then the rest
    plan = ReadPlan(order=Order.FIRST, position=2, **WHO_CONSULTED_X)
    got = apply_plan(FACTS, plan)
    assert texts(got) == ["B", "C", "D", "A"] and got[0].score == 1.0
    # a position past the last group leaves the order as it is
    assert texts(apply_plan(FACTS, ReadPlan(order=Order.FIRST, position=9, **WHO_CONSULTED_X))) == ["A", "B", "C", "D"]


def test_position_counts_from_one() -> None:
    with pytest.raises(ValueError, match="counts from 1"):
        ReadPlan(role=AnswerRole.SUBJECT, position=0)


def test_supporting_events_put_the_deciding_fact_first() -> None:
    # "Who was the first to consult X?": B's facts e2 (03-05) and e4 (05-01); the first one decides
    got = apply_plan(FACTS, ReadPlan(order=Order.FIRST, **WHO_CONSULTED_X))
    assert got[1].text == "B" and got[1].supporting_events == ("e2", "e4")


def test_passages_and_chunks_are_not_read_as_facts() -> None:
    # A dated passage and chunk would give "2014-06-01"/"2014-07-01" to a plan with no role filters if they were read
    passage = Evidence(ItemKind.PASSAGE, "p1", "B consulted X in June 2014.", 0.9, TimeSpan.parse("2014-06-01"))
    chunk = Evidence(ItemKind.CHUNK, "c1", "B consulted X in July 2014.", 0.9, TimeSpan.parse("2014-07-01"))
    fact = Evidence.event("f1", "", "B", "Consult", "X", TimeSpan.parse("2014-05"), 0.1, kind=ItemKind.FACT)
    plan = ReadPlan(role=AnswerRole.TIME, order=Order.FIRST, time_granularity=Granularity.MONTH)
    got = apply_plan([passage, chunk, fact], plan)
    assert texts(got) == ["2014-05"] and got[0].supporting_events == ("f1",)


def named(key: str, s: str, s_name: str, o: str, o_name: str, start: str, end: str | None) -> Evidence:
    span = TimeSpan.between(start, end)
    return Evidence.event(key, key, s, "Serve_as_CEO_of", o, span, 0.5, subject_name=s_name, object_name=o_name)


# A mapped graph's keys are not names: barker is Jack Barker, piedpiper is Pied Piper.
CEOS = [
    named("r06", "hendricks", "Richard Hendricks", "piedpiper", "Pied Piper", "2014-04-01", "2018-10-31"),
    named("r07", "barker", "Jack Barker", "piedpiper", "Pied Piper", "2018-11-01", "2020-06-30"),
    named("r08", "chugtai", "Dinesh Chugtai", "piedpiper", "Pied Piper", "2020-07-01", None),  # still CEO
]
CEO_OF_PIED_PIPER = {"role": AnswerRole.SUBJECT, "relation": "Serve_as_CEO_of", "object": "piedpiper"}


def test_entity_answers_show_the_name_and_carry_the_key() -> None:
    got = apply_plan(CEOS, ReadPlan(constraint=TemporalConstraint.in_period("2019"), **CEO_OF_PIED_PIPER))
    assert [(a.text, a.key) for a in got] == [("Jack Barker", "barker")]
    # the object's name too, and an exclusion names the key
    plan = ReadPlan(role=AnswerRole.OBJECT, subject="barker", exclude=frozenset({"hendricks"}))
    assert [(a.text, a.key) for a in apply_plan(CEOS, plan)] == [("Pied Piper", "piedpiper")]
    who = ReadPlan(order=Order.FIRST, exclude=frozenset({"hendricks"}), **CEO_OF_PIED_PIPER)
    assert texts(apply_plan(CEOS, who)) == ["Jack Barker", "Dinesh Chugtai"]


def test_a_span_that_has_not_ended_is_the_last() -> None:
    # "Who was the last CEO of Pied Piper?": Chugtai's role (2020-07-01, no end) outlasts Barker's (ended 2020-06-30);
    # an open end sorted as "undated" put Barker first
    got = apply_plan(CEOS, ReadPlan(order=Order.LAST, **CEO_OF_PIED_PIPER))
    assert texts(got) == ["Dinesh Chugtai", "Jack Barker", "Richard Hendricks"]
