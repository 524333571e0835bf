"""Rule T of the ``auto`` planner: a stored page's or document's whole title in the question sends it to that text
kind (exact plans on hand-made signals and inventories), and the title lookup (``auto.Titles``)."""

from __future__ import annotations

from tkgrag.model import ItemKind
from tkgrag.planning.auto import Titles
from tkgrag.planning.inventory import CrossEncoderCheck, Inventory
from tkgrag.planning.planner import (
    TITLES_ALL,
    TITLES_OFF,
    QuestionSignals,
    Titled,
    TitleRule,
    choose_kinds,
    plan,
    title_kinds,
)
from tkgrag.planning.readiness import READY, StoreCounts
from tkgrag.retrievers.registry import METHODS
from tkgrag.title_keys import question_words, title_words

E, F, P, C = ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK
ALL = frozenset({E, F, P, C})
MIXED = StoreCounts(
    events=100, facts=50, events_embedded=150, passages=20, passages_embedded=20, chunks=30, chunks_embedded=30,
    chunk_links=5,
)  # fmt: skip
PAGE = Titled(P, "Newton D. Baker House")
DOC = Titled(C, "The Collegian")
DOC_IN_GRAPH = Titled(C, "Germany", in_graph=True)
EXCLUSIVE_DOCS = TitleRule(frozenset({P, C}), frozenset({C}))


def inventory(counts: StoreCounts = MIXED) -> Inventory:
    return Inventory(counts, {}, {name: READY for name in METHODS}, CrossEncoderCheck(None, None, "none"))


def test_rule_t_off_is_main_s_plan() -> None:
    s = QuestionSignals('time "1916"', linked_facts=4, states_time=True, titled=(PAGE,))
    assert choose_kinds(s, ALL, TITLES_OFF)[0] == (F,)


def test_a_page_title_overrides_rule_3_facts() -> None:
    s = QuestionSignals('time "1916"', linked_facts=4, states_time=True, titled=(PAGE,))
    kinds, why = choose_kinds(s, ALL, TITLES_ALL)
    assert kinds == (P,)
    assert why == (
        'the question names by its whole title what a stored page is about (passages: "Newton D. Baker House"); '
        'without it: a temporal question (time "1916") whose linked entities take part in 0 events and 4 facts'
    )


def test_rule_3_events_stands_over_any_title() -> None:
    s = QuestionSignals('time "2014"', linked_events=9, linked_facts=1, states_time=True, titled=(PAGE, DOC))
    assert choose_kinds(s, ALL, TITLES_ALL)[0] == (E,)


def test_a_document_title_replaces_the_timeless_fusion() -> None:
    s = QuestionSignals(titled=(DOC,))
    assert choose_kinds(s, ALL, TITLES_OFF)[0] == (E, F, P, C)
    assert choose_kinds(s, ALL, TITLES_ALL)[0] == (C,)


def test_exclusive_documents_ignore_a_title_the_graph_links() -> None:
    s = QuestionSignals(titled=(DOC_IN_GRAPH,))
    assert title_kinds(s, ALL, EXCLUSIVE_DOCS) is None
    assert choose_kinds(s, ALL, EXCLUSIVE_DOCS)[0] == (E, F, P, C)
    assert title_kinds(s, ALL, TITLES_ALL) == (
        (C,),
        'the question names by its whole title what a stored document is about (chunks: "Germany")',
    )


def test_both_text_kinds_titled_are_both_read_and_calibrated() -> None:
    s = QuestionSignals(titled=(PAGE, DOC))
    p = plan(s, inventory(), calibrated={P: 0.9, C: 0.5, E: 0.95, F: 0.1}, titles=TITLES_ALL)
    assert p.kinds == (P,)  # chunks dropped by the calibration (0.5 < 0.9 - 0.1); events were never candidates
    assert [k for k, _ in p.dropped] == [C]
    p = plan(s, inventory(), calibrated={P: 0.9, C: 0.85}, titles=TITLES_ALL)
    assert [(st.kind, st.methods[0]) for st in p.steps] == [(P, "mrag+"), (C, "chunk-ppr")]


def test_a_title_of_a_kind_the_store_lacks_or_the_rule_leaves_out_does_not_count() -> None:
    s = QuestionSignals('time "1916"', linked_facts=4, states_time=True, titled=(PAGE,))
    assert choose_kinds(s, frozenset({E, F, C}), TITLES_ALL)[0] == (F,)
    assert choose_kinds(s, ALL, TitleRule(frozenset({C})))[0] == (F,)


def test_one_kind_store_ignores_titles() -> None:
    s = QuestionSignals(titled=(DOC,))
    assert choose_kinds(s, frozenset({P}), TITLES_ALL) == ((P,), "the store holds only passages")


def test_title_words_and_lookup() -> None:
    assert title_words("Mercury (planet)") == "mercury"
    assert title_words("The Collegian") == "collegian"
    assert title_words("U2") == ""  # too short to tell from a word of any question
    assert title_words("1998") == ""  # no letter
    t = Titles.of({P: ["Newton D. Baker House", "Io"], C: ["The Collegian", "Journal of Mathematical Physics"]})
    words = question_words("Who owned the Newton D. Baker House from 1916 to 1920, and who ran The Collegian?")
    assert t.written(words) == [(P, "Newton D. Baker House", "newton d baker house"), (C, "The Collegian", "collegian")]
    assert t.written(question_words("Who owned the Baker House?")) == []
