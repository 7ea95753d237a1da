"""What the turn kinds of rules games (general and score) share: the listing of a game's position graph
(:mod:`.graph`), the value of a position (:mod:`.value`) and the base of a kind's move reader (:mod:`.moves`)."""
