"""Stash keys shared by the plugin's modules (kept tiny so the plugin imports fast)."""

from typing import Any

import pytest

STATE_KEY = pytest.StashKey[Any]()
