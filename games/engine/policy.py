"""The light policy's weights (``playout.light_move``, ``playcore``): set them here.

Plain constants, read by the compiled modules into C constants when they are loaded.
"""

LIGHT_MOVE_LIMIT = 48  # moves weighed per turn: the shorter plays come first
NOISE = 0.5  # a uniform random bonus in [0, NOISE) per move: playouts must vary
WIN = 100.0
EMPTY_WITHOUT_WIN = -3.0
KEEP_WILD = 2.0  # an ace or a joker spent without a penalty to answer
DRAW_COST = 1.5  # a draw costs more than the card: the tempo
DECLARE_AT = 2  # declare Niko Kadi whenever a move leaves this many cards or fewer
ATTACK = 0.5  # a penalty or a jack on top hurts the next player ...
ATTACK_NEAR_FINISH = 2.0  # ... and more when they hold two cards or fewer
SAME_SUIT_LEFT = 0.25  # per card kept of the suit to follow: a play for next turn
UNANSWERED_QUESTION = 1.0  # a question left unanswered costs a card
FINISH_NEXT = 2.0  # the cards kept are all of one finishing rank: one play can win next turn
