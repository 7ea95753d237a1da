"""One game larger than one process: a general or score rules file solved tier by tier, shard by shard, on Dask.

``gamecert solve --rules FILE --tiers`` runs :func:`~gamecert.verify.engine.tiers.solve.solve_tiers`
(this package: ``solve``, the forward and backward steps and their driver; ``check``, a stored solve checked
again; ``store``, the store folder and its reader; each kind's labels live with the kind,
:mod:`gamecert.verify.general.tiers`, :mod:`gamecert.verify.score.tiers`). A rules
file's ``tier(p)`` orders its positions (no move goes to a lower tier);
every tier is split into ``shards`` shards by a stable hash of the position
(:func:`~gamecert.solvers.turn.tiers.shard_of`). Each step below is a
:class:`~gamecert.verify.engine.campaign.Campaign` whose shards are Dask
tasks (:class:`TierStep`), recorded in the campaign store as they finish,
so ``--resume`` after a kill runs only the missing ones.

- **Forward**, tiers in increasing order: a shard's task reads the
  positions sent to it, calls the rules once on each new one and sends every
  child to the shard owning it (one file per sender and destination). A
  child in the same tier but another shard goes to that shard's next
  *round*; rounds run until none is sent (a game whose moves all go to
  later tiers, Connect Four by its pieces, has one round per tier).
- **Backward**, tiers in decreasing order: a shard's task reads its moves
  and, for the children in later tiers, the labels their shards answered;
  labels its positions by retrograde analysis with counters (moves inside
  the shard may loop: what stays undecided is a draw; a score game's
  shard is valued in reverse topological order, a loop is bad rules);
  checks every label with the certificate checker of its kind
  (:func:`~gamecert.verify.general.certificate.check_entries`,
  :func:`~gamecert.verify.score.certificate.check_score_entries`, the rules
  called again); and answers every file sent to it with the labels, in
  the file's order. The kind's :class:`TierLabels` says how it labels.
  A tier with a move between two of its shards is solved by one task over
  the whole tier (its memory is the tier's, not a shard's): the
  retrograde inside a tier needs all of its moves.

The coordinating process holds per tier its shards, rounds and counts
alone; positions live in the worker processes and the store folder::

    DIR/store.sqlite                 the campaign store: one row per finished shard
    DIR/solve.json                   which game, input and shard count the folder holds
    DIR/tiers/T/S/R/part.pkl         forward: the positions shard S of tier T found in round R, what
                                     result() said of each, and their moves as (destination, index)
    DIR/tiers/T/S/R/in/FROM.pkl      the positions sent to that shard and round by shard FROM (T-S-R,
                                     or ``queries``), each once
    DIR/tiers/T/S/R/ans/FROM.pkl     backward: their labels, in the same order
    DIR/tiers/T/S/labels.pkl         the labels of the shard's positions, in the order of its parts

``stress --rules FILE --tiers DIR`` reads its certified answers from a
finished store (:class:`StoredLabels`): a position's tier, then its shard by
the same hash, then that shard's ``labels.pkl``.

Every process must see ``DIR`` at the same path (one machine, or a shared
file system). Files are written whole under a temporary name and renamed,
so a task killed mid-write leaves nothing a reader could take for done,
and a task run again writes the same bytes.
"""

