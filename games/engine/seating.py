"""Seating convention.

Seats 0..n-1 are numbered clockwise around the table. Facing the table, a player's left-hand
neighbour is the next seat clockwise: ``left_of(i) = (i + 1) % n`` and
``right_of(i) = (i - 1) % n``.

Passing "to the left" (clockwise, Ages I and III; rulebook 002 l.330-334) gives seat i's hand to
``left_of(i)``, so after the pass seat j holds what ``right_of(j)`` held. Passing "to the right"
(Age II) is the reverse.
"""


def left_of(seat, n):
    return (seat + 1) % n


def right_of(seat, n):
    return (seat - 1) % n


def pass_hands(hands, direction):
    """New list of hands after passing in `direction` ("left" or "right")."""
    n = len(hands)
    if direction == "left":
        # seat j receives from its right neighbour (j - 1)
        return [hands[(j - 1) % n] for j in range(n)]
    return [hands[(j + 1) % n] for j in range(n)]


def direction_of_age(age):
    return "right" if age == 2 else "left"
