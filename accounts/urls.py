from django.urls import path

from accounts import notification_views, views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("profile/", views.profile, name="profile"),
    path("profile/tokens/<str:token_key>/revoke/", views.revoke_token, name="revoke_token"),
    path("notifications/", notification_views.notification_settings, name="notifications"),
    path("unsubscribe/<str:token>/", notification_views.unsubscribe, name="unsubscribe"),
]
