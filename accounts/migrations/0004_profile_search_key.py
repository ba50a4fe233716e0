"""Profiles get a search key: the display name and the username folded (accounts.names.search_key),
what the player search compares. Filled in here for every existing profile."""
from django.db import migrations, models


def fill_search_keys(apps, schema_editor):
    from accounts.names import search_key

    Profile = apps.get_model("accounts", "Profile")
    for profile in Profile.objects.select_related("user").order_by("id").iterator(chunk_size=500):
        profile.search_key = search_key(profile.display_name, profile.user.username)
        profile.save(update_fields=["search_key"])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0003_display_names_unique"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="search_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.RunPython(fill_search_keys, migrations.RunPython.noop),
    ]
