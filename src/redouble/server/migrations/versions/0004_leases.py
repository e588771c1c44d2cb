"""Table leases: which server process owns a table now (multi-process serving, server.lease).

Revision ID: 0004_leases
Revises: 0003_people
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_leases"
down_revision = "0003_people"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rd_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False, index=True),
        sa.Column("token", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rd_leases")
