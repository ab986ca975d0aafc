"""Skill ratings (issue 37): each member's current openskill rating per rating key, and the rating
ledger, one row per (game, member), which makes a result processed twice count once.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-07 22:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('ratings',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('rating_key', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'rating_key')
    )
    with op.batch_alter_table('ratings', schema=None) as batch_op:
        batch_op.create_index('ix_ratings_key_games', ['rating_key', 'games'], unique=False)

    op.create_table('rating_ledger',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('rating_key', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('place', sa.Integer(), nullable=False),
    sa.Column('left', sa.Boolean(), nullable=False),
    sa.Column('mu_before', sa.Float(), nullable=False),
    sa.Column('sigma_before', sa.Float(), nullable=False),
    sa.Column('mu_after', sa.Float(), nullable=False),
    sa.Column('sigma_after', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('ended_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'user_id', name='uq_rating_ledger_game_user')
    )
    with op.batch_alter_table('rating_ledger', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rating_ledger_ended_at'), ['ended_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_rating_ledger_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_rating_ledger_user_key', ['user_id', 'rating_key'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('rating_ledger', schema=None) as batch_op:
        batch_op.drop_index('ix_rating_ledger_user_key')
        batch_op.drop_index(batch_op.f('ix_rating_ledger_game_id'))
        batch_op.drop_index(batch_op.f('ix_rating_ledger_ended_at'))

    op.drop_table('rating_ledger')
    with op.batch_alter_table('ratings', schema=None) as batch_op:
        batch_op.drop_index('ix_ratings_key_games')

    op.drop_table('ratings')
