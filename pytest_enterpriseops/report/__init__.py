"""Reports on saved runs: the self-contained HTML report, the paper's figures, and `eops compare`."""
