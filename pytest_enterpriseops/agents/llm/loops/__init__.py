"""Orchestration loops: react, planner (plan then ReAct), decompose (subtasks with sub-agents)."""
