"""Middleware around a ``ChatClient``, after Microsoft GraphRAG's LLM middleware: each concern is one wrapper that is
itself a ``ChatClient``, so they compose in any order and each is tested alone.

:func:`build_chat_client` stacks them, outermost first::

    metrics -> cache -> retries -> rate limit -> client (HTTP)

so a cache hit costs no request and no rate-limit slot, every retry waits for a rate-limit slot, and the metrics see
what the caller saw (one call, however many attempts it took). Nothing is sent anywhere but the endpoint: no
telemetry.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from tkgrag.llm.client import ChatClient, ChatRequest, ChatResponse, LLMError, OpenAIChatClient
from tkgrag.llm.settings import LLMSettings
from tkgrag.model import TokenUsage

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------------------------------- retries
class Jitter(Protocol):
    """Where the random part of a delay comes from (``random.Random`` or a test's fixed stand-in)."""

    def uniform(self, a: float, b: float) -> float: ...


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter: retry ``i`` (0-based) waits a uniform draw from [d/2, d] where
    d = min(max_s, base_s * 2**i). A server's Retry-After, when given, is the wait, exactly: never less (a retry
    before the time it named is refused again), and a Retry-After above ``max_s`` ends the retries instead.
    ``deadline_s`` bounds one call, every attempt and wait included (None: no bound but the retries')."""

    max_retries: int = 4
    base_s: float = 1.0
    max_s: float = 30.0
    deadline_s: float | None = None

    def delay(self, retry: int, retry_after_s: float | None = None, rng: Jitter | None = None) -> float:
        if retry_after_s is not None:
            return retry_after_s
        d = min(self.max_s, self.base_s * (2**retry))
        return (rng or random).uniform(d / 2, d)


class RetryingChatClient:
    """Retries retryable :class:`LLMError` s (429, 5xx, timeouts, connection errors); other errors pass at once."""

    def __init__(
        self,
        inner: ChatClient,
        policy: RetryPolicy,
        *,
        sleep: Callable[[float], None] = time.sleep,
        rng: Jitter | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.inner = inner
        self.model = inner.model
        self.endpoint = inner.endpoint
        self.policy = policy
        self._sleep = sleep
        self._rng: Jitter = rng or random.Random()
        self._clock = clock

    def complete(self, request: ChatRequest) -> ChatResponse:
        attempt = 0
        deadline = self.policy.deadline_s
        end = self._clock() + deadline if deadline is not None else None
        while True:
            attempt += 1
            if end is not None:  # this attempt may use what is left of the deadline, no more
                request = replace(request, timeout_s=max(0.001, end - self._clock()))
            try:
                response = self.inner.complete(request)
            except LLMError as exc:
                exc.attempts = attempt
                if not exc.retryable or attempt > self.policy.max_retries:
                    raise
                wait = self.policy.delay(attempt - 1, exc.retry_after_s, self._rng)
                if exc.retry_after_s is not None and exc.retry_after_s > self.policy.max_s:
                    exc.gave_up_because = (
                        f"the endpoint asked to wait {exc.retry_after_s:g} s, more than TKGRAG_LLM_BACKOFF_MAX "
                        f"({self.policy.max_s:g} s)"
                    )
                    raise
                if end is not None and self._clock() + wait >= end:
                    exc.gave_up_because = f"the next try would pass the {deadline:g} s TKGRAG_LLM_DEADLINE"
                    raise
                log.warning(
                    "LLM request failed (%s); retry %d/%d in %.2f s",
                    exc.message.split(". ")[0],
                    attempt,
                    self.policy.max_retries,
                    wait,
                )
                self._sleep(wait)
                continue
            response.attempts = attempt
            return response


# --------------------------------------------------------------------------------------------------- cache
def cache_key(model: str, request: ChatRequest) -> str:
    """sha256 of (model, messages, params) as canonical JSON."""
    payload = {"model": model, "messages": request.message_dicts(), "params": request.params()}
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class CachingChatClient:
    """Answers a request seen before from ``cache_dir`` (one JSON file per key) instead of the endpoint.

    Only successful responses are stored. The usage stored is the original call's, so token figures read the same on
    a cached rerun; ``ChatResponse.cached`` tells hits apart. A cache file that does not parse is a miss (and is
    overwritten). The key does not include the endpoint: two servers serving the same model name share entries.
    """

    def __init__(self, inner: ChatClient, cache_dir: Path) -> None:
        self.inner = inner
        self.model = inner.model
        self.endpoint = inner.endpoint
        self.cache_dir = cache_dir

    def _path(self, key: str) -> Path:
        return self.cache_dir / key[:2] / f"{key}.json"

    def _load(self, path: Path) -> ChatResponse | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            usage = TokenUsage(**data["usage"])
            counts = (usage.prompt, usage.completion, usage.calls)
            if not isinstance(data["text"], str) or not all(type(n) is int and n >= 0 for n in counts):
                raise ValueError("text or token counts of the wrong type")
            return ChatResponse(
                text=data["text"],
                usage=usage,
                model=data["model"],
                finish_reason=data.get("finish_reason"),
                latency_ms=0.0,
                attempts=0,
                cached=True,
            )
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("ignoring unreadable LLM cache entry %s (%s)", path, exc)
            return None

    def _store(self, path: Path, response: ChatResponse) -> None:
        record = {
            "text": response.text,
            "usage": asdict(response.usage),
            "model": response.model,
            "finish_reason": response.finish_reason,
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, path)  # atomic: a reader never sees half a file
        except OSError as exc:
            log.warning("could not write LLM cache entry %s (%s); continuing without it", path, exc)

    def complete(self, request: ChatRequest) -> ChatResponse:
        path = self._path(cache_key(self.model, request))
        hit = self._load(path)
        if hit is not None:
            return hit
        response = self.inner.complete(request)
        self._store(path, response)
        return response


# --------------------------------------------------------------------------------------------------- rate limit
class RateLimitedChatClient:
    """At most ``requests_per_minute`` requests: each waits until 60/rpm seconds after the previous one started."""

    def __init__(
        self,
        inner: ChatClient,
        requests_per_minute: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if requests_per_minute <= 0:
            raise ValueError(f"requests_per_minute must be positive, got {requests_per_minute}")
        self.inner = inner
        self.model = inner.model
        self.endpoint = inner.endpoint
        self.interval_s = 60.0 / requests_per_minute
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._next_slot: float | None = None

    def _acquire(self) -> None:
        with self._lock:
            now = self._clock()
            slot = now if self._next_slot is None else max(now, self._next_slot)
            self._next_slot = slot + self.interval_s
        if slot > now:
            self._sleep(slot - now)

    def complete(self, request: ChatRequest) -> ChatResponse:
        self._acquire()
        return self.inner.complete(request)


# --------------------------------------------------------------------------------------------------- metrics
@dataclass
class LLMMetrics:
    """Counters over every call through a :class:`MetricsChatClient` (thread-safe)."""

    calls: int = 0  # complete() calls, successful or not
    failures: int = 0
    requests: int = 0  # HTTP requests sent (0 for a cache hit)
    retries: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated_calls: int = 0  # calls whose token counts were estimated (no usage from the endpoint)
    latency_ms: list[float] = field(default_factory=list)  # per successful call, cache hits excluded
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def record(self, response: ChatResponse | None, error: LLMError | None, latency_ms: float) -> None:
        with self._lock:
            self.calls += 1
            if error is not None:
                self.failures += 1
                self.requests += error.attempts
                self.retries += error.attempts - 1
                return
            assert response is not None
            if response.cached:
                self.cache_hits += 1
            else:
                self.requests += response.attempts
                self.retries += max(0, response.attempts - 1)
                self.latency_ms.append(latency_ms)
            self.prompt_tokens += response.usage.prompt
            self.completion_tokens += response.usage.completion
            self.estimated_calls += int(response.usage.estimated)

    def as_dict(self) -> dict[str, Any]:
        lat = sorted(self.latency_ms)
        return {
            "calls": self.calls,
            "failures": self.failures,
            "requests": self.requests,
            "retries": self.retries,
            "cache_hits": self.cache_hits,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "estimated_calls": self.estimated_calls,
            "latency_ms_mean": sum(lat) / len(lat) if lat else None,
            "latency_ms_p50": lat[len(lat) // 2] if lat else None,
        }


class MetricsChatClient:
    def __init__(self, inner: ChatClient, metrics: LLMMetrics | None = None) -> None:
        self.inner = inner
        self.model = inner.model
        self.endpoint = inner.endpoint
        self.metrics = metrics if metrics is not None else LLMMetrics()

    def complete(self, request: ChatRequest) -> ChatResponse:
        t0 = time.perf_counter()
        try:
            response = self.inner.complete(request)
        except LLMError as exc:
            self.metrics.record(None, exc, (time.perf_counter() - t0) * 1000.0)
            raise
        self.metrics.record(response, None, (time.perf_counter() - t0) * 1000.0)
        return response


# --------------------------------------------------------------------------------------------------- assembly
def build_chat_client(
    settings: LLMSettings,
    *,
    base: ChatClient | None = None,
    metrics: LLMMetrics | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> MetricsChatClient:
    """The middleware stack over ``base`` (default: an :class:`OpenAIChatClient` from ``settings``, which must be
    configured). Read the counters from the result's ``.metrics``."""
    client: ChatClient = base if base is not None else OpenAIChatClient.from_settings(settings)
    if settings.requests_per_minute:
        client = RateLimitedChatClient(client, settings.requests_per_minute, sleep=sleep)
    policy = RetryPolicy(settings.max_retries, settings.backoff_base_s, settings.backoff_max_s, settings.deadline_s)
    client = RetryingChatClient(client, policy, sleep=sleep)
    if settings.cache:
        client = CachingChatClient(client, settings.cache_dir)
    return MetricsChatClient(client, metrics)
