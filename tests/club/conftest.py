"""Fixtures for the club tests: the helpers in ``club_support`` are importable by name."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
