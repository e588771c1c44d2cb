"""A played board's event log as a PBN game, and a PBN game back as the same events.

The auction becomes the auction section, an alert a note reference whose ``Note`` holds the
explanation, the play the standard's columns per seat, a claim a play section ending in ``*``
with the ``Result`` tag. What PBN cannot say is normalised the same way on both sides
(``canonical_events``): undone actions and lapsed claims are gone, and a claim is recorded as
declarer's claim of the tricks the result gives, agreed by both defenders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from redouble.board import Board, board_dealer, board_vulnerability
from redouble.cards import Card
from redouble.errors import BridgeError
from redouble.events import (
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    Event,
    Undone,
)
from redouble.formats.pbn.model import MANDATORY_TAGS, AuctionSection, Entry, Game, PlaySection
from redouble.seats import Seat, Vulnerability
from redouble.state import BoardState, Phase

__all__ = ["NOT_ALERTED", "actions_in_force", "board_state", "canonical_events", "claim_events", "from_board_state",
           "replay", "scoring_tag"]

NOT_ALERTED = "(not alerted) "
"""Prefix of a note that explains a call its maker did not alert (PBN notes otherwise mean alerts)."""


_SCORING_TAGS = {"rubber": "Rubber", "chicago": "Chicago", "minibridge": "MiniBridge",
                 "matchpoints": "MP", "imps": "IMP", "imps-vs-par": "IMP", "imps-cross": "IMP;Cross2"}


def scoring_tag(form: str, scoring: str | None = None) -> str:
    """The ``Scoring`` tag (PBN 2.1 §3.4.12) of a form of play and, in duplicate, its scoring:
    ``Rubber``, ``Chicago``, ``MP``, ``IMP`` (``IMP;Cross2`` for cross-IMPs averaged over the
    comparisons); ``?`` when unknown.

    >>> scoring_tag("chicago"), scoring_tag("duplicate", "matchpoints")
    ('Chicago', 'MP')
    """
    key = scoring if form == "duplicate" else form
    return _SCORING_TAGS.get(key or "", "?")


def claim_events(state: BoardState, declarer_total: int) -> list[Event]:
    """The events of declarer claiming enough of the rest to make ``declarer_total`` tricks."""
    play = state.play
    if play is None:
        raise BridgeError("a claim needs a contract being played")
    won = play.tricks_won(play.declaring_side)
    tricks = declarer_total - won
    if not 0 <= tricks <= play.remaining_tricks:
        raise BridgeError(f"a result of {declarer_total} tricks is impossible: declarer has won {won} "
                          f"and {play.remaining_tricks} remain")
    events: list[Event] = [ClaimMade(seat=play.declarer, tricks=tricks)]
    if tricks:
        events += [ClaimAccepted(seat=play.declarer.lho), ClaimAccepted(seat=play.declarer.rho)]
    return events


def actions_in_force(events: Sequence[Event]) -> list[CallMade | CardPlayed]:
    """The calls and cards an event log leaves standing once its undos are taken into account."""
    actions: list[CallMade | CardPlayed] = []
    for event in events:
        if isinstance(event, CallMade | CardPlayed):
            actions.append(event)
        elif isinstance(event, Undone) and actions:
            actions.pop()
    return actions


def canonical_events(state: BoardState) -> tuple[Event, ...]:
    """The events a PBN or LIN round trip gives back for ``state``: the calls and cards in force
    and, if a claim settled the board, declarer's equivalent claim agreed by both defenders."""
    actions = actions_in_force(state.events)
    replay = BoardState(state.board)
    for action in actions:
        replay.apply(action)
    events: list[Event] = list(actions)
    play = state.play
    if play is not None and play.accepted_claim is not None:
        events += claim_events(replay, play.declarer_tricks)
    return tuple(events)


def _note_text(event: CallMade) -> str | None:
    if event.alert:
        return event.explanation or ""
    if event.explanation:
        return NOT_ALERTED + event.explanation
    return None


def from_board_state(state: BoardState, *, tags: Mapping[str, str] | None = None) -> Game:
    """A PBN game from a board's event log: tags, auction with notes, play and result.

    ``tags`` adds or overrides tags (``Event``, ``Site``, ``Date``, players, ``Scoring`` …);
    mandatory tags not known are written ``"?"`` as the standard asks.
    """
    board = state.board
    actions = actions_in_force(state.events)
    values: dict[str, str] = dict.fromkeys(MANDATORY_TAGS, "?")
    values.update({
        "Board": str(board.number) if board.number is not None else "?",
        "Dealer": board.dealer.letter(),
        "Vulnerable": board.vulnerability.value,
        "Deal": board.deal.to_pbn(first=board.dealer),
        "Declarer": "", "Contract": "", "Result": "",
    })
    auction_done = state.auction.is_complete
    contract = state.contract
    if auction_done and contract is None:
        values["Contract"] = "Pass"
    elif contract is not None and contract.declarer is not None and state.play is not None:
        values["Declarer"] = contract.declarer.letter()
        values["Contract"] = str(contract)
        values["Result"] = str(state.play.declarer_tricks)
    if tags:
        values.update(tags)
    game = Game(tags=values)
    notes: dict[str, int] = {}
    entries: list[Entry] = []
    for action in actions:
        if not isinstance(action, CallMade):
            continue
        text = _note_text(action)
        number = None
        if text is not None:
            number = notes.setdefault(text, len(notes) + 1)
        entries.append(Entry(token=str(action.call), note=number))
    if entries or auction_done:
        game.tags["Auction"] = board.dealer.letter()
        game.auction = AuctionSection(
            first=board.dealer, entries=tuple(entries), end="" if auction_done else "+",
            notes=tuple((number, text) for text, number in notes.items()))
    play = state.play
    if play is not None:
        cards = [action for action in actions if isinstance(action, CardPlayed)]
        settled = play.accepted_claim is not None
        if cards or settled or state.phase is not Phase.DONE:
            game.tags["Play"] = play.declarer.lho.letter()
            game.play = _play_section(play.declarer.lho, [(c.seat, c.card) for c in cards],
                                      play.tricks, ended=settled, turn=state.turn)
    return game


def _play_section(first: Seat, cards: list[tuple[Seat, Card]], tricks: Sequence[object], *, ended: bool,
                  turn: Seat | None) -> PlaySection:
    rows: list[list[Entry]] = []
    completed = len(tricks)
    for number in range(completed + 1):
        chunk = cards[number * 4:number * 4 + 4]
        if number == completed and not chunk and (ended or turn is None):
            break
        by_seat = {seat: card for seat, card in chunk}
        row = []
        for column in range(4):
            seat = first.next(column)
            card = by_seat.get(seat)
            if card is not None:
                row.append(Entry(token=str(card)))
            elif turn is not None and seat is turn and not ended:
                row.append(Entry(token="+"))
            else:
                row.append(Entry(token="-"))
        rows.append(row)
    return PlaySection(first=first, tricks=tuple(tuple(row) for row in rows), end="*" if ended else "")


def _explained(auction: AuctionSection, entry: Entry) -> tuple[bool, str | None]:
    if entry.note is None:
        return False, None
    text = auction.note(entry.note)
    if text is None:
        return True, None
    if text.startswith(NOT_ALERTED):
        return False, text[len(NOT_ALERTED):] or None
    return True, text or None


_IRREGULARITIES = {"I": "an insufficient bid", "S": "a skipped turn", "R": "a revoke", "L": "a lead out of turn"}
"""PBN 2.1 §3.9's irregularity marks and what each records."""


def _marked(kind: str, position: int, item: object, entry: Entry) -> str | None:
    """Why a call or card marked irregular (PBN 2.1 §3.9) cannot be replayed, or ``None``."""
    if not entry.irregularity:
        return None
    meaning = _IRREGULARITIES.get(entry.irregularity, "an irregularity")
    return f"{kind} {position} ({item}) is marked ^{entry.irregularity} ({meaning}), which cannot be replayed"


def board_state(game: Game) -> BoardState:
    """The board of a PBN game replayed as events: the same rules check every call and card.

    A game whose play ends before 13 tricks with a ``Result`` is settled by declarer's claim.
    Raises a ``BridgeError`` when the game has no full deal, or its auction or play is illegal or
    marked irregular (``^I``, ``^S``, ``^R``, ``^L``); ``replay`` keeps what can be replayed.
    """
    state, problems = replay(game)
    if problems:
        raise BridgeError(problems[0])
    return state


def replay(game: Game) -> tuple[BoardState, tuple[str, ...]]:
    """The board replayed as far as the laws allow, and what could not be replayed and why.

    Raises a ``BridgeError`` only when the game has no complete deal (nothing can be replayed).
    """
    deal = game.deal
    if deal is None:
        raise BridgeError("the game has no complete deal, so it cannot be played")
    number = game.board
    dealer = game.dealer
    if dealer is None:
        dealer = board_dealer(number) if number else Seat.NORTH
    vulnerability = game.vulnerability
    if vulnerability is None:
        vulnerability = board_vulnerability(number) if number else Vulnerability.NONE
    state = BoardState(Board(deal=deal, dealer=dealer, vulnerability=vulnerability, number=number))
    auction = game.auction
    if auction is None:
        if game.play is not None:
            return state, ("the game has a play section but no auction to reach it: its play is left out",)
        return state, ()
    skipped = any(entry.irregularity == "S" for entry in auction.entries)
    for position, (seat, call, entry) in enumerate(auction.calls(), start=1):
        problem = _marked("call", position, call, entry)
        if problem is None and state.phase is not Phase.AUCTION:
            problem = f"the auction goes on after it is over ({call})"
        elif problem is None and state.turn is not seat:
            problem = (f"call {position} ({call}) stands at {seat.format(full=True)}'s turn but it is "
                       f"{state.turn.format(full=True) if state.turn else 'nobody'}'s"
                       + (" (after a skipped turn, ^S)" if skipped else ""))
        elif problem is None:
            alert, explanation = _explained(auction, entry)
            try:
                state.make_call(call, alert=alert, explanation=explanation)
            except BridgeError as error:
                problem = f"call {position} ({call}): {error}"
        if problem is not None:
            return state, (problem + "; the auction is kept up to it, the play left out",)
    play_section = game.play
    if play_section is None:
        return state, ()
    if state.play is None:
        return state, ("the game has a play section but its auction does not end in a contract: "
                       "its play is left out",)
    play = state.play
    for position, (seat, card, entry) in enumerate(
            play_section.cards(leader=play.declarer.lho, trump=play.trump), start=1):
        problem = _marked("card", position, card, entry)
        if problem is None and state.phase is not Phase.PLAY:
            problem = f"{card} is played after the play is over"
        elif problem is None and state.turn is not seat:
            problem = (f"{card} stands in {seat.format(full=True)}'s column but it is "
                       f"{state.turn.format(full=True) if state.turn else 'nobody'}'s turn")
        elif problem is None:
            try:
                state.play_card(card)
            except BridgeError as error:
                problem = f"card {position} ({card}): {error}"
        if problem is not None:
            return state, (problem + "; the play is kept up to it",)
    continuing = play_section.end == "+" or any(
        entry.token == "+" for row in play_section.tricks for entry in row)
    result = game.result
    if state.phase is Phase.PLAY and not continuing and result is not None:
        try:
            events = claim_events(state, result)
        except BridgeError as error:
            return state, (f"the result does not fit the play: {error}",)
        for event in events:
            state.apply(event)
    return state, ()
