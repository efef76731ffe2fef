#!/usr/bin/env python3
"""Generates a mixed workload of the three shipped forms as JSON Lines for the benchmark.

Records take turns: osago-policy, payment-order, customer-survey. Each carries its form's name
in a "form" member (first), so a project file routes it record by record. The osago-policy
records come from Benchmarks/generate_osago.py (about one in ten invalid); the other two forms
from `formsmith generate` with --invalid-rate 0.1. Deterministic for a given --seed.
Standard library only (tooling, never a runtime dependency).

    Benchmarks/generate_mixed.py --records 1000000 --formsmith .build/release/formsmith \\
        --output bench-data/mixed-1000000.jsonl
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMS = ["osago-policy", "payment-order", "customer-survey"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--formsmith", required=True, help="the formsmith binary")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    counts = [args.records // 3 + (1 if index < args.records % 3 else 0) for index in range(3)]
    with tempfile.TemporaryDirectory() as folder:
        parts = [os.path.join(folder, form + ".jsonl") for form in FORMS]
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate_osago.py"), "--records",
                        str(counts[0]), "--seed", str(args.seed), "--output", parts[0]], check=True)
        for index in (1, 2):
            subprocess.run([args.formsmith, "generate", "--rules", os.path.join(ROOT, "Rules", FORMS[index] + ".yaml"),
                            "--count", str(counts[index]), "--seed", str(args.seed), "--today", "2026-11-22",
                            "--invalid-rate", "0.1", "--output", parts[index]],
                           check=True, stderr=subprocess.DEVNULL)
        files = [open(part, encoding="utf-8") for part in parts]
        with open(args.output, "w", encoding="utf-8") as output:
            for position in range(args.records):
                index = position % 3
                line = files[index].readline().rstrip("\n")
                output.write('{"form":"%s",%s\n' % (FORMS[index], line[1:]))
        for handle in files:
            handle.close()


if __name__ == "__main__":
    main()
