#!/usr/bin/env python3
"""Where a questionnaire's instructions go: a run's per-function profile less its start-up's.

    Benchmarks/per_record.py RUN.functions.txt EMPTY.functions.txt COUNT [--top N]

Reads two `callgrind_annotate --inclusive=no` listings that Benchmarks/instructions.sh --profile
writes (the run, and the same command on an empty input), subtracts each function's start-up
instructions from the run's and divides by COUNT questionnaires; prints the top N functions
(default 40) by instructions a questionnaire, with the total. Names are as the listing gives
them (demangled when `swift demangle` was on PATH), the library in brackets stripped.
"""
import argparse
import re

LINE = re.compile(r"^\s*([\d,]+)\s+\([^)]*\)\s+(.*)$")


def functions(path):
    counts = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        match = LINE.match(line)
        if not match or "PROGRAM TOTALS" in line:
            continue
        name = re.sub(r" \[[^\]]*\]$", "", match.group(2))
        name = re.sub(r"^\?\?\?:", "", name)
        counts[name] = counts.get(name, 0) + int(match.group(1).replace(",", ""))
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run")
    parser.add_argument("empty")
    parser.add_argument("count", type=int)
    parser.add_argument("--top", type=int, default=40)
    arguments = parser.parse_args()
    run, empty = functions(arguments.run), functions(arguments.empty)
    per = {name: (count - empty.get(name, 0)) / arguments.count for name, count in run.items()}
    total = sum(per.values())
    print(f"{total:10.0f}  a questionnaire in all (functions listed by callgrind_annotate)")
    for name, value in sorted(per.items(), key=lambda item: -item[1])[: arguments.top]:
        print(f"{value:10.0f}  {100 * value / total:5.1f}%  {name[:150]}")


if __name__ == "__main__":
    main()
