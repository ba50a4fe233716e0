from django.conf import settings
from django.db import migrations


def create_missing_profiles(apps, schema_editor):
    """Users made before accounts existed get a profile, named after their username."""
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Profile = apps.get_model("accounts", "Profile")
    Profile.objects.bulk_create(
        Profile(user=user, display_name=user.username[:50])
        for user in User.objects.filter(profile__isnull=True)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(create_missing_profiles, migrations.RunPython.noop)]
