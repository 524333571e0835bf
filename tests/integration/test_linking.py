"""``GraphLinker`` against the real server: exact keys, aliases through the full-text index, ICEWS "Sector (Country)"
forms for paraphrased actors, Lucene special characters, and relation matching over the graph's relation names."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tkgrag.ingest.pipeline import IngestOptions, SourceInfo, ingest
from tkgrag.ingest.writers import EVENT_KIND, EventWriter
from tkgrag.question import Mention, MentionKind, understand
from tkgrag.question.graph_linker import GraphLinker, refresh_relations
from tkgrag.question.linking import Linker
from tkgrag.sources.records import EventRecord, SourceRef
from tkgrag.store import Store
from tkgrag.temporal import TimeSpan

# subject, relation, object, day, subject aliases, object aliases
ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    ("Defense_/_Security_Ministry_(Denmark)", "Consult", "Citizen_(Denmark)", "2014-02-01", (), ()),
    ("Women_(Denmark)", "Criticize_or_denounce", "Government_(Denmark)", "2014-02-02", (), ()),
    ("Ministry_(Denmark)", "Make_statement", "Citizen_(Denmark)", "2014-02-03", (), ()),
    ("Barack_Obama", "Consult", "Head_of_Government_(Turkmenistan)", "2014-02-04", ("POTUS 44", "Obama"), ()),
    ("Kim_Jong-Un", "Threaten", "South_Korea", "2014-02-05", ("Supreme Leader (North Korea)",), ("ROK",)),
    ("Turkmenistan", "Host_a_visit", "Barack_Obama", "2014-02-06", (), ()),
    ("Justice_Department/Ministery_(India)", "Investigate", "Citizen_(India)", "2014-02-07", (), ()),
]


def records(path: str) -> list[EventRecord]:
    return [
        EventRecord(s, r, o, TimeSpan.parse(t), "linktest", SourceRef(path, i + 1), subject_aliases=a, object_aliases=b)
        for i, (s, r, o, t, a, b) in enumerate(ROWS)
    ]


@pytest.fixture
def linker(store: Store, embedder, tmp_path: Path) -> GraphLinker:  # type: ignore[no-untyped-def]
    src = tmp_path / "link.tsv"
    src.write_text("\n".join("\t".join(r[:4]) for r in ROWS) + "\n", encoding="utf-8")
    ingest(
        store,
        records(str(src)),
        EventWriter(),
        source=SourceInfo.for_file(src, name="linktest", format="records"),
        kind=EVENT_KIND,
        options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path),
    )
    refresh_relations(store)  # the store object is shared across tests; its relations changed
    return GraphLinker(store, embedder)


def best(linker: GraphLinker, text: str, kind: MentionKind = MentionKind.NAME, **kw: str) -> str | None:
    links = linker.link_mention(Mention(text, 0, len(text), kind, **kw))  # type: ignore[arg-type]
    return links[0].key if links else None


def keys(links: Sequence[object]) -> list[str]:
    return [x.key for x in links]


def test_exact_names_and_keys(linker: GraphLinker) -> None:
    assert isinstance(linker, Linker)
    links = linker.link_text("Citizen (India)")
    assert links[0].key == "Citizen_(India)" and links[0].score == 3.0  # exact key: nothing else is searched
    assert best(linker, "the Justice Department/Ministery (India)") == "Justice_Department/Ministery_(India)"


def test_aliases_through_the_full_text_index(linker: GraphLinker) -> None:
    assert best(linker, "POTUS 44") == "Barack_Obama"
    assert best(linker, "Supreme Leader (North Korea)") == "Kim_Jong-Un"  # parentheses in the alias, escaped
    links = linker.link_text("supreme leader (north korea)")  # case differs: still an exact alias match
    assert links[0].key == "Kim_Jong-Un" and links[0].score >= 2.0  # 2 + cosine
    assert best(linker, "ROK") == "South_Korea"


def test_paraphrased_actors_in_icews_sector_country_form(linker: GraphLinker) -> None:
    assert best(linker, "the Danish Ministry of Defence") == "Defense_/_Security_Ministry_(Denmark)"
    assert best(linker, "Danish defence ministry") == "Defense_/_Security_Ministry_(Denmark)"
    assert best(linker, "Danish women") == "Women_(Denmark)"
    # no variant is a key: full text (fuzzy "defence" meets "Defense") and the embedding decide
    assert best(linker, "the Defence Security Ministry of Denmark") == "Defense_/_Security_Ministry_(Denmark)"
    links = linker.link_text("Danish ladies")  # "Denmark" alone ties every Danish actor in full text
    assert links[0].key == "Women_(Denmark)" and links[0].score < 2.0
    tq = understand("In which month did the head of Turkmenistan last praise Iran?")
    role = next(m for m in tq.mentions if m.kind is MentionKind.ROLE)
    assert best(linker, role.text, MentionKind.ROLE, role=role.role or "", holder=role.holder or "") == (
        "Head_of_Government_(Turkmenistan)"
    )


def test_lucene_special_characters_do_not_break_the_query(linker: GraphLinker) -> None:
    for text in ('Obama" OR *:*', "Kim Jong-Un~", "(Denmark) AND [x TO y] ^2 \\", "&& || !"):
        links = linker.link_text(text)
        assert all(link.key for link in links)  # a result list, not a Lucene parse error
    assert best(linker, "Kim Jong-Un") == "Kim_Jong-Un"
    assert linker.link_text("of the") == []  # stop words only: no query at all


def test_relations_come_from_the_graph(linker: GraphLinker) -> None:
    assert sorted(linker.relations()) == sorted({r[1] for r in ROWS})
    assert linker.link_relation("denounced")[0].relation == "Criticize_or_denounce"
    assert linker.link_relation("hosted a visit by")[0].relation == "Host_a_visit"
    assert linker.link_relation("   ") == []
    assert linker.relation_matcher() is linker.relation_matcher()  # cached per store


def test_link_entities_follows_the_protocol_order(linker: GraphLinker) -> None:
    tq = understand("Who consulted Citizen (Denmark) after Barack Obama?")
    out = linker.link_entities(tq.mentions, k=2)
    assert len(out) == len(tq.mentions)
    assert [links[0].key for links in out] == ["Citizen_(Denmark)", "Barack_Obama"]
    assert all(links[0].mention is m for links, m in zip(out, tq.mentions, strict=True))


def test_a_country_absent_from_the_store_is_not_linked_to_one_of_its_sectors(linker: GraphLinker) -> None:
    # the store has Denmark's ministries, women and citizens, but not Denmark: "Denmark" is none of them
    assert best(linker, "Denmark") is None
    assert best(linker, "the Turkmenistan") == "Turkmenistan"  # present: the country itself
    assert best(linker, "Danish women") == "Women_(Denmark)"  # a sector said as such still links


def test_a_store_refilled_with_as_many_events_is_read_anew(
    store: Store,
    embedder,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long-lived linker (the warm service's, or one pytest process's) over a store wiped and refilled with the
    same number of events: the old relation names and entity links must go, though the event count is the same."""
    from tests.conftest import wipe
    from tkgrag.question import graph_linker

    monkeypatch.setattr(graph_linker, "FRESHNESS_S", 0.0)  # look at the graph on every call, not once a second

    def fill(rows: list[tuple[str, str, str, str]], name: str) -> None:
        src = tmp_path / f"{name}.tsv"
        src.write_text("\n".join("\t".join(r) for r in rows) + "\n", encoding="utf-8")
        recs = [
            EventRecord(s, r, o, TimeSpan.parse(t), name, SourceRef(str(src), i + 1))
            for i, (s, r, o, t) in enumerate(rows)
        ]
        ingest(
            store,
            recs,
            EventWriter(),
            source=SourceInfo.for_file(src, name=name, format="records"),
            kind=EVENT_KIND,
            options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path),
        )

    fill(
        [
            ("Orla_Vantris", "Make_a_visit", "Kesh_Dominion", "2014-03-04"),
            ("Kesh_Dominion", "Host_a_visit", "Orla_Vantris", "2014-03-04"),
        ],
        "first",
    )
    linker = GraphLinker(store, embedder)
    assert sorted(linker.relations()) == ["Host_a_visit", "Make_a_visit"]
    assert best(linker, "Orla Vantris") == "Orla_Vantris"

    wipe(store)
    fill(
        [
            ("Tamsin_Reel", "Consult", "Varo_League", "2014-05-01"),
            ("Varo_League", "Threaten", "Tamsin_Reel", "2014-05-02"),
        ],
        "second",
    )
    assert sorted(linker.relations()) == ["Consult", "Threaten"]
    assert best(linker, "Orla Vantris") is None
    assert best(linker, "Tamsin Reel") == "Tamsin_Reel"
