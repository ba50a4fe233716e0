from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts.models import Language, Profile
from accounts.names import check_display_name, normalize_display_name
from accounts.services import profile_for, update_profile

DISPLAY_NAME_HELP = _("How other players see you. Leave it empty to use your username.")


def _current_language() -> str:
    language = translation.get_language() or ""
    return language if language in Language.values else Language.ENGLISH


class SignUpForm(UserCreationForm):
    """Username (Django's validators, unique regardless of case), password twice, and a profile."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=Profile._meta.get_field("display_name").max_length,
        required=False,
        help_text=DISPLAY_NAME_HELP,
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    preferred_language = forms.ChoiceField(
        label=_("Preferred language"),
        choices=Language.choices,
        help_text=_("The site opens in this language when you are signed in."),
    )

    field_order = ["username", "display_name", "email", "password1", "password2", "preferred_language"]

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs["autocomplete"] = "username"
        email = self.fields["email"]
        email.label = _("Email (optional)")
        email.help_text = _("Only used to help you if you lose access to your account.")
        email.widget.attrs["autocomplete"] = "email"
        self.fields["preferred_language"].initial = _current_language()

    def clean_display_name(self):
        return normalize_display_name(self.cleaned_data["display_name"])

    def clean(self):
        cleaned = super().clean()
        name = cleaned.get("display_name") or cleaned.get("username")
        if name:
            try:
                check_display_name(name)
            except forms.ValidationError as error:
                self.add_error("display_name" if cleaned.get("display_name") else "username", error)
        return cleaned

    @transaction.atomic
    def save(self, commit=True):
        if not commit:
            raise ValueError("SignUpForm always saves: the profile needs the user's id")
        user = super().save()
        update_profile(
            profile_for(user),
            display_name=self.cleaned_data["display_name"],
            preferred_language=self.cleaned_data["preferred_language"],
        )
        return user


class ProfileForm(forms.ModelForm):
    """The player's display name and preferred language."""

    preferred_language = forms.ChoiceField(label=_("Preferred language"), choices=Language.choices)

    class Meta:
        model = Profile
        fields = ("display_name", "preferred_language")
        labels = {"display_name": _("Display name")}
        help_texts = {"display_name": DISPLAY_NAME_HELP}
        widgets = {"display_name": forms.TextInput(attrs={"autocomplete": "nickname"})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["display_name"].required = False
        if not self.instance.preferred_language:
            self.fields["preferred_language"].initial = _current_language()

    def clean_display_name(self):
        name = normalize_display_name(self.cleaned_data["display_name"]) or self.instance.user.get_username()
        check_display_name(name, self.instance.user)
        return name
