"""Players who are remembered: accounts and their sessions, each seat's player (an account or a guest) and what
they did in the game, the per-family running sums a profile reads, and the ratings. Games recorded before this
revision keep their seats by nickname only (no player id): they belong to nobody's profile.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("canonical", sa.String(length=80), nullable=False),
        sa.Column("name_key", sa.String(length=80), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("hidden", sa.Boolean(), server_default="0", nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("canonical"),
    )
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_accounts_name_key"), ["name_key"], unique=False)

    op.create_table(
        "player_stats",
        sa.Column("player_id", sa.String(length=24), nullable=False),
        sa.Column("family", sa.String(length=4), nullable=False),
        sa.Column("length", sa.String(length=16), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("places", sa.JSON(), nullable=False),
        sa.Column("place_sum", sa.Integer(), nullable=False),
        sa.Column("score_sum", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("tsumo", sa.Integer(), nullable=False),
        sa.Column("deal_ins", sa.Integer(), nullable=False),
        sa.Column("riichi", sa.Integer(), nullable=False),
        sa.Column("calls", sa.Integer(), nullable=False),
        sa.Column("win_points", sa.Integer(), nullable=False),
        sa.Column("deal_in_points", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "family", "length"),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(length=24), nullable=False),
        sa.Column("family", sa.String(length=4), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "family"),
    )
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.create_index("ix_ratings_family_rating", ["family", "rating"], unique=False)

    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=24), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("agent", sa.String(length=120), server_default="", nullable=False),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_account_id"), ["account_id"], unique=False)

    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("player_id", sa.String(length=24), nullable=True))
        batch_op.add_column(sa.Column("stand_in", sa.Boolean(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("family", sa.String(length=4), nullable=True))
        batch_op.add_column(sa.Column("length", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("rated", sa.Boolean(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("place", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("score", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("hands", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("wins", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("tsumo", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("deal_ins", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("riichi", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("calls", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("win_points", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("deal_in_points", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("rating_before", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("rating_after", sa.Float(), nullable=True))
        batch_op.create_index("ix_game_players_player_finished", ["player_id", "finished_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.drop_index("ix_game_players_player_finished")
        batch_op.drop_column("rating_after")
        batch_op.drop_column("rating_before")
        batch_op.drop_column("deal_in_points")
        batch_op.drop_column("win_points")
        batch_op.drop_column("calls")
        batch_op.drop_column("riichi")
        batch_op.drop_column("deal_ins")
        batch_op.drop_column("tsumo")
        batch_op.drop_column("wins")
        batch_op.drop_column("hands")
        batch_op.drop_column("score")
        batch_op.drop_column("place")
        batch_op.drop_column("rated")
        batch_op.drop_column("finished_at")
        batch_op.drop_column("length")
        batch_op.drop_column("family")
        batch_op.drop_column("stand_in")
        batch_op.drop_column("player_id")

    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_account_id"))

    op.drop_table("sessions")
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_ratings_family_rating")

    op.drop_table("ratings")
    op.drop_table("player_stats")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_accounts_name_key"))

    op.drop_table("accounts")
