# Repo-level pytest settings only. The fixture benchmark under tests/ is run by the
# engine's own tests through pytester, not collected as part of the test suite.
collect_ignore_glob = ["tests/fixture_bench/tasks/*"]
