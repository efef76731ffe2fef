"""Writes the XLSForm corpus of the differential check against pyxform and rxeval
(scripts/integration/xlsform-rxeval.sh, docs/xlsform-differential.md): small forms, each one
or a few of the constructs issue 32 lists, as `.md` XLSForms (pyxform and Formsmith both read
them), two as `.csv` and two as `.xlsx` (openpyxl, which pyxform installs). Run once with the
tool venv's python; the committed files are what the checks read."""
import csv, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["type", "name", "label", "required", "required_message", "relevant", "constraint",
           "constraint_message", "calculation", "choice_filter", "repeat_count", "default", "parameters"]

def q(type_, name="", label=None, **cols):
    row = {"type": type_, "name": name, "label": label if label is not None else (name.replace("_", " ").capitalize() if name and not type_.startswith("end") else "")}
    row.update(cols)
    return row

YN = [("yn", "yes", "Yes"), ("yn", "no", "No")]
FRUIT = [("fruit", "apple", "Apple"), ("fruit", "pear", "Pear"), ("fruit", "plum", "Plum"), ("fruit", "fig", "Fig")]
GEO = [("country", "ke", "Kenya", ""), ("country", "ug", "Uganda", ""),
       ("city", "nairobi", "Nairobi", "ke"), ("city", "mombasa", "Mombasa", "ke"),
       ("city", "kampala", "Kampala", "ug"), ("city", "gulu", "Gulu", "ug")]

FORMS = {
 "text_required": [q("text", "name", required="yes", constraint="string-length(.) >= 2", constraint_message="two letters at least"),
                   q("text", "nickname", constraint="string-length(.) <= 8")],
 "integer_bounds": [q("integer", "age", required="yes", constraint=". >= 0 and . <= 120", constraint_message="0 to 120"),
                    q("integer", "rooms", constraint=". > 0")],
 "decimal_bounds": [q("decimal", "weight", required="yes", constraint=". > 0.5 and . < 300", constraint_message="0.5 to 300 kg"),
                    q("decimal", "height", constraint=". >= 0.3")],
 "range_question": [q("range", "pain", required="yes", parameters="start=0 end=10 step=1"),
                    q("range", "mood", parameters="start=1 end=5")],
 "date_past": [q("date", "visit", required="yes", constraint=". <= today()", constraint_message="not in the future"),
               q("date", "birth", constraint=". < today()")],
 "date_window": [q("date", "enrolled", required="yes", constraint=". >= date('2020-01-01') and . <= today()", constraint_message="2020 to today")],
 "date_future_offset": [q("date", "appointment", required="yes", constraint=". >= today() and . <= today() + 30", constraint_message="within 30 days")],
 "time_and_datetime": [q("time", "arrived", required="yes"), q("dateTime", "seen"), q("text", "remark")],
 "select_one_basic": [q("select_one yn", "consent", required="yes"), q("text", "why_not", required="yes", relevant="${consent} = 'no'")],
 "select_multiple_count": [q("select_multiple fruit", "fruits", required="yes", constraint="count-selected(.) <= 2", constraint_message="two at most")],
 "select_multiple_or_other": [q("select_multiple fruit or_other", "liked", required="yes")],
 "select_one_or_other": [q("select_one fruit or_other", "best", required="yes")],
 "geopoint_required": [q("geopoint", "where", required="yes"), q("geopoint", "also")],
 "barcode_acknowledge": [q("acknowledge", "agree", required="yes"), q("barcode", "code", constraint="regex(., '^[0-9]{8}$')", constraint_message="eight digits")],
 "note_calculate_metadata": [q("start", "start"), q("end", "end"), q("today", "today"), q("deviceid", "deviceid"),
                             q("note", "intro", "Welcome"), q("integer", "n", required="yes"),
                             q("calculate", "twice", "", calculation="${n} + ${n}")],
 "attachments": [q("image", "photo", required="yes"), q("audio", "voice"), q("video", "clip"), q("file", "doc")],
 "group_relevant": [q("select_one yn", "has_car", required="yes"),
                    q("begin group", "car", "Car", relevant="${has_car} = 'yes'"),
                    q("text", "make", required="yes"), q("integer", "year", constraint=". >= 1950"),
                    q("end group", "car")],
 "nested_groups": [q("integer", "members", required="yes"),
                   q("begin group", "outer", "Outer", relevant="${members} > 1"),
                   q("text", "head", required="yes"),
                   q("begin group", "inner", "Inner", relevant="${members} > 3"),
                   q("integer", "rooms", required="yes", constraint=". >= 1"),
                   q("end group", "inner"), q("end group", "outer")],
 "repeat_simple": [q("begin repeat", "person", "Person"), q("text", "pname", required="yes"),
                   q("integer", "page", constraint=". >= 0 and . < 130"), q("end repeat", "person")],
 "repeat_in_group": [q("begin group", "household", "Household"), q("text", "address", required="yes"),
                     q("begin repeat", "member", "Member"), q("text", "mname", required="yes"),
                     q("integer", "mage", required="yes", constraint=". >= 0"), q("end repeat", "member"),
                     q("end group", "household")],
 "repeat_in_repeat": [q("begin repeat", "plot", "Plot"), q("text", "crop", required="yes"),
                      q("begin repeat", "harvest", "Harvest"), q("decimal", "kg", required="yes", constraint=". > 0"),
                      q("end repeat", "harvest"), q("end repeat", "plot")],
 "repeat_relevant": [q("integer", "age", required="yes"),
                     q("begin repeat", "child", "Child", relevant="${age} > 17"), q("text", "cname", required="yes"),
                     q("end repeat", "child")],
 "repeat_count_number": [q("begin repeat", "visit", "Visit", repeat_count="2"), q("date", "vdate", required="yes", constraint=". <= today()"),
                         q("end repeat", "visit")],
 "repeat_count_field": [q("integer", "kids", required="yes", constraint=". >= 0 and . <= 5"),
                        q("begin repeat", "kid", "Kid", repeat_count="${kids}"), q("text", "kname", required="yes"),
                        q("end repeat", "kid")],
 "required_expression": [q("integer", "age", required="yes"), q("text", "school", required="${age} < 18"),
                         q("text", "job", required="${age} >= 18 and ${age} < 66")],
 "required_message": [q("text", "village", required="yes", required_message="say the village"), q("integer", "size")],
 "relevant_selected": [q("select_multiple fruit", "ate", required="yes"), q("integer", "apples", required="yes", relevant="selected(${ate}, 'apple')"),
                       q("text", "fig_note", relevant="selected(${ate}, 'fig') and not(selected(${ate}, 'pear'))")],
 "constraint_regex_message": [q("text", "phone", required="yes", constraint="regex(., '^\\+?[0-9]{9,12}$')", constraint_message="9 to 12 digits"),
                              q("text", "code", constraint="regex(., '[A-Z]{3}')", constraint_message="three capitals somewhere")],
 "choice_filter_cities": [q("select_one country", "country", required="yes"),
                          q("select_one city", "city", required="yes", choice_filter="country=${country}")],
 "default_values": [q("integer", "count", required="yes", default="1", constraint=". >= 1"), q("select_one yn", "ok", default="yes"),
                    q("text", "town", default="Nairobi")],
 "calculation_read_later": [q("integer", "adults", required="yes", constraint=". >= 1"), q("integer", "kids", required="yes", constraint=". >= 0"),
                            q("calculate", "people", "", calculation="${adults} + ${kids}"),
                            q("integer", "beds", required="yes", constraint=". <= ${people}", constraint_message="no more beds than people")],
 "logic_and_or_not": [q("integer", "a", required="yes"), q("integer", "b", required="yes"),
                      q("text", "c", relevant="(${a} > 5 or ${b} > 5) and not(${a} = ${b})"),
                      q("integer", "d", constraint=". != ${a} and (. < 100 or . = 1000)")],
 "string_functions": [q("text", "email", required="yes", constraint="contains(., '@')", constraint_message="an @"),
                      q("text", "ref", constraint="starts-with(., 'REF') and ends-with(., 'X')"),
                      q("text", "pin", constraint="string-length(.) = 4")],
 "if_in_constraint": [q("select_one yn", "adult", required="yes"),
                      q("integer", "age", required="yes", constraint="if(${adult} = 'yes', . >= 18, . < 18)", constraint_message="age and adult disagree")],
 "coalesce_compare": [q("integer", "limit"), q("integer", "value", required="yes", constraint="coalesce(${limit}, 10) > .", constraint_message="below the limit (10 if none)")],
 "count_repeat_later": [q("begin repeat", "room", "Room"), q("text", "rname", required="yes"), q("end repeat", "room"),
                        q("integer", "declared", required="yes", constraint=". = count(${room})", constraint_message="as many as the rooms")],
 "int_number": [q("integer", "n", required="yes"), q("integer", "m", constraint="int(${n}) >= . and . >= int(3.7)"),
                q("decimal", "x", constraint=". >= number('12')")],
 "decimal_date_time": [q("date", "start_date", required="yes"),
                       q("date", "end_date", required="yes", constraint="decimal-date-time(.) >= decimal-date-time(${start_date})", constraint_message="not before the start"),
                       q("integer", "nights", constraint=". <= ${end_date} - ${start_date}", constraint_message="not more nights than days")],
 "relative_parent_path": [q("begin repeat", "item", "Item"), q("integer", "low", required="yes"),
                          q("integer", "high", required="yes", constraint=". >= ../low", constraint_message="not below low"), q("end repeat", "item")],
 "empty_string_compare": [q("text", "nick"), q("text", "why", required="yes", relevant="${nick} = ''")],
 "not_translated_arithmetic": [q("decimal", "income", required="yes", constraint=". * 12 < 1000000"), q("integer", "half", constraint=". mod 2 = 0"),
                               q("integer", "per_person", constraint="100 div ${half} > 10")],
 "not_translated_functions": [q("text", "first", required="yes"), q("text", "last", required="yes"),
                              q("calculate", "full", "", calculation="concat(${first}, ' ', ${last})"),
                              q("text", "check", constraint="string-length(concat(., ${first})) < 20")],
 "not_translated_sum_position": [q("begin repeat", "crop", "Crop"), q("integer", "bags", required="yes"),
                                 q("calculate", "pos", "", calculation="position(..)"), q("end repeat", "crop"),
                                 q("integer", "total", constraint=". = sum(${bags})")],
 "choice_name": [q("select_one fruit", "fav", required="yes"), q("calculate", "fav_label", "", calculation="jr:choice-name(${fav}, '${fav}')"),
                 q("text", "remark", relevant="${fav} = 'fig'"),
                 q("text", "pit", relevant="jr:choice-name(${fav}, '${fav}') = 'Plum' or jr:choice-name(${fav}, '${fav}') = 'Pear'")],
 "select_from_file": [q("select_one_from_file villages.csv", "village", required="yes"), q("text", "elder")],
 "groups_repeats_deep": [q("begin group", "survey", "Survey"), q("select_one yn", "farm", required="yes"),
                         q("begin repeat", "field", "Field", relevant="${farm} = 'yes'"), q("decimal", "area", required="yes", constraint=". > 0 and . < 1000"),
                         q("begin repeat", "tree", "Tree"), q("select_one fruit", "kind", required="yes"), q("integer", "age_years", constraint=". <= 200"),
                         q("end repeat", "tree"), q("end repeat", "field"), q("end group", "survey")],
}
CSV_FORMS = {"household_csv": [q("text", "head", required="yes", constraint="string-length(.) >= 2"),
                               q("integer", "size", required="yes", constraint=". >= 1 and . <= 30"),
                               q("select_one yn", "water", required="yes"), q("text", "source", required="yes", relevant="${water} = 'yes'")],
             "clinic_visit_csv": [q("date", "seen", required="yes", constraint=". <= today()"), q("decimal", "temp", required="yes", constraint=". >= 34 and . <= 43", constraint_message="34 to 43"),
                                  q("select_multiple fruit", "diet", constraint="count-selected(.) >= 1")]}
XLSX_FORMS = {"market_xlsx": [q("select_one country", "country", required="yes"), q("select_one city", "city", required="yes", choice_filter="country=${country}"),
                              q("begin repeat", "stall", "Stall"), q("text", "owner", required="yes"), q("integer", "price", required="yes", constraint=". > 0"), q("end repeat", "stall")],
              "school_xlsx": [q("integer", "pupils", required="yes", constraint=". >= 0"), q("integer", "teachers", required="yes", constraint=". >= 1 and . <= ${pupils}"),
                              q("begin group", "building", "Building", relevant="${pupils} > 0"), q("integer", "classrooms", required="yes"), q("end group", "building")]}

def choices_for(rows):
    lists = set()
    for row in rows:
        parts = row["type"].split()
        if parts[0] in ("select_one", "select_multiple"):
            lists.add(parts[1])
    out = []
    for name, table in (("yn", YN), ("fruit", FRUIT), ("country", GEO), ("city", GEO)):
        if name in lists:
            out += [c for c in table if c[0] == name]
    return out

def sheets(form_id, rows):
    cols = [c for c in COLUMNS if any(r.get(c) for r in rows)]
    survey = [cols] + [[r.get(c, "") for c in cols] for r in rows]
    ch = choices_for(rows)
    choices = None
    if ch:
        filtered = any(len(c) > 3 for c in ch)
        choices = [["list_name", "name", "label"] + (["country"] if filtered else [])]
        choices += [list(c[:3]) + ([c[3] if len(c) > 3 else ""] if filtered else []) for c in ch]
    settings = [["form_id", "form_title", "version"], [form_id, form_id.replace("_", " ").capitalize(), "1"]]
    return [("survey", survey)] + ([("choices", choices)] if choices else []) + [("settings", settings)]

def write_md(path, form_id, rows):
    parts = sheets(form_id, rows)
    width = max(len(r) for _, t in parts for r in t) + 1
    grid = []
    for name, table in parts:
        grid.append([name] + [""] * (width - 1))
        grid += [[""] + r + [""] * (width - 1 - len(r)) for r in table]
    widths = [max(len(str(g[i])) for g in grid) for i in range(width)]
    with open(path, "w") as f:
        for g in grid:
            f.write("| " + " | ".join(str(c).ljust(w) for c, w in zip(g, widths)) + " |\n")

def write_csv(path, form_id, rows):
    parts = sheets(form_id, rows)
    width = max(len(r) for _, t in parts for r in t) + 1
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        for name, table in parts:
            w.writerow([name] + [""] * (width - 1))
            for r in table:
                w.writerow([""] + r + [""] * (width - 1 - len(r)))

def write_xlsx(path, form_id, rows):
    import openpyxl
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, table in sheets(form_id, rows):
        sheet = book.create_sheet(name)
        for r in table:
            sheet.append(r)
    book.save(path)

for form_id, rows in FORMS.items():
    write_md(os.path.join(HERE, form_id + ".md"), form_id, rows)
for form_id, rows in CSV_FORMS.items():
    write_csv(os.path.join(HERE, form_id + ".csv"), form_id, rows)
for form_id, rows in XLSX_FORMS.items():
    write_xlsx(os.path.join(HERE, form_id + ".xlsx"), form_id, rows)
with open(os.path.join(HERE, "villages.csv"), "w") as f:
    f.write("name,label\nkibera,Kibera\nmakueni,Makueni\nlamu,Lamu\n")
print(len(FORMS) + len(CSV_FORMS) + len(XLSX_FORMS), "forms", file=sys.stderr)
