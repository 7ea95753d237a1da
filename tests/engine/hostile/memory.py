"""Memory until stopped: 16 MB blocks, every page touched, kept forever."""

kept = []
while True:
    kept.append(b"x" * 16_000_000)
