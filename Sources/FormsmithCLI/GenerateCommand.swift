import ArgumentParser
import FormsmithCore

extension GenerationFormat: ExpressibleByArgument {}
extension CoverStrength: ExpressibleByArgument {}

/// `formsmith generate`: valid filled questionnaires (and labelled invalid ones) from rules.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate filled questionnaires that pass the rules (and labelled invalid ones) as test fixtures.",
        discussion: """
            The output is deterministic: the same rules, --seed, --today and options give the same \
            bytes on any number of cores. Without --seed a random seed is used and printed on \
            standard error. Every questionnaire is checked with the validator before it is written; \
            questionnaires rebuilt and values redrawn on the way (patterns with lookarounds, form \
            assertions) are counted per field and rule and reported on standard error. \
            With --invalid-rate, that share of questionnaires carries exactly one deliberate defect, \
            listed (index, line, id, field, rule) in a JSON Lines sidecar (--labels).

            Exit status: 0 written, 2 a problem with the rules, the fixture or the command line \
            (including rules no value can satisfy; the message names the field and rule) or an output \
            that could not be written, 130 / 143 interrupted by SIGINT / SIGTERM. Files are written \
            under a temporary name and appear under their own only when complete.
            """
    )

    @Option(name: .long, help: "The rule file (YAML or JSON).")
    var rules: String?

    @Option(name: .long, help: "Without --rules: the project's form to generate (see 'formsmith forms').")
    var form: String?

    @Option(name: .long, help: "The project file (default: formsmith.yaml or .formsmith.yml here or above).")
    var project: String?

    @Option(name: .long, help: "How many questionnaires to write (not with --cover, which writes as many as it needs).")
    var count: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Write a covering set instead: the fewest valid questionnaires found that hold every value (each), pair "
        + "(pairs) or triple (triples) of values of the factors read from the rules.", valueName: "strength"))
    var cover: CoverStrength?

    @Option(name: .customLong("coverage-report"), help: "With --cover: write the coverage report (JSON) to this file.")
    var coverageReport: String?

    @Option(name: .long, help: ArgumentHelp(
        "With --cover: greedy searches to run, each from its own seed, keeping the smallest set (default 3, 1 for "
        + "triples); more may find a smaller set, each costs about one more search's time.", valueName: "n"))
    var searches: Int?

    @Flag(name: .long, help: "With --cover: add one invalid questionnaire per (field, rule) defect the generator can plant, each with that one labelled defect (labels as with --invalid-rate).")
    var invalid = false

    @Option(name: .long, help: "The random seed (an unsigned 64-bit number; default: random, printed).")
    var seed: UInt64?

    @OptionGroup var dates: DateOptions

    @Option(name: .long, help: "Output format (default: from --output's extension, else jsonl).")
    var format: GenerationFormat?

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Number of parallel workers (default: the number of cores); the output is the same for any N.")
    var jobs: Int?

    @Option(name: .customLong("optional-rate"), help: "Probability that an optional field is filled (0...1).")
    var optionalRate: Double = 0.7

    @Flag(name: .long, help: "Also push values to the edges of their ranges (lengths, dates, numbers, list sizes).")
    var boundaries = false

    @Option(name: .customLong("invalid-rate"), help: "Share of questionnaires made invalid with one labelled defect (0...1).")
    var invalidRate: Double = 0

    @Option(name: .long, help: "The labels sidecar (JSON Lines; default: OUTPUT.labels.jsonl).")
    var labels: String?

    @Option(name: .long, help: "A partial questionnaire (JSON) whose values every questionnaire keeps.")
    var fixture: String?

    @Flag(name: .customLong("use-defaults"), help: "Start fields that have a 'default:' with it (when visible), as a new questionnaire in the app does; --fixture values win.")
    var useDefaults = false

    @Option(name: .customLong("seed-data"), help: "Initial data (YAML): per-field value pools that replace or extend the rules' seed lists, and/or a JSON Lines file of partial questionnaires to cycle through.")
    var seedData: String?

    @Flag(name: [.short, .long], help: "Write no notes on standard error (the chosen seed, what was written); errors still are.")
    var quiet = false

    @Flag(inversion: .prefixedNo,
          help: "With --cover: show the progress line on standard error (default: only when it is a terminal and not --quiet).")
    var progress: Bool?

    @Option(name: .long, help: ArgumentHelp(
        "Start at questionnaire N (0-based): write questionnaires N..<N+count exactly as one run from 0 would "
        + "(JSON Lines; shards of one run concatenate byte for byte, labels too).", valueName: "n"))
    var start: Int = 0

    @Option(name: .long, help: ArgumentHelp(
        "Write the questionnaires as a server exports submissions: kobo-json (a KoboToolbox JSON export, as "
        + "validate --input-format kobo-json reads it), odk-csv (ODK Central's CSV export: --output FORMID.csv "
        + "and a FORMID-REPEAT.csv beside it per repeat) or xform-xml (each submission an XForm instance document, "
        + "as ODK Central accepts it: --output FOLDER gets submission-N.xml, one per submission).",
        valueName: "kobo-json|odk-csv|xform-xml"))
    var shape: String?

    func validate() throws {
        if rules != nil, form != nil { throw ValidationError("give --rules or --form, not both") }
        if let shape {
            guard ["kobo-json", "odk-csv", "xform-xml"].contains(shape) else {
                throw ValidationError("--shape must be kobo-json, odk-csv or xform-xml")
            }
            if cover != nil { throw ValidationError("--shape goes with --count, not --cover") }
            if let format, format != .jsonl { throw ValidationError("--shape \(shape) writes a format of its own; leave out --format") }
            if start > 0 { throw ValidationError("--shape \(shape) writes files that another run cannot continue; leave out --start") }
            if shape == "odk-csv", output?.lowercased().hasSuffix(".csv") != true {
                throw ValidationError("--shape odk-csv writes several files: give --output FORMID.csv (the repeat files go beside it)")
            }
            if shape == Self.xformXML {
                guard output != nil else {
                    throw ValidationError("--shape xform-xml writes one file per submission: give --output FOLDER")
                }
                if let count, count > Self.maximumXFormFiles {
                    throw ValidationError("--shape xform-xml writes one file per submission, at most "
                                          + "\(Self.maximumXFormFiles) in one run: lower --count (or run again with another --seed)")
                }
            }
        }
        if cover == nil, count == nil { throw ValidationError("give --count N (or --cover each|pairs|triples)") }
        if cover != nil { try validateCover() }
        if cover == nil, progress != nil {
            throw ValidationError("--progress and --no-progress are for --cover (a covering run can take minutes); leave them out")
        }
        if searches != nil, cover == nil { throw ValidationError("--searches goes with --cover") }
        if invalid, cover == nil { throw ValidationError("--invalid goes with --cover (for a share of invalid questionnaires use --invalid-rate)") }
        let count = self.count ?? 0
        if count < 0 { throw ValidationError("--count must be 0 or more") }
        if start < 0 { throw ValidationError("--start must be 0 or more") }
        if start > 0, (format ?? formatFromExtension) != .jsonl {
            throw ValidationError("--start needs JSON Lines output (a JSON array or a CSV file cannot be continued "
                                  + "by another file): use --format jsonl or an output named .jsonl")
        }
        if let jobs, !(1...ValidationOptions.maximumJobs).contains(jobs) {
            throw ValidationError("--jobs must be between 1 and \(ValidationOptions.maximumJobs)")
        }
        if count > BatchGenerator.maximumIndex - max(start, 0) {
            throw ValidationError("--start plus --count must be at most \(BatchGenerator.maximumIndex) (2^53, so that "
                                  + "every line number stays exact in any JSON reader)")
        }
        if !(0...1).contains(optionalRate) { throw ValidationError("--optional-rate must be between 0 and 1") }
        if !(0...1).contains(invalidRate) { throw ValidationError("--invalid-rate must be between 0 and 1") }
        if invalidRate > 0, output == nil, labels == nil {
            throw ValidationError("--invalid-rate writes a labels sidecar: give --labels FILE when writing to standard output")
        }
    }

    func run() throws {
        let compiled = try loadRules(rules, form: form, project: project, dates: dates, command: "generate",
                                     consequence: "nothing generated")
        let chosenSeed = seed ?? UInt64.random(in: 0...UInt64.max)
        if seed == nil, !quiet { writeError("formsmith: seed \(chosenSeed) (pass --seed \(chosenSeed) to repeat this output)") }
        if let cover { return try runCover(compiled, strength: cover, seed: chosenSeed) }
        let count = self.count ?? 0
        let generated: GenerationSummary
        let labelsPath = labels ?? output.map { $0 + ".labels.jsonl" }
        do {
            let initialData = try seedData.map { path throws(GenerationError) in try SeedData(path: path) }
            var options = GenerationOptions(
                count: count, seed: chosenSeed, format: format ?? formatFromExtension, optionalRate: optionalRate,
                boundaries: boundaries, invalidRate: invalidRate, jobs: jobs,
                fixture: try fixture.map { path throws(GenerationError) in try GenerationFixture(path: path) },
                useDefaults: useDefaults,
                seedData: initialData)
            options.start = start
            let generator = try BatchGenerator(rules: compiled, options: options)
            for notice in generator.notices { writeError(notice) }
            var files = runFiles(compiled, initialData: initialData)
            if invalidRate > 0, let labelsPath { files.writes(labelsPath, as: "--labels") }
            let odk = shape == "odk-csv" ? ODKCentralCSVWriter(rules: compiled.ruleSet, submissionDay: dates.referenceDate) : nil
            let odkFiles = odk.map { odk in odk.tables.dropFirst().map { String(output!.dropLast(4)) + $0.suffix + ".csv" } } ?? []
            for file in odkFiles { files.writes(file, as: "the repeat file of --shape odk-csv") }
            let xformFiles = shape == Self.xformXML ? Self.xformFiles(in: output!, count: count) : []
            for file in xformFiles { files.writes(file, as: "a submission of --shape xform-xml") }
            if shape == Self.xformXML { try Self.refuseStaleSubmissions(in: output!, files: xformFiles) }
            let permit = try OutputGuard.permit(files)
            for side in generator.uncoveredPredicateSides { writeError("formsmith: warning: " + side) }
            for list in generator.listsLeftEmpty { writeError("formsmith: warning: " + list) }
            let sidecar = try invalidRate > 0 ? openOutput(labelsPath, permit) : nil
            if shape == Self.xformXML {
                generated = try writeXFormInstances(generator, rules: compiled.ruleSet, files: xformFiles, permit: permit,
                                                     sidecar: sidecar)
                sidecar?.close()
                try OutputGuard.commit()
                return finish(generated, labelsPath: labelsPath)
            }
            let destination = try openOutput(output, permit)
            if var odk {
                // The generator writes JSON Lines; each questionnaire becomes a row of the main file
                // and its repeat items rows of the repeat files.
                let writers = [destination] + (try odkFiles.map { try openOutput($0, permit) })
                for (writer, header) in zip(writers, odk.headers) { writer.write(bytes: header) }
                generated = try generator.run(write: { bytes in
                    for (writer, rows) in zip(writers, odk.append(bytes)) where !rows.isEmpty { writer.write(bytes: rows) }
                }, label: { sidecar?.write(bytes: Self.line(for: $0)) })
                for writer in writers.dropFirst() { writer.close() }
                if odk.skippedLines > 0 {
                    writeError("formsmith: --shape odk-csv: \(odk.skippedLines) generated lines were not JSON objects and "
                               + "are not in the export (a bug in Formsmith: please report it)")
                    throw FormsmithExit(status: ExitStatus.usage)
                }
            } else if shape != nil {
                // The generator writes JSON Lines; each questionnaire is rewritten as a Kobo submission.
                var kobo = KoboExportWriter(rules: compiled.ruleSet)
                generated = try generator.run(write: { destination.write(bytes: kobo.append($0)) },
                                              label: { sidecar?.write(bytes: Self.line(for: $0)) })
                destination.write(bytes: kobo.finish())
            } else {
                generated = try generator.run(write: { destination.write(bytes: $0) },
                                              label: { sidecar?.write(bytes: Self.line(for: $0)) })
            }
            destination.close()
            sidecar?.close()
        } catch let error as GenerationError {
            writeError("formsmith: cannot generate: \(error.description)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        try OutputGuard.commit()
        finish(generated, labelsPath: labelsPath)
    }

    /// What a generate run says at its end: what was discarded, what cannot be planted, what was written.
    private func finish(_ generated: GenerationSummary, labelsPath: String?) {
        Self.reportDiscards(generated.discards)
        Self.reportUnplantable(generated.unplantableDefects)
        if let output, !quiet {
            let labelNote = invalidRate > 0 ? ", \(generated.invalid) invalid (labels in \(labelsPath ?? ""))" : ""
            let unplantable = generated.unplantableDefects.count
            let unplantableNote = unplantable == 0 ? ""
                : "; \(unplantable) defect\(unplantable == 1 ? "" : "s") not plantable alone (listed above)"
            writeError("formsmith: wrote \(generated.count) questionnaire\(generated.count == 1 ? "" : "s") to \(output)\(labelNote); "
                       + generated.discards.total + unplantableNote)
        }
    }

    /// The files every generate run reads (the rule file, `--fixture`, `--seed-data` and the files
    /// it names) and writes (`--output`), for the output-collision check; each mode adds its own
    /// outputs (`--labels`, `--coverage-report`).
    func runFiles(_ compiled: CompiledRuleSet, initialData: SeedData?) -> RunFiles {
        var files = RunFiles()
        files.reads(compiled)
        if let fixture { files.reads(fixture, as: "--fixture") }
        if let seedData { files.reads(seedData, as: "--seed-data") }
        for file in initialData?.files ?? [] { files.reads(file, as: "a file --seed-data names") }
        // --shape xform-xml's --output is a folder: its files are added one by one.
        if let output, shape != Self.xformXML { files.writes(output, as: "--output") }
        return files
    }

    /// Says on standard error (also with `--quiet`: the output's values are skewed towards those
    /// that pass at the first try) what was thrown away on the way, per field and rule.
    static func reportDiscards(_ discards: GenerationDiscards) {
        if !discards.plainFallbacks.isEmpty {
            writeError("formsmith: warning: some fields' own checks refused a realistic value (a real region code, "
                       + "bank prefix, manufacturer, words); those values were drawn plainly:")
            for line in discards.plainFallbackLines { writeError("  " + DisplayText.escaped(line)) }
        }
        if !discards.settled.isEmpty {
            writeError("formsmith: the solver settled values that assertions read (the value drawn first left an "
                       + "assertion unsatisfiable, so the solver chose one of the field's values that keeps it; "
                       + "nothing was thrown away):")
            for line in discards.settledLines { writeError("  " + line) }
        }
        if !discards.settledFromModel.isEmpty {
            writeError("formsmith: warning: some settled values are the solver's own answer, not drawn uniformly "
                       + "among those the assertion allows (they lean towards the edges of the range):")
            for line in discards.settledFromModelLines { writeError("  " + line) }
        }
        if !discards.solverBudgetSpent.isEmpty {
            writeError("formsmith: warning: the solver ran out of its budget on some values (each check may spend "
                       + "\(SolverBudget.checkUnits) of Z3's resource units and one value's checks "
                       + "\(SolverBudget.valueUnits), the same on any machine); those values were kept as "
                       + "drawn, the questionnaire checked as built, or taken from the solver's model:")
            for line in discards.solverBudgetSpentLines { writeError("  " + DisplayText.escaped(line)) }
        }
        guard !discards.isEmpty else { return }
        writeError("formsmith: warning: " + discardHeadline(discards))
        for line in discards.lines() { writeError("  " + DisplayText.escaped(line)) }
    }

    /// The first line of the discard warning: the total and why, for what was discarded only
    /// (redraws come from filtered patterns, dropped defects from the one-defect rule).
    static func discardHeadline(_ discards: GenerationDiscards) -> String {
        let redrawn = "patterns with lookarounds or back references are filtered; anything else is a gap in the "
            + "generator worth reporting"
        let dropped = "a defect is dropped when the questionnaire does not then break exactly its one rule; each "
            + "questionnaire written as invalid carries exactly its labelled defect"
        let why: String
        switch (discards.questionnaires + discards.values > 0, discards.defects > 0) {
        case (true, true): why = "rebuilt and redrawn: \(redrawn); dropped: \(dropped)"
        case (false, true): why = dropped
        default: why = redrawn
        }
        return "generation: \(discards.total) (\(why)):"
    }

    /// Says on standard error (also with `--quiet`) which defects the rules never let a
    /// questionnaire carry alone, so that the labelled invalid ones never have them.
    static func reportUnplantable(_ defects: [UnplantableDefect]) {
        guard !defects.isEmpty else { return }
        writeError("formsmith: note: \(defects.count) defect\(defects.count == 1 ? "" : "s") cannot be planted alone in any "
                   + "questionnaire of these rules, so no invalid questionnaire carries \(defects.count == 1 ? "it" : "them"):")
        for defect in defects { writeError("  " + DisplayText.escaped(defect.description)) }
    }

    /// The format named by the output file's extension (`.json`, `.csv`), else JSON Lines.
    private var formatFromExtension: GenerationFormat {
        guard let output else { return .jsonl }
        // --shape rewrites the generator's JSON Lines, whatever the output is named.
        if shape != nil { return .jsonl }
        if output.hasSuffix(".json") { return .json }
        if output.hasSuffix(".csv") { return .csv }
        return .jsonl
    }

    /// One line of the labels sidecar.
    static func line(for label: GeneratedLabel) -> [UInt8] {
        var pairs: [(String, String)] = [("index", String(label.index)), ("line", String(label.line))]
        if let id = label.id { pairs.append(("id", JSONText.quoted(id))) }
        pairs += [("field", JSONText.quoted(label.field)), ("rule", JSONText.quoted(label.rule))]
        return Array((JSONText.object(pairs) + "\n").utf8)
    }
}
