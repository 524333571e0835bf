"""The service's aims, measured in one run: served vs in-process ``ask``, the CLI through a server, concurrent HTTP
and MCP clients, hostile HTTP. Prints the machine load with every figure and writes ``report.md`` + ``service.json``.

    TKGRAG_INSTANCE=27-dev TKGRAG_BOLT_PORT=17803 TKGRAG_HTTP_PORT=17503 \\
    flock /tmp/tkgrag-cpu.lock .venv/bin/python benchmarks/bench_service.py --out benchmarks/results/DATE/service \\
        [--duration 120] [--clients 8] [--mcp-clients 2] [--cli-runs 10]

Needs the instance to hold the bundled ICEWS14 sample (`tkgrag ingest tkg tkgrag/data/icews14_sample.tsv`) and its
rule graph (`tkgrag rules build`); the questions are the sample's 20 (``tkgrag/data/icews14_sample_questions.jsonl``),
asked with the same method and reader everywhere (star+tc, symbolic). Reads only.

1. in-process: one ``TKGRag``, warmed by one ask, then every question once (p50 of ``TKGRag.ask`` wall time).
2. served: `tkgrag serve` in a child process (warm), the same questions over HTTP with httpx (p50 of the round trip).
   The in-process ``TKGRag`` is closed first, so the two do not share the CPU.
3. CLI: ``python -m tkgrag ask Q`` as a new process each time, the server running (wall p50); and ``--server off``
   (in-process) for comparison.
4. concurrency: N HTTP clients (threads, one httpx client each) asking random sample questions for D seconds;
   then M MCP clients (the SDK's streamable HTTP client against `tkgrag mcp --transport http`) the same way.
5. hostile HTTP against a server with a token: each request's status, whether the body is JSON with a message and
   no traceback, and whether /healthz still answers after it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
QUESTIONS = REPO / "tkgrag" / "data" / "icews14_sample_questions.jsonl"
METHOD, READER = "star+tc", "symbolic"


def load() -> str:
    a, b, c = os.getloadavg()
    return f"load average {a:.2f} {b:.2f} {c:.2f} ({os.cpu_count() or 0} CPUs)"


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))] if s else float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(args: list[str], url: str, log: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tkgrag", *args],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env=env or dict(os.environ),
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{args} exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"{args} did not come up")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()


def in_process(questions: list[str]) -> dict[str, Any]:
    from tkgrag.api import TKGRag

    with TKGRag.connect() as rag:
        rag.ask(questions[-1], method=METHOD, reader=READER)  # warm
        walls, answers = [], []
        for q in questions:
            t0 = time.perf_counter()
            a = rag.ask(q, method=METHOD, reader=READER)
            walls.append((time.perf_counter() - t0) * 1000)
            answers.append(a.best)
    return {
        "p50_ms": statistics.median(walls),
        "p95_ms": pct(walls, 95),
        "n": len(walls),
        "answers": answers,
        "load": load(),
    }


def served(url: str, questions: list[str]) -> dict[str, Any]:
    walls, answers = [], []
    with httpx.Client(base_url=url, timeout=120) as http:
        http.post("/v1/ask", json={"question": questions[-1], "method": METHOD, "reader": READER})
        for q in questions:
            t0 = time.perf_counter()
            r = http.post("/v1/ask", json={"question": q, "method": METHOD, "reader": READER})
            walls.append((time.perf_counter() - t0) * 1000)
            r.raise_for_status()
            best = r.json()["answers"]
            answers.append(best[0]["text"] if best else None)
    return {
        "p50_ms": statistics.median(walls),
        "p95_ms": pct(walls, 95),
        "n": len(walls),
        "answers": answers,
        "load": load(),
    }


def cli(questions: list[str], runs: int, extra: list[str]) -> dict[str, Any]:
    walls = []
    for i in range(runs):
        q = questions[i % len(questions)]
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "tkgrag", "ask", q, *extra], capture_output=True, text=True)
        walls.append(time.perf_counter() - t0)
        if out.returncode != 0:
            raise SystemExit(f"tkgrag ask failed: {out.stderr[-1000:]}")
    return {"p50_s": statistics.median(walls), "min_s": min(walls), "max_s": max(walls), "n": runs, "load": load()}


def http_clients(url: str, questions: list[str], clients: int, duration: float) -> dict[str, Any]:
    walls: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + duration

    def worker(seed: int) -> None:
        rnd = random.Random(seed)
        with httpx.Client(base_url=url, timeout=120) as http:
            while time.monotonic() < stop_at:
                q = rnd.choice(questions)
                t0 = time.perf_counter()
                try:
                    r = http.post("/v1/ask", json={"question": q, "method": METHOD, "reader": READER})
                    ok = r.status_code == 200
                    said = f"{r.status_code} {r.text[:200]}"
                except httpx.HTTPError as exc:
                    ok, said = False, repr(exc)
                with lock:
                    (walls if ok else errors).append((time.perf_counter() - t0) * 1000 if ok else said)  # type: ignore[arg-type]

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {
        "clients": clients,
        "duration_s": duration,
        "requests": len(walls) + len(errors),
        "errors": len(errors),
        "error_samples": errors[:5],
        "p50_ms": statistics.median(walls) if walls else None,
        "p95_ms": pct(walls, 95),
        "throughput_rps": len(walls) / duration,
        "load": load(),
    }


async def mcp_clients(url: str, questions: list[str], clients: int, duration: float) -> dict[str, Any]:
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    walls: list[float] = []
    errors: list[str] = []
    stop_at = time.monotonic() + duration

    async def one(seed: int) -> None:
        rnd = random.Random(seed)
        async with streamable_http_client(url) as streams, ClientSession(streams[0], streams[1]) as s:
            await s.initialize()
            while time.monotonic() < stop_at:
                t0 = time.perf_counter()
                try:
                    res = await s.call_tool("ask", {"question": rnd.choice(questions)})
                    if res.is_error:
                        errors.append(str(res.content)[:200])
                    else:
                        walls.append((time.perf_counter() - t0) * 1000)
                except Exception as exc:  # a transport failure counts as an error of the run
                    errors.append(repr(exc)[:200])

    await asyncio.gather(*(one(i) for i in range(clients)))
    return {
        "clients": clients,
        "duration_s": duration,
        "requests": len(walls) + len(errors),
        "errors": len(errors),
        "error_samples": errors[:5],
        "p50_ms": statistics.median(walls) if walls else None,
        "p95_ms": pct(walls, 95),
        "load": load(),
    }


def raw(port: int, data: bytes, pause_after: int | None = None, pause_s: float = 0.0) -> tuple[int, str]:
    """Send bytes on a socket (optionally stalling mid-body); return the status and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        if pause_after is not None:
            s.sendall(data[:pause_after])
            time.sleep(pause_s)
            with contextlib.suppress(OSError):
                s.sendall(data[pause_after:])
        else:
            s.sendall(data)
        chunks = []
        while True:
            try:
                c = s.recv(65536)
            except OSError:
                break
            if not c:
                break
            chunks.append(c)
    text = b"".join(chunks).decode("latin-1")
    status = int(text.split(" ", 2)[1]) if text.startswith("HTTP/") else 0
    return status, text.split("\r\n\r\n", 1)[-1]


def hostile(port: int, token: str, body_timeout_s: float) -> list[dict[str, Any]]:
    url = f"http://127.0.0.1:{port}"
    auth = {"authorization": f"Bearer {token}", "content-type": "application/json"}
    q = "Who consulted Iran in May 2014?"
    cases: list[tuple[str, Any]] = [
        ("no token", lambda: httpx.post(f"{url}/v1/ask", json={"question": q})),
        (
            "wrong token",
            lambda: httpx.post(f"{url}/v1/ask", json={"question": q}, headers={"authorization": "Bearer x"}),
        ),
        (
            "oversized body (10 MB)",
            lambda: httpx.post(f"{url}/v1/ask", content=b"{" + b" " * 10_000_000 + b"}", headers=auth),
        ),
        (
            "lying content-length",
            lambda: raw(
                port,
                b"POST /v1/ask HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                + token.encode()
                + b"\r\nContent-Length: 99999999\r\n\r\n{}",
            ),
        ),
        ("malformed JSON", lambda: httpx.post(f"{url}/v1/ask", content=b'{"question": ', headers=auth)),
        ("JSON array", lambda: httpx.post(f"{url}/v1/ask", content=b"[1,2]", headers=auth)),
        ("wrong type: k='many'", lambda: httpx.post(f"{url}/v1/ask", json={"question": q, "k": "many"}, headers=auth)),
        ("wrong type: question=42", lambda: httpx.post(f"{url}/v1/ask", json={"question": 42}, headers=auth)),
        ("k = 10^9", lambda: httpx.post(f"{url}/v1/ask", json={"question": q, "k": 10**9}, headers=auth)),
        ("k = -1", lambda: httpx.post(f"{url}/v1/ask", json={"question": q, "k": -1}, headers=auth)),
        (
            "question of 50,000 chars",
            lambda: httpx.post(f"{url}/v1/ask", json={"question": "x" * 50_000}, headers=auth),
        ),
        ("unknown method", lambda: httpx.post(f"{url}/v1/ask", json={"question": q, "method": "magic"}, headers=auth)),
        ("bad date", lambda: httpx.post(f"{url}/v1/ask", json={"question": q, "before": "2014-13-45"}, headers=auth)),
        ("unknown field", lambda: httpx.post(f"{url}/v1/ask", json={"question": q, "admin": True}, headers=auth)),
        ("unknown path", lambda: httpx.get(f"{url}/v1/../../etc/passwd", headers=auth)),
        ("wrong verb", lambda: httpx.get(f"{url}/v1/ask", headers=auth)),
        (
            "Cypher in the question",
            lambda: httpx.post(f"{url}/v1/ask", json={"question": "') MATCH (n) DETACH DELETE n //"}, headers=auth),
        ),
        (
            f"slow client (stalls {body_timeout_s + 2:g} s mid-body)",
            lambda: raw(
                port,
                b"POST /v1/ask HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                + token.encode()
                + b"\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n"
                + b'{"question": "who met whom in 2014?"}  ',
                pause_after=120,
                pause_s=body_timeout_s + 2,
            ),
        ),
    ]
    rows = []
    for name, fn in cases:
        r = fn()
        status, text = (r.status_code, r.text) if isinstance(r, httpx.Response) else r
        try:
            message = json.loads(text).get("error") if text else None
        except (ValueError, AttributeError):
            message = None
        alive = httpx.get(f"{url}/healthz", timeout=10).status_code == 200
        rows.append(
            {
                "case": name,
                "status": status,
                "message": (message or "")[:90],
                "traceback": "Traceback" in text,
                "alive_after": alive,
            }
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--duration", type=float, default=120.0)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--mcp-clients", type=int, default=2)
    ap.add_argument("--cli-runs", type=int, default=10)
    ap.add_argument("--cli-local-runs", type=int, default=3)
    ap.add_argument(
        "--skip-concurrency",
        action="store_true",
        help="leave out the N-client HTTP and MCP windows (the CPU-heavy part; the rest is a few short bursts)",
    )
    ns = ap.parse_args()
    # SIGTERM (timeout, a scheduler) unwinds like Ctrl-C, so the servers this script started are stopped
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ns.out.mkdir(parents=True, exist_ok=True)
    questions = [json.loads(x)["question"] for x in QUESTIONS.read_text().splitlines() if x.strip()]
    logs = Path(tempfile.mkdtemp(prefix="bench-service-"))
    res: dict[str, Any] = {"start_load": load()}
    print(res["start_load"], flush=True)

    res["in_process"] = in_process(questions)
    print("in-process", res["in_process"], flush=True)

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start(
        ["serve", "--port", str(port), "--workers", "4", "--timeout", "60"], f"{url}/healthz", logs / "serve.log"
    )
    try:
        res["served"] = served(url, questions)
        res["ratio_served_over_in_process"] = res["served"]["p50_ms"] / res["in_process"]["p50_ms"]
        res["same_answers"] = res["served"]["answers"] == res["in_process"]["answers"]
        print("served", res["served"], "ratio", round(res["ratio_served_over_in_process"], 3), flush=True)
        res["cli_served"] = cli(questions, ns.cli_runs, [])
        print("cli through the server", res["cli_served"], flush=True)
        res["cli_in_process"] = cli(questions, ns.cli_local_runs, ["--server", "off"])
        print("cli in-process", res["cli_in_process"], flush=True)
        if not ns.skip_concurrency:
            res["http_concurrent"] = http_clients(url, questions, ns.clients, ns.duration)
            print("http concurrent", res["http_concurrent"], flush=True)
    finally:
        stop(server)

    if not ns.skip_concurrency:
        mport = free_port()
        mcp = start(
            ["mcp", "--transport", "http", "--port", str(mport), "--workers", "2"],
            f"http://127.0.0.1:{mport}/mcp",
            logs / "mcp.log",
        )
        try:
            res["mcp_concurrent"] = asyncio.run(
                mcp_clients(f"http://127.0.0.1:{mport}/mcp", questions, ns.mcp_clients, ns.duration)
            )
            print("mcp concurrent", res["mcp_concurrent"], flush=True)
        finally:
            stop(mcp)

    token = "bench-" + os.urandom(16).hex()
    token_file = logs / "token"
    token_file.write_text(token)
    token_file.chmod(0o600)
    hport = free_port()
    guarded = start(
        ["serve", "--port", str(hport), "--token-file", str(token_file), "--method", "vector"],
        f"http://127.0.0.1:{hport}/healthz",
        logs / "hostile.log",
    )
    try:
        res["hostile"] = hostile(hport, token, body_timeout_s=10.0)
    finally:
        stop(guarded)
    res["hostile_server_log_tracebacks"] = (logs / "hostile.log").read_text().count("Traceback")
    for row in res["hostile"]:
        print("hostile", row, flush=True)
    res["end_load"] = load()
    (ns.out / "service.json").write_text(json.dumps(res, indent=2, default=str))
    write_report(ns.out / "report.md", res, ns)
    print(f"wrote {ns.out}/report.md; server logs in {logs}")


def write_report(path: Path, r: dict[str, Any], ns: argparse.Namespace) -> None:
    ip, sv = r["in_process"], r["served"]
    h, m = r.get("http_concurrent"), r.get("mcp_concurrent")
    lines = [
        "# tkgrag serve: served vs in-process, CLI through a server, concurrency, hostile HTTP",
        "",
        f"`benchmarks/bench_service.py --duration {ns.duration:g} --clients {ns.clients} --mcp-clients "
        f"{ns.mcp_clients} --cli-runs {ns.cli_runs} --cli-local-runs {ns.cli_local_runs}"
        f"{' --skip-concurrency' if ns.skip_concurrency else ''}` on the 27-dev instance (bundled ICEWS14 sample, "
        f"787 events, its rule graph), the sample's 20 questions, method {METHOD}, reader {READER}. "
        f"Start: {r['start_load']}; end: {r['end_load']}.",
        "",
        "| measure | p50 | p95 | n | load when measured |",
        "|---|---|---|---|---|",
        f"| in-process `TKGRag.ask` (warm) | {ip['p50_ms']:.0f} ms | {ip['p95_ms']:.0f} ms | {ip['n']} | "
        f"{ip['load']} |",
        f"| served `POST /v1/ask` (warm, httpx) | {sv['p50_ms']:.0f} ms | {sv['p95_ms']:.0f} ms | {sv['n']} | "
        f"{sv['load']} |",
        f"| `tkgrag ask` (new process, server running) | {r['cli_served']['p50_s']:.2f} s | max "
        f"{r['cli_served']['max_s']:.2f} s | {r['cli_served']['n']} | {r['cli_served']['load']} |",
        f"| `tkgrag ask --server off` (new process, in-process) | {r['cli_in_process']['p50_s']:.2f} s | max "
        f"{r['cli_in_process']['max_s']:.2f} s | {r['cli_in_process']['n']} | {r['cli_in_process']['load']} |",
        "",
        f"Served / in-process p50: **{r['ratio_served_over_in_process']:.2f}x** (aim <= 1.2x); same answers for all "
        f"20 questions: {r['same_answers']}.",
        "",
        "## Concurrent clients",
        "",
    ]
    if h is None or m is None:
        lines += ["Not measured in this run (`--skip-concurrency`).", ""]
    else:
        lines += [
            "| front end | clients | duration | requests | errors | p50 | p95 | load at end |",
            "|---|---|---|---|---|---|---|---|",
            f"| HTTP | {h['clients']} | {h['duration_s']:g} s | {h['requests']} | {h['errors']} | "
            f"{h['p50_ms']:.0f} ms | {h['p95_ms']:.0f} ms | {h['load']} |",
            f"| MCP (streamable HTTP) | {m['clients']} | {m['duration_s']:g} s | {m['requests']} | {m['errors']} | "
            f"{(m['p50_ms'] or 0):.0f} ms | {m['p95_ms']:.0f} ms | {m['load']} |",
            "",
            "No ingest of ours ran during these windows (the issue asks for one; see the load column for the "
            "machine's own).",
            "",
        ]
    lines += [
        "## Hostile HTTP (server with a bearer token, `--method vector`)",
        "",
        "| request | status | message | traceback in body | /healthz after |",
        "|---|---|---|---|---|",
    ]
    for row in r["hostile"]:
        msg = row["message"].replace("|", "/")
        lines.append(f"| {row['case']} | {row['status']} | {msg} | {row['traceback']} | {row['alive_after']} |")
    lines += ["", f"Tracebacks in that server's log: {r['hostile_server_log_tracebacks']}.", ""]
    path.write_text("\n".join(lines))


if __name__ == "__main__":
    main()
