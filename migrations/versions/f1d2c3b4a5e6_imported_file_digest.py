"""imported sessions remember their file: a digest of its canonical content

Revision ID: f1d2c3b4a5e6
Revises: c4e9a2b7d610
Create Date: 2026-11-26 13:30:00

Importing the same session file twice into a group made two evenings. An
imported session now keeps the SHA-256 of the file's canonical content (the
setup and the hands as the engine reads them, each with its dealer), an input
like the file itself. Sessions made before this revision have none: nothing
tells which of them came from a file.
"""
import sqlalchemy as sa
from alembic import op

revision = 'f1d2c3b4a5e6'
down_revision = 'c4e9a2b7d610'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('file_digest', sa.String(length=64), nullable=True))
        batch_op.create_index('ix_sessions_file_digest', ['file_digest'], unique=False)


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_index('ix_sessions_file_digest')
        batch_op.drop_column('file_digest')
