"""History pages, under the language prefix."""
from django.urls import path

from games import views_history

urlpatterns = [
    path("matches/<int:match_id>/", views_history.match_detail, name="match-detail"),
    path("players/<str:username>/", views_history.player_profile, name="player-profile"),
    path("leaderboard/", views_history.leaderboard, name="leaderboard"),
    path("score-sheet/", views_history.score_calculator, name="score-calculator"),
]
