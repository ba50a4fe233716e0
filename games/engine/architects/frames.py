"""What a replay frame of Architects (``reveal``) says about hands: the contract's
``frame_hands``. Nobody holds a hand in Architects (every card a player takes lies face up in
front of them; the replay shows the decks), so no frame has one."""


def frame_hands(frame):
    """Always None: no seat of an Architects frame holds a hand."""
    return None
