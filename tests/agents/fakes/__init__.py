"""Local HTTP servers that speak the vendors' wire formats and play a scripted model.

The real SDKs talk to them through `base_url`; nothing of the agent code is mocked.
"""

from .brain import Fault, Reply, ScriptBrain, View
from .server import FakeLLMServer

__all__ = ["FakeLLMServer", "Fault", "Reply", "ScriptBrain", "View"]
