#!/usr/bin/env python3
"""The benchmark's CSV peer: validates a CSV workload with polars, the osago-policy rules as expressions.

Run by Benchmarks/validate.sh in its throw-away virtual environment (never a Formsmith
dependency). Reads every column as text with the lazy API and collects with the streaming
engine on all threads (POLARS_MAX_THREADS chooses how many). Each rule of
Rules/osago-policy.yaml (for --today 2026-11-22) is a boolean expression that is true where a
row breaks it: required and hidden fields, types (plain numbers, true/false, ISO dates),
ranges, lengths, regexes and masks, enums, the INN check digits, the document number by
document type, the list's size, each driver's dates relative to today and to the driver's own
birth date. Every rule is evaluated on every row, so every violation is counted, as Formsmith
collects them. What polars does not see: predicates with an unknown value are not skipped
(Formsmith reports only the root cause), so violation counts may differ; the count of invalid
rows is what the benchmark compares. Prints "records invalid violations".
"""
import argparse
import datetime

import polars as pl

TODAY = datetime.date(2026, 11, 22)
CYRILLIC_NAME = r"^[А-ЯЁ][а-яё]*(?:-[А-ЯЁ][а-яё]*)?$"
EMAIL = (r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
         r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$")
PLATE = r"^[АВЕКМНОРСТУХ][0-9]{3}[АВЕКМНОРСТУХ]{2}[0-9]{2,3}$"
DATE_TEXT = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
DRIVER_ITEMS = 5
MAX_DRIVERS = 5


def years_before(day, years):
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def text(column):
    return pl.col(column)


def filled(column):
    return pl.col(column).is_not_null()


def as_date(column):
    return pl.when(pl.col(column).str.contains(DATE_TEXT)).then(
        pl.col(column).str.to_date("%Y-%m-%d", strict=False))


def rules():
    """(name, expression true where a row breaks the rule), every expression null-free."""
    checks = []

    def add(name, expression):
        checks.append((name, expression.fill_null(False)))

    def required(column, visible=None):
        add(f"{column}: required", ~filled(column) if visible is None else visible & ~filled(column))

    def hidden(column, visible):
        add(f"{column}: visibility", ~visible & filled(column))

    def regex(column, pattern, visible=None):
        broken = filled(column) & ~text(column).str.contains(pattern)
        add(f"{column}: regex", broken if visible is None else visible & broken)

    def length(column, low, high):
        size = text(column).str.len_chars()
        add(f"{column}: length", filled(column) & ((size < low) | (size > high)))

    def enum(column, values):
        add(f"{column}: enum", filled(column) & ~text(column).is_in(values))

    def boolean(column):
        enum(column, ["true", "false"])

    def date(column, low=None, high=None, visible=None):
        parsed = as_date(column)
        guard = filled(column) if visible is None else visible & filled(column)
        add(f"{column}: type", guard & parsed.is_null())
        if low is not None:
            add(f"{column}: min", guard & (parsed < low))
        if high is not None:
            add(f"{column}: max", guard & (parsed > high))

    def name(column, visible=None):
        required(column, visible)
        regex(column, CYRILLIC_NAME, visible)

    adult_low, adult_high = years_before(TODAY, 100), years_before(TODAY, 18)

    required("id")
    regex("id", r"^Q-[0-9]{7}$")

    for column in ["insurant.lastName", "insurant.firstName"]:
        name(column)
        length(column, 1, 50)
    regex("insurant.middleName", CYRILLIC_NAME)
    required("insurant.birthDate")
    date("insurant.birthDate", adult_low, adult_high)
    required("insurant.phone")
    regex("insurant.phone", r"^\+7 \([0-9]{3}\) [0-9]{3}-[0-9]{2}-[0-9]{2}$")
    regex("insurant.email", EMAIL)
    inn = "insurant.inn"
    regex(inn, r"^[0-9]{12}$")
    digits = [text(inn).str.slice(i, 1).cast(pl.Int32, strict=False) for i in range(12)]
    first = sum(w * d for w, d in zip([7, 2, 4, 10, 3, 5, 9, 4, 6, 8], digits)) % 11 % 10
    second = sum(w * d for w, d in zip([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8], digits)) % 11 % 10
    add(f"{inn}: checksum", filled(inn) & text(inn).str.contains(r"^[0-9]{12}$")
        & ((first != digits[10]) | (second != digits[11])))
    document = "insurant.documentType"
    required(document)
    enum(document, ["passport", "foreignPassport", "driverLicense"])
    number = "insurant.documentNumber"
    required(number)
    add(f"{number}: parent", filled(number) & ~filled(document))
    for kind, pattern in [("passport", r"^[0-9]{2} [0-9]{2} [0-9]{6}$"),
                          ("foreignPassport", r"^[0-9]{2} [0-9]{7}$"),
                          ("driverLicense", r"^[0-9]{2} [0-9]{2} [0-9]{6}$")]:
        regex(number, pattern, visible=text(document) == kind)

    for column in ["vehicle.make", "vehicle.model"]:
        required(column)
        length(column, 1, 40)
    year = "vehicle.year"
    required(year)
    add(f"{year}: type", filled(year) & ~text(year).str.contains(r"^-?[0-9]+$"))
    year_value = text(year).cast(pl.Int64, strict=False)
    add(f"{year}: range", (year_value < 1950) | (year_value > TODAY.year))
    required("vehicle.vin")
    regex("vehicle.vin", r"^[A-HJ-NPR-Z0-9]{17}$")
    required("vehicle.hasPlate")
    boolean("vehicle.hasPlate")
    has_plate = text("vehicle.hasPlate") == "true"
    plate_hidden_known = text("vehicle.hasPlate") == "false"
    required("vehicle.plate", has_plate)
    hidden("vehicle.plate", ~plate_hidden_known)
    regex("vehicle.plate", PLATE, has_plate)
    power = "vehicle.enginePower"
    required(power)
    add(f"{power}: type", filled(power) & ~text(power).str.contains(r"^-?[0-9]+(?:\.[0-9]+)?$"))
    power_value = text(power).cast(pl.Float64, strict=False)
    add(f"{power}: range", (power_value < 1) | (power_value > 1500))
    required("vehicle.purpose")
    enum("vehicle.purpose", ["personal", "taxi", "training", "rental"])

    same = "owner.sameAsInsurant"
    required(same)
    boolean(same)
    owner_visible = text(same) == "false"
    owner_hidden = text(same) == "true"
    for column in ["owner.lastName", "owner.firstName"]:
        name(column, owner_visible)
        hidden(column, ~owner_hidden)
    required("owner.birthDate", owner_visible)
    hidden("owner.birthDate", ~owner_hidden)
    date("owner.birthDate", adult_low, adult_high, owner_visible)

    required("policy.startDate")
    date("policy.startDate", TODAY, TODAY + datetime.timedelta(days=60))
    required("policy.periodMonths")
    enum("policy.periodMonths", ["3", "6", "12"])
    unlimited = "policy.unlimitedDrivers"
    required(unlimited)
    boolean(unlimited)

    drivers_visible = text(unlimited) == "false"
    drivers_hidden = text(unlimited) == "true"
    item_filled = [pl.any_horizontal([filled(f"drivers.{i}.{f}") for f in
                                      ["lastName", "firstName", "birthDate", "licenseNumber",
                                       "licenseIssued"]]) for i in range(DRIVER_ITEMS)]
    # A row's list has 1 + the highest index with a filled cell items.
    count = pl.lit(0)
    for i in range(DRIVER_ITEMS):
        count = pl.when(item_filled[i]).then(pl.lit(i + 1)).otherwise(count)
    add("drivers: required", drivers_visible & (count == 0))
    add("drivers: visibility", drivers_hidden & (count > 0))
    add("drivers: max-items", drivers_visible & (count > MAX_DRIVERS))
    for i in range(DRIVER_ITEMS):
        item = drivers_visible & (count > i)
        prefix = f"drivers.{i}."
        name(prefix + "lastName", item)
        name(prefix + "firstName", item)
        required(prefix + "birthDate", item)
        date(prefix + "birthDate", None, adult_high, item)
        required(prefix + "licenseNumber", item)
        regex(prefix + "licenseNumber", r"^[0-9]{2} [0-9]{2} [0-9]{6}$", item)
        issued = prefix + "licenseIssued"
        required(issued, item)
        date(issued, None, TODAY, item)
        earliest = as_date(prefix + "birthDate").dt.offset_by("18y")
        add(f"{issued}: min", item & (as_date(issued) < earliest))
    return checks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    arguments = parser.parse_args()
    checks = rules()
    broken = pl.sum_horizontal([expression.cast(pl.UInt32) for _, expression in checks])
    frame = (pl.scan_csv(arguments.input, infer_schema=False)
             .select(broken.alias("violations"))
             .select(pl.len().alias("records"),
                     (pl.col("violations") > 0).sum().alias("invalid"),
                     pl.col("violations").sum().alias("violations"))
             .collect(engine="streaming"))
    print(frame["records"][0], frame["invalid"][0], frame["violations"][0])


if __name__ == "__main__":
    main()
