"""Prints the benchmark table from scripts/bench's raw results.

usage: report.py RESULTS PSNR
RESULTS lines: job tool run seconds peak_kib bytes
PSNR lines:    job tool size colour_db alpha_db
"""
import statistics
import sys
from collections import defaultdict

PEERS = ["imagemagick", "vipsthumbnail", "pillow"]
TOOLS = ["iconlint"] + PEERS


def main():
    runs = defaultdict(list)
    for line in open(sys.argv[1]):
        job, tool, _, seconds, peak, size = line.split()
        runs[(job, tool)].append((float(seconds), int(peak), int(size)))
    psnr = defaultdict(list)
    for line in open(sys.argv[2]):
        job, tool, size, colour, alpha = line.split()
        if colour != "missing":
            psnr[(job, tool)].append((int(size), float(colour), float(alpha)))

    jobs = sorted({job for job, _ in runs})
    print("%-4s %-14s %9s %10s %9s %12s %22s" % ("job", "tool", "median s", "x iconlint", "peak MiB",
                                                 "output bytes", "PSNR dB colour/alpha"))
    for job in jobs:
        base = statistics.median(r[0] for r in runs[(job, "iconlint")])
        for tool in TOOLS:
            rows = runs.get((job, tool))
            if not rows:
                continue
            median = statistics.median(r[0] for r in rows)
            peak = max(r[1] for r in rows) / 1024
            size = rows[-1][2]
            quality = psnr.get((job, tool))
            # Identical outputs give an infinite PSNR; cap the display.
            q = "-" if not quality else "%5.1f / %5.1f" % (min(min(c for _, c, _ in quality), 99.9),
                                                            min(min(a for _, _, a in quality), 99.9))
            print("%-4s %-14s %9.3f %10.2f %9.1f %12d %22s" % (job, tool, median, median / base, peak, size, q))
        fastest = min(PEERS, key=lambda t: statistics.median(r[0] for r in runs[(job, t)]))
        ratio = base / statistics.median(r[0] for r in runs[(job, fastest)])
        mine = max(r[1] for r in runs[(job, "iconlint")])
        pillow = max(r[1] for r in runs[(job, "pillow")])
        print("     iconlint / fastest peer (%s): %.2f (target <= 0.40); peak memory %.0f%% of Pillow's; "
              "output bytes %+.0f%% vs Pillow" % (fastest, ratio, 100 * mine / pillow,
                                                 100 * (runs[(job, "iconlint")][-1][2] / runs[(job, "pillow")][-1][2] - 1)))
    if psnr:
        print("\nPSNR by size (colour/alpha dB; min over the sources compared):")
        for job in jobs:
            sizes = sorted({s for (j, _), rows in psnr.items() if j == job for s, _, _ in rows})
            print("%-4s %-14s " % (job, "size") + " ".join("%11d" % s for s in sizes))
            for tool in TOOLS:
                rows = psnr.get((job, tool), [])
                cells = []
                for s in sizes:
                    at = [(c, a) for size, c, a in rows if size == s]
                    cells.append("%5.1f/%5.1f" % (min(min(c for c, _ in at), 99.9), min(min(a for _, a in at), 99.9))
                                 if at else "%11s" % "-")
                print("%-4s %-14s " % (job, tool) + " ".join(cells))


if __name__ == "__main__":
    main()
