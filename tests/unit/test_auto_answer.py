"""``AutoRetriever`` composing planned steps (no server: retrievers and readers here are in-memory stand-ins with
fixed outputs; the planner and the inventory are given). The real store is in tests/integration/
test_auto_status_prepare.py."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tkgrag.errors import ConfigError
from tkgrag.model import Answer, AnswerCandidate, Evidence, ItemKind, Retrieval
from tkgrag.planning.auto import AutoRetriever
from tkgrag.planning.inventory import CrossEncoderCheck, Inventory
from tkgrag.planning.readiness import READY, StoreCounts
from tkgrag.question.understanding import Understanding, parse_only
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import METHODS

MIXED = StoreCounts(events=3, facts=0, events_embedded=3, passages=2, passages_embedded=2)


@dataclass
class Canned:
    name: str
    items: list[Evidence]
    fails: bool = False

    def retrieve(self, request: RetrievalRequest) -> Retrieval:
        if self.fails:
            raise ConfigError(f"{self.name} has no model")
        return Retrieval(self.name, request.text, [e for e in self.items if e.kind in request.kinds][: request.k])


@dataclass
class Titles:
    """The store's side of rule T: its pages' and documents' titles, found by their keys as the title-key indexes
    find them (``q.TITLES_BY_KEY``, ``auto.AutoRetriever.titles_written``); ``asked``: the keys of each lookup."""

    pages: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    asked: list[tuple[list[str], list[str]]] = field(default_factory=list)

    def run(self, query: str, params: dict[str, list[str]], **kw: object) -> list[dict[str, str]]:
        from tkgrag.queries import inventory as q
        from tkgrag.title_keys import title_key

        assert query == q.TITLES_BY_KEY
        self.asked.append((params["page_keys"], params["document_keys"]))
        rows = []
        for kind, titles, keys in (
            ("passage", self.pages, params["page_keys"]),
            ("chunk", self.documents, params["document_keys"]),
        ):
            by_key: dict[str, list[str]] = {}
            for t in titles:
                by_key.setdefault(title_key(t) or "", []).append(t)
            rows += [{"kind": kind, "key": k, "title": min(by_key[k])} for k in keys if k in by_key]
        return rows[::-1]  # in no particular order


@dataclass
class Box:
    retrievers: dict[str, Canned]
    store: object = field(default_factory=Titles)
    understood: list[str] = field(default_factory=list)

    def retriever(self, method: str | None = None) -> Canned:
        assert method is not None
        return self.retrievers[method]

    def understand(self, question: str) -> Understanding:
        self.understood.append(question)
        return parse_only(question)


@dataclass
class ByKind:
    """Answers with a fixed confidence per kind of the retrieval's first item; abstains on an empty one."""

    confidence: dict[ItemKind, float]
    name: str = "by-kind"

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer:
        if not retrieval.evidence:
            return Answer(request.text, [], retrieval, self.name, abstained="nothing retrieved")
        kind = retrieval.evidence[0].kind
        c = self.confidence[kind]
        return Answer(request.text, [AnswerCandidate(f"{kind.value} answer", c)], retrieval, self.name, confidence=c)


def auto(box: Box) -> AutoRetriever:
    a = AutoRetriever(box)  # type: ignore[arg-type]
    a._inventory = Inventory(MIXED, {}, dict.fromkeys(METHODS, READY), CrossEncoderCheck(None, None, "none"))
    a._taken_at = float("inf")  # never re-taken
    return a


EVENTS = [Evidence(ItemKind.EVENT, "e1", "e1", 0.9), Evidence(ItemKind.EVENT, "e2", "e2", 0.5)]
PASSAGES = [Evidence(ItemKind.PASSAGE, "p1", "p1", 0.7)]


def test_a_timeless_question_on_a_mixed_store_is_fused_and_the_most_confident_kind_answers() -> None:
    box = Box(
        {
            "timer4": Canned("timer4", EVENTS),
            "mrag+": Canned("mrag+", PASSAGES),
        }
    )
    q = "Who is the spouse of the Green performer?"  # no temporal signal
    a = auto(box).answer(RetrievalRequest.of(q, 3), ByKind({ItemKind.EVENT: 0.4, ItemKind.PASSAGE: 0.8}))
    assert a.best == "passage answer" and a.confidence == 0.8
    r = a.retrieval
    assert r.method == "auto" and r.plan is not None and r.plan["fused"]
    assert [e.key for e in r.evidence] == ["e1", "p1", "e2"]  # RRF: rank 1 of each list, then e2
    assert "auto: answer from passages (mrag+, by-kind reader): confidence 0.80" in r.notes
    assert "auto: also read events (timer4, by-kind reader): confidence 0.40" in r.notes
    assert box.understood == [q]  # understood once, when the request came without an understanding


def test_a_method_that_cannot_run_gives_way_to_the_next_of_its_chain() -> None:
    box = Box(
        {
            "timer4": Canned("timer4", EVENTS, fails=True),
            "star+": Canned("star+", EVENTS[1:]),
            "mrag+": Canned("mrag+", []),
        }
    )
    a = auto(box).answer(RetrievalRequest.of("Who met whom?", 3), ByKind({ItemKind.EVENT: 0.3, ItemKind.PASSAGE: 0.9}))
    assert a.best == "event answer"  # the passages' read abstained: an answer beats a more confident abstention
    notes = a.retrieval.notes
    assert "auto: skipped timer4 (events): it could not run: timer4 has no model" in notes
    assert "auto: answer from events (star+, by-kind reader): confidence 0.30" in notes
    assert "auto: also read passages (mrag+, by-kind reader): no answer (nothing retrieved)" in notes


def test_a_question_naming_a_stored_page_by_its_title_reads_the_passages_alone() -> None:
    """Rule T as shipped (pages only): the timeless question above, naming a stored page by its whole title, is no
    longer fused: the passages alone are read; the titles are looked up by key, one read per question."""
    titles = Titles(pages=["Green (performer)", "Newton D. Baker House"], documents=["Green"])
    box = Box({"timer4": Canned("timer4", EVENTS), "mrag+": Canned("mrag+", PASSAGES)}, store=titles)
    a = auto(box)
    q = "Who is the spouse of the Green performer?"  # "Green (performer)" -> "green": written whole
    r = a.retrieve(RetrievalRequest.of(q, 3))
    assert r.plan is not None and not r.plan["fused"]
    assert [s["kind"] for s in r.plan["steps"]] == ["passage"]
    assert r.plan["why"] == (
        'the question names by its whole title what a stored page is about (passages: "Green (performer)"); '
        "without it: no temporal signal over a mixed store (events, passages): every kind, fused"
    )
    a.retrieve(RetrievalRequest.of("Who owned the Newton D. Baker House?", 3))
    assert len(titles.asked) == 2  # one lookup per question, of the page titles only (rule T reads no documents)
    assert titles.asked[1] == (
        [
            "baker",
            "baker house",
            "d baker",
            "d baker house",
            "house",
            "newton",
            "newton d",
            "newton d baker",
            "newton d baker house",
            "owned",
            "owned the",
            "owned the newton",
            "owned the newton d",
            "owned the newton d baker",
            "owned the newton d baker house",
            "the newton",
            "the newton d",
            "the newton d baker",
            "the newton d baker house",
            "who owned",
            "who owned the",
            "who owned the newton",
            "who owned the newton d",
            "who owned the newton d baker",
            "who owned the newton d baker house",
        ],
        [],
    )


def test_titles_off_is_the_plan_without_rule_t() -> None:
    box = Box({"timer4": Canned("timer4", EVENTS), "mrag+": Canned("mrag+", PASSAGES)}, store=Titles(pages=["Green"]))
    a = AutoRetriever(box, titles="off")  # type: ignore[arg-type]
    a._inventory, a._taken_at = auto(box)._inventory, float("inf")
    r = a.retrieve(RetrievalRequest.of("Who is the spouse of the Green performer?", 3))
    assert r.plan is not None and r.plan["fused"]
    assert box.store.asked == []  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="unknown titles 'maybe'"):
        AutoRetriever(box, titles="maybe")  # type: ignore[arg-type]
