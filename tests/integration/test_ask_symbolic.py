"""The symbolic reader end to end on a small hand-made graph: one or more questions per tkgqa question type, with
the answers worked out by hand from the table below, plus ties, empty results, granularity and role decisions.

 #  subject           relation                   object            day
 1  Alpha Union       Consult                    Xavier Mendez     2014-01-10
 2  Beta League       Consult                    Xavier Mendez     2014-03-05
 3  Citizen (Gamma)   Consult                    Xavier Mendez     2014-03-20
 4  Beta League       Consult                    Xavier Mendez     2014-05-01
 5  Delta Council     Consult                    Xavier Mendez     2014-05-01   (ties with 4)
 6  Epsilon Party     Consult                    Xavier Mendez     2014-05-20
 7  Alpha Union       Consult                    Yara Okafor       2014-03-07   (other object)
 8  Epsilon Party     Criticize_or_denounce      Xavier Mendez     2014-02-01   (other relation)
 9  Xavier Mendez     Criticize_or_denounce      Alpha Union       2014-04-11
10  Alpha Union       Make_a_visit               Zeta Republic     2014-06-02
11  Alpha Union       Make_a_visit               Zeta Republic     2014-08-15
12  Zeta Republic     Host_a_visit               Alpha Union       2014-06-02
13  Zeta Republic     Host_a_visit               Alpha Union       2014-08-15
14  Yara Okafor       Make_optimistic_comment    Xavier Mendez     2014-02-20
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.api import ask_request
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.model import Answer, AnswerRole, Order
from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.sources.records import event_key
from tkgrag.store import Store
from tkgrag.temporal import TimeSpan

FACTS = [
    ("Alpha_Union", "Consult", "Xavier_Mendez", "2014-01-10"),
    ("Beta_League", "Consult", "Xavier_Mendez", "2014-03-05"),
    ("Citizen_(Gamma)", "Consult", "Xavier_Mendez", "2014-03-20"),
    ("Beta_League", "Consult", "Xavier_Mendez", "2014-05-01"),
    ("Delta_Council", "Consult", "Xavier_Mendez", "2014-05-01"),
    ("Epsilon_Party", "Consult", "Xavier_Mendez", "2014-05-20"),
    ("Alpha_Union", "Consult", "Yara_Okafor", "2014-03-07"),
    ("Epsilon_Party", "Criticize_or_denounce", "Xavier_Mendez", "2014-02-01"),
    ("Xavier_Mendez", "Criticize_or_denounce", "Alpha_Union", "2014-04-11"),
    ("Alpha_Union", "Make_a_visit", "Zeta_Republic", "2014-06-02"),
    ("Alpha_Union", "Make_a_visit", "Zeta_Republic", "2014-08-15"),
    ("Zeta_Republic", "Host_a_visit", "Alpha_Union", "2014-06-02"),
    ("Zeta_Republic", "Host_a_visit", "Alpha_Union", "2014-08-15"),
    ("Yara_Okafor", "Make_optimistic_comment", "Xavier_Mendez", "2014-02-20"),
]
SOURCE = "handmade"


def key_of(s: str, r: str, o: str, day: str) -> str:
    return event_key(s, r, o, TimeSpan.parse(day), SOURCE)


@pytest.fixture(scope="module")
def graph(session_store: Store, embedder, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:  # type: ignore[no-untyped-def]
    """The table above, ingested once for this module (the tests only read)."""
    from tests.conftest import wipe

    wipe(session_store)
    path = tmp_path_factory.mktemp("handmade") / "handmade.tsv"
    path.write_text("".join("\t".join(f) + "\n" for f in FACTS), encoding="utf-8")
    ingest_tkg_file(
        session_store,
        path,
        source=SOURCE,
        options=IngestOptions(embedder=embedder, progress=False, rejects_dir=path.parent),
    )
    yield session_store


@pytest.fixture(scope="module")
def reader(graph: Store, embedder) -> SymbolicReader:  # type: ignore[no-untyped-def]
    return SymbolicReader(graph, embedder)


@pytest.fixture(scope="module")
def vector(graph: Store, embedder) -> VectorRetriever:  # type: ignore[no-untyped-def]
    return VectorRetriever(graph, embedder)


def ask(reader: SymbolicReader, vector: VectorRetriever, question: str) -> SymbolicAnswer:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return a


def texts(a: Answer) -> list[str]:
    return [c.text for c in a.answers]


# ---------------------------------------------------------------------------------------------- equal
def test_equal_in_a_month(reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = ask(reader, vector, "Who consulted Xavier Mendez in March 2014?")
    # March: Beta League (#2) and Citizen (Gamma) (#3), one fact each -> by name
    assert texts(a) == ["Beta League", "Citizen (Gamma)"]
    assert a.constraint is not None and a.constraint.describe() == "during 2014-03"
    assert a.answers[0].supporting_events == (key_of("Beta_League", "Consult", "Xavier_Mendez", "2014-03-05"),)
    assert a.tokens.total == 0 and a.reader == "symbolic"


def test_equal_on_a_day_with_a_tie(reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = ask(reader, vector, "Who consulted Xavier Mendez on 2014-05-01?")
    assert texts(a) == ["Beta League", "Delta Council"]  # #4 and #5


def test_equal_time_answer_in_months(reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = ask(reader, vector, "In which month did Alpha Union visit Zeta Republic?")
    # #10 (June) and #11 (August): one fact per month -> by label
    assert texts(a) == ["2014-06", "2014-08"]
    assert a.grounding is not None and a.grounding.answer_role is AnswerRole.TIME


# ---------------------------------------------------------------------------------------------- before_after
def test_before_a_date_nearest_first(reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = ask(reader, vector, "Before 2014-03-10, who consulted Xavier Mendez?")
    # before 03-10: Beta League 03-05 (5 days before), Alpha Union 01-10
    assert texts(a) == ["Beta League", "Alpha Union"]
    assert a.grounding is not None and a.grounding.order is Order.NEAREST


def test_after_a_date(reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = ask(reader, vector, "After 2014-05-01, who consulted Xavier Mendez?")
    assert texts(a) == ["Epsilon Party"]  # only #6 (05-20) starts strictly after 05-01


# ---------------------------------------------------------------------------------------------- first_last
def test_first_and_last(reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert texts(ask(reader, vector, "Who was the first to consult Xavier Mendez?"))[0] == "Alpha Union"  # #1
    last = ask(reader, vector, "Who was the last to consult Xavier Mendez?")
    # latest per answer: Epsilon 05-20; Beta and Delta 05-01 (tie); Citizen (Gamma) 03-20; Alpha 01-10
    assert texts(last) == ["Epsilon Party", "Beta League", "Delta Council", "Citizen (Gamma)", "Alpha Union"]
    assert [c.score for c in last.answers[:3]] == [1.0, 0.5, 0.5]


def test_first_and_last_time_answers_at_the_asked_granularity(reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert texts(ask(reader, vector, "When did Alpha Union first visit Zeta Republic?"))[0] == "2014-06-02"
    assert texts(ask(reader, vector, "When did Alpha Union last visit Zeta Republic?"))[0] == "2014-08-15"
    assert texts(ask(reader, vector, "In which month did Alpha Union last visit Zeta Republic?"))[0] == "2014-08"
    assert texts(ask(reader, vector, "In which year did Alpha Union first visit Zeta Republic?")) == ["2014"]


# ---------------------------------------------------------------------------------------------- equal_multi
def test_who_else_in_the_same_month(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "In the same month that Citizen (Gamma) consulted Xavier Mendez, who else consulted Xavier Mendez?"
    a = ask(reader, vector, q)
    # anchor #3 (2014-03-20) -> March: Beta League (#2); Citizen (Gamma) itself is excluded
    assert texts(a) == ["Beta League"]
    anchor = key_of("Citizen_(Gamma)", "Consult", "Xavier_Mendez", "2014-03-20")
    assert a.constraint is not None and a.constraint.anchor_event == anchor
    assert a.constraint.describe() == f"during 2014-03 (anchor event {anchor})"
    assert a.rewritten_question == "In 2014-03, who else consulted Xavier Mendez?"


def test_first_and_last_within_a_month(reader: SymbolicReader, vector: VectorRetriever) -> None:
    first = ask(reader, vector, "Who was the first to consult Xavier Mendez in May 2014?")
    assert texts(first) == ["Beta League", "Delta Council", "Epsilon Party"]  # #4/#5 tie on 05-01, then #6
    assert first.answers[0].score == first.answers[1].score == 1.0
    last = ask(reader, vector, "Who was the last to consult Xavier Mendez in May 2014?")
    assert texts(last)[0] == "Epsilon Party"


# ---------------------------------------------------------------------------------------------- after_first
def test_after_first_with_a_clause_anchor(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "After Citizen (Gamma) consulted Xavier Mendez, who was the first to consult Xavier Mendez?"
    a = ask(reader, vector, q)
    # anchor #3 on 03-20; after it: Beta/Delta on 05-01 (tie), Epsilon 05-20
    assert texts(a) == ["Beta League", "Delta Council", "Epsilon Party"]
    assert a.rewritten_question == "After 2014-03-20, who was the first to consult Xavier Mendez?"
    assert a.answers[0].supporting_events[0] == key_of("Beta_League", "Consult", "Xavier_Mendez", "2014-05-01")
    assert a.grounding is not None and a.grounding.complete


def test_after_first_with_elliptical_and_noun_phrase_anchors(reader: SymbolicReader, vector: VectorRetriever) -> None:
    for q in (
        "Who was the first to consult Xavier Mendez after Citizen (Gamma) did?",
        "After Citizen (Gamma), who was the first to consult Xavier Mendez?",
    ):
        a = ask(reader, vector, q)
        assert texts(a)[:2] == ["Beta League", "Delta Council"], q
        assert a.constraint is not None and a.constraint.describe().startswith("after 2014-03-20"), q


# ---------------------------------------------------------------------------------------------- before_last
def test_before_last(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Before Delta Council consulted Xavier Mendez, who was the last to consult Xavier Mendez?"
    a = ask(reader, vector, q)
    # anchor #5 on 05-01; before it: Citizen (Gamma) 03-20, Beta League 03-05, Alpha Union 01-10
    assert texts(a) == ["Citizen (Gamma)", "Beta League", "Alpha Union"]
    assert a.rewritten_question == "Before 2014-05-01, who was the last to consult Xavier Mendez?"


# ---------------------------------------------------------------------------------------------- roles, empties
def test_passive_and_inverted_questions_put_the_entity_in_the_subject_role(
    reader: SymbolicReader, vector: VectorRetriever
) -> None:
    assert texts(ask(reader, vector, "Which party was criticized by Xavier Mendez?")) == ["Alpha Union"]  # #9
    assert texts(ask(reader, vector, "Whom did Xavier Mendez criticize?")) == ["Alpha Union"]


def test_the_graph_swaps_roles_that_syntax_got_wrong(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Syntax reads Yara Okafor (after the verb, no "by"/"from") as the object; #14 has her as the commenter.
    a = ask(reader, vector, "Who heard optimistic remarks of Yara Okafor?")
    assert texts(a) == ["Xavier Mendez"]
    assert a.grounding is not None
    (entity,) = a.grounding.entities
    assert (entity.key, entity.role, entity.role_source) == ("Yara_Okafor", AnswerRole.SUBJECT, "graph")


def test_receive_from_makes_the_sender_the_subject_by_syntax(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # "received X from Y": Y made the remarks (#14), read from the clause itself, no graph swap needed.
    a = ask(reader, vector, "Who received optimistic remarks from Yara Okafor?")
    assert texts(a) == ["Xavier Mendez"]
    assert a.grounding is not None
    (entity,) = a.grounding.entities
    assert (entity.key, entity.role, entity.role_source) == ("Yara_Okafor", AnswerRole.SUBJECT, "syntax")


def test_nothing_qualifies(reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = ask(reader, vector, "Who consulted Xavier Mendez in 2015?")
    assert a.answers == [] and a.strategy == "none" and a.error is None


def test_the_reader_never_writes(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    count = "MATCH (n) RETURN count(n) AS n, COUNT { ()-[]->() } AS r"
    before = graph.run(count)
    ask(reader, vector, "After Citizen (Gamma) consulted Xavier Mendez, who was the first to consult Xavier Mendez?")
    assert graph.run(count) == before


def test_evidence_only_reading_sees_just_the_retrieved_events(graph: Store, embedder, vector: VectorRetriever) -> None:  # type: ignore[no-untyped-def]
    full = SymbolicReader(graph, embedder)
    only = SymbolicReader(graph, embedder, read_graph=False)
    a = asking.ask(full, vector, "Who was the first to consult Xavier Mendez?", k=1)
    assert isinstance(a, SymbolicAnswer) and len(a.retrieval.evidence) == 1
    b = only.read(ask_request(a.understanding, 1), a.retrieval)
    assert set(b.facts) == {a.retrieval.evidence[0].key} and b.strategy.startswith("evidence")
    assert texts(a)[0] == "Alpha Union"


def test_ask_through_the_facade_registers_the_reader(graph: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    from tkgrag.api import TKGRag

    rag = TKGRag(store=graph, embedder=embedder)
    a = rag.ask("Who was the first to consult Xavier Mendez?", method="vector", reader="symbolic")
    assert isinstance(a, SymbolicAnswer) and a.best == "Alpha Union"
    assert a.as_dict()["grounding"]["relation"] == "Consult"


def test_cli_ask_prints_answers_evidence_and_grounding(graph: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from typer.testing import CliRunner

    from tkgrag.cli.app import app

    settings = graph.settings
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TKGRAG_INSTANCE", settings.server.instance)
    monkeypatch.setenv("TKGRAG_BOLT_PORT", str(settings.server.bolt_port))
    monkeypatch.setenv("TKGRAG_HTTP_PORT", str(settings.server.http_port))
    q = "After Citizen (Gamma) consulted Xavier Mendez, who was the first to consult Xavier Mendez?"
    result = CliRunner().invoke(app, ["ask", q, "--method", "vector", "--k", "3"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Beta League" in out and "rewritten: After 2014-03-20, who was the first to consult Xavier Mendez?" in out
    assert "constraint: after 2014-03-20" in out and "tokens: 0" in out
    result = CliRunner().invoke(app, ["ask", q, "--method", "vector", "--json"], catch_exceptions=False)
    data = json.loads(result.output)
    assert [a["text"] for a in data["answers"]][:2] == ["Beta League", "Delta Council"]
    assert data["grounding"]["anchors"][0]["event"]["time"] == "2014-03-20"
    assert data["tokens"]["prompt"] == 0 and data["reader"] == "symbolic"


# ---------------------------------------------------------------------------------------------- abstention (issue 25)
def _cli(graph: Store, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from tkgrag.cli.app import app

    settings = graph.settings
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TKGRAG_INSTANCE", settings.server.instance)
    monkeypatch.setenv("TKGRAG_BOLT_PORT", str(settings.server.bolt_port))
    monkeypatch.setenv("TKGRAG_HTTP_PORT", str(settings.server.http_port))
    result = CliRunner().invoke(app, ["ask", *args, "--method", "vector"], catch_exceptions=False)
    return result.exit_code, " ".join(result.output.split())


def test_a_named_entity_the_graph_lacks_is_no_answer_with_the_reason(
    graph: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before issue 25 an unlinked mention was dropped and the question read as one about the linked entity alone
    (the issue's "When did Iran last consult Tajikistan?")."""
    code, out = _cli(graph, monkeypatch, "When did Epsilon Party last consult Freedonia?")
    assert code == 3, out
    assert (
        'no answer: no entity of this graph matches "Freedonia"' in out and "2014-05-20" not in out.split("evidence")[0]
    )


def test_a_relation_the_graph_lacks_is_no_answer_with_the_reason(
    reader: SymbolicReader, vector: VectorRetriever
) -> None:
    """No relation of this graph means "married": the nearest one (0.2) is not a match, so nothing is guessed."""
    a = ask(reader, vector, "Who married Xavier Mendez in 2014?")
    assert a.answers == [] and a.confidence == 0.0
    assert a.abstained is not None and a.abstained.startswith('relation unsure: "married" matched ')
    assert a.understanding is not None and a.understanding.gaps() == [a.abstained]


def test_an_answer_carries_its_confidence_and_where_its_facts_were_read(
    reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # Delta Council and Beta League tie on 2014-05-01 as the last to consult Xavier Mendez... except Epsilon Party
    # (2014-05-20) is later: one answer at the top, every entity an exact name, "consult" is the relation's name.
    a = ask(reader, vector, "Who was the last to consult Xavier Mendez?")
    assert a.best == "Epsilon Party" and a.abstained is None
    assert a.confidence == 1.0  # exact links x relation score (clipped to 1) / one answer at the top
    tied = ask(reader, vector, "Who was the first to consult Xavier Mendez in May 2014?")
    assert sorted(texts(tied)[:2]) == ["Beta League", "Delta Council"]  # both on 2014-05-01
    assert tied.understanding is not None and tied.understanding.confidence > 0.5
    assert tied.confidence == round(tied.understanding.confidence / 2, 4)  # two answers tied at the top
    # where each supporting fact came from: the retrieval, or the bounded read around Xavier Mendez
    sources = {a.source_of(k) for c in a.answers for k in c.supporting_events}
    assert sources <= {"retrieved", "graph read"}
    assert a.read_from_graph == frozenset(a.facts) - set(a.retrieval.keys)
