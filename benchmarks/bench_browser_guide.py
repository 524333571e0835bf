"""What the Browser guide costs a server start: rendering it, and writing ``conf/tkgrag-browser.jar`` cold and warm.

    .venv/bin/python benchmarks/bench_browser_guide.py [--repeat 3]

Uses the assembled Browser jar of ``$TKGRAG_HOME`` (run `tkgrag neo4j start` once first) and a throw-away instance
folder: ``write_guide_jar`` is timed on an empty conf dir (cold: Browser's files copied, recompressed at level 1) and
again with the jar in place (warm: the stamp matches, nothing is written), as a start sees it.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tkgrag.config import load_settings
from tkgrag.explore import load_explore
from tkgrag.server.browser_guide import browser_jar, render_guide, write_guide_jar
from tkgrag.server.layout import InstanceLayout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    assembled = InstanceLayout.from_settings(load_settings())
    source = browser_jar(assembled)
    explore = load_explore()
    t0 = time.perf_counter()
    guide = render_guide(explore)
    render_ms = (time.perf_counter() - t0) * 1000
    cold, warm = [], []
    size = 0
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory(prefix="bench-guide-") as tmp:
            layout = InstanceLayout(home=Path(tmp), name="bench")
            layout.lib.parent.mkdir(parents=True)
            layout.lib.symlink_to(assembled.lib)  # the assembled jars, read only
            layout.conf_dir.mkdir(parents=True)
            t0 = time.perf_counter()
            jar = write_guide_jar(layout, explore)
            cold.append(time.perf_counter() - t0)
            size = jar.stat().st_size
            t0 = time.perf_counter()
            write_guide_jar(layout, explore)
            warm.append(time.perf_counter() - t0)
    counts = f"{len(explore.params)} parameters, {len(explore.queries)} queries, {len(explore.sections)} sections"
    print(f"explore.cypher: {counts}")
    print(f"guide: {len(guide.encode()):,} bytes, rendered in {render_ms:.1f} ms")
    print(f"Browser jar {source.name}: {source.stat().st_size:,} bytes; tkgrag-browser.jar: {size:,} bytes")
    print(
        f"write_guide_jar over {args.repeat} runs: cold median {statistics.median(cold):.2f} s "
        f"(min {min(cold):.2f}, max {max(cold):.2f}); warm median {statistics.median(warm) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
