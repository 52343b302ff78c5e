"""A rating history as a line chart: the geometry of an inline SVG, drawn by a template.

Pure: numbers in, coordinates out. The server draws the chart; no JavaScript library.
"""

WIDTH, HEIGHT = 600, 180
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_Y = 44, 12, 14
MIN_SPAN = 2.0  # a flat history still gets a readable vertical scale


def line_chart(values, width=WIDTH, height=HEIGHT):
    """Coordinates for ``values`` (oldest first, two or more) across the plot area.

    Returns ``points`` (an SVG polyline's ``points``), ``last`` (the final point), ``low``
    and ``high`` (the scale's ends, labelled at ``low_y`` and ``high_y``) and ``zero_y``
    (where the 0 line runs, None when 0 is off the scale); None for fewer than two values.
    """
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    if high - low < MIN_SPAN:
        middle = (high + low) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    left, right = MARGIN_LEFT, width - MARGIN_RIGHT
    top, bottom = MARGIN_Y, height - MARGIN_Y

    def y(value):
        return bottom - (value - low) / (high - low) * (bottom - top)

    step = (right - left) / (len(values) - 1)
    points = [(left + i * step, y(value)) for i, value in enumerate(values)]
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": right,
        "points": " ".join(f"{px:.1f},{py:.1f}" for px, py in points),
        "last": {"x": round(points[-1][0], 1), "y": round(points[-1][1], 1)},
        "low": low,
        "high": high,
        "low_y": bottom,
        "high_y": top,
        "zero_y": round(y(0), 1) if low <= 0 <= high else None,
    }
