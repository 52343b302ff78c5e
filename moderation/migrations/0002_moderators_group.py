"""The "Moderators" group, holding the ``moderation.moderate`` permission: staff put in it
moderate without being superusers."""

from django.db import migrations


def make_group(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    content_type, _ = ContentType.objects.get_or_create(app_label="moderation", model="report")
    permission, _ = Permission.objects.get_or_create(
        content_type=content_type,
        codename="moderate",
        defaults={"name": "Can moderate: read reports and act on players"},
    )
    group, _ = Group.objects.get_or_create(name="Moderators")
    group.permissions.add(permission)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Moderators").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_reports"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(make_group, remove_group)]
