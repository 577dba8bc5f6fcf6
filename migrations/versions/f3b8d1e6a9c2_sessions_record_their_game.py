"""sessions record their game: its name and, for the games of scorekeeper-session/2, their setup

Revision ID: f3b8d1e6a9c2
Revises: f1c7a9e3b052
Create Date: 2026-11-26 13:30:00

Every session kept so far is a Tresillo evening: it gets ``game = 'tresillo'``
and an empty setup (Tresillo's setup stays in its own columns). Nothing else
of a stored session changes.
"""
import sqlalchemy as sa
from alembic import op

revision = 'f3b8d1e6a9c2'
down_revision = 'f1c7a9e3b052'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('game', sa.String(length=32), server_default='tresillo', nullable=False))
        batch_op.add_column(sa.Column('setup', sa.JSON(), server_default='{}', nullable=False))


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_column('setup')
        batch_op.drop_column('game')
