"""Loaders on the real benchmark files (a few records each) and on malformed files: clear errors with file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tkgrag.eval.matching import is_correct
from tkgrag.eval.types import UNANSWERABLE
from tkgrag.sources.benchmarks import DatasetError, detect_format, load_dataset
from tkgrag.sources.keys import chunk_key, content_key, timeqa_passage_key
from tkgrag.temporal import Granularity


# ----------------------------------------------------------------------------------------- real files
def test_tkgqa(shared_data: Path) -> None:
    ds = load_dataset(shared_data / "tkgqa" / "icews14_dev.jsonl")
    assert ds.format == "tkgqa"
    assert len(ds) == 440 and ds.rejects == []
    q = ds.questions[1]
    assert q.id == "dev00001"
    assert q.question == "Who accused Associated Press on 2014-08-17?"
    assert [a.text for a in q.answers] == ["Citizen (India)"]
    assert (q.answer_type, q.time_level, q.qtype) == ("entity", Granularity.DAY, "equal")
    assert q.gold_events == (("Citizen_(India)", "Accuse", "Associated_Press", "2014-08-17"),)
    assert q.source.line == 2 and q.source.path.endswith("icews14_dev.jsonl")
    assert is_correct("Citizen_(India)", q.answers)
    month = next(x for x in ds if x.answer_type == "time" and x.time_level is Granularity.MONTH)
    assert is_correct(month.answers[0].text, month.answers)
    assert {x.qtype for x in ds} == {"equal", "before_after", "first_last", "equal_multi", "after_first", "before_last"}


def test_multitq(shared_data: Path) -> None:
    ds = load_dataset(shared_data / "multitq" / "dev_questions_sample.json")
    assert ds.format == "multitq" and len(ds) == 64
    q = ds.questions[2]
    assert q.id == "2000002"
    assert [a.text for a in q.answers] == ["Mikhail Yefimovich Fradkov", "Sergey Vladilenovich Kiriyenko"]
    assert q.time_level is Granularity.DAY and q.gold_events == ()
    assert q.meta["time"] == ["2007-02-27"]
    assert any(x.time_level is Granularity.YEAR for x in ds)


def test_timequestions_qids_labels_and_dates(shared_data: Path) -> None:
    ds = load_dataset(shared_data / "timequestions" / "questions" / "dev.json")
    assert ds.format == "timequestions"
    first = ds.questions[0]
    assert first.id == "9709" and first.qtype == "Ordinal" and first.answer_type == "entity"
    assert is_correct("Q134430", first.answers) and is_correct("snow white and the seven dwarfs", first.answers)
    # label from kg_vocab added where it differs from the question file's label
    q9946 = next(q for q in ds if q.id == "9946")
    assert is_correct("Adam Sandler", q9946.answers) and is_correct("Q132952", q9946.answers)
    # entity answers carry their Entity.key (the QID) for lookups in the graph; value answers have none
    assert first.gold_entities == ("Q134430",) and q9946.gold_entities == ("Q132952",)
    # "1998-11-29T00:00:00Z" -> a day answer
    dated = next(q for q in ds if q.answers[0].text == "1998-11-29")
    assert dated.answer_type == "time"
    assert is_correct("1998-11-29", dated.answers) and not is_correct("1998-11", dated.answers)
    # year-precision dates come as YYYY-01-01: the year also matches
    year = next(q for q in ds if q.answers[0].text == "1999-01-01")
    assert is_correct("1999", year.answers) and is_correct("1999-01-01", year.answers)
    value = next(q for q in ds if q.id == "9710")
    assert value.answer_type == "value" and is_correct("103.2", value.answers) and value.gold_entities == ()
    # multi-label question types are joined in sorted order
    assert "Ordinal+Temp.Ans" in {q.qtype for q in ds}
    # the 35 questions without any gold answer are reported, not silently dropped
    assert len(ds.rejects) == 35
    assert all(r.field == "Answer" and r.ref.line for r in ds.rejects)


def test_tiq_uses_the_timequestions_format(shared_data: Path) -> None:
    ds = load_dataset(shared_data / "tiq" / "dev.json")
    assert ds.format == "timequestions" and len(ds) == 4542
    assert ds.questions[0].meta["constraint"] == [["1830-07-05", "1830-07-05"]]


def test_timeqa(shared_data: Path) -> None:
    ds = load_dataset(shared_data / "timeqa" / "human_annotated_train.json")
    assert ds.format == "timeqa" and len(ds) == 1171 and ds.rejects == []
    q = next(x for x in ds if x.id == "/wiki/Newton_D._Baker_House#P466:q2")
    assert [a.text for a in q.answers] == ["Jacqueline Kennedy", "Caroline Kennedy", "John F . Kennedy , Jr ."]
    # gold ids are the Passage keys `tkgrag ingest passages` writes: <link>#<paragraph index>
    assert q.gold_passages == (timeqa_passage_key("/wiki/Newton_D._Baker_House", 30),)
    texts = {p.key: p.text for p in ds.passages}
    assert "Jacqueline Kennedy" in texts[q.gold_passages[0]]
    # an article asked about under two relations (P466, P127) is one set of passages, as in the graph
    assert len(ds.passages) == len(texts)
    # a span in paragraph 0 (the title line) is gold too, so that paragraph is a passage
    allegra = next(x for x in ds if x.id == "/wiki/MS_Costa_Allegra#P2561:q3")  # "... named from 1992 to 2012?"
    assert allegra.gold_passages == ("/wiki/MS_Costa_Allegra#0",) and texts["/wiki/MS_Costa_Allegra#0"]
    unanswerable = [x for x in ds if x.meta["unanswerable"]]
    assert len(unanswerable) == 189
    assert all(x.answers[0].text == UNANSWERABLE and x.gold_passages == () for x in unanswerable)


def test_menatqa(shared_data: Path) -> None:
    ds = load_dataset(shared_data / "menatqa" / "menatqa_dev.json")
    assert ds.format == "menatqa" and len(ds) == 1000  # original + updated per item
    orig, upd = ds.questions[0], ds.questions[1]
    assert (orig.id, orig.qtype) == ("5", "original")
    assert (upd.id, upd.qtype) == ("5:granularity", "granularity")
    assert upd.question == "Cho Yoon-sun went to which school from September 1983 to 1984?"
    # gold ids are the Passage keys `tkgrag ingest passages` writes: a hash of the section's title and text
    items = json.loads((shared_data / "menatqa" / "menatqa_dev.json").read_text(encoding="utf-8"))
    first = items[0]["context"][0]
    assert orig.gold_passages == (content_key(first["title"], " ".join(first["text"].split())),)
    assert upd.gold_passages == orig.gold_passages
    assert {x.qtype for x in ds} == {"original", "counterfactual", "granularity", "narrow", "expand"}
    keys = {p.key for p in ds.passages}
    assert all(set(x.gold_passages) <= keys for x in ds)
    # a section recurring across items is one passage
    assert len(keys) == len(ds.passages) < sum(len(it["context"]) for it in items)


def test_musique(shared_data: Path) -> None:
    ds = load_dataset(shared_data / "corpus_graph" / "musique_100" / "musique_train_100.json")
    assert ds.format == "musique" and len(ds) == 100 and len(ds.passages) == 1890
    q = ds.questions[0]
    assert q.id == "2hop__150763_14904" and q.qtype == "2hop"
    assert is_correct("Stanley Hall", q.answers) and is_correct("G. Stanley Hall", q.answers)
    corpus = json.loads((shared_data / "corpus_graph" / "musique_100" / "musique_train_100_corpus.json").read_text())
    raw = json.loads((shared_data / "corpus_graph" / "musique_100" / "musique_train_100.json").read_text())[0]
    supporting = [(p["title"], p["paragraph_text"]) for p in raw["paragraphs"] if p["is_supporting"]]
    # gold ids are the Chunk keys `tkgrag ingest corpus` writes: <title>#<n>, the n-th corpus passage of that title
    seen: dict[str, int] = {}
    nth = {}
    for p in corpus:
        seen[p["title"]] = n = seen.get(p["title"], -1) + 1
        nth[chunk_key(p["title"], n)] = (p["title"], p["text"])
    assert [nth[g] for g in q.gold_passages] == supporting
    assert {p.key for p in ds.passages} == set(nth)


# ----------------------------------------------------------------------------------------- malformed files
GOOD = {
    "quid": "a1",
    "question": "Who accused X on 2014-08-17?",
    "answers": ["Citizen (India)"],
    "answer_type": "entity",
    "time_level": "day",
    "qtype": "equal",
    "qlabel": "Single",
    "evidence": [["Citizen_(India)", "Accuse", "X", "2014-08-17"]],
}


def jsonl(tmp_path: Path, lines: list[str], name: str = "qs.jsonl") -> Path:
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_jsonl_bad_records_are_rejected_and_the_rest_loads(tmp_path: Path) -> None:
    lines = [
        json.dumps(GOOD),
        '{"quid": "a2", "question": "broken',  # line 2: not JSON
        json.dumps({**GOOD, "quid": "a3", "answers": "Iran"}),  # line 3: wrong type
        json.dumps({k: v for k, v in GOOD.items() if k != "qtype"} | {"quid": "a4"}),  # line 4: missing
        json.dumps({**GOOD, "quid": "a5", "answer_type": "time", "answers": ["May 2014"]}),  # line 5: not a date
        json.dumps({**GOOD, "quid": "a6", "evidence": [["A", "r", "B"]]}),  # line 6: 3-tuple
        json.dumps({**GOOD, "quid": "a7", "answer_type": "place"}),  # line 7: bad choice
        "",
        json.dumps({**GOOD, "quid": "a1"}),  # line 9: duplicate id
        json.dumps({**GOOD, "quid": "a10", "answers": ["Xinjiang\xa0Uyghur"]}),  # line 10: fine
    ]
    path = jsonl(tmp_path, lines)
    ds = load_dataset(path)
    assert [q.id for q in ds] == ["a1", "a10"]
    assert ds.questions[1].answers[0].text == "Xinjiang\xa0Uyghur"  # kept as is
    found = {r.ref.line: (r.field, r.reason) for r in ds.rejects}
    assert set(found) == {2, 3, 4, 5, 6, 7, 9}
    assert "not valid JSON" in found[2][1]
    assert found[3][0] == "answers" and "expected a list" in found[3][1]
    assert found[4] == ("qtype", "missing")
    assert found[5][0] == "answers[0]" and "May 2014" in found[5][1]
    assert found[6][0] == "evidence[0]"
    assert found[7][0] == "answer_type" and "place" in found[7][1]
    assert found[9][0] == "id" and "duplicate" in found[9][1]
    msg = next(r for r in ds.rejects if r.ref.line == 3).describe()
    assert msg.startswith(f"{path}:3:") and "'answers'" in msg


def test_strict_raises_on_the_first_bad_record(tmp_path: Path) -> None:
    path = jsonl(tmp_path, [json.dumps(GOOD), json.dumps({**GOOD, "quid": "b", "answers": []})])
    with pytest.raises(DatasetError, match=r"qs\.jsonl:2: field 'answers': is empty"):
        load_dataset(path, strict=True)


def test_not_json_at_all(tmp_path: Path) -> None:
    path = jsonl(tmp_path, ["this is", "not json"])
    with pytest.raises(DatasetError, match=r"qs\.jsonl: not JSON Lines.*qs\.jsonl:1"):
        load_dataset(path)
    bad = tmp_path / "qs.json"
    bad.write_text('[\n {"quid": 1,\n  "question": oops}\n]', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"qs\.json:3:\d+: not valid JSON"):
        load_dataset(bad)


def test_every_record_bad_is_an_error(tmp_path: Path) -> None:
    path = jsonl(tmp_path, [json.dumps({**GOOD, "answers": []}), json.dumps({**GOOD, "quid": "z", "qtype": 3})])
    with pytest.raises(DatasetError, match=r"no usable tkgqa question \(2 rejected\)"):
        load_dataset(path)


def test_unknown_format_lists_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps([{"foo": 1, "bar": 2}]), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"unknown dataset format .*\['bar', 'foo'\].*timequestions"):
        load_dataset(path)
    other = jsonl(tmp_path, [json.dumps({"id": 1, "text": "a"})] * 2, "y.jsonl")
    with pytest.raises(DatasetError, match="unknown dataset format"):
        detect_format(other)
    with pytest.raises(DatasetError, match="unknown format 'nope'"):
        load_dataset(path, format="nope")


def test_other_unloadable_inputs(tmp_path: Path, shared_data: Path) -> None:
    with pytest.raises(DatasetError, match="no such file"):
        load_dataset(tmp_path / "missing.jsonl")
    with pytest.raises(DatasetError, match="is a folder"):
        load_dataset(tmp_path)
    empty = tmp_path / "e.json"
    empty.write_text("  \n", encoding="utf-8")
    with pytest.raises(DatasetError, match="empty"):
        load_dataset(empty)
    obj = tmp_path / "o.json"
    obj.write_text(json.dumps({"questions": []}), encoding="utf-8")
    with pytest.raises(DatasetError, match="expected a JSON list of questions, got an object"):
        load_dataset(obj)
    corpus = shared_data / "corpus_graph" / "musique_100" / "musique_train_100_corpus.json"
    with pytest.raises(DatasetError, match="passage corpus, not questions"):
        load_dataset(corpus)


def test_json_list_rejects_name_the_line_of_the_item(tmp_path: Path) -> None:
    good = {
        "quid": 1,
        "question": "q?",
        "answers": ["Iran"],
        "answer_type": "entity",
        "time_level": "year",
        "qtype": "equal",
    }
    items = [good, {**good, "quid": 2, "time_level": "week"}, "not an object", {**good, "quid": 4}]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(items, indent=1), encoding="utf-8")
    # indent=1 writes each item from its own "{" line: the reject must name that line
    text = path.read_text().splitlines()
    start1 = next(i for i, line in enumerate(text, 1) if '"quid": 2' in line) - 1  # the "{" line before it
    ds = load_dataset(path)
    assert ds.format == "multitq" and [q.id for q in ds] == ["1", "4"]
    by_item = {r.ref.item: r for r in ds.rejects}
    assert by_item[1].ref.line == start1 and by_item[1].field == "time_level"
    assert "week" in by_item[1].reason
    assert "expected a JSON object" in by_item[2].reason
    assert by_item[2].describe().startswith(f"{path}:{by_item[2].ref.line} [item 2]")


def test_timequestions_malformed_answers(tmp_path: Path) -> None:
    base = {"Id": 1, "Question": "q?", "Temporal question type": ["Explicit"], "Answer": []}
    items = [
        {**base, "Answer": [{"AnswerType": "Entity", "WikidataQid": "Q1", "WikidataLabel": "universe"}]},
        {**base, "Id": 2, "Answer": [{"AnswerType": "Entity", "WikidataQid": "universe"}]},
        {**base, "Id": 3, "Answer": [{"AnswerType": "Thing", "AnswerArgument": "x"}]},
        {**base, "Id": 4, "Answer": [{"AnswerType": "Value"}]},
    ]
    path = tmp_path / "tq.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    ds = load_dataset(path, vocab=None)
    assert [q.id for q in ds] == ["1"]
    fields = {r.ref.item: r.field for r in ds.rejects}
    assert fields == {1: "Answer[0].WikidataQid", 2: "Answer[0].AnswerType", 3: "Answer[0].AnswerArgument"}


def test_musique_needs_its_corpus(tmp_path: Path) -> None:
    path = tmp_path / "mq.json"
    path.write_text(json.dumps([{"id": "2hop__1", "question": "q", "answer": "a", "paragraphs": []}]), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"mq_corpus\.json"):
        load_dataset(path)
    (tmp_path / "mq_corpus.json").write_text(json.dumps([{"title": "T", "text": "a b"}]), encoding="utf-8")
    with pytest.raises(DatasetError, match="field 'paragraphs': no paragraph has is_supporting"):
        load_dataset(path)
