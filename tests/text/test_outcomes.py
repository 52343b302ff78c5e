"""games.text.outcomes: each kind of outcome said in English and in Swahili, and the move log
line that carries it (games.text.moves), from the facts a move stored."""

import pytest
from django.utils import translation

from games.engine import Rules
from games.engine.outcomes import CANNOT_FINISH, NOT_DECLARED, OTHERS_CARDLESS, Outcome
from games.text.moves import move_entry, move_words
from games.text.outcomes import outcome_sentences
from tests.text.test_moves import said

NAMES = ["Amani", "Baraka", "Chebet"]
CLASSIC = Rules.preset("classic")  # jumps countered by jacks, aces answer questions of their suit only

OUTCOMES = [  # (facts, actor, handed), in English, in Swahili
    ((Outcome(0, jump=(1, 1)),), "1 jump: Baraka is skipped unless they answer with a jack.",
     "Zamu 1 ya kurukwa: Baraka anarukwa isipokuwa ajibu kwa jack."),
    ((Outcome(0, jump=(1, 2)),), "2 jumps: Baraka is skipped unless they answer with a jack.",
     "Zamu 2 za kurukwa: Baraka anarukwa isipokuwa ajibu kwa jack."),
    ((Outcome(0, reversed=True),), "Play changes direction.", "Mchezo unabadilisha mwelekeo."),
    ((Outcome(0, reversed=True, plays_again=True),),
     "Play changes direction. With two players, Amani plays again.",
     "Mchezo unabadilisha mwelekeo. Mkiwa wachezaji wawili, Amani anacheza tena."),
    ((Outcome(0, penalty=(1, 2)),), "Baraka draws 2 cards unless they counter.",
     "Baraka anaokota kadi 2 isipokuwa azuie."),
    ((Outcome(1, penalty=(2, 5), grown=True),),
     "The penalty grows: Chebet draws 5 cards unless they counter.",
     "Adhabu inaongezeka: Chebet anaokota kadi 5 isipokuwa azuie."),
    ((Outcome(1, penalty=(2, 2), passed=True),),
     "The penalty passes on: Chebet draws 2 cards unless they counter.",
     "Adhabu inapita: Chebet anaokota kadi 2 isipokuwa azuie."),
    ((Outcome(1, cancelled=3),), "The penalty of 3 cards is cancelled.", "Adhabu ya kadi 3 imezuiwa."),
    ((Outcome(0, question=(1, "S")),), "Baraka must answer with spades or another question, or draw a card.",
     "Baraka lazima ajibu kwa spade au swali jingine, au aokote kadi."),
    ((Outcome(1, answered=True),), "The question is answered.", "Swali limejibiwa."),
    ((Outcome(0, misplay=2, skipped=True),), "Amani is skipped too.", "Amani pia anarukwa."),
    ((Outcome(0, no_win=NOT_DECLARED),),
     "Amani emptied their hand but does not win: they had not declared Niko Kadi.",
     "Amani amemaliza kadi zake lakini hashindi: hakuwa ametangaza Niko Kadi."),
    ((Outcome(0, no_win=CANNOT_FINISH),),
     "Amani emptied their hand but does not win: that card cannot finish a game here.",
     "Amani amemaliza kadi zake lakini hashindi: kadi hiyo haiwezi kumaliza mchezo hapa."),
    ((Outcome(0, no_win=OTHERS_CARDLESS),),
     "Amani emptied their hand but does not win: another player holds no cards, so nobody can win now.",
     "Amani amemaliza kadi zake lakini hashindi: mchezaji mwingine hana kadi, kwa hiyo hakuna anayeweza "
     "kushinda sasa."),
    ((Outcome(0, niko_kadi_missed=2),), "Amani did not declare Niko Kadi and drew 2 cards for it.",
     "Amani hakutangaza Niko Kadi na akaokota kadi 2 kwa hilo."),
    ((Outcome(0, won=True),), "Amani wins the game!", "Amani ameshinda mchezo!"),
    ((Outcome(1, out=(2,)),), "Chebet is out of play.", "Chebet ametoka mchezoni."),
    ((Outcome(1), "timer"), "Time ran out: the server played for Baraka.",
     "Muda umekwisha: seva imemchezea Baraka."),
    ((Outcome(1), "away"), "Baraka is away: the server played for them.", "Baraka hayupo: seva imemchezea."),
    ((Outcome(1), "stand_in"), "A stand-in bot played for Baraka.", "Bot mbadala imemchezea Baraka."),
    ((Outcome(1), "timer", True),
     "Time ran out: the server played for Baraka. "
     "Baraka missed too many turns: a bot takes their seat until they come back.",
     "Muda umekwisha: seva imemchezea Baraka. "
     "Baraka amekosa zamu nyingi mno: bot inachukua kiti chake hadi atakaporudi."),
]


@pytest.mark.parametrize(("args", "english", "swahili"), OUTCOMES)
def test_each_outcome_is_said_in_english_and_swahili(args, english, swahili):
    for language, expected in (("en", english), ("sw", swahili)):
        with translation.override(language):
            assert " ".join(outcome_sentences(args[0], NAMES, CLASSIC, *args[1:])) == expected


def line(text, drew=None, penalty=None, facts=None, actor="player", handed=False):
    """The move log's words of a move as its row stored it."""
    entry = move_entry(text, drew, penalty, facts.to_dict() if facts else None, actor, handed, CLASSIC)
    return said(move_words({"number": 3, "name": "Amani", "names": [{"name": n} for n in NAMES], **entry}))


@pytest.mark.parametrize(
    ("args", "english", "swahili"),
    [
        (("2C", None, None, Outcome(0, penalty=(1, 2))),
         "Amani 2 of clubs — Baraka draws 2 cards unless they counter.",
         "Amani 2 ya maua — Baraka anaokota kadi 2 isipokuwa azuie."),
        (("draw", 4, None, Outcome(0, paid=4)), "Amani drew 4 cards for the penalty",
         "Amani aliokota kadi 4 za adhabu"),
        (("draw", 1, None, Outcome(0, unanswered=1)), "Amani could not answer the question and drew 1 card",
         "Amani hakuweza kujibu swali na akaokota kadi 1"),
        (("7H", 2, 2, Outcome(0, misplay=2)), "Amani misplayed 7 of hearts and drew 2 cards",
         "Amani alikosea 7 ya mioyo na akaokota kadi 2"),
        (("draw", 1, None, Outcome(0), "timer"),
         "Amani drew 1 card — Time ran out: the server played for Amani.",
         "Amani aliokota kadi 1 — Muda umekwisha: seva imemchezea Amani."),
    ],
)
def test_the_move_log_line_says_the_move_then_its_outcome(args, english, swahili):
    for language, expected in (("en", english), ("sw", swahili)):
        with translation.override(language):
            assert line(*args) == expected


def test_a_move_stored_before_outcomes_says_only_the_move():
    assert line("2C") == "Amani 2 of clubs"
