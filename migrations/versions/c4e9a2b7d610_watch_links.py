"""watch links: a read-only link for each session, given to the sessions already kept

Revision ID: c4e9a2b7d610
Revises: e5a0c3f19d27
Create Date: 2026-11-23 14:45:00

A spectator's link is an input like the session's own link: random, never
derived. Sessions made before this revision get one here (128 random bits,
as ``models.new_token`` makes them), so every session has a watch link once
the upgrade is done.
"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = 'c4e9a2b7d610'
down_revision = 'e5a0c3f19d27'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('watch_token', sa.String(length=32), nullable=True))
    conn = op.get_bind()
    sessions = sa.table('sessions', sa.column('id', sa.Integer), sa.column('watch_token', sa.String))
    for (sid,) in conn.execute(sa.select(sessions.c.id)).all():
        conn.execute(sessions.update().where(sessions.c.id == sid).values(watch_token=secrets.token_urlsafe(16)))
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.alter_column('watch_token', existing_type=sa.String(length=32), nullable=False)
        batch_op.create_unique_constraint('uq_sessions_watch_token', ['watch_token'])


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_constraint('uq_sessions_watch_token', type_='unique')
        batch_op.drop_column('watch_token')
