"""Making model-produced text safe for JSON, UTF-8 files and terminals.

A model can produce anything a JSON decoder accepts, including lone surrogates
(`"\\udc80"`), which Python strings hold but UTF-8 cannot encode. Everything that
crosses into the engine from an agent passes through these functions.
"""

from __future__ import annotations

import re
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(s: str) -> str:
    """`s` with every lone surrogate replaced by U+FFFD (so it always encodes as UTF-8)."""
    return _SURROGATE.sub("\ufffd", s) if _SURROGATE.search(s) else s


def clean_value(v: Any) -> Any:
    """A JSON-like value with every string (keys included) passed through `clean_text`."""
    if isinstance(v, str):
        return clean_text(v)
    if isinstance(v, dict):
        return {clean_value(k) if isinstance(k, str) else k: clean_value(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [clean_value(x) for x in v]
    return v
