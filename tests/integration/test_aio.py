"""AsyncTKGRag over the real test server: the same answers as TKGRag, concurrent asks from one event loop, and an
injected chat client used by the LLM reader instead of one from the environment."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tkgrag.aio import AsyncTKGRag
from tkgrag.api import TKGRag
from tkgrag.config import Settings
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.llm.client import ChatRequest, ChatResponse
from tkgrag.model import TokenUsage
from tkgrag.store import Store

SAMPLE = Path(__file__).resolve().parents[2] / "tkgrag" / "data" / "icews14_sample.tsv"
QUESTION = "Who expressed intent to meet or negotiate with Edgars Rinkevics in December 2014?"


class ScriptedChat:
    """A chat client of the ``ChatClient`` protocol that answers one fixed text and records the prompts."""

    model = "scripted"
    endpoint = "in-process"

    def __init__(self, reply: str) -> None:
        self.reply = reply
        self.requests: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> ChatResponse:
        self.requests.append(request)
        return ChatResponse(self.reply, TokenUsage(10, 2, 1), self.model)


def test_async_facade_and_injected_chat_client(
    store: Store, neo4j_settings: Settings, embedder, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    part = tmp_path / "rinkevics.tsv"
    part.write_text("".join(x for x in SAMPLE.read_text().splitlines(True) if "Rinkevics" in x))
    ingest_tkg_file(
        store, part, source="s", options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp_path)
    )
    chat = ScriptedChat("Answer: Paolo Gentiloni")
    expected = TKGRag(store=store, embedder=embedder).ask(QUESTION, method="vector")

    async def run() -> tuple[list[str | None], list[str], str | None, int]:
        async with await AsyncTKGRag.connect(neo4j_settings, embedder=embedder, chat_client=chat) as rag:
            answers = await asyncio.gather(*(rag.ask(QUESTION, method="vector") for _ in range(4)))
            r = await rag.retrieve(QUESTION, method="vector", k=3)
            llm = await rag.ask(QUESTION, method="vector", reader="llm")
            return [a.best for a in answers], r.keys, llm.best, llm.tokens.total

    bests, keys, llm_best, tokens = asyncio.run(run())
    assert bests == [expected.best] * 4 and expected.best == "Paolo Gentiloni"
    assert keys == expected.retrieval.keys[:3]
    assert llm_best == "Paolo Gentiloni" and tokens == 12
    assert len(chat.requests) == 1 and QUESTION in chat.requests[0].messages[-1].content
