import Foundation
import FormsmithCore

/// What the command line does about output that fails or is interrupted (the library only
/// reports; the command line decides how the process ends):
///
/// - A write error anywhere (a full disk, a vanished directory, standard output on
///   `/dev/full`) ends the run where it happens: every temporary file is removed, standard
///   error says what failed and what was not written, exit status 2.
/// - A closed standard output (`formsmith ... | head`) ends the run quietly, status 141.
/// - SIGINT or SIGTERM removes every temporary file, says what was not written, and ends
///   with 130 or 143. Final names are never touched in these cases.
enum OutputGuard {
    /// Sets up signal handling and the write-failure handler; call it before anything else.
    static func install() {
        Platform.prepareForTerminationSignals()
        OutputFiles.setFailureHandler { error in
            let notWritten = OutputFiles.discardForExit()
            if error.isStandardOutput, error.isBrokenPipe { Platform.exitImmediately(Platform.brokenPipeStatus) }
            writeError("formsmith: \(error.description)")
            reportNotWritten(notWritten)
            Platform.exitImmediately(ExitStatus.writeFailure)
        }
        Thread.detachNewThread {
            let signal = Platform.waitForTerminationSignal()
            let notWritten = OutputFiles.discardForExit()
            writeError("formsmith: interrupted by \(Platform.name(ofSignal: signal))")
            reportNotWritten(notWritten)
            Platform.exitImmediately(Platform.exitStatus(forSignal: signal))
        }
    }

    /// Moves every file the command wrote into place (all were complete).
    static func commit() throws {
        do {
            try OutputFiles.commitAll()
        } catch {
            abandon()
            writeError("formsmith: \(error.description)")
            throw FormsmithExit(status: ExitStatus.writeFailure)
        }
    }

    /// Removes the temporary files of a command that failed, saying which files were not written.
    static func abandon() {
        reportNotWritten(OutputFiles.discardAll())
    }

    /// Leave to open the outputs listed in `files` (the only way a command opens an output
    /// file); ends the command with exit 2, before anything is written, when an output of the
    /// run is one of the files it reads or another of its outputs (see ``RunFiles``), naming both.
    static func permit(_ files: RunFiles) throws -> OutputPermit {
        do {
            return try files.permit()
        } catch {
            // Escaped: the paths they name may be files found in folders (names from data).
            for collision in error.messages { writeError("formsmith: " + DisplayText.escaped(collision)) }
            writeError("formsmith: nothing was written")
            throw FormsmithExit(status: ExitStatus.usage)
        }
    }

    private static func reportNotWritten(_ names: [String]) {
        guard !names.isEmpty else { return }
        writeError("formsmith: not written: \(names.map { DisplayText.escaped($0) }.joined(separator: ", ")) (any earlier file under "
                   + "\(names.count == 1 ? "that name is" : "these names is") unchanged)")
    }
}

extension RunFiles {
    /// Adds a compiled rule set's rule file, the libraries it includes and the word lists it
    /// reads (`seed:`, `valuesFrom:`), as files read.
    mutating func reads(_ rules: CompiledRuleSet) {
        reads(rules.ruleSet)
    }

    /// Adds a rule set's rule file, its libraries and its word lists, as files read.
    mutating func reads(_ ruleSet: RuleSet) {
        reads(ruleSet.file, as: "the rule file")
        for library in ruleSet.libraries { reads(library, as: "the library") }
        for list in ruleSet.wordListFiles { reads(list, as: "the word list") }
    }

    /// Adds the inputs of a run, as files read (folders that could not be listed left out).
    mutating func reads(_ sources: [InputSource]) {
        for source in sources where !source.isStandardInput && source.failure == nil && source.fileSystemPath == nil {
            reads(source.path, as: "the input")
        }
    }
}
