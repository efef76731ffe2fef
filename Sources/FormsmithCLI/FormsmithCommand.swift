import ArgumentParser
import FormsmithCore

public struct FormsmithCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "formsmith")
    public init() {}
    public func run() throws {}
}
