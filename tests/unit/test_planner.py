"""The ``auto`` planner's rules, on exact plans: which kinds, which method per kind, what is skipped and why."""

from __future__ import annotations

from tkgrag.model import ItemKind
from tkgrag.planning.inventory import CrossEncoderCheck, Inventory
from tkgrag.planning.planner import QuestionSignals, plan, temporal_signal
from tkgrag.planning.readiness import READY, Readiness, State, StoreCounts
from tkgrag.question.parse import understand as parse
from tkgrag.retrievers.registry import METHODS

NO_CE = CrossEncoderCheck(None, None, "no cross-encoder")


def inventory(
    counts: StoreCounts, states: dict[str, Readiness] | None = None, ce: CrossEncoderCheck = NO_CE
) -> Inventory:
    methods = {name: READY for name in METHODS}
    methods.update(states or {})
    return Inventory(counts, {}, methods, ce)


EVENTS = StoreCounts(events=100, events_embedded=100)
MIXED = StoreCounts(
    events=100, facts=50, events_embedded=150, passages=20, passages_embedded=20, chunks=30, chunks_embedded=30
)
NO_TKS = {"timer4": Readiness(State.MISSING, "no time-aware retriever trained", "tkgrag train retriever X")}
TEMPORAL = QuestionSignals(temporal='time "2014"', states_time=True)


def steps(p):
    return [(s.kind.value, s.methods) for s in p.steps]


def test_events_only_with_a_ready_tks_goes_to_timer4() -> None:
    p = plan(TEMPORAL, inventory(EVENTS))
    assert steps(p) == [("event", ("timer4", "star+", "vector+tc"))]
    assert p.why == "the store holds only events"
    assert p.skipped == ()
    assert not p.fused


def test_events_without_tks_go_to_star_plus_and_say_why_timer4_was_skipped() -> None:
    p = plan(TEMPORAL, inventory(EVENTS, NO_TKS))
    assert steps(p) == [("event", ("star+", "vector+tc"))]
    assert p.skipped == (("timer4", "missing: no time-aware retriever trained (run `tkgrag train retriever X`)"),)


def test_a_stale_rule_graph_is_used_and_said() -> None:
    stale = Readiness(State.STALE, "12 events recorded after the rule graph was built", "tkgrag rules build")
    p = plan(TEMPORAL, inventory(EVENTS, {**NO_TKS, "star+": stale}))
    assert steps(p) == [("event", ("star+", "vector+tc"))]
    assert "stale: 12 events recorded after the rule graph was built (run `tkgrag rules build`)" in p.steps[0].why


def test_events_without_rule_graph_nor_tks_go_to_vector_tc() -> None:
    missing = Readiness(State.MISSING, "no rule graph", "tkgrag rules build")
    p = plan(TEMPORAL, inventory(EVENTS, {**NO_TKS, "star+": missing}))
    assert steps(p) == [("event", ("vector+tc",))]
    assert [m for m, _ in p.skipped] == ["timer4", "star+"]


def test_single_kinds_facts_passages() -> None:
    facts = StoreCounts(facts=5, events_embedded=5)
    assert steps(plan(QuestionSignals(), inventory(facts))) == [("fact", ("exaqt", "vector+tc"))]
    passages = StoreCounts(passages=5, passages_embedded=5)
    assert steps(plan(QuestionSignals(), inventory(passages))) == [("passage", ("mrag+", "passage-vector+tc"))]


def test_chunks_fastinsight_only_with_a_cross_encoder_that_beats_the_bi_encoder() -> None:
    chunks = StoreCounts(chunks=5, chunks_embedded=5, chunk_links=3)
    beats = CrossEncoderCheck("/m/reranker", True, "held-out MRR 0.800 vs the bi-encoder's 0.700")
    loses = CrossEncoderCheck("/m/reranker", False, "held-out MRR 0.600 vs the bi-encoder's 0.700")
    unknown = CrossEncoderCheck("cross-encoder/ms-marco", None, "no metrics.json")
    p = plan(QuestionSignals(), inventory(chunks, ce=beats))
    assert steps(p) == [("chunk", ("fastinsight", "chunk-ppr", "chunk-vector"))]
    p = plan(QuestionSignals(), inventory(chunks, ce=loses))
    assert steps(p) == [("chunk", ("chunk-ppr", "chunk-vector"))]
    assert p.skipped == (
        (
            "fastinsight",
            "the cross-encoder does not beat the bi-encoder on its held-out check "
            "(held-out MRR 0.600 vs the bi-encoder's 0.700)",
        ),
    )
    assert steps(plan(QuestionSignals(), inventory(chunks, ce=unknown))) == [("chunk", ("chunk-ppr", "chunk-vector"))]


def test_unlinked_chunks_go_to_chunk_vector() -> None:
    chunks = StoreCounts(chunks=5, chunks_embedded=5)
    stale = Readiness(State.STALE, "5 chunks never linked", "tkgrag corpus link")
    p = plan(QuestionSignals(), inventory(chunks, {"chunk-ppr": stale}))
    assert steps(p) == [("chunk", ("chunk-vector",))]
    assert p.skipped[-1] == ("chunk-ppr", "stale: 5 chunks never linked (run `tkgrag corpus link`)")


def test_mixed_store_no_temporal_signal_reads_every_kind_fused() -> None:
    p = plan(QuestionSignals(), inventory(MIXED, NO_TKS))
    assert [s.kind for s in p.steps] == [ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK]
    assert p.fused and p.fusion == "rrf"
    assert p.why == "no temporal signal over a mixed store (events, facts, passages, chunks): every kind, fused"


def test_mixed_store_temporal_question_follows_its_linked_entities() -> None:
    to_facts = QuestionSignals('time "2010"', linked_events=3, linked_facts=40)
    p = plan(to_facts, inventory(MIXED, NO_TKS))
    assert steps(p) == [("fact", ("exaqt", "vector+tc"))]
    assert p.why == 'a temporal question (time "2010") whose linked entities take part in 3 events and 40 facts'
    tie = QuestionSignals('time "2010"', linked_events=7, linked_facts=7)
    assert steps(plan(tie, inventory(MIXED, NO_TKS))) == [("event", ("star+", "vector+tc"))]


def test_mixed_store_temporal_question_without_linked_entity_reads_the_text_kinds() -> None:
    """A stated time about no graph entity: the text kinds present, passages and chunks alike (without calibrated
    values both, fused; with them, ``test_calibration`` shows the margin deciding)."""
    p = plan(TEMPORAL, inventory(MIXED))
    assert steps(p) == [("passage", ("mrag+", "passage-vector+tc")), ("chunk", ("chunk-ppr", "chunk-vector"))]
    assert p.why == (
        'a question stating a time (time "2014") naming no entity of the events or facts: passages and chunks'
    )
    when = plan(QuestionSignals(temporal="asks for a time"), inventory(MIXED))  # "When was the performer ... born?"
    assert [s.kind for s in when.steps] == [ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK]
    no_passages = StoreCounts(events=1, events_embedded=1, chunks=1, chunks_embedded=1)
    p = plan(TEMPORAL, inventory(no_passages))
    assert [s.kind for s in p.steps] == [ItemKind.CHUNK]
    assert p.why.endswith("naming no entity of the events or facts: chunks")
    no_chunks = StoreCounts(events=1, events_embedded=1, passages=1, passages_embedded=1)
    assert [s.kind for s in plan(TEMPORAL, inventory(no_chunks)).steps] == [ItemKind.PASSAGE]
    graph_only = StoreCounts(events=1, events_embedded=1, facts=1)
    assert [s.kind for s in plan(TEMPORAL, inventory(graph_only)).steps] == [ItemKind.EVENT, ItemKind.FACT]


def test_wanted_kinds_limit_the_plan_and_an_empty_store_plans_nothing() -> None:
    p = plan(QuestionSignals(), inventory(MIXED), wanted=frozenset({ItemKind.CHUNK}))
    assert [s.kind for s in p.steps] == [ItemKind.CHUNK]
    empty = plan(QuestionSignals(), inventory(StoreCounts()))
    assert empty.steps == ()
    assert empty.why == "the store holds no events, facts, passages or chunks (ingest first)"


def test_plan_lines_say_methods_why_and_skips() -> None:
    p = plan(TEMPORAL, inventory(EVENTS, NO_TKS))
    assert p.lines() == [
        "auto: the store holds only events",
        "auto: events -> star+: the rule graph is built, read by the symbolic reader (fallback: vector+tc)",
        "auto: skipped timer4: missing: no time-aware retriever trained (run `tkgrag train retriever X`)",
    ]
    assert p.as_dict()["steps"] == [
        {
            "kind": "event",
            "methods": ["star+", "vector+tc"],
            "why": "the rule graph is built, read by the symbolic reader",
        }
    ]


def test_temporal_signal_words() -> None:
    assert temporal_signal(parse("Who consulted Iran in May 2014?")) == 'time "May 2014"'
    assert temporal_signal(parse("When did Iran consult Japan?")) == "asks for a time"
    assert temporal_signal(parse("Who is the spouse of the Green performer?")) == ""
    assert temporal_signal(None) == ""


def test_an_entity_counts_when_its_whole_name_is_written_in_the_question() -> None:
    from tkgrag.planning.auto import stated
    from tkgrag.title_keys import question_words

    words = question_words("what award did sandra bullock receive at the 82nd academy awards?")
    assert words == " what award did sandra bullock receive at the 82nd academy awards "
    assert stated("Sandra Bullock", words)
    assert stated("Academy_Awards", words)  # underscores as spaces, case folded
    assert not stated("Anne Mee", question_words("what date was anne of cleves marriage"))  # a fuzzy link
    assert stated("The Shawshank Redemption", question_words("what was shawshank redemption nominated for"))
    assert not stated("Iran", question_words("Who visited Iranshahr?"))  # whole words only
    assert not stated("", words)
