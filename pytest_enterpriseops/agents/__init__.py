"""The agent seam: the Agent protocol, the registry behind --agent, and the scripted agents."""

from .protocol import Agent

__all__ = ["Agent"]
