"""The notification settings page (e-mail each turn, a daily digest or none; the address; a
holiday) and the one-click unsubscribe of the e-mails' signed links (accounts/notifications.py).

The unsubscribe answers GET (the link in the e-mail's body: one click) and POST (RFC 8058: a mail
client's List-Unsubscribe-Post, without a session or a CSRF token); both only turn e-mails off,
for the one user the signature names.
"""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.models import NotifyBy, Profile
from accounts.notifications import user_of_token
from accounts.services import profile_for


class NotificationSettingsForm(forms.ModelForm):
    email = forms.EmailField(label=gettext_lazy("E-mail address"), required=False,
                             help_text=gettext_lazy("Where the notifications go; none, no e-mails."))

    class Meta:
        model = Profile
        fields = ["notify_by", "holiday_until"]
        widgets = {"notify_by": forms.RadioSelect,
                   "holiday_until": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {
            "notify_by": gettext_lazy("Turn-based tables tell you when they wait on you. Nothing is sent while "
                                      "you have the table open."),
            "holiday_until": gettext_lazy("No e-mails until this day (included); the tables you host show it. "
                                          "Your deadlines still run."),
        }

    field_order = ["notify_by", "email", "holiday_until"]

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["email"].initial = user.email
        self.fields["notify_by"].choices = NotifyBy.choices

    def clean_holiday_until(self):
        day = self.cleaned_data.get("holiday_until")
        if day is not None and day < timezone.now().date():
            raise forms.ValidationError(_("The holiday's last day cannot be in the past."), code="holiday_past")
        return day

    def save(self, commit=True):
        profile = super().save(commit=commit)
        self.user.email = self.cleaned_data["email"]
        self.user.save(update_fields=["email"])
        return profile


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request):
    form = NotificationSettingsForm(request.POST or None, instance=profile_for(request.user), user=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your notification settings have been saved."))
        return redirect("accounts:notifications")
    return render(request, "accounts/notifications.html", {"form": form, "section": "account"})


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    user_id = user_of_token(token)
    if user_id is None:
        return HttpResponseBadRequest(_("This unsubscribe link is not valid."), content_type="text/plain")
    profile = Profile.objects.filter(user_id=user_id).first()
    if profile is not None and profile.notify_by != NotifyBy.NONE:
        profile.notify_by = NotifyBy.NONE
        profile.save(update_fields=["notify_by"])
    if request.method == "POST":  # a mail client's one-click request: a short answer will do
        return HttpResponse("ok", content_type="text/plain")
    return render(request, "accounts/unsubscribed.html", {"section": "account"})
