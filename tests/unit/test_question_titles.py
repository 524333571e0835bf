"""Job titles a mention swallowed, given back to the relation (``tkgrag.question.titles``), on hand-made mentions.
The vocabularies are the lower-cased words of a graph's relation names."""

from __future__ import annotations

from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.relations import RelationMatch
from tkgrag.question.titles import role_relation_phrase, split_titles, with_title

MAPPED = frozenset({"serve", "as", "ceo", "of", "cto", "engineer", "work", "at", "acquire"})  # Serve_as_CEO_of, ...
ICEWS = frozenset({"make", "statement", "consult", "host", "a", "visit", "criticize", "or", "denounce"})


def mention(text: str, question: str, kind: MentionKind = MentionKind.NAME) -> Mention:
    start = question.index(text)
    return Mention(text, start, start + len(text), kind)


def test_a_title_prefix_is_split_from_the_organisation() -> None:
    q = "Who was CEO of Pied Piper in November 2026?"
    got = split_titles([mention("CEO of Pied Piper", q), mention("CEO of Pied Piper", q, MentionKind.ROLE)], MAPPED)
    assert got.titles == ("CEO",)
    assert got.mentions == (Mention("Pied Piper", 15, 25, MentionKind.NAME),)
    assert q[15:25] == "Pied Piper"


def test_a_determiner_before_the_organisation_is_dropped() -> None:
    q = "Who was the CTO of the Initech Group?"
    got = split_titles([mention("the CTO of the Initech Group", q)], MAPPED)
    assert got.titles == ("CTO",)
    assert [m.text for m in got.mentions] == ["Initech Group"]
    assert q[got.mentions[0].start : got.mentions[0].end] == "Initech Group"


def test_a_bare_title_is_relation_evidence_not_an_entity() -> None:
    q = "Who became CEO after Alice Moreau?"
    got = split_titles([mention("CEO", q), mention("Alice Moreau", q)], MAPPED)
    assert got.titles == ("CEO",)
    assert [m.text for m in got.mentions] == ["Alice Moreau"]


def test_titles_no_relation_holds_stay_in_the_mention() -> None:
    # ICEWS names no relation after "head" or "CEO": the mention stays whole (it may be an actor's name)
    q = "Who did the head of government of Iran consult?"
    m = mention("head of government of Iran", q, MentionKind.ROLE)
    assert split_titles([m], ICEWS).mentions == (m,) and split_titles([m], ICEWS).titles == ()
    # a word that is not a title stays too, even if a relation holds it ("Work at Home" is a company)
    n = mention("Work at Home", "Who founded Work at Home?")
    assert split_titles([n], MAPPED).mentions == (n,)
    # lower-case "ceo" is no acronym as written, and the link word must follow the title
    lower = mention("Ceo Industries", "Who founded Ceo Industries?")
    assert split_titles([lower], MAPPED).mentions == (lower,)


def test_the_relation_phrase_is_the_title_without_a_copula() -> None:
    assert role_relation_phrase("", ["CEO"]) == "CEO"
    assert role_relation_phrase("became", ["CEO"]) == "CEO"
    assert role_relation_phrase("was", ["CFO"]) == "CFO"
    assert role_relation_phrase("served as", ["CTO"]) == "CTO"
    assert role_relation_phrase("fired", ["CEO"]) == "fired CEO"  # a verb of its own stays
    assert role_relation_phrase("beat", ["CEO"]) == "beat CEO"  # "be" inside a word is no copula
    assert role_relation_phrase("criticized", []) == "criticized"


def test_only_relations_holding_the_title_compete() -> None:
    # the embeddings put "CEO" close to is_CFO_of; the title decides
    cands = [RelationMatch("is_CFO_of", 0.80, 0.9, 0.0), RelationMatch("is_CEO_of", 0.76, 0.8, 0.67)]
    assert [c.relation for c in with_title(cands, ["CEO"])] == ["is_CEO_of"]
    assert [c.relation for c in with_title([RelationMatch("isCTOOf", 0.7, 0.7, 0.5)], ["CTO"])] == ["isCTOOf"]
    # when no candidate holds the title, all stay (the caller's threshold decides)
    assert [c.relation for c in with_title(cands, ["CTO"])] == ["is_CFO_of", "is_CEO_of"]
    assert with_title(cands, []) == tuple(cands)


def test_a_mention_that_names_an_entity_stays_whole() -> None:
    """On a store holding ICEWS actors and a Wikidata "head of government" relation, the actor "Head of Government
    (Croatia)" was split into the title "Head of Government" and "Croatia", and timer4's answer to a sample question
    became an abstention. A mention that is an entity's exact name is not split; the others still are."""
    q = "In which month did Head of Government (Croatia) meet Didier Burkhalter, and who was CEO of Pied Piper?"
    vocabulary = MAPPED | {"head", "government"}
    actor, ceo = mention("Head of Government (Croatia)", q), mention("CEO of Pied Piper", q)
    assert split_titles([actor], vocabulary).mentions != (actor,)  # without the graph's names it would split
    got = split_titles([actor, ceo], vocabulary, names_entity=lambda m: m.text == "Head of Government (Croatia)")
    pied = q.index("Pied Piper")
    assert got.mentions == (actor, Mention("Pied Piper", pied, pied + 10, MentionKind.NAME))
    assert got.titles == ("CEO",)
