"""a session's hands indexed by their place: hands(session_id, position)

Revision ID: b9e4f2a6c813
Revises: f3b8d1e6a9c2
Create Date: 2026-11-26 14:00:00

Every page reads a session's hands in order (the replay) or counts them; with
many sessions on one database that was an index on session_id plus a sort.
One index on (session_id, position) answers both, and a lookup by session_id
alone, so it replaces the index on session_id.
"""
from alembic import op

revision = 'b9e4f2a6c813'
down_revision = 'f3b8d1e6a9c2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_hands_session_position', 'hands', ['session_id', 'position'], unique=False)
    op.drop_index('ix_hands_session_id', table_name='hands')


def downgrade():
    op.create_index('ix_hands_session_id', 'hands', ['session_id'], unique=False)
    op.drop_index('ix_hands_session_position', table_name='hands')
