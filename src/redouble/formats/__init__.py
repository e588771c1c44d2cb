"""Reading and writing the field's file formats: PBN 2.1 (``redouble.formats.pbn``) and BBO's LIN.

Readers take what real programs write (import format) and raise only ``ParseError``; writers
write what the standards say (PBN export format). A played board's event log converts to both
and back without loss.
"""

from __future__ import annotations

from redouble.formats.errors import ExportError, ExportWarning, ParseError

__all__ = ["ExportError", "ExportWarning", "ParseError"]
