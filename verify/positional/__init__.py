"""Games of claiming cells: the QBF encoding and route, the strategy certificate and its checker."""
