"""Prompt templates: the built-in papers' prompts, evidence lines, safe substitution, template-file errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tkgrag.errors import ConfigError
from tkgrag.model import Evidence, ItemKind
from tkgrag.readers.prompts import load_template, parse_template
from tkgrag.temporal import TimeSpan

FACT = Evidence.event(
    "e1",
    "Citizen (India) accused Associated Press on 2014-08-17",
    "Citizen_(India)",
    "Criticize_or_denounce",
    "Associated_Press",
    TimeSpan.parse("2014-08-17"),
    0.9,
)
MONTH_FACT = Evidence.event("e2", "", "Iran", "Consult", "China", TimeSpan.parse("2014-05"), 0.5)
PASSAGE = Evidence(ItemKind.PASSAGE, "p1", "Obama  visited\nBerlin {question} in 2013.", 0.4)


def test_star_rag_is_the_papers_appendix_e_prompt() -> None:
    system, user = load_template("star_rag").render("Who criticized {evidence} AP?", [FACT, MONTH_FACT, PASSAGE], k=5)
    assert system.role == "system" and user.role == "user"
    assert system.content.startswith("As an advanced reading comprehension assistant")
    assert "Apply temporal operator precisely." in system.content and "return 5 short answer" in system.content
    assert "One-Shot Demonstration:" in user.content and "Answer:\nRomania." in user.content
    assert user.content.endswith(
        "Events:\n"
        "1. Citizen (India) Criticize or denounce Associated Press @ 2014-08-17\n"
        "2. Iran Consult China @ 2014-05\n"
        "3. Obama visited Berlin {question} in 2013.\n"  # placeholders inside data stay as written
        "Question:\n"
        "Who criticized {evidence} AP?"
    )


def test_timer4_is_the_reasoning_template_with_quadruples() -> None:
    (user,) = load_template("timer4").render("Who criticized AP?", [FACT, PASSAGE])
    assert user.content == (
        "Based on the historical facts, please answer the given question. Please keep the answer as simple as "
        "possible and return all the possible answers as a list. Historical facts:\n"
        "[Citizen (India), Criticize or denounce, Associated Press, 2014-08-17]\n"
        "[Obama visited Berlin {question} in 2013.]\n"
        "Question: Who criticized AP?"
    )


def test_a_template_file_by_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(
        "my comment\n[user]\nFacts:\n{evidence}\nQ: {question} (top {k})\n[evidence_line]\n{subject}|{time}\n"
    )
    (user,) = load_template(str(path)).render("Who?", [FACT], k=3)
    assert user.content == "Facts:\nCitizen (India)|2014-08-17\nQ: Who? (top 3)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[system]\n{question} {evidence}\n", "no \\[user\\] section"),
        ("[user]\n{question}\n", "never use \\{evidence\\}"),
        ("[user]\n{question} {evidence}\n[footer]\nx\n", "t.txt:3: unknown section \\[footer\\]"),
        ("[user]\n{question} {evidence}\n[user]\nagain\n", "t.txt:3: section \\[user\\] appears twice"),
    ],
)
def test_template_errors_name_the_file_and_line(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_template(text, "t.txt")


def test_unknown_template_name_lists_the_built_ins() -> None:
    with pytest.raises(ConfigError, match="star_rag, timer4"):
        load_template("no_such_template")
