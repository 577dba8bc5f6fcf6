"""waiting reports: what waits on each phone, shown to the other phones

Revision ID: f1c7a9e3b052
Revises: f1d2c3b4a5e6
Create Date: 2026-11-26 13:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f1c7a9e3b052'
down_revision = 'f1d2c3b4a5e6'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('waiting_reports',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session_id', sa.Integer(), nullable=False),
    sa.Column('phone_key', sa.String(length=64), nullable=False),
    sa.Column('phone', sa.String(length=40), nullable=False),
    sa.Column('hands', sa.Integer(), nullable=False),
    sa.Column('choices', sa.Integer(), nullable=False),
    sa.Column('first', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint('length(phone_key) BETWEEN 1 AND 64', name='ck_waiting_reports_phone_key_length'),
    sa.CheckConstraint('hands BETWEEN 0 AND 1000', name='ck_waiting_reports_hands_range'),
    sa.CheckConstraint('choices BETWEEN 0 AND 1000', name='ck_waiting_reports_choices_range'),
    sa.CheckConstraint('first BETWEEN 1 AND 10000', name='ck_waiting_reports_first_range'),
    sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('session_id', 'phone_key', name='uq_waiting_phone')
    )
    with op.batch_alter_table('waiting_reports', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_waiting_reports_session_id'), ['session_id'], unique=False)


def downgrade():
    with op.batch_alter_table('waiting_reports', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_waiting_reports_session_id'))
    op.drop_table('waiting_reports')
