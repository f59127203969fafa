"""What every provider adapter offers the model client."""

from __future__ import annotations

from typing import Any

from ..errors import Fault, classify
from ..messages import ModelReply, Turn
from ..presets import Preset, Secret


class Adapter:
    """Converts the neutral conversation to one vendor SDK call and its reply back.

    Subclasses set `native_key` (the key of their own content in `Turn.native`) and implement
    `_client()`, `complete()` and `_fault_facts()`. SDK clients are created per episode because
    each task runs in its own event loop.
    """

    native_key = "?"

    def __init__(self, preset: Preset, secret: Secret):
        self.preset = preset
        self._secret = secret
        self._sdk: Any = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.preset.label})"

    @property
    def sdk(self) -> Any:
        if self._sdk is None:
            self._sdk = self._client()
        return self._sdk

    def _client(self) -> Any:
        raise NotImplementedError

    async def complete(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> ModelReply:
        raise NotImplementedError

    def _fault_facts(self, exc: BaseException) -> tuple[int | None, str, Any, str | None]:
        """(HTTP status, provider message, response body, provider error code)."""
        status = getattr(exc, "status_code", None)
        body = getattr(exc, "body", None)
        message = getattr(exc, "message", None) or str(exc)
        code = getattr(exc, "code", None)
        return status, str(message), body, code if isinstance(code, str) else None

    def classify(self, exc: BaseException) -> Fault:
        status, message, body, code = self._fault_facts(exc)
        return classify(exc, status, self._secret.scrub(message), body, code)

    async def aclose(self) -> None:
        if self._sdk is not None:
            close = getattr(self._sdk, "close", None)
            self._sdk = None
            if close is not None:
                await close()
