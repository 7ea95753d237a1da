"""The hostile candidates are programs run by the containment tests, not test modules: never import them."""

collect_ignore_glob = ["*.py"]
