"""Sentence splitter cost against text length (issue 30 item 1): the splitter at a git ref (default ``main``) next to
the working tree's, same texts, same process, machine load printed.

Texts (each cut to the size asked): ``prose`` (TimeQA-style tokenised sentences), ``initials`` ("A. A. A. ...": an end
candidate every 3 characters, none a boundary), ``dots`` (one run of periods), ``spaces`` (a run of spaces between two
words, no newline). The baseline is run only up to ``--baseline-max`` characters: it is quadratic.

    PYTHONPATH=. OMP_NUM_THREADS=1 python benchmarks/bench_sentence_split.py [--ref main] [--out report.md]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from tkgrag.ingest.formats.sentences import split_sentences

REPO = Path(__file__).resolve().parents[1]
MODULE = "tkgrag/ingest/formats/sentences.py"
PROSE = "He was born in 1990 in Paris . Col . William E . Smith went there . "


def texts(n: int) -> dict[str, str]:
    return {
        "prose": (PROSE * (n // len(PROSE) + 1))[:n],
        "initials": ("A. " * (n // 3 + 1))[:n],
        "dots": "." * n,
        "spaces": "Word ." + " " * (n - 10) + "Next",
    }


def load_ref(ref: str) -> ModuleType:
    source = subprocess.run(["git", "show", f"{ref}:{MODULE}"], cwd=REPO, capture_output=True, text=True, check=True)
    folder = Path(tempfile.mkdtemp(prefix="split-ref-"))
    path = folder / "sentences_ref.py"
    path.write_text(source.stdout, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("sentences_ref", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sentences_ref"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def timed(fn: Callable[[str], list[str]], text: str) -> tuple[float, list[str]]:
    started = time.perf_counter()
    out = fn(text)
    return time.perf_counter() - started, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ref", default="main")
    ap.add_argument("--sizes", default="10000,20000,50000,500000,5000000")
    ap.add_argument("--baseline-max", type=int, default=20000)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    old = load_ref(args.ref)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        f"load average at start: {load} ({os.cpu_count()} cores); python {sys.version.split()[0]}",
        "",
        f"| text | chars | {args.ref} s | this tree s | sentences (same) |",
        "|---|---:|---:|---:|---|",
    ]
    print("\n".join(lines), flush=True)
    for n in (int(x) for x in args.sizes.split(",")):
        for name, text in texts(n).items():
            new_s, new_out = timed(split_sentences, text)
            if n <= args.baseline_max:
                old_s, old_out = timed(old.split_sentences, text)
                same = "yes" if old_out == new_out else "NO"
                row = f"| {name} | {len(text):,} | {old_s:.3f} | {new_s:.3f} | {len(new_out):,} ({same}) |"
            else:
                row = f"| {name} | {len(text):,} | not run | {new_s:.3f} | {len(new_out):,} |"
            lines.append(row)
            print(row, flush=True)
    end = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines.append("")
    lines.append(f"load average at end: {end}")
    print(lines[-1])
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
