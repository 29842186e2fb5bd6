"""Ranks counted from indexes alone: the ratings index also holds each row's games and player id (a leaderboard
position is a count of the ranked rows above a rating, which then reads no row), and the accounts' ``hidden`` flag
is indexed (the few hidden accounts are subtracted from that count).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_ratings_family_rating")
        batch_op.create_index("ix_ratings_family_rating", ["family", "rating", "games", "player_id"], unique=False)
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_accounts_hidden"), ["hidden"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_accounts_hidden"))
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_ratings_family_rating")
        batch_op.create_index("ix_ratings_family_rating", ["family", "rating"], unique=False)
