"""Movements as data: who sits where, against whom, on which boards, round by round (Law 8)."""

from __future__ import annotations

import csv as csv_module
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from redouble.errors import BridgeError
from redouble.seats import Side

__all__ = [
    "CSV_HEADER",
    "BoardShare",
    "ComparisonBalance",
    "Movement",
    "MovementError",
    "MovementReport",
    "PairBalance",
    "PairId",
    "Seating",
    "comparison_balance",
    "howell",
    "mitchell",
    "validate",
]

#: Bridgemate's RoundData columns, the header of every movement CSV.
CSV_HEADER = "Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard"


class MovementError(BridgeError):
    """A movement that breaks a property (Law 8): the message names the table, round and board or pair."""


_PAIR_RE = re.compile(r"^\s*(\d+)\s*[-/ ]?\s*(NS|EW|N|E|OW|O)?\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True, order=True)
class PairId:
    """A pair as the movement numbers it: '7' in a Howell, '3NS'/'3EW' in a Mitchell."""

    number: int
    direction: Side | None = None
    section: str = "A"

    def __post_init__(self) -> None:
        if self.number < 1:
            raise MovementError(f"pair number {self.number} must be at least 1")

    def __str__(self) -> str:
        return f"{self.number}{self.direction.name if self.direction is not None else ''}"

    def __repr__(self) -> str:
        args = [str(self.number)]
        if self.direction is not None:
            args.append(f"Side.{self.direction.name}")
        if self.section != "A":
            args.append(f"section={self.section!r}")
        return f"PairId({', '.join(args)})"

    @classmethod
    def parse(cls, text: str, *, section: str = "A") -> PairId:
        """``"7"``, ``"3NS"``, ``"3EW"`` (also ``"3N"``, ``"3E"``) as a pair, as USEBIO and Bridgemate write them.

        >>> PairId.parse("3EW")
        PairId(3, Side.EW)
        """
        match = _PAIR_RE.match(text)
        if match is None or int(match.group(1)) < 1:
            raise MovementError(f"{text!r} is not a pair number: expected e.g. 7, 3NS or 3EW")
        letters = (match.group(2) or "").upper()
        direction = None if not letters else (Side.NS if letters.startswith("N") else Side.EW)
        return cls(int(match.group(1)), direction, section)


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where in one round at one table, and which boards they play."""

    section: str
    table: int
    round: int
    ns: PairId | None
    ew: PairId | None
    boards: tuple[int, ...]

    @property
    def pairs(self) -> tuple[PairId, ...]:
        """The pairs seated here (none for an empty seat)."""
        return tuple(pair for pair in (self.ns, self.ew) if pair is not None)

    @property
    def switched(self) -> bool:
        """Whether the pairs sit in the other direction than their numbers say (an arrow switch)."""
        return (self.ns is not None and self.ns.direction is Side.EW) or (
            self.ew is not None and self.ew.direction is Side.NS)

    @property
    def is_sit_out(self) -> bool:
        """Whether one side of the table is empty (a sit-out or phantom pair)."""
        return self.ns is None or self.ew is None

    def side_of(self, pair: PairId) -> Side | None:
        """The direction ``pair`` sits in here, or ``None`` when it is not at this table."""
        if pair == self.ns:
            return Side.NS
        if pair == self.ew:
            return Side.EW
        return None

    def opponent_of(self, pair: PairId) -> PairId | None:
        """The pair ``pair`` plays against here (``None`` when it sits out or is not here)."""
        if pair == self.ns:
            return self.ew
        if pair == self.ew:
            return self.ns
        return None


def _runs(boards: tuple[int, ...]) -> list[tuple[int, int]]:
    """Consecutive runs of board numbers, as RoundData's LowBoard/HighBoard can hold them."""
    runs: list[tuple[int, int]] = []
    for board in boards:
        if runs and board == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], board)
        else:
            runs.append((board, board))
    return runs


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole movement: every seating, plus what it declares (shared sets, pairs meeting twice)."""

    name: str
    seatings: tuple[Seating, ...]
    sharing: bool = False
    meets_twice: bool = False
    _index: dict[tuple[str, int, int], Seating] = field(default_factory=dict, init=False, repr=False,
                                                         compare=False, hash=False)
    _seated: dict[tuple[int, PairId], Seating] = field(default_factory=dict, init=False, repr=False,
                                                        compare=False, hash=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.seatings, key=lambda s: (s.section, s.round, s.table)))
        object.__setattr__(self, "seatings", ordered)
        index: dict[tuple[str, int, int], Seating] = {}
        for seating in ordered:
            key = (seating.section, seating.table, seating.round)
            if key in index:
                raise MovementError(f"section {seating.section} table {seating.table} round {seating.round} "
                                    "is seated twice")
            index[key] = seating
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_seated", {(seating.round, pair): seating
                                             for seating in ordered for pair in seating.pairs})

    @property
    def sections(self) -> tuple[str, ...]:
        """The section letters, sorted."""
        return tuple(sorted({s.section for s in self.seatings}))

    @property
    def rounds(self) -> tuple[int, ...]:
        """The round numbers, sorted."""
        return tuple(sorted({s.round for s in self.seatings}))

    @property
    def tables(self) -> tuple[int, ...]:
        """The table numbers, sorted."""
        return tuple(sorted({s.table for s in self.seatings}))

    @property
    def pairs(self) -> tuple[PairId, ...]:
        """Every pair that plays, sorted."""
        found = {pair for seating in self.seatings for pair in seating.pairs}
        return tuple(sorted(found, key=_pair_key))

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board number played, sorted."""
        return tuple(sorted({board for seating in self.seatings for board in seating.boards}))

    @property
    def switched_rounds(self) -> tuple[int, ...]:
        """The rounds with arrow-switched tables, sorted."""
        return tuple(sorted({s.round for s in self.seatings if s.switched}))

    def at(self, table: int, round: int, section: str = "A") -> Seating:
        """The seating at ``table`` in ``round``, or a ``MovementError`` naming both."""
        try:
            return self._index[(section, table, round)]
        except KeyError:
            raise MovementError(f"the movement has no table {table} in round {round}"
                                f"{'' if section == 'A' else f' of section {section}'}") from None

    def seating_of(self, pair: PairId, round: int) -> Seating | None:
        """Where ``pair`` sits in ``round``, or ``None`` when it sits out."""
        return self._seated.get((round, pair))

    def round_seatings(self, round: int, section: str | None = None) -> tuple[Seating, ...]:
        """The seatings of one round, by table."""
        return tuple(s for s in self.seatings if s.round == round and (section is None or s.section == section))

    def csv(self) -> str:
        """The movement as Bridgemate RoundData CSV: one row per table per round, sit-out pair 0.

        Arrow-switched tables are written in their home directions, as Bridgemate expects (it switches
        them itself); ``from_csv(text, switched_rounds=…)`` puts the switch back.  Boards that are not
        consecutive take one row per run.
        """
        out = io.StringIO()
        writer = csv_module.writer(out, lineterminator="\n")
        out.write(CSV_HEADER + "\n")
        for seating in self.seatings:
            ns, ew = (seating.ew, seating.ns) if seating.switched else (seating.ns, seating.ew)
            runs = _runs(seating.boards) or [(0, 0)]
            for low, high in runs:
                writer.writerow([seating.section, seating.table, seating.round,
                                 ns.number if ns else 0, ew.number if ew else 0, low, high])
        return out.getvalue()

    @classmethod
    def from_csv(cls, text: str, *, name: str = "imported", switched_rounds: Iterable[int] = (),
                 sharing: bool | None = None, meets_twice: bool = False, directions: bool | None = None,
                 check: bool = True) -> Movement:
        """Read Bridgemate RoundData CSV and (``check``) validate it.

        RoundData cannot declare a relay, so by default (``sharing=None``) a set on two tables in a round is
        declared as the file has it (the report lists every share); ``sharing=False`` refuses it. Pair numbers get
        a direction (NS n and EW n are different pairs, as in a Mitchell) when ``directions`` says so, or, by
        default, when a number sits twice in one round.
        """
        numbered = [(number, line) for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1)
                    if line.strip()]
        if not numbered:
            raise MovementError("empty movement CSV: expected the header " + CSV_HEADER)
        first_line, header_text = numbered[0]
        delimiter = ";" if ";" in header_text and "," not in header_text else ","  # spreadsheets in nl/de/no
        header = [cell.strip().lower() for cell in next(csv_module.reader([header_text], delimiter=delimiter))]
        expected = [cell.lower() for cell in CSV_HEADER.split(",")]
        if header[:7] != expected:
            raise MovementError(f"line {first_line}: header {header_text!r} is not {CSV_HEADER}")
        rows: list[tuple[str, int, int, int, int, int, int]] = []
        for number, line in numbered[1:]:
            cells = next(csv_module.reader([line], delimiter=delimiter))
            if len(cells) < 7:
                raise MovementError(f"line {number}: expected 7 columns, found {len(cells)}")
            try:
                values = [int(cell) for cell in cells[1:7]]
            except ValueError:
                raise MovementError(f"line {number}: table, round, pairs and boards must be numbers") from None
            if min(values) < 0 or values[0] < 1 or values[1] < 1 or values[4] > values[5]:
                raise MovementError(f"line {number}: impossible table, round, pair or board range {cells!r}")
            table, round_, ns, ew, low, high = values
            rows.append((cells[0].strip() or "A", table, round_, ns, ew, low, high))
        switched = set(switched_rounds)
        merged: dict[tuple[str, int, int], tuple[int, int, list[int]]] = {}
        for section, table, round_, ns, ew, low, high in rows:
            key = (section, table, round_)
            boards = list(range(low, high + 1)) if low > 0 else []
            if key in merged:
                if merged[key][:2] != (ns, ew):
                    raise MovementError(f"table {table} round {round_}: two rows with different pairs")
                merged[key][2].extend(boards)
            else:
                merged[key] = (ns, ew, boards)
        directed = _numbers_repeat_in_a_round(merged) if directions is None else directions
        seatings = []
        for (section, table, round_), (ns, ew, boards) in merged.items():
            ns_pair = PairId(ns, Side.NS if directed else None, section) if ns else None
            ew_pair = PairId(ew, Side.EW if directed else None, section) if ew else None
            if round_ in switched:
                ns_pair, ew_pair = ew_pair, ns_pair
            seatings.append(Seating(section, table, round_, ns_pair, ew_pair, tuple(boards)))
        if sharing is None:
            placed = [(s.section, s.round, board) for s in seatings for board in s.boards]
            sharing = len(set(placed)) < len(placed)
        movement = cls(name, tuple(seatings), sharing=sharing, meets_twice=meets_twice)
        if check:
            validate(movement)
        return movement

    @classmethod
    def combine(cls, name: str, *sections: Movement) -> Movement:
        """One movement of several sections (each its own movement, with its own section letter), validated.

        >>> both = Movement.combine("evening", mitchell(7, section="A"), mitchell(6, skip=True, section="B"))
        >>> both.sections, len(both.pairs)
        (('A', 'B'), 26)
        """
        letters = [movement.sections for movement in sections]
        flat = [letter for group in letters for letter in group]
        if len(set(flat)) != len(flat):
            raise MovementError(f"sections {flat} repeat a letter: give each movement its own section")
        movement = cls(name, tuple(seat for part in sections for seat in part.seatings),
                       sharing=any(part.sharing for part in sections),
                       meets_twice=any(part.meets_twice for part in sections))
        validate(movement)
        return movement


def _numbers_repeat_in_a_round(rows: dict[tuple[str, int, int], tuple[int, int, list[int]]]) -> bool:
    """Whether a pair number sits twice in one round, so NS pair n and EW pair n are different pairs."""
    seen: set[tuple[str, int, int]] = set()
    for (section, _table, round_), (ns, ew, _boards) in rows.items():
        for number in (ns, ew):
            if number:
                if (section, round_, number) in seen:
                    return True
                seen.add((section, round_, number))
    return False


def _pair_key(pair: PairId) -> tuple[str, int, int]:
    """A sort key that orders pairs with and without a direction together."""
    return (pair.section, -1 if pair.direction is None else int(pair.direction), pair.number)


@dataclass(frozen=True, slots=True)
class BoardShare:
    """A board on more than one table in one round, which a movement must declare (a relay share)."""

    section: str
    round: int
    board: int
    tables: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PairBalance:
    """How many rounds one pair plays NS, plays EW and sits out (no table, or no opponents)."""

    pair: PairId
    ns: int
    ew: int
    sit_outs: int


@dataclass(frozen=True, slots=True)
class MovementReport:
    """What the validator proved about a movement, and its balance (the properties a movement checker reports)."""

    name: str
    rounds: int
    tables: int
    pairs: int
    plays: tuple[tuple[int, int], ...]            # (board, times played)
    balance: tuple[PairBalance, ...]
    shares: tuple[BoardShare, ...]
    repeats: tuple[tuple[PairId, PairId, int], ...]  # declared pairs meeting more than once
    complete: bool                                  # every pair meets every other it could (same section)

    @property
    def uniform(self) -> bool:
        """Whether every board is played the same number of times (else Neuberg is needed)."""
        return len({times for _board, times in self.plays}) <= 1

    @property
    def max_sharing(self) -> int:
        """The most tables holding one board in one round (1 without sharing)."""
        return max((len(share.tables) for share in self.shares), default=1)

    def summary(self) -> str:
        """A few lines a director reads: size, plays per board, sharing, balance."""
        times = sorted({t for _b, t in self.plays})
        played = ", ".join(f"{t}×" for t in times) or "none"
        lines = [f"{self.name}: {self.tables} tables, {self.rounds} rounds, {self.pairs} pairs, "
                 f"{len(self.plays)} boards played {played}",
                 "every pair meets every other" if self.complete else "not every pair meets every other"]
        if self.shares:
            lines.append(f"{len(self.shares)} board plays shared by up to {self.max_sharing} tables")
        if self.repeats:
            lines.append(f"{len(self.repeats)} pairs of pairs meet more than once (declared)")
        spread = {(b.ns, b.ew) for b in self.balance}
        lines.append("NS/EW rounds per pair: " + ", ".join(f"{ns}/{ew}" for ns, ew in sorted(spread)))
        return "\n".join(lines)


def validate(movement: Movement, *, sharing_allowed: bool = False,
             meets_twice_allowed: bool = False) -> MovementReport:
    """Prove a movement's properties: one seat per pair per round, one table per board per round unless
    sharing is declared, no board played twice by a pair, no opponents met twice unless declared (Law 8).

    Raises ``MovementError`` naming the table, round and board or pair that breaks a property.
    """
    share = sharing_allowed or movement.sharing
    twice = meets_twice_allowed or movement.meets_twice
    if not movement.seatings:
        raise MovementError(f"movement {movement.name!r} has no seatings")
    single_section = movement.sections == ("A",)

    def where(seating: Seating) -> str:
        return f"table {seating.table} round {seating.round}" + ("" if single_section else
                                                                 f" section {seating.section}")

    ids: dict[PairId, int] = {}  # pairs as small integers: hashing the dataclass on every check is slow
    seated: dict[tuple[int, int], Seating] = {}
    board_tables: dict[tuple[str, int, int], list[int]] = {}
    played: dict[tuple[int, int], Seating] = {}
    meetings: dict[tuple[int, int], int] = {}
    plays: dict[int, int] = {}
    ns_count: dict[int, int] = {}
    ew_count: dict[int, int] = {}
    for seating in movement.seatings:
        ns, ew, round_, boards = seating.ns, seating.ew, seating.round, seating.boards
        if seating.table < 1 or round_ < 1:
            raise MovementError(f"{where(seating)}: tables and rounds are numbered from 1")
        if ns is None and ew is None:
            raise MovementError(f"{where(seating)}: nobody is seated")
        if ns is not None and ns == ew:
            raise MovementError(f"{where(seating)}: pair {ns} plays against itself")
        if ns is not None and ew is not None and ns.direction is not None and ns.direction == ew.direction:
            raise MovementError(f"{where(seating)}: pairs {ns} and {ew} are both {ns.direction} pairs")
        if not boards:
            raise MovementError(f"{where(seating)}: no boards")
        if len(set(boards)) != len(boards) or min(boards) < 1:
            raise MovementError(f"{where(seating)}: boards {boards} repeat or are not numbered from 1")
        here: list[tuple[PairId, int]] = []
        for pair in (ns, ew):
            if pair is None:
                continue
            if pair.section != seating.section:
                raise MovementError(f"{where(seating)}: pair {pair} belongs to section {pair.section}")
            number = ids.setdefault(pair, len(ids))
            earlier = seated.get((round_, number))
            if earlier is not None:
                raise MovementError(f"{where(seating)}: pair {pair} is also seated at table {earlier.table} "
                                    f"in round {round_}")
            seated[(round_, number)] = seating
            here.append((pair, number))
        real = len(here) == 2
        for board in boards:
            board_tables.setdefault((seating.section, round_, board), []).append(seating.table)
            if not real:
                continue
            plays[board] = plays.get(board, 0) + 1
            for pair, number in here:
                before = played.get((number, board))
                if before is not None:
                    raise MovementError(f"{where(seating)}: pair {pair} plays board {board} again (first at table "
                                        f"{before.table} in round {before.round})")
                played[(number, board)] = seating
        if real:
            first, second = here[0][1], here[1][1]
            key = (first, second) if first < second else (second, first)
            meetings[key] = meetings.get(key, 0) + 1
            if meetings[key] > 1 and not twice:
                raise MovementError(f"{where(seating)}: pairs {ns} and {ew} meet again")
            ns_count[first] = ns_count.get(first, 0) + 1
            ew_count[second] = ew_count.get(second, 0) + 1
    shares = []
    for (section, round_, board), tables in sorted(board_tables.items()):
        if len(tables) > 1:
            if not share:
                raise MovementError(f"table {tables[1]} round {round_}: board {board} is also at table {tables[0]} "
                                    "in that round, and the movement declares no sharing")
            shares.append(BoardShare(section, round_, board, tuple(sorted(tables))))
    rounds = movement.rounds
    pairs = tuple(sorted(ids, key=_pair_key))
    balance = tuple(PairBalance(pair, ns_count.get(ids[pair], 0), ew_count.get(ids[pair], 0),
                                len(rounds) - ns_count.get(ids[pair], 0) - ew_count.get(ids[pair], 0))
                    for pair in pairs)
    by_id = {number: pair for pair, number in ids.items()}
    repeated: list[tuple[PairId, PairId, int]] = []
    for (first_id, second_id), times in meetings.items():
        if times > 1:
            one, other = sorted((by_id[first_id], by_id[second_id]), key=_pair_key)
            repeated.append((one, other, times))
    repeats = tuple(sorted(repeated, key=lambda item: (_pair_key(item[0]), _pair_key(item[1]))))
    met = {frozenset((by_id[a], by_id[b])) for a, b in meetings}
    return MovementReport(
        name=movement.name, rounds=len(rounds), tables=len(movement.tables), pairs=len(pairs),
        plays=tuple(sorted(plays.items())), balance=balance, shares=tuple(shares),
        repeats=repeats, complete=_complete(pairs, met))


@dataclass(frozen=True, slots=True)
class ComparisonBalance:
    """How often two pairs are compared: sit the same direction on the same board (the quantity a balanced
    Howell evens out; a two-winner Mitchell never compares its two fields)."""

    minimum: int
    maximum: int
    mean: float
    least: tuple[PairId, PairId]  # a couple compared ``minimum`` times
    most: tuple[PairId, PairId]   # a couple compared ``maximum`` times


def comparison_balance(movement: Movement) -> ComparisonBalance:
    """Count, for every two pairs of a section, the boards on which both sat in the same direction.

    >>> comparison_balance(mitchell(5)).minimum  # the NS and EW fields are never compared
    0
    """
    pairs = movement.pairs
    index = {pair: number for number, pair in enumerate(pairs)}
    counts = [[0] * len(pairs) for _ in pairs]
    lines: dict[tuple[str, int], tuple[list[int], list[int]]] = {}
    for seating in movement.seatings:
        if seating.ns is None or seating.ew is None:
            continue
        for board in seating.boards:
            ns, ew = lines.setdefault((seating.section, board), ([], []))
            ns.append(index[seating.ns])
            ew.append(index[seating.ew])
    for ns, ew in lines.values():
        for same_direction in (ns, ew):
            for position, first in enumerate(same_direction):
                row = counts[first]
                for second in same_direction[position + 1:]:
                    row[second] += 1
                    counts[second][first] += 1
    couples = [(counts[a][b], a, b) for a in range(len(pairs)) for b in range(a + 1, len(pairs))
               if pairs[a].section == pairs[b].section]
    if not couples:
        raise MovementError(f"movement {movement.name!r} has fewer than two pairs in a section")
    low, high = min(couples), max(couples)
    return ComparisonBalance(low[0], high[0], sum(c for c, _a, _b in couples) / len(couples),
                             (pairs[low[1]], pairs[low[2]]), (pairs[high[1]], pairs[high[2]]))


def _complete(pairs: tuple[PairId, ...], meetings: set[frozenset[PairId]]) -> bool:
    """Whether every two pairs who could meet did: all pairs in a Howell, all NS-EW pairs in a Mitchell."""
    for index, first in enumerate(pairs):
        for second in pairs[index + 1:]:
            if first.section != second.section:
                continue
            if first.direction is not None and first.direction == second.direction:
                continue
            if frozenset((first, second)) not in meetings:
                return False
    return True


# The generators live in their own modules; the contract names them here too.
from redouble.club.movements.howell import howell  # noqa: E402
from redouble.club.movements.mitchell import mitchell  # noqa: E402
