"""Issue 29 (h29o): relation paraphrases of blind set 14, in other wordings: "sought the counsel of" (Consult, though
"counsel" is also a role word), "worked together militarily" (Cooperate_militarily, not the bare "cooperate"), and an
appeal for diplomatic cooperation whose object the mention cut leaves between the verb and "for"."""

from __future__ import annotations

import pytest

from tkgrag.question.counsel import counsel_as_consult
from tkgrag.question.parse import understand
from tkgrag.question.relation_phrases import clean_relation_phrase, relation_phrases


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Who sought the counsel of Pier Ferdinando Casini?", "Who consulted Pier Ferdinando Casini?"),
        ("Whom did Obama seek the advice of in 2014?", "Whom did Obama consult in 2014?"),
        ("Who is seeking counsel from Japan?", "Who is consulting Japan?"),
        ("Who seeks out the counsel of China?", "Who consults China?"),
        ("Who hired the counsel of Acme?", "Who hired the counsel of Acme?"),  # a lawyer: unchanged
    ],
)
def test_counsel_is_said_as_consult(question: str, said: str) -> None:
    assert counsel_as_consult(question) == said


def _paraphrases(question: str) -> list[str]:
    return relation_phrases(clean_relation_phrase(understand(question).relation_phrase))


@pytest.mark.parametrize(
    ("question", "canonical"),
    [
        ("In the third quarter of 2015, who sought the counsel of Pier Ferdinando Casini?", "consult"),
        ("Who worked together militarily with Iran in 2015?", "cooperate militarily"),
        ("Which country teamed up with Iraq militarily in 2014?", "cooperate militarily"),
        ("Who entered into military cooperation with Russia in 2014?", "cooperate militarily"),
        ("Who worked with Iran on the economic front in 2014?", "cooperate economically"),
        ("Who asked the Philippines for diplomatic cooperation such as policy support in 2014?", "appeal for "),
        ("Who appealed to Japan for diplomatic cooperation (such as policy support) in 2014?", "appeal for "),
        ("Who called on China for diplomatic cooperation in 2014?", "appeal for "),
    ],
)
def test_paraphrase_names_the_cameo_relation(question: str, canonical: str) -> None:
    assert any(p.startswith(canonical) for p in _paraphrases(question))


def test_intent_to_cooperate_militarily_stays_an_intent() -> None:
    assert "express intent to cooperate militarily" in _paraphrases(
        "Which country wanted to cooperate militarily with Iran in 2014?"
    )
