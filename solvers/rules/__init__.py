"""Games a user writes as rules: the frozen rule descriptions, the guard that runs the user's
functions, and the memoized Sprague–Grundy and misère solvers (:mod:`.impartial`)."""
