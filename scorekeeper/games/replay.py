"""The session file ``scorekeeper-session/2`` read, replayed and turned into its result object.

The same for every game: the envelope (format, game, players, teams, options, deals) is read
here, the game's own plug-in reads its options and each deal. A deal after the game ended is
refused here too, so no game writes that rule again. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..core.domains import HANDS, PLAYER_NAME, OutOfDomain
from ..core.errors import N_, SessionError
from . import GAMES  # the package's registry (an import in replay() cost every replay one)
from .base import DealRow, Game, Result, Seating, Table, builder, only_fields, read_stake, refuse
from .registry import player_name

FORMAT = "scorekeeper-session/2"
new_table = builder(Table)
#: the fields of a session file (a set: asked of every replay)
ENVELOPE = frozenset(("format", "game", "players", "teams", "options", "deals"))


@dataclass(frozen=True, slots=True)
class Played:
    """A session of one game replayed: its table, every deal's row and the result."""

    game: Game[Any]
    table: Table
    rows: tuple[DealRow, ...]
    result: Result


new_played = builder(Played)


def _players(raw: Any, game: Game[Any]) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise refuse(None, "players", N_("expected a list of names"))
    names: list[str] = []
    for i, name in enumerate(raw):
        if not isinstance(name, str):
            raise refuse(None, f"players[{i}]", N_("expected a name"))
        try:
            clean = player_name().clean(name)
        except OutOfDomain as exc:
            raise SessionError(exc.at(None, f"players[{i}]")) from None
        if clean != name:
            raise refuse(None, f"players[{i}]", N_("write the name {name!r} without extra spaces"), name=clean)
        if name in names:
            raise refuse(None, f"players[{i}]", N_("{player!r} is listed twice"), player=name)
        names.append(name)
    if len(names) not in game.spec.seats:
        raise refuse(None, "players", N_("{game} is played by {counts} players, not {n}"), game=game.spec.title,
                     counts=", ".join(map(str, game.spec.seats)), n=len(names))
    return tuple(names)


def _teams(raw: Any, players: tuple[str, ...], game: Game[Any]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The teams of a fixed-partnership game: every player in exactly one, the teams of equal size.

    Played by as many players as it has teams (two players, two teams), a file may leave ``teams`` out:
    each player is then a team of one named by the player's name (the sides are the players)."""
    if game.spec.partnership != "fixed":
        if raw is not None:
            raise refuse(None, "teams", N_("{game} has no fixed teams"), game=game.spec.title)
        return ()
    if raw is None and len(players) == game.spec.teams:
        return tuple((player, (player,)) for player in players)
    if not isinstance(raw, Mapping) or len(raw) != game.spec.teams:
        raise refuse(None, "teams", N_("expected {n} teams"), n=game.spec.teams)
    seen: list[str] = []
    teams = [(name, _team(name, members, players, seen)) for name, members in raw.items()]
    if len(seen) != len(players):
        missing = next(p for p in players if p not in seen)
        raise refuse(None, "teams", N_("{player!r} is in no team"), player=missing)
    if len({len(m) for _, m in teams}) != 1:
        raise refuse(None, "teams", N_("the teams must be of equal size"))
    return tuple(teams)


def _team(name: Any, members: Any, players: tuple[str, ...], seen: list[str]) -> tuple[str, ...]:
    """One team of the file: a short name that is no player's, and players of the table not yet in a team
    (each added to ``seen``)."""
    if not isinstance(name, str) or not name or len(name) > PLAYER_NAME.most or name in players:
        raise refuse(None, "teams", N_("a team's name is a short text that is not a player's name"))
    if not isinstance(members, list) or not members:
        raise refuse(None, f"teams.{name}", N_("expected a list of players"))
    for member in members:
        if not isinstance(member, str) or member not in players:
            raise refuse(None, f"teams.{name}", N_("{value!r} is not a player of this table"), value=member)
        if member in seen:
            raise refuse(None, f"teams.{name}", N_("{player!r} is in two teams"), player=member)
        seen.append(member)
    return tuple(members)


def load(data: Any, games: Mapping[str, Game[Any]]) -> tuple[Game[Any], Table, Sequence[Any]]:
    """The envelope of a session file read and checked: the game, its table and the deals as entered."""
    top = only_fields(data, None, ENVELOPE, where="session")
    if top.get("format") != FORMAT:
        raise refuse(None, "format", N_("expected {expected!r}"), expected=FORMAT)
    name = top.get("game")
    if not isinstance(name, str):  # missing, null, a number: no game is named (never "unknown game None")
        raise refuse(None, "game", N_("the file names no game: write one of {known}"), known=", ".join(sorted(games)))
    key = _envelope_key(name, top, games)
    try:
        seated = _SEATED.get(key) if key is not None else None
    except TypeError:  # a name or a member that is no text (a list, an object): refused when read
        key = seated = None
    if seated is None:
        seated = (games, *_seat(name, top, games, key))  # the mapping held: its id in the key stays its own
        if key is not None:
            if len(_SEATED) >= SEATED_MOST:
                _SEATED.clear()
            _SEATED[key] = seated
    _, game, seating, options, stake = seated
    deals = top.get("deals")
    if not isinstance(deals, list):
        raise refuse(None, "deals", N_("expected a list of deals"))
    if len(deals) > HANDS.most:
        raise refuse(None, "deals", N_("a session holds at most {most} deals"), most=HANDS.most)
    return game, new_table(seating, dict(options), stake), deals  # its own options: a game may not share them


def _seat(name: str, top: Mapping[str, Any], games: Mapping[str, Game[Any]], key: tuple[Any, ...] | None) -> Seated:
    """The game, seating, options and stake of an envelope, every part checked. The seating of an envelope of the
    same players and teams read before (``key``'s :data:`SEATING` first parts) is taken as it was read."""
    if name not in games:
        raise refuse(None, "game", N_("unknown game {value!r}; known: {known}"), value=name,
                     known=", ".join(sorted(games)))
    game = games[name]
    seating = _SEATINGS.get(key[:SEATING]) if key is not None else None
    if seating is None:
        players = _players(top.get("players"), game)
        seating = Seating(players, _teams(top.get("teams"), players, game))
        if key is not None:
            if len(_SEATINGS) >= SEATED_MOST:
                _SEATINGS.clear()
            _SEATINGS[key[:SEATING]] = seating
    raw_options = top.get("options", {})
    if not isinstance(raw_options, Mapping):
        raise refuse(None, "options", N_("expected an object"))
    stake = read_stake(raw_options.get("stake", "1"))
    options = game.read_options({k: v for k, v in raw_options.items() if k != "stake"}, seating)
    return game, seating, options, stake


#: what an envelope read gives: the game, its seating, its options and the stake
Seated = tuple[Game[Any], Seating, Mapping[str, Any], Decimal]
#: the envelopes already read, by what they hold (:func:`_envelope_key`): a server replays the same table's
#: sessions again and again, and reading its names, teams, options and stake costs a short session (a match of
#: three deals or so) more than its deals (``bench/replay.py --instructions --games``)
_SEATED: dict[tuple[Any, ...], tuple[Mapping[str, Game[Any]], Game[Any], Seating, Mapping[str, Any], Decimal]] = {}
#: the most envelopes kept (then the store starts again)
SEATED_MOST = 512
#: the seatings already read, by the first parts of an envelope's key (:data:`SEATING`: the registry, the game, the
#: players and the teams): the same players at the same table start sessions of other options and stakes (a match
#: to three deals, another stake), and reading their names and teams costs more than a short session's deals
_SEATINGS: dict[tuple[Any, ...], Seating] = {}
#: how many parts of an envelope's key say its seating (:func:`_envelope_key`)
SEATING = 5


def _envelope_key(name: str, top: Mapping[str, Any], games: Mapping[str, Game[Any]]) -> tuple[Any, ...] | None:
    """An exact key of the envelope (None: not kept): equal only for files whose names, teams and options are the
    same values of the same types. Names and members need no type of their own in the key: only a text equals a
    name kept (every one kept was read as a text); an option's value does (``True == 1`` to Python, not to a game).
    Its first :data:`SEATING` parts (the registry, the game, the players, the teams) say the seating alone.
    """
    players, teams, options = top.get("players"), top.get("teams"), top.get("options", {})
    if type(players) is not list or type(options) is not dict:
        return None
    kinds: list[type] = []
    for value in options.values():
        kind = type(value)
        if kind is not str and kind is not int and kind is not bool:
            return None
        kinds.append(kind)
    members: list[tuple[str, tuple[Any, ...]]] = []
    if teams is not None:
        if type(teams) is not dict:
            return None
        for team, held in teams.items():
            if type(held) is not list:
                return None
            members.append((team, tuple(held)))
    return id(games), name, tuple(players), teams is None, tuple(members), tuple(options.items()), tuple(kinds)


def played_into(rows: list[DealRow], game: Game[Any], state: Any, deals: Sequence[Any], first: int = 1,
                fresh: bool = False) -> Any:
    """Each deal played in turn from ``state`` (the state before deal ``first``), its row added to ``rows``: the state
    after the last. A deal after the end is refused. A plain loop, not a generator: it runs for every deal.

    ``state`` is left as it was (``game.play``), unless it is ``fresh`` (just started, held by no one else); every
    later deal is played on the loop's own state, by the game's ``play_on`` where it has one (Tresillo's table then
    is not copied for every deal)."""
    ended_at = game.ended_at
    own = game.play_on or game.play
    play = own if fresh else game.play
    for number, deal in enumerate(deals, start=first):
        ended = ended_at(state)
        if ended is not None:
            raise refuse(number, "deal", N_("the game ended at deal {ended}; nothing more is scored"), ended=ended)
        state, row = play(state, number, deal)
        rows.append(row)
        play = own
    return state


def replay(data: Any, games: Mapping[str, Game[Any]] | None = None) -> Played:
    """A ``scorekeeper-session/2`` document replayed (``games`` defaults to the registry)."""
    game, table, deals = load(data, GAMES if games is None else games)
    rows: list[DealRow] = []
    state = played_into(rows, game, game.start(table), deals, fresh=True)
    return new_played(game, table, tuple(rows), game.result(state))  # Result checks that money sums to zero


def _json_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


def row_json(row: DealRow) -> dict[str, Any]:
    out: dict[str, Any] = {"deal": row.deal, "points": dict(row.points), "scores": dict(row.scores)}
    out.update({k: _json_value(v) for k, v in row.extras})
    return out


def result_json(played: Played) -> dict[str, Any]:
    """The result object of ``scorekeeper replay FILE --json`` for this format (session-format.md)."""
    r = played.result
    return {
        "game": played.game.spec.name,
        "deals": [row_json(row) for row in played.rows],
        "result": {
            "finished": r.finished, "ended_at": r.ended_at, "winners": list(r.winners), "losers": list(r.losers),
            "multiplier": r.multiplier, "money": {p: str(m) for p, m in r.money}, "zero_sum": True, "how": r.how,
        },
    }
