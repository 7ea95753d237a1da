"""The candidates are programs run by the stress tests, not test modules: never import them."""

collect_ignore_glob = ["*.py"]
