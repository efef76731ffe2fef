import Foundation

/// Runs documented shell commands as a reader would type them: `bash -c COMMAND` in a scratch
/// copy of the repository, the built `formsmith` first on `PATH`, `HOME` a scratch folder (so
/// examples that write to `~` touch nothing real), standard input empty, and a time limit.
struct ShellSession {
    /// What one command did.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        let timedOut: Bool
    }

    /// The scratch copy of the repository the commands run in.
    let directory: URL
    let environment: [String: String]
    /// Seconds before a command is killed (it then fails with `timedOut`).
    var timeLimit: TimeInterval = 120

    /// Copies the repository at `root` (without build products, git data and fuzzing work) to a
    /// fresh folder under `scratch`, and prepares `scratch/home`.
    init(copying root: URL, into scratch: URL, binaries: URL) throws {
        let copy = scratch.appendingPathComponent("repository")
        let home = scratch.appendingPathComponent("home")
        for folder in [copy, home] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        directory = copy
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaries.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home.path
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "FORMSMITH_UPDATE_GOLDEN")
        self.environment = environment
        let excluded = [".build", ".git", ".swiftpm", ".venv-tools", "bench-data", "Fuzz/.build", "Fuzz/.build-fast",
                        "Fuzz/.work*"].map { "--exclude=./\($0)" }.joined(separator: " ")
        let copied = run("tar -C '\(root.path)' \(excluded) -cf - . | tar -C '\(copy.path)' -xf -")
        guard copied.status == 0 else {
            throw NSError(domain: "ShellSession", code: Int(copied.status),
                          userInfo: [NSLocalizedDescriptionKey: "copying the repository failed: \(copied.stderr)"])
        }
    }

    /// Runs `command` with bash in the scratch copy.
    func run(_ command: String) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        process.environment = environment
        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("doc-example-\(UUID().uuidString)")
        let stdoutURL = outputs.appendingPathExtension("out"), stderrURL = outputs.appendingPathExtension("err")
        FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        do {
            let stdout = try FileHandle(forWritingTo: stdoutURL), stderr = try FileHandle(forWritingTo: stderrURL)
            defer { try? stdout.close(); try? stderr.close() }
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            return Result(status: -1, stdout: "", stderr: "could not start bash: \(error)", timedOut: false)
        }
        let deadline = Date().addingTimeInterval(timeLimit)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return Result(status: process.terminationStatus, stdout: read(stdoutURL), stderr: read(stderrURL),
                      timedOut: timedOut)
    }
}

/// One command of a shell example, with the place it starts and the exit status the docs give
/// it (a trailing `# exit N` comment; 0 without one).
struct DocumentedCommand {
    let text: String
    let line: Int
    let expectedStatus: Int32
    /// For transcripts: the output lines shown under the command.
    var output: [String] = []

    /// The commands of a `sh` block: every line that is not blank or a comment, lines ending
    /// with `\` joined to the next.
    static func commands(of block: FencedBlock) -> [DocumentedCommand] {
        var commands: [DocumentedCommand] = []
        var pending: (text: String, line: Int)?
        for (index, line) in block.lines.enumerated() {
            if pending == nil {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                pending = (line, block.fileLine(index))
            } else {
                pending!.text += "\n" + line
            }
            if !line.hasSuffix("\\"), let done = pending {
                commands.append(DocumentedCommand(text: done.text, line: done.line,
                                                  expectedStatus: statusComment(in: done.text)))
                pending = nil
            }
        }
        if let done = pending {
            commands.append(DocumentedCommand(text: done.text, line: done.line, expectedStatus: statusComment(in: done.text)))
        }
        return commands
    }

    /// The commands of a transcript: `$ COMMAND` lines (continued by a trailing `\`), each
    /// followed by the output it prints.
    static func transcript(of block: FencedBlock) -> [DocumentedCommand] {
        var commands: [DocumentedCommand] = []
        var continuing = false
        for (index, line) in block.lines.enumerated() {
            if continuing {
                commands[commands.count - 1] = DocumentedCommand(
                    text: commands[commands.count - 1].text + "\n" + line, line: commands[commands.count - 1].line,
                    expectedStatus: statusComment(in: line))
                continuing = line.hasSuffix("\\")
            } else if line.hasPrefix("$ ") {
                let text = String(line.dropFirst(2))
                commands.append(DocumentedCommand(text: text, line: block.fileLine(index), expectedStatus: statusComment(in: text)))
                continuing = line.hasSuffix("\\")
            } else if !commands.isEmpty {
                commands[commands.count - 1].output.append(line)
            }
        }
        return commands
    }

    /// N of a trailing `# exit N` comment (or `# exit N: why`), else 0.
    private static func statusComment(in text: String) -> Int32 {
        guard let range = text.range(of: #"(^|\s)# exit (\d+)"#, options: .regularExpression) else { return 0 }
        return Int32(text[range].filter(\.isNumber)) ?? 0
    }
}
