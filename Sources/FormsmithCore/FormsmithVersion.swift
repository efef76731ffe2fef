/// Formsmith's version: the one place it is written. `formsmith --version`, the SARIF reports'
/// `tool.driver.version` and the library read it from here; CHANGELOG.md has a section for it
/// (a test checks both).
public enum FormsmithVersion {
    /// The current version, as `major.minor.patch`.
    public static let current = "0.1.0"
}
