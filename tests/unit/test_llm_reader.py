"""The llm reader through real HTTP: the ``openai`` package talks to a local OpenAI-compatible server started here
(a test double for the remote model: canned completions, scripted failures and delays, on 127.0.0.1)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tkgrag.api import answer_question
from tkgrag.llm import LLMMetrics, LLMSettings, OpenAIChatClient, build_chat_client
from tkgrag.llm.tokens import TOKENS_PER_MESSAGE, TOKENS_REPLY_PRIMING, approx_token_count, count_tokens
from tkgrag.model import Evidence, ItemKind, Retrieval, TemporalConstraint
from tkgrag.question.understanding import parse_only
from tkgrag.readers.base import Reader
from tkgrag.readers.llm import LLMReader, context_tokens
from tkgrag.retrievers.base import Need, RequestScope, RetrievalRequest, RetrieverBase
from tkgrag.temporal import TimeSpan

API_KEY = "sk-test-secret-0123456789"
QUESTION = "Who was the last to accuse the UN Security Council before 2006-02-10?"


# --------------------------------------------------------------------------------------------------- the server
@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict -> JSON; str -> sent as is
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def completion(text: str, usage: tuple[int, int] | None = (120, 8)) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "fake-model",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
    }
    if usage is not None:
        body["usage"] = {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)}
    return body


def error_body(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "code": None}}


class FakeChatServer:
    """Answers POST /v1/chat/completions with the scripted replies in order (the last one repeats)."""

    def __init__(self, replies: list[Reply]) -> None:
        self.replies = replies
        self.requests: list[dict[str, Any]] = []
        self._stop = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                outer.requests.append(
                    {"path": self.path, "body": body, "headers": {k.lower(): v for k, v in self.headers.items()}}
                )
                reply = outer.replies[min(len(outer.requests), len(outer.replies)) - 1]
                if reply.delay_s and outer._stop.wait(reply.delay_s):
                    return
                payload = reply.body if isinstance(reply.body, str) else json.dumps(reply.body or {})
                data = payload.encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the client gave up (timeout test)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.block_on_close = False
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[FakeChatServer] = []

    def start(*replies: Reply) -> FakeChatServer:
        server = FakeChatServer(list(replies))
        servers.append(server)
        return server

    yield start
    for s in servers:
        s.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def settings_for(base_url: str, tmp_path: Path, **kw: Any) -> LLMSettings:
    base = LLMSettings(
        model="fake-model",
        base_url=base_url,
        api_key=API_KEY,
        timeout_s=2.0,
        max_retries=3,
        backoff_base_s=0.001,
        backoff_max_s=0.01,
        cache_dir=tmp_path / "llm-cache",
    )
    return replace(base, **kw)


def retrieval() -> Retrieval:
    ev = [
        Evidence.event(
            "ev1",
            "Eritrea accused UN Security Council on 2006-01-04",
            "Eritrea",
            "Accuse",
            "UN_Security_Council",
            TimeSpan.parse("2006-01-04"),
            0.9,
        ),
        Evidence.event(
            "ev2",
            "Military Personnel (Canada) accused UN Security Council on 2006-02-10",
            "Military_Personnel_(Canada)",
            "Accuse",
            "UN_Security_Council",
            TimeSpan.parse("2006-02-10"),
            0.8,
        ),
        Evidence.event(
            "ev3",
            "Iran accused UN Security Council on 2005-07-31",
            "Iran",
            "Accuse",
            "UN_Security_Council",
            TimeSpan.parse("2005-07-31"),
            0.7,
        ),
    ]
    return Retrieval("star", QUESTION, ev, constraints=(TemporalConstraint.before("2006-02-10"),))


# --------------------------------------------------------------------------------------------------- happy path
def test_reader_sends_star_rag_prompt_and_parses_ranked_answers(serve: Any, tmp_path: Path) -> None:
    server = serve(
        Reply(body=completion("Thought: Eritrea accused it last.\nAnswer:\n1. eritrea\n2. Iran (2005-07-31)"))
    )
    metrics = LLMMetrics()
    reader = LLMReader.from_settings(settings_for(server.base_url, tmp_path), metrics=metrics)
    assert isinstance(reader, Reader) and reader.name == "llm"
    r = retrieval()

    answer = reader.read(RetrievalRequest.of(QUESTION), r)

    assert answer.error is None
    # "eritrea" takes the evidence's spelling; 1/rank scores; supporting events by subject/object
    assert [(a.text, a.score, a.supporting_events) for a in answer.answers] == [
        ("Eritrea", 1.0, ("ev1",)),
        ("Iran", 0.5, ("ev3",)),
    ]
    assert answer.retrieval is r and answer.constraint == r.constraint and answer.reader == "llm"
    (req,) = server.requests
    assert req["path"] == "/v1/chat/completions"
    assert req["headers"]["authorization"] == f"Bearer {API_KEY}"
    body = req["body"]
    assert body["model"] == "fake-model" and body["temperature"] == 0.0 and body["max_tokens"] == 512
    system, user = body["messages"]
    assert system["role"] == "system" and 'Conclude with "Answer: "' in system["content"]
    assert "10 short answer candidates" in system["content"]
    assert user["content"].endswith(
        "Events:\n"
        "1. Eritrea Accuse UN Security Council @ 2006-01-04\n"
        "2. Military Personnel (Canada) Accuse UN Security Council @ 2006-02-10\n"
        "3. Iran Accuse UN Security Council @ 2005-07-31\n"
        f"Question:\n{QUESTION}"
    )
    assert metrics.calls == 1 and metrics.requests == 1 and metrics.retries == 0


def test_timer4_template_sends_quadruples(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("[Eritrea, Iran]")))
    reader = LLMReader.from_settings(settings_for(server.base_url, tmp_path, template="timer4"))
    answer = reader.read(RetrievalRequest.of(QUESTION), retrieval())
    assert [a.text for a in answer.answers] == ["Eritrea", "Iran"]
    (message,) = server.requests[0]["body"]["messages"]
    assert message["role"] == "user"
    assert "[Eritrea, Accuse, UN Security Council, 2006-01-04]\n" in message["content"]
    assert message["content"].startswith("Based on the historical facts, please answer the given question.")


# --------------------------------------------------------------------------------------------------- tokens
def test_token_counts_come_from_the_usage_field(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("Answer: Eritrea", usage=(321, 4))))
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path)).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert (answer.tokens.prompt, answer.tokens.completion, answer.tokens.calls) == (321, 4, 1)
    assert answer.tokens.estimated is False


def test_token_counts_are_estimated_when_usage_is_absent(
    serve: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TKGRAG_TOKENIZER", "approx")  # deterministic whatever tiktoken can load here
    reply_text = "Thought: Eritrea was last.\nAnswer: Eritrea"
    server = serve(Reply(body=completion(reply_text, usage=None)))
    reader = LLMReader.from_settings(settings_for(server.base_url, tmp_path))
    r = retrieval()

    answer = reader.read(RetrievalRequest.of(QUESTION), r)

    # Independent recount of what was sent: 3 tokens per message + role + content, plus 3 to prime the reply.
    sent = server.requests[0]["body"]["messages"]
    expected_prompt = TOKENS_REPLY_PRIMING + sum(
        TOKENS_PER_MESSAGE + approx_token_count(m["role"]) + approx_token_count(m["content"]) for m in sent
    )
    assert answer.tokens.estimated is True
    assert answer.tokens.prompt == expected_prompt
    assert answer.tokens.completion == approx_token_count(reply_text) == count_tokens(reply_text)
    # the no-LLM figure (tokens_mean for readers that run no LLM) counts the very same prompt
    assert context_tokens(QUESTION, r.evidence) == expected_prompt == reader.prompt_tokens(QUESTION, r)


# --------------------------------------------------------------------------------------------------- retries
def test_retries_on_503_then_succeeds(serve: Any, tmp_path: Path) -> None:
    server = serve(
        Reply(503, error_body("overloaded")),
        Reply(503, error_body("overloaded")),
        Reply(body=completion("Answer: Eritrea")),
    )
    metrics = LLMMetrics()
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path), metrics=metrics).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert len(server.requests) == 3
    assert answer.error is None and answer.best == "Eritrea"
    assert (metrics.calls, metrics.requests, metrics.retries, metrics.failures) == (1, 3, 2, 0)


def test_retries_on_429_honouring_retry_after(serve: Any, tmp_path: Path) -> None:
    server = serve(
        Reply(429, error_body("slow down"), headers={"retry-after-ms": "5"}),
        Reply(body=completion("Answer: Iran")),
    )
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path)).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert len(server.requests) == 2 and answer.best == "Iran"


def test_no_retry_on_400(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(400, error_body("model 'fake-model' does not support max_tokens")))
    r = retrieval()
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path)).read(RetrievalRequest.of(QUESTION), r)
    assert len(server.requests) == 1
    assert answer.answers == [] and answer.retrieval.evidence == r.evidence
    assert answer.error is not None
    assert "HTTP 400" in answer.error and "does not support max_tokens" in answer.error
    assert "TKGRAG_LLM_MODEL" in answer.error and "attempts" not in answer.error


def test_gives_up_after_max_retries_on_persistent_500(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(500, error_body("boom")))
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path, max_retries=2)).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert len(server.requests) == 3  # 1 + 2 retries
    assert answer.error is not None and "HTTP 500" in answer.error and "gave up after 3 attempts" in answer.error


# --------------------------------------------------------------------------------------------------- failures
def test_timeout_sets_error_and_keeps_the_evidence(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("Answer: too late"), delay_s=5.0))
    r = retrieval()
    reader = LLMReader.from_settings(settings_for(server.base_url, tmp_path, timeout_s=0.3, max_retries=1))

    answer = reader.read(RetrievalRequest.of(QUESTION), r)

    assert len(server.requests) == 2  # a timeout is retried
    assert answer.answers == []
    assert answer.error is not None
    assert f"LLM endpoint {server.base_url} did not answer within 0.3 s" in answer.error
    assert "TKGRAG_LLM_TIMEOUT" in answer.error and "gave up after 2 attempts" in answer.error
    assert answer.retrieval is r and [e.key for e in answer.retrieval.evidence] == ["ev1", "ev2", "ev3"]


def test_endpoint_down_sets_a_clear_error_and_keeps_the_evidence(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    metrics = LLMMetrics()
    r = retrieval()
    answer = LLMReader.from_settings(settings_for(url, tmp_path, max_retries=1), metrics=metrics).read(
        RetrievalRequest.of(QUESTION), r
    )
    assert answer.answers == [] and answer.retrieval is r and len(answer.retrieval.evidence) == 3
    assert answer.error is not None
    assert f"cannot reach LLM endpoint {url}" in answer.error and "OPENAI_BASE_URL" in answer.error
    assert "3 retrieved evidence items are returned" in answer.error
    assert API_KEY not in answer.error
    assert (metrics.calls, metrics.failures, metrics.requests) == (1, 1, 2)


def test_not_configured_reader_returns_the_evidence_with_what_to_set() -> None:
    r = retrieval()
    answer = LLMReader.from_settings(LLMSettings()).read(RetrievalRequest.of(QUESTION), r)
    assert answer.answers == [] and answer.retrieval is r
    assert answer.error is not None and "OPENAI_BASE_URL" in answer.error and "TKGRAG_LLM_MODEL" in answer.error


def test_non_json_200_is_a_clear_error_not_retried(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(200, "<html>proxy login</html>"))
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path)).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert len(server.requests) == 1
    assert answer.error is not None and server.base_url in answer.error


def test_the_api_key_never_shows(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(401, error_body(f"Incorrect API key provided: {API_KEY}")))
    settings = settings_for(server.base_url, tmp_path)
    client = OpenAIChatClient.from_settings(settings)
    answer = LLMReader(build_chat_client(settings, base=client)).read(RetrievalRequest.of(QUESTION), retrieval())
    assert answer.error is not None and "HTTP 401" in answer.error and "OPENAI_API_KEY" in answer.error
    for shown in (answer.error, repr(settings), repr(client), str(settings.describe())):
        assert API_KEY not in shown


# --------------------------------------------------------------------------------------------------- cache
def test_cache_hit_avoids_a_second_request(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("Answer: 1. Eritrea 2. Iran", usage=(200, 6))))
    metrics = LLMMetrics()
    reader = LLMReader.from_settings(settings_for(server.base_url, tmp_path, cache=True), metrics=metrics)

    first = reader.read(RetrievalRequest.of(QUESTION), retrieval())
    second = reader.read(RetrievalRequest.of(QUESTION), retrieval())

    assert len(server.requests) == 1
    assert [a.text for a in second.answers] == [a.text for a in first.answers] == ["Eritrea", "Iran"]
    assert (second.tokens.prompt, second.tokens.completion) == (200, 6)  # the original call's usage
    assert (metrics.calls, metrics.cache_hits, metrics.requests) == (2, 1, 1)
    assert len(list((tmp_path / "llm-cache").rglob("*.json"))) == 1
    # a different question is a different key
    reader.read(RetrievalRequest.of("Who accused Iran?"), retrieval())
    assert len(server.requests) == 2


def test_cache_is_off_by_default(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("Answer: Eritrea")))
    reader = LLMReader.from_settings(settings_for(server.base_url, tmp_path))
    reader.read(RetrievalRequest.of(QUESTION), retrieval())
    reader.read(RetrievalRequest.of(QUESTION), retrieval())
    assert len(server.requests) == 2 and not (tmp_path / "llm-cache").exists()


def test_rate_limit_spaces_requests(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("Answer: Eritrea")))
    slept: list[float] = []
    # 6/min = one request per 10 s; the recorded sleep does not wait, so the second request asks for ~10 s
    client = build_chat_client(settings_for(server.base_url, tmp_path, requests_per_minute=6.0), sleep=slept.append)
    reader = LLMReader(client)
    t0 = time.monotonic()
    reader.read(RetrievalRequest.of(QUESTION), retrieval())
    reader.read(RetrievalRequest.of(QUESTION), retrieval())
    elapsed = time.monotonic() - t0
    assert len(server.requests) == 2
    assert len(slept) == 1 and 10.0 - elapsed <= slept[0] <= 10.0


# --------------------------------------------------------------------------------------------------- answer()
@dataclass
class RecordingRetriever(RetrieverBase):
    """Applies constraints (``Need.CONSTRAINTS``) and returns the fixed evidence; records the requests."""

    name: str = "star+tc"
    kinds: frozenset[ItemKind] = frozenset({ItemKind.EVENT, ItemKind.FACT})
    needs: frozenset[Need] = frozenset({Need.CONSTRAINTS})
    requests: list[RetrievalRequest] = field(default_factory=list)

    def run(self, request: RetrievalRequest) -> Retrieval:
        self.requests.append(request)
        scope = RequestScope.of(self, request)
        return scope.result(self, request, retrieval().evidence)


def test_answer_retrieves_with_the_questions_explicit_constraints(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("Answer: Eritrea")))
    retriever = RecordingRetriever()
    reader = LLMReader.from_settings(settings_for(server.base_url, tmp_path))
    answer = answer_question(parse_only(QUESTION), retriever, reader, 2)
    (request,) = retriever.requests
    before = TemporalConstraint.before("2006-02-10")
    assert (request.text, request.k, request.constraints) == (QUESTION, 2, (before,))
    assert request.question is not None and request.question.text == QUESTION  # parsed once, passed on
    assert answer.retrieval.keys == ["ev1", "ev2"] and answer.constraint == before and answer.best == "Eritrea"
    assert (
        "1. Eritrea Accuse UN Security Council @ 2006-01-04\n2. Military"
        in server.requests[0]["body"]["messages"][1]["content"]
    )


def test_answer_keeps_the_constraints_a_request_already_has() -> None:
    retriever = RecordingRetriever()
    given = TemporalConstraint.in_period("2005")
    answer = answer_question(parse_only(QUESTION), retriever, LLMReader.from_settings(LLMSettings()), 3, given)
    (request,) = retriever.requests
    assert request.constraints == (given,)
    # not configured: no answers, an error, and the retrieval it made
    assert answer.answers == [] and answer.error is not None and answer.retrieval.keys == ["ev1", "ev2", "ev3"]
    assert answer.constraint == given


def test_an_understood_question_is_a_request_for_its_top_k() -> None:
    retriever = RecordingRetriever()
    answer_question(parse_only(QUESTION), retriever, LLMReader.from_settings(LLMSettings()), 1)
    (request,) = retriever.requests
    assert (request.text, request.k, request.constraints) == (QUESTION, 1, (TemporalConstraint.before("2006-02-10"),))


# --------------------------------------------------------------------------------------------------- wrong shapes
@pytest.mark.parametrize(
    ("content", "kind"), [(12345, "int"), ({"answer": "Iran"}, "dict"), ([{"type": "image"}], "list")]
)
def test_a_reply_whose_content_is_not_text_is_a_failure_not_a_traceback(
    serve: Any, tmp_path: Path, content: Any, kind: str
) -> None:
    body = completion("x")
    body["choices"][0]["message"]["content"] = content
    server = serve(Reply(body=body))
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path)).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert len(server.requests) == 1  # not retried: the same request gets the same reply
    assert answer.outcome == "failed" and answer.answers == [] and len(answer.retrieval.evidence) == 3
    assert answer.error is not None and f"content is a {kind}, not text" in answer.error


def test_text_parts_are_read_as_the_text() -> None:
    from tkgrag.llm.client import _content_text

    assert _content_text([{"type": "text", "text": "Answer: "}, {"type": "text", "text": "Iran"}]) == "Answer: Iran"
    assert _content_text(None) == "" and _content_text(7) is None


@pytest.mark.parametrize("usage", [{"prompt_tokens": "a", "completion_tokens": 3}, {"prompt_tokens": -1}, "lots"])
def test_a_usage_field_of_the_wrong_shape_is_estimated(serve: Any, tmp_path: Path, usage: Any) -> None:
    body = completion("Answer: Iran")
    body["usage"] = usage
    server = serve(Reply(body=body))
    metrics = LLMMetrics()
    answer = LLMReader.from_settings(settings_for(server.base_url, tmp_path), metrics=metrics).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert answer.outcome == "answered" and answer.best == "Iran"
    assert answer.tokens.estimated and answer.tokens.prompt > 0
    assert metrics.estimated_calls == 1 and metrics.prompt_tokens == answer.tokens.prompt


# --------------------------------------------------------------------------------------------------- outcomes
def test_failure_and_no_answer_are_distinct_outcomes(serve: Any, tmp_path: Path) -> None:
    failing = serve(Reply(500, error_body("boom")))
    failed = LLMReader.from_settings(settings_for(failing.base_url, tmp_path, max_retries=4)).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert len(failing.requests) == 5 and failed.outcome == "failed" and failed.as_dict()["outcome"] == "failed"
    empty = serve(Reply(body=completion("I cannot determine the answer from the evidence.")))
    none = LLMReader.from_settings(settings_for(empty.base_url, tmp_path)).read(
        RetrievalRequest.of(QUESTION), retrieval()
    )
    assert none.outcome == "no answer" and none.error is None and none.as_dict()["outcome"] == "no answer"


def test_a_hung_endpoint_ends_at_the_deadline(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(body=completion("Answer: too late"), delay_s=30.0))
    settings = settings_for(server.base_url, tmp_path, timeout_s=0.4, deadline_s=0.6, max_retries=4)
    answer = LLMReader.from_settings(settings).read(RetrievalRequest.of(QUESTION), retrieval())
    # the first try times out at 0.4 s, a second one gets what is left (0.2 s): 2 requests of the 5 allowed
    assert 1 <= len(server.requests) <= 2
    assert answer.outcome == "failed" and answer.error is not None
    assert "did not answer within" in answer.error and "TKGRAG_LLM_DEADLINE" in answer.error


def test_retry_after_is_waited_in_full(serve: Any, tmp_path: Path) -> None:
    server = serve(Reply(429, error_body("slow down"), headers={"Retry-After": "1"}), Reply(body=completion("Iran")))
    slept: list[float] = []
    client = build_chat_client(settings_for(server.base_url, tmp_path, backoff_max_s=30.0), sleep=slept.append)
    answer = LLMReader(client).read(RetrievalRequest.of(QUESTION), retrieval())
    assert answer.best == "Iran" and len(server.requests) == 2
    assert slept == [1.0]  # before: a draw from [0.5, 1.0]


def test_the_default_deadline_is_far_below_five_timeouts() -> None:
    s = LLMSettings()
    assert s.deadline_s == 90.0 and s.deadline_s < (s.max_retries + 1) * s.timeout_s
    from tkgrag.llm.settings import load_llm_settings

    assert load_llm_settings({"TKGRAG_LLM_DEADLINE": "30"}).deadline_s == 30.0
