"""Alembic migrations of the web table's database, shipped inside the package."""
