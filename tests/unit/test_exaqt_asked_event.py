"""EXAQT's answer type for time questions that name an event ("when did the Mets win the world series"): the
editions of that event, tied to the question's entities, answer it, and an ordinal orders them by their edition mark.
Hand-made facts; the expected orders are worked out in the comments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tkgrag.model import Evidence, ItemKind
from tkgrag.question import understand
from tkgrag.retrievers.exaqt.ranking import (
    FEATURES,
    AnswerFact,
    TemporalAsk,
    asked_event,
    letters,
    rank_answers,
)
from tkgrag.retrievers.exaqt.scorer import BUNDLED, LinearScorer, RelevanceScorer
from tkgrag.retrievers.exaqt.subgraph import GraphEntity
from tkgrag.temporal import Granularity, TimeSpan

UNDATED = TimeSpan(None, None, Granularity.YEAR)


def ask(question: str, ordinal: int | None = None) -> TemporalAsk:
    from tkgrag.question.relations import content_stems

    return TemporalAsk(ordinal=ordinal, wants_time=True, words=content_stems(question), letters=letters(question))


@pytest.mark.parametrize(
    ("name", "question", "mark"),
    [
        ("2012 World Series", "when did the giants win the world series", 2012),
        ("Super Bowl XLVII", "what year did the ravens win the superbowl", 47),  # spaced differently, XLVII = 47
        ("1967 Stanley Cup Finals", "when did toronto last win the stanley cup", 1967),  # a trailing "finals" goes
        ("World Series", "when did the giants win the world series", None),  # the event itself: no edition mark
        ("2012 Summer Olympics", "when did the giants win the world series", None),  # another event
        ("American Civil War", "when did the american civil war end", None),  # "civil" is no numeral
        ("1 Cup", "when did they win the cup", None),  # a core under 5 letters names nothing
    ],
)
def test_asked_event_by_hand(name: str, question: str, mark: int | None) -> None:
    assert asked_event(name, ask(question)) == mark


def test_only_time_questions_ask_for_an_edition() -> None:
    q = "which team won the world series"
    assert asked_event("2012 World Series", TemporalAsk(words=frozenset(), letters=letters(q))) is None


METS = GraphEntity("Q1", 1, "New York Mets")
YANKEES = GraphEntity("Q2", 2, "New York Yankees")
SERIES = GraphEntity("Q3", 3, "World Series")


def ws(year: int) -> GraphEntity:
    return GraphEntity(f"Q{year}", year, f"{year} World Series")


def fact(key: str, edition: GraphEntity, relation: str, team: GraphEntity, rel: float) -> AnswerFact:
    text = f"{edition.name} {relation} {team.name}"
    e = Evidence.event(key, text, edition.key, relation, team.key, UNDATED, rel, kind=ItemKind.FACT)
    return AnswerFact(e, rel, False, (edition, team))


FACTS = [
    fact("f1", ws(1969), "winner", METS, 0.60),
    fact("f2", ws(1986), "winner", METS, 0.70),
    fact("f3", ws(2015), "participating team", METS, 0.65),
    fact("f4", ws(1928), "winner", YANKEES, 0.80),  # the most relevant, but the Yankees are not asked about
    fact("f5", ws(1969), "instance of", SERIES, 0.75),  # the event itself anchors nothing
]


def ranked(question: str, ordinal: int | None = None, **kw: object) -> list[str]:
    # "World Series" is the linked question entity; the Mets and Yankees dense context entities (``nerd``): only the
    # Mets share a word with the question, so only the Mets anchor editions
    got = rank_answers(FACTS, ask(question, ordinal), ["Q3"], context_entities=["Q1", "Q2"], **kw)  # type: ignore[arg-type]
    return [a.text for a in got]


def test_editions_tied_to_the_question_come_first_by_relevance() -> None:
    # Mets editions (level 1): 1986 (0.70), 1969 (0.75 via f5's relevance: the best fact stating it), 2015 (0.65);
    # the Yankees' 1928 (0.80) is not asked-for and comes after them all
    order = ranked("when did the mets win the world series", scorer=RelevanceScorer())
    assert order[:4] == ["Q1969", "Q1986", "Q2015", "Q1928"]


def test_an_ordinal_orders_the_editions_of_the_best_facts_relation_by_their_mark() -> None:
    # the most relevant Mets-edition fact is f2 (winner, 0.70): the pool is the winner editions 1969 and 1986 (not
    # 2015, a participation); "first" -> 1969 and "last" -> 1986, whatever the scorer
    assert ranked("what year did the mets win their first world series", 1)[0] == "Q1969"
    assert ranked("what year did the mets win their first world series", 1, scorer=RelevanceScorer())[0] == "Q1969"
    assert ranked("when did the mets last win the world series", -1)[0] == "Q1986"
    got = rank_answers(FACTS, ask("when did the mets last win the world series", -1), ["Q3"], context_entities=["Q1"])
    top = dict(zip(FEATURES, got[0].features, strict=True))
    assert (top["ordinal_top"], top["asked_event"]) == (1.0, 1.0)


def test_a_named_team_anchors_alone_however_much_a_context_team_shares_its_words() -> None:
    # "new york mets" names the Mets (a question entity); the Yankees, a context entity, share "new york" but anchor
    # nothing once the question names an entity: the first Mets title (1969), not the Yankees' 1928
    q = "in which year did the new york mets first win the world series"
    got = rank_answers(FACTS, ask(q, 1), ["Q3", "Q1"], context_entities=["Q2"])
    assert got[0].text == "Q1969"
    assert "Q1928" not in [a.text for a in got[:3]]


def test_an_edition_tied_to_more_question_entities_comes_first() -> None:
    # "when did the mets beat the yankees in the world series": the 2000 edition names both (winner Yankees,
    # participating team Mets: level 2), the more relevant 1986 edition only the Mets (level 1)
    both = [fact("g1", ws(2000), "winner", YANKEES, 0.55), fact("g2", ws(2000), "participating team", METS, 0.5)]
    got = rank_answers([*FACTS, *both], ask("when did the mets beat the yankees in the world series"), ["Q1", "Q2"])
    feats = {a.text: dict(zip(FEATURES, a.features, strict=True))["asked_event"] for a in got}
    assert got[0].text == "Q2000" and feats["Q2000"] == 2.0 and feats["Q1986"] == 1.0


def test_an_edition_tied_through_a_neighbour_is_asked_for_below_a_direct_one() -> None:
    park = GraphEntity("Q9", 9, "Turner Field")
    braves = GraphEntity("Q8", 8, "Atlanta Braves")
    home = Evidence.event("h", "Atlanta Braves home venue Turner Field", "Q8", "home venue", "Q9", UNDATED, 0.5,
                          kind=ItemKind.FACT)  # fmt: skip
    facts = [AnswerFact(home, 0.5, False, (braves, park)), fact("w", ws(1995), "winner", braves, 0.6), FACTS[3]]
    got = rank_answers(facts, ask("when did the team that plays at turner field win the world series"), ["Q9"])
    feats = {a.text: dict(zip(FEATURES, a.features, strict=True))["asked_event"] for a in got}
    assert got[0].text == "Q1995" and feats["Q1995"] == 0.5 and feats["Q1928"] == 0.0


def test_their_first_world_series_is_an_ordinal_but_the_first_world_war_is_not() -> None:
    assert understand("what year did the mets win their first world series").ordinal is not None
    assert understand("who led britain during the first world war").ordinal is None


def test_a_scorer_trained_before_a_feature_was_added_gives_it_no_weight(tmp_path: Path) -> None:
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    n = FEATURES.index("asked_event")
    old = {**raw, "features": list(FEATURES[:n]), "mean": raw["mean"][:n], "scale": raw["scale"][:n],
           "weights": raw["weights"][:n]}  # fmt: skip
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    scorer = LinearScorer.load(path)
    assert scorer.features == FEATURES and scorer.weights[n] == 0.0
    x = [1.0] * len(FEATURES)
    y = [*x[:n], 5.0, *x[n + 1 :]]
    assert scorer.score(x) == scorer.score(y)
