"""What each watcher of a live club session may see: the one home of the club's disclosure rule.

A table's phone sees a board's traveller only once every pair seated at that table now has a
counted result on that board, and only when the session shows travellers at the tables (Bridgemate's
"show results after play", a setting; a pair never sees a board it has still to play); the public
ranking page sees a traveller only when the board is finished everywhere; the director sees
everything. Only counted results score: confirmed by East-West, or put there by the director (a
correction or an adjusted score). An event's combined ranking is public as the published pages are: it
is built from each session as it was closed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from redouble.club.event import EventScore
from redouble.club.movement import PairId, Seating
from redouble.club.results import BoardResult
from redouble.club.scoring import Method, SessionScore
from redouble.club.session import SessionState, Slot, SlotState
from redouble.notation import Language
from redouble.seats import Side

__all__ = ["DIRECTOR", "PUBLIC", "Viewer", "counted", "counted_lines", "current_round", "event_pages",
           "event_view", "may_see", "next_moves", "ranking_view", "round_view", "slot_view", "traveller_view"]


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who watches: the director, the public ranking page, or the phone of one table (``table``)."""

    role: str
    table: int | None = None


DIRECTOR = Viewer("director")
PUBLIC = Viewer("public")


def counted(state: SlotState) -> bool:
    """Whether a slot's result scores: East-West confirmed it, or the director corrected or adjusted it."""
    return (state.adjustment is not None or Side.EW in state.confirmed
            or (state.result is not None and state.changed_seq != state.entered_seq))


def counted_lines(state: SessionState) -> dict[Slot, BoardResult]:
    """The lines the live ranking scores, by slot (adjusted scores applied)."""
    lines = {}
    for slot, slot_state in state.slots.items():
        if counted(slot_state):
            line = state.scored_line(slot)
            if line is not None:
                lines[slot] = line
    return lines


def _played(state: SessionState, pair: PairId, board: int) -> bool:
    return any(slot.board == board and counted(slot_state) and slot_state.result is not None
               and pair in (slot_state.result.ns, slot_state.result.ew)
               for slot, slot_state in state.slots.items())


def _finished(state: SessionState, board: int) -> bool:
    expected = [Slot(s.section, s.table, s.round, board) for s in state.seatings.values()
                if board in s.boards and s.ns is not None and s.ew is not None]
    return bool(expected) and all(slot in state.slots and counted(state.slots[slot]) for slot in expected)


def may_see(state: SessionState, viewer: Viewer, board: int) -> bool:
    """Whether ``viewer`` may see board ``board``'s results now (the rule the module names)."""
    if viewer.role == "director":
        return True
    if viewer.role == "table" and viewer.table is not None:
        if not state.travellers:
            return False
        seating = state.seating(table=viewer.table, round=current_round(state, viewer.table))
        pairs = seating.pairs
        return bool(pairs) and all(_played(state, pair, board) for pair in pairs)
    return _finished(state, board)


def current_round(state: SessionState, table: int, section: str = "A") -> int:
    """The first round in which the table still has a board without a counted result (else its last)."""
    rounds = sorted(r for (sec, t, r) in state.seatings if sec == section and t == table)
    if not rounds:
        raise KeyError(table)
    for round_ in rounds:
        seating = state.seatings[(section, table, round_)]
        if seating.ns is None or seating.ew is None:
            continue
        for board in seating.boards:
            slot_state = state.slots.get(Slot(section, table, round_, board))
            if slot_state is None or not (counted(slot_state) or slot_state.not_played):
                return round_
    return rounds[-1]


def _boards_text(boards: tuple[int, ...]) -> str:
    if len(boards) == 1:
        return f"board {boards[0]}"
    if len(boards) > 1 and list(boards) == list(range(boards[0], boards[0] + len(boards))):
        return f"boards {boards[0]}–{boards[-1]}"
    return "boards " + ", ".join(map(str, boards))


def next_moves(state: SessionState, seating: Seating) -> list[dict[str, Any]]:
    """Where each pair at a table goes next round: ``move to table 5 NS for boards 7–9``, or the end."""
    moves = []
    later = [s for s in state.seatings.values() if s.round == seating.round + 1 and s.section == seating.section]
    for pair, side in ((seating.ns, "NS"), (seating.ew, "EW")):
        if pair is None:
            continue
        target = next((s for s in later if pair in s.pairs), None)
        where = None if target is None else ("NS" if target.ns == pair else "EW")
        kind = ("last" if not later else "sitout" if target is None
                else "stay" if target.table == seating.table and where == side else "move")
        if target is None:
            text = f"pair {pair}: " + ("that was the last round" if kind == "last" else "sit out next round")
        else:
            verb = "stay at" if kind == "stay" else "move to"
            text = f"pair {pair}: {verb} table {target.table} {where} for {_boards_text(target.boards)}"
        moves.append({"pair": str(pair), "text": text, "kind": kind, "side": where,
                      "table": None if target is None else target.table,
                      "round": None if target is None else target.round,
                      "boards": [] if target is None else list(target.boards)})
    return moves


def _line_view(result: BoardResult) -> dict[str, Any]:
    contract = result.contract
    score = result.ns_score
    return {"board": result.board, "ns": str(result.ns), "ew": str(result.ew),
            "table": result.table, "round": result.round,
            "contract": None if contract is None else contract.format(),
            "declarer": None if contract is None or contract.declarer is None else contract.declarer.letter(),
            "tricks": result.tricks, "lead": None if result.lead is None else str(result.lead),
            "result": result.result_text(), "ns_score": score,
            "ew_score": None if score is None else (result.ew_score if result.ew_score is not None else -score)}


def slot_view(state: SessionState, slot: Slot) -> dict[str, Any]:
    """One board at one table: the entered result with its score from both sides, its confirmations."""
    slot_state = state.slots.get(slot)
    view: dict[str, Any] = {"table": slot.table, "round": slot.round, "board": slot.board,
                            "entered": False, "confirmed": False, "counted": False}
    if slot_state is None:
        return view
    view.update(entered=slot_state.result is not None, confirmed=Side.EW in slot_state.confirmed,
                counted=counted(slot_state), not_played=slot_state.not_played,
                adjustment=None if slot_state.adjustment is None else slot_state.adjustment.label())
    if slot_state.result is not None:
        view["line"] = _line_view(slot_state.result)
    return view


def round_view(state: SessionState, table: int, round_: int | None = None) -> dict[str, Any]:
    """A table's round as its phone shows it: the pairs and names, the boards in order, each board's
    state, and where everyone goes next."""
    round_ = current_round(state, table) if round_ is None else round_
    seating = state.seating(table=table, round=round_)
    rounds = sorted(r for (_, t, r) in state.seatings if t == table)
    return {"table": table, "round": round_, "rounds": rounds, "seq": state.seq,
            "ns": None if seating.ns is None else str(seating.ns),
            "ew": None if seating.ew is None else str(seating.ew),
            "ns_names": "" if seating.ns is None else state.names(seating.ns),
            "ew_names": "" if seating.ew is None else state.names(seating.ew),
            "boards": [slot_view(state, Slot(seating.section, table, round_, board)) for board in seating.boards],
            "vulnerability": {str(board): state.vulnerability(board).value for board in seating.boards},
            "next": next_moves(state, seating)}


def ranking_view(state: SessionState, score: SessionScore | None) -> dict[str, Any]:
    """The live ranking every watcher may see: places, pairs, names, totals and percentages."""
    if score is None:
        return {"fields": [], "ranking": []}
    fields = []
    for field_name in score.fields:
        fields.append({"field": field_name, "lines": [
            {"place": pair.place_text, "pair": str(pair.pair), "names": state.names(pair.pair),
             "total": round(pair.total, 2), "boards": pair.boards,
             "percentage": None if pair.percentage is None else round(pair.percentage, 2)}
            for pair in score.ranking(field_name)]})
    return {"fields": fields, "ranking": fields[0]["lines"] if fields else []}


def traveller_view(state: SessionState, score: SessionScore | None, board: int, viewer: Viewer
                   ) -> dict[str, Any] | None:
    """Board ``board``'s traveller with each line's points, or ``None`` when ``viewer`` may not see it."""
    if not may_see(state, viewer, board):
        return None
    points: Mapping[tuple[PairId, PairId], tuple[float, float]] = {}
    top = 0.0
    if score is not None:
        for scored in score.boards:
            if scored.board == board:
                points = {(line.result.ns, line.result.ew): (line.ns, line.ew) for line in scored.lines}
                top = scored.top if state.method is Method.MATCHPOINTS else 0.0
    lines = []
    for slot_state in state.traveller(board):
        if not counted(slot_state):
            continue
        line = state.scored_line(slot_state.slot)
        if line is None:
            continue
        view = _line_view(line)
        view["adjustment"] = None if slot_state.adjustment is None else slot_state.adjustment.label()
        ns_points, ew_points = points.get((line.ns, line.ew), (None, None))
        view["ns_points"], view["ew_points"] = ns_points, ew_points
        view["ns_percentage"] = None if ns_points is None or not top else round(100 * ns_points / top, 2)
        view["ew_percentage"] = None if ew_points is None or not top else round(100 * ew_points / top, 2)
        lines.append(view)
    return {"board": board, "lines": lines}


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def event_pages(session_ids: Sequence[str], language: Language) -> list[str]:
    """Each session's published page in ``language`` (``index.html`` in English, ``index-nl.html`` …)."""
    name = "index.html" if language is Language.ENGLISH else f"index-{language.value}.html"
    return [f"/club/{session_id}/pages/{name}" for session_id in session_ids]


def event_view(event: EventScore, session_ids: Sequence[str], language: Language) -> dict[str, Any]:
    """An event's combined ranking over closed sessions, as public as their published pages: each pair's place,
    names, session by session score, carry-over and combined score, with how it was found in ``language``."""
    return {"name": event.name, "method": event.method.value, "unit": event.unit, "lang": language.value,
            "sessions": [{"id": session_id, "name": name, "page": page} for session_id, name, page
                         in zip(session_ids, event.sessions, event_pages(session_ids, language), strict=True)],
            "lines": [{"place": line.place_text, "key": line.key, "names": line.names or line.key,
                       "sessions": [{"session": part.session, "pair": str(part.pair), "total": round(part.total, 2),
                                     "percentage": _rounded(part.percentage)} for part in line.parts],
                       "carry": line.carry, "score": round(line.score, 2), "percentage": _rounded(line.percentage),
                       "derivation": line.why.render(language), "why": line.why.to_json()}
                      for line in event.lines]}
