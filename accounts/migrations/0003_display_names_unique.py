"""Display names become unique ignoring case. Names already shared keep their oldest holder; the
others get their account number appended (e.g. "Ann#42"), as accounts.names.free_display_name does."""
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


def number_the_repeated_names(apps, schema_editor):
    Profile = apps.get_model("accounts", "Profile")
    seen = set()
    for profile in Profile.objects.order_by("id"):
        key = profile.display_name.lower()
        if key in seen:
            suffix = f"#{profile.user_id}"
            profile.display_name = profile.display_name[: 50 - len(suffix)] + suffix
            profile.save(update_fields=["display_name"])
            key = profile.display_name.lower()
        seen.add(key)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_profiles_for_existing_users'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(number_the_repeated_names, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='profile',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('display_name'),
                                               name='display_names_unique_ignoring_case'),
        ),
    ]
