"""Two over one game forcing, written as changes to the modern standard system.

A new suit at the two level over partner's one of a major (without competition) forces to
game with 12+ HCP; 1NT over one of a major is forcing for one round (6–12 HCP), and opener
with a minimum rebids a three-card minor rather than pass. The rest is the modern system.
"""

from __future__ import annotations

from redouble.cards import Suit
from redouble.robots.meaning import MAX_HCP, Forcing
from redouble.robots.modern import (
    amend_rules,
    keycards_first,
    modern_describe,
    modern_fallback,
    modern_rules,
    with_rkc,
)
from redouble.robots.system import Rule, System

__all__ = ["TWO_OVER_ONE", "TWO_OVER_ONE_0314", "two_over_one_rules"]

H = Suit.HEARTS


def two_over_one_rules() -> list[Rule]:
    """The modern rules with the 2/1 responses to one of a major."""
    replace = {rule.name: rule for rule in (
        Rule(name="major_new_suit_2", pattern="1M P ?", call="2t", hcp=(12, MAX_HCP),
             lengths={"t": (4, 13)}, forcing=Forcing.GAME_FORCING,
             when=lambda c, b: "t" not in b or b["t"] < min(b["M"], H)),
        Rule(name="spades_2h", pattern="1S P ?", call="2H", hcp=(12, MAX_HCP),
             lengths={"H": (5, 13)}, forcing=Forcing.GAME_FORCING,
             test=lambda i, b, c: i.lengths[H] >= max(i.lengths[Suit.CLUBS],
                                                       i.lengths[Suit.DIAMONDS])),
        Rule(name="major_1nt", pattern="1M P ?", call="1N", hcp=(6, 12),
             forcing=Forcing.FORCING),
    )}
    additions = [
        ("1nt_resp_pass", Rule(name="forcing_1nt_minor", pattern="1M P 1N P ?", call="2m",
                               hcp=(11, 15), lengths={"m": (3, 13)},
                               notes=(("natural", None),))),
        ("1nt_resp_pass", Rule(name="forcing_1nt_own", pattern="1M P 1N P ?", call="2M",
                               hcp=(11, 15), lengths={"M": (5, 13)})),
    ]
    return amend_rules(modern_rules(), replace, additions)


TWO_OVER_ONE = System("2/1", two_over_one_rules(), fallback=modern_fallback,
                      describe=modern_describe, review=keycards_first)
"""Two over one game forcing: selectable with ``system="2/1"``."""

TWO_OVER_ONE_0314 = System("2/1 (RKC 0314)", with_rkc(two_over_one_rules(), "0314"),
                           fallback=modern_fallback, describe=modern_describe,
                           review=keycards_first)
"""Two over one with RKC 0314 answers: ``system="2/1-0314"``."""
