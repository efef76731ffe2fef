/// Why an XLSForm could not be imported: the file could not be read as a workbook, a sheet is
/// missing, or a row cannot be understood. The message names the file, sheet, row and column
/// and says what to change.
public struct XLSFormError: Error, Sendable, CustomStringConvertible {
    /// Every problem, one per line, in sheet order.
    public var problems: [String]

    /// Creates the error from its problems.
    public init(_ problems: [String]) { self.problems = problems }

    /// Creates the error from one problem.
    public init(_ problem: String) { self.problems = [problem] }

    public var description: String { problems.joined(separator: "\n") }
}
