"""Written by bench/fit_estimates.py (its docstring says how): the weights of
estimate.py's early stop, by table (one per estimate.FEATURES name), and each table's
spread (temperature). Do not edit by hand: fit again."""

WEIGHTS = {
    'cities-8': {  # 20000 games: held out, R2 0.471, error 6.10 points, top estimate won 48.5%
        "weights": (
            -0.9495,  # one
            0.9272,  # points
            0.2217,  # coins
            1.0492,  # raw
            0.2997,  # manufactured
            0.9160,  # kinds
            2.2531,  # kinds_with_neighbours
            0.5218,  # cheap_kinds
            0.0560,  # chains
            0.0897,  # shields
            0.5206,  # shields_over_left
            0.5381,  # shields_over_right
            -1.2396,  # stages_built
            -1.6096,  # stages_left
            0.9727,  # science
            -0.2169,  # science_kinds
            0.8295,  # science_wild
            0.1253,  # masks
            -0.1134,  # blue
            -0.6504,  # yellow
            -0.1809,  # black
            3.7652,  # searcher
        ),
        "temperature": 4.0,
    },
}
