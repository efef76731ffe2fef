import Foundation
import FormsmithCore
import FormsmithReference

// formsmith-diff-campaign: a seeded differential campaign. The engine against the reference
// validator on random forms × questionnaires, through ``DifferentialHarness`` (the check of the
// fuzz target FuzzDifferential and of the tests), without libFuzzer: a release build, no
// coverage instrumentation, no corpus bookkeeping. See docs/contributing.md, "A seeded
// differential campaign".

let usage = """
    usage: formsmith-diff-campaign [--inputs N] [--seed S] [--first-form F] [--per-form K]
                                   [--jobs J] [--out DIR] [--only INDEX] [--progress SECONDS]
                                   [--batch-odds B] [--print-form F]
      --inputs N       inputs to check (default 100000)
      --seed S         the campaign's seed: it draws every input's bytes (default 1)
      --first-form F   the seed of the first random form (default 1); input i checks form
                       F + i / K, so N inputs cover the forms F ..< F + ceil(N / K)
      --per-form K     inputs per form (default 500)
      --jobs J         worker threads, each taking whole forms (default 1)
      --out DIR        where disagreements are saved (default diff-campaign-findings)
      --only INDEX     check the one input INDEX (0-based) of the campaign and print it
      --progress S     a progress line every S seconds on standard error (default 30; 0: none)
      --batch-odds B   one generated questionnaire in B is also checked in batch (default 64)
      --print-form F   print the rule file of random form F and stop (to run formsmith on it)
    An input is one questionnaire checked by the engine's library reading and by the reference;
    one generated questionnaire in B (without a line break) also in batch: a JSON Lines file and
    a JSON array file, with 1 and with 2 jobs (the fuzz target and the tests take 1 in 16).
    Exit status: 0 no disagreement, 1 disagreements (saved under --out), 2 bad arguments.
    """

struct Options {
    var inputs = 100_000
    var seed: UInt64 = 1
    var firstForm: UInt64 = 1
    var perForm = 500
    var jobs = 1
    var out = "diff-campaign-findings"
    var only: Int?
    var progress = 30.0
    var batchOdds: UInt64 = 64
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("formsmith-diff-campaign: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ name: String) -> String {
        guard let next = rest.popFirst() else { fail("\(name) needs a value") }
        return next
    }
    func number<T: FixedWidthInteger>(_ name: String, _ text: String, at minimum: T) -> T {
        guard let parsed = T(text.replacingOccurrences(of: "_", with: "")), parsed >= minimum else {
            fail("\(name) must be a whole number of at least \(minimum), not '\(text)'")
        }
        return parsed
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--inputs": options.inputs = number(argument, value(argument), at: 1)
        case "--seed": options.seed = number(argument, value(argument), at: 0)
        case "--first-form": options.firstForm = number(argument, value(argument), at: 0)
        case "--per-form": options.perForm = number(argument, value(argument), at: 1)
        case "--jobs": options.jobs = number(argument, value(argument), at: 1)
        case "--out": options.out = value(argument)
        case "--batch-odds": options.batchOdds = number(argument, value(argument), at: 1)
        case "--only": options.only = number(argument, value(argument), at: 0)
        case "--print-form":
            print(RandomForm(seed: number(argument, value(argument), at: 0)).yaml, terminator: "")
            exit(0)
        case "--progress":
            let text = value(argument)
            guard let seconds = Double(text), seconds >= 0 else { fail("--progress must be a number of seconds, not '\(text)'") }
            options.progress = seconds
        case "-h", "--help": print(usage); exit(0)
        default: fail("unknown argument '\(argument)'")
        }
    }
    return options
}

/// Input `index` of the campaign: its form seed, its mode and its bytes, drawn from the
/// campaign seed and the index alone (so any input can be checked again with `--only`).
/// Nine in ten are generated (a generated questionnaire and one to four mutations: the bytes'
/// first four pick them); one in ten is raw text: one of the form's generated questionnaires
/// (or `{}`) with one to three bytes deleted, inserted or replaced.
func input(_ index: Int, _ options: Options, _ harness: DifferentialHarness) -> (form: UInt64, generated: Bool, bytes: [UInt8]) {
    let form = options.firstForm &+ UInt64(index / options.perForm)
    var random = ReferenceRandom(seed: options.seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(index))
    if random.below(10) > 0 {
        return (form, true, (0..<random.between(1, 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }
    let pool = harness.forms.form(seed: form, today: harness.today)?.pool ?? []
    var bytes = Array((pool.isEmpty ? "{}" : random.pick(pool).text).utf8)
    let tokens = Array("{}[]\",:0123456789.-+eE \\tnulrsfa\u{7F}".utf8) + [0xC3, 0xA9, 0xFF, 0x00, 0x0A]
    for _ in 0..<random.between(1, 3) {
        let place = random.below(bytes.count + 1)
        switch random.below(3) {
        case 0 where place < bytes.count: bytes.remove(at: place)
        case 1 where place < bytes.count: bytes[place] = random.pick(tokens)
        default: bytes.insert(random.pick(tokens), at: place)
        }
    }
    return (form, false, bytes)
}

/// What the workers counted, shared under a lock.
final class Tally: @unchecked Sendable {
    let lock = NSLock()
    var checked = 0
    var batchChecked = 0
    var skipped = 0
    var formsLoaded = 0
    var formsWithoutPool = 0
    var disagreements = 0
    var saved: [String] = []

    func add(_ body: (Tally) -> Void) {
        lock.lock()
        body(self)
        lock.unlock()
    }
}

func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Saves a disagreement as three files (the form, the questionnaire, the report with both
/// verdicts and the command that checks the input again); returns the report's path.
func save(_ found: DifferentialDisagreement, index: Int, _ options: Options) -> String {
    let base = options.out + "/form-\(found.formSeed)-input-\(index)"
    try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    try? found.form.write(toFile: base + ".yaml", atomically: true, encoding: .utf8)
    try? found.questionnaire.write(toFile: base + ".json", atomically: true, encoding: .utf8)
    let again = "formsmith-diff-campaign --seed \(options.seed) --first-form \(options.firstForm) "
        + "--per-form \(options.perForm) --batch-odds \(options.batchOdds) --only \(index)"
    let report = "\(found)\n--- check again\n\(again)\nformsmith validate --rules \(base).yaml \(base).json\n"
    try? report.write(toFile: base + ".txt", atomically: true, encoding: .utf8)
    return base + ".txt"
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
let today = CivilDate(year: 2026, month: 11, day: 22)!
let folder = NSTemporaryDirectory() + "/formsmith-diff-campaign-\(getpid())"
defer { try? FileManager.default.removeItem(atPath: folder) }

if let index = options.only {
    let harness = DifferentialHarness(today: today, folder: folder + "/only", batchOdds: options.batchOdds)
    let (form, generated, bytes) = input(index, options, harness)
    let found = bytes.withUnsafeBufferPointer { harness.check(formSeed: form, generated: generated, bytes: $0) }
    print("input \(index): form \(form), \(generated ? "generated" : "raw"), bytes \(bytes.map { String($0) }.joined(separator: " "))")
    if let found {
        print(found)
        exit(1)
    }
    print("agree (\(harness.batchChecked == 1 ? "library and the four batch readings" : "library reading"))")
    exit(0)
}

let tally = Tally()
let started = Date()
let formCount = (options.inputs + options.perForm - 1) / options.perForm
let done = DispatchGroup()
for worker in 0..<options.jobs {
    done.enter()
    Thread.detachNewThread {
        defer { done.leave() }
        let harness = DifferentialHarness(today: today, folder: folder + "/\(worker)", batchOdds: options.batchOdds)
        var formIndex = worker
        while formIndex < formCount {
            let before = (checked: harness.checked, batch: harness.batchChecked, skipped: harness.skipped)
            var found: [(Int, DifferentialDisagreement)] = []
            for index in formIndex * options.perForm..<min(options.inputs, (formIndex + 1) * options.perForm) {
                let (form, generated, bytes) = input(index, options, harness)
                if let disagreement = bytes.withUnsafeBufferPointer({ harness.check(formSeed: form, generated: generated, bytes: $0) }) {
                    found.append((index, disagreement))
                }
            }
            let pool = harness.forms.form(seed: options.firstForm &+ UInt64(formIndex), today: today)?.pool
            tally.add { tally in
                tally.checked += harness.checked - before.checked
                tally.batchChecked += harness.batchChecked - before.batch
                tally.skipped += harness.skipped - before.skipped
                tally.formsLoaded += 1
                if pool?.isEmpty ?? false { tally.formsWithoutPool += 1 }
                tally.disagreements += found.count
                // The first 200 are saved; the rest counted (one bug tends to show many times).
                for (index, disagreement) in found where tally.saved.count < 200 {
                    tally.saved.append(save(disagreement, index: index, options))
                }
            }
            formIndex += options.jobs
        }
    }
}
func line(_ tally: Tally) -> String {
    let seconds = Date().timeIntervalSince(started)
    let cpu = cpuSeconds()
    return "\(tally.checked) inputs checked (\(tally.batchChecked) also in the 4 batch readings, \(tally.skipped) skipped: "
        + "known engine bugs), \(tally.formsLoaded) of \(formCount) forms done (\(tally.formsWithoutPool) with no generated "
        + "questionnaire), \(Int(seconds)) s, CPU \(Int(cpu)) s, \(Int(Double(tally.checked) / max(seconds, 0.001)))/s, "
        + "\(Int(Double(tally.checked) / max(cpu, 0.001)))/CPU-s, \(tally.disagreements) disagreements"
}

while done.wait(timeout: .now() + (options.progress > 0 ? options.progress : 3600)) == .timedOut {
    if options.progress > 0 { tally.add { FileHandle.standardError.write(Data("diff-campaign: \(line($0))\n".utf8)) } }
}
tally.add { tally in
    print("diff-campaign: seed \(options.seed), forms \(options.firstForm) ..< \(options.firstForm + UInt64(formCount)), "
          + "\(options.perForm) inputs per form, 1 in \(options.batchOdds) also in batch, \(options.jobs) jobs")
    print("diff-campaign: \(line(tally))")
    for path in tally.saved { print("diff-campaign: disagreement saved: \(path)") }
}
exit(tally.disagreements == 0 ? 0 : 1)
