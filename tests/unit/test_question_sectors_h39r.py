"""Entity and sector readings of blind sets 59-63 (h39r): a demonym name before a dash ("Israeli Defense Forces --
who physically assaulted them?"), a name holding "in <Name>" ("Ansar al-Sharia in Libya"), the occupied Palestinian
territory as people write it ("children in the occupied Palestinian territory" is Children (Palestinian Territory,
Occupied)), and a sector of the lexicon the store lacks, which no longer falls back to its country or to another
sector ("Thailand's opposition" is not Thailand, "the Nigerian police" not Government (Nigeria))."""

from __future__ import annotations

import pytest

from tkgrag.question.clause_shapes import dash_topic, inverted_names
from tkgrag.question.graph_linker import variants
from tkgrag.question.link_selection import another_sector, select_links, with_parentheticals
from tkgrag.question.linking import EntityLink
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.parse import understand
from tkgrag.question.sectors import holder_spellings


def _m(text: str, name: str, kind: MentionKind = MentionKind.NAME, role: str | None = None, holder: str | None = None
       ) -> Mention:  # fmt: skip
    start = text.index(name)
    return Mention(name, start, start + len(name), kind, role, holder)


def _link(m: Mention, name: str, score: float) -> EntityLink:
    return EntityLink(m, name.replace(" ", "_"), name, score)


# -- a demonym name before a dash --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        ("Israeli Defense Forces -- who physically assaulted them in January of 2015?",
         "Who physically assaulted Israeli Defense Forces in January of 2015?"),
        ("Israeli Defense Forces — who physically assaulted them in January of 2015?",
         "Who physically assaulted Israeli Defense Forces in January of 2015?"),
        ("Kenyan Police -- who did they arrest in 2014?", "Who did Kenyan Police arrest in 2014?"),
    ],
)  # fmt: skip
def test_a_demonym_name_before_a_dash_keeps_its_capital(question: str, rewritten: str) -> None:
    assert dash_topic(question) == rewritten


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        # guards: a sector said in sentence case still loses the sentence's capital
        ("Criminals in Mexico -- who arrested them in 2014?", "Who arrested criminals in Mexico in 2014?"),
        ("The police in Kenya — who criticized them in 2014?", "Who criticized the police in Kenya in 2014?"),
    ],
)  # fmt: skip
def test_a_sector_topic_before_a_dash_is_still_lower_cased(question: str, rewritten: str) -> None:
    assert dash_topic(question) == rewritten


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        ("Israeli Defense Forces: who physically assaulted them in January of 2015?",
         "Who physically assaulted Israeli Defense Forces in January of 2015?"),
        ("Barack Obama: who praised him in 2014?", "Who praised Barack Obama in 2014?"),
        ("Criminals in Mexico: who arrested them?", "Who arrested criminals in Mexico?"),
        # guards: a time or a clause before the colon is no topic; the parenthesis form as before
        ("In 2014: who praised them?", "In 2014: who praised them?"),
        ("After Kenya visited Japan: who praised them?", "After Kenya visited Japan: who praised them?"),
        ("Barack Obama (and I mean in October 2015 only): who praised them?",
         "Who praised Barack Obama (and I mean in October 2015 only)?"),
    ],
)  # fmt: skip
def test_a_topic_before_a_colon(question: str, rewritten: str) -> None:
    assert dash_topic(question) == rewritten


def test_the_dash_topic_is_read_as_one_name() -> None:
    t = understand("Israeli Defense Forces -- who physically assaulted them in January of 2015?")
    assert [m.text for m in t.mentions if m.kind is MentionKind.NAME] == ["Israeli Defense Forces"]


# -- the occupied Palestinian territory --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("which parties did children in the occupied Palestinian territory physically assault?",
         "which parties did children in the Occupied Palestinian Territory physically assault?"),
        ("who attacked students in the occupied Palestinian territories?",
         "who attacked students in the Occupied Palestinian Territory?"),
        ("who visited the Palestinian territories?", "who visited the Occupied Palestinian Territory?"),
        ("who criticized the government of Palestinian Territory, Occupied?",
         "who criticized the government of Occupied Palestinian Territory?"),
        # guards: the demonym alone and other names stay
        ("who did Palestinian children attack?", "who did Palestinian children attack?"),
        ("who did the Palestinian Authority praise?", "who did the Palestinian Authority praise?"),
    ],
)  # fmt: skip
def test_the_territory_as_people_write_it(text: str, said: str) -> None:
    assert inverted_names(text) == said


def test_children_in_the_occupied_territory_is_a_sector_mention() -> None:
    t = understand(
        "After October 29, 2014, which parties did children in the occupied Palestinian territory physically assault?"
    )
    roles = [(m.role, m.holder) for m in t.mentions if m.kind is MentionKind.ROLE]
    assert roles == [("children", "Occupied Palestinian Territory")]


@pytest.mark.parametrize(
    ("holder", "spellings"),
    [
        ("Occupied Palestinian Territory", ("Occupied Palestinian Territory", "Palestinian Territory, Occupied")),
        ("Republic of Korea", ("Republic of Korea", "Korea, Republic of")),
        ("Kenya", ("Kenya",)),
        ("South Korea", ("South Korea",)),
    ],
)
def test_holder_spellings(holder: str, spellings: tuple[str, ...]) -> None:
    assert holder_spellings(holder) == spellings


@pytest.mark.parametrize(
    ("mention", "key"),
    [
        (Mention("children in the Occupied Palestinian Territory", 0, 47, MentionKind.ROLE, "children",
                 "Occupied Palestinian Territory"), "Children (Palestinian Territory, Occupied)"),
        (Mention("Palestinian children", 0, 20, MentionKind.NAME), "Children (Palestinian Territory, Occupied)"),
        (Mention("students in Kenya", 0, 17, MentionKind.ROLE, "students", "Kenya"), "Student (Kenya)"),
    ],
)  # fmt: skip
def test_variants_spell_the_holder_as_the_store(mention: Mention, key: str) -> None:
    assert key in variants(mention)


# -- a name holding "in <Name>" ----------------------------------------------------------------------------------

_ANSAR = (
    "Who commented publicly on Ansar al-Sharia in Libya in the same month that UN Security Council made a statement "
    "about Ansar al-Sharia in Libya?"
)


def test_a_name_over_in_name_is_offered() -> None:
    found = with_parentheticals(_ANSAR, find_mentions(_ANSAR))
    assert "Ansar al-Sharia in Libya" in [m.text for m in found]


def test_the_whole_name_wins_where_the_store_has_it_exactly() -> None:
    text = "Who criticized Ansar al-Sharia in Libya in 2014?"
    part, country, whole = _m(text, "Ansar al-Sharia"), _m(text, "Libya"), _m(text, "Ansar al-Sharia in Libya")
    got = select_links(
        [part, country, whole],
        [[_link(part, "Ansar al-Sharia in Libya", 0.916)], [], [_link(whole, "Ansar al-Sharia in Libya", 3.0)]],
    )
    assert [(m.text, lk.name if lk else None) for m, lk in got] == [
        ("Ansar al-Sharia in Libya", "Ansar al-Sharia in Libya")
    ]


def test_an_inexact_whole_name_never_wins() -> None:
    # guard: "Al-Qaeda in Iraq" where the store has no such name: the two names as before
    text = "Who criticized Al-Qaeda in Iraq in 2014?"
    part, country, whole = _m(text, "Al-Qaeda"), _m(text, "Iraq"), _m(text, "Al-Qaeda in Iraq")
    got = select_links(
        [part, country, whole],
        [
            [_link(part, "Al-Qaeda", 3.0)],
            [_link(country, "Iraq", 3.0)],
            [_link(whole, "Al-Qaeda in the Maghreb", 0.95)],
        ],
    )
    assert [(m.text, lk.name if lk else None) for m, lk in got] == [("Al-Qaeda", "Al-Qaeda"), ("Iraq", "Iraq")]


def test_an_inexact_whole_name_alone_stays_unlinked() -> None:
    text = "Who criticized Al-Qaeda in Iraq in 2014?"
    part, country, whole = _m(text, "Al-Qaeda"), _m(text, "Iraq"), _m(text, "Al-Qaeda in Iraq")
    got = select_links([part, country, whole], [[], [], [_link(whole, "Al-Qaeda in the Maghreb", 0.95)]])
    assert [(m.text, lk) for m, lk in got] == [("Al-Qaeda in Iraq", None)]


# -- a sector of the lexicon the store lacks ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mention", "name", "another"),
    [
        (Mention("Nigerian police", 4, 19, MentionKind.ROLE, "police", "Nigeria"), "Government (Nigeria)", True),
        (Mention("Thailand's opposition", 0, 21, MentionKind.ROLE, "opposition", "Thailand"),
         "Armed Opposition (Thailand)", True),
        (Mention("Nigerian police", 4, 19, MentionKind.ROLE, "police", "Nigeria"), "Police (Kenya)", True),
        (Mention("the military of Israel", 0, 22, MentionKind.ROLE, "military", "Israel"), "Military Police (Israel)",
         True),
        # guards: the sector's own entity, or its personnel, is the sector's
        (Mention("Thai military", 4, 17, MentionKind.ROLE, "military", "Thailand"), "Military Personnel (Thailand)",
         False),
        (Mention("Thailand's opposition", 0, 21, MentionKind.ROLE, "opposition", "Thailand"),
         "People Associated with the Opposition (Thailand)", False),
        (Mention("children in the Occupied Palestinian Territory", 0, 47, MentionKind.ROLE, "children",
                 "Occupied Palestinian Territory"), "Children (Palestinian Territory, Occupied)", False),
        # the number of the sector's word is no other actor: a graph of one's own says "Woman (Australia)"
        (Mention("women in Australia", 0, 18, MentionKind.ROLE, "women", "Australia"), "Woman (Australia)", False),
        (Mention("women in Australia", 0, 18, MentionKind.ROLE, "women", "Australia"), "Women (Australia)", False),
        (Mention("women in Australia", 0, 18, MentionKind.ROLE, "women", "Australia"), "Men (Australia)", True),
        # not a sector of the lexicon: nothing said
        (Mention("Bank of Japan", 0, 13, MentionKind.ROLE, "Bank", "Japan"), "Bank of Japan", False),
    ],
)  # fmt: skip
def test_another_sector(mention: Mention, name: str, another: bool) -> None:
    assert another_sector(mention, name) is another


def test_the_demonym_sector_linked_to_another_sector_stays_unlinked() -> None:
    text = "Who did the Nigerian police arrest in 2014?"
    role = _m(text, "Nigerian police", MentionKind.ROLE, "police", "Nigeria")
    name = _m(text, "Nigerian")
    got = select_links([role, name], [[_link(role, "Government (Nigeria)", 0.88)], [_link(name, "Citizen (Nigeria)",
                                                                                        0.9)]])  # fmt: skip
    assert [(m.text, lk) for m, lk in got] == [("Nigerian police", None)]


def test_a_possessive_sector_does_not_fall_back_to_the_country() -> None:
    text = "Who did Thailand's opposition criticize in 2014?"
    role = _m(text, "Thailand's opposition", MentionKind.ROLE, "opposition", "Thailand")
    name = _m(text, "Thailand")
    got = select_links(
        [role, name], [[_link(role, "Armed Opposition (Thailand)", 0.885)], [_link(name, "Thailand", 3.0)]]
    )
    assert [(m.text, lk) for m, lk in got] == [("Thailand's opposition", None)]


def test_a_sector_of_x_does_not_fall_back_to_the_country() -> None:
    text = "Who did the military of Thailand criticize in 2014?"
    role = _m(text, "the military of Thailand", MentionKind.ROLE, "military", "Thailand")
    name = _m(text, "Thailand")
    got = select_links([role, name], [[], [_link(name, "Thailand", 3.0)]])
    assert [(m.text, lk) for m, lk in got] == [("the military of Thailand", None)]


def test_a_sector_linked_to_its_own_kind_wins_over_the_country() -> None:
    text = "Who did the military of Thailand criticize in 2014?"
    role = _m(text, "the military of Thailand", MentionKind.ROLE, "military", "Thailand")
    name = _m(text, "Thailand")
    got = select_links(
        [role, name], [[_link(role, "Military Personnel (Thailand)", 0.94)], [_link(name, "Thailand", 3.0)]]
    )
    assert [(m.text, lk.name if lk else None) for m, lk in got] == [
        ("the military of Thailand", "Military Personnel (Thailand)")
    ]


def test_the_exact_sector_still_wins() -> None:
    # guard: the store's own sector entity
    text = "Who did Kenya's police arrest in 2014?"
    role = _m(text, "Kenya's police", MentionKind.ROLE, "police", "Kenya")
    name = _m(text, "Kenya")
    got = select_links([role, name], [[_link(role, "Police (Kenya)", 3.0)], [_link(name, "Kenya", 3.0)]])
    assert [(m.text, lk.name if lk else None) for m, lk in got] == [("Kenya's police", "Police (Kenya)")]


# -- an adjective of the event after a possessive ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Shimon Peres's pessimistic remark about Iran", "pessimistic remark"),
        ("Shimon Peres's pessimistic comment on Iran", "pessimistic comment"),
    ],
)
def test_an_adjective_of_the_event_stays_in_the_relation_phrase(text: str, phrase: str) -> None:
    t = understand(text)
    assert [m.text for m in t.mentions] == ["Shimon Peres", "Iran"]
    assert t.relation_phrase == phrase


@pytest.mark.parametrize(
    ("text", "role"),
    [
        # guards: a sector of the lexicon before an event noun, and a sector alone, stay the possessive's roles
        ("Kenya's police statement on Iran", "police"),
        ("Who criticized Thailand's opposition in 2014?", "opposition"),
    ],
)
def test_a_possessive_sector_stays_a_role(text: str, role: str) -> None:
    assert role in [m.role for m in find_mentions(text) if m.kind is MentionKind.ROLE]


def test_a_sectors_officials_are_the_sector() -> None:
    # set 14: with "officials in Sudan" unlinked (the store lacks Other Authorities / Officials (Sudan)) the anchor
    # lost its object and took another of Sudan's praises; the ministry's officials are the ministry's actor
    text = "After Sudan's praise for ministry officials in Sudan, who spoke highly of Sudan?"
    roles = [(m.role, m.holder) for m in find_mentions(text) if m.kind is MentionKind.ROLE]
    assert roles == [("ministry officials", "Sudan")]
    assert "Ministry (Sudan)" in variants(next(m for m in find_mentions(text) if m.kind is MentionKind.ROLE))
