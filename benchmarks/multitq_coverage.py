"""The coverage table of the connected store (``tkgrag.ingest.coverage``): events per source and month and each
month's judgement, as Markdown. ``--rebuild`` first recounts every month (a store ingested before the table existed).

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    python benchmarks/multitq_coverage.py [--rebuild] [--out coverage.md]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from tkgrag.api import TKGRag
from tkgrag.ingest.coverage import (
    MIN_MONTHS,
    MIN_REFERENCE,
    REFERENCE_QUANTILE,
    SAMPLED_SHARE,
    CoverageTable,
    rebuild_coverage,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    with TKGRag.connect() as rag:
        took = ""
        if args.rebuild:
            t0 = time.perf_counter()
            months = rebuild_coverage(rag.store)
            took = f"rebuilt {months} months in {time.perf_counter() - t0:.1f} s; "
        table = CoverageTable.load(rag.store)
    load = os.getloadavg()
    lines = [
        f"{took}load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}",
        "",
        f"Rule: reference = {REFERENCE_QUANTILE} quantile (nearest rank) of the source's non-empty monthly counts; "
        f"a month "
        f"is sampled below {SAMPLED_SHARE} x reference, empty with no event; sources with fewer than {MIN_MONTHS} "
        f"non-empty months or a reference below {MIN_REFERENCE} are not judged.",
        "",
    ]
    for source, cov in sorted(table.sources.items()):
        lines += [f"## {source} (reference {cov.reference:,} events a month)", ""]
        lines += ["| months | density | months | events a month (min / median / max) |", "|---|---|---:|---|"]
        for p in cov.periods():
            s = sorted(p.counts)
            lines.append(
                f"| {p.first}..{p.last} | {p.density.value} | {len(s)} | {s[0]:,} / {p.median:,} / {s[-1]:,} |"
            )
        lines.append("")
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
