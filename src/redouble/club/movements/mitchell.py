"""Mitchell movements: NS stationary, EW up a table, boards down a table, with the skip, the relay, bye
stands, half tables and arrow switches of a director's handbook (bridgecentral.com Mitchell notes)."""

from __future__ import annotations

from collections.abc import Iterable

from redouble.club.movement import Movement, MovementError, PairId, Seating, validate
from redouble.seats import Side

__all__ = ["MAX_TABLES", "MIN_TABLES", "arrow_switch_rounds", "mitchell"]

MIN_TABLES = 3
MAX_TABLES = 30


def arrow_switch_rounds(rounds: int) -> tuple[int, ...]:
    """The rounds a one-winner Mitchell switches: the last eighth of the boards, at least the last round
    (Manning's one-eighth, EBU newsletter 22).

    >>> arrow_switch_rounds(7)
    (7,)
    >>> arrow_switch_rounds(16)
    (15, 16)
    """
    count = max(1, round(rounds / 8))
    return tuple(range(rounds - count + 1, rounds + 1))


def _board_cycle(tables: int, *, relay: bool, bye_stands: int) -> list[int]:
    """The stands a board set visits in order (boards go down a table): table numbers, 0 for a relay or bye stand.

    With a relay, table T shares with table 1 and the relay sits between tables T/2+1 and T/2; bye stands sit
    between tables T/2+1 and T/2 as well (bridgecentral.com/Relay.htm, /xtrbrdmitch.htm).
    """
    half = tables // 2
    if relay:
        return [*[0] * (1 + bye_stands), *range(half, 0, -1), *range(tables - 1, half, -1)]
    return [*[0] * bye_stands, *range(half, 0, -1), *range(tables, half, -1)]


def mitchell(tables: int, *, boards_per_round: int = 2, skip: bool = False, relay: bool = False,
             bye_stands: int = 0, half_table: bool = False, arrow_switch: Iterable[int] | bool = (),
             rounds: int | None = None, section: str = "A", first_board: int = 1) -> Movement:
    """A Mitchell for 3–30 tables, validated: odd T plays T rounds; even T needs ``skip`` (EW skip a table
    after round T/2, T−1 rounds), ``relay`` (T rounds, table T shares with table 1, one set on a relay stand)
    or ``bye_stands`` (extra sets between tables T/2+1 and T/2).

    ``half_table`` leaves EW pair T out (its opponents sit out each round); ``arrow_switch`` lists the rounds
    in which every table turns the boards so the pairs play the other direction (``True``: the last eighth),
    which makes one winner; the seatings then hold the pairs where they actually sit.

    >>> m = mitchell(5)
    >>> m.at(table=2, round=3)
    Seating(section='A', table=2, round=3, ns=PairId(2, Side.NS), ew=PairId(5, Side.EW), boards=(7, 8))
    """
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(f"a Mitchell needs {MIN_TABLES} to {MAX_TABLES} tables, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    if skip and relay:
        raise MovementError("choose the skip or the share-and-relay, not both")
    if bye_stands < 0:
        raise MovementError(f"bye stands cannot be {bye_stands}")
    even = tables % 2 == 0
    if skip and not even:
        raise MovementError(f"a skip Mitchell needs an even number of tables, not {tables}")
    if relay and not even:
        raise MovementError(f"a share-and-relay Mitchell needs an even number of tables, not {tables}")
    if even and not (skip or relay):
        raise MovementError(f"{tables} tables is even: use the skip or the relay (EW would replay boards)")
    cycle = _board_cycle(tables, relay=relay, bye_stands=bye_stands)
    sets = len(cycle)
    full = tables - 1 if skip else tables
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise MovementError(f"this Mitchell has 1 to {full} rounds, not {played}")
    position = {stand: index for index, stand in enumerate(cycle) if stand}
    if relay:
        position[tables] = position[1]
    spare = iter(range(tables if relay else tables + 1, tables + sets + 1))
    label = [stand or next(spare) for stand in cycle]  # a set is named by its first stand: table t starts with set t
    if arrow_switch is True:
        switched = set(arrow_switch_rounds(played))
    elif arrow_switch is False:
        switched = set()
    else:
        switched = set(arrow_switch)
    bad = sorted(r for r in switched if not 1 <= r <= played)
    if bad:
        raise MovementError(f"arrow switch in round {bad[0]}: the movement has rounds 1 to {played}")
    seatings = []
    for round_ in range(1, played + 1):
        move = round_ - 1 + (1 if skip and round_ > tables // 2 else 0)
        for table in range(1, tables + 1):
            ew_number = (table - 1 - move) % tables + 1
            ns: PairId | None = PairId(table, Side.NS, section)
            ew: PairId | None = None if half_table and ew_number == tables else PairId(ew_number, Side.EW, section)
            board_set = label[(position[table] - (round_ - 1)) % sets]
            low = first_board + (board_set - 1) * boards_per_round
            if round_ in switched:
                ns, ew = ew, ns
            seatings.append(Seating(section, table, round_, ns, ew, tuple(range(low, low + boards_per_round))))
    name = f"Mitchell {tables} tables" + (" skip" if skip else "") + (" relay" if relay else "") + (
        f" {bye_stands} bye stand{'s' if bye_stands > 1 else ''}" if bye_stands else "") + (
        " half table" if half_table else "") + (" arrow switch " + ",".join(map(str, sorted(switched)))
                                                if switched else "")
    movement = Movement(name, tuple(seatings), sharing=relay)
    try:
        validate(movement)
    except MovementError as error:  # e.g. an odd number of bye stands: EW pairs meet their boards again
        raise MovementError(f"{name} does not work: {error}") from None
    return movement
