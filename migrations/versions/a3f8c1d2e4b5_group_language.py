"""a group's language (es, en, fr), chosen when the group is created; none for older groups

Revision ID: a3f8c1d2e4b5
Revises: a7d3c5e91f20
Create Date: 2026-11-24 09:00:00

Groups made before this revision keep no language: their pages follow each
phone's choice or its browser, as before, until someone sets one on the group
page.
"""
import sqlalchemy as sa
from alembic import op

revision = 'a3f8c1d2e4b5'
down_revision = 'a7d3c5e91f20'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('groups', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=5), nullable=True))


def downgrade():
    # a plain DROP COLUMN (SQLite 3.35+): batch mode would copy and drop the groups table,
    # which the sessions' foreign keys forbid once groups hold sessions
    op.drop_column('groups', 'language')
