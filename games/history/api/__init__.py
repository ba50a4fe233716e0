"""REST API of the history: matches, players, statistics, leaderboards, the score-sheet calculator."""
