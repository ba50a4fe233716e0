"""History pages, under the language prefix."""
from django.urls import path

from games.history import views

urlpatterns = [
    path("matches/<int:match_id>/", views.match_detail, name="match-detail"),
    path("players/", views.player_search, name="player-search"),
    path("players/<str:username>/", views.player_profile, name="player-profile"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("wonder-statistics/", views.wonder_statistics, name="wonder-statistics"),
    path("score-sheet/", views.score_calculator, name="score-calculator"),
]
