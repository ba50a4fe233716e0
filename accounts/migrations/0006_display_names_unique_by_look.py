"""Display names become unique by their name key (filled in, clashes numbered, by 0005). A
migration of its own, so the rows 0005 rewrote are committed before the index is built."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0005_profile_name_key"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="profile",
            constraint=models.UniqueConstraint(fields=["name_key"], name="display_names_unique_by_look"),
        ),
    ]
