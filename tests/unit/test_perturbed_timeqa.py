"""benchmarks/make_perturbed_timeqa.py on hand-made TimeQA questions: same answer, new surface form of the date."""

from __future__ import annotations

import calendar
import importlib.util
import json
import random
import re
import sys
from datetime import date
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tkgrag.sources.benchmarks import load_dataset

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "make_perturbed_timeqa.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_perturbed_timeqa", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses resolve their annotations through sys.modules
    spec.loader.exec_module(mod)
    return mod


mp = _load()
MONTH = {name: i for i, name in enumerate(calendar.month_name) if name}
AS_OF = re.compile(r"as of (\d{1,2}) ([A-Z][a-z]+) (\d{4})")


def constraint(question: str) -> Any:
    c = mp.find_constraint(question)
    assert c is not None, question
    return c


# ------------------------------------------------------------------------------------------- parsing
def test_parse_time_forms() -> None:
    assert mp.parse_time("1987") == mp.TimePoint(1987, None)
    assert mp.parse_time("Jun 1999") == mp.TimePoint(1999, 6)
    assert mp.parse_time("March 1932") == mp.TimePoint(1932, 3)
    assert mp.parse_time("SEP 2003") == mp.TimePoint(2003, 9)
    assert mp.parse_time("880") == mp.TimePoint(880, None)


def test_constraint_span_and_interval() -> None:
    q = "Who owned the Newton D. Baker House in Washington DC from 1811 to 1827?"
    c = constraint(q)
    assert q[c.start : c.end] == "from 1811 to 1827"
    assert (c.t1, c.t2, c.single) == (mp.TimePoint(1811), mp.TimePoint(1827), False)
    q = "Who owned the house from 1975 to Feb 2016?"
    c = constraint(q)
    assert q[c.start : c.end] == "from 1975 to Feb 2016"
    assert (c.t1, c.t2) == (mp.TimePoint(1975), mp.TimePoint(2016, 2))
    q = "Who hosted the talk show The Cycle in Jun 1999?"
    c = constraint(q)
    assert q[c.start : c.end] == "in Jun 1999"
    assert (c.t1, c.t2, c.single) == (mp.TimePoint(1999, 6), mp.TimePoint(1999, 6), True)


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("Who was the head coach of the team?", "no_constraint"),
        ("What was the host city of the dec 2010 world festival of black arts?", "no_constraint"),
        ("Lenin Peak was changed to what in 1928 to Jul 2006?", "no_constraint"),  # half an interval
        ("Who hosted the talk show The Cycle from in Jun 2013?", "no_constraint"),
        ("From 2004 to 2006, who owned the bank founded in 1991?", "ambiguous"),
        ("Which theater employed Liina Tennosaar from 1998 to 1993?", "bad_interval"),
        ("What condition affected Curt von Francois from 189 to Mar 1891?", "bad_interval"),
    ],
)
def test_unrecognised_constraints(question: str, why: str) -> None:
    assert mp.classify(question) == (None, why)


# ------------------------------------------------------------------------------------------- kinds
def test_between_inside_stays_in_interval() -> None:
    c = constraint("Who owned the house from 1811 to 1827?")
    for seed in range(200):
        text = mp.render(c, "between_inside", random.Random(seed))
        m = re.fullmatch(r"between (\d{4}) and (\d{4})", text)
        assert m is not None, text
        y1, y2 = int(m[1]), int(m[2])
        assert 1811 <= y1 < y2 <= 1827
    # A two-year interval has exactly one such pair; a one-year interval has none.
    assert mp.render(constraint("from 1964 to 1965"), "between_inside", random.Random(0)) == "between 1964 and 1965"
    assert mp.render(constraint("from Mar 1996 to Nov 1996"), "between_inside", random.Random(0)) is None
    assert mp.render(constraint("in 1987"), "between_inside", random.Random(0)) is None


def test_month_kinds_stay_in_june_1999() -> None:
    c = constraint("Who hosted the talk show The Cycle in Jun 1999?")
    for seed in range(50):
        rng = random.Random(seed)
        assert mp.render(c, "month_inside", rng) == "during June 1999"
        assert mp.render(c, "year_after", rng) == "in June of the year after 1998"
        m = AS_OF.fullmatch(mp.render(c, "as_of", rng))
        assert m is not None and (m[2], m[3]) == ("June", "1999") and 1 <= int(m[1]) <= 30


def test_month_inside_is_strictly_inside() -> None:
    c = constraint("from Mar 1993 to Mar 1994")  # strictly inside: April 1993 .. February 1994
    seen = set()
    for seed in range(300):
        text = mp.render(c, "month_inside", random.Random(seed))
        m = re.fullmatch(r"in ([A-Z][a-z]+) (\d{4})", text)
        assert m is not None, text
        month = (int(m[2]), MONTH[m[1]])
        assert (1993, 4) <= month <= (1994, 2)
        seen.add(month)
    assert len(seen) == 11  # all of them get drawn
    assert mp.render(constraint("from Jun 1999 to Jul 1999"), "month_inside", random.Random(0)) is None
    for seed in range(50):  # "in YYYY": any month of that year
        assert re.fullmatch(
            r"in [A-Z][a-z]+ 1987", mp.render(constraint("in 1987"), "month_inside", random.Random(seed))
        )


def test_year_after() -> None:
    assert mp.render(constraint("from 1964 to 1965"), "year_after", random.Random(0)) == "in the year after 1963"
    assert mp.render(constraint("in 1960"), "year_after", random.Random(0)) == "in the year after 1959"
    assert mp.render(constraint("from 880 to 887"), "year_after", random.Random(0)) == "in the year after 879"
    assert (
        mp.render(constraint("from Mar 2010 to 2012"), "year_after", random.Random(0))
        == "in March of the year after 2009"
    )


def test_as_of_date_inside() -> None:
    c = constraint("from Mar 1993 to Mar 1994")
    for seed in range(300):
        m = AS_OF.fullmatch(mp.render(c, "as_of", random.Random(seed)))
        assert m is not None
        day = date(int(m[3]), MONTH[m[2]], int(m[1]))  # raises on 30 February
        assert date(1993, 4, 1) <= day <= date(1994, 2, 28)
    for seed in range(50):
        m = AS_OF.fullmatch(mp.render(constraint("in 1987"), "as_of", random.Random(seed)))
        assert m is not None and m[3] == "1987"
    # No month strictly inside: any day of the two months.
    m = AS_OF.fullmatch(mp.render(constraint("from Jun 1999 to Jul 1999"), "as_of", random.Random(0)))
    assert m is not None and m[2] in ("June", "July") and m[3] == "1999"


def test_perturb_question_replaces_only_the_constraint() -> None:
    rng = random.Random(0)
    q = "Who lived in the Newton D. Baker House in Washington DC from 1964 to 1965?"
    assert mp.perturb_question(q, constraint(q), ["year_after"], rng) == (
        "Who lived in the Newton D. Baker House in Washington DC in the year after 1963?",
        "year_after",
    )
    q = "From 1964 to 1965, who lived in the house?"
    assert mp.perturb_question(q, constraint(q), ["between_inside"], rng) == (
        "Between 1964 and 1965, who lived in the house?",
        "between_inside",
    )
    # between_inside does not fit one month: the next kind in the order is used.
    q = "Who hosted the talk show The Cycle in Jun 1999?"
    assert mp.perturb_question(q, constraint(q), ["between_inside", "month_inside"], rng) == (
        "Who hosted the talk show The Cycle during June 1999?",
        "month_inside",
    )


# ------------------------------------------------------------------------------------------- dataset
def _articles() -> list[dict]:
    def span(para: int, answer: str) -> dict:
        return {"para": para, "from": 0, "end": len(answer), "answer": answer}

    return [
        {
            "index": "/wiki/House#P466",
            "type": "P466",
            "link": "/wiki/House",
            "questions": [
                ["Who owned the House from 1811 to 1827?", [span(1, "George Peter")]],
                ["Who owned the House?", [span(1, "George Peter")]],  # no constraint: left out
                ["Who lived in the House from 1964 to 1965?", [span(2, "Jacqueline Kennedy"), span(2, "Caroline")]],
                ["Who owned the House in Jun 1999?", [{"para": 0, "from": 0, "end": 0, "answer": ""}]],
            ],
            "paras": [
                "House",
                "George Peter owned it from 1811 to 1827 .",
                "Jacqueline Kennedy and Caroline lived there .",
            ],
        },
        {
            "index": "/wiki/Empty#P1",
            "type": "P1",
            "link": "/wiki/Empty",
            "questions": [["Who owned it?", [span(0, "Nobody")]]],  # article left empty: dropped
            "paras": ["Nobody owned it ."],
        },
        {
            "index": "/wiki/Club#P286",
            "type": "P286",
            "link": "/wiki/Club",
            "questions": [
                [f"Who coached the Club from {y} to {y + 5}?", [span(0, f"Coach {y}")]] for y in range(1900, 1980, 10)
            ],
            "paras": [" ".join(f"Coach {y} coached from {y} to {y + 5} ." for y in range(1900, 1980, 10))],
        },
    ]


def test_dataset_keeps_paras_and_answers() -> None:
    src = _articles()
    out, kinds, stats = mp.perturb_dataset(src, seed=13)
    assert [a["index"] for a in out] == ["/wiki/House#P466", "/wiki/Club#P286"]
    for a, b in zip(out, [src[0], src[2]], strict=True):
        assert list(a) == ["index", "type", "link", "questions", "paras"]
        assert {k: a[k] for k in ("index", "type", "link", "paras")} == {
            k: b[k] for k in ("index", "type", "link", "paras")
        }
    kept = [q for i, q in enumerate(src[0]["questions"]) if i != 1]
    assert [q[1] for q in out[0]["questions"]] == [q[1] for q in kept]
    assert [q[1] for q in out[1]["questions"]] == [q[1] for q in src[2]["questions"]]
    assert all(len(q) == 2 and isinstance(q[0], str) for a in out for q in a["questions"])
    assert all(new[0] != old[0] for new, old in zip(out[0]["questions"], kept, strict=True))
    # Sidecar: the position in the OUTPUT article, as the loader numbers questions.
    assert kinds["/wiki/House#P466::1"]["original"] == "Who lived in the House from 1964 to 1965?"
    assert kinds["/wiki/House#P466::1"]["perturbed"] == out[0]["questions"][1][0]
    assert len(kinds) == 11 and "/wiki/Empty#P1::0" not in kinds
    assert stats["questions_in"] == 13 and stats["questions_out"] == 11
    assert stats["skipped_no_constraint"] == 2 and stats["articles_dropped"] == 1
    # 11 questions cycled over 4 kinds; only "in Jun 1999" cannot be between_inside.
    assert sorted(stats[k] for k in mp.KINDS) == [2, 3, 3, 3]
    # The source is not modified.
    assert src == _articles()


def test_determinism_and_seed() -> None:
    a = mp.perturb_dataset(_articles(), seed=13)
    assert a == mp.perturb_dataset(_articles(), seed=13)
    assert a[1] != mp.perturb_dataset(_articles(), seed=14)[1]


def test_limit_counts_input_questions() -> None:
    out, kinds, stats = mp.perturb_dataset(_articles(), seed=13, limit=3)
    assert stats["questions_in"] == 3 and list(kinds) == ["/wiki/House#P466::0", "/wiki/House#P466::1"]
    assert len(out) == 1


def test_main_output_reads_with_the_timeqa_loader(tmp_path: Path) -> None:
    src = tmp_path / "in.json"
    src.write_text(json.dumps(_articles()), encoding="utf-8")
    dst = tmp_path / "out" / "perturbed.json"
    mp.main(["--input", str(src), "--output", str(dst), "--seed", "13"])
    kinds = json.loads((tmp_path / "out" / "perturbed.json.kinds.json").read_text(encoding="utf-8"))
    ds = load_dataset(dst, format="timeqa")
    assert ds.rejects == [] and len(ds) == 11
    by_id = {q.id: q for q in ds}
    q = by_id["/wiki/House#P466:q1"]
    assert q.question == kinds["/wiki/House#P466::1"]["perturbed"]
    assert [a.text for a in q.answers] == ["Jacqueline Kennedy", "Caroline"]
    assert by_id["/wiki/House#P466:q2"].meta["unanswerable"] is True
    original = {q.id: q for q in load_dataset(src, format="timeqa")}
    source_of = {"/wiki/House#P466:q0": "/wiki/House#P466:q0", "/wiki/House#P466:q1": "/wiki/House#P466:q2"}
    source_of |= {"/wiki/House#P466:q2": "/wiki/House#P466:q3"} | {
        f"/wiki/Club#P286:q{j}": f"/wiki/Club#P286:q{j}" for j in range(8)
    }
    assert set(by_id) == set(source_of)
    for qid, sid in source_of.items():
        assert by_id[qid].answers == original[sid].answers
        assert by_id[qid].gold_passages == original[sid].gold_passages
