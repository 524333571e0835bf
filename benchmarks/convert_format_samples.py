"""Build the bundled corpus and passage samples (tkgrag/data/*_sample.*) from the real benchmark files.

    .venv/bin/python benchmarks/convert_format_samples.py            # writes tkgrag/data/corpus_sample.jsonl,
                                                                       # corpus_edges_sample.tsv, passages_sample.jsonl

- corpus: a connected piece of the CiteSeer citation graph (breadth-first from its most-cited paper, ``--papers``
  papers) as ``{id, text, metadata: {class}}`` documents, with the citation edges among them (``citing<TAB>cited``),
  plus the passages of a few MuSiQue articles in the title-only form (passages of one article become its chunks).
- passages: the paragraphs of a few TimeQA articles as ``{id, title, text}`` (dates are left to the extractor).
Prints what it wrote; deterministic (no randomness).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict, deque
from pathlib import Path
from urllib.parse import unquote

from tkgrag.ingest.formats.corpus import read_citeseer_texts
from tkgrag.sources.records import ChunkRecord, DocumentRecord

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "tkgrag" / "data"
MUSIQUE_TITLES = ("Namibia", "New Delhi", "Atomic bombings of Hiroshima and Nagasaki")
TIMEQA_ARTICLES = 4


def citeseer_piece(n_papers: int) -> tuple[list[dict[str, object]], list[tuple[str, str]]]:
    folder = DATA / "corpus_graph" / "citeseer"
    docs: dict[str, dict[str, object]] = {}
    for r in read_citeseer_texts(folder / "citeseer_texts.txt", source="citeseer"):
        if isinstance(r, DocumentRecord):
            docs[r.key] = {"id": r.key, "metadata": dict(r.properties), "source": "citeseer"}
        elif isinstance(r, ChunkRecord):
            docs[r.document_key]["text"] = r.text
    edges: list[tuple[str, str]] = []  # (citing, cited)
    for line in (folder / "citeseer.cites").read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] != parts[1] and parts[0] in docs and parts[1] in docs:
            edges.append((parts[1], parts[0]))  # the file writes <cited> <citing>
    neighbours: dict[str, set[str]] = defaultdict(set)
    for a, b in edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    start = Counter(cited for _, cited in edges).most_common(1)[0][0]
    seen, todo = {start}, deque([start])
    while todo and len(seen) < n_papers:
        for nb in sorted(neighbours[todo.popleft()]):
            if len(seen) < n_papers and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    kept_edges = sorted({(a, b) for a, b in edges if a in seen and b in seen})
    return [docs[k] for k in sorted(seen)], kept_edges


def musique_passages() -> list[dict[str, object]]:
    corpus = json.loads((DATA / "corpus_graph" / "musique_100" / "musique_train_100_corpus.json").read_text())
    return [
        {"title": p["title"], "text": p["text"], "source": "musique"} for p in corpus if p["title"] in MUSIQUE_TITLES
    ]


def timeqa_passages() -> list[dict[str, object]]:
    items = json.loads((DATA / "timeqa" / "human_annotated_train.json").read_text())
    out: list[dict[str, object]] = []
    seen: set[str] = set()
    for item in items:
        if item["link"] in seen:
            continue
        seen.add(item["link"])
        title = unquote(item["link"].rsplit("/wiki/", 1)[-1]).replace("_", " ")
        for i, para in enumerate(item["paras"]):
            if i > 0 and len(para.split()) >= 5:
                out.append({"id": f"{item['link']}#{i}", "title": title, "text": para, "source": "timeqa"})
        if len(seen) >= TIMEQA_ARTICLES:
            break
    return out


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--papers", type=int, default=40)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    papers, edges = citeseer_piece(args.papers)
    passages = musique_passages()
    corpus_path = args.out / "corpus_sample.jsonl"
    write_jsonl(corpus_path, papers + passages)
    edges_path = args.out / "corpus_edges_sample.tsv"
    edges_path.write_text(
        "# citing<TAB>cited (CiteSeer citations among the papers of corpus_sample.jsonl)\n"
        + "".join(f"{a}\t{b}\n" for a, b in edges),
        encoding="utf-8",
    )
    timeqa = timeqa_passages()
    passages_path = args.out / "passages_sample.jsonl"
    write_jsonl(passages_path, timeqa)
    for path, what in (
        (corpus_path, f"{len(papers)} CiteSeer papers + {len(passages)} MuSiQue passages"),
        (edges_path, f"{len(edges)} citation edges"),
        (passages_path, f"{len(timeqa)} TimeQA paragraphs"),
    ):
        print(f"{path}: {what} ({path.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
