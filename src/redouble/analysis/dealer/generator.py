"""The vectorised deal generator: batches of deals as NumPy arrays, dealt lazily.

Randomness: every batch reads its own stream, SHAKE-128 keyed by the seed and the batch number
(``redouble/dealer/v1``), so a seed reproduces the same deals however many are asked for and
whichever worker makes a batch. Without a seed a fresh 128-bit seed comes from the operating
system's CSPRNG (``secrets``), so the default stream is cryptographically unpredictable (and
still reproducible from the seed that is reported).

Dealing is an exact Fisher–Yates shuffle of the cards not predealt, one row per deal, with
uniform integers drawn by Lemire's multiply-and-reject method from 16-bit words (no modulo
bias). Seats the condition looks at are dealt first; the other seats are dealt only for the
deals that pass (the lazy part: a condition on North alone needs 13 shuffle steps a candidate,
not 39).

A hand is a 52-bit mask (bit ``card.index``); suits are 13-bit slices of it, and every hand
measure is a table lookup on a slice.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import secrets
from collections.abc import Iterable, Mapping, Sequence
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

_CARD_BIT = np.array([1 << i for i in range(52)], dtype=np.uint64)


def new_dealer_seed() -> str:
    """A fresh seed from the OS CSPRNG: 32 hex digits."""
    return secrets.token_hex(16)


def _suit_table(function: object) -> npt.NDArray[np.int64]:
    return np.array([function(mask) for mask in range(1 << 13)], dtype=np.int64)  # type: ignore[operator]


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


def _binomials(size: int = 53) -> npt.NDArray[np.int64]:
    """``table[n, left] = C(n, left - 1)``, and 0 for ``left == 0``: the unranking step."""
    table = np.zeros((size, 15), dtype=np.int64)
    for n in range(size):
        for left in range(1, 15):
            table[n, left] = math.comb(n, left - 1)
    return table


_STEP = _binomials()


def _unrank(rank: npt.NDArray[np.int64], cards: npt.NDArray[np.uint8],
            take: int) -> tuple[Masks, npt.NDArray[np.bool_]]:
    """Choose ``take`` of each row's ``n`` available ``cards`` by the row's rank in
    ``[0, C(n, take))`` (the combinatorial number system, lexicographic order).

    Returns the chosen cards' masks and which columns were chosen.
    """
    rows, n = cards.shape
    left = np.full(rows, take, dtype=np.int64)
    rank = rank.copy()
    mask = np.zeros(rows, dtype=np.uint64)
    chosen = np.zeros((n, rows), dtype=np.bool_)
    bits = _CARD_BIT[cards.T]
    for position in range(n):
        count = _STEP[n - position - 1][left]  # C(n-p-1, left-1), 0 once all are taken
        pick = rank < count
        rank = np.where(pick, rank, rank - count)
        left -= pick
        chosen[position] = pick
        mask += bits[position] * pick
    return mask, chosen.T


class _FirstHand:
    """Uniform hands from a fixed set of available cards by rank: the rank picks a suit
    pattern (by cumulative counts), then a holding in each suit (mixed radix), all by table
    lookups, so a batch costs a dozen array operations."""

    def __init__(self, deck: Sequence[int], need: int) -> None:
        available = [[i for i in deck if i // 13 == suit] for suit in range(4)]
        sizes = [len(a) for a in available]
        patterns = [(c, d, h, s_) for c in range(sizes[0] + 1) for d in range(sizes[1] + 1)
                    for h in range(sizes[2] + 1) for s_ in range(sizes[3] + 1)
                    if c + d + h + s_ == need]
        counts = [math.prod(math.comb(sizes[i], k[i]) for i in range(4)) for k in patterns]
        self.total = sum(counts)
        self.cumulative = np.cumsum(np.array(counts, dtype=np.int64))
        self.starts = self.cumulative - np.array(counts, dtype=np.int64)
        self.lengths = np.array(patterns, dtype=np.int64)  # pattern × suit (clubs first)
        self.radix = np.array([[math.comb(sizes[i], k[i]) for i in range(4)] for k in patterns],
                              dtype=np.int64)
        self.tables: list[npt.NDArray[np.uint64]] = []
        self.bases: list[npt.NDArray[np.int64]] = []
        for suit in range(4):
            flat: list[int] = []
            base = []
            for k in range(sizes[suit] + 1):
                base.append(len(flat))
                flat.extend(sum(1 << i for i in combo)
                            for combo in itertools.combinations(available[suit], k))
            self.tables.append(np.array(flat, dtype=np.uint64))
            self.bases.append(np.array(base, dtype=np.int64))

    def masks(self, rank: npt.NDArray[np.int64]) -> Masks:
        """The hand of each rank in ``[0, total)``."""
        pattern = np.searchsorted(self.cumulative, rank, side="right")
        rest = rank - self.starts[pattern]
        mask = np.zeros(len(rank), dtype=np.uint64)
        for suit in range(4):
            radix = self.radix[pattern, suit]
            within = rest % radix
            rest //= radix
            mask |= self.tables[suit][self.bases[suit][self.lengths[pattern, suit]] + within]
        return mask


@dataclass(frozen=True, slots=True)
class _Block:
    seat: Seat
    need: int


class Shuffler:
    """Deals batches: each seat in turn (``first`` seats before the others) gets a uniformly
    random choice of the cards still undealt, drawn as a rank in the combinatorial number
    system; the last seat takes the rest."""

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
        self.deck = np.array([c.index for c in DECK if c not in seen], dtype=np.uint8)
        self.predeal_masks = {seat: np.uint64(sum(1 << c.index for c in cards))
                              for seat, cards in self.predeal.items()}
        self.order = [*first, *(s for s in Seat if s not in first)]
        self.blocks = [_Block(seat, 13 - len(self.predeal[seat])) for seat in self.order]
        self.first_count = min(max(len(first), 1), 3)  # the last seat is the rest
        self.first_hand = _FirstHand(self.deck.tolist(), self.blocks[0].need)

    def _remaining(self, masks: Masks) -> npt.NDArray[np.uint8]:
        """Per row, the deck's cards not in ``masks`` (same count in every row)."""
        rows = len(masks)
        held = (masks[:, None] >> self.deck.astype(np.uint64)[None, :]) & np.uint64(1)
        free = held == 0
        count = int(free[0].sum()) if rows else 0
        remaining: npt.NDArray[np.uint8] = np.broadcast_to(
            self.deck, (rows, len(self.deck)))[free].reshape(rows, count)
        return remaining

    def _deal(self, blocks: Sequence[_Block], cards: npt.NDArray[np.uint8], rows: int,
              stream: RandomStream, batch: int) -> tuple[dict[Seat, Masks],
                                                         npt.NDArray[np.uint8]]:
        masks: dict[Seat, Masks] = {}
        for block in blocks:
            n = cards.shape[1]
            if block.need == 0:
                masks[block.seat] = np.full(rows, self.predeal_masks[block.seat], np.uint64)
                continue
            rank = stream.below(batch, f"seat{int(block.seat)}", math.comb(n, block.need), rows)
            mask, chosen = _unrank(rank, cards, block.need)
            masks[block.seat] = mask | self.predeal_masks[block.seat]
            cards = cards[~chosen].reshape(rows, n - block.need)
        return masks, cards

    def first_phase(self, stream: RandomStream, batch: int,
                    rows: int = BATCH_SIZE) -> dict[Seat, Masks]:
        """Deal the ``first`` seats of every deal (at least one seat): their masks."""
        lead = self.blocks[0]
        rank = stream.below(batch, f"seat{int(lead.seat)}", self.first_hand.total, rows)
        dealt = self.first_hand.masks(rank)
        masks = {lead.seat: dealt | self.predeal_masks[lead.seat]}
        if self.first_count > 1:
            more, _ = self._deal(self.blocks[1:self.first_count], self._remaining(dealt), rows,
                                 stream, batch)
            masks.update(more)
        if self.first_count == 3:
            masks.update(self._last(masks))
        return masks

    def complete(self, first: dict[Seat, Masks], stream: RandomStream,
                 batch: int) -> dict[Seat, Masks]:
        """Deal the other seats of some deals (those that passed), given the first seats'
        masks; all four masks."""
        if len(first) == 4:
            return first
        rows = len(next(iter(first.values())))
        if rows == 0:
            return {seat: np.zeros(0, dtype=np.uint64) for seat in Seat}
        taken = np.zeros(rows, dtype=np.uint64)
        for block in self.blocks[:self.first_count]:
            taken |= first[block.seat] & ~self.predeal_masks[block.seat]
        masks, _ = self._deal(self.blocks[self.first_count:3], self._remaining(taken), rows,
                              stream, batch)
        masks.update(first)
        masks.update(self._last(masks))
        return masks

    def _last(self, masks: Mapping[Seat, Masks]) -> dict[Seat, Masks]:
        seat = self.blocks[3].seat
        everything = np.uint64((1 << 52) - 1)
        taken = np.zeros(len(next(iter(masks.values()))), dtype=np.uint64)
        for mask in masks.values():
            taken |= mask
        return {seat: (everything & ~taken) | self.predeal_masks[seat]}


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
