from django.urls import path

from cards import views

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_list, name="card-list"),
    path("cards/<slug:card_id>/", views.card_detail, name="card-detail"),
    path("wonders/", views.wonder_list, name="wonder-list"),
    path("wonders/<slug:wonder_id>/", views.wonder_detail, name="wonder-detail"),
]
