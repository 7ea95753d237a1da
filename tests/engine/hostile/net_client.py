"""Connects to 127.0.0.1 port argv[1] and answers what the server says: a refused connection ends it
with the error."""

import socket
import sys

sys.stdin.read()
with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2) as s:
    print(s.recv(100).decode() or "CONNECTED")
