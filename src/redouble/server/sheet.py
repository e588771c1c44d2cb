"""The table's score sheet: the server's one integration point with ``redouble.scoring``.

Every number comes from ``redouble.scoring`` (Law 77 duplicate scores, IMPs, matchpoints,
the rubber sheet, Chicago, mini-bridge); this module only arranges the results of a table's
boards into the ``Score`` and ``BoardResult`` shapes of docs/protocol.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redouble.board import board_dealer
from redouble.calls import Contract
from redouble.deal import Deal
from redouble.scoring import Chicago, Rubber, duplicate_score, imps, minibridge_score, score_traveller
from redouble.scoring.sheet import EntryKind, SheetEntry
from redouble.seats import Seat, Side, Vulnerability

__all__ = [
    "SheetOptions",
    "cross_imps",
    "finished_count",
    "honours_of",
    "imps_between",
    "keepers",
    "matchpoint_percent",
    "next_deal",
    "score_ns",
    "score_sheet",
    "sheet_results",
]


def _ns(contract: Contract | None, points: int) -> int:
    if contract is None or contract.declarer is None:
        return points
    return points if contract.declarer.side is Side.NS else -points


def score_ns(form: str, contract: Contract | None, tricks: int | None,
             vulnerability: Vulnerability, *, minibridge: bool = False) -> int:
    """A board's score from North-South's side (Law 77; mini-bridge by its own table).

    >>> score_ns("duplicate", Contract.parse("4S", declarer=Seat.EAST), 10, Vulnerability.NONE)
    -420
    """
    if contract is None:
        return 0
    assert tricks is not None
    if minibridge:
        return _ns(contract, minibridge_score(contract, tricks=tricks))
    points = duplicate_score(contract, tricks=tricks, vulnerable=vulnerability)
    return _ns(contract, points)


def imps_between(score: int, reference: int) -> int:
    """IMPs for NS scoring ``score`` where the reference (par, another table) is ``reference``."""
    return imps(score - reference)


def cross_imps(score: int, others: list[int]) -> float | None:
    """Cross-IMPs: the average of the IMPs against each other table's score."""
    if not others:
        return None
    return round(sum(imps(score - other) for other in others) / len(others), 2)


def matchpoint_percent(score: int, others: list[int]) -> float | None:
    """NS matchpoint percentage of ``score`` against the other tables' scores."""
    if not others:
        return None
    traveller = score_traveller([score, *others])
    return float(traveller.ns_percent[0])


def _contract(result: dict[str, Any]) -> Contract | None:
    if result["contract"] is None:
        return None
    return Contract.parse(result["contract"], declarer=Seat.parse(result["declarer"]))


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """A rubber or Chicago table's options: honours scored (rubber by default, Chicago if
    agreed, RULES §6), what an unfinished rubber earns (Law 77: a game 300, a part-score 100,
    or 50 in some books), and the boards after which the players ended a rubber unfinished."""

    honours: bool = True
    unfinished_partscore: int = 100
    unfinished_game: int = 300
    ended_after: tuple[int, ...] = ()

    @classmethod
    def of(cls, form: str, config: dict[str, Any], ended_after: tuple[int, ...] = ()
           ) -> SheetOptions:
        """The options a table's stored config holds (defaults: the seeds' rules)."""
        unfinished = str(config.get("unfinished") or "100")
        honours = config.get("honours")
        return cls(honours=form == "rubber" if honours is None else bool(honours),
                   unfinished_partscore=0 if unfinished == "none" else int(unfinished),
                   unfinished_game=0 if unfinished == "none" else 300,
                   ended_after=ended_after)


DEFAULT_OPTIONS = SheetOptions()


def _keeper(form: str, result: dict[str, Any], options: SheetOptions | None) -> Rubber | Chicago:
    if form == "rubber":
        if options is None:
            return Rubber()
        return Rubber(honours=options.honours,
                      unfinished_partscore_bonus=options.unfinished_partscore,
                      unfinished_game_bonus=options.unfinished_game)
    dealer = Seat.parse(result["dealer"])
    return Chicago(dealer=dealer) if options is None else Chicago(dealer=dealer,
                                                                  honours=options.honours)


def _replay(form: str, results: list[dict[str, Any]], deals: dict[int, Deal] | None = None,
            options: SheetOptions | None = None
            ) -> tuple[list[Rubber | Chicago], list[list[SheetEntry]]]:
    """The rubbers or Chicagos the results make, and the sheet entries each result scored
    (a rubber the players ended after a board adds its unfinished-rubber entries to it)."""
    played: list[Rubber | Chicago] = []
    scored: list[list[SheetEntry]] = []
    ended = () if options is None else options.ended_after
    for result in results:
        if not played or played[-1].is_finished:
            played.append(_keeper(form, result, options))
        keeper = played[-1]
        contract = _contract(result)
        if contract is None:
            entries = keeper.record_passed_out()
        else:
            deal = None if deals is None else deals.get(result["board"])
            entries = keeper.record(contract, tricks=result["tricks"], deal=deal)
        if result["board"] in ended and isinstance(keeper, Rubber) and not keeper.is_finished:
            entries = [*entries, *keeper.close()]
        scored.append(entries)
    return played, scored


def keepers(form: str, results: list[dict[str, Any]],
            deals: dict[int, Deal] | None = None,
            options: SheetOptions | None = None) -> list[Rubber | Chicago]:
    """The rubbers or Chicagos (``redouble.scoring``) a table's results make, in order."""
    return _replay(form, results, deals, options)[0]


def honours_of(entries: list[SheetEntry]) -> dict[str, Any] | None:
    """The honours a deal scored, as ``{"side": "NS", "points": 100}`` (None: none)."""
    for entry in entries:
        if entry.kind is EntryKind.HONOURS:
            return {"side": entry.side.name, "points": entry.points}
    return None


def sheet_results(form: str, results: list[dict[str, Any]],
                  deals: dict[int, Deal] | None = None,
                  options: SheetOptions | None = None) -> list[dict[str, Any]]:
    """Rubber and Chicago results scored on their own sheet, not in duplicate: each gets
    ``sheet`` (points below and above the line per side, bonuses included) and ``score_ns``
    becomes NS's points on the sheet less EW's; other forms' results are returned unchanged.

    >>> done = sheet_results("rubber", [{"board": 1, "dealer": "N", "contract": "4S",
    ...                                  "declarer": "N", "tricks": 11}])
    >>> done[0]["sheet"], done[0]["score_ns"]
    ({'NS': {'below': 120, 'above': 30}, 'EW': {'below': 0, 'above': 0}}, 150)
    """
    if form not in ("rubber", "chicago"):
        return results
    out = []
    for result, entries in zip(results, _replay(form, results, deals, options)[1], strict=True):
        points = {side.name: {"below": sum(e.points for e in entries if e.side is side and e.below),
                              "above": sum(e.points for e in entries
                                           if e.side is side and not e.below)}
                  for side in (Side.NS, Side.EW)}
        out.append({**result, "sheet": points, "honours": honours_of(entries),
                    "rubber_ended": any(e.kind in (EntryKind.UNFINISHED_GAME,
                                                   EntryKind.UNFINISHED_PARTSCORE)
                                        for e in entries)
                    or (options is not None and result["board"] in options.ended_after),
                    "score_ns": sum(points["NS"].values()) - sum(points["EW"].values())})
    return out


def finished_count(form: str, results: list[dict[str, Any]],
                   options: SheetOptions | None = None) -> int:
    """How many rubbers (or Chicagos) the results have completed (or the players ended)."""
    return sum(1 for keeper in keepers(form, results, options=options) if keeper.is_finished)


def next_deal(form: str, results: list[dict[str, Any]], number: int,
              options: SheetOptions | None = None) -> tuple[Seat, Vulnerability]:
    """Dealer and vulnerability of board ``number`` of a rubber or Chicago table.

    Rubber: the deal passes left every board; a side with a game is vulnerable. Chicago: the
    sheet says (a passed-out deal is dealt again by the same dealer, at the same vulnerability,
    and the next Chicago opens with the player to the left of the last one's fourth dealer).
    """
    played = keepers(form, results, options=options)
    if form == "chicago" and played:  # the rule's home is redouble.scoring.chicago
        chicago = played[-1]
        assert isinstance(chicago, Chicago)
        current_chicago = chicago.following() if chicago.is_finished else chicago
        return current_chicago.dealer, current_chicago.vulnerability
    if not played or played[-1].is_finished:
        return board_dealer(number), Vulnerability.NONE
    current = played[-1]
    ns, ew = (current.vulnerable(side) for side in (Side.NS, Side.EW))
    vulnerability = (Vulnerability.BOTH if ns and ew else Vulnerability.NS if ns
                     else Vulnerability.EW if ew else Vulnerability.NONE)
    return board_dealer(number), vulnerability


def score_sheet(form: str, scoring: str | None, results: list[dict[str, Any]],
                deals: dict[int, Deal] | None = None,
                options: SheetOptions | None = None) -> dict[str, Any]:
    """The table's ``Score`` (docs/protocol.md) for its form."""
    if form in ("rubber", "chicago"):
        total = {"NS": 0, "EW": 0}
        sheets = []
        for keeper in keepers(form, results, deals, options):
            data = keeper.to_json()
            sheets.append(data)
            for side in ("NS", "EW"):
                total[side] += int(data["totals"][side])
        return {"type": form, "rubbers" if form == "rubber" else "chicagos": sheets, "total": total}
    if form == "minibridge":
        boards = [{"board": r["board"], "score_ns": r["score_ns"]} for r in results]
        ns = sum(max(b["score_ns"], 0) for b in boards)
        ew = sum(max(-b["score_ns"], 0) for b in boards)
        return {"type": form, "boards": boards, "total": {"NS": ns, "EW": ew}}
    if scoring == "matchpoints":
        scored = [r["matchpoints_ns"] for r in results if r["matchpoints_ns"] is not None]
        ns_pct = round(sum(scored) / len(scored), 2) if scored else 50.0
        return {"type": "duplicate", "scoring": scoring, "unit": "%",
                "total": {"NS": ns_pct, "EW": round(100 - ns_pct, 2)}}
    total_imps = sum(r["imps_ns"] for r in results if r["imps_ns"] is not None)
    return {"type": "duplicate", "scoring": scoring, "unit": "IMPs",
            "total": {"NS": total_imps, "EW": -total_imps}}
