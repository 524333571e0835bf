"""Ranked answer lists out of the many shapes LLM replies take."""

from __future__ import annotations

import pytest

from tkgrag.readers.answer_parsing import (
    answer_section,
    clean_candidate,
    normalize_date,
    parse_answer_list,
    strip_reasoning,
)

CASES = [
    # --- the STAR-RAG format: reasoning, then "Answer:" and a ranked list
    ("Thought: Eritrea accused it last.\nAnswer: Romania.", ["Romania"]),
    ("Thought: x\nAnswer:\n1. Eritrea\n2. Sudan\n3. Iran", ["Eritrea", "Sudan", "Iran"]),
    (
        "Thoughts: ...\nAnswer: 1. Eritrea 2. Citizen (India) 3. Government (Sudan)",
        ["Eritrea", "Citizen (India)", "Government (Sudan)"],
    ),
    ("Answer: 1) 2014-05 2) 2014-06", ["2014-05", "2014-06"]),
    ("Answer:\n(1) Iran\n(2) Iraq", ["Iran", "Iraq"]),
    ("Answer:\n#1 Iran\n#2 Iraq", ["Iran", "Iraq"]),
    # the one-shot demonstration's "Answer:" echoed before the real one: the last marker wins
    ("Question: Before Germany ...?\nAnswer: Romania.\n\nThought: now ours.\nAnswer: Iran", ["Iran"]),
    # an answer marker with nothing after it does not hide the earlier one
    ("Answer: Iran\n\nAnswer:", ["Iran"]),
    # --- markdown
    ("**Answer:**\n1. **Eritrea**\n2. *Sudan*", ["Eritrea", "Sudan"]),
    ("### Answer\n1. Citizen (India)\n2. Police (India)", ["Citizen (India)", "Police (India)"]),
    ("Final Answer: **Barack Obama**", ["Barack Obama"]),
    ("Answer: [Xi Jinping](https://en.wikipedia.org/wiki/Xi_Jinping)", ["Xi Jinping"]),
    ("Answer: `Iran`", ["Iran"]),
    # --- bullets; nested explanation bullets are not answers
    ('- **Eritrea**\n- "Sudan"\n  - because it did so later', ["Eritrea", "Sudan"]),
    ("Answer:\n* Iran\n* Iraq", ["Iran", "Iraq"]),
    ("Answer:\n• Iran\n• Iraq", ["Iran", "Iraq"]),
    # numbered answers with explanation bullets under them: only the numbered lines count
    ("Answer:\n1. Iran\n   - accused on 2014-05-01\n2. Iraq\n   - accused on 2014-04-01", ["Iran", "Iraq"]),
    # --- JSON
    ('```json\n["Eritrea", "Sudan"]\n```', ["Eritrea", "Sudan"]),
    ('{"answers": ["A", "B"]}', ["A", "B"]),
    ('Answer: {"answer": "Iran"}', ["Iran"]),
    ('[{"answer": "Iran", "score": 0.9}, {"name": "Iraq"}]', ["Iran", "Iraq"]),
    ("Answer: ['Iran', 'Iraq']", ["Iran", "Iraq"]),
    ("Answer: [2014, 2015]", ["2014", "2015"]),
    # --- delimited on one line
    ("<think>hmm. Answer: X</think>\nAnswer: [Eritrea, Sudan]", ["Eritrea", "Sudan"]),
    ("Answer: Government (Nigeria); Citizen (Nigeria)", ["Government (Nigeria)", "Citizen (Nigeria)"]),
    ("Answer: Iran | Iraq", ["Iran", "Iraq"]),
    ("Answer: 'Iran', 'Iraq'", ["Iran", "Iraq"]),
    ("Answer: Iran, Iraq, Syria", ["Iran", "Iraq", "Syria"]),
    # --- trailing explanations
    ("Answer: Eritrea, which did so on 2006-01-04.", ["Eritrea"]),
    ("Answer: Eritrea because it accused the council last.", ["Eritrea"]),
    ("1. Eritrea - it accused the UN on 2006-01-04\n2. Yemen: accused on 2005-11-24", ["Eritrea", "Yemen"]),
    ("Answer: Eritrea — the last accuser", ["Eritrea"]),
    ("Answer: Eritrea (accused on 2006-01-04)", ["Eritrea"]),
    ("1. X (2014-05-13)\n2. Y (2014-05-12)", ["X", "Y"]),
    ("Answer:\n1. Police (India) (2014-05-01)\n2. Citizen (India) (score: 0.4)", ["Police (India)", "Citizen (India)"]),
    ("Answer: Party Member (United Kingdom) (confidence: high)", ["Party Member (United Kingdom)"]),
    (
        "Answer: Government (Nigeria), Citizen (Nigeria) (both on 2014-05-01)",
        ["Government (Nigeria)", "Citizen (Nigeria)"],
    ),
    ('Answer: "Romania" (Event A)', ["Romania"]),
    ("Answer: 2014-05-13 (Eritrea accused the council)", ["2014-05-13"]),
    ("Answers:\nEritrea\nSudan\nExplanation: because they accused it.", ["Eritrea", "Sudan"]),
    ("Here are the candidates:\n1. Iran\n2. Iraq\nThese are ranked by date.", ["Iran", "Iraq"]),
    # --- sentence answers
    ("The answer is May 13, 2014.", ["2014-05-13"]),
    ("Answer: The last country was Eritrea.", ["Eritrea"]),
    ("Answer: It was the Government of Germany", ["the Government of Germany"]),
    ("Answer: The United Kingdom", ["The United Kingdom"]),
    # --- dates in words become ISO
    ("Answer: 13th May 2014", ["2014-05-13"]),
    ("Answer: in May 2014", ["2014-05"]),
    ("Answer:\n1. May 2014\n2. June 2014", ["2014-05", "2014-06"]),
    ("Answer: 2014/5/3", ["2014-05-03"]),
    # --- parentheses that are part of a name stay; spellings are de-duplicated
    ("Answer:\n1. Citizen_(India)\n2. citizen (india)\n3. Police (India)", ["Citizen_(India)", "Police (India)"]),
    ("Answer: Iran\nAnswer: Iran", ["Iran"]),
    # --- no answer at all
    ("Answer: None", []),
    ("ANSWER: N/A", []),
    ("Answer: Not mentioned in the events.", []),
    ("Answer: unknown", []),
    ("Answer: There is no such event in the list.", []),
    ("I cannot determine the answer from the given events because none of them match.", []),
    ("", []),
    ("   \n  ", []),
    ("Answer:\n1. None\n2. Iran", ["Iran"]),
    # --- a bare name
    ("Eritrea", ["Eritrea"]),
    ("Xinjiang\xa0Uyghur", ["Xinjiang Uyghur"]),
]


@pytest.mark.parametrize(("reply", "expected"), CASES)
def test_parse_answer_list(reply: str, expected: list[str]) -> None:
    assert parse_answer_list(reply) == expected


def test_none_reply() -> None:
    assert parse_answer_list(None) == []


def test_max_answers_keeps_the_best() -> None:
    reply = "Answer:\n" + "\n".join(f"{i}. Entity {i}" for i in range(1, 16))
    assert parse_answer_list(reply, max_answers=3) == ["Entity 1", "Entity 2", "Entity 3"]
    assert len(parse_answer_list(reply)) == 10


def test_strip_reasoning() -> None:
    assert strip_reasoning("<think>a\nb</think>Answer: X") == "Answer: X"
    assert strip_reasoning("thinking without an opening tag</think>\nAnswer: X") == "\nAnswer: X"


def test_answer_section_takes_the_last_marker_with_content() -> None:
    assert answer_section("Answer: A\nmore\nAnswer: B").strip() == "B"
    assert answer_section("no marker here") == "no marker here"


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ("1. Iran.", "Iran"),
        ("  'Iran'  ", "Iran"),
        ("Answer: Iran", "Iran"),
        ("Citizen (India)", "Citizen (India)"),
        ("Head of Government (Papua New Guinea)", "Head of Government (Papua New Guinea)"),
        ("none", None),
        ("This is a long sentence that explains something at length instead of naming a single entity", None),
    ],
)
def test_clean_candidate(item: str, expected: str | None) -> None:
    assert clean_candidate(item) == expected


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("May 13, 2014", "2014-05-13"),
        ("13 May 2014", "2014-05-13"),
        ("on 3rd of Sept. 2014", "2014-09-03"),
        ("Dec 2015", "2015-12"),
        ("2014-5-3", "2014-05-03"),
        ("2014-05-13T00:00:00Z", "2014-05-13"),
        ("2014-13", None),
        ("Iran", None),
        ("May", None),
    ],
)
def test_normalize_date(text: str, iso: str | None) -> None:
    assert normalize_date(text) == iso
