"""The base game's replay: ``static/replay.js`` draws a frame with the names the replay's own data
carries (every card and wonder in the page's language), so it needs nothing more."""


def replay_data(language):
    return {}
