"""Every reason the engine gives for refusing a move: English templates with named
``%(name)s`` parameters (see ``refusal`` for the parameter kinds), one per wording.

The site translates them (``games.text.refusals.explain``) and ``games.text.engine_texts`` writes them
out for ``makemessages``, so each sentence is whole here: never glue pieces together. Rule
option names and their values in parentheses stay as they are: they name the setting.
"""

# Move text (moves.Move.parse); ``text`` and ``token`` are the quoted words typed
NOT_TEXT = "a move must be text"
EMPTY_MOVE = '%(text)s is not a move: write cards like "7H 7S", or draw, accept or pass'
NOT_A_CARD = "%(text)s is not a move: %(token)s is not a card (write rank then suit, like 10H, QS or JKR)"
NOT_A_REQUEST = (
    "%(text)s is not a move: %(token)s is neither a suit (H D S C) nor a rank (A 2 3 4 5 6 7 8 9 10 J Q K)"
)
SUIT_WITHOUT_CARDS = '%(text)s is not a move: a suit is declared after an ace, like "AH @S"'
RESIGN_WITHOUT_SEAT = '%(text)s is not a move: a resignation names its seat, like "resign 2"'
UNKNOWN_KIND = "%(kind)s is not a move"

# Moves that can never be made here (transitions.text_problem)
GAME_OVER = "the game is over"
SEAT_NOT_IN_PLAY = "seat %(seat)d is not in play"
CARD_TWICE = "a card cannot be played twice in one play"
NOT_HELD = "you do not hold %(card)s"
NOT_IN_DECK = "there is no %(card)s in the deck at this table"
MORE_COPIES_THAN_DECKS = "two decks hold only two copies of %(card)s"
HOLD_ONE_COPY = "you hold only one %(card)s"
SUIT_WITHOUT_ACE = "only a play that ends with an ace names a suit"
RANK_WITHOUT_ACE = "only a play that ends with an ace names a rank"
SUIT_REQUEST_OFF = "aces name a rank at this table, not a suit (ace_request: rank)"
RANK_REQUEST_OFF = "aces name a suit at this table, not a rank (ace_request: suit)"
NOT_FINISHABLE = (
    'you may declare "Niko Kadi!" only when the cards you keep could be played out as one '
    "winning play (declare_allowed: finishable)"
)

# Moves other than plays (transitions.rule_problem)
LONE_ACE_NAMES_SUIT = "a single ace cancelling a penalty cannot name a suit"
LONE_ACE_NAMES_RANK = "a single ace cancelling a penalty cannot name a rank"
DRAWN_ALREADY = "you have drawn already: play a play that begins with the drawn card, or pass"
DRAW_WHEN_JUMPED = "you are jumped: accept, or counter with jacks where that is allowed"
MUST_PLAY = "you must play when you can: drawing at will is off at this table (voluntary_draw)"
NO_JUMP = "there is no jump to accept"
PASS_NOT_AFTER_DRAW = "you may pass only just after drawing, under play_after_draw"

# Plays (validate)
NOT_THE_DRAWN_CARD = (
    "after drawing you may only play a play that begins with the card you drew (%(card)s), or pass"
)
ONE_ACE_AGAINST_JUMP = "a jump is cancelled with one ace only (jump_cancel_by_ace)"
JUMP_ACCEPT_COUNTER_OR_ACE = "a jump must be accepted, countered with jacks or cancelled with one ace"
JUMP_ACCEPT_OR_COUNTER = "a jump must be accepted or countered with jacks"
JUMP_NO_COUNTER = "jumps cannot be countered at this table (jump_counter is off): accept"
ANSWER_QUESTION = (
    "a question in %(suit)s must be answered with a card of %(suit)s or another question, or you draw"
)
NO_MATCH_ACES_WILD = (
    "%(card)s does not match: play a card of %(suit)s or of rank %(rank)s, an ace or a joker"
)
NO_MATCH = "%(card)s does not match: play a card of %(suit)s or of rank %(rank)s, or a joker"
NO_MATCH_NAMED_RANK_ACES_WILD = (
    "%(card)s does not match: the ace asked for rank %(rank)s: "
    "play a card of rank %(rank)s, an ace or a joker"
)
NO_MATCH_NAMED_RANK = (
    "%(card)s does not match: the ace asked for rank %(rank)s: play a card of rank %(rank)s or a joker"
)
ACES_DO_NOT_CANCEL = "aces do not cancel penalties at this table (ace_cancels_penalty is off)"
CANCEL_WITH_ACES_ONLY = "a penalty is cancelled with aces only"
OWE_CARDS = "you owe %(amount)d cards: counter with a penalty card, cancel with an ace, or draw"
RED_JOKER_COUNTER = (
    "%(card)s cannot counter the red joker: only a 2 or 3 of hearts or diamonds does (joker_colour_counter)"
)
BLACK_JOKER_COUNTER = (
    "%(card)s cannot counter the black joker: only a 2 or 3 of spades or clubs does (joker_colour_counter)"
)
SAME_RANK_COUNTER = "%(card)s cannot counter %(top)s under same-rank countering"
RANK_OR_SUIT_COUNTER = "%(card)s cannot counter %(top)s under rank-or-suit countering: it shares neither"
COUNTER_PENALTY_CARDS_ONLY = "a counter holds penalty cards only (2, 3 and jokers)"
ONE_KING_DEFLECTS = "a penalty is sent on with one king alone (penalty_deflect)"
ONE_JACK_DEFLECTS = "a penalty is sent on with one jack alone (penalty_deflect)"
KING_DEFLECTS_IN_SUIT = (
    "a king sends a penalty on only in the penalty card's suit, %(suit)s (penalty_deflect)"
)
JACK_DEFLECTS_IN_SUIT = (
    "a jack sends a penalty on only in the penalty card's suit, %(suit)s (penalty_deflect)"
)
KING_DOES_NOT_DEFLECT = "a king does not send a penalty on at this table (penalty_deflect: %(value)s)"
JACK_DOES_NOT_DEFLECT = "a jack does not send a penalty on at this table (penalty_deflect: %(value)s)"
LONE_CARD_CANNOT_FINISH = (
    "this play would leave you holding only %(card)s, which cannot finish (lone_card_must_finish)"
)

# The shape of a play (validate.shape_problem)
COMBO_SAME_RANK = "2s, 3s and jokers played together must share a rank (penalty_combo: %(value)s)"
COMBO_SAME_SUIT = "2s, 3s and jokers played together must share a suit (penalty_combo: %(value)s)"
NO_SHAPE = (
    "these cards do not form a play: cards of one rank, questions then answers, "
    "or 2s, 3s and jokers together"
)
QUESTION_DOES_NOT_FOLLOW = (
    "%(card)s does not follow %(before)s: each question must share a rank or suit with the one before it"
)
QUESTIONS_NOT_GROUPED = "the questions must form one group, each sharing a rank or suit with another"
QUESTIONS_ONLY = "questions are answered by the next player at this table: play questions only"
QUESTION_AFTER_ANSWER = "%(card)s is a question: questions come before the answers"
NOT_AN_ANSWER = "%(card)s cannot answer a question at this table"
ANSWER_LAST_QUESTION_SUIT = "%(card)s cannot answer: the first answer must be of the last question's suit"
ANSWER_SOME_QUESTION_SUIT = (
    "%(card)s cannot answer: the first answer must be of the suit of one of the questions"
)
ANSWERS_SHARE_RANK = "%(card)s cannot follow the answer %(rank)s: further answers share its rank"


def templates() -> list[str]:
    """Every template above, in order."""
    return [value for name, value in globals().items() if name.isupper() and isinstance(value, str)]
