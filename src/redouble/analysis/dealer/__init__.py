"""A deal generator faster than dealer: Hans van Staveren's dealer language on NumPy batches.

>>> hands = list(deals("hcp(north) >= 20 && spades(north) >= 5", n=3, seed="doc"))
>>> len(hands), all(d[Seat.NORTH].hcp >= 20 and d[Seat.NORTH].length(Suit.SPADES) >= 5
...                 for d in hands)
(3, True)
>>> [d.to_pbn() for d in deals(None, n=2, seed=1)] == [d.to_pbn() for d in deals(None, n=2, seed=1)]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from redouble.analysis.dealer.generator import RandomStream, Shuffler, new_dealer_seed
from redouble.analysis.dealer.run import (
    DEFAULT_GENERATE,
    GenerateLimitError,
    Run,
    accepted_batches,
    passing_deals,
    run_script,
)
from redouble.analysis.dealer.syntax import (
    DealerSyntaxError,
    Script,
    parse_expression,
    parse_script,
)
from redouble.cards import Card, Suit
from redouble.deal import Deal
from redouble.seats import Seat

__all__ = [
    "DealerSyntaxError",
    "GenerateLimitError",
    "RandomStream",
    "Run",
    "Script",
    "Shuffler",
    "deals",
    "new_dealer_seed",
    "parse_expression",
    "parse_script",
    "passing_deals",
    "run_script",
]

_ = Suit  # used by the doctest


def deals(constraint: str | None = None, *, n: int, seed: str | int | None = None,
          predeal: Mapping[Seat, Iterable[Card]] | None = None,
          generate: int = DEFAULT_GENERATE) -> Iterator[Deal]:
    """``n`` random deals that satisfy a dealer-language condition (``None``: any deal).

    ``seed`` makes the deals reproducible; without it they come from the OS CSPRNG. Raises
    ``GenerateLimitError`` if ``generate`` candidates yield fewer than ``n`` deals.
    """
    if n <= 0:
        raise GenerateLimitError(f"the number of deals must be positive, not {n}")
    script = Script()
    if constraint is not None and constraint.strip():
        script.condition = parse_expression(constraint)
    if predeal:
        script.predeal = {seat: frozenset(cards) for seat, cards in predeal.items()}
    produced = 0
    generated = 0
    seed_text = str(seed) if seed is not None else new_dealer_seed()
    for accepted in accepted_batches(script, seed=seed_text, generate=generate, produce=n):
        generated += accepted.generated
        for row in range(accepted.batch.size):
            yield accepted.batch.deal(row)
        produced += accepted.batch.size
    if produced < n:
        raise GenerateLimitError(
            f"only {produced} of {n} deals satisfied the condition in {generated} generated "
            "deals (the generate limit): the condition may be impossible or too rare")
