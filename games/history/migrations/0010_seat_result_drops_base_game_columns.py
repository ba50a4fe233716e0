"""SeatResult keeps no column of one game: wonder, side, coins and copied_guild go (their values
are in ``labels`` and ``extra`` since 0009). The index on (wonder, side, match) becomes one on the
same labels read from ``labels`` (what /api/matches/?wonder=&side= filters by). Going back, the
columns return empty and 0009's reversal fills them from the JSON."""
from django.db import migrations, models
from django.db.models import F
from django.db.models.fields.json import KT
from django.db.models.functions import Cast


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0009_fill_seat_result_extra"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="seatresult", name="result_wonder_match"),
        # A default first, so that going back adds the columns to the existing rows ("" until 0009's
        # reversal fills them).
        migrations.AlterField(model_name="seatresult", name="wonder", field=models.CharField(max_length=40, default="")),
        migrations.AlterField(model_name="seatresult", name="side", field=models.CharField(max_length=1, default="")),
        migrations.RemoveField(model_name="seatresult", name="wonder"),
        migrations.RemoveField(model_name="seatresult", name="side"),
        migrations.RemoveField(model_name="seatresult", name="coins"),
        migrations.RemoveField(model_name="seatresult", name="copied_guild"),
        migrations.AddIndex(
            model_name="seatresult",
            # models.label_text, frozen here
            index=models.Index(
                Cast(KT("labels__wonder"), output_field=models.TextField()),
                Cast(KT("labels__side"), output_field=models.TextField()), F("match"), name="result_labels_match"),
        ),
    ]
