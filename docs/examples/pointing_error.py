#!/usr/bin/env python3
"""Final pointing error of a slew campaign (docs/examples/README.md): reads the campaign's
summary.csv (the final true attitude sc.sigma_BN of every run) and the scenario's slew target
sigma_DN, and prints the statistics of the angle between them, the true pointing error, over the
successful runs. Standard library only.

usage: pointing_error.py SUMMARY.csv SCENARIO.json
"""
import csv
import json
import math
import sys


def quaternion(sigma):
    """The unit quaternion (q0 >= 0 not required) of an MRP: q = ((1 - s²), 2 σ) / (1 + s²)."""
    s2 = sum(c * c for c in sigma)
    return [(1.0 - s2) / (1.0 + s2)] + [2.0 * c / (1.0 + s2) for c in sigma]


def angle(sigma_a, sigma_b):
    """[rad] the rotation angle between two attitudes given as MRPs: 2 acos |q_a · q_b|."""
    dot = abs(sum(a * b for a, b in zip(quaternion(sigma_a), quaternion(sigma_b))))
    return 2.0 * math.acos(min(1.0, dot))


def main(summary_path, scenario_path):
    with open(scenario_path, encoding="utf-8") as f:
        scenario = json.load(f)
    target = scenario["flight_software"]["tasks"][0]["guidance"]["sigma_DN"]
    with open(summary_path, encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    errors = []
    for row in rows:
        if row["status"] != "ok":
            continue
        sigma = [float(row["final sc.sigma_BN[%d]" % i]) for i in range(3)]
        errors.append(math.degrees(angle(sigma, target)) * 3600.0)  # [arcsec]
    if not errors:
        sys.exit("pointing_error.py: no successful run in " + summary_path)
    n = len(errors)
    mean = sum(errors) / n
    std = math.sqrt(sum((e - mean) ** 2 for e in errors) / (n - 1)) if n > 1 else 0.0
    rms = math.sqrt(sum(e * e for e in errors) / n)
    ordered = sorted(errors)
    p95 = ordered[min(n - 1, math.ceil(0.95 * n) - 1)]
    print("final pointing error over %d runs [arcsec]: mean %.3g, std %.3g, rms %.3g, 95th percentile %.3g, max %.3g"
          % (n, mean, std, rms, p95, ordered[-1]))
    print("runs failed: %d" % (len(rows) - n))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
