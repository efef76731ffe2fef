#!/usr/bin/env python3
"""The benchmark's second CSV peer: validates a CSV workload with DuckDB, the osago-policy rules as SQL.

Run by Benchmarks/validate.sh in its throw-away virtual environment (never a Formsmith
dependency). The same rules as Benchmarks/peer_polars.py (for --today 2026-11-22), each a
boolean SQL expression that is true where a row breaks it, over `read_csv` with every column
read as text; DuckDB's own parallel reader and executor on all threads (--threads, or the
DUCKDB_THREADS environment variable, chooses how many). Every rule is evaluated on every row;
the count of invalid rows is what the benchmark compares with Formsmith's (violation counts may
differ, as for polars). Prints "records invalid violations".
"""
import argparse
import datetime
import os

import duckdb

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


def quote(text):
    return "'" + text.replace("'", "''") + "'"


def day(value):
    return f"DATE {quote(value.isoformat())}"


def text(column):
    return '"' + column.replace('"', '""') + '"'


def filled(column):
    return f"(coalesce({text(column)}, '') <> '')"


def matches(column, pattern):
    return f"regexp_full_match({text(column)}, {quote(pattern)})"


def as_date(column):
    return (f"(CASE WHEN {matches(column, DATE_TEXT)} "
            f"THEN CAST(try_strptime({text(column)}, '%Y-%m-%d') AS DATE) END)")


DRIVERS_COUNTED = '"drivers counted"'


def drivers_count():
    """A row's list has 1 + the highest index with a filled cell items (computed once a row)."""
    count = "0"
    for i in range(DRIVER_ITEMS):
        item_filled = " OR ".join(filled(f"drivers.{i}.{f}") for f in
                                  ["lastName", "firstName", "birthDate", "licenseNumber", "licenseIssued"])
        count = f"(CASE WHEN {item_filled} THEN {i + 1} ELSE {count} END)"
    return count


def rules():
    """SQL expressions, each true where a row breaks one rule (null counts as false)."""
    checks = []

    def add(expression):
        checks.append(f"CAST(coalesce({expression}, false) AS INTEGER)")

    def required(column, visible=None):
        add(f"NOT {filled(column)}" if visible is None else f"({visible}) AND NOT {filled(column)}")

    def hidden(column, visible):
        add(f"NOT ({visible}) AND {filled(column)}")

    def regex(column, pattern, visible=None):
        broken = f"{filled(column)} AND NOT {matches(column, pattern)}"
        add(broken if visible is None else f"({visible}) AND {broken}")

    def length(column, low, high):
        size = f"length({text(column)})"
        add(f"{filled(column)} AND ({size} < {low} OR {size} > {high})")

    def enum(column, values):
        add(f"{filled(column)} AND {text(column)} NOT IN ({', '.join(quote(v) for v in values)})")

    def boolean(column):
        enum(column, ["true", "false"])

    def date(column, low=None, high=None, visible=None):
        parsed = as_date(column)
        guard = filled(column) if visible is None else f"({visible}) AND {filled(column)}"
        add(f"{guard} AND {parsed} IS NULL")
        if low is not None:
            add(f"{guard} AND {parsed} < {day(low)}")
        if high is not None:
            add(f"{guard} AND {parsed} > {day(high)}")

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
    digits = [f"TRY_CAST(substr({text(inn)}, {i + 1}, 1) AS INTEGER)" for i in range(12)]
    first = " + ".join(f"{w} * {d}" for w, d in zip([7, 2, 4, 10, 3, 5, 9, 4, 6, 8], digits))
    second = " + ".join(f"{w} * {d}" for w, d in zip([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8], digits))
    add(f"{filled(inn)} AND {matches(inn, r'^[0-9]{12}$')}"
        f" AND ((({first}) % 11 % 10) <> {digits[10]} OR (({second}) % 11 % 10) <> {digits[11]})")
    document = "insurant.documentType"
    required(document)
    enum(document, ["passport", "foreignPassport", "driverLicense"])
    number = "insurant.documentNumber"
    required(number)
    add(f"{filled(number)} AND NOT {filled(document)}")
    for kind, pattern in [("passport", r"^[0-9]{2} [0-9]{2} [0-9]{6}$"),
                          ("foreignPassport", r"^[0-9]{2} [0-9]{7}$"),
                          ("driverLicense", r"^[0-9]{2} [0-9]{2} [0-9]{6}$")]:
        regex(number, pattern, visible=f"{text(document)} = {quote(kind)}")

    for column in ["vehicle.make", "vehicle.model"]:
        required(column)
        length(column, 1, 40)
    year = "vehicle.year"
    required(year)
    add(f"{filled(year)} AND NOT {matches(year, r'^-?[0-9]+$')}")
    year_value = f"TRY_CAST({text(year)} AS BIGINT)"
    add(f"({year_value} < 1950 OR {year_value} > {TODAY.year})")
    required("vehicle.vin")
    regex("vehicle.vin", r"^[A-HJ-NPR-Z0-9]{17}$")
    required("vehicle.hasPlate")
    boolean("vehicle.hasPlate")
    has_plate = f"{text('vehicle.hasPlate')} = 'true'"
    plate_hidden_known = f"{text('vehicle.hasPlate')} = 'false'"
    required("vehicle.plate", has_plate)
    hidden("vehicle.plate", f"NOT coalesce({plate_hidden_known}, false)")
    regex("vehicle.plate", PLATE, has_plate)
    power = "vehicle.enginePower"
    required(power)
    add(f"{filled(power)} AND NOT {matches(power, r'^-?[0-9]+(?:[.][0-9]+)?$')}")
    power_value = f"TRY_CAST({text(power)} AS DOUBLE)"
    add(f"({power_value} < 1 OR {power_value} > 1500)")
    required("vehicle.purpose")
    enum("vehicle.purpose", ["personal", "taxi", "training", "rental"])

    same = "owner.sameAsInsurant"
    required(same)
    boolean(same)
    owner_visible = f"{text(same)} = 'false'"
    owner_shown = f"NOT coalesce({text(same)} = 'true', false)"
    for column in ["owner.lastName", "owner.firstName"]:
        name(column, owner_visible)
        hidden(column, owner_shown)
    required("owner.birthDate", owner_visible)
    hidden("owner.birthDate", owner_shown)
    date("owner.birthDate", adult_low, adult_high, owner_visible)

    required("policy.startDate")
    date("policy.startDate", TODAY, TODAY + datetime.timedelta(days=60))
    required("policy.periodMonths")
    enum("policy.periodMonths", ["3", "6", "12"])
    unlimited = "policy.unlimitedDrivers"
    required(unlimited)
    boolean(unlimited)

    drivers_visible = f"{text(unlimited)} = 'false'"
    drivers_hidden = f"{text(unlimited)} = 'true'"
    count = DRIVERS_COUNTED
    add(f"{drivers_visible} AND {count} = 0")
    add(f"{drivers_hidden} AND {count} > 0")
    add(f"{drivers_visible} AND {count} > {MAX_DRIVERS}")
    for i in range(DRIVER_ITEMS):
        item = f"{drivers_visible} AND {count} > {i}"
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
        earliest = f"CAST({as_date(prefix + 'birthDate')} + INTERVAL 18 YEAR AS DATE)"
        add(f"({item}) AND {as_date(issued)} < {earliest}")
    return checks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("--threads", type=int, default=int(os.environ.get("DUCKDB_THREADS", "0")),
                        help="worker threads (default: DuckDB's choice, all cores)")
    arguments = parser.parse_args()
    connection = duckdb.connect()
    if arguments.threads > 0:
        connection.execute(f"SET threads = {arguments.threads}")
    violations = " + ".join(rules())
    source = f"read_csv({quote(arguments.input)}, header = true, all_varchar = true)"
    rows = f"SELECT *, {drivers_count()} AS {DRIVERS_COUNTED} FROM {source}"
    records, invalid, total = connection.execute(
        f"SELECT count(*), count_if(v > 0), coalesce(sum(v), 0) FROM (SELECT {violations} AS v FROM ({rows}))"
    ).fetchone()
    print(records, invalid, total)


if __name__ == "__main__":
    main()
