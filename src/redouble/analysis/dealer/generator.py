"""The vectorised deal generator: batches of deals as NumPy arrays, dealt lazily.

Randomness: every batch reads its own stream, SHAKE-128 keyed by the seed and the batch number
(``redouble/dealer/v1``), so a seed reproduces the same deals however many are asked for and
whichever worker makes a batch. Without a seed a fresh 128-bit seed comes from the operating
system's CSPRNG (``secrets``), so the default stream is cryptographically unpredictable (and
still reproducible from the seed that is reported).

Dealing is exact: each seat's hand is a uniform rank in ``[0, C(n, need))`` (64-bit words,
the biased top range rejected and redrawn), mapped to a hand by a bijection (suit pattern by
cumulative counts, then a subset of the available cards in each suit by mixed radix), all by
table lookups over the whole batch. Seats the condition looks at are dealt first; the other
seats are dealt only for the deals that pass (the lazy part: a condition on North alone deals
one hand per candidate, not three).

A hand is a 52-bit mask (bit ``card.index``); suits are 13-bit slices of it, and every hand
measure is a table lookup on a slice.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from redouble.analysis.errors import AnalysisError
from redouble.cards import DECK, Card, Rank, Suit
from redouble.deal import Deal
from redouble.hand import Hand
from redouble.seats import Seat

__all__ = ["BATCH_SIZE", "HandBatch", "RandomStream", "Shuffler", "new_dealer_seed"]

BATCH_SIZE = 1 << 16
"""Deals per batch; part of the seed derivation, so fixed."""

Int = npt.NDArray[np.int64]
Masks = npt.NDArray[np.uint64]


def new_dealer_seed() -> str:
    """A fresh seed from the OS CSPRNG: 32 hex digits."""
    return secrets.token_hex(16)


def _suit_table(function: Callable[[int], int]) -> npt.NDArray[np.int64]:
    """A measure of every 13-bit holding (bit ``rank - 2``)."""
    return np.array([function(mask) for mask in range(1 << 13)], dtype=np.int64)


def _ranks(mask: int) -> list[int]:
    return [r + 2 for r in range(12, -1, -1) if mask >> r & 1]


def _losers(mask: int) -> int:
    top = _ranks(mask)[:3]
    wanted = (14, 13, 12)[: len(top)]
    return sum(rank not in top for rank in wanted)


LENGTH = _suit_table(lambda m: bin(m).count("1"))
HCP = _suit_table(lambda m: sum(max(0, r - 10) for r in _ranks(m)))
CONTROLS = _suit_table(lambda m: (2 if m >> 12 & 1 else 0) + (1 if m >> 11 & 1 else 0))
LOSERS = _suit_table(_losers)
_RANK_TEXT = "23456789TJQKA"
HOLDING_TEXT: list[str] = ["".join(_RANK_TEXT[r - 2] for r in _ranks(m)) for m in range(1 << 13)]
"""A 13-bit suit mask as PBN ranks, highest first."""


class RandomStream:
    """Uniform words from SHAKE-128 keyed by a seed, a batch number and a purpose."""

    def __init__(self, seed: str | int | bytes) -> None:
        key = seed if isinstance(seed, bytes) else str(seed).encode("utf-8")
        self._prefix = b"redouble/dealer/v1\x00" + len(key).to_bytes(4, "big") + key

    def words(self, batch: int, purpose: str, count: int) -> npt.NDArray[np.uint64]:
        """``count`` uniform 64-bit words for one batch and purpose (a prefix-stable stream:
        asking for fewer gives the first ones)."""
        digest = hashlib.shake_128(
            self._prefix + batch.to_bytes(8, "big") + purpose.encode()).digest(8 * count)
        return np.frombuffer(digest, dtype="<u8")

    def below(self, batch: int, purpose: str, bound: int, rows: int) -> npt.NDArray[np.int64]:
        """``rows`` uniform integers in ``[0, bound)``: 64-bit words, the biased top range
        rejected and redrawn from further keyed words (so the result is exactly uniform)."""
        limit = np.uint64((2 ** 64 // bound) * bound - 1)  # accept words <= limit
        words = self.words(batch, purpose, rows).copy()
        attempt = 0
        while True:
            rejected = np.nonzero(words > limit)[0]
            if len(rejected) == 0:
                break
            attempt += 1
            words[rejected] = self.words(batch, f"{purpose}/redraw{attempt}", len(rejected))
        return (words % np.uint64(bound)).astype(np.int64)


_COMB = np.array([[math.comb(a, k) for k in range(14)] for a in range(14)], dtype=np.int64)
"""``_COMB[a, k] = C(a, k)`` for suits of up to 13 cards."""


@functools.cache
def _subsets() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.int64]]:
    """Every subset of every 13-bit suit mask ``A``, grouped by ``A`` then by size (and value):
    ``table[offsets[A, k] + r]`` is the ``r``-th subset of ``A`` with ``k`` cards (3**13
    entries in all)."""
    masks = np.arange(1 << 13, dtype=np.int64)
    ordered = masks[np.lexsort((masks, LENGTH))].astype(np.uint16)
    parts = [ordered[(ordered & np.uint16(~mask & 0x1FFF)) == 0] for mask in range(1 << 13)]
    table = np.concatenate(parts)
    sizes = np.array([len(part) for part in parts], dtype=np.int64)
    base = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    below = np.zeros((1 << 13, 15), dtype=np.int64)  # subsets of A with fewer than k cards
    for k in range(1, 15):
        below[:, k] = below[:, k - 1] + _COMB[LENGTH, k - 1]
    return table, base[:, None] + below


@dataclass(frozen=True)
class _Patterns:
    """For choosing ``need`` of ``n`` available cards: every availability vector (cards left
    per suit, clubs first) and every suit pattern of the hand, with cumulative counts so that a
    rank in ``[0, C(n, need))`` picks the pattern by one search."""

    total: int
    index: npt.NDArray[np.int64]  # availability code (base 14) -> row, or -1
    lengths: npt.NDArray[np.int64]  # pattern -> cards per suit
    bounds: npt.NDArray[np.int64]  # row * total + cumulative count, flattened
    starts: npt.NDArray[np.int64]  # first rank of each (row, pattern), flattened


@functools.cache
def _patterns(n: int, need: int) -> _Patterns:
    avail = np.array([a for a in itertools.product(range(14), repeat=4) if sum(a) == n],
                     dtype=np.int64).reshape(-1, 4)
    lengths = np.array([k for k in itertools.product(range(14), repeat=4) if sum(k) == need],
                       dtype=np.int64).reshape(-1, 4)
    weights = np.ones((len(avail), len(lengths)), dtype=np.int64)
    for suit in range(4):
        weights *= _COMB[avail[:, suit][:, None], lengths[:, suit][None, :]]
    cumulative = np.cumsum(weights, axis=1)
    total = math.comb(n, need)
    index = np.full(14 ** 4, -1, dtype=np.int64)
    codes = ((avail[:, 0] * 14 + avail[:, 1]) * 14 + avail[:, 2]) * 14 + avail[:, 3]
    index[codes] = np.arange(len(avail))
    offsets = np.arange(len(avail), dtype=np.int64)[:, None] * total
    return _Patterns(total=total, index=index, lengths=lengths,
                     bounds=(cumulative + offsets).ravel(),
                     starts=(cumulative - weights).ravel())


def _choose(available: Masks, n: int, need: int, rank: npt.NDArray[np.int64]) -> Masks:
    """For each row, the ``rank``-th way (of ``C(n, need)``) to take ``need`` of the row's ``n``
    available cards: the rank picks the suit pattern (cumulative counts), then a subset of the
    available cards in each suit (mixed radix). A bijection, so a uniform rank gives a
    uniform hand; a dozen array operations for the whole batch."""
    table = _patterns(n, need)
    subsets, offsets = _subsets()
    suits = [((available >> np.uint64(13 * s)) & np.uint64(0x1FFF)).astype(np.int64)
             for s in range(4)]
    counts = [LENGTH[suit] for suit in suits]
    row = table.index[((counts[0] * 14 + counts[1]) * 14 + counts[2]) * 14 + counts[3]]
    found = np.searchsorted(table.bounds, row * table.total + rank, side="right")
    pattern = found - row * len(table.lengths)
    rest = rank - table.starts[found]
    mask = np.zeros(len(rank), dtype=np.uint64)
    for s in range(4):
        take = table.lengths[pattern, s]
        radix = _COMB[counts[s], take]
        within = rest % radix
        rest //= radix
        chosen = subsets[offsets[suits[s], take] + within].astype(np.uint64)
        mask |= chosen << np.uint64(13 * s)
    return mask


@dataclass(frozen=True, slots=True)
class _Block:
    seat: Seat
    need: int


class Shuffler:
    """Deals batches: each seat in turn (``first`` seats before the others) gets a uniformly
    random choice of the cards still undealt, drawn as a rank (``_choose``); the last seat
    takes the rest."""

    def __init__(self, *, predeal: Mapping[Seat, Iterable[Card]], first: Sequence[Seat]) -> None:
        self.predeal = {seat: frozenset(predeal.get(seat, ())) for seat in Seat}
        seen: dict[Card, Seat] = {}
        for seat, cards in self.predeal.items():
            if len(cards) > 13:
                raise AnalysisError(f"{seat.format(full=True)} is predealt {len(cards)} cards")
            for card in cards:
                if card in seen:
                    raise AnalysisError(f"{card} is predealt to {seen[card].format(full=True)} "
                                        f"and {seat.format(full=True)}")
                seen[card] = seat
        self.deck_size = 52 - len(seen)
        self.deck_mask = np.uint64(sum(1 << c.index for c in DECK if c not in seen))
        self.predeal_masks = {seat: np.uint64(sum(1 << c.index for c in cards))
                              for seat, cards in self.predeal.items()}
        self.order = [*first, *(s for s in Seat if s not in first)]
        self.blocks = [_Block(seat, 13 - len(self.predeal[seat])) for seat in self.order]
        self.first_count = min(max(len(first), 1), 3)  # the last seat is the rest

    def _deal(self, blocks: Sequence[_Block], taken: Masks, stream: RandomStream,
              batch: int) -> dict[Seat, Masks]:
        """Deal ``blocks`` in order from the deck less ``taken`` (cards already dealt)."""
        rows = len(taken)
        masks: dict[Seat, Masks] = {}
        left = self.deck_size - sum(b.need for b in self.blocks[:self.blocks.index(blocks[0])])
        for block in blocks:
            dealt = np.zeros(rows, dtype=np.uint64)
            if block.need:
                rank = stream.below(batch, f"seat{int(block.seat)}",
                                    math.comb(left, block.need), rows)
                dealt = _choose(self.deck_mask & ~taken, left, block.need, rank)
            masks[block.seat] = dealt | self.predeal_masks[block.seat]
            taken = taken | dealt
            left -= block.need
        last = self.blocks[3].seat
        if blocks[-1] is self.blocks[2]:
            masks[last] = (self.deck_mask & ~taken) | self.predeal_masks[last]
        return masks

    def first_phase(self, stream: RandomStream, batch: int,
                    rows: int = BATCH_SIZE) -> dict[Seat, Masks]:
        """Deal the ``first`` seats of every deal (at least one seat): their masks."""
        return self._deal(self.blocks[:self.first_count], np.zeros(rows, dtype=np.uint64),
                          stream, batch)

    def complete(self, first: dict[Seat, Masks], stream: RandomStream,
                 batch: int) -> dict[Seat, Masks]:
        """Deal the other seats of some deals (those that passed), given the first seats'
        masks; all four masks."""
        if len(first) == 4:
            return first
        rows = len(next(iter(first.values())))
        taken = np.zeros(rows, dtype=np.uint64)
        for block in self.blocks[:self.first_count]:
            taken |= first[block.seat] & ~self.predeal_masks[block.seat]
        masks = self._deal(self.blocks[self.first_count:3], taken, stream, batch)
        masks.update(first)
        return masks


class HandBatch:
    """Hand measures of a batch of deals, computed on demand and cached."""

    def __init__(self, masks: Mapping[Seat, Masks]) -> None:
        self.masks = dict(masks)
        self.size = len(next(iter(self.masks.values())))
        self._suits: dict[Seat, list[npt.NDArray[np.int64]]] = {}
        self._cache: dict[tuple[str, Seat, Suit | None], Int] = {}

    def suit_masks(self, seat: Seat) -> list[npt.NDArray[np.int64]]:
        """The 13-bit holdings of a seat per suit (index ``int(suit)``: clubs first)."""
        if seat not in self._suits:
            mask = self.masks[seat]
            self._suits[seat] = [((mask >> np.uint64(13 * s)) & np.uint64(0x1FFF)).astype(np.int64)
                                 for s in range(4)]
        return self._suits[seat]

    def feature(self, name: str, seat: Seat, suit: Suit | None = None) -> Int:
        """``hcp``, ``controls``, ``losers`` or ``length`` of a seat, whole hand or one suit."""
        key = (name, seat, suit)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        table = {"hcp": HCP, "controls": CONTROLS, "losers": LOSERS, "length": LENGTH}[name]
        suits = self.suit_masks(seat)
        if suit is not None:
            value = table[suits[int(suit)]]
        else:
            value = table[suits[0]] + table[suits[1]] + table[suits[2]] + table[suits[3]]
        self._cache[key] = value
        return value

    def shape_code(self, seat: Seat) -> Int:
        """``((spades * 14 + hearts) * 14 + diamonds) * 14 + clubs`` per deal."""
        key = ("shape", seat, None)
        cached = self._cache.get(key)
        if cached is None:
            s, h, d, c = (self.feature("length", seat, suit) for suit in
                          (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
            cached = ((s * 14 + h) * 14 + d) * 14 + c
            self._cache[key] = cached
        return cached

    def has_card(self, seat: Seat, card: Card) -> Int:
        """1 where the seat holds the card."""
        return ((self.masks[seat] >> np.uint64(card.index)) & np.uint64(1)).astype(np.int64)

    def take(self, rows: npt.NDArray[np.int64]) -> HandBatch:
        """The batch restricted to some rows."""
        return HandBatch({seat: mask[rows] for seat, mask in self.masks.items()})

    def deal(self, row: int) -> Deal:
        """Row ``row`` as a core ``Deal`` (all four seats must be dealt)."""
        hands = []
        for seat in Seat:
            mask = int(self.masks[seat][row])
            hands.append(Hand(Card(Suit(i // 13), Rank(i % 13 + 2))
                              for i in range(52) if mask >> i & 1))
        return Deal((hands[0], hands[1], hands[2], hands[3]))

    def holdings(self, seat: Seat) -> list[list[str]]:
        """Per suit S, H, D, C: each deal's holding as text."""
        suits = self.suit_masks(seat)
        return [[HOLDING_TEXT[m] for m in suits[s].tolist()] for s in (3, 2, 1, 0)]

    def holdings_row(self, seat: Seat, row: int) -> list[str]:
        """One deal's holdings of a seat as text, spades first."""
        suits = self.suit_masks(seat)
        return [HOLDING_TEXT[int(suits[s][row])] for s in (3, 2, 1, 0)]
