"""Work the server hands to its process pool besides robots: par and the play post-mortem.

Functions here take and return plain JSON data so they cross process boundaries cheaply;
only ``redouble.analysis`` talks to DDS.
"""

from __future__ import annotations

from typing import Any

from redouble.deal import Deal
from redouble.seats import Seat, Vulnerability
from redouble.state import BoardState

__all__ = ["board_analysis", "board_par"]


def board_par(deal_pbn: str, vulnerability: str, dealer: str) -> dict[str, Any]:
    """The double-dummy par of a deal: ``{"score": NS points, "contracts": [...]}``."""
    from redouble.analysis import par

    found = par(Deal.from_pbn(deal_pbn), vulnerability=Vulnerability.parse(vulnerability),
                dealer=Seat.parse(dealer))
    data = found.to_json()
    return {"score": int(found.score), "contracts": data["contracts"]}


def board_analysis(record: dict[str, Any]) -> dict[str, Any]:
    """A finished board's post-mortem: DD table, par, and what each card cost."""
    from redouble.analysis import analyse_play, dd_table, par

    state = BoardState.from_json(record)
    board = state.board
    table = dd_table(board.deal)
    tricks = {seat.letter(): {str(strain): table.tricks(declarer=seat, strain=strain)
                              for strain in _strains()} for seat in Seat}
    cards: list[dict[str, Any]] = []
    if state.play is not None and state.play.cards_played:
        cards = [{**card.to_json(), "cost": card.cost} for card in analyse_play(state)]
    # par is a duplicate notion: rubber, Chicago and mini-bridge (scored "rubber") show none
    par_json = None if state.scoring == "rubber" else par(
        board.deal, vulnerability=board.vulnerability, dealer=board.dealer, table=table).to_json()
    return {"board": board.number, "dd_tricks": tricks, "par": par_json, "cards": cards}


def _strains() -> list[Any]:
    from redouble.cards import Strain

    return list(Strain)
