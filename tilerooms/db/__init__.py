"""Records storage: SQLModel tables, engines and migrations (SQLite by default, Postgres by DATABASE_URL)."""
