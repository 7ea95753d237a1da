"""Links its working folder to the file named by a folder and a file name (argv[1], argv[2]) outside
it and to /, writes through the first link, and answers WROTE, or WRITE-REFUSED when it could not."""

import os
import sys

sys.stdin.read()
os.symlink(os.path.join(sys.argv[1], sys.argv[2]), "outside")
os.symlink("/", "root")
try:
    with open("outside", "a") as f:
        f.write("written through the link\n")
except OSError as exc:
    print(exc, file=sys.stderr)
    print("WRITE-REFUSED")
else:
    print("WROTE")
