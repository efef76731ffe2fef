#!/usr/bin/env python3
"""Writes the factor model of a Formsmith coverage report as a PICT model (issue 23), and counts
what PICT's output covers of the pairs Formsmith requires.

The model. Factors become parameters F1..Fn (their Formsmith names in a comment), values v0..vk
(PICT reads some words and numbers specially). Every pair Formsmith proved impossible is an
exclusion. A factor read in the first item of a list (path with `[0]`) has no value when the
list has no item; Formsmith then counts no pair with it. PICT needs a value in every row, so
such a factor gets one more value, `none`, held exactly when its list factor has one of the
values that exclude every real value of the item factor (for a list in list items, also when
the outer item factor is `none`). Pairs with `none` add no case: each is held whenever the pair
with the list's empty value is, which both tools cover.

The rewriting. PICT derives implied exclusions before it generates, and that step is
exponential in the exclusions that share parameters (microsoft/pict issues 13, 29, 59):
payment-order's 188 exclusions did not finish in 10 minutes. Most of them say that one factor
is a function of another (`tax.kbk` is filled exactly when `payment.type` is 1 or 2; the truth
of `payment.type == 1`). A factor X whose every allowed value set is a single value for each
value of a kept factor Y (X = f(Y)) is left out of the model and its exclusions are rewritten
on Y (X = x becomes Y in f^-1(x)); the rows PICT writes are expanded back with X = f(Y). The
rows of the two models are the same rows, so PICT covers the same pairs: `--count` expands
PICT's output and recounts, over all n factors, the pairs Formsmith requires and those PICT's
rows hold, and names any row that breaks an exclusion.

usage: pict_model.py REPORT.json MODEL.txt                 write the model (MODEL.txt.map beside it)
       pict_model.py --count REPORT.json MODEL.txt ROWS.tsv  print "rows covered required broken"
       pict_model.py --allpairs REPORT.json ROWS.tsv       run allpairspy on the same model
Standard library only, except allpairspy for --allpairs.
"""
import itertools
import json
import sys

NONE = "none"


def load(report_path):
    with open(report_path, encoding="utf-8") as handle:
        return json.load(handle)


class Model:
    """The report's factors with `none` added to item factors, and every exclusion as a set of
    forbidden value pairs ((i, a), (j, b)) with i < j, values as indices."""

    def __init__(self, report):
        self.factors = report["factors"]
        self.names = [factor["name"] for factor in self.factors]
        self.values = [list(factor["values"]) for factor in self.factors]
        index = {name: number for number, name in enumerate(self.names)}
        self.forbidden = set()
        for entry in report["impossibleTuples"]:
            if len(entry["tuple"]) != 2:
                continue
            (first, second) = entry["tuple"]
            i, j = index[first["factor"]], index[second["factor"]]
            a = self.values[i].index(first["value"])
            b = self.values[j].index(second["value"])
            self.forbid((i, a), (j, b))
        self.real = [len(values) for values in self.values]
        by_path = {factor.get("path"): number for number, factor in enumerate(self.factors)}
        items = [number for number, factor in enumerate(self.factors) if "[0]" in factor.get("path", "")]
        # Outer lists' item factors first: their `none` is then known when an inner one's is made.
        for number in sorted(items, key=lambda item: self.factors[item]["path"].count("[0]")):
            factor = self.factors[number]
            path = factor["path"]
            list_path = path[: path.rindex("[0]")]
            if list_path not in by_path:
                if all(row[number] is not None for row in report["rows"]):
                    continue  # a list without a size factor whose first item was always there
                sys.exit("pict_model.py: no list factor %r for item factor %r" % (list_path, factor["name"]))
            owner = by_path[list_path]
            none = len(self.values[number])
            outer_none = self.values[owner].index(NONE) if NONE in self.values[owner] else None
            empty = {value for value in range(len(self.values[owner]))
                     if value == outer_none
                     or all(self.forbidden_pair((owner, value), (number, real)) for real in range(none))}
            if not empty:
                continue  # the list always has a first item: the factor always has a value
            self.values[number].append(NONE)
            for value in range(len(self.values[owner])):
                if value not in empty:
                    self.forbid((owner, value), (number, none))
                elif value == outer_none:
                    # The outer item is missing: so is this one.
                    for real in range(none):
                        self.forbid((owner, value), (number, real))

    def forbid(self, first, second):
        self.forbidden.add((first, second) if first[0] < second[0] else (second, first))

    def forbidden_pair(self, first, second):
        return ((first, second) if first[0] < second[0] else (second, first)) in self.forbidden

    def allowed(self, row):
        return all(not self.forbidden_pair((i, row[i]), (j, row[j]))
                   for i, j in itertools.combinations(range(len(row)), 2))

    def function_of(self, x, y):
        """f with X = f(Y) when each value of Y allows exactly one value of X, else None."""
        mapping = []
        for b in range(len(self.values[y])):
            allowed = [a for a in range(len(self.values[x])) if not self.forbidden_pair((y, b), (x, a))]
            if len(allowed) != 1:
                return None
            mapping.append(allowed[0])
        return mapping

    def reduce(self):
        """{x: (y, f)} for the factors left out, each a function of a kept factor."""
        derived, keys = {}, set()
        for x in range(len(self.values)):
            for y in range(len(self.values)):
                if y == x or y in derived or x in keys:
                    continue
                mapping = self.function_of(x, y)
                if mapping is not None:
                    derived[x] = (y, mapping)
                    keys.add(y)
                    break
        return derived

    def kept_exclusions(self, derived):
        """The exclusions rewritten on kept factors: a set of ((i, a), (j, b)) with i < j, and a
        set of (i, a) a kept factor may never take."""
        def expand(factor, value):
            if factor in derived:
                (key, mapping) = derived[factor]
                return [(key, b) for b in range(len(mapping)) if mapping[b] == value]
            return [(factor, value)]
        pairs, single = set(), set()
        for (first, second) in self.forbidden:
            for left in expand(*first):
                for right in expand(*second):
                    if left[0] == right[0]:
                        if left == right:
                            single.add(left)
                    else:
                        pairs.add((left, right) if left[0] < right[0] else (right, left))
        return pairs, single

    def required(self):
        """The pairs Formsmith requires and did not prove impossible (real values only)."""
        result = set()
        for i, j in itertools.combinations(range(len(self.values)), 2):
            for a in range(self.real[i]):
                for b in range(self.real[j]):
                    if not self.forbidden_pair((i, a), (j, b)):
                        result.add(((i, a), (j, b)))
        return result


def write_model(report_path, model_path):
    model = Model(load(report_path))
    derived = model.reduce()
    kept = [number for number in range(len(model.values)) if number not in derived]
    pairs, single = model.kept_exclusions(derived)
    lines = ["# Written by Benchmarks/pict_model.py from a Formsmith coverage report.",
             "# %d factors, %d of them left out as functions of a kept factor (below);"
             % (len(model.values), len(derived)),
             "# %d exclusions on the kept factors." % (len(pairs) + len(single))]
    for number in kept:
        lines.append("# F%d: %s = %s" % (number + 1, model.names[number], ", ".join(model.values[number])))
        lines.append("F%d: %s" % (number + 1, ", ".join("v%d" % value for value in range(len(model.values[number])))))
    for number, (key, mapping) in sorted(derived.items()):
        lines.append("# F%d: %s = f(F%d): %s" % (number + 1, model.names[number], key + 1,
                     ", ".join("%s -> %s" % (model.values[key][b], model.values[number][a]) for b, a in enumerate(mapping))))
    lines.append("")
    # One constraint per value of the first factor, listing what it excludes.
    grouped = {}
    for (left, right) in sorted(pairs):
        grouped.setdefault(left, []).append(right)
    for (i, a), rights in sorted(grouped.items()):
        lines.append('IF [F%d] = "v%d" THEN %s;' % (i + 1, a, " AND ".join('[F%d] <> "v%d"' % (j + 1, b) for (j, b) in rights)))
    for (i, a) in sorted(single):
        lines.append('[F%d] <> "v%d";' % (i + 1, a))
    # ASCII only: the comments name Formsmith's values (`ТП`), and PICT's reader stops at the
    # first character outside ASCII in the C++ locale it reads with (the pypict build did,
    # leaving every factor after it out of the model).
    with open(model_path, "w", encoding="ascii") as handle:
        handle.write("\n".join(line.encode("ascii", "backslashreplace").decode("ascii") for line in lines) + "\n")
    with open(model_path + ".map", "w", encoding="utf-8") as handle:
        json.dump({"kept": kept, "derived": {str(x): [y, f] for x, (y, f) in derived.items()}}, handle)


def expand_rows(model, mapping_path, rows_path):
    """PICT's rows (a header F.. and values v..) as full rows of value indices."""
    with open(mapping_path, encoding="utf-8") as handle:
        mapping = json.load(handle)
    derived = {int(x): (y, f) for x, (y, f) in mapping["derived"].items()}
    with open(rows_path, encoding="utf-8") as handle:
        lines = [line.rstrip("\n").split("\t") for line in handle if line.strip()]
    header = [int(name[1:]) - 1 for name in lines[0]]
    rows = []
    for line in lines[1:]:
        row = [None] * len(model.values)
        for factor, value in zip(header, line):
            row[factor] = int(value[1:])
        for factor, (key, function) in derived.items():
            row[factor] = function[row[key]]
        if None in row:
            sys.exit("pict_model.py: a row of %s has no value for F%d" % (rows_path, row.index(None) + 1))
        rows.append(row)
    return rows


def count(report_path, mapping_path, rows_path):
    model = Model(load(report_path))
    rows = expand_rows(model, mapping_path, rows_path)
    required = model.required()
    held = set()
    for row in rows:
        for i, j in itertools.combinations(range(len(row)), 2):
            held.add(((i, row[i]), (j, row[j])))
    broken = [number for number, row in enumerate(rows) if not model.allowed(row)]
    print(len(rows), len(required & held), len(required), len(broken))


def allpairs(report_path, rows_path):
    """allpairspy on the same (full) model; rows written as PICT would, for --count."""
    from allpairspy import AllPairs
    model = Model(load(report_path))
    rows = list(AllPairs([list(range(len(values))) for values in model.values],
                         filter_func=lambda row: model.allowed(list(row))))
    with open(rows_path, "w", encoding="utf-8") as handle:
        handle.write("\t".join("F%d" % (number + 1) for number in range(len(model.values))) + "\n")
        for row in rows:
            handle.write("\t".join("v%d" % value for value in row) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "--count":
        count(sys.argv[2], sys.argv[3] + ".map", sys.argv[4])
    elif sys.argv[1] == "--allpairs":
        allpairs(sys.argv[2], sys.argv[3])
    else:
        write_model(sys.argv[1], sys.argv[2])
