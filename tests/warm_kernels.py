"""Compile numba's kernels once, before the test workers need them: ``python -m tests.warm_kernels``.

tests/conftest.py starts this in the background when a session starts (the xdist controller, before any
worker). numba keeps what it compiles on disk (``cache=True``, beside each kernel's source), where every
later process loads it instead of compiling again; without this, on a fresh checkout each worker and each
subprocess that met a kernel before any other had written it compiled it again. Every kernel runs here
compiled (``GAMECERT_KERNELS=compiled``) on small inputs through the public functions, so that numba sees
the argument types the tests pass.
"""

from __future__ import annotations

import os
import random
import time

os.environ["GAMECERT_KERNELS"] = "compiled"


def main() -> None:
    import numpy as np

    from gamecert.solvers.cutting import _kernels as cutting_kernels
    from gamecert.solvers.octal.solver import nim_sequence, period_search
    from gamecert.verify import registry
    from gamecert.verify.bunny_egg.families import long_game, random_hamiltonian_path
    from gamecert.verify.capabilities import StressCases
    from gamecert.verify.octal.certificate import check_octal_values
    from gamecert.verify.uvg.batch import batch_bipartite, batch_search_loses

    start = time.perf_counter()
    for name in registry.builtin_names():  # the matching kernels, the cutting tables, Bunny and Egg's replay
        game = registry.get_game(name)
        generator = game.capability(StressCases)
        if generator is None:
            continue
        for size in (4, 12, 40):
            for seed in range(2):
                try:
                    instance = game.parse(generator.random_case(random.Random(seed), size), "<warm-up>", False)
                    game.certify(instance, game.solve(instance))
                except Exception:  # noqa: BLE001 - a fault is the tests' to find; this only compiles
                    break
    for code in ("0.07", "0.137", "4.07"):  # both octal kernels and both certificate checks
        for method in ("plain", "sparse"):
            values = nim_sequence(code, 300, method)
        check_octal_values(tuple(int(d) for d in code.replace(".", "")), values, plain=50)
        period_search(values, 2)
    cutting_kernels.grundy_kernel(300, 2, False)  # the tables past ARRAY_TABLE, as solvers/cutting/solver.py calls it
    bunny = registry.get_game("bunny-egg")
    bunny.solve(long_game(12, 12, 3, 1))  # a long game: the induced graph and the replay
    nbrs = np.array([[2, 5, 2], [6, 5, 3]])
    batch_search_loses(nbrs, 3)
    batch_bipartite(nbrs, 3)
    random_hamiltonian_path(4, 4, 1)
    print(f"kernels compiled or loaded in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
