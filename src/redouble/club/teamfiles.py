"""A teams session in the interchange formats: PBN 2.1 result tables and USEBIO 1.2, written and read back.

PBN (§5.9, §5.10): one game per board with ``[Competition "Teams"]`` and ``[Scoring "IMP"]``; its
``ScoreTable`` has a row per room where the board was played (``Room`` Open or Closed, the two teams
``TeamId_NS``/``TeamId_EW``, the result and the IMPs each side won on the comparison), the first game's
``TotalScoreTable`` ranks the teams (``TeamId``, ``TeamName``, ``TotalScoreVP``, ``TotalScoreIMP``).

USEBIO 1.2 (``EVENT_TYPE="TEAMS"``, as the USEBIO element list and ImportUsebio read it): the teams in
``PARTICIPANTS`` as ``TEAM`` (``TEAM_ID`` and ``TEAM_NAME`` attributes; place, VPs, pairs and players), one
``MATCH`` per match (its round, the two teams, IMPs each way, VPs each way, net IMPs) with its boards' traveller
lines (``DIRECTION`` where the match's ``TEAM`` sat: NS in the open room, EW in the closed), and ``HANDSET``
beside ``EVENT``: only the standard's elements (``usebio.ELEMENTS``).

Adjusted scores (Law 12C) go with their room: an artificial score as its percentages (PBN ``Percentage_NS``/
``Percentage_EW``, USEBIO ``SCORE`` ``A6040``); a split score (Law 12C1b) as each side's own score (PBN ``Score_NS``
and ``Score_EW`` both, USEBIO ``SCORE`` ``620/650``, both from NS's side); a weighted score (Law 12C1c) as its
scores and weights (PBN's user-defined ``WeightedScore`` column, USEBIO ``SCORE`` ``60% 420, 40% -50``). USEBIO 1.2
has no element for either (``usebio.TRAVELLER_LINE``): ``SCORE`` carries them as codes, as it carries ``A6040``.

Reading either back gives the results, the teams and their pairs, so ``score_team_lines`` rescores it
to the same ranking (``redouble.club.teamscore``).
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from redouble.board import board_dealer, board_vulnerability
from redouble.club.derivation import number_text
from redouble.club.movement import PairId, Seating
from redouble.club.pbnresults import WEIGHTED_COLUMN, PbnResultsError, read_line, result_cells, weighted_cell
from redouble.club.results import BoardResult
from redouble.club.teamscore import TeamsScore, score_teams
from redouble.club.usebio import DOCTYPE, UsebioError, UsebioLine, board_result, hands_node, line_of, parse_xml
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.formats.pbn import Column, Game, Table, dumps, loads
from redouble.scoring.vp import WBF_CONTINUOUS, VPScale

__all__ = ["TeamLine", "TeamsFile", "read_teams_pbn", "read_teams_usebio", "score_team_lines", "write_teams_pbn",
           "write_teams_usebio"]

Teams = Mapping[int, tuple[str, tuple[PairId, ...]]]

_COLUMNS = ("Round\\2R", "Table\\2R", "Room\\6L", "TeamId_NS\\2R", "TeamId_EW\\2R", "PairId_NS\\4R", "PairId_EW\\4R",
            "Contract\\5L", "Declarer\\1R", "Result\\2R", "Lead\\3L", "Score_NS\\6R", "Score_EW\\6R", "IMP_NS\\6R",
            "IMP_EW\\6R", "Percentage_NS\\3R", "Percentage_EW\\3R")
_TOTALS = ("Rank\\3R", "RankTie\\3R", "TeamId\\3R", "TeamName\\20L", "TotalScoreVP\\7R", "TotalScoreIMP\\6R",
           "NrMatches\\2R", "Names\\60L")


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A room's result in a teams file: the result (with table and round), the room (Open or Closed) and the
    IMPs the file publishes for its NS team."""

    result: BoardResult
    room: str
    ns_imps: float | None = None


@dataclass(frozen=True, slots=True)
class TeamsFile:
    """What a teams PBN or USEBIO file holds: the teams and their pairs, every room's result, the published
    ranking (team, place, VPs, IMPs) and the deals."""

    teams: tuple[tuple[int, str, tuple[PairId, ...]], ...]
    lines: tuple[TeamLine, ...]
    ranking: tuple[tuple[int, str, float | None, float | None], ...]
    deals: tuple[tuple[int, Deal], ...] = ()

    @property
    def team_map(self) -> dict[int, tuple[str, tuple[PairId, ...]]]:
        """Team number → (name, pairs), as ``score_teams`` takes it."""
        return {number: (name, pairs) for number, name, pairs in self.teams}


def score_team_lines(lines: Iterable[BoardResult], teams: Teams, *,
                     scale: VPScale | str = WBF_CONTINUOUS) -> TeamsScore:
    """Score results that carry their table and round as team matches: each table and round's boards are
    the seating (as played), so a file read back rescores without its movement."""
    results = list(lines)
    seated: dict[tuple[str, int, int], tuple[PairId, PairId, set[int]]] = {}
    for result in results:
        if result.table is None or result.round is None:
            raise BridgeError(f"board {result.board}, {result.ns} v {result.ew}: a team result needs its table "
                              "and round")
        key = (result.ns.section, result.table, result.round)
        seated.setdefault(key, (result.ns, result.ew, set()))[2].add(result.board)
    seatings = [Seating(section, table, round_, ns, ew, tuple(sorted(boards)))
                for (section, table, round_), (ns, ew, boards) in sorted(seated.items())]
    return score_teams(seatings, results, teams, scale=scale)


def _team_rows(score: TeamsScore, teams: Teams) -> list[tuple[int, str, BoardResult, float | None]]:
    """(board, room, result, NS IMPs) for every room of every match, board by board."""
    of = {pair: number for number, (_, pairs) in teams.items() for pair in pairs}
    rows = []
    for card in score.matches:
        for rooms in card.boards:
            for room, result in (("Open", rooms.open_room), ("Closed", rooms.closed_room)):
                if result is None:
                    continue
                home_ns = of.get(result.ns) == card.home
                imps = None if rooms.imps is None else (rooms.imps if home_ns else -rooms.imps)
                rows.append((rooms.board, room, result, imps))
    return sorted(rows, key=lambda row: (row[0], row[2].round or 0, row[2].table or 0))


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- PBN ------------------------------------------------------------------------------------------------


def write_teams_pbn(score: TeamsScore, teams: Teams, *, deals: Mapping[int, Deal] | None = None,
                    names: Mapping[PairId, str] | None = None, event: str = "", date: str = "") -> str:
    """A teams session as PBN 2.1: every room's result with its IMPs, the teams ranked by VPs."""
    deals, names = deals or {}, names or {}
    of = {pair: number for number, (_, pairs) in teams.items() for pair in pairs}
    rows = _team_rows(score, teams)
    weighted = any(row[2].weighted is not None for row in rows)
    columns = tuple(Column.parse(c) for c in _COLUMNS + ((WEIGHTED_COLUMN,) if weighted else ()))
    games = []
    for index, number in enumerate(sorted({row[0] for row in rows})):
        tags = {"Event": event, "Site": "", "Date": date, "Board": str(number), "West": "", "North": "", "East": "",
                "South": "", "Dealer": board_dealer(number).letter(), "Vulnerable": board_vulnerability(number).value}
        if number in deals:
            tags["Deal"] = deals[number].to_pbn()
        tags.update({"Scoring": "IMP", "Declarer": "", "Contract": "", "Result": "", "Competition": "Teams"})
        tables = {}
        if index == 0:
            tables["TotalScoreTable"] = _total_table(score, teams, names)
        table_rows = []
        for _, room, result, imps in (row for row in rows if row[0] == number):
            artificial = result.artificial
            table_rows.append((
                "-" if result.round is None else str(result.round), "-" if result.table is None else str(result.table),
                _quoted(room), str(of[result.ns]), str(of[result.ew]), _quoted(str(result.ns)), _quoted(str(result.ew)),
                *result_cells(result), "-" if imps is None else number_text(imps),
                "-" if imps is None else number_text(-imps),
                "-" if artificial is None else number_text(artificial.ns),
                "-" if artificial is None else number_text(artificial.ew),
                *((weighted_cell(result),) if weighted else ())))
        tables["ScoreTable"] = Table("ScoreTable", columns, tuple(table_rows))
        games.append(Game(tags=tags, tables=tables))
    return dumps(games, header=True)


def _total_table(score: TeamsScore, teams: Teams, names: Mapping[PairId, str]) -> Table:
    rows = []
    for line in score.ranking:
        last = line.place + sum(other.place == line.place for other in score.ranking) - 1
        players = " / ".join(names.get(pair, str(pair)) for pair in teams[line.team][1])
        rows.append((str(line.place), str(last) if line.tied else "-", str(line.team), _quoted(line.name),
                     number_text(line.victory_points), number_text(line.imps), str(line.matches), _quoted(players)))
    return Table("TotalScoreTable", tuple(Column.parse(c) for c in _TOTALS), tuple(rows))


def _value(record: Mapping[str, int | float | str | None], name: str) -> str | None:
    value = record.get(name)
    return None if value is None else str(value)


def read_teams_pbn(text: str | bytes) -> TeamsFile:
    """A teams PBN file's rooms, teams and ranking (``ParseError`` with line and column if malformed)."""
    lines: list[TeamLine] = []
    members: dict[int, set[PairId]] = {}
    names: dict[int, str] = {}
    ranking: list[tuple[int, str, float | None, float | None]] = []
    deals = []
    for game in loads(text):
        number = game.board
        if number is not None and game.deal is not None:
            deals.append((number, game.deal))
        totals = game.table("TotalScoreTable")
        for record in () if totals is None else totals.records():
            team, name = _value(record, "TeamId"), _value(record, "TeamName") or ""
            if team is None or not team.isdigit():
                raise PbnResultsError("a teams TotalScoreTable row without a TeamId")
            names[int(team)] = name
            vps, imps = record.get("TotalScoreVP"), record.get("TotalScoreIMP")
            ranking.append((int(team), name, float(vps) if isinstance(vps, int | float) else None,
                            float(imps) if isinstance(imps, int | float) else None))
        table = game.table("ScoreTable")
        if table is None:
            continue
        if number is None:
            raise PbnResultsError("a ScoreTable in a game without a Board tag")
        for record in table.records():
            try:
                line = read_line(number, record, True)
                sides = [int(str(record.get(name))) for name in ("TeamId_NS", "TeamId_EW")]
            except (BridgeError, ValueError) as error:
                raise PbnResultsError(f"board {number}: {error}") from None
            members.setdefault(sides[0], set()).add(line.result.ns)
            members.setdefault(sides[1], set()).add(line.result.ew)
            lines.append(TeamLine(line.result, _value(record, "Room") or "", line.ns_points))
    if not lines:
        raise PbnResultsError("the PBN file has no ScoreTable: no results to read")
    teams = tuple((number, names.get(number, f"Team {number}"), tuple(sorted(pairs)))
                  for number, pairs in sorted(members.items()))
    return TeamsFile(teams, tuple(lines), tuple(ranking), tuple(deals))


# --- USEBIO ---------------------------------------------------------------------------------------------


def _sub(parent: ET.Element, tag: str, text: str) -> ET.Element:
    child = ET.SubElement(parent, tag)
    child.text = text or None
    return child


def write_teams_usebio(score: TeamsScore, teams: Teams, *, names: Mapping[PairId, Iterable[str]] | None = None,
                       deals: Mapping[int, Deal] | None = None, club: str = "", event: str = "",
                       date: str = "") -> str:
    """A teams session as USEBIO 1.2 (``EVENT_TYPE="TEAMS"``): the teams ranked by VPs, every match with its
    IMPs, VPs and both rooms' traveller lines, the hands in ``HANDSET``."""
    from redouble.club.usebio import version

    names = names or {}
    root = ET.Element("USEBIO", {"Version": "1.2"})
    _sub(ET.SubElement(root, "CLUB"), "CLUB_NAME", club)
    element = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "TEAMS"})
    boards = sorted({rooms.board for card in score.matches for rooms in card.boards
                     if rooms.open_room or rooms.closed_room})
    for tag, text in (("EVENT_DESCRIPTION", event), ("PROGRAM_NAME", "redouble"), ("PROGRAM_VERSION", version()),
                      ("WINNER_TYPE", "1"), ("DATE", date), ("BOARD_SCORING_METHOD", "IMPS"),
                      ("MATCH_SCORING_METHOD", "VICTORY_POINTS"), ("BOARDS_PLAYED", str(len(boards))),
                      ("SESSION_COUNT", "1"), ("SECTION_COUNT", "1")):
        _sub(element, tag, text)
    participants = ET.SubElement(element, "PARTICIPANTS", {"EVENT_TYPE": "TEAMS"})
    for line in score.ranking:  # a team's IMPs are its matches' (MATCH IMPS): USEBIO's TEAM has none of its own
        team = ET.SubElement(participants, "TEAM", {"TEAM_ID": str(line.team), "TEAM_NAME": line.name})
        for tag, text in (("PLACE", line.place_text), ("TOTAL_SCORE", number_text(line.victory_points))):
            _sub(team, tag, text)
        for pair_id in teams[line.team][1]:
            pair = ET.SubElement(team, "PAIR")
            _sub(pair, "PAIR_NUMBER", str(pair_id))
            for name in names.get(pair_id, ()):
                _sub(ET.SubElement(pair, "PLAYER"), "PLAYER_NAME", name)
    for round_number, card in enumerate(score.matches, start=1):
        match = ET.SubElement(element, "MATCH")
        rounds = {room.round for rooms in card.boards for room in (rooms.open_room, rooms.closed_room) if room}
        home_vp, away_vp = card.victory_points
        for tag, text in (("ROUND_NUMBER", str(min((r for r in rounds if r is not None), default=round_number))),
                          ("TEAM", str(card.home)), ("OPPOSING_TEAM", str(card.away)),
                          ("TEAM_SCORE", number_text(sum(max(r.imps or 0, 0) for r in card.boards))),
                          ("OPPOSING_TEAM_SCORE", number_text(sum(max(-(r.imps or 0), 0) for r in card.boards))),
                          ("TEAM_VICTORY_POINTS", number_text(home_vp)),
                          ("OPPOSING_TEAM_VICTORY_POINTS", number_text(away_vp)), ("IMPS", number_text(card.imps))):
            _sub(match, tag, text)
        for rooms in card.boards:
            if rooms.open_room is None and rooms.closed_room is None:
                continue
            board = ET.SubElement(match, "BOARD")
            _sub(board, "BOARD_NUMBER", str(rooms.board))
            for room, result in (("Open", rooms.open_room), ("Closed", rooms.closed_room)):
                if result is not None:  # DIRECTION: where the match's TEAM sat, NS in the open room
                    _traveller(board, "NS" if room == "Open" else "EW", result)
    if deals:
        root.append(hands_node(deals).element())
    ET.indent(root, space="  ")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{ET.tostring(root, encoding="unicode")}\n'


def _traveller(board: ET.Element, direction: str, result: BoardResult) -> None:
    line = line_of(result)  # an adjusted score is its code in SCORE alone, as A6040 stands alone
    traveller = ET.SubElement(board, "TRAVELLER_LINE")
    for tag, text in (("DIRECTION", direction), ("NS_PAIR_NUMBER", line.ns), ("EW_PAIR_NUMBER", line.ew),
                      ("CONTRACT", line.contract),
                      ("PLAYED_BY", line.played_by), ("LEAD", line.lead), ("TRICKS", line.tricks),
                      ("SCORE", line.score)):
        if text or tag in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "SCORE"):
            _sub(traveller, tag, text)


def _text(element: ET.Element, tag: str) -> str:
    found = element.find(tag)
    return "" if found is None or found.text is None else found.text.strip()


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def read_teams_usebio(text: str | bytes) -> TeamsFile:
    """A USEBIO 1.2 teams event (``EVENT_TYPE`` TEAMS or SWISS_TEAMS): its teams, matches' rooms and ranking.

    Each ``MATCH`` holds its round and its boards' lines, each line's ``DIRECTION`` where the match's ``TEAM`` sat
    (``NS``: the open room); a room's table is numbered within its round, one per NS and EW pair seated together.
    A team's IMPs are its matches' ``IMPS`` added up, from its side."""
    root = parse_xml(text)
    event = root.find("EVENT")
    kind = "" if event is None else event.get("EVENT_TYPE", "")
    if event is None or kind not in ("TEAMS", "SWISS_TEAMS"):
        raise UsebioError(f"not a USEBIO teams event: EVENT_TYPE {kind!r}")
    teams = []
    for team in event.iterfind(".//PARTICIPANTS/TEAM"):
        number = team.get("TEAM_ID") or _text(team, "TEAM_NUMBER")
        if not number.isdigit():
            raise UsebioError(f"a <TEAM> has TEAM_ID {number!r}, not a team number")
        name = team.get("TEAM_NAME") or _text(team, "TEAM_NAME")
        pairs = tuple(PairId.parse(_text(pair, "PAIR_NUMBER")) for pair in team.findall("PAIR"))
        teams.append((int(number), name, pairs, _number(_text(team, "TOTAL_SCORE")), _number(_text(team, "IMPS"))))
    imps: dict[int, float] = {}
    lines = []
    tables: dict[tuple[int, PairId, PairId], int] = {}
    for index, match in enumerate(event.iter("MATCH"), start=1):
        round_text, home, away = (_text(match, tag) for tag in ("ROUND_NUMBER", "TEAM", "OPPOSING_TEAM"))
        round_ = int(round_text) if round_text.isdigit() else index
        net = _number(_text(match, "IMPS"))
        if net is not None and home.isdigit() and away.isdigit():
            imps[int(home)] = imps.get(int(home), 0.0) + net
            imps[int(away)] = imps.get(int(away), 0.0) - net
        for board in match.iter("BOARD"):
            lines += _match_lines(board, round_, tables)
    if not lines:
        raise UsebioError("the teams event has no <MATCH> with traveller lines")
    ranking = tuple((number, name, vps, own if own is not None else imps.get(number))
                    for number, name, _, vps, own in teams)
    return TeamsFile(tuple((number, name, pairs) for number, name, pairs, _, _ in teams), tuple(lines), ranking)


def _match_lines(board: ET.Element, round_: int, tables: dict[tuple[int, PairId, PairId], int]) -> list[TeamLine]:
    """A match's board's traveller lines, each at its round and at the table its pairs share in that round."""
    number_text_ = _text(board, "BOARD_NUMBER")
    if not number_text_.isdigit():
        raise UsebioError(f"a <BOARD> has BOARD_NUMBER {number_text_!r}, not a board number")
    lines = []
    for traveller in board.findall("TRAVELLER_LINE"):
        line = UsebioLine(_text(traveller, "NS_PAIR_NUMBER"), _text(traveller, "EW_PAIR_NUMBER"),
                          _text(traveller, "CONTRACT"), _text(traveller, "PLAYED_BY"), _text(traveller, "LEAD"),
                          _text(traveller, "TRICKS"), _text(traveller, "SCORE"))
        result = board_result(int(number_text_), line)
        seated = (round_, result.ns, result.ew)
        table = tables.setdefault(seated, 1 + sum(key[0] == round_ for key in tables))
        direction = _text(traveller, "DIRECTION").upper()
        room = "Open" if direction in ("NS", "OPEN") else "Closed" if direction in ("EW", "CLOSED") else ""
        lines.append(TeamLine(dataclasses.replace(result, table=table, round=round_), room))
    return lines
