"""A session's results in PBN 2.1, as Magic Contest publishes them: one game per board with its
``ScoreTable`` (every table's result and points, §5.9), the ranking as a ``TotalScoreTable`` in the
first game (§5.10), and with the deals an ``OptimumResultTable`` (§5.7, double dummy).

Tables are written and read with ``redouble.formats.pbn``'s ``Table``; the analysis comes from
``redouble.analysis.handrecord``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from redouble.board import board_dealer, board_vulnerability
from redouble.calls import Contract
from redouble.cards import Card
from redouble.club.movement import PairId
from redouble.club.results import BoardResult
from redouble.club.scoring import Disagreement, Method, SessionScore, differs, score_session
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.formats.pbn import Column, Game, Table, dumps, loads
from redouble.scoring.matchpoints import ArtificialScore, MatchpointScale, WeightedScore
from redouble.scoring.teams import ButlerScoring, CrossDivisor, CrossScoring, imp_scoring_from_pbn
from redouble.seats import Seat, Side

__all__ = ["WEIGHTED_COLUMN", "PbnLine", "PbnRank", "PbnResultsError", "PbnSession", "check_pbn", "read_line",
           "read_results_pbn", "result_cells", "score_pbn", "weighted_cell", "write_results_pbn"]


class PbnResultsError(BridgeError):
    """A PBN file whose result tables cannot be read as a session: no ScoreTable, an unknown scoring."""


_MP_COLUMNS = ("Table\\2R", "Round\\2R", "PairId_NS\\4R", "PairId_EW\\4R", "Contract\\5L", "Declarer\\1R",
               "Result\\2R", "Lead\\3L", "Score_NS\\6R", "Score_EW\\6R", "MP_NS\\6R", "MP_EW\\6R",
               "Percentage_NS\\6R", "Percentage_EW\\6R")
_IMP_COLUMNS = ("Table\\2R", "Round\\2R", "PairId_NS\\4R", "PairId_EW\\4R", "Contract\\5L", "Declarer\\1R",
                "Result\\2R", "Lead\\3L", "Score_NS\\6R", "Score_EW\\6R", "IMP_NS\\6R", "IMP_EW\\6R")


def _scoring_tag(session: SessionScore) -> str:
    settings = session.settings
    if settings.method is Method.MATCHPOINTS:
        return "MP" if settings.scale is MatchpointScale.MP1 else "MP2"
    if settings.method is Method.BUTLER:
        return settings.butler.name
    if settings.method is Method.CROSS_IMPS:
        return CrossScoring(CrossDivisor.COMPARISONS).name
    return "IMP"


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


_WEIGHTED = "WeightedScore"
WEIGHTED_COLUMN = f"{_WEIGHTED}\\24L"
"""A user-defined ScoreTable column (§5, "it is allowed to add columns with user defined column names") holding a
weighted score (Law 12C1c) as its NS scores and weights, ``"60% 420, 40% -50"``; PBN has no predefined one."""


def result_cells(result: BoardResult) -> list[str]:
    """A result's Contract, Declarer, Result, Lead, Score_NS and Score_EW cells (§5.9): ``-`` but the scores for an
    adjusted score; a split score (Law 12C1b) gives each side its own score, as the Score tag's ``NS <score> EW
    <score>`` does (§4.2.1)."""
    if result.ew_score is not None and result.score is not None and result.artificial is None \
            and result.weighted is None:
        return ["-", "-", "-", "-", _quoted(str(result.score)), _quoted(str(-result.ew_score))]
    if result.artificial is not None or result.weighted is not None or result.ew_score is not None:
        return ["-", "-", "-", "-", "-", "-"]
    contract = result.contract
    if contract is None:
        row = ["Pass", "-", "-"]
    else:
        assert contract.declarer is not None
        row = [str(contract), contract.declarer.letter(), "-" if result.tricks is None else str(result.tricks)]
    row.append("-" if result.lead is None else str(result.lead))
    score = result.ns_score or 0
    row += [_quoted(str(score)) if score > 0 else "-", _quoted(str(-score)) if score < 0 else "-"]
    if score == 0:
        row[-2] = _quoted("0")
    return row


def weighted_cell(result: BoardResult) -> str:
    """A result's ``WEIGHTED_COLUMN`` cell: its weighted score, else ``-``."""
    return "-" if result.weighted is None else _quoted(str(result.weighted))


def _score_row(session: SessionScore, line_points: tuple[float, float], result: BoardResult, top: float,
               datum: float | None, sections: bool, weighted: bool) -> tuple[str, ...]:
    row: list[str] = [_quoted(result.ns.section)] if sections else []
    row += [str(result.table) if result.table is not None else "-",
            str(result.round) if result.round is not None else "-",
            _quoted(str(result.ns)), _quoted(str(result.ew))]
    ns_points, ew_points = line_points
    row += result_cells(result)
    row += [_number(ns_points), _number(ew_points)]
    if session.method is Method.MATCHPOINTS:
        row += [f"{100 * ns_points / top:.2f}" if top else "50.00", f"{100 * ew_points / top:.2f}" if top else "50.00"]
    elif session.method is Method.BUTLER:
        row.append("-" if datum is None else _number(datum))
    if weighted:
        row.append(weighted_cell(result))
    return tuple(row)


def write_results_pbn(session: SessionScore, *, deals: Mapping[int, Deal] | None = None,
                      names: Mapping[PairId, str] | None = None, event: str = "", site: str = "", date: str = "",
                      analyse: bool = False) -> str:
    """The session as PBN 2.1 (§5.7, §5.9, §5.10): a game per board with its ScoreTable, the TotalScoreTable first,
    with ``analyse`` the OptimumResultTable."""
    deals = deals or {}
    names = names or {}
    sections = len({board.section for board in session.boards}) > 1
    weighted = any(line.result.weighted is not None for board in session.boards for line in board.lines)
    games: list[Game] = []
    numbers = sorted({board.board for board in session.boards})
    for index, number in enumerate(numbers):
        tags = {"Event": event, "Site": site, "Date": date, "Board": str(number), "West": "", "North": "",
                "East": "", "South": "", "Dealer": board_dealer(number).letter(),
                "Vulnerable": board_vulnerability(number).value}
        if number in deals:
            tags["Deal"] = deals[number].to_pbn()
        tags.update({"Scoring": _scoring_tag(session), "Declarer": "", "Contract": "", "Result": "",
                     "Competition": "Pairs"})
        tables: dict[str, Table] = {}
        if index == 0:
            tables["TotalScoreTable"] = _total_table(session, names)
        columns = (("Section\\2L",) if sections else ()) + (
            _MP_COLUMNS if session.method is Method.MATCHPOINTS else
            _IMP_COLUMNS + (("ButlerDatum\\5R",) if session.method is Method.BUTLER else ())) + (
            (WEIGHTED_COLUMN,) if weighted else ())
        rows = tuple(_score_row(session, (line.ns, line.ew), line.result, board.top, board.datum, sections, weighted)
                     for board in session.boards if board.board == number for line in board.lines)
        tables["ScoreTable"] = Table("ScoreTable", tuple(Column.parse(c) for c in columns), rows)
        games.append(Game(tags=tags, tables=tables))
    if analyse:
        games = _analysed(games, deals)
    return dumps(games, header=True)


def _analysed(games: list[Game], deals: Mapping[int, Deal]) -> list[Game]:
    from redouble.analysis.handrecord import analysed_game, record_boards

    known = [(i, game) for i, game in enumerate(games) if game.board in deals]
    boards = record_boards([(game.board, deals[game.board or 0], game.dealer, game.vulnerability)
                            for _, game in known])
    out = list(games)
    for (i, game), board in zip(known, boards, strict=True):
        out[i] = analysed_game(game, board)
    return out


def _total_table(session: SessionScore, names: Mapping[PairId, str]) -> Table:
    matchpoints = session.method is Method.MATCHPOINTS
    columns = ["Rank\\3R", "RankTie\\3R", "PairId\\4R", "Direction\\5R"]
    if len(session.fields) > 1:
        columns.insert(0, "Field\\6L")
    columns += ["TotalScoreMP\\8R", "TotalPercentage\\6R"] if matchpoints else ["TotalScoreIMP\\7R"]
    columns += ["Names\\40L", "NrBoards\\2R"]
    rows = []
    shared = {(pair.field, pair.place): 0 for pair in session.pairs}
    for pair in session.pairs:
        shared[(pair.field, pair.place)] += 1
    for pair in session.pairs:
        north_south = 2 * sum(card.direction is Side.NS for card in pair.card) >= len(pair.card)
        direction = pair.pair.direction or (Side.NS if north_south else Side.EW)
        row = [_quoted(pair.field)] if len(session.fields) > 1 else []
        last = pair.place + shared[(pair.field, pair.place)] - 1  # Magic Contest: "4 5" is 4th-5th equal
        row += [str(pair.place), str(last) if pair.tied else "-", _quoted(str(pair.pair)),
                _quoted("N-S" if direction is Side.NS else "E-W"), _number(pair.total)]
        if matchpoints:
            row.append(f"{pair.percentage or 0.0:.2f}")
        row += [_quoted(names.get(pair.pair, "")), str(pair.boards)]
        rows.append(tuple(row))
    return Table("TotalScoreTable", tuple(Column.parse(c) for c in columns), tuple(rows))


# --- reading ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PbnLine:
    """A ScoreTable row: the result, and the points and datum the file publishes for it."""

    result: BoardResult
    ns_points: float | None
    ew_points: float | None
    datum: float | None = None


@dataclass(frozen=True, slots=True)
class PbnRank:
    """A TotalScoreTable row: the pair, its published rank, total, percentage, boards and names."""

    pair: PairId
    rank: int
    tied: bool
    total: float | None
    percentage: float | None
    boards: int | None
    names: str = ""
    field: str = ""


@dataclass(frozen=True, slots=True)
class PbnSession:
    """The results a PBN file publishes: its Scoring tag, every ScoreTable row, the TotalScoreTable and the deals."""

    scoring: str
    lines: tuple[PbnLine, ...]
    ranking: tuple[PbnRank, ...]
    deals: tuple[tuple[int, Deal], ...] = ()

    @property
    def results(self) -> tuple[BoardResult, ...]:
        """Every table's result."""
        return tuple(line.result for line in self.lines)

    @property
    def winners(self) -> int:
        """2 when the TotalScoreTable ranks NS and EW apart (fields named NS/EW, or two pairs placed first), else 1."""
        if any(rank.field for rank in self.ranking):
            return 2 if any(rank.field.split()[-1] in ("NS", "EW") for rank in self.ranking if rank.field) else 1
        return 2 if sum(rank.rank == 1 and not rank.tied for rank in self.ranking) == 2 else 1


def _text(value: int | float | str | None) -> str | None:
    return None if value is None else str(value)


def _float(value: int | float | str | None) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def read_line(board: int, record: Mapping[str, int | float | str | None], method_imps: bool) -> PbnLine:
    """One ScoreTable row as a result with its published points (an artificial score from its percentages)."""
    section = _text(record.get("Section")) or "A"
    ns_text, ew_text = _text(record.get("PairId_NS")), _text(record.get("PairId_EW"))
    if ns_text is None or ew_text is None:
        raise PbnResultsError(f"board {board}: a ScoreTable row without PairId_NS and PairId_EW")
    ns, ew = PairId.parse(ns_text, section=section), PairId.parse(ew_text, section=section)
    points_ns = _float(record.get("IMP_NS" if method_imps else "MP_NS"))
    points_ew = _float(record.get("IMP_EW" if method_imps else "MP_EW"))
    datum = _float(record.get("ButlerDatum"))
    table, round_ = record.get("Table"), record.get("Round")
    table_no = table if isinstance(table, int) else None
    round_no = round_ if isinstance(round_, int) else None
    contract_text = _text(record.get("Contract"))
    score_ns, score_ew = _float(record.get("Score_NS")), _float(record.get("Score_EW"))
    weighted = _text(record.get(_WEIGHTED))
    if weighted is not None:
        result = BoardResult(board, ns, ew, weighted=WeightedScore.parse(weighted), table=table_no, round=round_no)
        return PbnLine(result, points_ns, points_ew, datum)
    if contract_text is None and score_ns is not None and score_ew is not None and score_ew != -score_ns:
        result = BoardResult(board, ns, ew, score=int(score_ns), ew_score=-int(score_ew), table=table_no,
                             round=round_no)
        return PbnLine(result, points_ns, points_ew, datum)
    if contract_text is None and score_ns is None and score_ew is None:
        percent_ns, percent_ew = _float(record.get("Percentage_NS")), _float(record.get("Percentage_EW"))
        if percent_ns is None and method_imps and points_ns is not None and points_ew is not None:
            percent_ns, percent_ew = 50 + points_ns / 0.3, 50 + points_ew / 0.3
        if percent_ns is None or percent_ew is None:
            raise PbnResultsError(f"board {board}, {ns} v {ew}: an artificial score without its percentages")
        artificial = ArtificialScore(round(percent_ns, 6), round(percent_ew, 6))
        result = BoardResult(board, ns, ew, artificial=artificial, table=table_no, round=round_no)
        return PbnLine(result, points_ns, points_ew, datum)
    score = int(score_ns) if score_ns is not None else -int(score_ew) if score_ew is not None else None
    if contract_text is None or contract_text.upper() in ("PASS", "P"):
        result = BoardResult(board, ns, ew, score=score or 0, table=table_no, round=round_no)
        return PbnLine(result, points_ns, points_ew, datum)
    declarer_text = _text(record.get("Declarer"))
    contract = Contract.parse(contract_text, declarer=Seat.parse(declarer_text) if declarer_text else None)
    tricks = record.get("Result")
    lead_text = _text(record.get("Lead"))
    result = BoardResult(board, ns, ew, contract, Card.parse(lead_text) if lead_text else None,
                         tricks if isinstance(tricks, int) else None, score, table=table_no, round=round_no)
    return PbnLine(result, points_ns, points_ew, datum)


def read_results_pbn(text: str | bytes) -> PbnSession:
    """The ScoreTables, TotalScoreTable and deals of a PBN file (``ParseError`` with line and column if malformed)."""
    games = loads(text)
    scoring = ""
    lines: list[PbnLine] = []
    ranking: list[PbnRank] = []
    deals: list[tuple[int, Deal]] = []
    for game in games:
        scoring = game.tag("Scoring") or scoring
        number = game.board
        if number is not None and game.deal is not None:
            deals.append((number, game.deal))
        imps = scoring.upper().startswith("IMP")
        table = game.table("ScoreTable")
        if table is not None:
            if number is None:
                raise PbnResultsError("a ScoreTable in a game without a Board tag")
            try:
                lines.extend(read_line(number, record, imps) for record in table.records())
            except BridgeError as error:
                raise PbnResultsError(f"board {number}: {error}") from None
        totals = game.table("TotalScoreTable")
        if totals is not None:
            ranking = [_read_rank(record) for record in totals.records()]
    if not lines:
        raise PbnResultsError("the PBN file has no ScoreTable: no results to read")
    return PbnSession(scoring, tuple(lines), tuple(ranking), tuple(deals))


def _read_rank(record: Mapping[str, int | float | str | None]) -> PbnRank:
    pair_text = _text(record.get("PairId"))
    rank = record.get("Rank")
    if pair_text is None or not isinstance(rank, int):
        raise PbnResultsError("a TotalScoreTable row without a PairId and a Rank")
    total = next((_float(record[name]) for name in ("TotalScoreMP", "TotalMP", "TotalScoreIMP", "TotalIMP",
                                                     "TotalScore") if record.get(name) is not None), None)
    boards = record.get("NrBoards")
    field = _text(record.get("Field")) or ""
    section = field.split()[0] if field and field != "all" else "A"
    return PbnRank(PairId.parse(pair_text, section=section), rank, record.get("RankTie") is not None, total,
                   _float(record.get("TotalPercentage")), boards if isinstance(boards, int) else None,
                   _text(record.get("Names")) or "", field)


def score_pbn(session: PbnSession) -> SessionScore:
    """Rescore the file's results by its ``Scoring`` tag (MP, MP2, IMP;Butler…, IMP;Cross2)."""
    tag = session.scoring.strip()
    key = tag.upper()
    if key.startswith("MP") or key.startswith("MATCHPOINT"):
        scale = MatchpointScale.MP2 if key.startswith("MP2") else MatchpointScale.MP1
        return score_session(session.results, method=Method.MATCHPOINTS, scale=scale, winners=session.winners,
                             session_rule=False)
    try:
        method = imp_scoring_from_pbn(tag)
    except BridgeError as error:
        raise PbnResultsError(f"Scoring {tag!r}: {error}") from None
    if isinstance(method, ButlerScoring):
        return score_session(session.results, method=Method.BUTLER, butler=method, winners=session.winners)
    if method.divisor is not CrossDivisor.COMPARISONS:
        raise PbnResultsError(f"Scoring {tag!r}: redouble club scores cross-IMPs averaged per comparison (Cross2)")
    return score_session(session.results, method=Method.CROSS_IMPS, winners=session.winners)


def check_pbn(session: PbnSession, score: SessionScore | None = None) -> list[Disagreement]:
    """Each published IMP or MP, Butler datum, total, percentage or rank that the recomputation does not give."""
    score = score or score_pbn(session)
    unit = "MP" if score.method is Method.MATCHPOINTS else "IMP"
    found: list[Disagreement] = []
    for line in session.lines:
        result = line.result
        board = score.board(result.board, result.ns.section)
        scored = board.line_of(result.ns)
        assert scored is not None
        where = f"board {result.board}, {result.ns} v {result.ew}"
        for side, published, value, raw in (("NS", line.ns_points, scored.ns, scored.ns_raw),
                                            ("EW", line.ew_points, scored.ew, scored.ew_raw)):
            if published is not None and differs(repr(published), value) and differs(repr(published), raw):
                found.append(Disagreement(where, f"{unit}_{side}", _number(published), _number(value)))
        if line.datum is not None and board.datum is not None and differs(repr(line.datum), board.datum):
            found.append(Disagreement(where, "ButlerDatum", _number(line.datum), _number(board.datum)))
    for rank in session.ranking:
        where = f"pair {rank.pair}"
        try:
            pair = score.pair(rank.pair)
        except BridgeError:
            found.append(Disagreement(where, "Rank", str(rank.rank), "no results"))
            continue
        if rank.total is not None and differs(repr(rank.total), pair.total):
            found.append(Disagreement(where, f"TotalScore{unit}", _number(rank.total), _number(pair.total)))
        if rank.percentage is not None and pair.percentage is not None \
                and differs(repr(rank.percentage), pair.percentage):
            found.append(Disagreement(where, "TotalPercentage", _number(rank.percentage), f"{pair.percentage:.2f}"))
        if rank.rank != pair.place:
            found.append(Disagreement(where, "Rank", str(rank.rank), pair.place_text))
    return found
