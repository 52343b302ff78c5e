"""The tables that imported game records were stored at hold only history: out of the lobby."""

from django.db import migrations


def imported_tables_out_of_lobby(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    Table.objects.filter(games__imported__isnull=False).update(in_lobby=False)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_table_in_lobby"),
        ("history", "0002_leaner_indexes"),
    ]

    operations = [
        migrations.RunPython(imported_tables_out_of_lobby, migrations.RunPython.noop),
    ]
