"""MRAG's optional LLM steps, run only when an endpoint is configured: query-focused summarization of the top
passages (Table 12) and the MC/TC decomposition. A failed call is a note on the result, never a failed retrieval: the
symbolic path has already produced everything these refine."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.ingest.formats.dates_in_text import extract_dates
from tkgrag.ingest.formats.sentences import span_years
from tkgrag.llm.client import ChatClient, ChatMessage, ChatRequest, LLMError
from tkgrag.retrievers.mrag.prompts import DECOMPOSE_PROMPT, QFS_PROMPT
from tkgrag.retrievers.mrag.ranking import Sentence

_TAG = re.compile(r"<(MainContent|TemporalConstraint)>\s*(.*?)\s*</\1>", re.S)


@dataclass
class LlmUse:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, usage: Any) -> None:
        self.calls += 1
        self.prompt_tokens += int(getattr(usage, "prompt", 0) or 0)
        self.completion_tokens += int(getattr(usage, "completion", 0) or 0)


def _ask(client: ChatClient, prompt: str, use: LlmUse, max_tokens: int) -> str | None:
    request = ChatRequest((ChatMessage("user", prompt),), temperature=0.0, max_tokens=max_tokens)
    try:
        response = client.complete(request)
    except LLMError as exc:
        use.errors.append(str(exc))
        return None
    use.add(response.usage)
    return response.text


def summarize(
    client: ChatClient,
    embedder: Embedder,
    question: str,
    rows: Sequence[Mapping[str, Any]],
    use: LlmUse,
) -> dict[str, list[Sentence]]:
    """One summary sentence per passage of ``rows`` (those answering "None" get none), embedded with the title in
    front like the stored sentences, with the years it mentions."""
    out: dict[str, list[Sentence]] = {}
    for row in rows:
        title = (row.get("fields") or {}).get("title") or ""
        text = _ask(client, QFS_PROMPT.format(title=title, text=row.get("text") or "", question=question), use, 200)
        if text is None:
            continue
        summary = text.split("</Summarization>")[0].strip()
        if not summary or "none" in summary.lower().split():
            continue
        vec = embedder.encode([f"{title} | {summary}" if title else summary])[0].tolist()
        years = tuple(span_years(extract_dates(summary)))
        out[row["key"]] = [Sentence(-1, summary, years, embedding=vec, summary=True)]
    return out


def decompose(client: ChatClient, question: str, use: LlmUse) -> tuple[str, str] | None:
    """(main content, temporal constraint) from the LLM, or None when it did not answer in the expected form."""
    text = _ask(client, DECOMPOSE_PROMPT.format(question=question), use, 120)
    if text is None:
        return None
    parts = dict((m.group(1), m.group(2)) for m in _TAG.finditer(text))
    mc = parts.get("MainContent", "").strip()
    if not mc:
        use.errors.append("the LLM decomposition had no <MainContent>")
        return None
    tc = parts.get("TemporalConstraint", "").strip()
    return mc, "" if tc.lower() == "none" else tc
