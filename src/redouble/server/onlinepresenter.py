"""What each watcher of an online session may see: the one home of its disclosure rule.

A player sees where they play now and next (table, direction, seat, boards, the clock) and the
secret token of their own seat only; the director sees every table, pair, clock and note, and the
links. What is seen of the boards themselves is the web table's (``presenter``); the ranking and
travellers are the club session's (``clubpresenter``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from redouble.club.movement import PairId, Seating
from redouble.club.session import Slot
from redouble.seats import Seat, Side

if TYPE_CHECKING:
    from redouble.server.online import OnlineSession, RoundTable

__all__ = ["director_view", "player_view", "seat_of"]


def seat_of(side: Side, player: int) -> Seat:
    """Player 1 of a pair sits North or East, player 2 South or West."""
    if side is Side.NS:
        return Seat.NORTH if player == 1 else Seat.SOUTH
    return Seat.EAST if player == 1 else Seat.WEST


def _place(seating: Seating, pair: PairId) -> dict[str, Any]:
    side = seating.side_of(pair)
    return {"round": seating.round, "table": seating.table, "side": None if side is None else str(side),
            "boards": list(seating.boards)}


def _clock(online: OnlineSession, round_table: RoundTable) -> dict[str, Any]:
    left = online.remaining(round_table)
    return {"status": round_table.status, "remaining": round(left, 1), "deadline": round_table.deadline.isoformat(),
            "warning": round_table.open and left <= online.warning_seconds}


def _player_name(online: OnlineSession, pair: PairId, player: int) -> str | None:
    setup = online.pairs.get(pair)
    return setup.players[player - 1] if setup is not None and len(setup.players) >= player else None


def player_view(online: OnlineSession, pair: PairId, player: int) -> dict[str, Any]:
    """One player's frame: the round, their table, direction, seat and boards, their own seat's token,
    the clock, and where they go next round."""
    state = online.live.session.state
    data: dict[str, Any] = {"type": "online", "role": "player", "id": online.id, "name": state.name,
                            "pair": str(pair), "player": player, "round": online.round,
                            "rounds": list(online.rounds), "finished": online.finished,
                            "names": state.names(pair), "you": None, "next": None,
                            "player_name": _player_name(online, pair, player),
                            "ranking": f"/club/{online.id}/ranking"}
    if online.round:
        seating = online.seating_of(pair, online.round)
        round_table = None if seating is None else online.tables.get(seating.table)
        if seating is not None and round_table is not None:
            side = seating.side_of(pair)
            assert side is not None
            seat = seat_of(side, player)
            token = round_table.tokens.get(seat)
            data["you"] = {**_place(seating, pair), "seat": seat.letter(), "table_id": round_table.table_id,
                           "token": token, "robot": token is None, **_clock(online, round_table)}
    later = [r for r in online.rounds if r > online.round]
    if later:
        following = online.seating_of(pair, later[0])
        data["next"] = {"round": later[0], "sits_out": True} if following is None else _place(following, pair)
    if online.round and data["you"] is None and not online.finished:
        data["sits_out"] = True
    return data


def director_view(online: OnlineSession, links: dict[str, Any]) -> dict[str, Any]:
    """The director's frame: every table of the round with its clock and boards, the pairs, the notes."""
    state = online.live.session.state
    tables = []
    for number, round_table in sorted(online.tables.items()):
        seating = round_table.seating
        finished = [board for board in seating.boards
                    if Slot(seating.section, seating.table, seating.round, board) in state.slots]
        tables.append({"table": number, "ns": str(seating.ns), "ew": str(seating.ew),
                       "boards": list(seating.boards), "finished": finished, "table_id": round_table.table_id,
                       **_clock(online, round_table)})
    pairs = [{"pair": str(pair), "kind": setup.kind, "players": list(setup.players),
              "present": [player for player in (1, 2) if online.present[(pair, player)]],
              "robots_from_round": online.filled.get(pair)}
             for pair, setup in sorted(online.pairs.items())]
    return {"type": "online", "role": "director", "id": online.id, "name": state.name, "round": online.round,
            "rounds": list(online.rounds), "finished": online.finished, "tables": tables, "pairs": pairs,
            "notes": [note.to_json() for note in online.notes], "links": links,
            "settings": {"seconds_per_board": online.seconds_per_board,
                         "warning_seconds": online.warning_seconds, "pace": online.pace}}
