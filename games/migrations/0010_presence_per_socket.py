"""Presence: one row per open socket, with its heartbeat (games.presence), instead of a count
of each user's connections, which a server that died never lowered. The old rows say only
who had a table open a moment ago: they go (the open sockets' next heartbeats cannot
refresh rows they no longer have; a page that reconnects makes its own)."""

from django.db import migrations, models


def forget_counts(apps, schema_editor):
    apps.get_model("games", "Presence").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_table_updated_at"),
    ]

    operations = [
        migrations.RunPython(forget_counts, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="presence", name="presence_unique_user"),
        migrations.RemoveField(model_name="presence", name="connections"),
        migrations.AddField(
            model_name="presence",
            name="socket",
            field=models.CharField(max_length=64, unique=True, verbose_name="socket", default=""),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="presence",
            name="closed",
            field=models.BooleanField(default=False, verbose_name="closed"),
        ),
        migrations.AddIndex(
            model_name="presence",
            index=models.Index(fields=["table", "user"], name="presence_table_user"),
        ),
    ]
