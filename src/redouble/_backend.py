"""Which implementation of the engine's hot path is in use: compiled or plain Python.

The compiled module ``redouble._accel`` (built from ``_accel.c`` when the package is
installed) is used when it imports; ``REDOUBLE_PURE_PYTHON=1`` in the environment, or a
missing build, selects the reference implementation in ``redouble._pycore``. Both behave
identically; ``BACKEND`` says which one this process runs.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from redouble import _pycore
from redouble.calls import CALLS, Risk
from redouble.cards import DECK
from redouble.seats import Seat

__all__ = ["ACCEL", "BACKEND", "AuctionCore", "PlayCore", "deal_layouts", "deal_owners"]

if TYPE_CHECKING:
    from types import ModuleType

    from redouble._pycore import AuctionCore, PlayCore, deal_layouts, deal_owners

    BACKEND: str
    ACCEL: ModuleType | None  # the compiled module, when in use (redouble.state binds its core)
else:
    _accel = None
    if os.environ.get("REDOUBLE_PURE_PYTHON", "") in ("", "0"):
        try:
            from redouble import _accel
        except ImportError:  # not built (an unusual install): the reference implementation
            _accel = None
    if _accel is not None:
        _accel.setup(DECK, tuple(Seat), CALLS, (Risk.UNDOUBLED, Risk.DOUBLED, Risk.REDOUBLED))
        AuctionCore, PlayCore, deal_owners = _accel.AuctionCore, _accel.PlayCore, _accel.deal_owners
        deal_layouts = _accel.deal_layouts
        BACKEND = "compiled"
        ACCEL = _accel
    else:
        AuctionCore, PlayCore, deal_owners = _pycore.AuctionCore, _pycore.PlayCore, _pycore.deal_owners
        deal_layouts = _pycore.deal_layouts
        BACKEND = "python"
        ACCEL = None
