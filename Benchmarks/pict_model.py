#!/usr/bin/env python3
"""Writes the factor model of a Formsmith coverage report as a PICT model (issue 23).

Factors become parameters F1..Fn (their Formsmith names in a comment above each), values
v0..vk (the value names, again in comments; PICT reads some words and numbers specially), and
every pair Formsmith proved impossible becomes a PICT constraint
`IF [Fi] = "va" THEN [Fj] <> "vb";` so both tools cover the same model under the same
exclusions. Pairs Formsmith could not find are left to PICT (it is told nothing about them).

usage: pict_model.py REPORT.json MODEL.txt             write the model
       pict_model.py --count-rows PICT_OUTPUT.tsv      print the number of rows PICT wrote
       pict_model.py --allpairs REPORT.json            run allpairspy on the same model, print rows
"""
import json
import sys


def write_model(report_path, model_path):
    with open(report_path, encoding="utf-8") as handle:
        report = json.load(handle)
    factors = report["factors"]
    index = {factor["name"]: number for number, factor in enumerate(factors)}
    lines = []
    for number, factor in enumerate(factors):
        lines.append("# F%d: %s = %s" % (number + 1, factor["name"], ", ".join(factor["values"])))
        lines.append("F%d: %s" % (number + 1, ", ".join("v%d" % value for value in range(len(factor["values"])))))
    lines.append("")
    for entry in report["impossibleTuples"]:
        if len(entry["tuple"]) != 2:
            continue
        (first, second) = entry["tuple"]
        i, j = index[first["factor"]], index[second["factor"]]
        a = factors[i]["values"].index(first["value"])
        b = factors[j]["values"].index(second["value"])
        lines.append('IF [F%d] = "v%d" THEN [F%d] <> "v%d";' % (i + 1, a, j + 1, b))
    with open(model_path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def allpairs(report_path):
    from allpairspy import AllPairs
    with open(report_path, encoding="utf-8") as handle:
        report = json.load(handle)
    factors = report["factors"]
    index = {factor["name"]: number for number, factor in enumerate(factors)}
    forbidden = set()
    for entry in report["impossibleTuples"]:
        (first, second) = entry["tuple"]
        forbidden.add(((index[first["factor"]], first["value"]), (index[second["factor"]], second["value"])))

    def allowed(row):
        for i in range(len(row)):
            for j in range(i + 1, len(row)):
                if ((i, row[i]), (j, row[j])) in forbidden:
                    return False
        return True

    rows = list(AllPairs([factor["values"] for factor in factors], filter_func=allowed))
    print(len(rows))


if __name__ == "__main__":
    if sys.argv[1] == "--count-rows":
        with open(sys.argv[2], encoding="utf-8") as handle:
            print(max(0, sum(1 for line in handle if line.strip()) - 1))
    elif sys.argv[1] == "--allpairs":
        allpairs(sys.argv[2])
    else:
        write_model(sys.argv[1], sys.argv[2])
