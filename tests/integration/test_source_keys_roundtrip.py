"""Ingest a slice of each benchmark, load its questions, and find every gold key in Neo4j (issue 10, item 6).

Ingestion goes through the functions `tkgrag ingest passages|corpus|tkg` call (graph only, no embeddings); the
questions through `tkgrag.eval.load_dataset`. Both parse the benchmark with `tkgrag.sources`, so each gold passage id
(TimeQA, MenatQA), chunk id (MuSiQue) and answer entity key (TimeQuestions) must name a node that was written.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from tkgrag.eval import load_dataset
from tkgrag.ingest.formats.run import ingest_corpus, ingest_passages
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.store import Store

FIND = """
UNWIND $keys AS key
OPTIONAL MATCH (n:Passage|Chunk|Entity {key: key})
WITH key, count(n) AS found
WHERE found = 0
RETURN collect(key) AS missing
"""


def opts(tmp_path: Path) -> IngestOptions:
    return IngestOptions(progress=False, rejects_dir=tmp_path / "rejects")


def missing(store: Store, keys: set[str]) -> list[str]:
    return list(store.run(FIND, {"keys": sorted(keys)})[0]["missing"])


def write_json(path: Path, value: object) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def test_timeqa_gold_passages_are_ingested_passages(store: Store, shared_data: Path, tmp_path: Path) -> None:
    items = json.loads((shared_data / "timeqa" / "human_annotated_train.json").read_text(encoding="utf-8"))
    # the first items, plus one whose gold span is in paragraph 0 (the title line)
    part = items[:4] + [it for it in items if it["index"] == "/wiki/MS_Costa_Allegra#P2561"]
    path = write_json(tmp_path / "timeqa_part.json", part)
    summary = ingest_passages(store, path, options=opts(tmp_path))
    assert summary.rejected == 0
    gold = {k for q in load_dataset(path) for k in q.gold_passages}
    assert "/wiki/MS_Costa_Allegra#0" in gold and len(gold) > 10
    assert missing(store, gold) == []


def test_menatqa_gold_passages_are_ingested_passages(store: Store, shared_data: Path, tmp_path: Path) -> None:
    items = json.loads((shared_data / "menatqa" / "menatqa_dev.json").read_text(encoding="utf-8"))[:12]
    path = write_json(tmp_path / "menatqa_part.json", items)
    assert ingest_passages(store, path, options=opts(tmp_path)).rejected == 0
    ds = load_dataset(path)
    gold = {k for q in ds for k in q.gold_passages}
    assert len(gold) >= 6 and sum(bool(q.gold_passages) for q in ds) > len(ds) // 2  # some annotations match none
    assert missing(store, gold) == []


def test_musique_gold_chunks_are_ingested_chunks(store: Store, shared_data: Path, tmp_path: Path) -> None:
    src = shared_data / "corpus_graph" / "musique_100"
    questions = json.loads((src / "musique_train_100.json").read_text(encoding="utf-8"))[:6]
    corpus = json.loads((src / "musique_train_100_corpus.json").read_text(encoding="utf-8"))
    # the corpus slice keeps whole articles (every passage of a title the questions name) in file order
    titles = {p["title"] for q in questions for p in q["paragraphs"]}
    path = write_json(tmp_path / "mq.json", questions)
    corpus_path = write_json(tmp_path / "mq_corpus.json", [p for p in corpus if p["title"] in titles])
    result = ingest_corpus(store, corpus_path, options=opts(tmp_path))
    assert result.documents.rejected == 0
    ds = load_dataset(path)
    gold = {k for q in ds for k in q.gold_passages}
    assert len(ds) == 6 and len(gold) >= 12
    assert any(not k.endswith("#0") for k in gold)  # a later passage of a multi-passage article
    assert missing(store, gold) == []


def test_timequestions_answer_entities_are_ingested_entities(store: Store, shared_data: Path, tmp_path: Path) -> None:
    tq = shared_data / "timequestions"
    with (tq / "kg_slice_timer4" / "facts_named.tsv").open(encoding="utf-8", newline="") as fh:
        header, *rows = list(csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    ids = {r[0] for r in rows} | {r[4] for r in rows}
    questions = json.loads((tq / "questions" / "test_dev_half.json").read_text(encoding="utf-8"))
    held = [
        q for q in questions if any(a.get("WikidataQid") in ids for a in q["Answer"] if a["AnswerType"] == "Entity")
    ][:20]
    wanted = {a["WikidataQid"] for q in held for a in q["Answer"] if a["AnswerType"] == "Entity"} & ids
    # the facts of those answers: every row that names one, but those whose start year is after the end year (the
    # README lists 13; the reader rejects them)
    part = [r for r in rows if (r[0] in wanted or r[4] in wanted) and int(r[6]) <= int(r[7])]
    kg = tmp_path / "facts_named.tsv"
    kg.write_text("\n".join("\t".join(r) for r in [header, *part]) + "\n", encoding="utf-8")
    assert ingest_tkg_file(store, kg, options=opts(tmp_path)).rejected == 0
    ds = load_dataset(write_json(tmp_path / "questions.json", held))
    assert len(ds) == 20
    gold = {k for q in ds for k in q.gold_entities if k in ids}  # the answers the slice holds
    assert all(set(q.gold_entities) & gold for q in ds) and gold == wanted
    assert missing(store, gold) == []
