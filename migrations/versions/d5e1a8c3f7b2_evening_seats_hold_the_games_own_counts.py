"""evening seats hold the game's own counts: one ``feats`` object a seat instead of a column per count

Revision ID: d5e1a8c3f7b2
Revises: c8d1e2f3a4b5
Create Date: 2026-12-05 00:30:00

A kept evening (``evening_summaries``, ``evening_seats``) is the platform's, whatever the game: each seat
now keeps the counts its game gives it (Tresillo's codillos, bolas, bolas tried, primeras and largest plato
so far) as one JSON object, ``feats``, under the game's own keys. Every seat kept so far is a Tresillo
evening's: its five columns become its ``feats``, and each kept summary's JSON is rewritten in the new
shape (format 2: the game's name, ``stake`` for the tanto's value, each player's counts under ``feats``), so
nothing is replayed after the upgrade. The summaries are derived figures (rebuilt from the hands whenever
their format or version is stale); the downgrade turns both back as they were (format 1).
"""
import sqlalchemy as sa
from alembic import op

revision = 'd5e1a8c3f7b2'
down_revision = 'c8d1e2f3a4b5'
branch_labels = None
depends_on = None

#: the counts the seats kept in columns of their own (all Tresillo's), in their order
COUNTS = ('codillos', 'bolas', 'bolas_tried', 'primeras', 'largest_plato')

seats = sa.table('evening_seats', sa.column('id', sa.Integer), sa.column('feats', sa.JSON),
                 *(sa.column(c, sa.Integer) for c in COUNTS))
summaries = sa.table('evening_summaries', sa.column('id', sa.Integer), sa.column('session_id', sa.Integer),
                     sa.column('format', sa.Integer), sa.column('data', sa.JSON))
sessions = sa.table('sessions', sa.column('id', sa.Integer), sa.column('game', sa.String))


def _evening_now(data, game):
    """A kept evening of format 1 in the shape of format 2."""
    data = dict(data, format=2, game=game)
    data['stake'] = data.pop('tanto_value')
    data['people'] = [dict({k: v for k, v in p.items() if k not in COUNTS}, feats={c: int(p[c]) for c in COUNTS})
                      for p in data['people']]
    return data


def _evening_before(data):
    """A kept evening of format 2 in the shape of format 1 (a count its game did not give is 0)."""
    people = [dict({k: v for k, v in p.items() if k != 'feats'}, **{c: int(p['feats'].get(c, 0)) for c in COUNTS})
              for p in data['people']]
    before = {k: v for k, v in data.items() if k not in ('game', 'stake')}
    before.update(format=1, tanto_value=data['stake'], people=people)
    return before


def upgrade():
    with op.batch_alter_table('evening_seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('feats', sa.JSON(), nullable=True))
    conn = op.get_bind()
    for row in conn.execute(sa.select(seats.c.id, *(seats.c[c] for c in COUNTS))).all():
        conn.execute(seats.update().where(seats.c.id == row.id)
                     .values(feats={c: int(row._mapping[c]) for c in COUNTS}))
    kept = conn.execute(sa.select(summaries.c.id, summaries.c.data, sessions.c.game)
                        .join(sessions, sessions.c.id == summaries.c.session_id)
                        .where(summaries.c.format == 1)).all()
    for sid, data, game in kept:
        conn.execute(summaries.update().where(summaries.c.id == sid).values(format=2, data=_evening_now(data, game)))
    with op.batch_alter_table('evening_seats', schema=None) as batch_op:
        batch_op.alter_column('feats', existing_type=sa.JSON(), nullable=False)
        for c in COUNTS:
            batch_op.drop_column(c)


def downgrade():
    with op.batch_alter_table('evening_seats', schema=None) as batch_op:
        for c in COUNTS:
            batch_op.add_column(sa.Column(c, sa.Integer(), nullable=True))
    conn = op.get_bind()
    for row in conn.execute(sa.select(seats.c.id, seats.c.feats)).all():
        feats = row.feats or {}
        conn.execute(seats.update().where(seats.c.id == row.id)
                     .values(**{c: int(feats.get(c, 0)) for c in COUNTS}))
    for sid, data in conn.execute(sa.select(summaries.c.id, summaries.c.data).where(summaries.c.format == 2)).all():
        conn.execute(summaries.update().where(summaries.c.id == sid).values(format=1, data=_evening_before(data)))
    with op.batch_alter_table('evening_seats', schema=None) as batch_op:
        for c in COUNTS:
            batch_op.alter_column(c, existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('feats')
