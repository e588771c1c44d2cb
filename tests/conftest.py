"""Shared test fixtures: where the reference data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The project's ``shared/`` folder (seeds, rules digest, reference data), beside the repo."""
    if not SHARED.is_dir():
        pytest.fail(f"reference data not found at {SHARED}: shared/ must sit beside the repo")
    return SHARED


@pytest.fixture(scope="session")
def data_dir(shared_dir: Path) -> Path:
    """``shared/data``: DDS ground truth and real PBN files."""
    return shared_dir / "data"
