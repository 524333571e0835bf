"""MRAG end to end on a real Neo4j: passages ingested from JSONL are split into dated, embedded Sentence nodes; the
``mrag`` recipe ranks the passage whose sentence satisfies the question's constraint first where ``passage-vector``
(cosine to the whole question) does not; splitting resumes and re-runs write nothing; bad input is rejected with
its place and loses nothing else; a question without a constraint is ranked semantically and says so.

The pool (titles are "Oumar Niasse" unless said): GOLD says when he was at Akhisar (2013..2014 answers "from 2013 to
2014"); DISTRACTOR repeats the question's words but is about 2016; two other players' passages; one passage without
any date; one with a year in the future.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.integration.test_retrieval_kinds import cli_env
from tkgrag.cli.app import app
from tkgrag.config import Settings
from tkgrag.ingest.formats.run import ingest_passages
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.sentences import index_sentences, split_passages
from tkgrag.queries.sentences import COUNT_SENTENCES
from tkgrag.question.understanding import parse_only
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.store import Store


def parsed(question: str, k: int) -> RetrievalRequest:
    """A request with the question's graph-free understanding (what ``TKGRag.retrieve`` gives these methods)."""
    return RetrievalRequest.of(question, k, understanding=parse_only(question))


QUESTION = "Which club did Oumar Niasse play for from 2013 to 2014?"
PASSAGES: list[dict[str, Any]] = [
    {
        "id": "gold",
        "title": "Oumar Niasse",
        "text": "Niasse moved to Turkey in 2013 . He signed with Akhisar Belediyespor and scored nine goals in the "
        "2013-14 season before leaving in 2014 .",
    },
    {
        "id": "distractor",
        "title": "Oumar Niasse",
        "text": "Which club did Oumar Niasse play for ? Oumar Niasse played for Everton , the Premier League club , "
        "from 2016 .",
    },
    {"id": "other-1", "title": "Romelu Lukaku", "text": "Lukaku played for Everton from 2013 to 2014 on loan ."},
    {"id": "undated", "title": "Oumar Niasse", "text": "Niasse is a Senegalese footballer who plays as a forward ."},
    {"id": "future", "title": "Oumar Niasse", "text": "His contract with the club runs until 2099 ."},
]
BAD_LINE = {"id": "bad", "title": "x", "text": "A passage with a malformed date list .", "dates": ["2014-13-45"]}


@pytest.fixture
def pool(store: Store, embedder: Any, tmp_path: Path) -> Store:
    path = tmp_path / "passages.jsonl"
    lines = [json.dumps(p) for p in PASSAGES[:2]] + [json.dumps(BAD_LINE)] + [json.dumps(p) for p in PASSAGES[2:]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    summary = ingest_passages(
        store, path, source="mragtest", options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path)
    )
    assert (summary.written, summary.rejected) == (len(PASSAGES), 1)
    rejects = [json.loads(x) for x in Path(summary.rejects_path or "").read_text(encoding="utf-8").splitlines()]
    assert [(r["line"], r["field"]) for r in rejects] == [(3, "dates[0]")]  # where, and which field
    store.run_auto("CALL db.awaitIndexes(60)")
    return store


def _retriever(store: Store, embedder: Any, name: str) -> Any:
    return create(name, RetrieverContext(store, embedder))


def test_ingestion_splits_passages_into_dated_embedded_sentences(pool: Store) -> None:
    counts = pool.run(COUNT_SENTENCES)[0]
    rows = pool.run(
        "MATCH (p:Passage {key: 'gold'})-[:HAS_SENTENCE]->(s:Sentence) "
        "RETURN p.sentence_count AS n, s.position AS pos, s.years AS years, s.text AS text ORDER BY pos"
    )
    assert [r["years"] for r in rows] == [[2013], [2013, 2014]] and rows[0]["n"] == 2
    assert counts["n"] == counts["embedded"] == 7  # gold 2 + one each for the others (the short ones merge)
    undated = pool.run("MATCH (:Passage {key: 'undated'})-[:HAS_SENTENCE]->(s) RETURN s.years AS y")
    assert undated == [{"y": []}]


def test_splitting_resumes_and_a_rerun_writes_nothing(pool: Store, embedder: Any) -> None:
    pool.run("MATCH (s:Sentence) DETACH DELETE s")
    pool.run("MATCH (p:Passage) REMOVE p.sentence_count")
    first = split_passages(pool, page_size=2, progress=False, max_pages=1)  # "interrupted" after one page
    assert first.passages == 2
    rest = index_sentences(pool, embedder, progress=False)
    assert rest.passages == len(PASSAGES) - 2
    again = index_sentences(pool, embedder, progress=False)
    assert again.passages == 0 and again.embedding is not None and again.embedding.embedded == 0
    assert pool.run(COUNT_SENTENCES)[0] == {"n": 7, "embedded": 7}


def test_mrag_ranks_the_passage_that_meets_the_constraint_first_and_vector_does_not(pool: Store, embedder: Any) -> None:
    vector = _retriever(pool, embedder, "passage-vector").retrieve(parsed(QUESTION, 5))
    mrag = _retriever(pool, embedder, "mrag").retrieve(parsed(QUESTION, 5))
    assert vector.evidence[0].key != "gold"
    assert mrag.evidence[0].key == "gold"
    top = mrag.evidence[0]
    assert top.fields["template"] == "last - between" and top.fields["temporal"] == pytest.approx(1.0)
    assert "2014" in top.fields["best_sentence"]
    assert [c.span.start.year for c in mrag.constraints if c.span.start] == [2013]
    assert any("main content 'Which club did Oumar Niasse play for?'" in n for n in mrag.notes)
    future = next(e for e in mrag.evidence if e.key == "future")
    assert future.fields["temporal"] == pytest.approx(0.5)  # 2099 is outside the constraint: OUTSIDE


def test_date_filtered_candidates_go_through_the_temporal_filter(pool: Store, embedder: Any) -> None:
    """With one candidate by the main content (the distractor), ``prefilter_candidates`` adds the best passages that
    meet the constraint in Cypher (the one temporal-filter builder on date_min/date_max)."""
    one = create("mrag", RetrieverContext(pool, embedder), candidates=1).retrieve(parsed(QUESTION, 3))
    assert [e.key for e in one.evidence] == ["distractor"]
    more = create("mrag", RetrieverContext(pool, embedder), candidates=1, prefilter_candidates=2)
    r = more.retrieve(RetrievalRequest.of(QUESTION, 3, one.constraints, understanding=parse_only(QUESTION)))
    # the two best by the main content among those meeting 2013..2014: gold, and the undated passage (no dates is an
    # open interval: it may hold then); "future" (2099) never qualifies
    assert r.evidence[0].key == "gold" and {e.key for e in r.evidence} == {"gold", "distractor", "undated"}


def test_a_question_without_a_constraint_is_semantic_ranking_and_says_so(pool: Store, embedder: Any) -> None:
    r = _retriever(pool, embedder, "mrag").retrieve(parsed("Which position does Oumar Niasse play?", 3))
    assert r.constraints == ()
    assert any("semantic" in n for n in r.notes)
    assert all(e.fields["temporal"] == 1.0 for e in r.evidence)


def test_rerank_baseline_and_cli(pool: Store, embedder: Any, neo4j_settings: Settings) -> None:
    rerank = _retriever(pool, embedder, "passage-rerank").retrieve(parsed(QUESTION, 5))
    assert len(rerank.evidence) == 5 and "template" not in rerank.evidence[0].fields
    env = cli_env(neo4j_settings)
    result = CliRunner().invoke(
        app, ["retrieve", QUESTION, "--method", "mrag", "--k", "2", "--set", "candidates=5", "--json"], env=env
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["evidence"][0]["key"] == "gold"
    bad = CliRunner().invoke(app, ["retrieve", QUESTION, "--method", "mrag", "--set", "nonsense=1"], env=env)
    assert bad.exit_code != 0 and "unknown option 'nonsense'" in bad.output


def test_with_an_llm_endpoint_qfs_summaries_and_decomposition_run_and_count_tokens(
    pool: Store, embedder: Any, tmp_path: Path
) -> None:
    """The paper's optional LLM steps against an OpenAI-compatible endpoint (a local HTTP server answering the chat
    API with scripted completions): the decomposition's MC is used, the summaries join their passages' sentences and
    the calls and tokens are reported."""
    from tests.unit.test_llm_reader import FakeChatServer, Reply, completion, settings_for
    from tkgrag.llm import build_chat_client

    replies = [
        Reply(
            body=completion(
                "<MainContent> Which club did Oumar Niasse play for? </MainContent> "
                "<TemporalConstraint> from 2013 to 2014 </TemporalConstraint>",
                (50, 20),
            )
        ),
        Reply(body=completion("None", (280, 1))),  # the first passage summarized has nothing to say
        Reply(body=completion("Oumar Niasse played for Akhisar Belediyespor from 2013 to 2014.", (300, 15))),
    ]
    server = FakeChatServer(replies)
    try:
        client = build_chat_client(settings_for(server.base_url, tmp_path))
        ctx = RetrieverContext(pool, embedder, llm=client)
        r = create("mrag", ctx, qfs_passages=2, llm_decompose=True).retrieve(parsed(QUESTION, 3))
    finally:
        server.close()
    prompts = [req["body"]["messages"][0]["content"] for req in server.requests]
    assert len(prompts) == 3 and "<MainContent>" in prompts[0] and "Summarization" in prompts[1]
    summarized = [e for e in r.evidence if e.fields.get("summary")]
    assert [e.fields["best_sentence"] for e in summarized] == [
        "Oumar Niasse played for Akhisar Belediyespor from 2013 to 2014."
    ]
    assert summarized[0].text in prompts[2] and r.evidence[0].key == summarized[0].key
    assert any("LLM decomposition" in n for n in r.notes)
    assert any("LLM: 3 call(s), 630 prompt + 36 completion tokens" in n for n in r.notes)


def test_without_an_endpoint_the_llm_steps_are_skipped(pool: Store, embedder: Any) -> None:
    r = create("mrag", RetrieverContext(pool, embedder), llm_decompose=True).retrieve(parsed(QUESTION, 3))
    assert r.evidence[0].key == "gold" and not any("LLM" in n for n in r.notes)
