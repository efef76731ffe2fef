import ArgumentParser
import FormsmithCore

/// `formsmith generate --cover each|pairs|triples`: a covering set and its coverage report.
extension GenerateCommand {
    func validateCover() throws {
        if count != nil { throw ValidationError("--cover writes as many questionnaires as it needs: leave out --count") }
        if invalidRate > 0 { throw ValidationError("--cover does not take --invalid-rate") }
        if boundaries { throw ValidationError("--cover chooses boundary classes itself: leave out --boundaries") }
        if start > 0 { throw ValidationError("--cover does not take --start") }
        if let searches, searches < 1 { throw ValidationError("--searches must be 1 or more") }
        if invalid, output == nil, labels == nil {
            throw ValidationError("--invalid writes a labels sidecar: give --labels FILE when writing to standard output")
        }
        if (format ?? formatFromOutput) == .csv {
            throw ValidationError("--cover writes JSON Lines or a JSON array: use --format jsonl or json")
        }
    }

    /// The output format named by --output's extension, else JSON Lines.
    var formatFromOutput: GenerationFormat {
        guard let output else { return .jsonl }
        if output.hasSuffix(".json") { return .json }
        if output.hasSuffix(".csv") { return .csv }
        return .jsonl
    }

    func runCover(_ compiled: CompiledRuleSet, strength: CoverStrength, seed: UInt64) throws {
        let format = self.format ?? formatFromOutput
        let result: CoveringResult
        let permit: OutputPermit
        do {
            let initialData = try seedData.map { path throws(GenerationError) in try SeedData(path: path) }
            let options = GenerationOptions(
                count: 0, seed: seed, format: format, optionalRate: optionalRate, jobs: 1,
                fixture: try fixture.map { path throws(GenerationError) in try GenerationFixture(path: path) },
                useDefaults: useDefaults, seedData: initialData)
            var files = runFiles(compiled, initialData: initialData)
            if let coverageReport { files.writes(coverageReport, as: "--coverage-report") }
            if invalid, let labelsPath = labels ?? output.map({ $0 + ".labels.jsonl" }) { files.writes(labelsPath, as: "--labels") }
            permit = try OutputGuard.permit(files)
            let generator = try CoveringGenerator(rules: compiled, strength: strength, options: options)
            generator.invalid = invalid
            if let searches { generator.passes = searches }
            let display = CoverProgressDisplay(command: "covering \(strength.rawValue)",
                                               enabled: TerminalOptions.showsProgress(progress, quiet: quiet))
            if let display { generator.progress = { display.update($0) } }
            defer { display?.finish() }
            result = try generator.run()
        } catch let error as GenerationError {
            writeError("formsmith: cannot generate: \(error.description)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let destination = try openOutput(output, permit)
        var bytes: [UInt8] = format == .json ? Array((result.questionnaires.isEmpty && result.invalid.isEmpty ? "[" : "[\n").utf8) : []
        for (index, questionnaire) in (result.questionnaires + result.invalid).enumerated() {
            if format == .json, index > 0 { bytes.append(contentsOf: ",\n".utf8) }
            bytes.append(contentsOf: questionnaire)
            if format == .jsonl { bytes.append(UInt8(ascii: "\n")) }
        }
        if format == .json { bytes.append(contentsOf: (result.questionnaires.isEmpty && result.invalid.isEmpty ? "]\n" : "\n]\n").utf8) }
        destination.write(bytes: bytes)
        destination.close()
        if invalid, let labelsPath = labels ?? output.map({ $0 + ".labels.jsonl" }) {
            let sidecar = try openOutput(labelsPath, permit)
            for var label in result.labels {
                label.line = label.index + (format == .json ? 2 : 1)
                sidecar.write(bytes: Self.line(for: label))
            }
            sidecar.close()
        }
        if let coverageReport {
            let report = try openOutput(coverageReport, permit)
            report.write(bytes: Array(result.report.json.utf8))
            report.close()
        }
        try OutputGuard.commit()
        Self.reportDiscards(result.discards)
        if !quiet {
            let lines = result.report.summary()
            writeError("formsmith: covering \(strength.rawValue): " + lines[0])
            for line in lines.dropFirst() { writeError(line) }
            if invalid {
                writeError("formsmith: \(result.invalid.count) invalid questionnaires after the valid ones, one labelled "
                           + "defect each, one per (field, rule) defect planted")
                for key in result.unplanted.prefix(10) {
                    writeError("  defect not planted alone (another rule broke too, or nothing to change): \(DisplayText.escaped(key))")
                }
            }
        }
    }
}
