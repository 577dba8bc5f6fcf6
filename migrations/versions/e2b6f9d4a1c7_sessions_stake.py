"""a session's stake: ``sessions.tanto_value`` becomes ``sessions.stake``

Revision ID: e2b6f9d4a1c7
Revises: d5e1a8c3f7b2
Create Date: 2026-12-05 00:40:00

The money one point is worth is the platform's column for every session; Tresillo calls its point a
tanto, and its session file keeps the field ``tanto_value``, but the table names no game's word. The
column is renamed with its length check (``ck_sessions_stake_length``, the same bounds); every value
stays as it was. The downgrade renames both back.
"""
import sqlalchemy as sa
from alembic import op

revision = 'e2b6f9d4a1c7'
down_revision = 'd5e1a8c3f7b2'
branch_labels = None
depends_on = None

#: the longest canonical stake: 100000.0000 (``domains.STAKE.longest``)
LONGEST = 11


def _rename(old, new):
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_constraint(f'ck_sessions_{old}_length', type_='check')
        batch_op.alter_column(old, new_column_name=new, existing_type=sa.String(length=16), existing_nullable=False)
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.create_check_constraint(f'ck_sessions_{new}_length', f'length({new}) BETWEEN 1 AND {LONGEST}')


def upgrade():
    _rename('tanto_value', 'stake')


def downgrade():
    _rename('stake', 'tanto_value')
