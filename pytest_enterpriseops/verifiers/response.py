"""`response`: the agent's final answer — `matches` (regex), `mentions` (any of), or a `judge` rubric."""

from __future__ import annotations

import re

from ..task import Verifier
from .base import VerifierError, VerifierResult, VerifyInput


def check(v: Verifier, inp: VerifyInput) -> VerifierResult:
    rc = v.response
    answer = inp.final_answer or ""
    base = dict(name=v.name, category=v.category, kind="response", line=v.line, builtin=v.builtin,
                actual=answer[:2000])
    if rc.matches is not None:
        return VerifierResult(**base, passed=re.search(rc.matches, answer) is not None,
                              expected=f"matches /{rc.matches}/")
    if rc.mentions is not None:
        low = " ".join(answer.lower().split())  # a name split across a line break still counts
        hit = [m for m in rc.mentions if " ".join(m.lower().split()) in low]
        return VerifierResult(**base, passed=bool(hit), expected=f"mentions any of {rc.mentions}",
                              message=f"mentions {hit}" if hit else "")
    if inp.judge is None:
        return VerifierResult(**base, passed=None, expected=f"judge: {rc.judge}",
                              message="not judged: run with --judge PRESET to grade this rubric")
    try:
        score, reasoning = inp.judge(rc.judge, inp.task, answer)
    except Exception as exc:
        raise VerifierError(f"judge failed on verifier '{v.name}': {exc}") from exc
    return VerifierResult(**base, passed=score >= rc.threshold, expected=f"judge score >= {rc.threshold}",
                          message=f"score {score}/10: {reasoning}")
