"""The first schema: tables, seats, events, seeds, sessions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rd_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("form", sa.String(16), nullable=False),
        sa.Column("group_id", sa.String(32), nullable=False, index=True),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
    )
    op.create_table(
        "rd_seats",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rd_tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True, index=True),
        sa.UniqueConstraint("table_id", "seat"),
    )
    op.create_table(
        "rd_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rd_tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.UniqueConstraint("table_id", "seq"),
    )
    op.create_table(
        "rd_seeds",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("group_id", sa.String(32), nullable=False, index=True),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.UniqueConstraint("group_id", "board"),
    )
    op.create_table(
        "rd_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for name in ("rd_sessions", "rd_seeds", "rd_events", "rd_seats", "rd_tables"):
        op.drop_table(name)
