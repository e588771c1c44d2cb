"""Published movements as data: the KoPS Howells of ``emkael/howellki`` (JSON) and the explicit movements of
``thebridsk/bridgescorer`` (a small YAML subset, read here without a YAML library)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from redouble.club.movement import Movement, MovementError, PairId, Seating, validate

__all__ = [
    "HowellkiEntry",
    "IndividualMovement",
    "IndividualSeating",
    "howellki_movement",
    "load_bridgescorer",
    "load_howellki",
    "parse_simple_yaml",
]

_SEAT_RE = re.compile(r"^(\d+)([NE])$")


@dataclass(frozen=True, slots=True)
class HowellkiEntry:
    """One movement of ``movements.json``: round-1 positions, the band the moving pairs follow, the set stands."""

    key: str
    tables: int
    rounds: int
    positions: tuple[int, ...]
    band: tuple[str, ...]
    sets: tuple[int, ...]


def _entry(key: str, raw: object) -> HowellkiEntry:
    """Type one JSON entry, naming the key on a malformed one."""
    if not isinstance(raw, dict):
        raise MovementError(f"howellki {key}: expected an object")
    try:
        tables, rounds = int(raw["tables"]), int(raw["rounds"])
        positions = tuple(int(p) for p in raw["positions"])
        band = tuple(str(p) for p in raw["movement"])
        sets = tuple(int(s) for s in raw["sets"])
    except (KeyError, TypeError, ValueError) as error:
        raise MovementError(f"howellki {key}: missing or malformed field ({error})") from None
    if len(positions) != 2 * tables:
        raise MovementError(f"howellki {key}: {len(positions)} positions for {tables} tables")
    for seat in band:
        match = _SEAT_RE.match(seat)
        if match is None or not 1 <= int(match.group(1)) <= tables:
            raise MovementError(f"howellki {key}: band seat {seat!r} is not a table 1–{tables} N or E")
    if any(not 0 <= stand <= tables for stand in sets):
        raise MovementError(f"howellki {key}: a set stand outside tables 0–{tables}")
    return HowellkiEntry(key, tables, rounds, positions, band, sets)


def howellki_movement(entry: HowellkiEntry, *, boards_per_round: int = 2) -> Movement:
    """Expand a howellki entry into seatings (how.js: band pairs move one step a round, the set list rotates
    right) and validate it."""
    seat_of = {index: (index // 2 + 1, index % 2) for index in range(2 * entry.tables)}
    index_of = {f"{table}{'NE'[side]}": index for index, (table, side) in seat_of.items()}
    band = [index_of[seat] for seat in entry.band]
    occupant = list(entry.positions)
    sets = list(entry.sets)
    seatings = []
    for round_ in range(1, entry.rounds + 1):
        board_at: dict[int, int] = {}
        for number, stand in enumerate(sets, start=1):
            if stand:
                if stand in board_at:
                    raise MovementError(f"howellki {entry.key}: table {stand} round {round_} holds two sets")
                board_at[stand] = number
        for table in range(1, entry.tables + 1):
            if table not in board_at:
                raise MovementError(f"howellki {entry.key}: table {table} round {round_} has no set")
            low = (board_at[table] - 1) * boards_per_round + 1
            ns, ew = occupant[2 * (table - 1)], occupant[2 * (table - 1) + 1]
            boards = tuple(range(low, low + boards_per_round))
            seatings.append(Seating("A", table, round_, PairId(ns), PairId(ew), boards))
        moved = list(occupant)
        for step, index in enumerate(band):
            moved[band[(step + 1) % len(band)]] = occupant[index]
        occupant = moved
        sets = [sets[-1], *sets[:-1]]
    movement = Movement(f"howellki {entry.key}", tuple(seatings))
    validate(movement)
    return movement


def load_howellki(path: str | Path) -> dict[str, Movement]:
    """Every movement of a howellki ``movements.json``, expanded and validated, by key (``"9-11"``)."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise MovementError(f"{path}: line {error.lineno} column {error.colno}: {error.msg}") from None
    if not isinstance(raw, dict):
        raise MovementError(f"{path}: expected an object of movements")
    return {key: howellki_movement(_entry(key, value)) for key, value in raw.items()}


Scalar = str | int
Node = Scalar | list["Node"] | dict[str, "Node"]


def _scalar(text: str) -> Node:
    """A YAML scalar or flow sequence of scalars: quoted strings, integers, ``[1, 2]``."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(item) for item in text[1:-1].split(",") if item.strip()]
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def parse_simple_yaml(text: str) -> dict[str, Node]:
    """The YAML subset bridgescorer writes: block mappings and sequences by indentation, scalars, flow lists."""
    lines: list[tuple[int, int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.split(" #")[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not stripped.strip() or stripped.strip() == "---":
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise MovementError(f"line {number}: tabs in indentation")
        lines.append((number, len(stripped) - len(stripped.lstrip()), stripped.strip()))
    position = 0

    def block(indent: int) -> Node:
        nonlocal position
        if position >= len(lines):
            return ""
        if lines[position][2].startswith("- ") or lines[position][2] == "-":
            return sequence(lines[position][1])
        return mapping(lines[position][1])

    def mapping(indent: int, first: tuple[str, str] | None = None) -> dict[str, Node]:
        nonlocal position
        result: dict[str, Node] = {}
        pending = [first] if first else []
        while pending or (position < len(lines) and lines[position][1] == indent
                          and not lines[position][2].startswith("-")):
            if pending:
                key, rest = pending.pop()
            else:
                number, _, content = lines[position]
                if ":" not in content:
                    raise MovementError(f"line {number}: expected 'key: value', found {content!r}")
                key, rest = (part.strip() for part in content.split(":", 1))
                position += 1
            if rest:
                result[key] = _scalar(rest)
            elif position < len(lines) and (lines[position][1] > indent or (
                    lines[position][1] == indent and lines[position][2].startswith("-"))):
                result[key] = block(lines[position][1])
            else:
                result[key] = ""
        return result

    def sequence(indent: int) -> list[Node]:
        nonlocal position
        items: list[Node] = []
        while position < len(lines) and lines[position][1] == indent and lines[position][2].startswith("-"):
            content = lines[position][2]
            rest = content[1:].strip()
            position += 1
            if not rest:
                items.append(block(lines[position][1]) if position < len(lines) else "")
            elif re.match(r"^[A-Za-z_]\w*\s*:", rest):
                key, value = (part.strip() for part in rest.split(":", 1))
                inner = indent + 2 + (len(content[1:]) - len(content[1:].lstrip()) - 1)
                items.append(mapping(inner, (key, value)))
            else:
                items.append(_scalar(rest))
        return items

    result = block(0)
    if position != len(lines):
        raise MovementError(f"line {lines[position][0]}: unexpected indentation")
    if not isinstance(result, dict):
        raise MovementError("expected a mapping at the top of the file")
    return result


@dataclass(frozen=True, slots=True)
class IndividualSeating:
    """One table in one round of an individual movement: four players, partners changing every round."""

    table: int
    round: int
    north: int
    east: int
    south: int
    west: int
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class IndividualMovement:
    """An individual movement (each player partners several others), as bridgescorer publishes them."""

    name: str
    seatings: tuple[IndividualSeating, ...]
    sharing: bool = False

    def validate(self) -> None:
        """Prove no player sits twice in a round, no board is at two tables in a round unless sharing is declared,
        no player plays a board twice and no two players partner each other twice; raises ``MovementError``
        naming the table and round."""
        seated: set[tuple[int, int]] = set()
        boards_at: set[tuple[int, int]] = set()
        played: set[tuple[int, int]] = set()
        partners: set[frozenset[int]] = set()
        for s in self.seatings:
            where = f"table {s.table} round {s.round}"
            players = (s.north, s.east, s.south, s.west)
            if len(set(players)) != 4:
                raise MovementError(f"{where}: a player holds two seats")
            for player in players:
                if (s.round, player) in seated:
                    raise MovementError(f"{where}: player {player} is seated twice in the round")
                seated.add((s.round, player))
                for board in s.boards:
                    if (player, board) in played:
                        raise MovementError(f"{where}: player {player} plays board {board} again")
                    played.add((player, board))
            for board in s.boards:
                if (s.round, board) in boards_at and not self.sharing:
                    raise MovementError(f"{where}: board {board} is at two tables")
                boards_at.add((s.round, board))
            for pair in (frozenset((s.north, s.south)), frozenset((s.east, s.west))):
                if pair in partners:
                    raise MovementError(f"{where}: players {sorted(pair)} partner each other again")
                partners.add(pair)


def _int(node: Node | None, what: str) -> int:
    if not isinstance(node, int):
        raise MovementError(f"{what}: expected a number, found {node!r}")
    return node


def load_bridgescorer(path: str | Path) -> Movement | IndividualMovement:
    """A bridgescorer movement file, validated: pairs (``ns``/``ew``) or individual (``north``…``west``).

    Pairs that meet twice are declared (two-table movements), and so are sets shared within a round (relays).
    """
    document = parse_simple_yaml(Path(path).read_text(encoding="utf-8"))
    name = str(document.get("name", Path(path).stem))
    hands = document.get("hands")
    if not isinstance(hands, list) or not hands:
        raise MovementError(f"{path}: no hands")
    rows: list[dict[str, Node]] = []
    for index, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            raise MovementError(f"{path}: hand {index} is not a mapping")
        rows.append(hand)
    def boards_of(hand: dict[str, Node], where: str) -> tuple[int, ...]:
        boards = hand.get("boards")
        if not isinstance(boards, list):
            raise MovementError(f"{where}: no boards")
        return tuple(_int(board, where) for board in boards)

    if "north" in rows[0]:
        individual = []
        for hand in rows:
            where = f"{name} table {hand.get('table')} round {hand.get('round')}"
            table, round_, north, east, south, west = (_int(hand.get(key), where) for key in (
                "table", "round", "north", "east", "south", "west"))
            individual.append(IndividualSeating(table, round_, north, east, south, west, boards_of(hand, where)))
        rounds_boards = [(seat.round, board) for seat in individual for board in seat.boards]
        result = IndividualMovement(name, tuple(individual), sharing=len(set(rounds_boards)) < len(rounds_boards))
        result.validate()
        return result
    seatings = []
    for hand in rows:
        where = f"{name} table {hand.get('table')} round {hand.get('round')}"
        table, round_, ns, ew = (_int(hand.get(key), where) for key in ("table", "round", "ns", "ew"))
        seatings.append(Seating("A", table, round_, PairId(ns), PairId(ew), boards_of(hand, where)))
    probe = Movement(name, tuple(seatings), sharing=True, meets_twice=True)
    report = validate(probe)
    movement = Movement(name, tuple(seatings), sharing=bool(report.shares), meets_twice=bool(report.repeats))
    validate(movement)
    return movement
