"""Writes visits.xlsx as Excel and LibreOffice write workbooks (which openpyxl does not): text in
xl/sharedStrings.xml, one string in rich-text runs with a phonetic run, a number cell, a skipped
column, sheets listed through absolute relationship targets. Run once; the tests read the
committed file."""
import zipfile

strings = ["type", "name", "label", "required", "constraint", "repeat_count", "integer", "n", "How many",
           "yes", ". <= 3", "begin repeat", "v", "end repeat", "text", "visit_note", "form_id", "visits"]
def si(text):
    return f"<si><t>{text}</t></si>"
shared = "".join(si(s.replace("<", "&lt;")) for s in strings)
# index 18: "Visit " + "note" as two runs, with a phonetic run that is not part of the text
shared += '<si><r><t xml:space="preserve">Visit </t></r><r><rPr><b/></rPr><t>note</t></r><rPh sb="0" eb="1"><t>X</t></rPh></si>'

def cell(ref, index):
    return f'<c r="{ref}" t="s"><v>{index}</v></c>'

survey_rows = [
    [("A", 0), ("B", 1), ("C", 2), ("D", 3), ("E", 4), ("F", 5)],
    [("A", 6), ("B", 7), ("C", 8), ("D", 9), ("E", 10)],
    [("A", 11), ("B", 12), ("F", None)],          # repeat_count 2 as a number cell
    [("A", 14), ("B", 15), ("C", 18), ("D", 9)],  # column E, F skipped
    [("A", 13)],
]
rows = []
for number, cells in enumerate(survey_rows, start=1):
    xml = "".join(f'<c r="{col}{number}"><v>2</v></c>' if index is None else cell(f"{col}{number}", index)
                  for col, index in cells)
    rows.append(f'<row r="{number}">{xml}</row>')
ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
survey = f'<?xml version="1.0" encoding="UTF-8"?><worksheet {ns}><sheetData>{"".join(rows)}</sheetData></worksheet>'
settings = (f'<?xml version="1.0" encoding="UTF-8"?><worksheet {ns}><sheetData>'
            f'<row r="1">{cell("A1", 16)}</row><row r="2">{cell("A2", 17)}</row></sheetData></worksheet>')
workbook = (f'<?xml version="1.0" encoding="UTF-8"?><workbook {ns}><sheets>'
            '<sheet name="settings" sheetId="2" r:id="rId2"/><sheet name="survey" sheetId="1" r:id="rId1"/>'
            '</sheets></workbook>')
rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>'
        '</Relationships>')
types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
         '<Default Extension="xml" ContentType="application/xml"/></Types>')
with zipfile.ZipFile("visits.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("[Content_Types].xml", types)
    z.writestr("xl/workbook.xml", workbook)
    z.writestr("xl/_rels/workbook.xml.rels", rels)
    z.writestr("xl/sharedStrings.xml", f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{shared}</sst>')
    z.writestr("xl/worksheets/sheet1.xml", survey)
    z.writestr("xl/worksheets/sheet2.xml", settings)
