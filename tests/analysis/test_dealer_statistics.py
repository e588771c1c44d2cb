"""The generator's deals are uniform: χ² tests of hand patterns and HCP against the exact
combinatorial frequencies, for the CSPRNG (fresh seed) and for an explicit seed.

Each test draws about a million hands in whole batches; the threshold is the χ² quantile at
α = 10⁻⁶ (Wilson–Hilferty), so a correct generator fails about once in a million runs.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import numpy.typing as npt
import pytest

from redouble import Seat, Suit
from redouble.analysis.dealer import RandomStream, Shuffler, new_dealer_seed, parse_script
from redouble.analysis.dealer.generator import BATCH_SIZE, HandBatch
from redouble.analysis.dealer.run import passing_deals

HANDS = math.comb(52, 13)
Z_ALPHA = 4.753  # standard normal quantile for α = 1e-6


def _critical(dof: int) -> float:
    return dof * (1 - 2 / (9 * dof) + Z_ALPHA * math.sqrt(2 / (9 * dof))) ** 3


def exact_hcp() -> dict[int, float]:
    """P(HCP = h) for a 13-card hand: the 16 honours by value, times the spot cards."""
    ways: Counter[tuple[int, int]] = Counter({(0, 0): 1})  # (honours taken, points) -> ways
    for value in (4, 3, 2, 1):
        step: Counter[tuple[int, int]] = Counter()
        for (taken, points), count in ways.items():
            for k in range(5):
                step[(taken + k, points + value * k)] += count * math.comb(4, k)
        ways = step
    result: Counter[int] = Counter()
    for (taken, points), count in ways.items():
        if taken <= 13:
            result[points] += count * math.comb(36, 13 - taken)
    return {h: c / HANDS for h, c in result.items()}


def exact_patterns() -> dict[tuple[int, ...], float]:
    """P(pattern) for the sorted suit lengths, e.g. (4, 3, 3, 3)."""
    result: Counter[tuple[int, ...]] = Counter()
    for lengths in itertools.product(range(14), repeat=4):
        if sum(lengths) == 13:
            result[tuple(sorted(lengths, reverse=True))] += math.prod(
                math.comb(13, k) for k in lengths)
    return {p: c / HANDS for p, c in result.items()}


def _chi_square(observed: Counter[object], expected: dict[object, float], n: int) -> tuple[float, int]:
    """χ² with categories of expected count below 5 pooled."""
    statistic = 0.0
    pooled_observed = 0
    pooled_expected = 0.0
    categories = 0
    for key, probability in expected.items():
        want = probability * n
        if want < 5:
            pooled_observed += observed.get(key, 0)
            pooled_expected += want
            continue
        statistic += (observed.get(key, 0) - want) ** 2 / want
        categories += 1
    if pooled_expected > 0:
        statistic += (pooled_observed - pooled_expected) ** 2 / pooled_expected
        categories += 1
    return statistic, categories - 1


def _counts(values: npt.NDArray[np.int64]) -> Counter[object]:
    keys, counts = np.unique(values, return_counts=True)
    return Counter({int(k): int(c) for k, c in zip(keys, counts, strict=True)})


def _pattern_counts(batch: HandBatch, seat: Seat) -> Counter[object]:
    lengths = np.sort(np.stack([batch.feature("length", seat, suit) for suit in Suit]), axis=0)
    codes = ((lengths[3] * 14 + lengths[2]) * 14 + lengths[1]) * 14 + lengths[0]
    out: Counter[object] = Counter()
    for code, count in _counts(codes).items():
        assert isinstance(code, int)
        digits = (code // 2744, code // 196 % 14, code // 14 % 14, code % 14)
        out[digits] = count
    return out


def _north_batches(seed: str, batches: int) -> list[HandBatch]:
    shuffler = Shuffler(predeal={}, first=[Seat.NORTH])
    stream = RandomStream(seed)
    return [HandBatch(shuffler.first_phase(stream, index)) for index in range(batches)]


@pytest.mark.parametrize("seed", [None, "statistics"], ids=["csprng", "seeded"])
def test_first_dealt_hand_patterns_and_hcp(seed: str | None) -> None:
    batches = _north_batches(seed or new_dealer_seed(), 16)  # 1 048 576 hands
    n = 16 * BATCH_SIZE
    hcp: Counter[object] = Counter()
    patterns: Counter[object] = Counter()
    for batch in batches:
        hcp.update(_counts(batch.feature("hcp", Seat.NORTH)))
        patterns.update(_pattern_counts(batch, Seat.NORTH))
    statistic, dof = _chi_square(hcp, dict(exact_hcp()), n)
    assert statistic < _critical(dof), (statistic, dof)
    statistic, dof = _chi_square(patterns, dict(exact_patterns()), n)
    assert statistic < _critical(dof), (statistic, dof)


@pytest.mark.parametrize(("seed", "condition"), [
    (None, "hcp(north) >= 0"), ("lazy seats", "hcp(north) >= 0 && hcp(south) >= 0")],
    ids=["csprng-north-first", "seeded-north-south-first"])
def test_lazily_dealt_hands_are_uniform_too(seed: str | None, condition: str) -> None:
    """Seats after the first are dealt from what is left (in the first phase, or only for
    deals that pass); every seat must still be uniform."""
    script = parse_script(f"condition {condition}")
    shuffler = Shuffler(predeal={}, first=script.seats_used())
    stream = RandomStream(seed or new_dealer_seed())
    hcp: dict[Seat, Counter[object]] = {seat: Counter() for seat in Seat}
    patterns: Counter[object] = Counter()
    batches = 4
    for index in range(batches):
        batch, _ = passing_deals(script, shuffler, stream, index)
        total = sum(batch.feature("hcp", seat) for seat in Seat)
        assert (total == 40).all()
        for seat in Seat:
            hcp[seat].update(_counts(batch.feature("hcp", seat)))
        patterns.update(_pattern_counts(batch, Seat.WEST))
    n = batches * BATCH_SIZE
    for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST):
        statistic, dof = _chi_square(hcp[seat], dict(exact_hcp()), n)
        assert statistic < _critical(dof), (seat, statistic, dof)
    statistic, dof = _chi_square(patterns, dict(exact_patterns()), n)
    assert statistic < _critical(dof), (statistic, dof)


def test_exact_tables_are_right() -> None:
    assert sum(exact_hcp().values()) == pytest.approx(1)
    assert exact_patterns()[(4, 4, 3, 2)] == pytest.approx(0.2155, abs=1e-4)
    assert exact_hcp()[10] == pytest.approx(0.0941, abs=1e-4)
