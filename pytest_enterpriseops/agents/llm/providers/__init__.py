"""Provider adapters, one module each, imported only when a preset needs them."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..presets import Preset, Secret
    from .base import Adapter

_MODULES = {("anthropic", "chat"): "anthropic", ("openai", "chat"): "openai_chat",
            ("openai", "responses"): "openai_responses", ("google", "chat"): "gemini"}
SDK_PACKAGES = {"anthropic": "anthropic", "openai": "openai", "google": "google-genai"}


def adapter_class(preset: "Preset") -> type["Adapter"]:
    api = preset.api if preset.provider == "openai" else "chat"
    mod = importlib.import_module(f"{__name__}.{_MODULES[(preset.provider, api)]}")
    return mod.ADAPTER


def check_sdk(preset: "Preset") -> str | None:
    """None if the provider's SDK can be imported, else the reason and how to install it."""
    module = {"anthropic": "anthropic", "openai": "openai", "google": "google.genai"}[preset.provider]
    try:
        importlib.import_module(module)
    except ImportError as exc:
        return (f"the {preset.provider} SDK is not installed ({exc}); "
                f"pip install {SDK_PACKAGES[preset.provider]} (or pytest-enterpriseops[llm])")
    return None


def make_adapter(preset: "Preset", secret: "Secret") -> "Adapter":
    return adapter_class(preset)(preset, secret)
