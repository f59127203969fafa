"""What can go wrong talking to a model, and which of it is worth a retry.

Classification works on the attributes the three SDKs share (HTTP status, response headers,
the provider's error message), so each adapter only adds what is special to it.
"""

from __future__ import annotations

import email.utils
import re
import time
from dataclasses import dataclass
from typing import Any

from ...errors import InfrastructureError

CONTEXT_PATTERNS = re.compile(
    r"context[ _-]?(length|window)|maximum context|prompt is too long|too many (input )?tokens|"
    r"input token count.*exceeds|exceeds the maximum number of tokens|reduce the length of the messages|"
    r"longer than the model'?s context|context_length_exceeded|model_context_window_exceeded",
    re.IGNORECASE)
RETRY_STATUSES = {408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529}
TRANSPORT_ERROR_NAMES = {"APIConnectionError", "APITimeoutError", "TransportError", "TimeoutException",
                         "ConnectError", "ReadError", "WriteError", "RemoteProtocolError", "ReadTimeout",
                         "ConnectTimeout", "PoolTimeout", "NetworkError", "ServerDisconnectedError",
                         "ClientConnectorError", "ClientOSError"}


class ModelCallError(InfrastructureError):
    """A model call failed for good (auth, bad request, or retries spent). The task is an ERROR."""


class ContextWindowExceeded(Exception):
    """The conversation no longer fits the model's context window: the agent stops (agent failure)."""


@dataclass
class Fault:
    kind: str  # retry | fatal | context
    message: str
    status: int | None = None
    retry_after: float | None = None


def _headers(exc: BaseException) -> Any:
    resp = getattr(exc, "response", None)
    return getattr(resp, "headers", None) or {}


def retry_after_seconds(headers: Any, body: Any = None) -> float | None:
    """`retry-after-ms`, `retry-after` (seconds or HTTP date), or a Google RetryInfo `retryDelay`."""
    try:
        ms = headers.get("retry-after-ms")
        if ms:
            return float(ms) / 1000
        ra = headers.get("retry-after")
    except AttributeError:
        ra = None
    if ra:
        try:
            return max(float(ra), 0.0)
        except ValueError:
            parsed = email.utils.parsedate_to_datetime(ra) if ra else None
            if parsed is not None:
                return max(parsed.timestamp() - time.time(), 0.0)
    for detail in _google_details(body):
        delay = detail.get("retryDelay") if isinstance(detail, dict) else None
        if isinstance(delay, str) and delay.endswith("s"):
            try:
                return float(delay[:-1])
            except ValueError:
                pass
    return None


def _google_details(body: Any) -> list[Any]:
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and isinstance(err.get("details"), list):
            return err["details"]
    return []


def is_transport_error(exc: BaseException) -> bool:
    names = {c.__name__ for c in type(exc).__mro__}
    return bool(names & TRANSPORT_ERROR_NAMES) or isinstance(exc, (ConnectionError, TimeoutError))


def classify(exc: BaseException, status: int | None, message: str, body: Any = None,
             code: str | None = None) -> Fault:
    """Decide what to do about a failed call, given the SDK-independent facts about it."""
    text = f"{code or ''} {message}"
    if status in (400, 413, 422, None) and CONTEXT_PATTERNS.search(text) and not is_transport_error(exc):
        return Fault("context", message, status)
    if status is None:
        if is_transport_error(exc):
            return Fault("retry", f"{type(exc).__name__}: {message}", None)
        return Fault("fatal", f"{type(exc).__name__}: {message}", None)
    if status == 429 and code in ("insufficient_quota", "billing_hard_limit_reached"):
        return Fault("fatal", message, status)
    if status in RETRY_STATUSES or status >= 500:
        return Fault("retry", message, status, retry_after_seconds(_headers(exc), body))
    return Fault("fatal", message, status)
