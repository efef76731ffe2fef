"""The differential check of Formsmith's XLSForm import against the evaluators ODK runs.

For each XLSForm of the corpus: pyxform converts it to the XForm ODK runs; `formsmith generate`
writes seeded submissions (valid ones and labelled invalid ones) as JSON Lines, as a
KoboToolbox export and as an ODK Central CSV export; `formsmith validate --report json` gives
Formsmith's verdict on each; each submission is written as the XForm instance ODK would submit
and rxeval (a Rust engine for the XForms logic) evaluates every bind's `relevant`, `required` and
`constraint` over it, plus each `choice_filter`. The two verdicts are compared per field. Every difference must be one decided by
the ODK XForms specification and named in EXPECTED (docs/xlsform-differential.md says why);
any other fails the run.

    usage: xlsform_rxeval.py FORMSMITH CORPUS_DIR [--forms N] [--count N] [--seed S] [--today D] [--match TEXT]

rxeval 0.1.1 does not implement date() or decimal-date-time() and compares a date with today()
as text; the specification compares dates as days since 1970-01-01, so dates are handed to it
as that number (submission values, today, and date('...') literals of the XForm) and
decimal-date-time(X) of such a day number as number(X). Each rewrite is counted and printed.
"""
import argparse, collections, csv, datetime, glob, json, os, re, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

import rxeval
from pyxform.xls2xform import convert

XF = "{http://www.w3.org/2002/xforms}"
JR = "{http://openrosa.org/javarosa}"
EPOCH = datetime.date(1970, 1, 1)

# Formsmith rules with no counterpart among an XForm's binds: the specification makes each of
# these a property of the value itself (its datatype, the itemset it is chosen from, a range
# question's start/end, the instance's own nodes), which ODK Collect enforces while the form is
# filled and no bind expression restates; rxeval evaluates binds only. Formsmith follows the
# specification; see docs/xlsform-differential.md.
FORMSMITH_ONLY = {
    "type": "datatype-not-a-bind",          # a bind's type (int, decimal, date, geopoint, ...)
    "enum": "itemset-not-a-bind",           # a select's value is one of its itemset's choices
    "unknown-field": "not-a-node",          # a key that is no node of the form's instance
    "unique": "select-multiple-chosen-twice",  # a select_multiple naming a choice twice
    "multiple-of": "range-step",            # a range question's step
    "media-type": "attachment-type",        # image/audio/video accept only that media type
    "extension": "attachment-type",         # a file name whose extension is not of its media type
    "text-form": "text-form-not-a-bind",    # an invisible character or decomposed letters
}
# Range questions: start/end are body attributes, not a constraint bind.
RANGE_RULES = {"min", "max"}

# Differences decided by the specification (docs/xlsform-differential.md), by form and field:
# (form, field, side that flags it) -> name. A difference that is not one of these fails the run.
EXPECTED = {
    # regex(., '[A-Z]{3}'): the specification makes '[A-Z]{3}' the pattern /[A-Z]{3}/ and its
    # "regex test" finds it anywhere (as Enketo does); rxeval, like JavaRosa's Pattern.matches,
    # takes the whole value. Formsmith follows the specification.
    ("constraint_regex_message", "code", "rxeval"): "regex-found-anywhere (spec: Formsmith)",
    # 100 div ${half} > 10 with half = 0: XPath's quotient is Infinity, so ODK accepts it;
    # Formsmith's quotient is null and the comparison false. The specification is rxeval's side.
    ("not_translated_arithmetic", "per_person", "formsmith"): "division-by-zero (spec: rxeval; Formsmith null, not Infinity)",
}

# Forms whose submissions `formsmith generate` cannot write: an assertion the generator cannot
# settle (listed, not compared; Formsmith's own limitation, docs/xlsform-differential.md). None
# now: the solver settles dates (`. <= today() + 30`) and text tests (`contains(., '@')`).
GENERATE_CANNOT: dict[str, str] = {}

def days(text):
    try:
        return str((datetime.date.fromisoformat(text) - EPOCH).days)
    except (TypeError, ValueError):
        return text


def xform_for_rxeval(xml, counter):
    def date_literal(match):
        counter["date('...') as days"] += 1
        return days(match.group(2))
    xml = re.sub(r"date\((&apos;|'|&quot;|\")(\d{4}-\d{2}-\d{2})\1\)", date_literal, xml)
    n = xml.count("decimal-date-time(")
    counter["decimal-date-time() as number()"] += n
    return xml.replace("decimal-date-time(", "number(")


class Form:
    def reads(self, xpath):
        """The questions the rules of this node and of its groups read, through calculations."""
        out, todo = set(), [xpath]
        parts = xpath.split("/")
        todo += ["/".join(parts[:i]) for i in range(2, len(parts))]
        out |= self.choice_filter_reads.get(xpath, set())
        while todo:
            node = todo.pop()
            for read in self.direct_reads.get(node, ()):
                if read not in out:
                    out.add(read)
                    if self.types.get(read) is not None and read in self.direct_reads:
                        todo.append(read)
        return out

    def __init__(self, path):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.xml = convert(xlsform=path).xform
        root = ET.fromstring(self.xml)
        model = root.find(".//" + XF + "model")
        self.instance = model.find(XF + "instance")[0]
        self.root_name = self.instance.tag.replace(XF, "")
        self.types, self.direct_reads, self.readonly = {}, collections.defaultdict(set), set()
        for bind in model.iter(XF + "bind"):
            node = bind.get("nodeset")
            self.types[node] = bind.get("type")
            for attribute in ("relevant", "required", "constraint", "calculate"):
                text = bind.get(attribute) or ""
                self.direct_reads[node] |= set(re.findall(r"/" + self.root_name + r"(?:/[\w.-]+)+", text))
                parent = node.rsplit("/", 1)[0]
                self.direct_reads[node] |= {parent + "/" + name for name in re.findall(r"\.\./([\w.-]+)", text)}
            if bind.get("readonly") == "true()" and not bind.get("calculate"):
                self.readonly.add(node)
        self.repeats = set()
        def walk(element, xpath):
            for child in element:
                cpath = xpath + "/" + child.tag.replace(XF, "")
                if child.get(JR + "template") is not None:
                    self.repeats.add(cpath)
                walk(child, cpath)
        walk(self.instance, "/" + self.root_name)
        self.filtered, self.choice_filter_reads = {}, {}
        # repeats with jr:count: ODK makes exactly that many items (a body attribute, no bind)
        self.counted = {e.get("nodeset") for e in root.iter(XF + "repeat") if e.get(JR + "count")}
        for element in root.iter():
            ref = element.get("ref")
            if ref and element.find(XF + "itemset") is not None and "[" in element.find(XF + "itemset").get("nodeset", ""):
                self.filtered[ref] = True
                nodeset = element.find(XF + "itemset").get("nodeset", "")
                self.choice_filter_reads[ref] = set(re.findall(r"/" + self.root_name + r"(?:/[\w.-]+)+", nodeset))

    def instance_xml(self, record, counter):
        """The record as the instance ODK submits: groups nested, a repeat's items repeated,
        a select_multiple's names space-separated, a date as its day number."""
        out = []

        def fill(template, value, path, xpath):
            tag = template.tag.replace(XF, "")
            children = list(template)
            if children:
                value = value if isinstance(value, dict) else {}
                out.append(f"<{tag}>")
                seen = set()
                for child in children:
                    ctag = child.tag.replace(XF, "")
                    if ctag in seen:
                        continue
                    seen.add(ctag)
                    cvalue = value.get(ctag)
                    if xpath + "/" + ctag in self.repeats:
                        # the item's shape: the jr:template copy where pyxform wrote one
                        child = next((c for c in template if c.tag == child.tag and c.get(JR + "template") is not None), child)
                        for item in (cvalue if isinstance(cvalue, list) else []):
                            fill(child, item, path, xpath + "/" + ctag)
                    else:
                        fill(child, cvalue, path, xpath + "/" + ctag)
                out.append(f"</{tag}>")
                return
            if value is None:
                text = ""
            elif isinstance(value, list):
                text = " ".join(str(v) for v in value)
            elif isinstance(value, bool):
                text = "true" if value else "false"
            elif isinstance(value, dict):
                text = str(value.get("name", ""))
            else:
                text = str(value)
            if self.types.get(xpath) == "date" and text:
                counter["date answers as days"] += 1
                text = days(text)
            text = text.replace("&", "&amp;").replace("<", "&lt;")
            out.append(f"<{tag}>{text}</{tag}>")

        top = record if isinstance(record, dict) else {}
        fill(self.instance, top, "", "/" + self.root_name)
        first = out[0]
        out[0] = first[:-1] + "".join(f' {k}="{v}"' for k, v in self.instance.attrib.items()
                                      if not k.startswith("{")) + ">"
        return "".join(out)


def rxeval_verdict(form, xform, instance, today_days):
    """{path: set(kinds)} of what the form's own rules say, paths as Formsmith writes them."""
    session = rxeval.Session(xform, instance=instance, today=today_days)
    out = session.recompute()
    found = collections.defaultdict(set)
    for path, _ in out["invalid"]:
        found[path].add("constraint")
    for path in out["missing"]:
        found[path].add("required")
    paths = set(out["relevant"])
    for path, relevant in out["relevant"].items():
        # a question (not a group or repeat item) that is answered where it is not relevant
        leaf = not any(other.startswith(path + "/") for other in paths)
        if not relevant and leaf and session.get(path) != "":
            found[path].add("visibility")
    for path in list(out["relevant"]):
        plain = re.sub(r"\[\d+\]", "", path)
        if plain in form.filtered and out["relevant"][path]:
            value = session.get(path)
            offered = session.choices(path)
            if value and offered is not None and value not in [c["value"] for c in offered]:
                found[path].add("choice-filter")
    for path, why in out["failed"]:
        found["(not evaluated)"].add(to_formsmith(form, path) + ": " + why)
    return {to_formsmith(form, p): k for p, k in found.items()}


def to_formsmith(form, path):
    # a repeat's only item is /data/room/rname in rxeval's answer: room[1]
    parts, plain = path.split("/"), ""
    for i, part in enumerate(parts[1:], start=1):
        plain += "/" + re.sub(r"\[\d+\]", "", part)
        if plain in form.repeats and "[" not in part:
            parts[i] = part + "[1]"
    path = "/".join(parts)
    path = path[len("/" + form.root_name) + 1:] if path.startswith("/" + form.root_name + "/") else path
    path = re.sub(r"\[(\d+)\]", lambda m: f"[{int(m.group(1)) - 1}]", path)
    return path.replace("/", ".")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("formsmith"); ap.add_argument("corpus")
    ap.add_argument("--forms", type=int, default=0, help="only the first N forms (0: all)")
    ap.add_argument("--count", type=int, default=20, help="submissions generated per form")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--today", default="2024-06-01")
    ap.add_argument("--invalid-rate", default="0.5")
    ap.add_argument("--match", default="", help="only the forms whose file name contains this")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--record", default="", help="write, for `swift test`, the JSON Lines submissions on which "
                    "rxeval and Formsmith agree field by field with rxeval's flagged fields, into this folder")
    args = ap.parse_args()
    today_days = days(args.today)
    files = sorted(f for f in os.listdir(args.corpus)
                   if f.endswith((".md", ".xlsx", ".csv")) and f != "villages.csv")
    files = [f for f in files if args.match in f]
    if args.forms:
        files = files[:args.forms]
    counter = collections.Counter()
    differences = collections.Counter()
    shapes = collections.defaultdict(dict)  # (form, index) -> shape -> Formsmith's verdicts
    recorded = collections.defaultdict(list)  # form file -> [(JSON Lines submission, rxeval's fields)]
    attachments = {}  # form -> its image/audio/video/file questions, as Formsmith names them
    unexpected = []
    with tempfile.TemporaryDirectory() as tmp:
        for file in files:
            path = os.path.join(args.corpus, file)
            form = Form(path)
            xform = xform_for_rxeval(form.xml, counter)
            attachments[form.name] = {to_formsmith(form, node) for node, kind in form.types.items() if kind == "binary"}
            imported = run([args.formsmith, "import", "xlsform", path, "--output", os.path.join(tmp, "r.yaml")])
            if imported.returncode != 0:
                unexpected.append(f"{file}: formsmith import failed: {imported.stderr.strip()[-300:]}")
                continue
            not_checkable = set()
            for line in imported.stderr.splitlines():
                m = re.search(r"not checkable: .*?: '([^']+)'", line)
                if m:
                    not_checkable.add(m.group(1))
            counter["forms"] += 1
            counter["forms with nothing left out"] += not not_checkable
            for shape in ("jsonl", "kobo-json", "odk-csv"):
                out = os.path.join(tmp, shape, form.name + "." + {"kobo-json": "json", "odk-csv": "csv"}.get(shape, "jsonl"))
                os.makedirs(os.path.dirname(out), exist_ok=True)
                gen = [args.formsmith, "generate", "--rules", path, "--count", str(args.count), "--seed", str(args.seed),
                       "--today", args.today, "--invalid-rate", args.invalid_rate, "--output", out, "--quiet"]
                if shape != "jsonl":
                    gen += ["--shape", shape]
                g = run(gen)
                if g.returncode != 0 and form.name in GENERATE_CANNOT:
                    differences["formsmith generate cannot meet an assertion: " + GENERATE_CANNOT[form.name]] += 1
                    continue
                if g.returncode != 0:
                    unexpected.append(f"{file} ({shape}): formsmith generate failed: {g.stderr.strip()[-300:]}")
                    continue
                labels = {}
                if os.path.exists(out + ".labels.jsonl") or os.path.exists(os.path.splitext(out)[0] + ".labels.jsonl"):
                    lp = out + ".labels.jsonl" if os.path.exists(out + ".labels.jsonl") else os.path.splitext(out)[0] + ".labels.jsonl"
                    for line in open(lp):
                        lab = json.loads(line)
                        labels[lab["index"]] = lab
                    os.remove(lp)
                val = [args.formsmith, "validate", "--rules", path, "--today", args.today, "--report", "json", out]
                if shape == "kobo-json":
                    val[2:2] = ["--input-format", "kobo-json"]
                v = run(val)
                if v.returncode not in (0, 1):
                    unexpected.append(f"{file} ({shape}): formsmith validate failed ({v.returncode}): {v.stderr.strip()[-300:]}")
                    continue
                report = json.loads(v.stdout)
                if shape == "jsonl":
                    records = [json.loads(l) for l in open(out)]
                    by_index = {r["line"] - 1: r for r in report["results"]}
                elif shape == "odk-csv":
                    try:
                        records = odk_csv_to_records(out)
                    except ValueError as error:
                        unexpected.append(f"{file} ({shape}): {error}")
                        continue
                    by_index = {r["line"] - 1: r for r in report["results"]}
                else:
                    records = [kobo_to_record(s) for s in json.load(open(out))]
                    by_index = {(r.get("index", r.get("line", 1) - 1)): r for r in report["results"]}
                for index, record in enumerate(records):
                    counter[f"submissions ({shape})"] += 1
                    fs = collections.defaultdict(set)
                    for e in by_index.get(index, {}).get("errors", []):
                        fs[e["field"]].add(e["rule"])
                    shapes[(form.name, index)][shape] = {f: frozenset(r) for f, r in fs.items()}
                    instance = form.instance_xml(record, counter)
                    try:
                        rx = rxeval_verdict(form, xform, instance, today_days)
                    except Exception as error:  # rxeval refused the form or the instance
                        unexpected.append(f"{file} ({shape}) #{index}: rxeval raised {error}")
                        continue
                    before = (sum(differences.values()), len(unexpected), counter["agree: a hidden repeat's answers"])
                    compare(file, shape, index, record, labels.get(index), fs, rx, not_checkable, form,
                            counter, differences, unexpected, args.verbose)
                    after = (sum(differences.values()), len(unexpected), counter["agree: a hidden repeat's answers"])
                    if args.record and shape == "jsonl" and before == after and set(rx) == set(fs):
                        recorded[file].append((open(out).read().splitlines()[index], sorted(rx)))
    if args.record:
        write_recorded(args, recorded)
    # Formsmith's own verdicts across the shapes of one seeded submission. A planted defect a
    # text export cannot carry (a number in a text question, a key that is no column) may differ;
    # a submission valid as JSON Lines must be valid in every shape, except attachment answers,
    # which exports write as a file name and Formsmith does not read yet (README, "From XLSForm").
    same = sum(1 for v in shapes.values() if len(set(map(lambda d: frozenset(d.items()), v.values()))) == 1)
    print("Formsmith's verdicts the same in every shape:", same, "of", len(shapes), "submissions")
    for key, by_shape in sorted(shapes.items()):
        if os.environ.get("SHAPES") and len(set(map(lambda d: frozenset(d.items()), by_shape.values()))) > 1:
            print("  shapes differ:", key, {k: sorted((f, sorted(r)) for f, r in v.items()) for k, v in by_shape.items()})
        if by_shape.get("jsonl") == {} and any(by_shape.values()):
            fields = {f for v in by_shape.values() for f in v}
            if all(re.sub(r"\.size$", "", f) in attachments.get(key[0], ()) for f in fields):
                differences["shapes: attachment answers of an export not read yet"] += 1
            else:
                unexpected.append(f"{key[0]} #{key[1]}: valid as JSON Lines, not in another shape: {by_shape}")
    print("rewrites for rxeval 0.1.1:", {k: v for k, v in counter.items() if k.endswith(("as days", "as number()"))})
    print("forms:", counter["forms"], "| imported with nothing left out:", counter["forms with nothing left out"],
          "| submissions:", counter["submissions (jsonl)"], "JSON Lines,", counter["submissions (kobo-json)"], "Kobo JSON,",
          counter["submissions (odk-csv)"], "ODK Central CSV")
    print("per-field verdicts: both flag the field", counter["both invalid"],
          "| a hidden repeat both flag (the list, its answers)", counter["agree: a hidden repeat's answers"],
          "| valid by both", counter["both valid records"], "records")
    print("generated valid submissions that rxeval finds valid:", counter["valid generated, rxeval valid"],
          "of", counter["valid generated"])
    for name, count in sorted(counter.items()):
        if name.startswith("valid generated, rxeval flags: "):
            print("  rxeval flags a valid generated one:", name.split(": ", 1)[1] + ":", count)
    for name, count in sorted(differences.items()):
        print(f"expected difference {name}: {count}")
    for line in unexpected[:int(os.environ.get('SHOW', '40'))]:
        print("UNEXPECTED", line)
    if unexpected:
        print(f"{len(unexpected)} unexpected difference(s)")
        return 1
    return 0


def write_recorded(args, recorded):
    """For XLSFormRxevalRecordedCommandTests: per form, the submissions (JSON Lines) on which the
    two agreed when recorded, and rxeval's flagged fields of each (its truth, not Formsmith's)."""
    os.makedirs(args.record, exist_ok=True)
    for file, rows in sorted(recorded.items()):
        name = os.path.splitext(file)[0]
        with open(os.path.join(args.record, name + ".jsonl"), "w") as f:
            f.writelines(line + "\n" for line, _ in rows)
        with open(os.path.join(args.record, name + ".rxeval.json"), "w") as f:
            json.dump({"form": file, "seed": args.seed, "today": args.today, "rxeval 0.1.1 flags": [fields for _, fields in rows]},
                      f, indent=1)
            f.write("\n")


SERVER_COLUMNS = {"SubmissionDate", "KEY", "PARENT_KEY", "SubmitterID", "SubmitterName", "AttachmentsPresent",
                  "AttachmentsExpected", "Status", "ReviewState", "DeviceID", "Edits", "FormVersion"}
GEO_PARTS = ("-Latitude", "-Longitude", "-Altitude", "-Accuracy")


def odk_row_to_record(row):
    """One row of an ODK Central CSV file: `group-field` columns, a geopoint as four columns."""
    record, geo = {}, collections.defaultdict(dict)
    for column, value in row.items():
        if column in SERVER_COLUMNS:
            continue
        part = next((g for g in GEO_PARTS if column.endswith(g)), None)
        if part:
            geo[column[:-len(part)]][part] = value
            continue
        put(record, column.split("-"), value if value != "" else None)
    for column, parts in geo.items():
        values = [parts.get(g, "") for g in GEO_PARTS]
        put(record, column.split("-"), " ".join(v for v in values if v) or None)
    return record


def odk_csv_to_records(main):
    """The submissions of an ODK Central CSV export: the main file and, beside it, a file per
    repeat (`FORM-REPEAT.csv`) whose rows join their parent by PARENT_KEY; the KEY of a row
    (`uuid:1/group/repeat[2]`) says where in its parent the item goes."""
    by_key, records = {}, []
    with open(main, newline="") as f:
        for row in csv.DictReader(f):
            record = odk_row_to_record(row)
            by_key[row["KEY"]] = record
            records.append(record)
    stem = os.path.splitext(main)[0]
    rows = []
    for path in sorted(glob.glob(glob.escape(stem) + "-*.csv")):
        with open(path, newline="") as f:
            rows += list(csv.DictReader(f))
    rows.sort(key=lambda r: r["KEY"].count("["))  # parents before their items
    for row in rows:
        parent = by_key.get(row["PARENT_KEY"])
        if parent is None:  # a generated export always joins: say so rather than drop the row
            raise ValueError(f"{main}: repeat row {row['KEY']} has PARENT_KEY {row['PARENT_KEY']}, in no submission")
        relative = row["KEY"][len(row["PARENT_KEY"]) + 1:]
        steps = [re.sub(r"\[\d+\]$", "", step) for step in relative.split("/")]
        holder = parent
        for step in steps[:-1]:
            holder = holder.setdefault(step, {})
        item = odk_row_to_record(row)
        holder.setdefault(steps[-1], []).append(item)
        by_key[row["KEY"]] = item
    return records


def kobo_to_record(submission):
    record = {}
    for key, value in submission.items():
        if key.startswith("_") or key in ("formhub/uuid", "__version__"):
            continue
        put(record, key.split("/"), value)
    return record


def put(record, parts, value, depth=0):
    """Kobo keys are full paths, inside a repeat's items too: `plot/harvest/kg`."""
    relative = parts[depth:]
    for part in relative[:-1]:
        record = record.setdefault(part, {})
    if isinstance(value, list) and value and isinstance(value[0], dict):
        items = []
        for item in value:
            converted = {}
            for k, v in item.items():
                put(converted, k.split("/"), v, len(parts))
            items.append(converted)
        value = items
    record[relative[-1]] = value


def compare(file, shape, index, record, label, fs, rx, not_checkable, form, counter, all_differences, unexpected, verbose):
    rx = {k: v for k, v in rx.items()}
    differences = collections.Counter()
    try:
        compare_fields(file, shape, index, record, label, fs, rx, not_checkable, form, counter, differences, unexpected)
    finally:
        all_differences.update(differences)
        if label is None and rx:
            for name in differences:
                counter["valid generated, rxeval flags: " + name] += 1


def compare_fields(file, shape, index, record, label, fs, rx, not_checkable, form, counter, differences, unexpected):
    if "(not evaluated)" in rx:
        failed = rx.pop("(not evaluated)")
        if all(re.sub(r"\[\d+\]", "", f.split(": ")[0]).split(".")[-1] in not_checkable for f in failed):
            differences["rxeval-not-evaluated: a calculation the import lists as not checkable"] += 1
        elif all("position" in f for f in failed):
            # position(..) (the repeat item's place): rxeval 0.1.1 takes position() with no
            # argument only; JavaRosa evaluates it. Formsmith translates it (XLSFormPositionCommandTests).
            differences["rxeval-not-evaluated: position(..), which rxeval 0.1.1 refuses"] += 1
        elif fs:  # e.g. jr:choice-name() of a value that is no choice: Formsmith rejects the value
            differences["rxeval-not-evaluated: on a submission Formsmith rejects"] += 1
        else:
            unexpected.append(f"{file} ({shape}) #{index}: rxeval did not evaluate: {failed}")
    if label is None:
        counter["valid generated"] += 1
        if not rx:
            counter["valid generated, rxeval valid"] += 1
        else:
            counter["valid generated, rxeval flags"] += 1
    if not fs and not rx:
        counter["both valid records"] += 1
    # A hidden repeat answered: Formsmith names the list (`field`), rxeval each answer in it
    # (`field[0].area`): the same verdict, counted as agreement.
    inside = lambda child, parent: child.startswith(parent + ".") or child.startswith(parent + "[")
    fs_hidden = [f for f, rules in fs.items() if "visibility" in rules]
    rx_hidden = [f for f, kinds in rx.items() if "visibility" in kinds]
    for field in list(rx):
        if rx[field] == {"visibility"} and field not in fs and any(inside(field, f) for f in fs_hidden):
            del rx[field]
            counter["agree: a hidden repeat's answers"] += 1
    for field in list(fs):
        if fs[field] == {"visibility"} and field not in rx and any(inside(r, field) for r in rx_hidden):
            del fs[field]
            counter["agree: a hidden repeat's answers"] += 1
    for field in sorted(set(fs) | set(rx)):
        f_rules, r_kinds = fs.get(field, set()), rx.get(field, set())
        base = re.sub(r"\[\d+\]", "", field).split(".")[-1]
        if f_rules and r_kinds:
            counter["both invalid"] += 1
            counter["agree"] += 1
            continue
        if f_rules:
            named = [FORMSMITH_ONLY[r] for r in f_rules if r in FORMSMITH_ONLY]
            if "range" in file and f_rules <= RANGE_RULES:
                named = ["range-bounds-not-a-bind"]
            if named:
                differences["formsmith-only: " + named[0]] += 1
                continue
        if base in not_checkable:
            differences["not-checkable: listed by the import"] += 1
            continue
        side = "formsmith" if f_rules else "rxeval"
        xpath = "/" + form.root_name + "/" + re.sub(r"\[\d+\]", "", field).replace(".", "/")
        if side == "formsmith" and xpath in form.counted and f_rules <= {"min-items", "max-items", "repeat-count"}:
            differences["formsmith-only: repeat-count-not-a-bind"] += 1
            continue
        if side == "formsmith" and f_rules == {"visibility"} and xpath in form.readonly:
            differences["formsmith-only: a read-only note answered"] += 1
            continue
        if side == "formsmith" and form.types.get(xpath) in ("geopoint", "time", "dateTime") and f_rules <= {"regex", "min", "max"}:
            differences["formsmith-only: datatype-not-a-bind"] += 1
            continue
        if (side == "formsmith" and re.sub(r"\[\d+\]", "", field) in ("meta.instanceID", "meta.deprecatedID")
                and f_rules <= {"regex", "type"}):
            differences["formsmith-only: meta-id-not-a-bind"] += 1
            continue
        if side == "rxeval":
            rejected = {"/" + form.root_name + "/" + re.sub(r"\[\d+\]", "", f).replace(".", "/") for f in fs}
            if form.reads(xpath) & rejected:
                differences["operand-rejected (spec: rxeval; Formsmith reports the operand)"] += 1
                continue
        if (form.name, base, side) in EXPECTED:
            differences[EXPECTED[(form.name, base, side)]] += 1
            continue
        unexpected.append(f"{file} ({shape}) #{index} {field}: only {side} flags it "
                          f"({sorted(f_rules or r_kinds)}); value {json.dumps(lookup(record, field))}"
                          + (f"; label {label.get('rule')}" if label else ""))
    counter["agree"] += 0


def lookup(record, field):
    value = record
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", field):
        if part.startswith("["):
            value = value[int(part[1:-1])] if isinstance(value, list) and int(part[1:-1]) < len(value) else None
        else:
            value = value.get(part) if isinstance(value, dict) else None
    return value


if __name__ == "__main__":
    sys.exit(main())
