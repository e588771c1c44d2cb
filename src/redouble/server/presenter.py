"""The one place that decides who sees what: every frame, record, download and lobby entry.

Everything the server sends is built here from a ``Table`` and a ``Viewer``; nothing else in the
server turns table state into output. The rules (docs/protocol.md, "Who sees what"):

- a seat sees its board through ``BoardState.view(seat)`` (dummy after the opening lead, a
  claimer's hand during a claim, every hand at the end — Laws 41, 68), and alerts and
  explanations reach the caller and the opponents, never the caller's partner (Law 40B);
- a board of tables sharing boards (duplicate matchpoints and IMPs across the field) is
  hidden — cards, calls, trick counts, result, par, seed — from everyone who does not sit at
  the table looked at, until every table of the group has finished it (no kibitzing ahead; a
  movement's tables, opened round by round, count those still to come: ``Table.field``);
- a seed is revealed once every table of the group has finished the board;
- chat: players read the players' channel, kibitzers the kibitzers' (and the players' only
  where the table allows it and its boards are not hidden from them); a player of another
  table of the group reads and writes neither (``sees_chat``).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from redouble.board import Board
from redouble.calls import Call
from redouble.events import CallMade
from redouble.seats import Seat, Vulnerability
from redouble.server.chat import ChatMessage
from redouble.server.errors import ServerError
from redouble.server.events import (
    AnotherStarted,
    BoardEnded,
    BoardStarted,
    ParFound,
    Played,
    ReadyForNext,
    Restored,
    RubberEnded,
    Substituted,
    UndoAnswered,
    UndoRequested,
)
from redouble.server.render import view_json
from redouble.server.store import TableRecord
from redouble.server.table import Table, chosen_name
from redouble.state import BoardState
from redouble.view import Phase

__all__ = [
    "ANONYMOUS",
    "Viewer",
    "ViewerKind",
    "board_lin",
    "board_open",
    "board_pbn",
    "board_record",
    "chat_channel",
    "chat_frame",
    "clock_frame",
    "event",
    "event_frame",
    "finished_entry",
    "held_entry",
    "kibitzer_sees_hands",
    "lobby_entry",
    "may_undo",
    "open_boards",
    "presence",
    "published",
    "sees_chat",
    "shares_boards",
    "sync",
    "table_info",
    "table_pbn",
    "traveller_frame",
    "view",
    "watchers_frame",
    "welcome",
]

SEATS: tuple[Seat, ...] = tuple(Seat)


class ViewerKind(enum.Enum):
    """Who is looking: a seat of the table, a player of another table of its group, anyone."""

    SEAT = "seat"
    OTHER_TABLE = "other_table"
    SPECTATOR = "spectator"
    ANONYMOUS = "anonymous"


@dataclass(frozen=True, slots=True)
class Viewer:
    """A viewer of one table: its seat there (``None`` for anyone else) and where else it sits."""

    seat: Seat | None = None
    elsewhere: frozenset[str] = frozenset()
    http: bool = False
    #: the language the viewer reads the table in (robots' explanations are worded in it)
    lang: str = "en"

    @property
    def kind(self) -> ViewerKind:
        """The viewer's kind, from the seat and the tables it sits at elsewhere."""
        if self.seat is not None:
            return ViewerKind.SEAT
        if self.elsewhere:
            return ViewerKind.OTHER_TABLE
        return ViewerKind.ANONYMOUS if self.http else ViewerKind.SPECTATOR

    @classmethod
    def at(cls, seat: Seat | None, elsewhere: frozenset[str] = frozenset(),
           lang: str = "en") -> Viewer:
        """A websocket viewer: a seat, or a spectator (who may sit at other tables)."""
        return cls(seat=seat, elsewhere=frozenset() if seat is not None else elsewhere, lang=lang)


ANONYMOUS = Viewer(http=True)


# --- the rules ----------------------------------------------------------------------------------


def shares_boards(table: Table) -> bool:
    """Whether a table's boards are (or may become) played at other tables too: duplicate
    matchpoints and IMPs across the field, the forms ``same_boards_as`` accepts."""
    return table.form == "duplicate" and table.scoring in ("matchpoints", "imps-cross")


def _finished_at(table: Table, number: int) -> bool:
    if any(board.number == number for board, _ in table.ended_boards):
        return True
    state = table.state
    return state is not None and table.board_no == number and state.phase is Phase.DONE


def _ended_at(table: Table, number: int) -> bool:
    return any(board.number == number for board, _ in table.ended_boards)


def _done_everywhere(table: Table, number: int, done: Callable[[Table, int], bool]) -> bool:
    """Whether every table of the group that plays board ``number`` is ``done`` with it (or has
    stopped for good), and as many tables as will ever play it (a movement's ``field``) exist."""
    playing = [other for other in table.group() if other.plays(number)]
    return len(playing) >= table.field.get(number, 0) and all(
        done(other, number) or other.finished for other in playing)


def board_open(table: Table, number: int, viewer: Viewer) -> bool:
    """Whether ``viewer`` may see board ``number`` of ``table`` beyond its seat's own view:
    its seat's own table, or a board every table of the group has finished."""
    if viewer.seat is not None or not shares_boards(table):
        return True
    return _done_everywhere(table, number, _finished_at)


def seed_revealed(table: Table, number: int) -> bool:
    """A board's seed is revealed once every table of the group has recorded its end."""
    return _done_everywhere(table, number, _ended_at)


def published(table: Table) -> bool:
    """Whether any board of the table's group is open to everyone (no table may join it then)."""
    group = table.group()
    numbers = {board.number or 0 for other in group for board, _ in other.ended_boards}
    numbers |= {other.board_no for other in group}
    return any(_done_everywhere(table, number, _finished_at) for number in numbers)


def open_boards(table: Table, viewer: Viewer) -> Iterator[tuple[Board, BoardState]]:
    """The table's finished boards ``viewer`` may see."""
    for board, state in table.ended_boards:
        if board_open(table, board.number or 0, viewer):
            yield board, state


# --- views and events ---------------------------------------------------------------------------


def view(table: Table, viewer: Viewer) -> dict[str, Any] | None:
    """``View`` of the current board for ``viewer``: its seat's ``BoardState.view``, or the
    spectators' view, veiled while the board is hidden from them."""
    state = table.state
    if state is None:
        return None
    data = view_json(state.view(viewer.seat))
    if not board_open(table, table.board_no, viewer):
        return _veiled(data)
    if kibitzer_sees_hands(table, viewer) and state.phase is not Phase.DONE:
        play = state.play
        data["hands"] = {seat.letter(): [str(card) for card in sorted(
            play.remaining(seat) if play is not None else state.deal[seat].cards)] for seat in SEATS}
    _robots_explained(table, state, viewer, data["auction"])
    return data


def kibitzer_sees_hands(table: Table, viewer: Viewer) -> bool:
    """Whether ``viewer`` is a kibitzer who sees all four hands of the board in play (as on
    BBO): a spectator who sits at no table of the group — never a player of this table looking
    on from another tab, nor one of a table that still has the board to play — at a table that
    allows it (``kibitzers_hands``); the board itself must be open to them (the group rule)."""
    return viewer.kind is ViewerKind.SPECTATOR and table.options.kibitzers_hands


def sees_explanation(table: Table, caller: Seat, viewer: Viewer, done: bool) -> bool:
    """Whether ``viewer`` sees the explanation of ``caller``'s call (Law 40B; BBO's robots):
    the caller and the opponents do; the caller's partner only when the caller is a robot
    (a person's partner waits for the board's end); spectators at the board's end."""
    seat = viewer.seat
    if done:
        return True
    if seat is None:
        return False
    return seat is caller or seat.side is not caller.side or table.is_robot(caller)


@functools.lru_cache(maxsize=4096)
def _system_words(dealer: Seat, vulnerability: Vulnerability, calls: tuple[Call, ...],
                  index: int, lang: str) -> str | None:
    """The robots' system's explanation of call ``index`` in ``lang`` (None if it has none)."""
    from redouble.robots.systems import DEFAULT_SYSTEM  # the system the server's robots bid

    try:
        return DEFAULT_SYSTEM.explain(dealer, vulnerability, calls, index, lang=lang)
    except Exception:  # a call the system does not know: keep the robot's own words
        return None


def _robots_explained(table: Table, state: BoardState, viewer: Viewer,
                      auction: list[dict[str, Any]]) -> None:
    """Robots' explanations in the viewer's language, and shown to a robot's partner (nothing
    to do at a table of people: the auction is not parsed again for every view)."""
    if not any(table.is_robot(seat) for seat in SEATS):
        return
    own: dict[Seat, Any] = {}
    calls: tuple[Call, ...] | None = None
    done = state.phase is Phase.DONE
    for index, entry in enumerate(auction):
        caller = Seat.parse(entry["seat"])
        if not table.is_robot(caller) or not sees_explanation(table, caller, viewer, done):
            continue
        if caller not in own:
            own[caller] = state.view(caller).auction
        stored = own[caller][index].explanation
        if not stored:
            continue
        if calls is None:
            calls = tuple(Call.parse(item["call"]) for item in auction)
        board = state.board
        words = stored  # the robot's own words are English
        if viewer.lang != "en":  # the agreement (Law 40B), in the viewer's language
            words = _system_words(board.dealer, board.vulnerability, calls, index,
                                  viewer.lang) or stored
        entry["explanation"] = words


def _veiled(data: dict[str, Any]) -> dict[str, Any]:
    """A view that names the board, its phase and nothing of its cards, calls or tricks."""
    data.update(hands={}, auction=[], contract=None, declarer=None, tricks=[], current_trick=None,
                declarer_tricks=0, defender_tricks=0, turn=None, actor=None, legal_calls=[],
                legal_cards=[], claim=None, deal=None, hidden=True)
    return data


def board_meta(table: Table, viewer: Viewer) -> dict[str, Any] | None:
    """``BoardMeta`` of the current board as ``viewer`` may see it."""
    state = table.state
    if state is None:
        return None
    board = state.board
    data: dict[str, Any] = {
        "number": board.number, "dealer": board.dealer.letter(),
        "vulnerability": board.vulnerability.value,
        "commitment": table.seeds[table.board_no][1], "minibridge": None}
    mini = table.minibridge
    if mini is not None and board_open(table, table.board_no, viewer):
        dummy = mini.declarer.partner
        remaining = (state.play.remaining(dummy) if state.play is not None
                     else state.deal[dummy].cards)
        data["minibridge"] = {
            "hcp": {s.letter(): mini.hcp[s] for s in SEATS},
            "declarer": mini.declarer.letter(), "dummy": dummy.letter(),
            "dummy_hand": [str(card) for card in sorted(remaining)],
            "choose": state.phase is Phase.AUCTION}
    return data


def _board_of(table: Table, seq: int) -> int:
    """The number of the board event ``seq`` (1-based) belongs to."""
    for index in range(seq - 1, -1, -1):
        stored = table.log[index]
        if isinstance(stored, BoardStarted):
            return stored.board
    return 0


def event(table: Table, seq: int, viewer: Viewer) -> dict[str, Any]:
    """Stored event number ``seq`` as ``viewer`` may see it (docs/protocol.md, ``Event``)."""
    stored = table.log[seq - 1]
    if isinstance(stored, Played | UndoRequested | UndoAnswered | ReadyForNext | ParFound):
        number = stored.board if isinstance(stored, ParFound) else _board_of(table, seq)
        if not board_open(table, number, viewer):
            return {"type": "hidden", "board": number}
    if isinstance(stored, Played):
        core = stored.event
        if isinstance(core, CallMade) and (core.alert or core.explanation):
            caller = core.seat
            if not sees_explanation(table, caller, viewer, done=False):
                return {"type": "call", "seat": caller.letter(), "call": str(core.call)}
        return core.to_json()
    if isinstance(stored, BoardEnded):
        number = stored.board
        out: dict[str, Any] = {"type": "board_end", "board": number, "result": None, "seed": None}
        if board_open(table, number, viewer):
            out["result"] = table.scored_result(number)
        if seed_revealed(table, number):
            out["seed"] = table.seeds[number][0]
        return out
    if isinstance(stored, UndoRequested | UndoAnswered | ReadyForNext | RubberEnded
                  | AnotherStarted | Substituted | Restored):
        data = stored.to_json()
        data.pop("cid", None)
        return data
    return stored.to_json()


def may_undo(table: Table, viewer: Viewer) -> bool:
    """Whether the viewer's seat may ask to take back its last call or card now (the Undo
    button is offered only then)."""
    seat = viewer.seat
    if seat is None or table.finished or table.state is None:
        return False
    return table.may_undo(seat)


def event_frame(table: Table, viewer: Viewer, *, changed: bool, more: bool) -> dict[str, Any]:
    """The ``event`` frame of the event just applied (number ``table.seq``)."""
    message: dict[str, Any] = {
        "type": "event", "seq": table.seq, "event": event(table, table.seq, viewer),
        "view": view(table, viewer), "board": board_meta(table, viewer),
        "may_undo": may_undo(table, viewer)}
    if changed:
        message["table"] = table_info(table, viewer)
    if more:
        message["more"] = True
    return message


def presence(table: Table, seat: Seat, viewer: Viewer) -> dict[str, Any]:
    """The unnumbered ``event`` frame telling that a seat connected or went away."""
    return {"type": "event", "event": {"type": "seat", "seat": seat.letter(),
                                       "connected": table.seats[seat].connected},
            "table": table_info(table, viewer)}


def welcome(table: Table, viewer: Viewer, name: str) -> dict[str, Any]:
    """The ``welcome`` frame of a new connection."""
    seat = viewer.seat
    return {"type": "welcome", "seq": table.seq,
            "you": {"seat": None if seat is None else seat.letter(),
                    "role": "spectator" if seat is None else "player", "name": name},
            "table": table_info(table, viewer), "view": view(table, viewer),
            "board": board_meta(table, viewer), "may_undo": may_undo(table, viewer)}


def sync(table: Table, viewer: Viewer, since: int) -> dict[str, Any]:
    """The ``sync`` answer to ``resume``: every event after ``since``, then the present."""
    if not 0 <= since <= table.seq:
        raise ServerError("bad_message", f"resume since must be 0 to {table.seq}, not {since}")
    events = [{"seq": number, "event": event(table, number, viewer)}
              for number in range(since + 1, table.seq + 1)]
    return {"type": "sync", "seq": table.seq, "events": events, "view": view(table, viewer),
            "board": board_meta(table, viewer), "table": table_info(table, viewer),
            "may_undo": may_undo(table, viewer)}


# --- table records ------------------------------------------------------------------------------


def _summary(table: Table, viewer: Viewer) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": table.id, "seq": table.seq, "form": table.form, "scoring": table.scoring,
        "created": created_text(table),
        "status": "finished" if table.finished else "playing",
        "board": table.board_no, "boards": table.total_boards(),
        "seats": {seat.letter(): table.seats[seat].to_json() for seat in SEATS},
        "undo_policy": table.undo_policy, "pace": table.pace}
    if table.form in ("rubber", "chicago"):  # the sheet's options (issue 12)
        options = table.sheet_options
        data["honours"] = options.honours
        data["unfinished"] = (None if table.form != "rubber" else
                              {"game": options.unfinished_game,
                               "partscore": options.unfinished_partscore})
    data.update(table.options.to_json())  # playing with people: timer, robots, chat, kibitzers
    data["substitutes"] = {seat.letter(): reason for seat, reason in sorted(table.substitutes.items())}
    if viewer.seat is not None:
        data["group"] = table.group_id
    return data


def created_text(table: Table) -> str:
    """A table's creation time as its summary shows it (to the second, UTC): the lobby's order."""
    return table.created_at.strftime("%Y-%m-%dT%H:%M:%SZ")


def lobby_entry(table: Table, watching: int = 0) -> dict[str, Any]:
    """``TableSummary`` as the lobby shows it to anyone (no group: no path to its other tables),
    with how many kibitzers watch."""
    data = _summary(table, ANONYMOUS)
    data["shares_boards"] = shares_boards(table)
    data["watching"] = watching
    return data


def table_info(table: Table, viewer: Viewer) -> dict[str, Any]:
    """``TableInfo`` for ``viewer``: results of boards hidden from it withheld, and then the
    running score too."""
    data = _summary(table, viewer)
    results = []
    hidden = False
    scored = {result["board"]: result for result in table.results()}  # rubber/Chicago: the sheet's
    for board, _state in table.ended_boards:
        number = board.number or 0
        if board_open(table, number, viewer):
            results.append(scored[number])
        else:
            hidden = True
            results.append({"board": number, "hidden": True})
    data["results"] = results
    data["score"] = None if hidden else table.score()
    data["commitments"] = [
        {"board": number, "sha256": sha, "seed": seed if seed_revealed(table, number) else None}
        for number, (seed, sha) in sorted(table.seeds.items())]
    request = table.undo_request
    data["undo_request"] = None if request is None else request.to_json()
    return data


def _finished_board(table: Table, number: int, viewer: Viewer) -> tuple[Board, BoardState]:
    for board, state in table.ended_boards:
        if board.number == number:
            if not board_open(table, number, viewer):
                break
            return board, state
    raise ServerError("not_found", f"board {number} has not been finished at this table, or "
                                   "another table on the same boards still has to play it")


def board_record(table: Table, number: int, viewer: Viewer = ANONYMOUS) -> dict[str, Any]:
    """A finished board's record: deal, auction, play, result and (if revealed) seed."""
    board, state = _finished_board(table, number, viewer)
    data = state.to_json()
    return {"table": table.id, "board": number, "dealer": board.dealer.letter(),
            "vulnerability": board.vulnerability.value, "deal": board.deal.to_pbn(),
            "view": state.view(None).to_json(), "events": data["events"],
            "result": table.scored_result(number), "commitment": table.seeds[number][1],
            "seed": table.seeds[number][0] if seed_revealed(table, number) else None}


def finished_state(table: Table, number: int, viewer: Viewer = ANONYMOUS) -> BoardState:
    """A finished board's state, if ``viewer`` may see it (analysis, downloads)."""
    return _finished_board(table, number, viewer)[1]


def board_pbn(table: Table, number: int, viewer: Viewer = ANONYMOUS) -> str:
    """One finished board as a PBN file."""
    from redouble.server import export

    return export.pbn(table, [finished_state(table, number, viewer)])


def table_pbn(table: Table, viewer: Viewer = ANONYMOUS) -> str:
    """Every finished board ``viewer`` may see as one PBN file."""
    from redouble.server import export

    return export.pbn(table, [state for _, state in open_boards(table, viewer)])


def board_lin(table: Table, number: int, viewer: Viewer = ANONYMOUS) -> str:
    """One finished board as BBO's LIN."""
    from redouble.server import export

    return export.lin(table, finished_state(table, number, viewer))


# --- the traveller (issue 12) -------------------------------------------------------------------


def traveller_frame(table: Table, number: int, viewer: Viewer,
                    ident: str | int | None = None) -> dict[str, Any]:
    """The ``traveller`` frame: every table's result on board ``number`` with its matchpoints
    (or cross-IMPs), for a viewer whose table has finished the board — never a board the viewer
    has still to play (the group rule: a seat sees its own table's finished boards, anyone
    else a board once every table has finished it)."""
    from redouble.scoring import score_traveller
    from redouble.server import sheet

    if not shares_boards(table):
        raise ServerError("not_found", "only tables sharing their boards (matchpoints, cross-IMPs) "
                                       "have a traveller")
    if not any(board.number == number for board, _ in table.ended_boards) \
            or not board_open(table, number, viewer):
        raise ServerError("not_found", f"board {number} has not been finished at this table, or "
                                       "another table on the same boards still has to play it")
    played = [(other, other.scored_result(number)) for other in table.group()]
    finished = [(other, result) for other, result in played if result is not None]
    scores = [int(result["score_ns"]) for _, result in finished]
    mps = score_traveller(scores)
    rows = []
    for index, (other, result) in enumerate(finished):
        rest = scores[:index] + scores[index + 1:]
        names = {seat: other.seats[seat].shown(seat, viewer.lang) for seat in SEATS}
        rows.append({
            "you": other is table and viewer.seat is not None,
            "ns": f"{names[Seat.NORTH]} – {names[Seat.SOUTH]}",
            "ew": f"{names[Seat.EAST]} – {names[Seat.WEST]}",
            "contract": result["contract"], "declarer": result["declarer"],
            "tricks": result["tricks"], "score_ns": result["score_ns"],
            "mp_ns": mps.ns[index], "mp_ew": mps.ew[index],
            "percent_ns": round(mps.ns_percent[index], 2),
            "percent_ew": round(mps.ew_percent[index], 2),
            "imps_ns": sheet.cross_imps(result["score_ns"], rest)})
    rows.sort(key=lambda row: (-row["score_ns"], not row["you"]))
    return {"type": "traveller", "id": ident, "board": number, "scoring": table.scoring,
            "top": mps.top, "rows": rows}
# --- playing with people: chat, kibitzers, the turn clock, the lobby's lists -------------------


def sees_chat(table: Table, channel: str, viewer: Viewer) -> bool:
    """Whether ``viewer`` reads a chat channel: players the players' (``table``), kibitzers the
    kibitzers' — and the players' too where the table allows it, unless its boards are hidden
    from them (a kibitzer must not learn a board others still play, nor pass hints to the
    players: Law 76). A player of another table of the group reads neither."""
    if viewer.http or viewer.kind is ViewerKind.OTHER_TABLE:
        return False
    if channel == "table":
        return viewer.seat is not None or (table.options.kibitzers_chat
                                           and not shares_boards(table))
    return viewer.seat is None


def chat_channel(table: Table, viewer: Viewer) -> str | None:
    """The channel ``viewer`` writes to (``None``: chat is off, or not for this viewer)."""
    if not table.options.chat or viewer.http or viewer.kind is ViewerKind.OTHER_TABLE:
        return None
    return "table" if viewer.seat is not None else "kibitzers"


def chat_frame(table: Table, messages: Iterable[ChatMessage], viewer: Viewer) -> dict[str, Any] | None:
    """The ``chat`` frame of the messages ``viewer`` may read (``None`` if none)."""
    shown = [message.to_json() for message in messages if sees_chat(table, message.channel, viewer)]
    if not shown:
        return None
    return {"type": "chat", "messages": shown}


def watchers_frame(table: Table, names: Sequence[str], viewer: Viewer) -> dict[str, Any]:
    """The ``watchers`` frame: how many kibitzers watch and the names of those who gave one."""
    del table, viewer  # every viewer at a table sees who watches it (as on BBO)
    return {"type": "watchers", "count": len(names), "names": sorted(name for name in names if name)}


def clock_frame(table: Table, seat: Seat | None, seconds: int | None, left: float,
                overtime: bool, viewer: Viewer) -> dict[str, Any]:
    """The ``clock`` frame: whose turn the timer runs on, its period and the seconds left
    (``seat`` ``None``: no clock runs). Whose turn it is, everyone at the table sees — but a
    board hidden from the viewer (tables sharing boards) shows no clock: the turn tells how far
    the board has gone."""
    if seat is None or not board_open(table, table.board_no, viewer):
        return {"type": "clock", "seat": None, "seconds": table.options.timer, "left": None,
                "overtime": False}
    return {"type": "clock", "seat": seat.letter(), "seconds": seconds, "left": round(left, 1),
            "overtime": overtime}


def finished_entry(record: TableRecord) -> dict[str, Any]:
    """A finished table as the lobby lists it: its form, when, who played, and where its
    results and hand records are (the table page and the PBN of every board it may show)."""
    return {"id": record.id, "form": record.form, "scoring": record.config.get("scoring"),
            "created": record.created_at.strftime("%Y-%m-%dT%H:%M:%SZ"), "status": record.status,
            "seats": {seat.seat: {"kind": seat.kind, "name": chosen_name(Seat.parse(seat.seat), seat.kind, seat.name)}
                      for seat in record.seats},
            "results": f"/table/{record.id}", "pbn": f"/api/tables/{record.id}/boards.pbn"}


def held_entry(table: Table, seat: Seat, expired: bool) -> dict[str, Any]:
    """A table whose seat the viewer's session holds, for the lobby's "your tables"."""
    data = lobby_entry(table)
    if expired:
        data["status"] = "expired"
    return {"seat": seat.letter(), "table": data,
            "rejoin": f"/table/{table.id}?seat={seat.letter()}"}
