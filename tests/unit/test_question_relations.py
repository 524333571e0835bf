"""RelationMatcher: the lexical part by hand, and the whole matcher with the real MiniLM embedder (loaded offline)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from tkgrag.embed import Embedder
from tkgrag.question import RelationMatcher, RelationMatchError
from tkgrag.question.relations import content_stems, dice, humanise, stem

ICEWS = [
    "Make_an_appeal_or_request",
    "Express_intent_to_meet_or_negotiate",
    "Arrest,_detain,_or_charge_with_legal_action",
    "Criticize_or_denounce",
    "Praise_or_endorse",
    "Make_a_visit",
    "Host_a_visit",
    "Sign_formal_agreement",
    "Impose_administrative_sanctions",
    "Threaten",
]


def test_humanise_and_stems() -> None:
    assert humanise("Arrest,_detain,_or_charge_with_legal_action") == "arrest, detain, or charge with legal action"
    assert {stem(w) for w in ("criticized", "criticize", "criticism")} == {"critic"}
    assert stem("visited") == stem("visits") == "visit"
    assert stem("met") == stem("meeting") == "meet"
    assert content_stems("Make an appeal or request") == frozenset({"mak", "appeal", "request"})


def test_dice_with_prefix_meeting_stems() -> None:
    # {"critic"} vs {"critic", "denounc"}: 1 hit each way -> (1 + 1) / (1 + 2) = 2/3
    assert dice(frozenset({"critic"}), frozenset({"critic", "denounc"})) == pytest.approx(2 / 3)
    # "sanction" (sanctioned) and "sanct" (sanctions) meet as prefixes; {"impos", "administr", "sanct"} has one hit:
    # (1 + 1) / (1 + 3) = 0.5
    assert dice(frozenset({"sanction"}), content_stems("impose administrative sanctions")) == pytest.approx(0.5)
    assert dice(frozenset(), frozenset({"x"})) == 0.0


class _ConstantEmbedder:
    """Every text gets the same unit vector, so the semantic part is 1.0 everywhere and ranking is lexical."""

    name = "constant"

    @property
    def dimensions(self) -> int:
        return 3

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray:
        return np.tile(np.array([1.0, 0.0, 0.0], dtype=np.float32), (len(texts), 1))


def test_score_mixes_semantic_and_lexical() -> None:
    matcher = RelationMatcher(ICEWS, _ConstantEmbedder(), semantic_weight=0.7)
    best = matcher.best("criticized")
    # semantic 1.0, lexical 2/3 (see above): 0.7 * 1.0 + 0.3 * 2/3 = 0.9
    assert best.relation == "Criticize_or_denounce"
    assert best.score == pytest.approx(0.9)
    assert (best.semantic, best.lexical) == (pytest.approx(1.0), pytest.approx(2 / 3))


@pytest.mark.parametrize(
    ("phrase", "relation"),
    [
        ("denounced", "Criticize_or_denounce"),
        ("condemned", "Criticize_or_denounce"),  # no shared word: by meaning alone
        ("arrested", "Arrest,_detain,_or_charge_with_legal_action"),
        ("put in jail", "Arrest,_detain,_or_charge_with_legal_action"),  # by meaning alone
        ("sanctioned", "Impose_administrative_sanctions"),
        ("wanted to negotiate with", "Express_intent_to_meet_or_negotiate"),
        ("signed a deal with", "Sign_formal_agreement"),
        ("made a request to", "Make_an_appeal_or_request"),
        ("visited", "Make_a_visit"),
        ("paid a visit to", "Make_a_visit"),
        ("hosted a visit by", "Host_a_visit"),
        ("threatened", "Threaten"),
    ],
)
def test_matches_icews_relations_by_meaning(embedder: Embedder, phrase: str, relation: str) -> None:
    matcher = _matcher(embedder)
    ranked = matcher.match(phrase, k=3)
    assert ranked[0].relation == relation
    assert [m.score for m in ranked] == sorted((m.score for m in ranked), reverse=True)


_MATCHERS: dict[int, RelationMatcher] = {}


def _matcher(embedder: Embedder) -> RelationMatcher:
    if id(embedder) not in _MATCHERS:
        _MATCHERS[id(embedder)] = RelationMatcher(ICEWS, embedder)
    return _MATCHERS[id(embedder)]


def test_bad_input_is_refused() -> None:
    with pytest.raises(RelationMatchError, match="at least one relation"):
        RelationMatcher([], _ConstantEmbedder())
    with pytest.raises(RelationMatchError, match="semantic_weight"):
        RelationMatcher(ICEWS, _ConstantEmbedder(), semantic_weight=1.5)
    with pytest.raises(RelationMatchError, match="empty relation phrase"):
        RelationMatcher(ICEWS, _ConstantEmbedder()).match("  ")
