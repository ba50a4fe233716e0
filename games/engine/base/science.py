"""The science score of symbol counts: the base rule, which the scoring and Cities' masks share."""


def plain_science_points(symbols, wild):
    """Best science score of symbol counts (compass, gear, tablet) with `wild` wildcards placed
    where they add most: each symbol's count squared, plus 7 per complete set."""
    best = 0
    a0, b0, c0 = symbols
    for a in range(wild + 1):
        for b in range(wild + 1 - a):
            x, y, z = a0 + a, b0 + b, c0 + wild - a - b
            v = x * x + y * y + z * z + 7 * min(x, y, z)
            if v > best:
                best = v
    return best
