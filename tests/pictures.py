"""Helpers for picture tests: render SVG with cairosvg (the real renderer) and read pixels back."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from gamecert.verify.engine.svg import svg_to_png


def render(svg: str) -> np.ndarray:
    """The picture as an RGB array, rendered by cairosvg."""
    return np.asarray(Image.open(io.BytesIO(svg_to_png(svg))).convert("RGB"))


def rgb(colour: str) -> tuple[int, int, int]:
    """``"#2a9d8f"`` -> ``(42, 157, 143)``."""
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def pixel(image: np.ndarray, x: float, y: float) -> tuple[int, int, int]:
    """The colour of the pixel holding point ``(x, y)``."""
    return tuple(int(v) for v in image[int(y), int(x)])
