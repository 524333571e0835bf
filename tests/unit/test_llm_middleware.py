"""Each middleware alone, over an in-process scripted ChatClient (the HTTP path is in test_llm_reader.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tkgrag.llm import (
    CachingChatClient,
    ChatMessage,
    ChatRequest,
    ChatResponse,
    LLMConnectionError,
    LLMError,
    LLMMetrics,
    LLMSettings,
    LLMStatusError,
    LLMTimeoutError,
    MetricsChatClient,
    RateLimitedChatClient,
    RetryingChatClient,
    RetryPolicy,
    build_chat_client,
)
from tkgrag.llm.middleware import cache_key
from tkgrag.model import TokenUsage

REQ = ChatRequest((ChatMessage("user", "Who accused Iran?"),))


class Scripted:
    """A ChatClient that raises or answers as scripted, and counts calls."""

    model = "m"
    endpoint = "http://scripted/v1"

    def __init__(self, *outcomes: LLMError | str) -> None:
        self.outcomes = list(outcomes)
        self.calls = 0

    def complete(self, request: ChatRequest) -> ChatResponse:
        self.calls += 1
        out = self.outcomes[min(self.calls, len(self.outcomes)) - 1]
        if isinstance(out, LLMError):
            raise out
        return ChatResponse(out, TokenUsage(10, 2, 1), self.model)


class Upper:
    """rng stub: always the upper end of the jitter range, so delays are exact."""

    def uniform(self, a: float, b: float) -> float:
        return b


# --------------------------------------------------------------------------------------------------- retries
def test_backoff_doubles_is_capped_and_honours_retry_after() -> None:
    policy = RetryPolicy(max_retries=5, base_s=1.0, max_s=5.0)
    rng = Upper()
    # base * 2**i = 1, 2, 4, 8 -> capped at 5
    assert [policy.delay(i, rng=rng) for i in range(4)] == [1.0, 2.0, 4.0, 5.0]
    assert policy.delay(0, retry_after_s=3.0, rng=rng) == 3.0
    # Retry-After is the wait, never jittered below it (asked 1 s, the retry came after 0.5-0.9 s)
    assert policy.delay(0, retry_after_s=1.0, rng=random.Random(3)) == 1.0
    assert policy.delay(0, retry_after_s=60.0, rng=rng) == 60.0  # the client gives up on it instead (below)


def test_a_retry_after_longer_than_the_longest_backoff_ends_the_retries() -> None:
    inner = Scripted(LLMStatusError("LLM endpoint x answered HTTP 429: slow down.", status=429, retry_after_s=60.0))
    slept: list[float] = []
    client = RetryingChatClient(inner, RetryPolicy(3, 1.0, 30.0), sleep=slept.append)
    with pytest.raises(LLMStatusError) as info:
        client.complete(REQ)
    assert inner.calls == 1 and slept == []
    assert str(info.value) == (
        "LLM endpoint x answered HTTP 429: slow down (gave up after 1 attempt: the endpoint asked to wait 60 s, "
        "more than TKGRAG_LLM_BACKOFF_MAX (30 s))."
    )


class Clock:
    """A clock that only the scripted client and the sleeps move."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_deadline_bounds_one_call_with_its_retries() -> None:
    clock = Clock()
    timeouts: list[float | None] = []

    class Hung(Scripted):
        def complete(self, request: ChatRequest) -> ChatResponse:
            timeouts.append(request.timeout_s)
            clock.now += min(60.0, request.timeout_s or 60.0)  # the endpoint never answers: each try times out
            return super().complete(request)

    inner = Hung(LLMTimeoutError("LLM endpoint x did not answer."))

    def sleep(s: float) -> None:
        clock.now += s

    policy = RetryPolicy(4, 1.0, 30.0, deadline_s=90.0)
    client = RetryingChatClient(inner, policy, sleep=sleep, rng=Upper(), clock=clock)
    with pytest.raises(LLMTimeoutError) as info:
        client.complete(REQ)
    # try 1: 60 s (its own timeout); wait 1 s; try 2: the 29 s left; then no time for a third: 90 s, not 315 s
    assert timeouts == [90.0, 29.0] and clock.now == 90.0 and inner.calls == 2
    assert "gave up after 2 attempts: the next try would pass the 90 s TKGRAG_LLM_DEADLINE" in str(info.value)


def test_jitter_stays_within_half_to_full_delay() -> None:
    policy = RetryPolicy(base_s=1.0, max_s=30.0)
    rng = random.Random(7)
    draws = [policy.delay(3, rng=rng) for _ in range(200)]  # d = 8
    assert all(4.0 <= d <= 8.0 for d in draws) and len(set(draws)) > 100


@pytest.mark.parametrize(
    "error",
    [
        LLMStatusError("busy", status=503),
        LLMStatusError("limited", status=429),
        LLMStatusError("bad gateway", status=502),
        LLMTimeoutError("slow"),
        LLMConnectionError("refused"),
    ],
)
def test_transient_errors_are_retried(error: LLMError) -> None:
    inner = Scripted(error, error, "ok")
    slept: list[float] = []
    client = RetryingChatClient(inner, RetryPolicy(3, 0.5, 10.0), sleep=slept.append, rng=Upper())
    response = client.complete(REQ)
    assert response.text == "ok" and response.attempts == 3 and inner.calls == 3
    assert slept == [0.5, 1.0]


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
def test_client_errors_are_not_retried(status: int) -> None:
    inner = Scripted(LLMStatusError("no", status=status), "ok")
    slept: list[float] = []
    client = RetryingChatClient(inner, RetryPolicy(3, 0.5, 10.0), sleep=slept.append)
    with pytest.raises(LLMStatusError) as info:
        client.complete(REQ)
    assert inner.calls == 1 and slept == [] and info.value.attempts == 1


def test_retries_stop_after_max_retries_and_say_so() -> None:
    inner = Scripted(LLMStatusError("LLM endpoint x answered HTTP 503: busy. Try again later.", status=503))
    client = RetryingChatClient(inner, RetryPolicy(2, 0.0, 0.0), sleep=lambda s: None)
    with pytest.raises(LLMStatusError) as info:
        client.complete(REQ)
    assert inner.calls == 3 and info.value.attempts == 3
    assert str(info.value).endswith("Try again later (gave up after 3 attempts).")


# --------------------------------------------------------------------------------------------------- cache
def test_cache_key_covers_model_messages_and_params() -> None:
    base = cache_key("m", REQ)
    assert cache_key("m", ChatRequest((ChatMessage("user", "Who accused Iran?"),))) == base
    assert cache_key("other", REQ) != base
    assert cache_key("m", ChatRequest(REQ.messages, temperature=0.7)) != base
    assert cache_key("m", ChatRequest(REQ.messages, max_tokens=64)) != base
    assert cache_key("m", ChatRequest(REQ.messages, extra={"stop": ["\n"]})) != base
    assert cache_key("m", ChatRequest((ChatMessage("system", "Who accused Iran?"),))) != base


def test_cache_stores_successes_only_and_survives_a_corrupt_entry(tmp_path: Path) -> None:
    inner = Scripted(LLMStatusError("no", status=400), "first", "second", "third")
    client = CachingChatClient(inner, tmp_path)
    with pytest.raises(LLMStatusError):
        client.complete(REQ)
    assert not list(tmp_path.rglob("*.json"))
    assert client.complete(REQ).text == "first"
    hit = client.complete(REQ)
    assert (hit.text, hit.cached, hit.attempts, inner.calls) == ("first", True, 0, 2)
    assert hit.usage == TokenUsage(10, 2, 1)
    (entry,) = tmp_path.rglob("*.json")
    assert json.loads(entry.read_text())["text"] == "first"
    entry.write_text("{not json")
    assert client.complete(REQ).text == "second" and inner.calls == 3  # a corrupt entry is a miss, then rewritten
    assert client.complete(REQ).cached
    # an entry of the wrong shape (a number for text, a string for a count) is a miss too, not a TypeError later
    entry.write_text(json.dumps({"text": 5, "usage": {"prompt": "a", "completion": 1, "calls": 1}, "model": "m"}))
    assert client.complete(REQ).text == "third" and inner.calls == 4


# --------------------------------------------------------------------------------------------------- rate limit
def test_rate_limit_waits_for_the_next_slot() -> None:
    now = [0.0]
    slept: list[float] = []

    def sleep(s: float) -> None:
        slept.append(s)
        now[0] += s

    inner = Scripted("ok")
    client = RateLimitedChatClient(inner, 60.0, clock=lambda: now[0], sleep=sleep)  # one per second
    for _ in range(3):
        client.complete(REQ)
    # t=0: slot 0, no wait; t=0: slot 1 -> wait 1; t=1: slot 2 -> wait 1
    assert slept == [1.0, 1.0]
    now[0] = 7.5  # idle for a while: the next request goes at once
    client.complete(REQ)
    assert slept == [1.0, 1.0] and inner.calls == 4


def test_rate_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="requests_per_minute"):
        RateLimitedChatClient(Scripted("ok"), 0)


# --------------------------------------------------------------------------------------------------- metrics
def test_metrics_count_calls_requests_retries_hits_and_tokens(tmp_path: Path) -> None:
    inner = Scripted(LLMStatusError("busy", status=503), "ok")
    settings = LLMSettings(model="m", base_url="http://x/v1", cache=True, cache_dir=tmp_path, backoff_base_s=0.0)
    client = build_chat_client(settings, base=inner, sleep=lambda s: None)
    assert isinstance(client, MetricsChatClient)
    client.complete(REQ)  # 503 then ok: 2 requests, 1 retry
    client.complete(REQ)  # cache hit: no request
    m = client.metrics
    assert (m.calls, m.requests, m.retries, m.cache_hits, m.failures) == (2, 2, 1, 1, 0)
    assert (m.prompt_tokens, m.completion_tokens, m.estimated_calls) == (20, 4, 0)
    assert len(m.latency_ms) == 1  # cache hits are not timed
    d = m.as_dict()
    assert d["calls"] == 2 and d["latency_ms_p50"] == m.latency_ms[0]


def test_metrics_count_failures() -> None:
    metrics = LLMMetrics()
    client = MetricsChatClient(
        RetryingChatClient(Scripted(LLMConnectionError("refused")), RetryPolicy(1, 0.0, 0.0), sleep=lambda s: None),
        metrics,
    )
    with pytest.raises(LLMConnectionError):
        client.complete(REQ)
    assert (metrics.calls, metrics.failures, metrics.requests, metrics.retries) == (1, 1, 2, 1)


def test_build_without_a_configured_endpoint_says_what_to_set() -> None:
    from tkgrag.errors import ConfigError

    with pytest.raises(ConfigError, match=r"OPENAI_BASE_URL.*TKGRAG_LLM_MODEL"):
        build_chat_client(LLMSettings())
