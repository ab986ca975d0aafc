"""Guests' records: the stored games a guest played, keyed by an HMAC of the guest's secret browser
key (not by the public player id), listed on /me/records in that browser and moved to the member
when the guest signs in (issue 34: 12).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-07 14:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('game_record_guests',
    sa.Column('record_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('guest_ref', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('record_id', 'guest_ref')
    )
    with op.batch_alter_table('game_record_guests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_record_guests_guest_ref'), ['guest_ref'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('game_record_guests', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_record_guests_guest_ref'))

    op.drop_table('game_record_guests')
