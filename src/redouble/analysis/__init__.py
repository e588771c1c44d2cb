"""Analysis: double dummy through DDS, par, play analysis, a fast dealer and simulations.

>>> from redouble import Deal, Seat, Strain
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> dd_table(deal).tricks(declarer=Seat.NORTH, strain=Strain.SPADES)
13
"""

from __future__ import annotations

from redouble.analysis.ddtable import DDTable, dd_table, dd_tables
from redouble.analysis.errors import AnalysisError, SolverError, SolveTimeoutError
from redouble.analysis.par import Par, ParContract, par, par_from_table, sides_par
from redouble.analysis.playanalysis import CardAnalysis, analyse_play, analyse_plays
from redouble.analysis.position import Position
from redouble.analysis.solve import solve, solve_many

__all__ = [
    "AnalysisError",
    "CardAnalysis",
    "DDTable",
    "Par",
    "ParContract",
    "Position",
    "SolveTimeoutError",
    "SolverError",
    "analyse_play",
    "analyse_plays",
    "dd_table",
    "dd_tables",
    "par",
    "par_from_table",
    "sides_par",
    "solve",
    "solve_many",
]
