"""Token counting: the documented approximation by hand, the chat overhead, and the counter's selection."""

from __future__ import annotations

import pytest

from tkgrag.errors import ConfigError
from tkgrag.llm.tokens import (
    CL100K_PATTERN,
    approx_token_count,
    count_message_tokens,
    count_tokens,
    token_counter,
)


@pytest.mark.parametrize(
    ("text", "pieces", "tokens"),
    [
        # Iran | " consulted" | " Tajikistan" | " on" | " " | 201 | 4 | - | 02 | - | 06 -> 11 pieces; round(12.1) = 12
        ("Iran consulted Tajikistan on 2014-02-06", 11, 12),
        # Hello | , | " world" | ! -> 4 pieces; round(4.4) = 4
        ("Hello, world!", 4, 4),
        # Citizen | " (" | India | ")\n" | 2 | . | " Iran" -> 7 pieces; round(7.7) = 8
        ("Citizen (India)\n2. Iran", 7, 8),
        ("a", 1, 1),  # round(1.1) = 1
        ("", 0, 0),
    ],
)
def test_approximation_is_pre_tokenizer_pieces_times_1_1(text: str, pieces: int, tokens: int) -> None:
    assert len(CL100K_PATTERN.findall(text)) == pieces
    assert approx_token_count(text) == tokens


def test_message_overhead_in_approx_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TKGRAG_TOKENIZER", "approx")
    messages = [{"role": "system", "content": "Hello, world!"}, {"role": "user", "content": "a"}]
    # reply priming 3 + (3 + "system" 1 + 4) + (3 + "user" 1 + 1) = 3 + 8 + 5 = 16
    assert count_message_tokens(messages) == 16
    assert count_tokens("Hello, world!") == 4
    assert not token_counter().exact


def test_counter_choice_is_validated() -> None:
    with pytest.raises(ConfigError, match="TKGRAG_TOKENIZER"):
        token_counter({"TKGRAG_TOKENIZER": "bpe"})
    assert token_counter({"TKGRAG_TOKENIZER": "approx"}).name.startswith("approx")


def test_auto_mode_counts_something_sensible() -> None:
    """Whichever counter auto picks here (tiktoken if its encoding is cached, else the approximation), a short
    sentence is a handful of tokens and more text is never fewer tokens."""
    counter = token_counter({})
    short = counter.count("Iran consulted Tajikistan on 2014-02-06")
    assert 8 <= short <= 16
    assert counter.count("Iran consulted Tajikistan on 2014-02-06. " * 3) > short
