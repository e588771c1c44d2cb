"""Hypothesis strategies: boards bid and played by the core engine with random legal actions."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from redouble.board import Board
from redouble.calls import PASS
from redouble.deal import DEAL_COUNT, Deal
from redouble.state import BoardState, Phase

EXPLANATIONS = st.one_of(
    st.none(),
    st.sampled_from(["15-17 HCP, balanced", "transfer to hearts", 'says "stop"', "5+ ♠, 0-9 points",
                     "back\\slash", " spaced ", "Stayman: asks for a major"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="|"),
            min_size=1, max_size=40),
)


@st.composite
def played_boards(draw: st.DrawFn, *, messy: bool = False) -> BoardState:
    """A board from the engine: random legal calls (alerted and explained at random), random
    legal cards, stopped anywhere, perhaps settled by declarer's claim agreed by both defenders.

    With ``messy``, undos, rejected and withdrawn claims and defenders' claims appear too.
    """
    number = draw(st.integers(min_value=1, max_value=36))
    deal = Deal.from_index(draw(st.integers(min_value=0, max_value=DEAL_COUNT - 1)))
    state = BoardState(Board.numbered(number, deal=deal))
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32)))
    pass_rate = draw(st.sampled_from([0.45, 0.6, 0.8]))
    while state.phase is Phase.AUCTION:
        legal = list(state.auction.legal_calls())
        call = PASS if rng.random() < pass_rate else rng.choice(legal)
        alert = rng.random() < 0.25
        explanation = draw(EXPLANATIONS) if rng.random() < 0.3 else None
        state.make_call(call, alert=alert, explanation=explanation)
        if messy and rng.random() < 0.05 and state.can_undo():
            state.undo()
    stop = draw(st.integers(min_value=0, max_value=60))
    played = 0
    while state.phase is Phase.PLAY and played < stop:
        state.play_card(rng.choice(state.legal_cards()))
        played += 1
        if messy and rng.random() < 0.03 and state.can_undo():
            state.undo()
        if messy and rng.random() < 0.03 and state.phase is Phase.PLAY:
            play = state.play
            assert play is not None
            state.claim(play.declarer, rng.randint(0, play.remaining_tricks))
            if state.phase is not Phase.CLAIM:
                break
            if rng.random() < 0.5:
                state.reject_claim(play.declarer.lho)
            else:
                state.withdraw_claim(play.declarer)
    if state.phase is Phase.PLAY and draw(st.booleans()):
        play = state.play
        assert play is not None
        claimer = play.declarer
        if messy and rng.random() < 0.5:
            claimer = rng.choice([play.declarer.lho, play.declarer.rho])
        state.claim(claimer, rng.randint(0, play.remaining_tricks))
        pending = state.play.pending_claim if state.play else None
        if pending is not None:
            order = sorted(pending.needs, key=lambda seat: (seat is not play.declarer.lho, int(seat)))
            for seat in order:
                state.accept_claim(seat)
    return state
