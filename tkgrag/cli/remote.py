"""`tkgrag ask/retrieve` through a running `tkgrag serve`, falling back to in-process.

Which server: ``--server URL`` (or ``TKGRAG_SERVER``); else the one recorded in the instance's run directory if it
answers /healthz within a fraction of a second; ``--server off`` never uses one. An explicit URL that does not answer
is an error (the user asked for it); a recorded one that does not is skipped silently.

Light on purpose: this module is imported before the full CLI (``tkgrag.cli.main``), so it uses ``urllib`` rather
than httpx and imports no retriever, driver or model: a served answer costs the imports of the domain types only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tkgrag.errors import TkgragError

OFF = ("off", "none", "no", "local")
PROBE_TIMEOUT_S = 0.5
REQUEST_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class Found:
    url: str
    token: str | None
    how: str  # "--server", "TKGRAG_SERVER", or the run file's path


def _probe(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=PROBE_TIMEOUT_S) as r:
            return bool(r.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


def find_server(option: str | None) -> tuple[Found | None, str]:
    """The server to use, or None with the reason (said by ``--explain``)."""
    how = "--server"
    if option is None:
        option, how = os.environ.get("TKGRAG_SERVER"), "TKGRAG_SERVER"
    if option and option.lower() in OFF:
        return None, f"{how} {option}: in-process"
    token_file = os.environ.get("TKGRAG_SERVER_TOKEN_FILE")
    if option and option.lower() != "auto":
        url = option.rstrip("/")
        if not _probe(url):
            raise TkgragError(f"{how} {url}: no tkgrag server answers there (start one with `tkgrag serve`)")
        return Found(url, _token(token_file), how), ""
    from tkgrag.config import load_settings
    from tkgrag.service import runfile

    settings = load_settings()
    served = runfile.read(settings)
    if served is None:
        return None, f"no server recorded for instance '{settings.server.instance}'"
    if not _probe(served.url):
        return None, f"the server recorded at {served.url} does not answer"
    return Found(served.url, _token(token_file or served.token_file), str(runfile.run_file(settings))), ""


def _token(path: str | None) -> str | None:
    if not path:
        return None
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise TkgragError(f"token file {path}: {exc.strerror or exc}") from None


def call(found: Found, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body``; a server error becomes its one-line message."""
    headers = {"content-type": "application/json"}
    if found.token:
        headers["authorization"] = f"Bearer {found.token}"
    req = urllib.request.Request(f"{found.url}{path}", json.dumps(body).encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=REQUEST_TIMEOUT_S) as r:
            data = json.loads(r.read())
    except urllib.error.HTTPError as exc:
        try:
            said = json.loads(exc.read()).get("error")
        except (ValueError, AttributeError):
            said = exc.reason
        raise TkgragError(f"server {found.url} said {exc.code}: {said}") from None
    except (urllib.error.URLError, OSError) as exc:
        raise TkgragError(f"server {found.url} went away: {exc}") from None
    if not isinstance(data, dict):
        raise TkgragError(f"server {found.url} sent a body that is not a JSON object")
    return data


# -- printing (a served answer; the in-process path prints through ask_cmd/retrieve_cmd) -------------------------
def _print_answer(data: dict[str, Any], found: Found, as_json: bool, explain: bool) -> None:
    from tkgrag.remote_model import RemoteAnswer
    from tkgrag.service.jsonable import from_jsonable

    answer: RemoteAnswer = from_jsonable(RemoteAnswer, data)
    if as_json:
        print(
            json.dumps(
                {**answer.as_dict(), **answer.extra, "explain": answer.explain, "served_by": found.url},
                default=str,
                indent=2,
            )
        )
        return
    from rich.table import Table

    from tkgrag.cli.evidence_table import evidence_table
    from tkgrag.cli.safe_text import safe
    from tkgrag.terminal import make_console

    console = make_console()
    table = Table(title=safe(f"{answer.reader} reader: {answer.question}"))
    for col in ("#", "answer", "score", "because"):
        table.add_column(col)
    texts = {e.key: e.text for e in answer.retrieval.evidence}
    for i, c in enumerate(answer.answers, 1):
        because = "; ".join(texts.get(k, k) for k in c.supporting_events[:2])
        table.add_row(str(i), safe(c.text), f"{c.score:.3f}", safe(because))
    console.print(table)
    if not answer.answers:
        why = answer.error or answer.extra.get("no_answer")
        console.print("[yellow]no answer[/]", safe(f": {why}" if why else ""), sep="", highlight=False)
    console.print(evidence_table(f"evidence ({answer.retrieval.method})", answer.retrieval.evidence))
    for note in answer.retrieval.notes:
        console.print("[yellow]note:[/]", safe(note), highlight=False)
    if answer.rewritten_question:
        console.print(safe(f"rewritten: {answer.rewritten_question}"), highlight=False)
    console.print(f"constraint: {answer.constraint.describe() if answer.constraint else '-'}", highlight=False)
    timings = ", ".join(f"{k} {v:.0f} ms" for k, v in answer.timings_ms.items())
    console.print(f"timings: {timings}; tokens: {answer.tokens.total} ({answer.tokens.calls} LLM calls)")
    if explain:
        console.print("[bold]why this answer[/]")
        for line in answer.explain:
            console.print(safe(f"  {line}"), highlight=False)
        console.print(safe(f"served by {found.url} (found through {found.how}); {answer.elapsed_ms:.0f} ms there"))


def _print_retrieval(data: dict[str, Any], found: Found, as_json: bool) -> None:
    if as_json:
        print(json.dumps({**data, "served_by": found.url}, default=str, indent=2))
        return
    from tkgrag.cli.evidence_table import evidence_table
    from tkgrag.cli.safe_text import safe
    from tkgrag.remote_model import RemoteRetrieval
    from tkgrag.service.jsonable import from_jsonable
    from tkgrag.terminal import make_console

    console = make_console()

    r: RemoteRetrieval = from_jsonable(RemoteRetrieval, data)
    console.print(evidence_table(f"{r.method}: {r.question}", r.evidence))
    console.print(f"constraints: {'; '.join(c.describe() for c in r.constraints) or '-'}", highlight=False)
    for note in r.notes:
        console.print("[yellow]note:[/]", safe(note), highlight=False)
    console.print("timings: " + ", ".join(f"{k} {v:.0f} ms" for k, v in r.timings_ms.items()))
    console.print(safe(f"served by {found.url}"), highlight=False)


# -- the hooks ---------------------------------------------------------------------------------------------------
def ask_via_server(
    server: str | None,
    question: str,
    *,
    method: str | None,
    reader: str | None,
    k: int,
    as_json: bool,
    explain: bool,
    found: Found | None = None,
) -> bool:
    """Answer through a server and print; False when none is used (the caller answers in-process, and with
    ``--explain`` this says so)."""
    why = ""
    if found is None:
        found, why = find_server(server)
    if found is None:
        if explain:
            print(f"answered in-process ({why})", file=sys.stderr)
        return False
    body = {"question": question, "k": k, "method": method, "reader": reader}
    data = call(found, "/v1/ask", {key: v for key, v in body.items() if v is not None})
    _print_answer(data, found, as_json, explain)
    return True


def retrieve_via_server(
    server: str | None,
    question: str,
    *,
    method: str | None,
    k: int,
    before: str | None,
    after: str | None,
    during: str | None,
    kinds: list[str] | None,
    options: list[str] | None,
    as_json: bool,
) -> bool:
    if options:
        return False  # method options (--set) configure an in-process retriever; a server has its own
    found, _ = find_server(server)
    if found is None:
        return False
    body = {
        "question": question,
        "k": k,
        "method": method,
        "before": before,
        "after": after,
        "during": during,
        "kinds": kinds or None,
    }
    data = call(found, "/v1/retrieve", {key: v for key, v in body.items() if v is not None})
    _print_retrieval(data, found, as_json)
    return True


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    p.add_argument("command", choices=("ask", "retrieve"))
    p.add_argument("question")
    p.add_argument("--method", "-m")
    p.add_argument("--reader", "-r")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--json", dest="as_json", action="store_true")
    p.add_argument("--explain", action="store_true")
    p.add_argument("--server")
    p.add_argument("--before")
    p.add_argument("--after")
    p.add_argument("--during")
    p.add_argument("--kind", action="append")
    return p


def fast_main(argv: list[str]) -> bool:
    """`tkgrag ask|retrieve ...` answered by a server before the full CLI is imported; False (nothing printed) for
    anything else, for --help, options it does not know, or when no server answers."""
    if not argv or argv[0] not in ("ask", "retrieve") or any(a in ("--help", "-h") for a in argv):
        return False
    try:
        args, rest = _parser().parse_known_args(argv)
    except (argparse.ArgumentError, SystemExit):
        return False
    if rest or args.k < 1 or (args.command == "retrieve" and (args.reader or args.explain)):
        return False
    # the full CLI's defaults (ask_cmd / retrieve_cmd), so a served answer is the one in-process would give
    method = args.method or "auto"
    try:
        if args.command == "ask":
            if args.before or args.after or args.during or args.kind:
                return False
            found, _ = find_server(args.server)
            if found is None:
                return False  # the full CLI answers in-process and its --explain says why
            return ask_via_server(
                args.server,
                args.question,
                method=method,
                reader=args.reader or "symbolic",
                k=args.k,
                as_json=args.as_json,
                explain=args.explain,
                found=found,
            )
        return retrieve_via_server(
            args.server,
            args.question,
            method=method,
            k=args.k,
            before=args.before,
            after=args.after,
            during=args.during,
            kinds=args.kind,
            options=None,
            as_json=args.as_json,
        )
    except TkgragError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
