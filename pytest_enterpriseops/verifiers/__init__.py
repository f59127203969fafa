"""Verifier kinds. Each returns a VerifierResult; every verifier runs, even after one fails."""

from .base import VerifierResult, run_verifiers

__all__ = ["VerifierResult", "run_verifiers"]
