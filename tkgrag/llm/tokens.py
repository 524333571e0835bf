"""Token counts for prompts and completions, with or without an LLM.

One counter serves two needs: the LLM client's count when an endpoint reports no ``usage``, and the ``tokens_mean``
metric of readers that run no LLM (the tokens of the prompt the evidence would make). Both must agree, so both call
:func:`count_tokens`.

Exact counts use tiktoken's ``cl100k_base``. tiktoken downloads that encoding on first use and caches it (in
``TIKTOKEN_CACHE_DIR``, else ``<tmp>/data-gym-cache``); without a network and without that cache it cannot load, and
a missing network can make the download hang, so the load is tried once per process in a background thread with a
time limit. ``TKGRAG_TOKENIZER=approx`` skips the attempt, ``=tiktoken`` makes a failure an error.

The fallback is an approximation (:func:`approx_token_count`): the number of pieces cl100k's own pre-tokenizer
regex splits the text into, times 1.1. Every BPE token lies inside one piece and most common words are one token,
so the piece count is a close lower bound; the factor covers the rare words, names and digit runs that split
further. Measured against exact cl100k counts on the 440 tkgqa questions with ``gold+near`` evidence, k=10
(``benchmarks/bench_llm_reader.py --check-token-estimate -n 440 [--template timer4]``): total ratio approx/exact
0.986 on questions, 0.966 on evidence sentences, 1.015 on STAR-RAG prompts, 0.958 on TimeR4 prompts; mean error per
text 8 % on single sentences, 5 % on whole prompts. Counts from it are marked
``TokenUsage.estimated``.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

import regex

from tkgrag.errors import ConfigError

log = logging.getLogger(__name__)

ENCODING = "cl100k_base"
LOAD_TIMEOUT_S = 10.0
APPROX_FACTOR = 1.1
# cl100k_base's pre-tokenizer (tiktoken_ext/openai_public.py); needs the `regex` module for \p{..} and possessives.
CL100K_PATTERN = regex.compile(
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
# Chat formatting overhead per message and for priming the reply (OpenAI's cookbook figures for gpt-3.5/4 models).
TOKENS_PER_MESSAGE = 3
TOKENS_REPLY_PRIMING = 3


class _Encoding(Protocol):
    def encode(self, text: str, *, disallowed_special: Any = ...) -> list[int]: ...


@dataclass(frozen=True)
class TokenCounter:
    """Counts tokens with ``encoding`` (exact) or, when it is None, by :func:`approx_token_count`."""

    encoding: _Encoding | None
    name: str

    @property
    def exact(self) -> bool:
        return self.encoding is not None

    def count(self, text: str) -> int:
        if not text:
            return 0
        if self.encoding is not None:
            return len(self.encoding.encode(text, disallowed_special=()))
        return approx_token_count(text)


def approx_token_count(text: str) -> int:
    """round(1.1 x the number of cl100k pre-tokenizer pieces); 0 for empty text, at least 1 otherwise."""
    if not text:
        return 0
    pieces = len(CL100K_PATTERN.findall(text))
    return max(1, round(pieces * APPROX_FACTOR))


def _load_tiktoken(timeout_s: float) -> _Encoding | None:
    """tiktoken's encoding, or None when it cannot load within ``timeout_s`` (no network and no cached copy)."""
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            import tiktoken

            result["enc"] = tiktoken.get_encoding(ENCODING)
        except Exception as exc:  # network errors come in many types (requests, urllib3, OSError)
            result["err"] = exc

    worker = threading.Thread(target=target, name="tkgrag-tiktoken-load", daemon=True)
    worker.start()
    worker.join(timeout_s)
    if "enc" in result:
        return result["enc"]
    reason = f"{type(result['err']).__name__}" if "err" in result else f"no answer within {timeout_s:.0f} s"
    log.info("tiktoken %s unavailable offline (%s); token counts are approximate", ENCODING, reason)
    return None


@lru_cache(maxsize=4)
def _counter(mode: str) -> TokenCounter:
    if mode == "approx":
        return TokenCounter(None, "approx-cl100k-pieces-x1.1")
    enc = _load_tiktoken(LOAD_TIMEOUT_S)
    if enc is None:
        if mode == "tiktoken":
            raise ConfigError(
                f"TKGRAG_TOKENIZER=tiktoken but tiktoken's {ENCODING} encoding could not be loaded (no network and no "
                "cached copy). Run tiktoken.get_encoding('cl100k_base') once with network access, point "
                "TIKTOKEN_CACHE_DIR at a cached copy, or unset TKGRAG_TOKENIZER to use the approximation."
            )
        return TokenCounter(None, "approx-cl100k-pieces-x1.1")
    return TokenCounter(enc, f"tiktoken-{ENCODING}")


def token_counter(env: Mapping[str, str] | None = None) -> TokenCounter:
    """The process's counter, chosen by ``TKGRAG_TOKENIZER`` (auto | tiktoken | approx; default auto)."""
    env = os.environ if env is None else env
    mode = env.get("TKGRAG_TOKENIZER", "auto").strip().lower() or "auto"
    if mode not in ("auto", "tiktoken", "approx"):
        raise ConfigError(f"TKGRAG_TOKENIZER={mode!r}: use auto, tiktoken or approx")
    return _counter(mode)


def count_tokens(text: str) -> int:
    """Tokens of ``text`` (exact with tiktoken when it is available offline, else the documented approximation)."""
    return token_counter().count(text)


def counts_are_exact() -> bool:
    return token_counter().exact


def count_message_tokens(messages: Iterable[Mapping[str, str]]) -> int:
    """Prompt tokens of a chat request: each message's role and content plus the chat format's overhead."""
    counter = token_counter()
    total = TOKENS_REPLY_PRIMING
    for m in messages:
        total += TOKENS_PER_MESSAGE + counter.count(m.get("role", "")) + counter.count(m.get("content", ""))
    return total
