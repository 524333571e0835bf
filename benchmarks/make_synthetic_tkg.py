"""A synthetic TKG of N events with a real file's relation / entity distributions, for scale runs of the rule graph.

    python benchmarks/make_synthetic_tkg.py --events 2000000 --out /tmp/synthetic-2m.tsv

The generator keeps the real joint distribution of (subject, relation, object, day) and grows the entity set the way
more data does: it draws real events uniformly (with replacement) and places each one in one of W = ceil(N / |file|)
"worlds", whose entities are the real ones renamed ``Name~w`` (world 0 keeps the real names); the day moves by
a uniform -3..+3 days inside the file's range. So every world has the file's relation frequencies, each entity's
relation set (what STAR-RAG's Apriori labels are mined from) and the temporal follow-up structure, while the number
of entities, rules and supports grows with N. Seeded (``--seed``), so a run can be repeated exactly.
"""

from __future__ import annotations

import argparse
import math
import sys
from datetime import date
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
DEFAULT_SOURCE = DATA / "icews05-15" / "icews05-15_partial_named.tsv"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="real TSV (s r o YYYY-MM-DD)")
    ap.add_argument("--events", type=int, default=2_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    rows = []
    with args.source.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 4:
                sys.exit(f"{args.source}:{n}: expected 4 tab-separated fields, got {len(parts)}")
            rows.append(parts)
    days = np.array([date.fromisoformat(r[3]).toordinal() for r in rows])
    lo, hi = int(days.min()), int(days.max())
    worlds = math.ceil(args.events / len(rows))
    rng = np.random.default_rng(args.seed)
    pick = rng.integers(0, len(rows), args.events)
    world = rng.integers(0, worlds, args.events)
    shift = rng.integers(-3, 4, args.events)
    seen: set[tuple[str, str, str, str]] = set()
    with args.out.open("w", encoding="utf-8") as out:
        for i, w, dd in zip(pick.tolist(), world.tolist(), shift.tolist(), strict=True):
            s, r, o, _ = rows[i]
            d = date.fromordinal(min(hi, max(lo, int(days[i]) + dd))).isoformat()
            if w:
                s, o = f"{s}~{w}", f"{o}~{w}"
            seen.add((s, r, o, d))
            out.write(f"{s}\t{r}\t{o}\t{d}\n")
    print(
        f"{args.out}: {args.events:,} lines, {len(seen):,} distinct events (a repeated line is one event), {worlds} "
        f"worlds over {len(rows):,} real events ({date.fromordinal(lo)}..{date.fromordinal(hi)})"
    )


if __name__ == "__main__":
    main()
