"""The `eops` command line: stats, check, score, report, compare."""
