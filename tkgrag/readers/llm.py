"""The ``llm`` reader: the retrieved evidence and the question go to an OpenAI-compatible chat model in a paper's
prompt (STAR-RAG Appendix E by default, TimeR4's reasoning template on request), and its ranked answer list comes back
as ``AnswerCandidate`` s.

A failed call never loses the retrieval: the reader returns an ``Answer`` with no answers, ``error`` saying what went
wrong and what to do, and the evidence in ``Answer.retrieval`` as usual. Answers that name an entity of the evidence
in another spelling (``citizen_(india)``) are given the evidence's spelling (``Citizen (India)``), and each answer
carries the evidence keys that mention it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

from tkgrag.llm.client import ChatClient, ChatMessage, ChatRequest, LLMError
from tkgrag.llm.middleware import LLMMetrics, build_chat_client
from tkgrag.llm.settings import LLMSettings, load_llm_settings
from tkgrag.llm.tokens import count_message_tokens
from tkgrag.model import Answer, AnswerCandidate, Evidence, Retrieval, TokenUsage
from tkgrag.readers.answer_parsing import parse_answer_list
from tkgrag.readers.prompts import DEFAULT_TEMPLATE, PromptTemplate, load_template
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.temporal import TimeParseError, TimeSpan
from tkgrag.verbalize import entity_name

log = logging.getLogger(__name__)

DEFAULT_MAX_ANSWERS = 10  # STAR-RAG Appendix E asks for 10 ranked candidates


def _key(name: str) -> str:
    return " ".join(entity_name(name).split()).casefold()


def _as_template(template: str | PromptTemplate) -> PromptTemplate:
    return template if isinstance(template, PromptTemplate) else load_template(template)


def context_tokens(
    question: str,
    evidence: Sequence[Evidence],
    template: str | PromptTemplate = DEFAULT_TEMPLATE,
    k: int = DEFAULT_MAX_ANSWERS,
) -> int:
    """Prompt tokens the llm reader would send for this evidence: the ``tokens_mean`` figure for runs without an LLM,
    counted by the same :func:`tkgrag.llm.tokens.count_message_tokens` as the reader's own estimates."""
    messages = _as_template(template).render(question, evidence, k)
    return count_message_tokens(m.as_dict() for m in messages)


def _candidates(texts: Sequence[str], evidence: Sequence[Evidence]) -> list[AnswerCandidate]:
    """Candidates scored 1/rank, in the evidence's spelling where they name one of its entities, each with the keys
    of the evidence that mentions it (as subject or object, or for a date, in time)."""
    names: dict[str, str] = {}
    for e in evidence:
        for raw, shown in ((e.subject, e.subject_name), (e.object, e.object_name)):
            if raw:
                names.setdefault(_key(raw), shown)  # an answer "Q76" or "barack obama" reads "Barack Obama"
                names.setdefault(_key(shown), shown)
    out = []
    for rank, text in enumerate(texts, start=1):
        name = names.get(_key(text), text)
        support: list[str]
        try:
            span = TimeSpan.parse(name)
        except TimeParseError:
            k = _key(name)
            support = [
                e.key
                for e in evidence
                if k in (_key(e.subject), _key(e.object), _key(e.subject_name), _key(e.object_name))
            ]
        else:
            support = [e.key for e in evidence if e.span.start is not None and e.span.overlaps(span)]
        out.append(AnswerCandidate(name, 1.0 / rank, tuple(support)))
    return out


class LLMReader:
    """Answers from the evidence with a chat model behind ``client`` (see :func:`tkgrag.llm.build_chat_client`).

    ``client=None`` makes a reader that answers every question with an error saying what to configure (and the
    evidence), so a missing endpoint shows up in the answer instead of stopping a whole run."""

    name = "llm"

    def __init__(
        self,
        client: ChatClient | None,
        *,
        template: str | PromptTemplate = DEFAULT_TEMPLATE,
        max_answers: int = DEFAULT_MAX_ANSWERS,
        temperature: float = 0.0,
        max_tokens: int | None = 512,
        unavailable_reason: str | None = None,
    ) -> None:
        if max_answers < 1:
            raise ValueError(f"max_answers must be at least 1, got {max_answers}")
        self.client = client
        self.template = _as_template(template)
        self.max_answers = max_answers
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.unavailable_reason = unavailable_reason or "no LLM client given to the llm reader"

    @classmethod
    def from_settings(cls, settings: LLMSettings | None = None, *, metrics: LLMMetrics | None = None) -> LLMReader:
        """A reader over the middleware stack the settings describe (default: from the environment)."""
        settings = settings if settings is not None else load_llm_settings()
        client = build_chat_client(settings, metrics=metrics) if settings.configured else None
        return cls(
            client,
            template=settings.template,
            temperature=settings.temperature,
            max_tokens=settings.max_tokens,
            unavailable_reason=None if settings.configured else settings.not_configured_message(),
        )

    def messages(self, question: str, retrieval: Retrieval) -> list[ChatMessage]:
        return self.template.render(question, retrieval.evidence, self.max_answers)

    def prompt_tokens(self, question: str, retrieval: Retrieval) -> int:
        return count_message_tokens(m.as_dict() for m in self.messages(question, retrieval))

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer:
        """The model reads the question as asked and the retrieved evidence (the request's constraints were applied
        by the retriever)."""
        question = request.text
        t0 = time.perf_counter()
        answer = Answer(
            question=question, answers=[], retrieval=retrieval, reader=self.name, understanding=request.understanding
        )
        answer.constraint = retrieval.constraint
        if self.client is None:
            answer.error = f"llm reader unavailable: {self.unavailable_reason} The retrieved evidence is returned."
            return answer
        chat = ChatRequest(
            tuple(self.messages(question, retrieval)), temperature=self.temperature, max_tokens=self.max_tokens
        )
        try:
            response = self.client.complete(chat)
        except LLMError as exc:
            answer.error = (
                f"llm reader failed: {exc} The {len(retrieval.evidence)} retrieved evidence items are returned."
            )
            answer.timings_ms["reader"] = (time.perf_counter() - t0) * 1000.0
            return answer
        texts = parse_answer_list(response.text, self.max_answers)
        if not texts:
            log.debug("no answer candidates in the LLM reply: %r", response.text[:500])
        answer.answers = _candidates(texts, retrieval.evidence)
        answer.confidence = 1.0 / len(answer.answers) if answer.answers else 0.0  # a ranked list, no probabilities
        if not answer.answers:
            answer.abstained = "the model named no answer in the evidence"
        answer.tokens = TokenUsage(
            prompt=response.usage.prompt,
            completion=response.usage.completion,
            calls=1,
            estimated=response.usage.estimated,
        )
        answer.timings_ms["llm"] = response.latency_ms
        answer.timings_ms["reader"] = (time.perf_counter() - t0) * 1000.0
        return answer
