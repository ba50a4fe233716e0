"""Profiles get a name key: the display name with case, accents and look-alike letters folded
(accounts.names.name_key), what display names are compared by. Filled in here for every existing
profile. Names that already look alike keep their oldest holder; the others get their account
number appended ("Chаmpion#42"), as in 0003; 0006 then makes the key unique."""
from django.db import migrations, models


def fill_name_keys(apps, schema_editor):
    from accounts.names import name_key, search_key

    Profile = apps.get_model("accounts", "Profile")
    seen = set()
    for profile in Profile.objects.select_related("user").order_by("id").iterator(chunk_size=500):
        key = name_key(profile.display_name)
        fields = ["name_key"]
        if key in seen:
            base, suffix, attempt = profile.display_name, f"#{profile.user_id}", 1
            while key in seen:  # only when a player already chose "their name#their number"
                name = base[: 50 - len(suffix)] + suffix
                key = name_key(name)
                attempt += 1
                suffix = f"#{profile.user_id}#{attempt}"
            profile.display_name = name
            profile.search_key = search_key(name, profile.user.username)
            fields += ["display_name", "search_key"]
        profile.name_key = key
        profile.save(update_fields=fields)
        seen.add(key)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0004_profile_search_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="name_key",
            field=models.TextField(editable=False, null=True),
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
    ]
