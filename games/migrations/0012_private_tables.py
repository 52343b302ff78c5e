"""Private tables and invitation links: who may play and watch at a table, and its own
unguessable invitation token (each existing table gets one of its own)."""

from django.db import migrations, models

import games.models


def give_tokens(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.only("pk").iterator():
        Table.objects.filter(pk=table.pk).update(invite_token=games.models.new_invite_token())


class Migration(migrations.Migration):
    dependencies = [("games", "0011_move_outcome_and_actor")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="private",
            field=models.BooleanField(
                default=False,
                help_text="Not in the lobby; seats only through the invitation link.",
                verbose_name="private",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="spectators",
            field=models.CharField(
                choices=[("link", "anyone with the link"), ("players", "players only")],
                default="link",
                help_text="For a private table: who may watch its games.",
                max_length=10,
                verbose_name="who may watch",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="listed_in_history",
            field=models.BooleanField(
                default=True,
                help_text="For a private table: whether its finished games appear in public game lists.",
                verbose_name="games in public listings",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="invite_token",
            field=models.CharField(blank=True, default="", max_length=64, verbose_name="invitation token"),
        ),
        migrations.RunPython(give_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="invite_token",
            field=models.CharField(
                blank=True,
                default=games.models.new_invite_token,
                help_text="Empty: the invitation link is revoked.",
                max_length=64,
                verbose_name="invitation token",
            ),
        ),
    ]
