internal import CPCRE2

/// PCRE2's own English text for an error code, e.g. "missing closing parenthesis".
package func pcre2ErrorMessage(code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    // In bounds: PCRE2 writes at most `storage.count` bytes (it is told the size).
    let length = buffer.withUnsafeMutableBufferPointer { storage in
        pcre2_get_error_message_8(code, storage.baseAddress, storage.count)
    }
    guard length > 0 else { return "PCRE2 error \(code)" }
    return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
}

/// Calls `body` with a non-null pointer to `bytes` (PCRE2 10.42 rejects a null subject or
/// pattern even when its length is zero); for an empty buffer the pointer addresses one spare byte.
@inline(__always)
package func withNonNullBase<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafePointer<UInt8>, Int) -> Result
) -> Result {
    if let base = bytes.baseAddress { return body(base, bytes.count) }
    var spare: UInt8 = 0
    // In bounds: the pointer is passed with length 0, so nothing is read through it.
    return withUnsafePointer(to: &spare) { body($0, 0) }
}

extension RegexMatchResult {
    /// Classifies the return code of `pcre2_match_8`.
    package init(pcre2ReturnCode code: Int32) {
        switch code {
        case 0...:
            // 0 means "matched, but the ovector was too small for all groups": still a match.
            self = .match
        case PCRE2_ERROR_NOMATCH:
            self = .noMatch
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT,
            PCRE2_ERROR_JIT_STACKLIMIT:
            self = .limitExceeded
        case PCRE2_ERROR_UTF8_ERR21...PCRE2_ERROR_UTF8_ERR1:
            self = .invalidUTF8
        default:
            self = .error(code: code)
        }
    }
}
