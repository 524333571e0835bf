"""`tkgrag mcp` over stdio, driven by the official SDK's own client: the tools are listed, `ask` answers, `cypher`
reads with parameters and refuses writes and GDS catalogue changes."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tkgrag.config import Settings, managed_server_env
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "tkgrag" / "data" / "icews14_sample.tsv"
QUESTION = "Who expressed intent to meet or negotiate with Edgars Rinkevics in December 2014?"


async def session_calls(env: dict[str, str]) -> dict[str, Any]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "tkgrag", "mcp", "--method", "vector"], env=env, cwd=str(REPO)
    )
    out: dict[str, Any] = {}
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            out["tools"] = sorted(t.name for t in (await s.list_tools()).tools)
            out["ask"] = await s.call_tool("ask", {"question": QUESTION, "k": 10})
            out["bad_k"] = await s.call_tool("ask", {"question": QUESTION, "k": 10**9})
            out["read"] = await s.call_tool(
                "cypher",
                {
                    "query": "MATCH (e:Event)-[:OBJECT]->(x:Entity {key: $who}) RETURN count(e) AS n",
                    "params": {"who": "Edgars_Rinkevics"},
                },
            )
            out["rows"] = await s.call_tool("cypher", {"query": "UNWIND range(1, 50) AS i RETURN i", "max_rows": 5})
            out["write"] = await s.call_tool("cypher", {"query": "CREATE (n:Intruder) RETURN n"})
            out["gds"] = await s.call_tool("cypher", {"query": "CALL gds.graph.drop('x', false)"})
            out["status"] = await s.call_tool("status", {})
    return out


def test_mcp_tools_over_stdio(session_store: Store, neo4j_settings: Settings, embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import wipe

    wipe(session_store)
    part = tmp_path / "rinkevics.tsv"
    part.write_text("".join(x for x in SAMPLE.read_text().splitlines(True) if "Rinkevics" in x))
    ingest_tkg_file(
        session_store,
        part,
        source="sample",
        options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path),
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "TKGRAG_SERVER"))}
    env.update(managed_server_env(neo4j_settings.server), PYTHONPATH=str(REPO), HF_HUB_OFFLINE="1")
    out = asyncio.run(session_calls(env))

    assert out["tools"] == ["ask", "cypher", "retrieve", "status"]
    ask = out["ask"]
    assert not ask.is_error and ask.structured_content["answers"][0]["text"] == "Paolo Gentiloni"
    assert out["bad_k"].is_error and "k: 1000000000 is outside 1..100" in out["bad_k"].content[0].text
    objects = session_store.run("MATCH (e:Event)-[:OBJECT]->(:Entity {key: 'Edgars_Rinkevics'}) RETURN count(e) AS n")[
        0
    ]["n"]
    assert out["read"].structured_content["rows"] == [{"n": objects}]
    rows = out["rows"].structured_content
    assert rows["rows"] == [{"i": i} for i in range(1, 6)] and rows["truncated"] is True
    assert out["write"].is_error and "Writing in read access mode not allowed" in out["write"].content[0].text
    assert session_store.run("MATCH (n:Intruder) RETURN count(n) AS n")[0]["n"] == 0
    assert out["gds"].is_error and "procedure gds.graph.drop is not allowed" in out["gds"].content[0].text
    assert out["status"].structured_content["store"]["events"] == 130
