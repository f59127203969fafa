"""Optional response cache (`--eops-cache DIR`): the same request to the same model returns the
stored reply without calling the model. One JSON file per key; the key hashes the model, its
parameters, the system prompt, the whole conversation and the tool specs."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .messages import ModelReply, Turn


def cache_key(fingerprint: dict[str, Any], system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> str:
    payload = {"model": fingerprint, "system": system, "turns": [t.to_json() for t in turns], "tools": tools}
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


class ResponseCache:
    def __init__(self, directory: str | Path):
        self.dir = Path(directory) / "llm"

    def _path(self, key: str) -> Path:
        return self.dir / key[:2] / f"{key}.json"

    def get(self, key: str) -> ModelReply | None:
        path = self._path(key)
        try:
            data = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError):
            return None
        return ModelReply.from_json(data["reply"])

    def put(self, key: str, reply: ModelReply, label: str) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w") as f:
            json.dump({"model": label, "reply": reply.to_json()}, f, ensure_ascii=False)
        os.replace(tmp, path)  # atomic: parallel workers never see half a file
