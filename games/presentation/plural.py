"""Words that agree with a number, for the page scripts (whose words the server translates)."""
from django.utils.translation import ngettext


class Plural:
    """A word that agrees with a number, for the page scripts: sent as ngettext's forms for 0, 1
    and 2 ({"zero", "one", "other"}), which are all the forms Italian, Portuguese and English have;
    play-common.js's translator picks one by the `count` it is given."""

    def __init__(self, singular, plural):
        self.singular, self.plural = singular, plural

    def __str__(self):
        return ngettext(self.singular, self.plural, 2)

    def forms(self):
        return {"zero": ngettext(self.singular, self.plural, 0), "one": ngettext(self.singular, self.plural, 1),
                "other": ngettext(self.singular, self.plural, 2)}


def plural_word(singular, plural):
    return Plural(singular, plural)


# Named so that makemessages (its keyword ngettext_lazy:1,2) collects both forms of every pair.
ngettext_lazy = plural_word
