"""Accounts: the one place that creates and changes profiles."""
from accounts.models import Profile


def profile_for(user) -> Profile:
    """The user's profile, created on first need for older accounts (display name = username, with
    the account number if another player goes by it)."""
    profile = Profile.objects.filter(user=user).first()
    if profile is None:
        from accounts.names import free_display_name

        profile, _created = Profile.objects.get_or_create(user=user, defaults={"display_name": free_display_name(user)})
    return profile


def update_profile(profile: Profile, *, display_name: str, preferred_language: str) -> Profile:
    """Set what the player chose; an empty display name falls back to the username."""
    profile.display_name = display_name or profile.user.get_username()
    profile.preferred_language = preferred_language
    profile.save(update_fields=["display_name", "preferred_language"])
    return profile


def preferred_language(user) -> str:
    """The language a signed-in user asked for, or "" when they did not say (or are anonymous)."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return profile_for(user).preferred_language


def display_name(user) -> str:
    """How other players see `user`: the profile's display name, else the username ("" for none)."""
    if user is None:
        return ""
    try:
        name = user.profile.display_name
    except Profile.DoesNotExist:  # a user made without a profile: the username will do
        name = ""
    return name or user.get_username()
