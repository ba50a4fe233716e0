"""What a replay frame of the base game (``reveal``) says about the seats' hands: the contract's
``frame_hands``. The 2-player variant's frames have the same shape (the Free City's pile is not a
seat's hand and stays out)."""


def frame_hands(frame):
    """The hands the seats choose from at this frame, with the step that frame stands at:
    ``{"step": {"age", "turn"}, "hands": [[card ids] per seat]}``; None for a frame that is not a
    turn of an age (the sides being chosen, a prompt, the end)."""
    if frame.get("phase") != "play" or not frame.get("age"):
        return None
    return {"step": {"age": frame["age"], "turn": frame["turn"]},
            "hands": [list(player["hand"]) for player in frame["players"]]}
