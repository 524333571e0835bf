"""The demo job: the main job on the default local setup, end to end, on data shipped in the package.

1. start (or reuse) the managed Neo4j + GDS server and apply the schema;
2. ingest the bundled ICEWS14 sample with embeddings (idempotent: a second run writes nothing new);
3. `tkgrag status` (per method: ready, stale or missing, and the command), then `tkgrag prepare`: it builds the
   STAR-RAG rule graph (rule nodes, MDL-selected edges) and projects it into the GDS catalog;
4. for sample questions: vector retrieval, STAR-RAG retrieval (seeded personalized PageRank on the rule graph),
   star+tc with the question's time constraint, and an answer from the symbolic reader when question understanding
   is available; then star+ (beyond the paper) with the anchor event the reader grounded, anchor first;
5. the bundled TimeQA passage sample (split into dated sentences at ingestion): passage-vector, passage-vector+tc,
   MRAG and mrag+ on a question with a time span, each passage shown with the sentence that ranked it;
6. the bundled Wikidata facts sample (n-ary facts, start/end qualifiers): EXAQT's answer graph (question-relevant
   facts, Group Steiner Trees in GDS, temporal facts) and its ranked answers for an ordinal question;
7. TimeR4 with the model `tkgrag train retriever` made, else a demo-sized one trained on the spot (~1 min, on
   questions generated from the sample KG, none about the sample questions): the sample's TKS filled, then FKS
   retrieve -> rewrite -> TKS retrieve -> rerank on a sample question, with the rewrite in the notes;
8. the CiteSeer corpus graph (FastInsight and its baselines), then `tkgrag status` after, with all four kinds in the
   store, and `ask` without a method: ``auto`` plans per question (events -> star+, facts -> exaqt, passages ->
   mrag+) and shows the plan.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from tkgrag.config import Settings
from tkgrag.eval.matching import same_answer
from tkgrag.model import Answer, Retrieval

if TYPE_CHECKING:
    from tkgrag.api import TKGRag
    from tkgrag.store import Store

SAMPLE_TSV = "icews14_sample.tsv"
SAMPLE_QUESTIONS = "icews14_sample_questions.jsonl"
SAMPLE_PASSAGES = "passages_sample.jsonl"
PASSAGE_QUESTION = "Who owned the Newton D. Baker House in Washington DC from 1916 to 1920?"
SAMPLE_FACTS = "facts_sample.jsonl"
FACTS_QUESTION = "What was the first academic degree of Sally Ride?"


def data_file(name: str) -> Path:
    return Path(str(resources.files("tkgrag.data").joinpath(name)))


def _evidence_table(r: Retrieval, n: int = 5) -> Table:
    table = Table(title=f"{r.method} ({sum(r.timings_ms.values()):.0f} ms)", title_justify="left")
    table.add_column("kind")
    table.add_column("score", justify="right")
    table.add_column("evidence")
    for e in r.evidence[:n]:
        text = f"{e.title}: {e.text}" if e.title else e.text
        table.add_row(e.kind.value, f"{e.score:.3f}", text[:200])
    return table


def _answer_line(a: Answer, gold: list[str]) -> str:
    """One line per answer: what the symbolic reader said, whether it matches the gold, and how it read the time."""
    top = a.answers[0].text if a.answers else f"(no answer: {a.abstained or a.error})"
    ok = "[green]correct[/]" if a.answers and any(same_answer(top, g) for g in gold) else "[red]wrong[/]"
    parts = [f"symbolic reader (star+tc): [bold]{top}[/] {ok}"]
    if a.constraint is not None:
        parts.append(f"constraint: {a.constraint.describe()}")
    if a.rewritten_question:
        parts.append(f"rewritten: {a.rewritten_question}")
    return "; ".join(parts)


def run_demo(settings: Settings, console: Console, err: Console) -> None:
    from tkgrag.api import TKGRag
    from tkgrag.cli.status_cmd import print_status
    from tkgrag.embed import default_embedder
    from tkgrag.ingest.formats.run import ingest_facts, ingest_passages
    from tkgrag.ingest.pipeline import IngestOptions, SourceInfo, ingest
    from tkgrag.ingest.tsv import FORMAT, TkgTsvReader, TsvOptions, count_lines
    from tkgrag.ingest.writers import EVENT_KIND, EventWriter
    from tkgrag.planning.inventory import take_inventory
    from tkgrag.planning.prepare import prepare
    from tkgrag.store import connect

    console.rule("1. Neo4j + GDS")
    with connect(settings) as store:
        console.print(f"connected to {store.uri}; schema applied")
        console.rule("2. Ingest the bundled ICEWS14 sample")
        path = data_file(SAMPLE_TSV)
        embedder = default_embedder()
        summary = ingest(
            store,
            TkgTsvReader(path, TsvOptions(source="icews14-sample")),
            EventWriter(),
            source=SourceInfo.for_file(path, name="icews14-sample", format=FORMAT),
            kind=EVENT_KIND,
            options=IngestOptions(batch_size=1000, embedder=embedder, total=count_lines(path)),
        )
        console.print(f"{path.name}: {summary.line()} in {summary.seconds:.1f}s")

        console.rule("3. `tkgrag status`, then `tkgrag prepare` (the STAR-RAG rule graph)")
        print_status(take_inventory(store), console)
        report = prepare(store, embedder, progress=False, console=err)
        for step in report.steps:
            console.print(f"prepare: {step.name}: {'done' if step.ran else 'nothing to do'}: {step.said}")

        console.rule("4. Questions")
        questions = [json.loads(line) for line in data_file(SAMPLE_QUESTIONS).read_text().splitlines() if line]
        rag = TKGRag(store=store, embedder=embedder, settings=settings)
        for q in questions[:3]:
            console.print(f"\n[bold]{q['question']}[/]  gold: {', '.join(q['answers'])}")
            for method in ("vector", "star"):
                console.print(_evidence_table(rag.retrieve(q["question"], method, k=10)))
            answer = rag.ask(q["question"], method="star+tc", reader="symbolic", k=10)
            console.print(_answer_line(answer, q["answers"]), highlight=False)
            # star+ (beyond the paper): seeded by the anchor event the reader grounded, the anchor as evidence,
            # cosine + rule PPR mass + temporal proximity
            plus = rag.ask(q["question"], method="star+", reader="symbolic", k=10)
            console.print(_evidence_table(plus.retrieval, 6), highlight=False)
        # A wrong answer is worse than none: a named entity the graph lacks is "no answer" with the reason.
        absent = "When did Iran last consult Freedonia?"
        na = rag.ask(absent, method="star+tc", k=10)
        said = na.best or f"no answer: {na.abstained}"
        console.print(
            f"\n[bold]{absent}[/]  (Freedonia is not in the graph)\n{na.reader} reader: {said}", highlight=False
        )

        console.rule("5. Passages (TimeQA sample): the same contract, another item kind")
        passages = data_file(SAMPLE_PASSAGES)
        summary = ingest_passages(
            store, passages, source="timeqa-sample", options=IngestOptions(embedder=embedder, progress=False)
        )
        console.print(f"{passages.name}: {summary.line()} in {summary.seconds:.1f}s")
        console.print(f"\n[bold]{PASSAGE_QUESTION}[/]")
        tcs = rag.understand(PASSAGE_QUESTION).explicit_constraints
        for method in ("passage-vector", "passage-vector+tc", "mrag", "mrag+"):
            r = rag.retrieve(PASSAGE_QUESTION, method, k=5, constraint=tcs)
            console.print(_evidence_table(r, 3))
            best = r.evidence[0].fields.get("best_sentence") if r.evidence else None
            if best:
                console.print(f"best sentence of the top passage: {best}", highlight=False)
            for note in r.notes:
                console.print(f"note: {note}", highlight=False)
        pa = rag.ask(PASSAGE_QUESTION, method="mrag+", k=5)  # the auto reader: extractive, over mrag+'s sentences
        said = pa.best or f"no answer: {pa.abstained}"
        console.print(f"{pa.reader} reader (mrag+, no LLM): [bold]{said}[/]", highlight=False)

        console.rule("6. Wikidata facts (TimeQuestions sample): EXAQT's answer graph and answers")
        facts = data_file(SAMPLE_FACTS)
        summary = ingest_facts(
            store, facts, source="timequestions-sample", options=IngestOptions(embedder=embedder, progress=False)
        )
        console.print(f"{facts.name}: {summary.line()} in {summary.seconds:.1f}s")
        console.print(f"\n[bold]{FACTS_QUESTION}[/]  gold: bachelor's degree (1973)")
        fa = rag.ask(FACTS_QUESTION, method="exaqt", k=5)  # the auto reader: EXAQT's ranked answers, by label
        console.print(_evidence_table(fa.retrieval, 5))
        top = ", ".join(f"{c.text} ({c.score:.3f})" for c in fa.answers[:3]) or f"no answer: {fa.abstained}"
        console.print(f"{fa.reader} reader (exaqt): [bold]{top}[/]", highlight=False)
        for note in fa.retrieval.notes:
            console.print(f"note: {note}", highlight=False)
        _timer4_section(store, rag, questions, console, settings.home)
        _corpus_graph_demo(store, rag, embedder, console)
        _auto_section(store, rag, questions, console)
    from tkgrag.demo_serve import serve_section

    serve_section(settings, console, questions[0]["question"], title="9. The warm service")
    console.print(
        '\nNext: `tkgrag ask "..."`, `tkgrag retrieve "..." --method star`, and Neo4j Browser at the URL '
        "`tkgrag neo4j status` shows (user neo4j, password in the file it names)."
    )


def _timer4_section(store: Store, rag: TKGRag, questions: list[dict[str, Any]], console: Console, home: Path) -> None:
    from tkgrag.errors import ConfigError
    from tkgrag.retrievers.timer4.tks import fill_tks, load_time_aware, tks_encoder
    from tkgrag.train.sample_model import SAMPLE_MODEL, train_sample_retriever

    console.rule("7. TimeR4: rewrite, time-aware retrieval (TKS), rerank")
    model = None
    try:
        encoder = load_time_aware()
    except ConfigError:
        model = SAMPLE_MODEL
        try:
            encoder = load_time_aware(model)
        except ConfigError:
            console.print(
                "no trained time-aware retriever (`tkgrag train retriever` makes the real one, README): training a "
                "demo-sized one on questions generated from the sample KG, none about the sample questions (~1 min)"
            )
            out = home / "models" / model
            report = train_sample_retriever(data_file(SAMPLE_TSV), questions, out)
            console.print(f"trained {report.steps_done} steps in {report.seconds:.0f} s -> {out} (card.md beside it)")
            encoder = load_time_aware(model)
    # The demo rewrites a TKS only when its own sample model wrote it; one another or an unrecorded encoder wrote is
    # left alone (fill_tks refuses it and the section says why).
    written, _ = tks_encoder(store)
    ours = written not in (None, encoder.identity.encoder) and written == _sample_encoder()
    try:
        t = fill_tks(store, encoder, refresh=ours, progress=False)
    except ConfigError as exc:
        console.print(f"skipped: {exc}", highlight=False)
        return
    console.print(f"TKS: embedded {t.embedded} of {t.missing_before} events without Event.embedding_ta")
    if model is not None:
        rag.method_options["timer4"] = {"model": model}
    q = next((q for q in questions if "after" in str(q["question"]).lower()), questions[0])
    console.print(f"\n[bold]{q['question']}[/]  gold: {', '.join(q['answers'])}")
    r = rag.retrieve(q["question"], "timer4", k=10)
    console.print(_evidence_table(r, 5))
    for note in r.notes:
        console.print(f"note: {note}", highlight=False)


def _auto_section(store: Store, rag: TKGRag, questions: list[dict[str, Any]], console: Console) -> None:
    """Section 8b: the store now holds all four kinds; `tkgrag status` after, `ask` without a method on an event
    question, and the plans ``auto`` makes for the facts and passage questions (sections 5 and 6 answered them)."""
    from tkgrag.cli.status_cmd import print_status
    from tkgrag.planning.auto import AutoRetriever
    from tkgrag.planning.inventory import take_inventory
    from tkgrag.retrievers.base import RetrievalRequest

    console.rule("8b. `tkgrag status` after, and `ask` without --method (auto: the store picks)")
    print_status(take_inventory(store), console)
    text = questions[0]["question"]
    a = rag.ask(text, k=10)
    said = a.best or f"no answer: {a.abstained}"
    console.print(f"\n[bold]{text}[/]\n{a.reader} reader ({a.retrieval.method}): {said}", highlight=False)
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever)
    for q in (text, FACTS_QUESTION, PASSAGE_QUESTION):
        plan = auto.plan(RetrievalRequest.of(q, 10, understanding=rag.understand(q)))
        console.print(f"\n[bold]{q}[/]", highlight=False)
        for line in plan.lines():
            console.print(f"  {line}", highlight=False)


def _sample_encoder() -> str | None:
    from tkgrag.errors import ConfigError
    from tkgrag.retrievers.timer4.tks import identify
    from tkgrag.train.sample_model import SAMPLE_MODEL

    try:
        return str(identify(SAMPLE_MODEL).encoder)
    except ConfigError:
        return None


CORPUS_QUESTION = "How does a large-scale web search engine use the link structure of the web?"


def _corpus_graph_demo(store: Any, rag: Any, embedder: Any, console: Console) -> None:
    """Section 8: the CiteSeer sample as a corpus graph; FastInsight when a cross-encoder is available."""
    from tkgrag.errors import ConfigError
    from tkgrag.ingest.corpus_link import link_mentions
    from tkgrag.ingest.formats.run import ingest_corpus
    from tkgrag.ingest.pipeline import IngestOptions
    from tkgrag.rerank.cross_encoder import reranker_name

    console.rule("8. Corpus graph (CiteSeer sample): FastInsight and its baselines")
    docs, edges = data_file("corpus_sample.jsonl"), data_file("corpus_edges_sample.tsv")
    summary = ingest_corpus(store, docs, edges, options=IngestOptions(embedder=embedder, progress=False))
    console.print(f"{docs.name}: {summary.documents.line()}")
    rep = link_mentions(store)
    console.print(f"corpus link: {rep.links} mention edges ({rep.created} new); {rep.edges} REFERENCES edges in all")
    console.print(f"\n[bold]{CORPUS_QUESTION}[/]")
    methods = ["chunk-vector", "chunk-ppr"]
    try:
        console.print(f"cross-encoder: {reranker_name()}")
        methods += ["re2", "fastinsight"]
    except ConfigError as exc:
        console.print(f"note: {exc} -- re2 and fastinsight skipped", highlight=False)
    for method in methods:
        r = rag.retrieve(CORPUS_QUESTION, method, k=5)
        console.print(_evidence_table(r, 3))
        for note in r.notes:
            console.print(f"note: {note}", highlight=False)
