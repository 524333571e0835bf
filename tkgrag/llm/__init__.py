"""OpenAI-compatible chat client with retries, timeout, optional cache and rate limit, and token accounting."""

from tkgrag.llm.client import (
    ChatClient,
    ChatMessage,
    ChatRequest,
    ChatResponse,
    LLMConnectionError,
    LLMError,
    LLMResponseError,
    LLMStatusError,
    LLMTimeoutError,
    OpenAIChatClient,
    chat_request,
)
from tkgrag.llm.middleware import (
    CachingChatClient,
    LLMMetrics,
    MetricsChatClient,
    RateLimitedChatClient,
    RetryingChatClient,
    RetryPolicy,
    build_chat_client,
)
from tkgrag.llm.settings import LLMSettings, load_llm_settings
from tkgrag.llm.tokens import count_message_tokens, count_tokens, counts_are_exact, token_counter

__all__ = [
    "CachingChatClient",
    "ChatClient",
    "ChatMessage",
    "ChatRequest",
    "ChatResponse",
    "LLMConnectionError",
    "LLMError",
    "LLMMetrics",
    "LLMResponseError",
    "LLMSettings",
    "LLMStatusError",
    "LLMTimeoutError",
    "MetricsChatClient",
    "OpenAIChatClient",
    "RateLimitedChatClient",
    "RetryPolicy",
    "RetryingChatClient",
    "build_chat_client",
    "chat_request",
    "count_message_tokens",
    "count_tokens",
    "counts_are_exact",
    "load_llm_settings",
    "token_counter",
]
