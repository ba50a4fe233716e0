"""Dates in the page's language, as people write them there (a template filter every template
has: TEMPLATES' builtins). Django's Italian and Portuguese formats capitalise month and weekday
names ("23 Novembre 2026"); in running text both languages write them in lower case."""
from django import template
from django.template.defaultfilters import date as format_date
from django.utils import translation

register = template.Library()

LOWER_CASE_NAMES = {"it", "pt-br"}


@register.filter
def local_date(value, format_name="DATE_FORMAT"):
    """`value` in `format_name` (a format setting or a format string), month and weekday names in
    lower case where the language writes them so."""
    text = format_date(value, format_name)
    if not text or translation.get_language() not in LOWER_CASE_NAMES:
        return text
    for name in (format_date(value, "F"), format_date(value, "l"), format_date(value, "E")):
        if name:
            text = text.replace(name, name.lower())
    return text
