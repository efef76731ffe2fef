/// The value primitives (regexes, input masks, checksums) live in their own
/// module, `FormsmithValues`, which knows nothing of rules; the library's public API names some of
/// them (`RegexLimits`, `RegexOptions`, `ChecksumAlgorithm`...), so `import FormsmithCore` brings
/// them along.
@_exported import FormsmithValues
