from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from accounts.models import Profile

User = get_user_model()


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    fields = ("display_name", "preferred_language")


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("display_name", "user", "preferred_language")
    list_filter = ("preferred_language",)
    search_fields = ("display_name", "user__username", "user__email")
    list_select_related = ("user",)
    raw_id_fields = ("user",)


class UserWithProfileAdmin(UserAdmin):
    inlines = [*UserAdmin.inlines, ProfileInline]

    def get_inline_instances(self, request, obj=None):
        # On the add page the post_save signal makes the profile; an inline there would make a second.
        return super().get_inline_instances(request, obj) if obj is not None else []


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, UserWithProfileAdmin)
