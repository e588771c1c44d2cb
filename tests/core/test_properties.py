"""Property tests over thousands of random legal boards, checked against independent rules.

Each board is driven by a seed: random legal calls (biased to pass so auctions end), random legal
cards, and now and then an illegal attempt, an undo, a claim or a concession. The checks below
re-derive every rule from the deal and the recorded events without the engine's help.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redouble import (
    CALLS,
    DECK,
    PASS,
    Board,
    BoardState,
    BridgeError,
    CallMade,
    CardPlayed,
    Deal,
    Phase,
    Seat,
    Strain,
)

SEEDS = st.integers(min_value=0, max_value=2**64)


def random_board(seed: int, *, extras: bool) -> BoardState:
    """Play a whole board with random legal actions (and, with ``extras``, illegal tries)."""
    rng = random.Random(seed)
    state = BoardState(Board.numbered(rng.randint(1, 32), deal=Deal.from_seed(seed)))
    steps = 0
    while state.phase is not Phase.DONE and steps < 600:
        steps += 1
        if extras and rng.random() < 0.04 and state.can_undo():
            state.undo()
            continue
        if state.phase is Phase.AUCTION:
            if extras and rng.random() < 0.1:
                call = rng.choice(CALLS)
                before = state.events
                try:
                    state.make_call(call)
                except BridgeError:
                    assert state.events == before
                continue
            legal = list(state.auction.legal_calls())
            state.make_call(PASS if rng.random() < 0.6 else rng.choice(legal))
        elif state.phase is Phase.PLAY:
            play = state.play
            assert play is not None
            if extras and rng.random() < 0.01:
                claimer = play.declarer if rng.random() < 0.7 else play.declarer.lho
                state.claim(claimer, rng.randint(0, play.remaining_tricks))
                continue
            if extras and rng.random() < 0.05:
                card = rng.choice(DECK)
                before = state.events
                try:
                    state.play_card(card)
                except BridgeError:
                    assert state.events == before
                    continue
                continue
            state.play_card(rng.choice(state.legal_cards()))
        else:  # a claim awaits answers
            play = state.play
            assert play is not None and play.pending_claim is not None
            claim = play.pending_claim
            seat = sorted(claim.needs - claim.accepted_by)[0]
            if rng.random() < 0.5:
                state.accept_claim(seat)
            else:
                state.reject_claim(seat)
    assert state.phase is Phase.DONE
    return state


def effective_actions(state: BoardState) -> list[CallMade | CardPlayed]:
    """The calls and cards in force, derived from the log (undo removes the last one)."""
    actions: list[CallMade | CardPlayed] = []
    for event in state.events:
        if isinstance(event, CallMade | CardPlayed):
            actions.append(event)
        elif event.type == "undo":
            actions.pop()
    return actions


def independent_declarer(calls: list[CallMade]) -> tuple[Seat, Strain] | None:
    bids = [c for c in calls if c.call.is_bid]
    if not bids:
        return None
    last = bids[-1]
    for c in calls:
        if c.call.is_bid and c.call.strain is last.call.strain and c.seat.side is last.seat.side:
            assert last.call.strain is not None
            return c.seat, last.call.strain
    raise AssertionError("unreachable")


def check_board(state: BoardState) -> None:
    actions = effective_actions(state)
    calls = [a for a in actions if isinstance(a, CallMade)]
    cards = [a for a in actions if isinstance(a, CardPlayed)]
    deal = state.deal
    # auction: turn order from the dealer, declarer by the first-to-name rule
    for index, call in enumerate(calls):
        assert call.seat is state.board.dealer.next(index)
    found = independent_declarer(calls)
    contract = state.contract
    if found is None:
        assert contract is None and not cards
        return
    assert contract is not None and (contract.declarer, contract.strain) == found
    trump = contract.strain.suit
    # play: every card once, held by its player, suit followed, winner by hand-computed rule
    hands = {seat: set(deal[seat].cards) for seat in Seat}
    assert len({c.card for c in cards}) == len(cards)
    assert contract.declarer is not None
    leader = contract.declarer.lho
    won = {True: 0, False: 0}
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        for offset, played in enumerate(trick):
            assert played.seat is leader.next(offset)
            assert played.card in hands[played.seat]
            led = trick[0].card.suit
            if played.card.suit is not led:
                assert not any(c.suit is led for c in hands[played.seat]), "revoke allowed"
            hands[played.seat].remove(played.card)
        if len(trick) == 4:
            led = trick[0].card.suit

            def strength(p: CardPlayed, led: object = led) -> int:
                if p.card.suit is trump:
                    return 200 + p.card.rank
                return 100 + p.card.rank if p.card.suit is led else 0

            winner = max(trick, key=strength).seat
            won[winner.side is contract.declarer.side] += 1  # type: ignore[union-attr]
            leader = winner
    play = state.play
    assert play is not None
    if play.accepted_claim is None:
        assert len(cards) == 52 and len(play.tricks) == 13
        assert play.declarer_tricks == won[True] and play.defender_tricks == won[False]
    else:
        assert play.declarer_tricks + play.defender_tricks == 13
        assert play.declarer_tricks >= won[True]
    for trick, start in zip(play.tricks, range(0, 52, 4), strict=False):
        assert trick.cards == tuple(c.card for c in cards[start:start + 4])


def check_views(state: BoardState) -> None:
    """Replay event by event; at every moment no view shows another seat's unplayed cards."""
    replay = BoardState(state.board)
    for event in state.events:
        replay.apply(event)
        play = replay.play
        faced = play is not None and play.is_dummy_faced
        done = replay.phase is Phase.DONE
        pending = None if play is None else play.pending_claim
        for viewer in (*Seat, None):
            view = replay.view(viewer)
            allowed = set(Seat) if done else (
                ({viewer} if viewer is not None else set())
                | ({play.dummy} if faced and play is not None else set())
                | ({pending.claimer} if pending is not None else set()))
            assert set(view.hands) <= allowed
            if not done:
                assert view.deal is None
            text = json.dumps(view.to_json())
            for seat in Seat:
                if seat in allowed:
                    continue
                held = replay.deal[seat].cards if play is None else play.remaining(seat)
                for card in held:
                    assert f'"{card}"' not in text, f"{viewer} sees {seat}'s {card}"


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_random_boards_follow_the_rules(seed: int) -> None:
    state = random_board(seed, extras=False)
    check_board(state)
    again = BoardState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.events == state.events and again.result == state.result


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_random_boards_with_undo_claims_and_illegal_tries(seed: int) -> None:
    state = random_board(seed, extras=True)
    check_board(state)
    again = BoardState.from_events(state.board, state.events)
    assert again.events == state.events
    assert again.result == state.result
    assert again.view(None) == state.view(None)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_no_view_ever_shows_a_hidden_card(seed: int) -> None:
    check_views(random_board(seed, extras=True))
