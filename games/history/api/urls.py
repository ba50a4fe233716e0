"""/api/ routes of the history: matches (their replay and review), players, leaderboard, statistics, score sheet, me, token."""
from django.urls import path

from games.history.api import account, calculator_views, review, views
from games.views.my_games import MyGamesView


match_list = views.MatchViewSet.as_view({"get": "list"})
match_detail = views.MatchViewSet.as_view({"get": "retrieve"})
match_replay = views.MatchViewSet.as_view({"get": "replay"})
player_search = views.PlayerViewSet.as_view({"get": "list"})
player_detail = views.PlayerViewSet.as_view({"get": "retrieve"})
player_stats = views.PlayerViewSet.as_view({"get": "stats"})
player_history = views.PlayerViewSet.as_view({"get": "rating_history"})

urlpatterns = [
    path("matches/", match_list, name="api-match-list"),
    path("matches/<int:pk>/", match_detail, name="api-match-detail"),
    path("matches/<int:pk>/replay/", match_replay, name="api-match-replay"),
    path("matches/<int:pk>/review/", review.MatchReviewView.as_view(), name="api-match-review"),
    path("players/", player_search, name="api-player-search"),
    path("players/<str:username>/", player_detail, name="api-player-detail"),
    path("players/<str:username>/stats/", player_stats, name="api-player-stats"),
    path("players/<str:username>/rating-history/", player_history, name="api-player-rating-history"),
    path("leaderboard/", views.LeaderboardView.as_view(), name="api-leaderboard"),
    path("bot-ratings/", views.BotRatingsView.as_view(), name="api-bot-ratings"),
    path("stats/wonders/", views.WonderStatsView.as_view(), name="api-wonder-stats"),
    path("score-sheet/", calculator_views.ScoreSheetView.as_view(), name="api-score-sheet"),
    path("me/", account.MeView.as_view(), name="api-me"),
    path("my-games/", MyGamesView.as_view(), name="api-my-games"),
    path("auth/token/", account.TokenView.as_view(), name="api-auth-token"),
    path("auth/tokens/", account.TokenListView.as_view(), name="api-auth-tokens"),
    path("auth/tokens/<str:token_key>/", account.TokenDetailView.as_view(), name="api-auth-token-detail"),
]
