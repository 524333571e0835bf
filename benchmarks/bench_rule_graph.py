"""Build the STAR-RAG rule graph from ICEWS event files and print time per stage, peak memory and graph size.

    .venv/bin/python benchmarks/bench_rule_graph.py                       # icews14 + icews05-15 with defaults
    .venv/bin/python benchmarks/bench_rule_graph.py --window none FILE    # the paper's unbounded T_uv

Each file is built in its own process, so the peak RSS (resource.getrusage ru_maxrss) printed is that file's.
``--trace-memory`` adds tracemalloc's peak of Python/numpy allocations during the build; tracing slows the Python
loops (MDL, assembly) several-fold, so stage times of such a run are not representative.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
import tracemalloc
from datetime import date
from pathlib import Path

from rich.console import Console
from rich.table import Table

from tkgrag.retrievers.star import StarConfig, StarEvent, build_rule_graph

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
DEFAULT_FILES = [DATA / "icews14" / "icews14_full_named.tsv", DATA / "icews05-15" / "icews05-15_partial_named.tsv"]
console = Console()


def read_events(path: Path) -> list[StarEvent]:
    events = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 4:
                sys.exit(f"{path}:{n}: expected 4 tab-separated fields (s r o YYYY-MM-DD), got {len(parts)}")
            s, r, o, d = parts
            try:
                day = date.fromisoformat(d)
            except ValueError:
                sys.exit(f"{path}:{n}: field 4 is not a YYYY-MM-DD date: {d!r}")
            events.append(StarEvent(s, r, o, day))
    return events


def bench(path: Path, config: StarConfig, trace_memory: bool) -> None:
    t0 = time.perf_counter()
    events = read_events(path)
    read_s = time.perf_counter() - t0
    if trace_memory:
        tracemalloc.start()
    with console.status(f"building rule graph from {path.name} ...") as status:
        graph = build_rule_graph(
            events, config, on_stage=lambda name, s: status.update(f"{path.name}: {name} done ({s:.1f} s)")
        )
    traced = ""
    if trace_memory:
        traced = f"peak traced memory {tracemalloc.get_traced_memory()[1] / 2**20:,.0f} MiB; "
        tracemalloc.stop()
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    table = Table(title=f"{path.name}: {len(events):,} events")
    table.add_column("stage")
    table.add_column("seconds", justify="right")
    table.add_row("read file", f"{read_s:.2f}")
    for name, secs in graph.timings.items():
        table.add_row(name, f"{secs:.2f}")
    table.add_row("build total", f"{sum(graph.timings.values()):.2f}")
    console.print(table)
    dl = graph.description_length
    n_frequent = sum(t.frequent for t in graph.labels.types)
    console.print(
        f"  entities {len(graph.labels.entities):,}; labels {len(graph.labels.types):,} "
        f"({n_frequent:,} Apriori patterns, {len(graph.labels.types) - n_frequent:,} fallback RelSets)\n"
        f"  rules {len(graph.rules):,}; candidate edges |W| {graph.n_candidate_edges:,}; "
        f"with |T_uv| > 0 {graph.n_linked_candidates:,}; selected edges {len(graph.edges):,} "
        f"(MDL passes {dl.passes})\n"
        f"  description length {dl.total_before:,.0f} -> {dl.total_after:,.0f} bits\n"
        f"  {traced}peak RSS of this process {rss_kib / 1024:,.0f} MiB"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", type=Path, help="TSV files (s r o YYYY-MM-DD); default: icews14, icews05-15")
    ap.add_argument("--window", default=None, help="span window in days, or 'none' (default: StarConfig's)")
    ap.add_argument("--coverage-null", choices=["pairwise", "none"], default=None)
    ap.add_argument("--trace-memory", action="store_true", help="also report tracemalloc's peak (slows the build)")
    args = ap.parse_args()
    files = args.files or DEFAULT_FILES
    if len(files) > 1:  # one process per file, so each peak RSS is that file's own
        passthrough = [a for a in sys.argv[1:] if Path(a) not in files]
        for path in files:
            subprocess.run([sys.executable, __file__, *passthrough, str(path)], check=True)
        return
    overrides: dict[str, object] = {}
    if args.window is not None:
        overrides["span_window_days"] = None if args.window.lower() == "none" else int(args.window)
    if args.coverage_null is not None:
        overrides["mdl_coverage_null"] = args.coverage_null
    config = StarConfig(**overrides)  # type: ignore[arg-type]
    console.print(f"config: {config}")
    path = files[0]
    if not path.exists():
        sys.exit(f"{path}: no such file (pass the TSV path as an argument)")
    bench(path, config, args.trace_memory)


if __name__ == "__main__":
    main()
