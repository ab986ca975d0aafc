"""Accounts: guests and members (OAuth / OpenID Connect), signed sessions, rewards and records."""
