"""Alembic environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from redouble.server.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("redouble's migrations run through redouble.server.store.migrate")
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
