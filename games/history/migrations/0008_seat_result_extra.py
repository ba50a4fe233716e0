"""SeatResult gets ``extra``: the rest of a seat's score sheet as JSON (neither a category, the
total, the rank nor the seat), whatever the game: where the base game's coins and copied guild go
(0009 fills it, 0010 drops their columns)."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0007_bot_levels_easy_medium_hard"),
    ]

    operations = [
        migrations.AddField(
            model_name="seatresult", name="extra",
            field=models.JSONField(
                default=dict, help_text="The rest of the seat's score sheet, as the engine gives it (neither a "
                "category, the total, the rank nor the seat): the base game's coins and copied guild, a team game's "
                "team; Architects' stages."),
        ),
    ]
