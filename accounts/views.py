"""Account pages. Thin: forms validate, services write, accounts.language handles the language."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods
from django_ratelimit.core import is_ratelimited

from accounts.forms import ProfileForm, SignUpForm
from accounts.language import remember_language, url_in_language
from accounts.services import preferred_language, profile_for
from accounts.tokens import do_revoke_token, live_tokens

# The backend a freshly signed-up user is logged in with (several are configured: axes first).
SESSION_BACKEND = "django.contrib.auth.backends.ModelBackend"
# Set at sign-up, read once by the home page: its welcome leads to "Play now against bots".
WELCOME_SESSION_KEY = "accounts.welcome"


def _in_language(response, language):
    """Send the redirect to `language`'s version of its page and remember the language."""
    if not language:
        return response
    response = redirect(url_in_language(response.url, language))
    return remember_language(response, language)


def _safe_next(request, default):
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else resolve_url(default)


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and _too_many_signups(request):
        form.add_error(None, _("Too many accounts were created from your address: try again later."))
        return render(request, "accounts/signup.html", {"form": form, "next": request.POST.get("next", "")},
                      status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=SESSION_BACKEND)
        if not (request.POST.get("next") or request.GET.get("next")):
            # Not on the way to a table or a page: the home page greets the new player and
            # leads to a first game (templates/home.html, "welcome").
            request.session[WELCOME_SESSION_KEY] = True
        response = redirect(_safe_next(request, settings.LOGIN_REDIRECT_URL))
        return _in_language(response, preferred_language(user))
    return render(request, "accounts/signup.html", {"form": form, "next": request.GET.get("next", "")})


def _too_many_signups(request):
    """Sign-ups per client IP are limited (SIGNUP_RATE, counted in the default cache)."""
    if not settings.SIGNUP_RATE:
        return False
    return is_ratelimited(request, group="accounts.signup", key="ip", rate=settings.SIGNUP_RATE,
                          method="POST", increment=True)


class LoginView(auth_views.LoginView):
    """Django's login (axes watches it through the backend), then the player's language."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get_success_url(self):
        url = super().get_success_url()
        language = preferred_language(self.request.user)
        return url_in_language(url, language) if language else url

    def form_valid(self, form):
        response = super().form_valid(form)
        language = preferred_language(self.request.user)
        return remember_language(response, language) if language else response


class LogoutView(auth_views.LogoutView):
    """POST only (Django's default); goes to LOGOUT_REDIRECT_URL in the current language."""


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    form = ProfileForm(request.POST or None, instance=profile_for(request.user))
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        messages.success(request, _("Your profile has been saved."))
        return _in_language(redirect(reverse("accounts:profile")), saved.preferred_language)
    return render(request, "accounts/profile.html",
                  {"form": form, "profile": form.instance, "tokens": live_tokens(request.user)})


@login_required
@require_http_methods(["POST"])
def revoke_token(request, token_key):
    if do_revoke_token(request.user, token_key):
        messages.success(request, _("The API token %(key)s… is revoked.") % {"key": token_key})
    return redirect("accounts:profile")
