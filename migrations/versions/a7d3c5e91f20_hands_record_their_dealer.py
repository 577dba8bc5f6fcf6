"""hands record who dealt them

Revision ID: a7d3c5e91f20
Revises: 92f8b788bd90
Create Date: 2026-11-23 09:30:00

Until now the dealer of each stored hand was derived from its position
(the first dealer, then the deal passing round the seating). Each stored
hand now records it, so deleting or inserting a hand never moves another
hand's deal: this fills it in, as it was derived, for every stored hand.
"""
import sqlalchemy as sa
from alembic import op

revision = 'a7d3c5e91f20'
down_revision = '92f8b788bd90'
branch_labels = None
depends_on = None

sessions = sa.table('sessions', sa.column('id', sa.Integer), sa.column('players', sa.JSON),
                    sa.column('first_dealer', sa.String))
hands = sa.table('hands', sa.column('id', sa.Integer), sa.column('session_id', sa.Integer),
                 sa.column('position', sa.Integer), sa.column('data', sa.JSON))


def _hands_of(conn, session_id):
    return conn.execute(sa.select(hands.c.id, hands.c.data).where(hands.c.session_id == session_id)
                        .order_by(hands.c.position)).all()


def upgrade():
    conn = op.get_bind()
    for session_id, players, first in conn.execute(sa.select(sessions.c.id, sessions.c.players,
                                                             sessions.c.first_dealer)).all():
        if not players:
            continue
        start = players.index(first) if first in players else 0
        for i, (hand_id, data) in enumerate(_hands_of(conn, session_id)):
            if isinstance(data, dict) and 'dealer' not in data:
                dealer = players[(start + i) % len(players)]
                conn.execute(hands.update().where(hands.c.id == hand_id).values(data=dict(data, dealer=dealer)))


def downgrade():
    conn = op.get_bind()
    for (session_id,) in conn.execute(sa.select(sessions.c.id)).all():
        for hand_id, data in _hands_of(conn, session_id):
            if isinstance(data, dict) and ('dealer' in data or 'seating' in data):
                kept = {k: v for k, v in data.items() if k not in ('dealer', 'seating')}
                conn.execute(hands.update().where(hands.c.id == hand_id).values(data=kept))
