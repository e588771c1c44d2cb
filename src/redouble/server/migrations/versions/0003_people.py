"""Who holds a person's seat: the browser session that last sat there with its link, so that
the person can rejoin from the lobby without the link (server/lobby.py).

Revision ID: 0003_people
Revises: 0002_club
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_people"
down_revision = "0002_club"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rd_seat_holders",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rd_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.String(1), primary_key=True),
        sa.Column("session_hash", sa.String(64), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("rd_seat_holders")
