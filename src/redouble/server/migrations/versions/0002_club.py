"""Club sessions and their append-only record logs (redouble.club.models).

Revision ID: 0002_club
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_club"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("event", sa.String(200), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "club_records",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.String(64), sa.ForeignKey("club_sessions.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("author", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("entry_key", sa.String(64), nullable=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.UniqueConstraint("session_id", "seq"),
        sa.UniqueConstraint("session_id", "entry_key"),
    )


def downgrade() -> None:
    op.drop_table("club_records")
    op.drop_table("club_sessions")
