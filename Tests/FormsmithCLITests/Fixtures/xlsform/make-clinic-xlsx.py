"""Writes clinic.xlsx, the .xlsx fixture of XLSFormImportCommandTests (run once with openpyxl from
PyPI; the tests read the committed .xlsx and need no Python)."""
import openpyxl

book = openpyxl.Workbook()
survey = book.active
survey.title = "survey"
for row in [
    ["type", "name", "label::English (en)", "required", "relevant", "constraint", "constraint_message::English (en)"],
    ["text", "patient_id", "Patient id", "yes", None, "regex(., '^P[0-9]{4}$')", "an id such as P0042"],
    ["integer", "age", "Age", "yes", None, ". >= 0 and . <= 120", "must be 0 to 120"],
    ["select_one sex", "sex", "Sex", "yes", None, None, None],
    ["begin group", "pregnancy", "Pregnancy", None, "${sex} = 'f' and ${age} >= 12", None, None],
    ["select_one yn", "pregnant", "Pregnant?", "yes", None, None, None],
    ["integer", "weeks", "Weeks", "yes", "${pregnant} = 'yes'", ". <= 42", "at most 42 weeks"],
    ["end group", None, None, None, None, None, None],
    ["begin group", "household", "Household", None, None, None, None],
    ["begin repeat", "members", "Members", None, None, None, None],
    ["text", "member_name", "Name", "yes", None, None, None],
    ["integer", "member_age", "Age", None, None, ". < 130", None],
    ["begin repeat", "vaccines", "Vaccines", None, None, None, None],
    ["date", "vaccine_date", "Date", "yes", None, ". <= today()", "not in the future"],
    ["end repeat", None, None, None, None, None, None],
    ["end repeat", None, None, None, None, None, None],
    ["end group", None, None, None, None, None, None],
    ["integer", "member_count", "Members", None, None, "count(${members}) = .", "must equal the number of members"],
]:
    survey.append(row)
choices = book.create_sheet("choices")
for row in [["list_name", "name", "label::English (en)"], ["sex", "f", "Female"], ["sex", "m", "Male"],
            ["yn", "yes", "Yes"], ["yn", "no", "No"]]:
    choices.append(row)
settings = book.create_sheet("settings")
settings.append(["form_id", "form_title"])
settings.append(["clinic", "Clinic visit"])
book.save("clinic.xlsx")
