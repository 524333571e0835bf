"""Rule T's stored title keys (``tkgrag.title_keys``): the key a title gets at ingest, the keys a question can write,
the ingest rows that carry the key, the fill of older stores (``ingest.title_keys``), and ``status``'s readiness."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tkgrag.ingest.formats.writers import CorpusWriter, passage_row
from tkgrag.ingest.title_keys import fill_title_keys
from tkgrag.model import ItemKind
from tkgrag.planning.auto import Titles
from tkgrag.planning.readiness import TITLE_KEYS, State, StoreCounts, data_readiness
from tkgrag.queries import ingest_formats as qf
from tkgrag.queries import inventory as q
from tkgrag.sources.records import ChunkRecord, DocumentRecord, PassageRecord, SourceRef
from tkgrag.title_keys import question_keys, question_words, title_key

REF = SourceRef("fixture.jsonl", line=1)


def test_title_key_exact_values() -> None:
    assert title_key("Mercury (planet)") == "mercury"
    assert title_key("The Collegian") == "collegian"
    assert title_key("Preston Smith (governor)") == "preston smith"
    assert title_key("Klamath County, California") == "klamath county california"
    assert title_key("Helsingin Sanomat") == "helsingin sanomat"
    assert title_key("Newton D. Baker House") == "newton d baker house"
    assert title_key("ÉCOLE  Normale_Supérieure") == "école normale supérieure"  # case-folded, "_" a space
    assert title_key("U2") == ""  # too short: written, never looked up
    assert title_key("1998") == ""  # no letter
    assert title_key(" ".join(["word"] * 13)) == ""  # more than 12 words
    assert title_key(None) is None  # no title: no key


def test_question_keys_exact_values() -> None:
    assert question_keys(question_words("Who ran The Collegian in 1998?")) == [  # "1998": no letter; "who": short
        "collegian",
        "collegian in",
        "collegian in 1998",
        "in 1998",
        "ran the",
        "ran the collegian",
        "ran the collegian in",
        "ran the collegian in 1998",
        "the collegian",
        "the collegian in",
        "the collegian in 1998",
        "who ran",
        "who ran the",
        "who ran the collegian",
        "who ran the collegian in",
        "who ran the collegian in 1998",
    ]
    words = question_words(" ".join(f"w{i}" for i in range(20)))
    keys = question_keys(words)
    assert max(k.count(" ") + 1 for k in keys) == 12  # at most 12 words, as a key
    assert len(keys) == sum(20 - n + 1 for n in range(1, 13)) - 20 == 154  # runs of 1-12 words, no 1-word "wN"


def test_the_index_lookup_finds_what_the_in_memory_table_found() -> None:
    """Any title the old in-memory table (``Titles``) finds by a question's words has a stored key among the
    question's keys: looking the keys up finds the same (kind, key) pairs."""
    pages = ["Newton D. Baker House", "Io", "Mercury (planet)", "Svatopluk Pluskal"]
    docs = ["The Collegian", "Journal of Mathematical Physics", "Green"]
    table = Titles.of({ItemKind.PASSAGE: pages, ItemKind.CHUNK: docs})
    for text in (
        "Who owned the Newton D. Baker House from 1916 to 1920, and who ran The Collegian?",
        "Which moon of mercury is Io?",
        "Coach pluskal was in charge of which team?",
        "Is green the colour of the Journal of Mathematical Physics?",
    ):
        words = question_words(text)
        keys = set(question_keys(words))
        by_index = [(k, w) for k, names in ((ItemKind.PASSAGE, pages), (ItemKind.CHUNK, docs)) for w in
                    sorted({title_key(t) for t in names} & keys)]  # fmt: skip
        assert by_index == [(k, w) for k, _, w in table.written(words)], text


def test_ingest_rows_carry_the_key() -> None:
    row = passage_row(PassageRecord(key="p1", title="Mercury (planet)", text="t", ref=REF, source="s"))
    assert row["title_key"] == "mercury"
    assert "p.title_key = row.title_key" in qf.MERGE_PASSAGES
    assert "d.title_key = row.title_key" in qf.MERGE_DOCUMENTS
    assert "d.title_key = row.document_title_key" in qf.MERGE_CHUNKS

    @dataclass
    class Tx:
        now: str = "now"
        runs: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

        def run(self, query: str, params: dict[str, Any]) -> list[dict[str, int]]:
            self.runs.append((query, params))
            return [{"new": 1, "total": 1}]

    tx = Tx()
    CorpusWriter().write(
        tx,
        [
            DocumentRecord(key="d1", title="The Collegian", ref=REF, source="s"),
            ChunkRecord(key="c1", document_key="Green_(color)", text="t", ref=REF, title=None, position=0, source="s"),
            ChunkRecord(key="c2", document_key="d3", text="t", ref=REF, title="Io", position=0, source="s"),
        ],
        "run",
    )
    docs, chunks = tx.runs[0][1]["rows"], tx.runs[1][1]["rows"]
    assert [d["title_key"] for d in docs] == ["collegian"]
    assert [c["document_title_key"] for c in chunks] == ["green", ""]  # the document's key when no title


@dataclass
class Nodes:
    """A store of Passage and Document nodes (key, title, title_key) answering ``fill_title_keys``'s two queries."""

    nodes: dict[str, dict[str, dict[str, Any]]]
    writes: int = 0

    def run(self, query: str, params: dict[str, Any], **kw: object) -> list[dict[str, Any]]:
        label = "Passage" if ":Passage" in query else "Document"
        nodes = self.nodes[label]
        if query == q.TITLE_KEY_PAGE.format(label=label):
            keys = sorted(k for k in nodes if k > params["after"])[: params["limit"]]
            return [
                {
                    "key": k,
                    "title": nodes[k].get("title"),
                    "missing": "title" in nodes[k] and "title_key" not in nodes[k],
                }
                for k in keys
            ]
        assert query == q.SET_TITLE_KEYS.format(label=label)
        for r in params["rows"]:
            nodes[r["key"]]["title_key"] = r["title_key"]
            self.writes += 1
        return [{"written": len(params["rows"])}]


def test_fill_title_keys_writes_only_the_missing_keys_and_is_idempotent() -> None:
    store = Nodes(
        {
            "Passage": {
                "a": {"title": "Mercury (planet)"},
                "b": {"title": "U2"},
                "c": {"title": "Io", "title_key": ""},
                "d": {},  # no title: no key
                "e": {"title": "Helsingin Sanomat"},
            },
            "Document": {"x": {"title": "The Collegian"}, "y": {"title": "Green", "title_key": "green"}},
        }
    )
    rep = fill_title_keys(store, page=2)  # type: ignore[arg-type]
    assert (rep.pages, rep.documents) == (3, 1)
    assert {k: n.get("title_key") for k, n in store.nodes["Passage"].items()} == {
        "a": "mercury",
        "b": "",
        "c": "",
        "d": None,
        "e": "helsingin sanomat",
    }
    assert store.nodes["Document"]["x"]["title_key"] == "collegian"
    again = fill_title_keys(store, page=2)  # type: ignore[arg-type]
    assert again.written == 0 and store.writes == 4


def test_status_says_when_title_keys_are_missing() -> None:
    ready = data_readiness(StoreCounts(passages=3, passages_embedded=3))[TITLE_KEYS]
    assert (ready.state, ready.reason) == (State.READY, "every page and document title has its key")
    stale = data_readiness(StoreCounts(passages=3, pages_unkeyed=3, documents_unkeyed=1))[TITLE_KEYS]
    assert (stale.state, stale.command) == (State.STALE, "tkgrag prepare")
    assert stale.reason == "3 pages and 1 documents without a title key (auto's title rule cannot find them)"
    assert (
        "WHERE p.title_key IN $page_keys" in q.TITLES_BY_KEY
        and "WHERE d.title_key IN $document_keys" in q.TITLES_BY_KEY
    )
