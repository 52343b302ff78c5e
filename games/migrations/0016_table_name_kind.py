"""Tables whose names the site made ("Quick game: amani", "amani and the bots") say so in
``name_kind``, so that their names are shown in each reader's language (issue 44). Existing
rows are recognised by those names in either language the site speaks (whatever the owner
was called then: a guest who signed up since is shown by their new name); a table without
an owner keeps its stored name."""

from django.db import migrations, models

GENERATED = {
    "quick": (r"^Quick game: .+", r"^Mchezo wa haraka: .+"),
    "bots": (r"^.+ and the bots$", r"^.+ na bot$"),
}


def mark_generated_names(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    owned = Table.objects.filter(created_by__isnull=False, name_kind="")
    for kind, patterns in GENERATED.items():
        for pattern in patterns:
            owned.filter(name__regex=pattern).update(name_kind=kind)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0015_challenge_open_expiry"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="name_kind",
            field=models.CharField(
                blank=True,
                choices=[("", "named by its owner"), ("bots", "“… and the bots”"), ("quick", "“Quick game: …”")],
                default="",
                max_length=10,
                verbose_name="kind of name",
            ),
        ),
        migrations.RunPython(mark_generated_names, migrations.RunPython.noop),
    ]
