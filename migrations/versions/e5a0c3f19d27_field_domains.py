"""field domains: CHECK constraints, names unique whatever their case, form keys for start and import

Revision ID: e5a0c3f19d27
Revises: a3f8c1d2e4b5
Create Date: 2026-11-23 10:00:00

Every limit here is a copy of scorekeeper/engine/domains.py as it stood when
this revision was written (a revision never changes afterwards, so the numbers
are written out, not imported).

Rows already outside a domain are mended where that is safe: a group or player
name is trimmed to its length, and two players of one group whose names differ
only in case become "Ana" and "ana (2)". A session or hand outside its domain
cannot be mended without changing what was played: the upgrade stops and
names it.
"""
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = 'e5a0c3f19d27'
down_revision = 'a3f8c1d2e4b5'
branch_labels = None
depends_on = None

NAME = 40
NAME_KEY = 160
GROUP_NAME = 80
FORM_KEY = 64
SESSION_CHECKS = [
    ("ck_sessions_rules_length", "length(rules) BETWEEN 1 AND 16"),
    ("ck_sessions_first_dealer_length", f"length(first_dealer) BETWEEN 1 AND {NAME}"),
    ("ck_sessions_start_tokens_range", "start_tokens BETWEEN 5 AND 100000"),
    ("ck_sessions_tanto_value_length", "length(tanto_value) BETWEEN 1 AND 11"),
    ("ck_sessions_currency_length", "length(currency) BETWEEN 1 AND 8"),
    ("ck_sessions_end_paper_choice", "end_paper IN ('settle', 'keep')"),
    ("ck_sessions_version_range", "version BETWEEN 0 AND 2147483647"),
    ("ck_sessions_idem_key_length", f"length(idem_key) BETWEEN 1 AND {FORM_KEY}"),
]
HAND_CHECKS = [
    ("ck_hands_position_range", "position BETWEEN 0 AND 9999"),
    ("ck_hands_idem_key_length", f"length(idem_key) BETWEEN 1 AND {FORM_KEY}"),
]


def _key(name):
    return unicodedata.normalize("NFC", name.casefold())


def _refuse_outside(conn, table, checks):
    """Stop with a message naming the rows a CHECK would refuse (nothing is changed)."""
    for name, condition in checks:
        rows = conn.execute(sa.text(f"SELECT id FROM {table} WHERE NOT ({condition})")).scalars().all()
        if rows:
            raise RuntimeError(f"{table} {', '.join(map(str, rows[:10]))}: outside {name} ({condition}); "
                               "mend or delete these rows, then upgrade again")


def _mend_groups(conn):
    groups = sa.table("groups", sa.column("id", sa.Integer), sa.column("name", sa.String))
    for gid, name in conn.execute(sa.select(groups.c.id, groups.c.name)).all():
        fixed = " ".join(name.split())[:GROUP_NAME] or "Group"
        if fixed != name:
            conn.execute(groups.update().where(groups.c.id == gid).values(name=fixed))


def _key_players(conn):
    """Fill name_key; a second player with the same key in a group is renamed "name (2)"."""
    players = sa.table("players", sa.column("id", sa.Integer), sa.column("group_id", sa.Integer),
                       sa.column("name", sa.String), sa.column("name_key", sa.String))
    taken = {}
    rows = conn.execute(sa.select(players.c.id, players.c.group_id, players.c.name).order_by(players.c.id)).all()
    for pid, gid, name in rows:
        base = " ".join(name.split())[:NAME] or "Player"
        fixed, n = base, 1
        while (gid, _key(fixed)) in taken:
            n += 1
            suffix = f" ({n})"
            fixed = base[: NAME - len(suffix)] + suffix
        taken[(gid, _key(fixed))] = pid
        conn.execute(players.update().where(players.c.id == pid).values(name=fixed, name_key=_key(fixed)))


def upgrade():
    conn = op.get_bind()
    _refuse_outside(conn, "sessions", SESSION_CHECKS[:-1])
    _refuse_outside(conn, "hands", HAND_CHECKS)
    _mend_groups(conn)
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_key', sa.String(length=NAME_KEY), nullable=True))
    _key_players(conn)
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.alter_column('name_key', existing_type=sa.String(length=NAME_KEY), nullable=False)
        batch_op.drop_constraint('uq_player_name', type_='unique')
        batch_op.create_unique_constraint('uq_player_name_key', ['group_id', 'name_key'])
        batch_op.create_check_constraint('ck_players_name_length', f"length(name) BETWEEN 1 AND {NAME}")
        batch_op.create_check_constraint('ck_players_name_key_length', f"length(name_key) BETWEEN 1 AND {NAME_KEY}")
    with op.batch_alter_table('groups', schema=None) as batch_op:
        batch_op.create_check_constraint('ck_groups_name_length', f"length(name) BETWEEN 1 AND {GROUP_NAME}")
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('idem_key', sa.String(length=FORM_KEY), nullable=True))
        batch_op.create_unique_constraint('uq_session_idem', ['group_id', 'idem_key'])
        for name, condition in SESSION_CHECKS:
            batch_op.create_check_constraint(name, condition)
    with op.batch_alter_table('hands', schema=None) as batch_op:
        for name, condition in HAND_CHECKS:
            batch_op.create_check_constraint(name, condition)


def downgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        for name, _ in HAND_CHECKS:
            batch_op.drop_constraint(name, type_='check')
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        for name, _ in SESSION_CHECKS:
            batch_op.drop_constraint(name, type_='check')
        batch_op.drop_constraint('uq_session_idem', type_='unique')
        batch_op.drop_column('idem_key')
    with op.batch_alter_table('groups', schema=None) as batch_op:
        batch_op.drop_constraint('ck_groups_name_length', type_='check')
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_constraint('ck_players_name_key_length', type_='check')
        batch_op.drop_constraint('ck_players_name_length', type_='check')
        batch_op.drop_constraint('uq_player_name_key', type_='unique')
        batch_op.create_unique_constraint('uq_player_name', ['group_id', 'name'])
        batch_op.drop_column('name_key')
