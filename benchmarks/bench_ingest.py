"""Ingestion throughput: graph-only load, embedding fill, load with embeddings, encoder alone; memory; store size.

Run against a managed instance of its own (it WIPES that database)::

    TKGRAG_INSTANCE=bench-ingest TKGRAG_BOLT_PORT=17711 TKGRAG_HTTP_PORT=17712 \\
        .venv/bin/python benchmarks/bench_ingest.py --data icews14 --steps graph,embed,full,encoder
    TKGRAG_INSTANCE=bench-ingest ... .venv/bin/tkgrag neo4j stop

Steps: ``graph`` (wipe, ingest with --no-embed), ``rerun`` (ingest again: all duplicates), ``embed`` (fill missing
embeddings of the graph-only load), ``full`` (wipe, ingest with embeddings in one pass), ``encoder`` (the embedder
alone on the same texts, no database). Prints one line per step and a JSON summary at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = {
    "icews14": REPO.parent / "shared/data/icews14/icews14_full_named.tsv",
    "icews05-15": REPO.parent / "shared/data/icews05-15/icews05-15_partial_named.tsv",
    "sample": REPO / "tkgrag/data/icews14_sample.tsv",
}


def du(path: Path) -> int:
    out = subprocess.run(["du", "-sb", str(path)], capture_output=True, text=True, check=False).stdout.split()
    return int(out[0]) if out else 0


def neo4j_rss(pid: int | None) -> int:
    if pid is None:
        return 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int | None) -> float:
    """utime + stime of a process (all its threads), from /proc."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default="icews14", help=f"one of {', '.join(DATA)} or a path")
    ap.add_argument("--steps", default="graph,rerun,embed,full,encoder")
    ap.add_argument("--batch-size", type=int, default=5000)
    ap.add_argument("--backend", default="auto", help="embedding backend: auto, torch, onnx, onnx-int8")
    ap.add_argument("--encoder-sample", type=int, default=0, help="encoder step on the first N texts (0 = all)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N lines of the file (0 = all)")
    args = ap.parse_args()

    os.environ.setdefault("TKGRAG_NO_PROGRESS", "1")
    if not os.environ.get("TKGRAG_INSTANCE") or os.environ["TKGRAG_INSTANCE"] == "default":
        sys.exit("set TKGRAG_INSTANCE (and ports) to a benchmark instance: this script wipes its database")

    from tkgrag.config import load_settings
    from tkgrag.embed import load_embedder
    from tkgrag.ingest.backfill import embed_missing
    from tkgrag.ingest.pipeline import IngestOptions, SourceInfo, ingest
    from tkgrag.ingest.tsv import TkgTsvReader
    from tkgrag.ingest.writers import EVENT_KIND, EventWriter
    from tkgrag.queries.admin import DELETE_ALL_NODES
    from tkgrag.queries.ingest import GRAPH_COUNTS
    from tkgrag.server import process
    from tkgrag.server.layout import InstanceLayout
    from tkgrag.store import connect

    path = DATA.get(args.data, Path(args.data))
    if args.limit:
        cut = Path(f"/tmp/bench_ingest_{args.limit}.tsv")
        with path.open() as src, cut.open("w") as dst:
            for i, line in enumerate(src):
                if i >= args.limit:
                    break
                dst.write(line)
        path = cut
    settings = load_settings()
    st = process.start(settings)
    layout = InstanceLayout.from_settings(settings)
    store = connect(settings)
    steps = args.steps.split(",")
    results: dict[str, object] = {"data": str(path), "batch_size": args.batch_size, "backend": args.backend}
    embedder = None
    if any(s in steps for s in ("embed", "full", "encoder")):
        t0 = time.perf_counter()
        embedder = load_embedder(settings.embedding_model, args.backend)
        results["embedder"] = f"{embedder.name} [{getattr(embedder, 'backend', '?')}]"
        results["embedder_load_s"] = round(time.perf_counter() - t0, 1)

    def wipe() -> None:
        store.run_auto(DELETE_ALL_NODES)

    def run(embed: bool) -> dict[str, object]:
        source = SourceInfo.for_file(path, name="bench", format="tkg-tsv")
        opts = IngestOptions(batch_size=args.batch_size, embedder=embedder if embed else None, progress=False)
        t0 = time.perf_counter()
        s = ingest(store, TkgTsvReader(path), EventWriter(), source=source, kind=EVENT_KIND, options=opts)
        wall = time.perf_counter() - t0
        row: dict[str, object] = {
            "read": s.read,
            "written": s.written,
            "duplicates": s.duplicates,
            "seconds": round(wall, 2),
            "events_per_s": round(s.read / wall),
        }
        if s.encode_seconds:
            row["encoder_texts"] = s.encoded_texts
            row["encoder_s"] = round(s.encode_seconds, 1)
            row["encoder_texts_per_s"] = round(s.encoded_texts / s.encode_seconds)
        return row

    for step in steps:
        if step in ("graph", "full"):
            wipe()  # before the clocks start
        cpu0, neo0, load0 = cpu_seconds(os.getpid()), cpu_seconds(st.pid), os.getloadavg()[0]
        if step == "graph":
            results["graph"] = run(embed=False)
        elif step == "rerun":
            results["rerun"] = run(embed=False)
        elif step == "embed":
            assert embedder is not None
            t0 = time.perf_counter()
            e = embed_missing(store, embedder, progress=False)
            wall = time.perf_counter() - t0
            results["embed"] = {
                "embedded": e.embedded,
                "seconds": round(wall, 1),
                "per_s": round(e.embedded / wall) if wall else 0,
                "encoder_s": round(e.encode_seconds, 1),
                "encoder_texts_per_s": round(e.encoded_texts / e.encode_seconds) if e.encode_seconds else 0,
            }
        elif step == "full":
            results["full"] = run(embed=True)
        elif step == "encoder":
            assert embedder is not None
            texts = [r.text for r in TkgTsvReader(path) if hasattr(r, "text")]
            if args.encoder_sample:
                texts = texts[: args.encoder_sample]
            t0 = time.perf_counter()
            embedder.encode(texts, batch_size=64)
            wall = time.perf_counter() - t0
            results["encoder"] = {
                "texts": len(texts),
                "seconds": round(wall, 1),
                "texts_per_s": round(len(texts) / wall),
            }
        else:
            sys.exit(f"unknown step {step!r}")
        row = results[step]
        assert isinstance(row, dict)
        # CPU seconds are less sensitive than wall time to other work on a shared machine
        row["python_cpu_s"] = round(cpu_seconds(os.getpid()) - cpu0, 1)
        row["neo4j_cpu_s"] = round(cpu_seconds(st.pid) - neo0, 1)
        row["loadavg_1m"] = [round(load0, 1), round(os.getloadavg()[0], 1)]
        print(step, json.dumps(results[step]), flush=True)

    results["counts"] = store.run(GRAPH_COUNTS)[0]
    results["store_bytes"] = du(layout.data_dir / "databases" / settings.neo4j_database)
    results["tx_log_bytes"] = du(layout.data_dir / "transactions" / settings.neo4j_database)
    results["python_peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    results["neo4j_peak_rss_mb"] = round(neo4j_rss(st.pid) / 2**20)
    results["cpus"] = os.cpu_count()
    results["loadavg_end"] = os.getloadavg()
    store.close()
    print(json.dumps(results, indent=2, default=str))


if __name__ == "__main__":
    main()
