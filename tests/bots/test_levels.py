"""games.bots.levels: the levels defined once, and the user model's choices built from them."""

from django.utils import translation

from accounts.models import User
from games.bots.levels import BUDGETS, DEFINED, LABELS, LEVELS, searches


def test_the_users_bot_levels_are_human_then_the_bots_levels():
    assert User.BotLevel.values == ["", *LEVELS]
    assert User.BotLevel.HUMAN == "" and User.BotLevel.EXPERT == "expert"
    assert [User.BotLevel(level).label for level in LEVELS] == [LABELS[level] for level in LEVELS]


def test_the_labels_are_translated_where_shown():
    with translation.override("sw"):
        assert str(User.BotLevel("greedy").label) == "bot mlafi"


def test_only_the_levels_with_a_budget_search():
    assert [level.name for level in DEFINED if level.budget] == list(BUDGETS) == ["clever", "expert"]
    assert [level for level in LEVELS if searches(level)] == ["clever", "expert"]
    assert BUDGETS["clever"].iterations < BUDGETS["expert"].iterations
