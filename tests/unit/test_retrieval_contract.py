"""The retrieval contract without a database: requests and their validation, what a retriever applies of a request
(``RequestScope``), the method registry's recipes, the temporal filter's Cypher and parameters, the item types
(``Evidence.as_dict`` per kind) and how each kind reads in the LLM prompts. Expected values are written out by hand."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime
from typing import Any, cast

import pytest

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.model import ALL_KINDS, TIMELESS, Evidence, ItemKind, Retrieval, TemporalConstraint, TemporalRelation
from tkgrag.queries.temporal_filter import constraint_params, temporal_filter
from tkgrag.readers.prompts import load_template, parse_template
from tkgrag.retrievers.base import Need, RequestScope, RetrievalRequest, Retriever, RetrieverBase
from tkgrag.retrievers.mrag.config import MragConfig
from tkgrag.retrievers.registry import METHODS, RetrieverContext, create, method, parse_options
from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.retriever import StarRetriever
from tkgrag.retrievers.vector import VectorConfig
from tkgrag.store import Store
from tkgrag.temporal import Granularity, TimeSpan

BEFORE_MAY_3 = TemporalConstraint.before("2014-05-03")
IN_MAY = TemporalConstraint.in_period("2014-05")
STATEMENTS = frozenset({ItemKind.EVENT, ItemKind.FACT})


# --------------------------------------------------------------------------------------------- items
EVENT = Evidence.event(
    "e1", "Iran consulted China on 2014-05-13", "Iran", "Consult", "China", TimeSpan.parse("2014-05-13"), 0.9
)
FACT = Evidence.event(
    "f1",
    "Barack Obama position held President of the United States",
    "Barack_Obama",
    "position_held",
    "President_of_the_United_States",
    TimeSpan.between("2009-01-20", "2017-01-20"),
    0.8,
    source="wikidata",
    kind=ItemKind.FACT,
    relation_id="P39",
    qualifiers=[{"predicate": "replaces", "value": "George W. Bush"}, {"predicate": "series ordinal", "value": "44"}],
)
PASSAGE = Evidence(
    ItemKind.PASSAGE,
    "p1",
    "He was  born in\nHonolulu on 1961-08-04.",
    0.4,
    TimeSpan(date(1961, 8, 4), date(2008, 11, 4)),
    "timeqa",
    {"title": "Barack Obama", "dates": ["1961-08-04", "2008-11-04"]},
)
CHUNK = Evidence(
    ItemKind.CHUNK, "c1", "The treaty was signed in 1957.", 0.3, fields={"title": "Treaty of Rome", "document": "d1"}
)
TITLED_PASSAGE = Evidence(  # its text already begins with its title: no prefix
    ItemKind.PASSAGE, "p2", "Barack Obama is an American politician.", 0.2, fields={"title": "Barack Obama"}
)
TIMELESS_EVENT = Evidence.event("e9", "", "Iran", "Consult", "China", TIMELESS, 0.1)
ALL_ITEMS = [EVENT, FACT, PASSAGE, CHUNK, TITLED_PASSAGE, TIMELESS_EVENT]


def test_event_as_dict() -> None:
    assert EVENT.as_dict() == {
        "kind": "event",
        "key": "e1",
        "text": "Iran consulted China on 2014-05-13",
        "score": 0.9,
        "span": "2014-05-13",
        "valid_from": "2014-05-13",
        "valid_to": "2014-05-13",
        "granularity": "day",
        "source": None,
        "fields": {"subject": "Iran", "relation": "Consult", "object": "China"},
    }


def test_fact_as_dict_keeps_relation_id_and_qualifiers() -> None:
    assert FACT.as_dict() == {
        "kind": "fact",
        "key": "f1",
        "text": "Barack Obama position held President of the United States",
        "score": 0.8,
        "span": "2009-01-20..2017-01-20",
        "valid_from": "2009-01-20",
        "valid_to": "2017-01-20",
        "granularity": "day",
        "source": "wikidata",
        "fields": {
            "subject": "Barack_Obama",
            "relation": "position_held",
            "object": "President_of_the_United_States",
            "relation_id": "P39",
            "qualifiers": [
                {"predicate": "replaces", "value": "George W. Bush"},
                {"predicate": "series ordinal", "value": "44"},
            ],
        },
    }


def test_passage_as_dict() -> None:
    assert PASSAGE.as_dict() == {
        "kind": "passage",
        "key": "p1",
        "text": "He was  born in\nHonolulu on 1961-08-04.",
        "score": 0.4,
        "span": "1961-08-04..2008-11-04",
        "valid_from": "1961-08-04",
        "valid_to": "2008-11-04",
        "granularity": "day",
        "source": "timeqa",
        "fields": {"title": "Barack Obama", "dates": ["1961-08-04", "2008-11-04"]},
    }


def test_timeless_chunk_as_dict_has_no_time() -> None:
    assert CHUNK.as_dict() == {
        "kind": "chunk",
        "key": "c1",
        "text": "The treaty was signed in 1957.",
        "score": 0.3,
        "span": None,
        "valid_from": None,
        "valid_to": None,
        "granularity": None,
        "source": None,
        "fields": {"title": "Treaty of Rome", "document": "d1"},
    }


def test_open_ended_span_as_dict() -> None:
    since = Evidence.event("e2", "", "A", "Lead", "B", TimeSpan(date(2014, 5, 1), None, Granularity.MONTH), 0.5)
    d = since.as_dict()
    assert (d["span"], d["valid_from"], d["valid_to"], d["granularity"]) == ("2014-05..?", "2014-05-01", None, "month")


def test_as_dict_fields_is_a_copy() -> None:
    d = EVENT.as_dict()
    d["fields"]["subject"] = "changed"
    assert EVENT.subject == "Iran"


def test_item_accessors_by_kind() -> None:
    assert (FACT.subject, FACT.relation, FACT.object, FACT.title) == (
        "Barack_Obama",
        "position_held",
        "President_of_the_United_States",
        "",
    )
    assert (PASSAGE.subject, PASSAGE.relation, PASSAGE.object, PASSAGE.title) == ("", "", "", "Barack Obama")
    assert [e.is_statement for e in ALL_ITEMS] == [True, True, False, False, False, True]
    assert [e.has_time for e in ALL_ITEMS] == [True, True, True, False, False, False]


def test_item_kind_parse() -> None:
    assert [ItemKind.parse(x) for x in ("event", "Facts", " passages ", "CHUNK")] == list(ItemKind)
    with pytest.raises(ValueError, match="unknown item kind 'rule'; choose from: event, fact, passage, chunk"):
        ItemKind.parse("rule")


def test_retrieval_constraint_is_the_first_applied_and_as_dict_lists_all() -> None:
    r = Retrieval("m", "q?", [CHUNK], constraints=(IN_MAY, BEFORE_MAY_3), notes=["a note"])
    assert r.constraint == IN_MAY and r.keys == ["c1"]
    d = r.as_dict()
    assert (d["constraints"], d["notes"]) == (["during 2014-05", "before 2014-05-03"], ["a note"])
    assert Retrieval("m", "q?", []).constraint is None


# --------------------------------------------------------------------------------------------- prompts
def test_star_rag_reads_each_kind() -> None:
    _, user = load_template("star_rag").render("Who?", ALL_ITEMS, k=3)
    assert user.content.endswith(
        "Events:\n"
        "1. Iran Consult China @ 2014-05-13\n"
        "2. Barack Obama position held President of the United States @ 2009-01-20..2017-01-20"
        " (replaces: George W. Bush; series ordinal: 44)\n"
        "3. Barack Obama: He was born in Honolulu on 1961-08-04.\n"
        "4. Treaty of Rome: The treaty was signed in 1957.\n"
        "5. Barack Obama is an American politician.\n"
        "6. Iran Consult China @ unknown time\n"
        "Question:\n"
        "Who?"
    )


def test_timer4_reads_each_kind() -> None:
    (user,) = load_template("timer4").render("Who?", ALL_ITEMS)
    assert user.content == (
        "Based on the historical facts, please answer the given question. Please keep the answer as simple as "
        "possible and return all the possible answers as a list. Historical facts:\n"
        "[Iran, Consult, China, 2014-05-13]\n"
        "[Barack Obama, position held, President of the United States, 2009-01-20..2017-01-20]"
        " (replaces: George W. Bush; series ordinal: 44)\n"
        "[Barack Obama: He was born in Honolulu on 1961-08-04.]\n"
        "[Treaty of Rome: The treaty was signed in 1957.]\n"
        "[Barack Obama is an American politician.]\n"
        "[Iran, Consult, China, unknown time]\n"
        "Question: Who?"
    )


def test_a_line_that_places_qualifiers_and_kind_gets_no_appended_qualifiers() -> None:
    template = parse_template(
        "[user]\n{question}\n{evidence}\n"
        "[evidence_line]\n{rank} {kind}: {subject} [{qualifiers}]\n"
        "[passage_line]\n{rank} {kind} <{title}> {time}\n",
        "t.txt",
    )
    (user,) = template.render("Q", ALL_ITEMS)
    assert user.content == (
        "Q\n"
        "1 event: Iran []\n"
        "2 fact: Barack Obama [replaces: George W. Bush; series ordinal: 44]\n"
        "3 passage <Barack Obama> 1961-08-04..2008-11-04\n"
        "4 chunk <Treaty of Rome> unknown time\n"
        "5 passage <Barack Obama> unknown time\n"
        "6 event: Iran []"
    )


def test_a_fact_without_qualifiers_is_its_line() -> None:
    plain = Evidence.event("f2", "", "A", "member_of", "B", TimeSpan.parse("2001"), 0.5, kind=ItemKind.FACT)
    assert load_template("star_rag").evidence_line_of(7, plain) == "7. A member of B @ 2001"


# --------------------------------------------------------------------------------------------- requests
def test_request_validation() -> None:
    with pytest.raises(ConfigError, match="non-empty question text"):
        RetrievalRequest("  \n")
    with pytest.raises(ConfigError, match="k must be between 1 and 10,000, got 0"):
        RetrievalRequest("Who?", k=0)
    with pytest.raises(ConfigError, match="at least one item kind"):
        RetrievalRequest("Who?", kinds=frozenset())
    with pytest.raises(ConfigError, match="at least one item kind"):
        RetrievalRequest.of("Who?", kinds=[])


def test_request_of_normalises() -> None:
    plain = RetrievalRequest.of("Who?")
    assert (plain.text, plain.k, plain.constraints, plain.kinds, plain.question) == ("Who?", 10, (), ALL_KINDS, None)
    assert RetrievalRequest.of("Who?", 3, IN_MAY).constraints == (IN_MAY,)
    assert RetrievalRequest.of("Who?", 3, [IN_MAY, None, BEFORE_MAY_3]).constraints == (IN_MAY, BEFORE_MAY_3)
    assert RetrievalRequest.of("Who?", 3, (c for c in [None])).constraints == ()
    wanted = RetrievalRequest.of("Who?", 3, kinds=[ItemKind.FACT, ItemKind.FACT, ItemKind.PASSAGE])
    assert wanted.kinds == frozenset({ItemKind.FACT, ItemKind.PASSAGE})


@dataclass
class Recorder(RetrieverBase):
    """The smallest retriever: ``RequestScope`` over fixed items; records the requests it ran."""

    name: str
    kinds: frozenset[ItemKind] = STATEMENTS
    needs: frozenset[Need] = frozenset()
    items: list[Evidence] = field(default_factory=list)
    requests: list[RetrievalRequest] = field(default_factory=list)

    def run(self, request: RetrievalRequest) -> Retrieval:
        self.requests.append(request)
        scope = RequestScope.of(self, request)
        return scope.result(self, request, self.items)


def test_the_string_form_of_retrieve_makes_a_request() -> None:
    r = Recorder("m")
    assert isinstance(r, Retriever)
    r.retrieve("Who?", 4, IN_MAY)
    r.retrieve("Who else?")
    assert r.requests == [RetrievalRequest("Who?", 4, (IN_MAY,)), RetrievalRequest("Who else?")]
    request = RetrievalRequest.of("Who?", 2, kinds=[ItemKind.FACT])
    r.retrieve(request)
    assert r.requests[-1] is request


def test_a_retriever_that_does_not_apply_constraints_gets_none_and_says_so() -> None:
    scope = RequestScope.of(Recorder("vector"), RetrievalRequest.of("Who?", 5, [BEFORE_MAY_3, IN_MAY]))
    assert scope.constraints == ()
    assert scope.notes == ["vector does not apply temporal constraints (ignored: before 2014-05-03; during 2014-05)"]
    assert scope.kinds == STATEMENTS
    # nothing asked, nothing ignored
    assert RequestScope.of(Recorder("vector"), RetrievalRequest.of("Who?")).notes == []


@pytest.mark.parametrize(
    ("question", "note"),
    [
        (
            "Who visited Iran on 31 February 2014?",
            "the question's time '31 February 2014' is not on the calendar (a day that does not exist, or a period "
            "that ends before it starts): no time constraint was taken from it",
        ),
        (
            "Who visited Iran between 2015 and 2013?",
            "the question's time '2015 and 2013' ends before it starts: no time constraint was taken from it",
        ),
    ],
)
def test_an_impossible_time_in_the_question_is_noted_not_dropped_silently(question: str, note: str) -> None:
    from tkgrag.question import understand
    from tkgrag.question.understanding import parse_only

    tq = understand(question)
    assert tq.notes == (note,) and tq.times[0].span is None
    tc = Recorder("vector+tc", needs=frozenset({Need.CONSTRAINTS}))
    u = parse_only(question)  # understood once by the caller; the retriever reads the note from the request
    assert tc.retrieve(RetrievalRequest.of(question, understanding=u)).notes == [note]
    assert RequestScope.of(tc, RetrievalRequest.of(question, understanding=u)).notes == [note]
    # times that wait for a reference date or a year are not impossible
    assert understand("Who visited Iran in May?").notes == understand("Who visited Iran last year?").notes == ()
    assert understand("Who visited Iran between 2013 and 2015?").notes == ()


def test_a_retriever_that_applies_constraints_gets_them_all() -> None:
    tc = Recorder("vector+tc", needs=frozenset({Need.CONSTRAINTS}))
    scope = RequestScope.of(tc, RetrievalRequest.of("Who?", 5, [BEFORE_MAY_3, IN_MAY]))
    assert (scope.constraints, scope.notes) == ((BEFORE_MAY_3, IN_MAY), [])


def test_record_time_goes_to_methods_that_apply_it_and_the_others_say_so() -> None:
    at = datetime(2026, 11, 25, 16, 30, tzinfo=UTC)
    asked = RetrievalRequest.of("Who?", 5, as_of_record=at)
    applies = Recorder("vector")
    applies.record_time = True
    scope = RequestScope.of(applies, asked)
    assert (scope.as_of_record, scope.notes) == (at, [])
    assert scope.filter_params() == {"tcs": [], "as_of_record": at}
    other = RequestScope.of(Recorder("exaqt"), asked)
    assert other.as_of_record is None
    assert other.notes == [
        "exaqt does not apply record time (ignored: as of 2026-11-25T16:30:00+00:00); vector, star, mrag and timer4 do"
    ]
    assert RequestScope.of(Recorder("exaqt"), RetrievalRequest.of("Who?")).notes == []  # nothing asked


def test_which_methods_apply_record_time() -> None:
    from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
    from tkgrag.retrievers.fastinsight.retriever import FastInsightRetriever
    from tkgrag.retrievers.mrag.retriever import MragRetriever
    from tkgrag.retrievers.passage_vector import PassageVectorRetriever
    from tkgrag.retrievers.timer4.retriever import TimeR4Retriever
    from tkgrag.retrievers.vector import VectorRetriever

    # exaqt's fact queries carry the record-time predicate since issue 29 (tests/integration/test_exaqt_retriever.py)
    applies = [VectorRetriever, PassageVectorRetriever, StarRetriever, MragRetriever, TimeR4Retriever, ExaqtRetriever]
    assert [c.record_time for c in applies] == [True] * 6
    assert FastInsightRetriever.record_time is False


def test_scope_kinds_are_the_intersection_and_an_empty_one_is_noted() -> None:
    r = Recorder("star")
    some = RequestScope.of(r, RetrievalRequest.of("Who?", kinds=[ItemKind.FACT, ItemKind.PASSAGE]))
    assert (some.kinds, some.notes) == (frozenset({ItemKind.FACT}), [])
    none = RequestScope.of(r, RetrievalRequest.of("Who?", kinds=[ItemKind.PASSAGE, ItemKind.CHUNK]))
    assert none.kinds == frozenset()
    assert none.notes == ["star returns event, fact, none of the kinds asked for (chunk, passage)"]


def test_scope_result_keeps_wanted_kinds_top_k_constraints_and_notes() -> None:
    r = Recorder("m", kinds=ALL_KINDS, items=list(ALL_ITEMS))
    got = r.retrieve(RetrievalRequest.of("Who?", 2, IN_MAY, kinds=[ItemKind.EVENT, ItemKind.CHUNK]))
    # kinds filter first (EVENT, CHUNK, TIMELESS_EVENT), then the top 2
    assert (got.method, got.question, got.keys) == ("m", "Who?", ["e1", "c1"])
    assert (got.constraints, got.notes) == ((), ["m does not apply temporal constraints (ignored: during 2014-05)"])
    tc = Recorder("m+tc", kinds=ALL_KINDS, needs=frozenset({Need.CONSTRAINTS}), items=list(ALL_ITEMS))
    applied = tc.retrieve(RetrievalRequest.of("Who?", 10, IN_MAY))
    assert (applied.constraints, applied.constraint, applied.notes) == ((IN_MAY,), IN_MAY, [])
    assert applied.keys == ["e1", "f1", "p1", "c1", "p2", "e9"]


# --------------------------------------------------------------------------------------------- registry
def test_every_method_returns_some_kind_and_is_named_by_its_key() -> None:
    assert list(METHODS) == [
        "vector",
        "vector+tc",
        "star",
        "star-uniform",
        "star+tc",
        "star+",
        "passage-vector",
        "passage-vector+tc",
        "passage-rerank",
        "mrag",
        "mrag+",
        "exaqt",
        "timer4",
        "timer4-no-rewrite",
        "timer4-no-rerank",
        "chunk-vector",
        "re2",
        "chunk-ppr",
        "fastinsight",
        "stex-only",
        "granker-only",
    ]
    for name, m in METHODS.items():
        assert m.name == name and m.description and m.kinds, name
        assert (m.kinds, m.needs) == (m.config.kinds, m.config.needs)


def test_mrag_recipes_differ_exactly_in_their_documented_knobs() -> None:
    mrag, plus, rerank = METHODS["mrag"], METHODS["mrag+"], METHODS["passage-rerank"]
    assert mrag.config == MragConfig()
    assert differences(mrag.config, plus.config) == {"ramp_unordered": (True, False), "passage_weight": (0.0, 0.3)}
    assert differences(mrag.config, rerank.config) == {
        "split_question": (True, False),
        "temporal": (True, False),
        "qfs_passages": (5, 0),
    }
    assert mrag.kinds == frozenset({ItemKind.PASSAGE}) and mrag.needs == frozenset({Need.CONSTRAINTS})
    assert rerank.needs == frozenset()


def test_method_options_parse_from_strings_with_their_types() -> None:
    m = METHODS["mrag"]
    assert parse_options(m, ["candidates=50", "llm_decompose=true", "passage_weight=0.25"]) == {
        "candidates": 50,
        "llm_decompose": True,
        "passage_weight": 0.25,
    }
    with pytest.raises(ConfigError, match="unknown option 'nope'"):
        parse_options(m, ["nope=1"])
    with pytest.raises(ConfigError, match="candidates='many' is not a valid int"):
        parse_options(m, ["candidates=many"])
    with pytest.raises(ConfigError, match="NAME=VALUE"):
        parse_options(m, ["candidates"])
    with pytest.raises(ConfigError, match="passage_weight"):
        m.configured(**parse_options(m, ["passage_weight=2"]))


def differences(a: Any, b: Any) -> dict[str, tuple[Any, Any]]:
    x, y = asdict(a), asdict(b)
    return {k: (x[k], y[k]) for k in x if x[k] != y[k]}


def test_star_recipes_differ_exactly_in_personalization_or_constraints() -> None:
    star, uniform, tc = METHODS["star"], METHODS["star-uniform"], METHODS["star+tc"]
    assert all(isinstance(m.config, StarConfig) for m in (star, uniform, tc))
    assert star.config == StarConfig()
    assert differences(star.config, uniform.config) == {"personalization": ("star", "star-uniform")}
    assert differences(star.config, tc.config) == {"apply_constraints": (False, True)}
    assert star.build is uniform.build is tc.build
    assert star.kinds == uniform.kinds == tc.kinds == STATEMENTS
    assert star.needs == uniform.needs == frozenset({Need.RULE_GRAPH})
    assert tc.needs == frozenset({Need.RULE_GRAPH, Need.CONSTRAINTS})


def test_vector_recipes_differ_exactly_in_constraints() -> None:
    vector, tc = METHODS["vector"], METHODS["vector+tc"]
    assert vector.config == VectorConfig()
    assert differences(vector.config, tc.config) == {"apply_constraints": (False, True)}
    assert vector.kinds == tc.kinds == STATEMENTS
    assert (vector.needs, tc.needs) == (frozenset(), frozenset({Need.CONSTRAINTS}))


def test_passage_recipes_search_passages() -> None:
    pv, tc = METHODS["passage-vector"], METHODS["passage-vector+tc"]
    assert pv.config == VectorConfig(label="Passage")
    assert differences(pv.config, tc.config) == {"apply_constraints": (False, True)}
    assert pv.kinds == tc.kinds == frozenset({ItemKind.PASSAGE})
    assert (pv.needs, tc.needs) == (frozenset(), frozenset({Need.CONSTRAINTS}))


def test_configured_overrides_are_validated() -> None:
    star = METHODS["star"]
    assert star.configured() is star.config
    assert star.configured(k1=5) == StarConfig(k1=5) and star.config.k1 == 10  # the recipe is left as it is
    with pytest.raises(ConfigError, match=r"method 'star': unknown option\(s\) bogus; known: .*\bk1\b"):
        star.configured(bogus=1)
    with pytest.raises(ConfigError, match=r"StarConfig\.k1=0: must be >= 1"):
        star.configured(k1=0)
    with pytest.raises(ConfigError, match=r"StarConfig\.personalization='gamma'"):
        star.configured(personalization="gamma")
    with pytest.raises(ConfigError, match=r"VectorConfig\.oversample=0: must be >= 1"):
        METHODS["vector"].configured(oversample=0)
    with pytest.raises(ConfigError, match=r"VectorConfig\.label='Rule'"):
        METHODS["vector"].configured(label="Rule")


def test_unknown_method_names_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="unknown retrieval method 'bm25'; choose one of: vector, vector\\+tc, star"):
        method("bm25")


# ---------------------------------------------------------------------- create()
# Retrieval itself runs against a real Neo4j in tests/integration/test_retrieval_kinds.py; create() touches neither
# the store nor the embedder, so placeholders stand in for them here.
def context() -> RetrieverContext:
    return RetrieverContext(cast(Store, object()), cast(Embedder, object()))


def test_create_applies_overrides_and_keeps_the_method_name() -> None:
    ctx = context()
    star = create("star+tc", ctx, k1=5)
    assert (star.name, star.kinds, star.needs) == (
        "star+tc",
        STATEMENTS,
        frozenset({Need.RULE_GRAPH, Need.CONSTRAINTS}),
    )
    assert isinstance(star, StarRetriever) and star.config == StarConfig(k1=5, apply_constraints=True)
    with pytest.raises(ConfigError, match="unknown option"):
        create("vector", ctx, k1=5)


# --------------------------------------------------------------------------------------------- temporal filter
def test_temporal_filter_refuses_what_is_not_an_identifier_or_a_known_label() -> None:
    for var in ("n.valid_from", "n) DETACH DELETE (m", "1n", ""):
        with pytest.raises(ValueError, match=r"variable .* is not a plain Cypher identifier"):
            temporal_filter(var, "Event")
    with pytest.raises(ValueError, match="parameter 'tcs OR true' is not a plain Cypher identifier"):
        temporal_filter("n", "Event", param="tcs OR true")
    with pytest.raises(ValueError, match="no interval properties known for label 'Entity' \\(Event, Passage, Chunk\\)"):
        temporal_filter("n", "Entity")


def test_temporal_filter_reads_each_labels_interval() -> None:
    assert temporal_filter("p", "Passage", param="c") == (
        "(CASE WHEN $as_of_record IS NULL THEN p.recorded_to IS NULL"
        " ELSE coalesce(p.recorded_from <= $as_of_record, true)"
        " AND coalesce(p.recorded_to > $as_of_record, true) END) AND "
        "all(tc IN $c WHERE "
        "(tc.relation = 'before' AND p.date_max < tc.start)"
        " OR (tc.relation = 'after' AND p.date_min > tc.end)"
        " OR (tc.relation = 'during'"
        " AND (tc.end IS NULL OR p.date_min IS NULL OR p.date_min <= tc.end)"
        " AND (tc.start IS NULL OR p.date_max IS NULL OR p.date_max >= tc.start)))"
    )
    assert temporal_filter("e", "Event") == temporal_filter("p", "Passage", param="c").replace("$c", "$tcs").replace(
        "p.date_min", "e.valid_from"
    ).replace("p.date_max", "e.valid_to").replace("p.recorded_", "e.recorded_")


def test_constraint_params_shape() -> None:
    since = TemporalConstraint(TemporalRelation.DURING, TimeSpan(date(2014, 5, 1), None, Granularity.MONTH))
    got = constraint_params([IN_MAY, None, BEFORE_MAY_3, since])
    assert got == {
        "tcs": [
            {"relation": "during", "start": date(2014, 5, 1), "end": date(2014, 5, 31)},
            {"relation": "before", "start": date(2014, 5, 3), "end": date(2014, 5, 3)},
            {"relation": "during", "start": date(2014, 5, 1), "end": None},
        ],
        "as_of_record": None,
    }
    assert constraint_params() == {"tcs": [], "as_of_record": None}
    assert constraint_params((IN_MAY,), param="x") == {
        "x": [{"relation": "during", "start": date(2014, 5, 1), "end": date(2014, 5, 31)}],
        "as_of_record": None,
    }
    at = datetime(2026, 11, 25, 16, 30, tzinfo=UTC)
    assert constraint_params((), at) == {"tcs": [], "as_of_record": at}
    with pytest.raises(ValueError, match="no time zone"):
        constraint_params((), datetime(2026, 11, 25, 16, 30))
