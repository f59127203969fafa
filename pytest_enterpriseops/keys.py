"""Stash keys shared by the plugin's modules (kept tiny so the plugin imports fast)."""

from typing import Any

import pytest

STATE_KEY = pytest.StashKey[Any]()
POOL_KEY = pytest.StashKey[Any]()  # the --eops-concurrency episode pool, once one is made
