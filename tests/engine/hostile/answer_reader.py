"""Reads gamecert's answer files, each named by a folder and a file name (argv[1:] in pairs), and
answers with the first it could read; UNREAD when it could read none."""

import os
import sys

sys.stdin.read()
args = sys.argv[1:]
for folder, name in zip(args[::2], args[1::2]):
    try:
        with open(os.path.join(folder, name)) as f:
            text = f.read()
    except OSError as exc:
        print(exc, file=sys.stderr)
        continue
    if text.strip():
        print(text)
        sys.exit(0)
print("UNREAD")
