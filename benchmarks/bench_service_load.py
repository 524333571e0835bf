"""The service under load: N HTTP clients and M MCP clients asking at the same time for D seconds while an ingest
of ours writes into the same store. Prints the machine load and writes ``report.md`` + ``load.json``.

    TKGRAG_INSTANCE=... TKGRAG_BOLT_PORT=... TKGRAG_HTTP_PORT=... OMP_NUM_THREADS=1 \\
    flock /tmp/tkgrag-cpu.lock .venv/bin/python benchmarks/bench_service_load.py \\
        --ingest ../shared/data/icews14/icews14_full_named.tsv --duration 300 --clients 8 --mcp-clients 2 \\
        --out benchmarks/results/DATE/service-load

The instance holds the bundled ICEWS14 sample and its rule graph (as for ``bench_service.py``); the questions are
the sample's 20, method star+tc, reader symbolic. ``tkgrag serve`` and ``tkgrag mcp --transport http`` run as child
processes on that instance; ``tkgrag ingest tkg INGEST --source load-ingest`` (with embeddings) starts with the
clients and is stopped (Ctrl-C: the run is left interrupted and resumable) when the window ends, if it has not
finished. An error is any non-200 HTTP answer, transport failure or MCP tool error.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_service import QUESTIONS, free_port, http_clients, load, mcp_clients, start, stop

from tkgrag.config import load_settings
from tkgrag.store import connect

INGEST_SOURCE = "load-ingest"
RUN_STATE = """
MATCH (r:IngestRun {source: $source})
RETURN r.status AS status, r.read AS read, r.written AS written, r.embedded AS embedded
ORDER BY r.started_at DESC LIMIT 1
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--ingest", type=Path, required=True, help="a TKG TSV file ingested during the window")
    ap.add_argument("--duration", type=float, default=300.0)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--mcp-clients", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60.0, help="the servers' per-request budget (s)")
    ns = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ns.out.mkdir(parents=True, exist_ok=True)
    questions = [json.loads(x)["question"] for x in QUESTIONS.read_text().splitlines() if x.strip()]
    logs = Path(tempfile.mkdtemp(prefix="bench-service-load-"))
    args = {k: (v.name if isinstance(v, Path) else str(v)) for k, v in vars(ns).items() if k != "out"}  # no paths
    res: dict[str, Any] = {"start_load": load(), "args": args}
    print(res["start_load"], flush=True)
    port, mport = free_port(), free_port()
    url, murl = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{mport}/mcp"
    server = start(["serve", "--port", str(port), "--workers", "4", "--timeout", str(ns.timeout)], f"{url}/healthz",
                   logs / "serve.log")  # fmt: skip
    mcp = start(["mcp", "--transport", "http", "--port", str(mport), "--workers", "2"], murl, logs / "mcp.log")
    ingest: subprocess.Popen[bytes] | None = None
    try:
        print(f"servers up; {load()}", flush=True)
        ingest = subprocess.Popen(
            [sys.executable, "-m", "tkgrag", "ingest", "tkg", str(ns.ingest), "--source", INGEST_SOURCE],
            stdout=(logs / "ingest.log").open("wb"),
            stderr=subprocess.STDOUT,
        )
        t0 = time.monotonic()
        box: dict[str, Any] = {}
        http = threading.Thread(
            target=lambda: box.update(http=http_clients(url, questions, ns.clients, ns.duration)), name="http"
        )
        http.start()
        res["mcp"] = asyncio.run(mcp_clients(murl, questions, ns.mcp_clients, ns.duration))
        http.join()
        res["http"] = box["http"]
        res["window_s"] = round(time.monotonic() - t0, 1)
        still = ingest.poll() is None
        if still:
            ingest.send_signal(signal.SIGINT)
            ingest.wait(timeout=120)
        res["ingest"] = {"running_at_end": still, "returncode": ingest.returncode}
    finally:
        if ingest is not None and ingest.poll() is None:
            ingest.kill()
        stop(mcp)
        stop(server)
    with connect(load_settings()) as store:
        state = store.run(RUN_STATE, {"source": INGEST_SOURCE})
    res["ingest"].update(state[0] if state else {})
    res["server_log_tracebacks"] = {
        name: (logs / f"{name}.log").read_text(errors="replace").count("Traceback") for name in ("serve", "mcp")
    }
    res["end_load"] = load()
    for k in ("http", "mcp", "ingest", "server_log_tracebacks", "end_load"):
        print(k, res[k], flush=True)
    (ns.out / "load.json").write_text(json.dumps(res, indent=2, default=str))
    write_report(ns.out / "report.md", res, ns)
    print(f"wrote {ns.out}/report.md; logs in {logs}")


def write_report(path: Path, r: dict[str, Any], ns: argparse.Namespace) -> None:
    h, m, ing = r["http"], r["mcp"], r["ingest"]
    lines = [
        "# tkgrag serve + mcp under load, with an ingest into the same store",
        "",
        f"`benchmarks/bench_service_load.py --duration {ns.duration:g} --clients {ns.clients} --mcp-clients "
        f"{ns.mcp_clients} --timeout {ns.timeout:g} --ingest {ns.ingest.name}`: the bundled ICEWS14 sample with its "
        "rule graph, the sample's 20 questions, star+tc with the symbolic reader; HTTP and MCP clients at the same "
        f"time, while `tkgrag ingest tkg {ns.ingest.name} --source {INGEST_SOURCE}` (with embeddings) writes into "
        f"the same store. Start: {r['start_load']}; end: {r['end_load']}.",
        "",
        "| front end | clients | window | requests | errors | p50 | p95 | load at end |",
        "|---|---|---|---|---|---|---|---|",
        f"| HTTP `POST /v1/ask` | {h['clients']} | {h['duration_s']:g} s | {h['requests']} | {h['errors']} | "
        f"{(h['p50_ms'] or 0):.0f} ms | {h['p95_ms']:.0f} ms | {h['load']} |",
        f"| MCP `ask` (streamable HTTP) | {m['clients']} | {m['duration_s']:g} s | {m['requests']} | {m['errors']} | "
        f"{(m['p50_ms'] or 0):.0f} ms | {m['p95_ms']:.0f} ms | {m['load']} |",
        "",
        f"The ingest during the window: status {ing.get('status')}, {ing.get('read')} lines read, "
        f"{ing.get('written')} events written, {ing.get('embedded')} embedded"
        + (" (stopped with Ctrl-C when the window ended; resumable)." if ing.get("running_at_end") else "."),
        "",
        f"Tracebacks in the server logs: {r['server_log_tracebacks']}.",
        "",
    ]
    for name, part in (("HTTP", h), ("MCP", m)):
        if part["error_samples"]:
            lines += [f"{name} error samples:", "", *[f"- `{e}`" for e in part["error_samples"]], ""]
    path.write_text("\n".join(lines))


if __name__ == "__main__":
    main()
