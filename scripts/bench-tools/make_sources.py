"""Writes the benchmark's sources: icon-like RGBA images with transparent rounded corners,
gradients, soft texture, fine lines and an antialiased disc. Deterministic per seed.

usage: make_sources.py DIR   (writes a1024.png, b4096.png, c/0000.png ... c/0199.png)
"""
import os
import sys

import numpy as np
from PIL import Image


def icon(side, seed):
    rng = np.random.default_rng(seed)
    n = side
    y, x = np.mgrid[0:n, 0:n].astype(np.float64)
    u, v = (x + 0.5) / n, (y + 0.5) / n
    # Rounded square, antialiased by distance.
    q = np.maximum(np.abs(u - 0.5) - 0.25, 0) ** 2 + np.maximum(np.abs(v - 0.5) - 0.25, 0) ** 2
    dist = np.sqrt(q) - 0.2
    alpha = np.clip(0.5 - dist * n, 0, 1)
    c0, c1 = rng.uniform(0, 1, 3), rng.uniform(0, 1, 3)
    t = (u * 0.6 + v * 0.4)[..., None]
    rgb = c0 * (1 - t) + c1 * t
    # Soft texture: low-resolution noise upsampled.
    k = 32
    noise = rng.uniform(-0.08, 0.08, (k, k, 3))
    idx = (np.arange(n) * k // n)
    rgb = rgb + noise[idx][:, idx]
    # A disc and fine diagonal lines (high frequencies the resampler must treat well).
    cx, cy, r = rng.uniform(0.4, 0.6), rng.uniform(0.4, 0.6), rng.uniform(0.15, 0.25)
    d = np.sqrt((u - cx) ** 2 + (v - cy) ** 2)
    cover = np.clip((r - d) * n + 0.5, 0, 1)[..., None]
    rgb = rgb * (1 - cover) + rng.uniform(0, 1, 3) * cover
    lines = ((np.floor((x + y) / max(2, n // 256)) % 2 == 0) & (u < 0.4) & (v > 0.6))[..., None]
    rgb = np.where(lines, rgb * 0.2, rgb)
    rgba = np.concatenate([np.clip(rgb, 0, 1), alpha[..., None]], axis=2)
    return Image.fromarray(np.round(rgba * 255).astype(np.uint8), "RGBA")


def main():
    out = sys.argv[1]
    os.makedirs(os.path.join(out, "c"), exist_ok=True)
    jobs = [("a1024.png", 1024, 1), ("b4096.png", 4096, 2)]
    jobs += [(os.path.join("c", "%04d.png" % i), 1024, 100 + i) for i in range(200)]
    for name, side, seed in jobs:
        path = os.path.join(out, name)
        if not os.path.exists(path):
            icon(side, seed).save(path, compress_level=6)


if __name__ == "__main__":
    main()
