"""What a move did, to whom, in sentences: the facts of ``games.engine.outcomes`` and who made
the move (``Move.actor``: the engine cannot know a turn timed out) in the reader's language.

The live move log, the replays and the table's line on the last move all say an outcome
with these sentences (``move_words``), so a player reads the same words everywhere. Plain
text: the caller escapes it. Names are by seat; a player is "they", as Swahili has no
gender to choose. What the next player may answer with depends on the game's own options
(``games.text.answers``): a table where a jump cannot be countered never says "unless they
answer with a jack".
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine.outcomes import CANNOT_FINISH, NOT_DECLARED, OTHERS_CARDLESS, Outcome
from games.engine.rules import Rules
from games.text.answers import ACE_ANSWER, JACK_ANSWER, ace_answers_any_question, jump_answers
from games.text.cards import suit_info

# ``Move.actor``'s codes (games.models.Move.Actor): text reads the engine and plain values,
# never the models.
MADE_BY_TIMER, MADE_BY_SERVER_AWAY, MADE_BY_STAND_IN = "timer", "away", "stand_in"


def outcome_sentences(facts: Outcome, names: list[str], rules: Rules, actor: str = "player",
                      handed: bool = False) -> list[str]:
    """The sentences on what a move did (its own words, "drew 3 cards", say the rest), under
    the game's ``rules``."""
    mover = names[facts.mover]
    said = [sentence % {"name": mover} for sentence in _made_by(actor)]
    said.extend(_effects(facts, names, rules))
    if facts.no_win:
        said.append(_NO_WIN[facts.no_win] % {"name": mover})
    if facts.niko_kadi_missed:
        n = facts.niko_kadi_missed
        said.append(ngettext(
            "%(name)s did not declare Niko Kadi and drew %(n)d card for it.",
            "%(name)s did not declare Niko Kadi and drew %(n)d cards for it.", n,
        ) % {"name": mover, "n": n})
    said.extend(_("%(name)s is out of play.") % {"name": names[seat]} for seat in facts.out if seat != mover)
    if facts.won:
        said.append(_("%(name)s wins the game!") % {"name": mover})
    if handed:
        said.append(_("%(name)s missed too many turns: a bot takes their seat until they come back.")
                    % {"name": mover})
    return said


def _made_by(actor):
    if actor == MADE_BY_TIMER:
        return [_("Time ran out: the server played for %(name)s.")]
    if actor == MADE_BY_SERVER_AWAY:
        return [_("%(name)s is away: the server played for them.")]
    if actor == MADE_BY_STAND_IN:
        return [_("A stand-in bot played for %(name)s.")]
    return []


def _effects(facts, names, rules):
    if facts.misplay and facts.skipped:
        yield _("%(name)s is skipped too.") % {"name": names[facts.mover]}
    if facts.answered:
        yield _("The question is answered.")
    if facts.question is not None:
        seat, suit = facts.question
        if ace_answers_any_question(rules):
            asked = _("%(name)s must answer with %(suit)s, an ace or another question, or draw a card.")
        else:
            asked = _("%(name)s must answer with %(suit)s or another question, or draw a card.")
        yield asked % {"name": names[seat], "suit": suit_info(suit)["words"]}
    if facts.cancelled:
        yield ngettext(
            "The penalty of %(n)d card is cancelled.",
            "The penalty of %(n)d cards is cancelled.", facts.cancelled,
        ) % {"n": facts.cancelled}
    if facts.penalty is not None:
        seat, amount = facts.penalty
        values = {"name": names[seat], "n": amount}
        if facts.grown:
            yield ngettext(
                "The penalty grows: %(name)s draws %(n)d card unless they counter.",
                "The penalty grows: %(name)s draws %(n)d cards unless they counter.", amount,
            ) % values
        elif facts.passed:
            yield ngettext(
                "The penalty passes on: %(name)s draws %(n)d card unless they counter.",
                "The penalty passes on: %(name)s draws %(n)d cards unless they counter.", amount,
            ) % values
        else:
            yield ngettext(
                "%(name)s draws %(n)d card unless they counter.",
                "%(name)s draws %(n)d cards unless they counter.", amount,
            ) % values
    if facts.jump is not None:
        seat, count = facts.jump
        yield _jump_sentence(jump_answers(rules), count) % {"name": names[seat], "count": count}
    if facts.reversed:
        yield _("Play changes direction.")
    if facts.plays_again:
        yield _("With two players, %(name)s plays again.") % {"name": names[facts.mover]}


def _jump_sentence(answers, count):
    """A jump's sentence, naming only the cards the table lets the jumped player answer with."""
    if answers == {JACK_ANSWER, ACE_ANSWER}:
        return ngettext(
            "%(count)d jump: %(name)s is skipped unless they answer with a jack or an ace.",
            "%(count)d jumps: %(name)s is skipped unless they answer with a jack or an ace.", count,
        )
    if answers == {JACK_ANSWER}:
        return ngettext(
            "%(count)d jump: %(name)s is skipped unless they answer with a jack.",
            "%(count)d jumps: %(name)s is skipped unless they answer with a jack.", count,
        )
    if answers == {ACE_ANSWER}:
        return ngettext(
            "%(count)d jump: %(name)s is skipped unless they answer with an ace.",
            "%(count)d jumps: %(name)s is skipped unless they answer with an ace.", count,
        )
    return ngettext(
        "%(count)d jump: %(name)s is skipped.", "%(count)d jumps: %(name)s is skipped.", count,
    )


_NO_WIN = {
    NOT_DECLARED: gettext_lazy(
        "%(name)s emptied their hand but does not win: they had not declared Niko Kadi."
    ),
    CANNOT_FINISH: gettext_lazy(
        "%(name)s emptied their hand but does not win: that card cannot finish a game here."
    ),
    OTHERS_CARDLESS: gettext_lazy(
        "%(name)s emptied their hand but does not win: another player holds no cards, so nobody can win now."
    ),
}
