"""Random arguments (plausible ids, junk strings, bad numbers) never make a Teams tool raise anything but ToolError."""

import random

from pytest_enterpriseops.errors import HarnessError
from pytest_enterpriseops.testing import tool_session

VALUES = ["P0016", "P0145", "P0005", "EXT0001", "EXT0007", "EXT0011", "TEAM029", "TEAM027", "CH0110", "CH0112",
          "CH0122", "MSG000001", "CHAT0091", "TAG0057", "GRP0045", "EVT0001", "EVT0009", "APP001", "APP016", "INST0001",
          "TAB0001", "TM00808", "CM00072", "CALL0001", "REG00001", "PIN0001", "", "x" * 300, "2025-12-20T10:00:00Z",
          "2025-13-45", "'; DROP TABLE teams.team; --"]


def _value(rng, spec):
    if "anyOf" in spec:
        options = [o for o in spec["anyOf"] if o.get("type") != "null"]
        return None if rng.random() < 0.3 or not options else _value(rng, rng.choice(options))
    if "enum" in spec:
        return rng.choice(spec["enum"])
    kind = spec.get("type")
    if kind == "string":
        return rng.choice(VALUES)
    if kind == "integer":
        return rng.choice([0, 1, 20, 100, 101, -3, 10 ** 12])
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array":
        return [_value(rng, spec.get("items", {"type": "string"})) for _ in range(rng.randint(0, 3))]
    return None


def test_no_tool_raises_a_harness_error():
    rng = random.Random(15)
    crashes = []
    with tool_session("teams", as_user="P0145") as s:
        for name in sorted(n for n in s.tools if n.startswith("teams_")):
            params = s.tools[name].parameters
            for _ in range(12):
                args = {k: _value(rng, p) for k, p in params.get("properties", {}).items()
                        if k in params.get("required", []) or rng.random() < 0.5}
                try:
                    s.env.call(name, args)
                except HarnessError as exc:
                    crashes.append(f"{name}({args}): {exc}")
    assert not crashes, "\n".join(crashes[:10])
