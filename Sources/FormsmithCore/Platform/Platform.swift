#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("Formsmith builds on Linux (glibc) and macOS (Darwin)")
#endif
internal import CSystemMemory

/// Everything Formsmith asks of the operating system that is spelled differently on Linux
/// (glibc) and macOS (Darwin): raw reads and writes, files, signals, exit. This is the only
/// file that names the C library module (`scripts/integration/no-glibc.sh` checks it), so
/// the rest of the code builds on both.
public enum Platform {
    /// The calling thread's last system error code (`errno`).
    public static var lastError: Int32 { errno }

    /// The system's description of an error code, such as "No space left on device".
    public static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Whether `code` is a closed pipe (the reader went away, as `| head` does).
    public static func isBrokenPipe(_ code: Int32) -> Bool { code == EPIPE }

    /// Ends the process with `status` (running exit handlers and flushing C buffers).
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// Ends the process at once (no exit handlers), for a process that is being interrupted
    /// or has failed while other threads may still run.
    public static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    /// Whether the descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    /// Whether the file at `path` exists and can be read.
    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Writes every byte, retrying interrupted and short writes; returns 0, or the error code.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var written = 0
        while written < bytes.count {
            #if canImport(Glibc)
            let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            #else
            let result = Darwin.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            #endif
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += result
        }
        return 0
    }

    // In bounds: the caller lends `destination` with room for `count` bytes; read(2) writes at most `count`.
    /// Reads up to `count` bytes to `destination`, retrying interrupted reads; returns the
    /// number read (0 at the end), or the negated error code.
    static func read(_ descriptor: Int32, into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            #if canImport(Glibc)
            let got = Glibc.read(descriptor, destination, count)
            #else
            let got = Darwin.read(descriptor, destination, count)
            #endif
            if got >= 0 { return got }
            if errno != EINTR { return -Int(errno) }
        }
    }

    /// Opens a regular file named by its bytes for reading, without ever blocking on
    /// something that is not one: the file is opened with `O_NONBLOCK` (a named pipe with no
    /// writer would otherwise block `open` for ever), examined with `fstat`, and only a
    /// regular file is kept (`O_NONBLOCK` then cleared); a pipe, a device (`/dev/zero`), a
    /// socket or a folder is closed and named. With `allowingStreams` (a path the user named
    /// on the command line: `/dev/stdin`, a shell's `<(command)`), a pipe or a character
    /// device is kept as well. The one way inputs are opened.
    static func openRegularFile(bytes path: [UInt8], allowingStreams: Bool = false) -> Result<Int32, OpenFailure> {
        let opened = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard opened >= 0 else { return .failure(OpenFailure(description: "cannot open: \(message(for: errno))")) }
        var status = stat()
        guard fstat(opened, &status) == 0 else {
            let code = errno
            _ = close(opened)
            return .failure(OpenFailure(description: "cannot open: \(message(for: code))"))
        }
        let kind: String
        let type = status.st_mode & S_IFMT
        switch type {
        case _ where type == S_IFREG || (allowingStreams && (type == S_IFIFO || type == S_IFCHR)):
            let flags = fcntl(opened, F_GETFL)
            guard flags >= 0, fcntl(opened, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
                let code = errno
                _ = close(opened)
                return .failure(OpenFailure(description: "cannot open: \(message(for: code))"))
            }
            return .success(opened)
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        _ = close(opened)
        return .failure(OpenFailure(description: "is \(kind), not a regular file: not read (give a file, or pipe "
                                    + "the data to standard input with -)"))
    }

    /// Why ``openRegularFile(bytes:)`` did not open a file.
    struct OpenFailure: Error {
        let description: String
    }

    /// One entry of a folder: its name as the file system holds it (any bytes but `/` and NUL).
    struct DirectoryEntry {
        let name: [UInt8]
        /// A folder itself, not a symbolic link to one: walked when listing recursively.
        let isFolder: Bool
        /// A folder or a symbolic link to one (neither is a file to read).
        let leadsToFolder: Bool
        /// The error code when the entry could not be examined (`lstat` failed: a path past
        /// `PATH_MAX`, a folder without search permission): it may be a file or a folder.
        var failure: Int32? = nil
    }

    /// The entries of the folder at `path` (bytes, no trailing NUL), without `.` and `..`;
    /// the error code when it cannot be opened or read (no permission: mode 000 or 711).
    static func listDirectory(_ path: [UInt8]) -> Result<[DirectoryEntry], ListingFailure> {
        let terminated = path + [0]
        guard let directory = terminated.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
        }) else { return .failure(ListingFailure(code: errno)) }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(ListingFailure(code: errno)) }
                break
            }
            // In bounds: the kernel's record holds the name and its NUL but may end before the
            // 256 bytes `d_name` is declared with (readdir's buffer ends there for the last
            // entry), so the name is read up to its NUL through a pointer, never copied whole
            // (copying `entry.pointee.d_name` read past the buffer; AddressSanitizer caught it).
            let nameStart = UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
            let nameLength = strlen(nameStart.assumingMemoryBound(to: CChar.self))
            let name = Array(UnsafeRawBufferPointer(start: nameStart, count: nameLength))
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let full = path + [0x2F] + name + [0]
            var own = stat(), followed = stat()
            let examined = full.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &own) == 0 }
            }
            guard examined else {
                entries.append(DirectoryEntry(name: name, isFolder: false, leadsToFolder: false, failure: errno))
                continue
            }
            let isFolder = (own.st_mode & S_IFMT) == S_IFDIR
            let leadsToFolder = isFolder || full.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &followed) == 0 }
            } && (followed.st_mode & S_IFMT) == S_IFDIR
            entries.append(DirectoryEntry(name: name, isFolder: isFolder, leadsToFolder: leadsToFolder))
        }
        return .success(entries)
    }

    /// Why a folder could not be listed.
    struct ListingFailure: Error {
        let code: Int32
    }

    /// What identifies an existing file whatever path names it: its device and inode
    /// (following symbolic links), and whether it is a regular file; nil when nothing is there.
    static func fileIdentity(_ path: String) -> (device: UInt64, inode: UInt64, isRegularFile: Bool)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino), (status.st_mode & S_IFMT) == S_IFREG)
    }

    /// The absolute path with every symbolic link and `.`/`..` resolved, when it exists.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The error code of `stat` on `path` (following symbolic links), or nil when it succeeds:
    /// tells a file that is not there from one that cannot be reached (no permission).
    static func statFailure(_ path: String) -> Int32? {
        var status = stat()
        return stat(path, &status) == 0 ? nil : errno
    }

    /// Whether an open descriptor is a directory.
    static func isDirectory(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// What is at a path, for deciding whether output can go through a temporary file.
    enum PathKind {
        case missing, regularFile, directory, other
    }

    /// What is at `path` (following symbolic links).
    static func kind(of path: String) -> PathKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// What is at the path named by `bytes` (following symbolic links).
    static func kind(ofBytes path: [UInt8]) -> PathKind {
        var status = stat()
        let found = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &status) == 0 }
        }
        guard found else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Creates a new file (failing if it exists) for writing, with the usual permissions
    /// (0666 less the umask); the descriptor, or the negated error code.
    static func createExclusive(_ path: String) -> Int32 {
        let opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        return opened >= 0 ? opened : -errno
    }

    /// Opens an existing file that is not a regular one (a device, a pipe) for writing; the
    /// descriptor, or the negated error code.
    static func openExisting(_ path: String) -> Int32 {
        let opened = open(path, O_WRONLY | O_CLOEXEC)
        return opened >= 0 ? opened : -errno
    }

    /// Flushes a file's data to the disk; 0 or the error code. Devices and pipes that
    /// cannot be synced are not an error.
    static func sync(_ descriptor: Int32) -> Int32 {
        if fsync(descriptor) == 0 { return 0 }
        let code = errno
        return code == EINVAL || code == ENOTSUP || code == EROFS ? 0 : code
    }

    /// Closes a descriptor; 0 or the error code (a file system may report a failed write here).
    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        let result = Glibc.close(descriptor)
        #else
        let result = Darwin.close(descriptor)
        #endif
        return result == 0 || errno == EINTR ? 0 : errno
    }

    /// Renames `source` to `destination` atomically (replacing it); 0 or the error code.
    static func rename(_ source: String, to destination: String) -> Int32 {
        #if canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #else
        let result = Darwin.rename(source, destination)
        #endif
        return result == 0 ? 0 : errno
    }

    /// Removes a file, ignoring a file that is already gone.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// The process id, to name temporary files.
    static var processID: Int32 { getpid() }

    /// Hands memory freed across threads back to the system (glibc's `malloc_trim`; nothing
    /// elsewhere).
    static func releaseFreeMemory() {
        formsmith_release_free_memory()
    }

    // MARK: Signals

    /// Prepares the process for ``waitForTerminationSignal()``: SIGINT and SIGTERM are
    /// blocked in the calling thread and every thread it starts afterwards (call it first
    /// thing, before any other thread exists), and SIGPIPE is ignored so a closed pipe
    /// becomes a write error (`EPIPE`) that the writer handles.
    public static func prepareForTerminationSignals() {
        signal(SIGPIPE, SIG_IGN)
        var set = terminationSignals
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Blocks the calling thread until SIGINT or SIGTERM arrives; returns its number.
    public static func waitForTerminationSignal() -> Int32 {
        var set = terminationSignals
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// The conventional exit status of a process ended by `signal`: 128 + its number
    /// (130 for SIGINT, 143 for SIGTERM).
    public static func exitStatus(forSignal signal: Int32) -> Int32 { 128 + signal }

    /// The exit status of a process whose output pipe was closed: 128 + SIGPIPE (141).
    public static var brokenPipeStatus: Int32 { 128 + SIGPIPE }

    /// The name of a termination signal, for messages.
    public static func name(ofSignal signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }

    private static var terminationSignals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}

extension Platform {
    /// The error codes that call for a specific piece of advice.
    enum ErrorKind {
        case noSpace, permission, missing, other

        init(_ code: Int32) {
            switch code {
            case ENOSPC, EDQUOT, EFBIG: self = .noSpace
            case EACCES, EPERM, EROFS: self = .permission
            case ENOENT, ENOTDIR: self = .missing
            default: self = .other
            }
        }
    }

    /// The error code of a file that already exists.
    static var alreadyExists: Int32 { EEXIST }
    /// The error code of a path that is a directory.
    static var isADirectory: Int32 { EISDIR }
}
