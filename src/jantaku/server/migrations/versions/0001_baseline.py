"""The schema as the server created it before migrations (``Base.metadata.create_all``): games, their decisions
and players, waiting rooms, and the meta table. A database made then is stamped at this revision, not re-created.

Revision ID: 0001
Revises:
Create Date: 2026-11-26
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
        "games",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("room_id", sa.String(length=16), nullable=False),
        sa.Column("preset", sa.String(length=40), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("header", sa.Text(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("room", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("final", sa.JSON(), nullable=True),
        sa.Column("walls", sa.JSON(), nullable=True),
        sa.Column("log", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_games_room_id"), "games", ["room_id"], unique=False)
    op.create_index(op.f("ix_games_status"), "games", ["status"], unique=False)
    op.create_table(
        "decisions",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("line", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "n"),
    )
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=40), nullable=False),
        sa.Column("cpu", sa.String(length=16), nullable=True),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_index(op.f("ix_game_players_nickname"), "game_players", ["nickname"], unique=False)
    op.create_table(
        "waiting_rooms",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("room", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "meta",
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    op.drop_table("meta")
    op.drop_table("waiting_rooms")
    op.drop_index(op.f("ix_game_players_nickname"), table_name="game_players")
    op.drop_table("game_players")
    op.drop_table("decisions")
    op.drop_index(op.f("ix_games_status"), table_name="games")
    op.drop_index(op.f("ix_games_room_id"), table_name="games")
    op.drop_table("games")
