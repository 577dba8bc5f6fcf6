"""the evening across games: nights, each session's night, games paid alone, kept game results

Revision ID: c8d1e2f3a4b5
Revises: b9e4f2a6c813
Create Date: 2026-11-26 16:20:00

A group's evening may hold games of several kinds; a ``nights`` row is that evening and every
session names its night. Until now each session was an evening of its own, so each session kept
so far gets a night of its own: begun when the session was, ended when (and if) it was ended.
Nothing of a stored session changes. ``game_results`` keeps each closed game's money (derived,
rebuilt when stale) for the statistics across games.
"""
import sqlalchemy as sa
from alembic import op

revision = 'c8d1e2f3a4b5'
down_revision = 'b9e4f2a6c813'
branch_labels = None
depends_on = None


def upgrade():
    nights = op.create_table(
        'nights',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('closed', sa.Boolean(), nullable=False),
        sa.Column('closed_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_nights_group_id', 'nights', ['group_id'], unique=False)
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('night_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('paid_alone', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.create_index('ix_sessions_night_id', ['night_id'], unique=False)
        batch_op.create_foreign_key('fk_sessions_night_id', 'nights', ['night_id'], ['id'])
    op.create_table(
        'game_results',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('night_id', sa.Integer(), nullable=True),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('played_on', sa.DateTime(), nullable=False),
        sa.Column('session_version', sa.Integer(), nullable=False),
        sa.Column('format', sa.Integer(), nullable=False),
        sa.Column('currency', sa.String(length=8), nullable=False),
        sa.Column('money', sa.JSON(), nullable=False),
        sa.Column('feats', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['night_id'], ['nights.id']),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('session_id'),
    )
    op.create_index('ix_game_results_night_id', 'game_results', ['night_id'], unique=False)
    op.create_index('ix_game_results_group_id', 'game_results', ['group_id'], unique=False)
    # every session kept so far was an evening of its own: it gets a night of its own, with its id
    sessions = sa.table('sessions', sa.column('id', sa.Integer), sa.column('group_id', sa.Integer),
                        sa.column('created_at', sa.DateTime), sa.column('closed', sa.Boolean),
                        sa.column('closed_at', sa.DateTime), sa.column('night_id', sa.Integer))
    conn = op.get_bind()
    rows = conn.execute(sa.select(sessions.c.id, sessions.c.group_id, sessions.c.created_at, sessions.c.closed,
                                  sessions.c.closed_at)).all()
    if rows:
        op.bulk_insert(nights, [{'id': sid, 'group_id': gid, 'created_at': made, 'closed': bool(closed),
                                 'closed_at': (ended or made) if closed else None}
                                for sid, gid, made, closed, ended in rows])
        conn.execute(sessions.update().values(night_id=sessions.c.id))
        if conn.dialect.name == 'postgresql':  # the ids were given: the sequence goes on after them
            conn.execute(sa.text("SELECT setval(pg_get_serial_sequence('nights', 'id'), "
                                 "(SELECT MAX(id) FROM nights))"))


def downgrade():
    op.drop_index('ix_game_results_group_id', table_name='game_results')
    op.drop_index('ix_game_results_night_id', table_name='game_results')
    op.drop_table('game_results')
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_constraint('fk_sessions_night_id', type_='foreignkey')
        batch_op.drop_index('ix_sessions_night_id')
        batch_op.drop_column('paid_alone')
        batch_op.drop_column('night_id')
    op.drop_index('ix_nights_group_id', table_name='nights')
    op.drop_table('nights')
