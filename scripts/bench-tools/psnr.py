"""PSNR of resized icons against the double-precision reference of the issue:
output pixel i centred at (i + 0.5)·s, weight of input j = L((j + 0.5 − centre) / max(s, 1)),
L(x) = sinc(x)·sinc(x/3) for |x| < 3, taps beyond the border clamped to the edge, weights
normalised; exact sRGB transfer; premultiplied linear light; alpha clamped to [0, 1] and
colour to [0, alpha] before un-premultiplying; transparent pixels colour 0. Colour error is
weighted by the reference alpha.

usage: psnr.py SIZES SOURCE TOOL=DIR...   (outputs are DIR/<stem>-<size>.png)
prints one line per tool: tool size colour_dB alpha_dB
"""
import os
import sys

import numpy as np
from PIL import Image


def to_linear(v):
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def from_linear(l):
    return np.where(l <= 0.0031308, l * 12.92, 1.055 * np.power(np.maximum(l, 0), 1 / 2.4) - 0.055)


def weights(n, m):
    s = n / m
    stretch = max(s, 1.0)
    rows = []
    for i in range(m):
        c = (i + 0.5) * s
        lo, hi = int(np.floor(c - 3 * stretch)) - 1, int(np.ceil(c + 3 * stretch)) + 1
        j = np.arange(lo, hi + 1)
        x = (j + 0.5 - c) / stretch
        w = np.where(np.abs(x) < 3, np.sinc(x) * np.sinc(x / 3), 0.0)
        jc = np.clip(j, 0, n - 1)
        first, last = jc.min(), jc.max()
        dense = np.zeros(last - first + 1)
        np.add.at(dense, jc - first, w)
        rows.append((first, dense / dense.sum()))
    return rows


def resample_axis0(p, ws):
    return np.stack([np.tensordot(w, p[first:first + len(w)], axes=1) for first, w in ws])


def reference(premultiplied, size):
    n = premultiplied.shape[0]
    ws = weights(n, size)
    v = resample_axis0(premultiplied, ws)  # size × n × 4
    h = resample_axis0(np.swapaxes(v, 0, 1), ws)  # size(x) × size(y) × 4
    out = np.swapaxes(h, 0, 1)
    a = np.clip(out[..., 3], 0, 1)
    colour = np.clip(out[..., :3], 0, a[..., None])
    with np.errstate(invalid="ignore", divide="ignore"):
        straight = np.where(a[..., None] > 0, colour / a[..., None], 0)
    return np.concatenate([from_linear(np.clip(straight, 0, 1)) * 255, (a * 255)[..., None]], axis=2)


def psnr(output, ref):
    a = ref[..., 3] / 255
    d = output[..., :3] - ref[..., :3]
    colour_mse = (a[..., None] * d * d).sum() / max(3 * a.sum(), 1e-12)
    alpha_mse = ((output[..., 3] - ref[..., 3]) ** 2).mean()
    db = lambda m: float("inf") if m == 0 else 10 * np.log10(255 * 255 / m)
    return db(colour_mse), db(alpha_mse)


def main():
    sizes = [int(s) for s in sys.argv[1].split(",")]
    source = sys.argv[2]
    tools = [arg.split("=", 1) for arg in sys.argv[3:]]
    stem = os.path.splitext(os.path.basename(source))[0]
    src = np.asarray(Image.open(source).convert("RGBA"), dtype=np.float64) / 255
    premultiplied = np.concatenate([to_linear(src[..., :3]) * src[..., 3:], src[..., 3:]], axis=2)
    for size in sizes:
        ref = reference(premultiplied, size)
        for tool, folder in tools:
            path = os.path.join(folder, "%s-%d.png" % (stem, size))
            if not os.path.exists(path):
                print(tool, size, "missing", "missing")
                continue
            out = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
            c, a = psnr(out, ref)
            print(tool, size, "%.2f" % c, "%.2f" % a)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
