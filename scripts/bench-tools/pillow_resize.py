"""The Pillow peer: LANCZOS with reducing_gap, saved with Pillow's PNG defaults.

usage: pillow_resize.py OUTDIR SIZES SOURCE...   (SIZES comma-separated)
"""
import os
import sys

from PIL import Image

REDUCING_GAP = 3.0


def main():
    out, sizes, sources = sys.argv[1], [int(s) for s in sys.argv[2].split(",")], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    for source in sources:
        stem = os.path.splitext(os.path.basename(source))[0]
        with Image.open(source) as image:
            image.load()
            for size in sizes:
                resized = image if size == image.width else image.resize(
                    (size, size), Image.LANCZOS, reducing_gap=REDUCING_GAP)
                resized.save(os.path.join(out, "%s-%d.png" % (stem, size)))


if __name__ == "__main__":
    main()
