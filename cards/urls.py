from django.urls import path

from cards import views

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_list, name="card-list"),
    path("cards/<slug:card_id>/", views.card_detail, name="card-detail"),
    path("wonders/", views.wonder_list, name="wonder-list"),
    path("wonders/<slug:wonder_id>/", views.wonder_detail, name="wonder-detail"),
]

from cards import views_architects  # noqa: E402 - the Architects pages, after the base game's

urlpatterns += [
    path("architects/cards/", views_architects.card_list, name="architects-cards"),
    path("architects/wonders/", views_architects.wonder_list, name="architects-wonders"),
    path("architects/progress-tokens/", views_architects.progress_list, name="architects-progress"),
    path("architects/tokens/", views_architects.token_list, name="architects-tokens"),
]
