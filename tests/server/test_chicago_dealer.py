"""The web table deals Chicago by the rule in ``redouble.scoring.chicago`` (issue 12)."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

from redouble.seats import Seat, Vulnerability
from redouble.server.sheet import next_deal


def _play(passed_out: list[bool]) -> list[tuple[Seat, Vulnerability, bool]]:
    """Deal boards one after another as the table does, each passed out or a 1NT= by dealer."""
    results: list[dict[str, Any]] = []
    dealt = []
    for number, out in enumerate(passed_out, start=1):
        dealer, vulnerability = next_deal("chicago", results, number)
        dealt.append((dealer, vulnerability, out))
        results.append({"board": number, "dealer": dealer.letter(),
                        "vulnerability": vulnerability.value,
                        "contract": None if out else "1NT",
                        "declarer": None if out else dealer.letter(),
                        "tricks": None if out else 7})
    return dealt


def test_a_passed_out_fourth_deal_does_not_shift_the_next_chicagos_dealer() -> None:
    dealt = _play([False, False, False, True, False, False])
    assert [(d.letter(), v.value, out) for d, v, out in dealt] == [
        ("N", "None", False), ("E", "EW", False), ("S", "NS", False), ("W", "All", True),
        ("W", "All", False), ("N", "None", False)]


def test_north_opens_every_chicago_of_a_robot_run() -> None:
    rng = random.Random(12)
    dealt = _play([rng.random() < 0.3 for _ in range(80)])
    scored = [dealer for dealer, _, out in dealt if not out]
    for chicago in range(len(scored) // 4):
        assert scored[4 * chicago:4 * chicago + 4] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    for (dealer, vulnerability, out), (after, after_vul, _) in pairwise(dealt):
        if out:  # a passed-out deal is dealt again by the same dealer at the same vulnerability
            assert (after, after_vul) == (dealer, vulnerability)
