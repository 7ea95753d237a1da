"""A compile cache for the tests' C++ programs: ``python cxx_cache.py CACHE COMPILER ARGS...``.

Runs ``COMPILER ARGS...`` (a command that compiles and links in one go, ``-o BINARY SOURCES...``) unless the
same command has already built the same sources during this test session, in which case the binary built
then is copied to BINARY. The key is the command itself (the output path left out) and the name and bytes
of every source and of every header in the sources' folders (the files they may include), so a
changed file or flag compiles afresh; the system headers and the compiler do not change during a session.
ccache cannot serve here: it does not cache a command that compiles and links in one step, which is how
problemtools compiles C++. Concurrent compiles of one key (two pytest workers) wait on a lock and compile
once. Exits with the compiler's exit code; a failed compile is never cached.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE_SUFFIXES = (".cc", ".C", ".cpp", ".cxx", ".c++")
HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".h++", ".inc", ".ipp", ".tcc")


def key(command: list[str]) -> tuple[str, str]:
    """The cache key of ``command`` and the output path it names (``-o PATH``)."""
    digest = hashlib.sha256()
    out = ""
    skip = False
    folders = set()
    for i, arg in enumerate(command):
        if skip:
            skip = False
            continue
        if arg == "-o":
            out, skip = command[i + 1], True
            digest.update(b"-o\0")
            continue
        path = Path(arg)
        if arg.endswith(SOURCE_SUFFIXES) and path.is_file():
            folders.add(path.resolve().parent)
            digest.update(b"source\0" + path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        else:
            digest.update(arg.encode() + b"\0")
    for folder in sorted(folders):
        for file in sorted(folder.iterdir()):
            if file.suffix in HEADER_SUFFIXES and file.is_file():
                digest.update(b"file\0" + file.name.encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest(), out


def main(argv: list[str]) -> int:
    cache, command = Path(argv[0]), argv[1:]
    digest, out = key(command)
    if not out:
        return subprocess.run(command, check=False).returncode
    cache.mkdir(parents=True, exist_ok=True)
    stored = cache / digest
    with open(cache / f"{digest}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not stored.exists():
            code = subprocess.run(command, check=False).returncode
            if code != 0:
                return code
            shutil.copy(out, cache / f"{digest}.part")
            os.replace(cache / f"{digest}.part", stored)
            return 0
    shutil.copy(stored, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
