"""A player's record and the leaderboards: ``GET /api/players/{id}`` and ``GET /api/leaderboard?family=``.

Both read aggregates kept as games are recorded, never a log (docs/ratings.md): a profile reads the player's
``player_stats`` rows (running sums per family and length), their ``ratings`` rows, and their last ``game_players``
rows through the ``(player_id, finished_at)`` index; a leaderboard reads the top of the ``(family, rating)`` index,
and the caller's own position is a count over that index. Each query is bounded by the player's few rows or by the
page's 100, whatever the number of players and games, so both answer in milliseconds at 200,000 games.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, HTTPException, Path, Query, Request
from sqlalchemy import func, select, true
from sqlalchemy.orm import Session

from jantaku.server.ids import guest_id, token_hash
from jantaku.server.ratings import PROVISIONAL_GAMES, RATED_FAMILIES, Skill
from jantaku.server.store import AccountRow, PlayerRow, PlayerStatsRow, RatingRow, Store
from jantaku.sim.stats import Totals, stats_from_totals

#: the rows of a leaderboard
TOP = 100
#: the games listed in a profile, the placements charted, and the rating points per family charted (among the
#: player's last ``HISTORY_ROWS`` games)
RECENT, PLACEMENTS, SERIES, HISTORY_ROWS = 50, 100, 200, 400
#: the columns of a player's seats a profile shows
HISTORY = (
    PlayerRow.game_id,
    PlayerRow.finished_at,
    PlayerRow.family,
    PlayerRow.length,
    PlayerRow.place,
    PlayerRow.score,
    PlayerRow.rated,
    PlayerRow.rating_before,
    PlayerRow.rating_after,
    PlayerRow.stand_in,
    PlayerRow.nickname,
)
#: how the account endpoints name the session cookie and a guest's bearer token (``account_api``)
COOKIE, GUEST_PREFIX = "jantaku_session", "guest:"

router = APIRouter(tags=["players"])


def caller_id(request: Request) -> str | None:
    """The player asking, as the account endpoints read them (docs/accounts.md): an account by the
    ``jantaku_session`` cookie or an ``Authorization: Bearer`` session, a guest by ``Bearer guest:<token>``; None for
    anyone else (an unknown, ended or expired session)."""
    auth = request.headers.get("authorization", "")
    scheme, _, value = auth.partition(" ")
    bearer = value.strip() if scheme.lower() == "bearer" else ""
    if bearer.startswith(GUEST_PREFIX):
        guest = bearer[len(GUEST_PREFIX) :]
        return guest_id(guest) if 0 < len(guest) <= 64 else None
    token = bearer or request.cookies.get(COOKIE, "")
    if not token or len(token) > 128:
        return None
    store: Store = request.app.state.store
    found = store.session(token_hash(token), datetime.now(UTC))
    return None if found is None else found[1].id


def iso(t: datetime | None) -> str | None:
    if t is None:
        return None
    return (t if t.tzinfo else t.replace(tzinfo=UTC)).isoformat()


def totals_of(row: PlayerStatsRow) -> Totals:
    """A ``player_stats`` row as the simulator's sums (exhaustive draws are not kept per player)."""
    return Totals(
        games=row.games,
        places=tuple(row.places or ()),
        place_sum=row.place_sum,
        score_sum=row.score_sum,
        hands=row.hands,
        wins=row.wins,
        tsumo=row.tsumo,
        deal_ins=row.deal_ins,
        riichi=row.riichi,
        calls=row.calls,
        win_points=row.win_points,
        deal_in_points=row.deal_in_points,
        draws=None,
    )


def add_totals(a: Totals, b: Totals) -> Totals:
    """Two lengths' sums as one family's."""
    n = max(len(a.places), len(b.places))
    places = tuple(
        (a.places[i] if i < len(a.places) else 0) + (b.places[i] if i < len(b.places) else 0) for i in range(n)
    )
    return Totals(
        games=a.games + b.games,
        places=places,
        place_sum=a.place_sum + b.place_sum,
        score_sum=a.score_sum + b.score_sum,
        hands=a.hands + b.hands,
        wins=a.wins + b.wins,
        tsumo=a.tsumo + b.tsumo,
        deal_ins=a.deal_ins + b.deal_ins,
        riichi=a.riichi + b.riichi,
        calls=a.calls + b.calls,
        win_points=a.win_points + b.win_points,
        deal_in_points=a.deal_in_points + b.deal_in_points,
        draws=None,
    )


def stats_json(label: str, t: Totals) -> dict[str, Any]:
    """A profile's STATS: the simulator's statistics of the sums, with the average win and deal-in."""
    return {**stats_from_totals(label, t).to_json(), "avg_win": t.avg_win, "avg_deal_in": t.avg_deal_in}


def ranked(s: Session, family: str) -> Any:
    """The rows a leaderboard ranks: accounts shown on the leaderboards, no longer provisional."""
    return (
        select(RatingRow, AccountRow.name)
        .join(AccountRow, AccountRow.id == RatingRow.player_id)
        .where(RatingRow.family == family, RatingRow.games >= PROVISIONAL_GAMES, AccountRow.hidden.is_(False))
    )


def rank_of(s: Session, family: str, rating: float) -> int:
    """The leaderboard position a rating holds: one more than the ranked players rated above it. Counted from the
    ratings index alone (account ids begin with ``a``, guests' with ``g``), less the hidden accounts above it,
    found through the index of the few hidden ones: no rating row is read, whatever the number of players."""
    above = (
        RatingRow.family == family,
        RatingRow.rating > rating,
        RatingRow.games >= PROVISIONAL_GAMES,
    )
    accounts = (
        select(func.count())
        .select_from(RatingRow)
        .where(*above, RatingRow.player_id >= "a", RatingRow.player_id < "b")  # accounts: ids "a…"
    )
    hidden_ids = select(AccountRow.id).where(AccountRow.hidden == true())
    hidden = select(func.count()).select_from(RatingRow).where(*above, RatingRow.player_id.in_(hidden_ids))
    return int(s.scalar(accounts) or 0) - int(s.scalar(hidden) or 0) + 1


def rating_json(s: Session, row: RatingRow, listed: bool) -> dict[str, Any]:
    skill = Skill(row.mu, row.sigma, row.games)
    return {
        "rating": row.rating,
        "mu": row.mu,
        "sigma": row.sigma,
        "games": row.games,
        "provisional": skill.provisional,
        "rank": rank_of(s, row.family, row.rating) if listed and not skill.provisional else None,
    }


def profile(store: Store, player_id: str) -> dict[str, Any] | None:
    """A player's record (``GET /api/players/{id}``), or None for an unknown (or deleted) player."""
    with Session(store.engine) as s:
        account = s.get(AccountRow, player_id) if player_id.startswith("a") else None
        if player_id.startswith("a") and account is None:
            return None
        # one walk down the (player_id, finished_at) index gives the recent games, the placements and the series
        last = s.execute(
            select(*HISTORY)
            .where(PlayerRow.player_id == player_id, PlayerRow.finished_at.is_not(None))
            .order_by(PlayerRow.finished_at.desc())
            .limit(HISTORY_ROWS)
        ).all()
        recent_rows = last[:RECENT]
        stats_rows = s.scalars(select(PlayerStatsRow).where(PlayerStatsRow.player_id == player_id)).all()
        if account is None and not recent_rows and not stats_rows:
            return None
        name = account.name if account is not None else (recent_rows[0].nickname if recent_rows else player_id)
        families: dict[str, dict[str, Any]] = {}
        sums: dict[str, Totals] = {}
        for row in sorted(stats_rows, key=lambda r: (r.family, r.length)):
            t = totals_of(row)
            fam = families.setdefault(row.family, {"all": None, "lengths": {}})
            fam["lengths"][row.length] = stats_json(f"{row.family} {row.length}", t)
            sums[row.family] = add_totals(sums[row.family], t) if row.family in sums else t
        for family, t in sums.items():
            families[family]["all"] = stats_json(family, t)
        listed = account is not None and not account.hidden
        ratings = {
            r.family: rating_json(s, r, listed)
            for r in s.scalars(select(RatingRow).where(RatingRow.player_id == player_id)).all()
        }
        tables: dict[str, list[dict[str, Any]]] = {}
        ids = [r.game_id for r in recent_rows]
        if ids:
            seated = select(PlayerRow.game_id, PlayerRow.nickname, PlayerRow.player_id)
            for game_id, nickname, pid in s.execute(seated.where(PlayerRow.game_id.in_(ids)).order_by(PlayerRow.seat)):
                tables.setdefault(game_id, []).append({"nickname": nickname, "player": pid})
        recent = [
            {
                "game_id": r.game_id,
                "finished_at": iso(r.finished_at),
                "family": r.family,
                "length": r.length,
                "place": r.place,
                "players": tables.get(r.game_id, []),
                "score": r.score,
                "rated": r.rated,
                "rating_before": r.rating_before,
                "rating_after": r.rating_after,
                "stand_in": r.stand_in,
            }
            for r in recent_rows
        ]
        places = [r.place for r in last if not r.stand_in and r.place is not None][:PLACEMENTS]
        series: dict[str, list[list[Any]]] = {}
        for r in last:
            if r.rating_after is not None and r.family in RATED_FAMILIES:
                points = series.setdefault(r.family, [])
                if len(points) < SERIES:
                    points.append([iso(r.finished_at), r.rating_after])
        series = {family: points[::-1] for family, points in series.items()}
        return {
            "id": player_id,
            "name": name,
            "account": account is not None,
            "hidden": bool(account is not None and account.hidden),
            "families": families,
            "ratings": ratings,
            "recent": recent,
            "placements": places[::-1],
            "rating_series": series,
        }


def leaderboard(store: Store, family: str, caller: str | None) -> dict[str, Any]:
    """The top ``TOP`` ranked players of a family, and the caller's own position (``GET /api/leaderboard``)."""
    with Session(store.engine) as s:
        q = ranked(s, family).order_by(RatingRow.rating.desc(), RatingRow.player_id).limit(TOP)
        rows: list[dict[str, Any]] = []
        rank, last = 0, None
        for i, (r, name) in enumerate(s.execute(q).all()):
            if r.rating != last:
                rank, last = i + 1, r.rating
            rows.append({"rank": rank, "id": r.player_id, "name": name, "rating": r.rating, "games": r.games})
        me = None
        own = s.get(RatingRow, (caller, family)) if caller else None
        if own is not None:
            account = s.get(AccountRow, own.player_id)
            skill = Skill(own.mu, own.sigma, own.games)
            shown = account is not None and not account.hidden and not skill.provisional
            me = {
                "rank": rank_of(s, family, own.rating) if shown else None,
                "rating": own.rating,
                "games": own.games,
                "provisional": skill.provisional,
            }
        return {"family": family, "rows": rows, "me": me}


@router.get("/api/players/{player_id}")
def player(request: Request, player_id: str = Path(max_length=24)) -> dict[str, Any]:
    """A player's profile: statistics per family and length, ratings, recent games, charts' series."""
    found = profile(request.app.state.store, player_id)
    if found is None:
        raise HTTPException(404, "there is no such player")
    return found


@router.get("/api/leaderboard")
def leaderboard_page(request: Request, family: str = Query("4p", pattern="^(4p|3p)$")) -> dict[str, Any]:
    """A family's leaderboard (top 100: accounts, shown, no longer provisional) and the caller's position."""
    return leaderboard(request.app.state.store, family, caller_id(request))
