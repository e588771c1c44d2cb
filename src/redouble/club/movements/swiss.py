"""Swiss pairing: the next round pairs entrants by score without a repeat, as a maximum matching (Edmonds'
blossom algorithm) on score order, so a pairing is found whenever one exists — a greedy pass can dead-end."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from redouble.club.movement import Movement, MovementError, PairId, Seating, validate

__all__ = ["SwissPairing", "maximum_matching", "swiss_pairing", "swiss_pairs_round"]

T = TypeVar("T", bound=Hashable)


def maximum_matching(size: int, edges: Collection[tuple[int, int]]) -> list[int]:
    """A maximum-cardinality matching of a general graph on vertices ``0 … size-1`` (Edmonds 1965): ``mate[v]``
    is v's partner or −1."""
    neighbours: list[list[int]] = [[] for _ in range(size)]
    for a, b in edges:
        if a != b:
            neighbours[a].append(b)
            neighbours[b].append(a)
    mate = [-1] * size

    def augment_from(root: int) -> bool:
        parent = [-1] * size
        base = list(range(size))
        in_tree = [False] * size
        in_tree[root] = True
        queue = [root]

        def common_base(a: int, b: int) -> int:
            seen = [False] * size
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, top: int, child: int, blossom: list[bool]) -> None:
            while base[v] != top:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in neighbours[v]:
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    top = common_base(v, to)
                    blossom = [False] * size
                    mark(v, top, to, blossom)
                    mark(to, top, v, blossom)
                    for i in range(size):
                        if blossom[base[i]]:
                            base[i] = top
                            if not in_tree[i]:
                                in_tree[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:  # flip the augmenting path
                            previous = parent[to]
                            following = mate[previous]
                            mate[to], mate[previous] = previous, to
                            to = following
                        return True
                    in_tree[mate[to]] = True
                    queue.append(mate[to])
        return False

    for vertex in range(size):
        if mate[vertex] == -1:
            augment_from(vertex)
    return mate


def _perfect(entrants: Sequence[int], allowed: set[frozenset[int]]) -> bool:
    """Whether ``entrants`` can all be paired using only ``allowed`` meetings."""
    if len(entrants) % 2:
        return False
    index = {entrant: i for i, entrant in enumerate(entrants)}
    edges = [(index[a], index[b]) for i, a in enumerate(entrants) for b in entrants[i + 1:]
             if frozenset((a, b)) in allowed]
    return all(partner != -1 for partner in maximum_matching(len(entrants), edges))


@dataclass(frozen=True, slots=True)
class SwissPairing(Generic[T]):
    """One Swiss round: the matches, higher-ranked entrant first, and the entrant with the bye (if any)."""

    matches: tuple[tuple[T, T], ...]
    bye: T | None


def swiss_pairing(ranking: Sequence[T], *, met: Collection[frozenset[T]] = (), byes: Collection[T] = ()) -> \
        SwissPairing[T]:
    """Pair entrants ranked best first so nobody meets anyone twice: the top entrant meets the highest-ranked
    opponent that still leaves a perfect matching of the rest; an odd field gives the bye to the lowest-ranked
    entrant without one (EBU Swiss Pairs; Magic Contest's "pair from the top, untangle" without its dead ends).

    >>> swiss_pairing([1, 2, 3, 4], met=[frozenset((3, 4))]).matches
    ((1, 3), (2, 4))
    """
    if len(set(ranking)) != len(ranking):
        raise MovementError("an entrant appears twice in the ranking")
    order = list(range(len(ranking)))
    met_index = {frozenset((ranking.index(a), ranking.index(b))) for a, b in (tuple(m) for m in met if len(m) == 2)
                 if a in ranking and b in ranking}
    allowed = {frozenset((a, b)) for a in order for b in order if a < b} - met_index
    bye: int | None = None
    if len(order) % 2:
        candidates = [i for i in reversed(order) if ranking[i] not in byes] or list(reversed(order))
        for candidate in candidates:
            rest = [i for i in order if i != candidate]
            if _perfect(rest, allowed):
                bye = candidate
                break
        if bye is None:
            raise MovementError("no Swiss pairing: every choice of bye leaves two entrants who have met")
        order.remove(bye)
    elif not _perfect(order, allowed):
        raise MovementError("no Swiss pairing without a repeat meeting: the field has played itself out")
    matches: list[tuple[T, T]] = []
    while order:
        top = order.pop(0)
        for opponent in order:
            if frozenset((top, opponent)) not in allowed:
                continue
            rest = [i for i in order if i != opponent]
            if _perfect(rest, allowed):
                matches.append((ranking[top], ranking[opponent]))
                order = rest
                break
        else:  # pragma: no cover - unreachable: a perfect matching of ``order`` existed before this step
            raise MovementError(f"no opponent for {ranking[top]}")
    return SwissPairing(tuple(matches), None if bye is None else ranking[bye])


def _round_number(previous: Movement | None) -> int:
    return 1 if previous is None or not previous.seatings else max(previous.rounds) + 1


def swiss_pairs_round(ranking: Sequence[PairId], *, previous: Movement | None = None, boards_per_round: int = 2,
                      section: str = "A") -> Movement:
    """The movement so far plus the next Swiss pairs round: pairs ranked best first, table 1 the top match, the
    higher-ranked pair NS, every table playing the round's boards (duplicated, so sharing is declared)."""
    met: set[frozenset[PairId]] = set()
    byes: set[PairId] = set()
    earlier = previous.seatings if previous is not None else ()
    for seating in earlier:
        if seating.ns is not None and seating.ew is not None:
            met.add(frozenset((seating.ns, seating.ew)))
    for round_ in {s.round for s in earlier}:
        seated = {pair for s in earlier if s.round == round_ for pair in s.pairs}
        byes.update(pair for pair in ranking if pair not in seated)
    pairing = swiss_pairing(ranking, met=met, byes=byes)
    round_ = _round_number(previous)
    low = (round_ - 1) * boards_per_round + 1
    boards = tuple(range(low, low + boards_per_round))
    seatings = [Seating(section, table, round_, ns, ew, boards)
                for table, (ns, ew) in enumerate(pairing.matches, start=1)]
    movement = Movement(previous.name if previous is not None else "Swiss pairs", (*earlier, *seatings),
                        sharing=True)
    validate(movement)
    return movement
