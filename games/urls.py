"""Pages of live play, under /<lang>/play/ (wonders_site/urls.py)."""
from django.urls import path

from games import views
from games.views.my_games import my_games_page

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("mine/", my_games_page, name="my-games"),
    path("<int:match_id>/", views.table, name="table"),
    path("<int:match_id>/game/", views.game, name="game"),
    path("<int:match_id>/join/", views.join, name="table-join"),
    path("<int:match_id>/leave/", views.leave, name="table-leave"),
    path("<int:match_id>/rematch/", views.rematch, name="game-rematch"),
    path("<int:match_id>/start/", views.start, name="table-start"),
    path("<int:match_id>/seats/<int:seat>/", views.set_seat, name="table-seat"),
    path("invite/<str:code>/", views.invite, name="invite"),
]
