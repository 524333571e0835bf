"""A small chat client: one request in, one response out, errors sorted into retryable or not.

``ChatClient`` is the one interface; :class:`OpenAIChatClient` speaks the OpenAI chat-completions API (through the
``openai`` package) to any compatible endpoint, and the middleware in :mod:`tkgrag.llm.middleware` wraps any
``ChatClient`` with retries, caching, rate limiting and metrics, after Microsoft GraphRAG's LLM middleware. The SDK's
own retries are switched off so that exactly one layer decides when to retry.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tkgrag.errors import TkgragError
from tkgrag.llm.settings import PLACEHOLDER_API_KEY, LLMSettings
from tkgrag.llm.tokens import count_message_tokens, count_tokens
from tkgrag.model import TokenUsage

if TYPE_CHECKING:  # the SDK is imported where a client is built: ~1 s of every process's start otherwise
    import openai


# --------------------------------------------------------------------------------------------------- errors
class LLMError(TkgragError):
    """A chat request failed. ``retryable``: trying again later may succeed (429, 5xx, timeouts, lost connections)."""

    retryable = False

    def __init__(
        self, message: str, *, status: int | None = None, retry_after_s: float | None = None, attempts: int = 1
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.retry_after_s = retry_after_s
        self.attempts = attempts

    gave_up_because: str | None = None  # set by the retries when they stop early (the deadline, a long Retry-After)

    def __str__(self) -> str:
        why = f": {self.gave_up_because}" if self.gave_up_because else ""
        if self.attempts > 1 or why:
            tries = f"{self.attempts} attempt{'s' if self.attempts > 1 else ''}"
            return f"{self.message.rstrip('.')} (gave up after {tries}{why})."
        return self.message


class LLMTimeoutError(LLMError):
    retryable = True


class LLMConnectionError(LLMError):
    retryable = True


class LLMStatusError(LLMError):
    """The endpoint answered with an HTTP error status."""

    @property
    def retryable(self) -> bool:  # type: ignore[override]
        return self.status is not None and (self.status in (408, 409, 429) or self.status >= 500)


class LLMResponseError(LLMError):
    """The endpoint answered 200 with something that is not a chat completion."""


# --------------------------------------------------------------------------------------------------- requests
@dataclass(frozen=True)
class ChatMessage:
    role: str  # system | user | assistant
    content: str

    def as_dict(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


@dataclass(frozen=True)
class ChatRequest:
    """Everything that determines a completion: the response cache keys on all of it."""

    messages: tuple[ChatMessage, ...]
    temperature: float = 0.0
    max_tokens: int | None = 512
    extra: Mapping[str, Any] = field(default_factory=dict)  # other chat-completions parameters (stop, seed, ...)
    # This attempt's time limit when shorter than the client's (the retries' total deadline); not part of the
    # completion, so not in ``params()`` nor in the cache key.
    timeout_s: float | None = None

    def message_dicts(self) -> list[dict[str, str]]:
        return [m.as_dict() for m in self.messages]

    def params(self) -> dict[str, Any]:
        p: dict[str, Any] = {"temperature": self.temperature, **self.extra}
        if self.max_tokens is not None:
            p["max_tokens"] = self.max_tokens
        return p


@dataclass
class ChatResponse:
    text: str
    usage: TokenUsage
    model: str
    finish_reason: str | None = None
    latency_ms: float = 0.0
    attempts: int = 1  # HTTP requests it took (retries + 1); 0 for a cache hit
    cached: bool = False


@runtime_checkable
class ChatClient(Protocol):
    """Sends one chat request. Raises :class:`LLMError` (never an SDK or HTTP exception)."""

    model: str
    endpoint: str  # for messages: where requests go (never carries the key)

    def complete(self, request: ChatRequest) -> ChatResponse: ...


def usage_or_estimate(request: ChatRequest, text: str, prompt: int | None, completion: int | None) -> TokenUsage:
    """The endpoint's token counts, or :mod:`tkgrag.llm.tokens`' counts marked estimated when it reported none."""
    if prompt is not None and completion is not None:
        return TokenUsage(prompt=prompt, completion=completion, calls=1)
    return TokenUsage(
        prompt=count_message_tokens(request.message_dicts()), completion=count_tokens(text), calls=1, estimated=True
    )


# --------------------------------------------------------------------------------------------------- OpenAI
def _redact(text: str, secret: str | None) -> str:
    if secret and len(secret) >= 4 and secret != PLACEHOLDER_API_KEY:
        text = text.replace(secret, "***")
    return text


def _retry_after(headers: Mapping[str, str] | None) -> float | None:
    if not headers:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = headers.get(name)
        if raw:
            try:
                return max(0.0, float(raw) * scale)
            except ValueError:
                continue  # an HTTP date: rare from model servers; the backoff schedule applies instead
    return None


def _status_detail(exc: openai.APIStatusError) -> str:
    """The server's own error message ({"error": {"message": ...}} as the SDK unpacks it), else the SDK's text."""
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return re.sub(r"^Error code: \d+ - ", "", str(exc.message or exc))


class OpenAIChatClient:
    """Chat completions over HTTP via the ``openai`` package, to ``base_url`` (None: OpenAI's own endpoint)."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout_s: float = 60.0,
    ) -> None:
        self.model = model
        self.endpoint = (base_url or "https://api.openai.com/v1").rstrip("/")
        self.timeout_s = timeout_s
        self._secret = api_key
        import openai

        self._sdk = openai.OpenAI(
            api_key=api_key or PLACEHOLDER_API_KEY,
            base_url=self.endpoint,
            timeout=timeout_s,
            max_retries=0,  # retries belong to tkgrag.llm.middleware.RetryingChatClient
        )

    @classmethod
    def from_settings(cls, settings: LLMSettings) -> OpenAIChatClient:
        settings.require()
        assert settings.model is not None
        return cls(settings.model, base_url=settings.base_url, api_key=settings.api_key, timeout_s=settings.timeout_s)

    def __repr__(self) -> str:
        return f"OpenAIChatClient(model={self.model!r}, endpoint={self.endpoint!r})"

    def close(self) -> None:
        self._sdk.close()

    def complete(self, request: ChatRequest) -> ChatResponse:
        import openai  # already loaded by __init__: a dictionary lookup

        t0 = time.perf_counter()
        timeout = self.timeout_s if request.timeout_s is None else min(self.timeout_s, request.timeout_s)
        try:
            raw = self._sdk.chat.completions.create(
                model=self.model,
                messages=request.message_dicts(),  # type: ignore[arg-type]
                timeout=timeout,
                **request.params(),
            )
        except openai.APITimeoutError:
            raise LLMTimeoutError(
                f"LLM endpoint {self.endpoint} did not answer within {timeout:g} s. "
                "Check that the server is not overloaded, or raise TKGRAG_LLM_TIMEOUT."
            ) from None
        except openai.APIConnectionError as exc:
            cause = exc.__cause__ or exc.__context__
            detail = _redact(str(cause or exc), self._secret)
            raise LLMConnectionError(
                f"cannot reach LLM endpoint {self.endpoint} ({detail}). "
                "Check OPENAI_BASE_URL and that the model server is running."
            ) from None
        except openai.APIStatusError as exc:
            raise self._status_error(exc) from None
        except (openai.OpenAIError, ValueError) as exc:  # ValueError: a 200 whose body is not JSON
            raise LLMResponseError(
                f"LLM endpoint {self.endpoint}: unexpected response ({_redact(str(exc), self._secret)})"
            ) from None
        latency_ms = (time.perf_counter() - t0) * 1000.0
        return self._response(request, raw, latency_ms)

    def _status_error(self, exc: openai.APIStatusError) -> LLMStatusError:
        status = exc.status_code
        detail = _redact(_status_detail(exc), self._secret)[:300].rstrip(". ")
        hint = {
            400: "the request was rejected; check TKGRAG_LLM_MODEL and the request parameters",
            401: "the key was refused; check OPENAI_API_KEY",
            403: "the key may not use this model; check OPENAI_API_KEY and TKGRAG_LLM_MODEL",
            404: f"no such model or path; check TKGRAG_LLM_MODEL ({self.model}) and that OPENAI_BASE_URL ends in /v1",
            429: "rate limited; lower TKGRAG_LLM_RPM",
        }.get(status, "the server failed; try again later" if status >= 500 else "the request was rejected")
        return LLMStatusError(
            f"LLM endpoint {self.endpoint} answered HTTP {status}: {detail}. {hint[0].upper()}{hint[1:]}.",
            status=status,
            retry_after_s=_retry_after(exc.response.headers if exc.response is not None else None),
        )

    def _response(self, request: ChatRequest, raw: Any, latency_ms: float) -> ChatResponse:
        choices = getattr(raw, "choices", None)
        if not choices:
            raise LLMResponseError(
                f"LLM endpoint {self.endpoint} returned no choices; is it an OpenAI-compatible chat endpoint?"
            )
        choice = choices[0]
        message = getattr(choice, "message", None)
        text = _content_text(getattr(message, "content", None) if message is not None else None)
        if text is None:
            content = getattr(message, "content", None)
            raise LLMResponseError(
                f"LLM endpoint {self.endpoint} returned a message whose content is a {type(content).__name__}, not "
                "text; is it an OpenAI-compatible chat endpoint?"
            )
        usage = getattr(raw, "usage", None)
        prompt = _count(getattr(usage, "prompt_tokens", None)) if usage is not None else None
        completion = _count(getattr(usage, "completion_tokens", None)) if usage is not None else None
        model = getattr(raw, "model", None)
        finish = getattr(choice, "finish_reason", None)
        return ChatResponse(
            text=text,
            usage=usage_or_estimate(request, text, prompt, completion),
            model=model if isinstance(model, str) and model else self.model,
            finish_reason=finish if isinstance(finish, str) else None,
            latency_ms=latency_ms,
        )


def _content_text(content: object) -> str | None:
    """A message's text: a string, nothing (""), or the text parts of a list of content parts; None for any other
    shape (a number, an object), which no OpenAI-compatible server sends."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text") if isinstance(p, dict) else getattr(p, "text", None) for p in content]
        if all(isinstance(t, str) for t in parts):
            return "".join(t for t in parts if isinstance(t, str))
    return None


def _count(value: object) -> int | None:
    """A token count from the usage field; None (so it is estimated) for anything but a non-negative whole number."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if value < 0 or value != int(value):
        return None
    return int(value)


def chat_request(messages: Sequence[ChatMessage], settings: LLMSettings, **extra: Any) -> ChatRequest:
    """A request with the sampling parameters from ``settings``."""
    return ChatRequest(tuple(messages), temperature=settings.temperature, max_tokens=settings.max_tokens, extra=extra)
