#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The few file operations Kazu's settings and history need, on POSIX calls so that what
/// reaches the disk is known: whole writes through a temporary file, fsync and rename, and
/// appends of lines under an advisory lock, taken back together if one cannot be written.
///
/// ```swift
/// try DiskFile.writeAtomically(Array(json.utf8), to: locations.settingsFile)
/// try DiskFile.appendLine(Array(line.utf8), to: locations.historyFile)
/// ```
enum DiskFile {
    /// The file at `path` opened for reading; nil when there is none. Anything but a regular
    /// file is refused: a device such as /dev/zero would never end. Opened without waiting,
    /// which changes nothing for a file but keeps a named pipe from blocking until a writer
    /// comes.
    private static func openRegularFile(_ path: String) throws(StorageError) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure(path)
        }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            close(descriptor)
            throw StorageError((info.st_mode & S_IFMT) == S_IFDIR ? "\(path): is a directory, not a file" : "\(path): is not a regular file")
        }
        return descriptor
    }

    /// The file's bytes; nil when there is no file.
    static func read(_ path: String) throws(StorageError) -> [UInt8]? {
        guard let descriptor = try openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Calls `lines` with the lines of the file at `path` (without their newlines), a block's
    /// worth at a time so that memory stays bounded; a line longer than `longest` is passed as
    /// nil and not kept. Only the first `length` bytes are read, when given: the file as it was
    /// before an append. Returns false when there is no file.
    static func readLines(_ path: String, longest: Int, length: Int? = nil,
                          _ lines: ([ArraySlice<UInt8>?]) -> Void) throws(StorageError) -> Bool {
        guard let descriptor = try openRegularFile(path) else { return false }
        defer { close(descriptor) }
        let blockSize = 1 << 20
        var left = length ?? Int.max
        var buffer: [UInt8] = []
        var batch: [ArraySlice<UInt8>?] = []
        var skippingLongLine = false
        while true {
            // A block after what is left of the last one.
            let kept = buffer.count
            let count = left > 0 ? appendBlock(descriptor, to: &buffer, size: min(blockSize, left)) : 0
            if count < 0 { throw failure(path) }
            left -= count
            batch.removeAll(keepingCapacity: true)
            if count == 0 {
                // The last line may have no newline.
                if !buffer.isEmpty && !skippingLongLine { lines([buffer.count > longest ? nil : buffer[...]]) }
                return true
            }
            var start = 0
            var searchFrom = kept
            while let newline = firstNewline(in: buffer, from: searchFrom) {
                if skippingLongLine {
                    skippingLongLine = false
                } else if newline - start > longest {
                    batch.append(nil)
                } else if newline > start {
                    batch.append(buffer[start..<newline])
                }
                start = newline + 1
                searchFrom = start
            }
            if !batch.isEmpty { lines(batch) }
            batch.removeAll(keepingCapacity: true)   // the slices share the buffer: let it go before changing it
            buffer.removeSubrange(0..<start)
            if buffer.count > longest {
                // A line too long to keep: say so once and drop bytes up to its newline.
                if !skippingLongLine { lines([nil]) }
                skippingLongLine = true
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    private static func firstNewline(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) else { return nil }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Reads up to `size` bytes onto the end of `buffer`; the count, 0 at the end, -1 on an error.
    private static func appendBlock(_ descriptor: Int32, to buffer: inout [UInt8], size: Int) -> Int {
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: size))
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + old, size) }
            if count < 0 && errno == EINTR { continue }
            buffer.removeSubrange((old + max(0, count))...)
            return count
        }
    }

    /// Makes `path` and the folders above it.
    static func makeDirectories(_ path: String) throws(StorageError) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST { throw failure(current) }
        }
    }

    /// Replaces the file at `path` with `bytes` so that a reader sees the old file or the new
    /// one, never half: a temporary file beside it, written, synced, then renamed over it.
    ///
    /// What is there decides where: through a link, the file it names is replaced, not the
    /// link (a settings file kept with someone's dotfiles). A device or a named pipe is
    /// written into, at its end, never replaced by a file; so is a descriptor this process
    /// has open, named by a link in /dev or /proc (/dev/stdout, /dev/fd/1, or a link to one:
    /// it may be a file the shell opened, with lines already in it), and a link to a file not
    /// made yet, which the write makes.
    static func writeAtomically(_ bytes: [UInt8], to path: String, makingDirectories: Bool = true) throws(StorageError) {
        switch try destination(of: path) {
        case .into: try writeInto(bytes, path)
        case let .replacing(target): try replace(target, with: bytes, naming: path, makingDirectories: makingDirectories)
        }
    }

    /// Where `writeAtomically` puts what it writes to `path`, decided by what is there.
    enum Destination: Equatable {
        /// Written into, at its end: a device, a named pipe, a descriptor named through /dev
        /// or /proc, or a link to nothing yet (the write makes the file it names).
        case into
        /// A regular file, made or replaced: `path` itself, or the file a link names.
        case replacing(String)
    }

    static func destination(of path: String) throws(StorageError) -> Destination {
        var info = stat()
        let exists = stat(path, &info) == 0
        let kind = info.st_mode & S_IFMT
        if exists && kind != S_IFREG && kind != S_IFDIR || namesOpenDescriptor(path) { return .into }
        guard lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK else { return .replacing(path) }
        guard exists else { return .into }
        guard let resolved = realpath(path, nil) else { throw failure(path) }
        defer { free(resolved) }
        return .replacing(String(cString: resolved))
    }

    /// Why nothing could be written to `path` without making folders, found before there is
    /// anything to write; nil when a write may work (it can still fail, on a full disk say).
    /// `kept` are files that must not be written over this way (the history, the settings).
    static func problemWriting(to path: String, sparing kept: [String] = []) -> WriteProblem? {
        guard !path.isEmpty else { return .noPath }
        var info = stat()
        let found = stat(path, &info) == 0
        // A file's name with a slash after it ("history.jsonl/") names no folder: that file is in the way.
        if !found && errno == ENOTDIR, path.hasSuffix("/") {
            let file = String(path.reversed().drop(while: { $0 == "/" }).reversed())
            if stat(file, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR { return .notAFolder(file) }
        }
        if path.hasSuffix("/") || found && info.st_mode & S_IFMT == S_IFDIR { return .folder }
        if !found && errno == ELOOP { return .linkLoop }
        if !found && errno == ENAMETOOLONG { return .nameTooLong }
        if found && info.st_mode & S_IFMT == S_IFSOCK { return .socket }
        // (A device kept as the history, /dev/null to keep none, takes a report as well.)
        if found && info.st_mode & S_IFMT == S_IFREG && kept.contains(where: { sameFile(path, $0) }) { return .keptFile }
        let file: String
        switch try? destination(of: path) {
        case .replacing(let target)?:
            file = target
        case .into?:
            if found { return access(path, W_OK) == 0 ? nil : .notWritable(path) }
            // A link to nothing yet: its file will be made where the last link of the chain
            // points.
            guard let target = endOfLinks(path) else { return nil }
            file = target
        case nil:
            return nil
        }
        let folder = parent(of: file)
        guard stat(folder, &info) == 0 else { return .noFolder(folder) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .notAFolder(folder) }
        // The file is made beside itself, then renamed: its folder must take new files.
        if access(folder, W_OK | X_OK) != 0 { return .notWritable(folder) }
        // A kept file not made yet may be a link to nothing yet (a history kept with one's
        // dotfiles): its file will be made where that link's chain ends.
        if !found, kept.contains(where: { samePlace(file, $0) || endOfLinks($0).map { samePlace(file, $0) } == true }) {
            return .keptFile
        }
        return nil
    }

    /// Whether `a` and `b` name one existing file.
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `a` and `b`, neither of which need exist, name the same name in the same folder.
    private static func samePlace(_ a: String, _ b: String) -> Bool {
        guard a.split(separator: "/").last == b.split(separator: "/").last else { return false }
        var first = stat(), second = stat()
        return stat(parent(of: a), &first) == 0 && stat(parent(of: b), &second) == 0
            && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Where a chain of links starting at `path` ends: the path the last link names.
    private static func endOfLinks(_ path: String) -> String? {
        walkLinks(from: path)
    }

    /// Whether `path` is a link that is, or leads through, a link in /dev or /proc: how a
    /// process names its own open descriptors. A plain file there (in /dev/shm) is a file.
    private static func namesOpenDescriptor(_ path: String) -> Bool {
        var found = false
        _ = walkLinks(from: path) { link in
            found = isInDevOrProc(parent(of: link))
            return found
        }
        return found
    }

    /// Whether the folder `folder` is /dev or /proc or in one, however it is named
    /// ('//proc/self/fd', '/./dev', a relative path, a link to one).
    private static func isInDevOrProc(_ folder: String) -> Bool {
        func inside(_ path: String) -> Bool {
            ["/dev", "/proc"].contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        guard let resolved = realpath(folder, nil) else { return inside(folder) }
        defer { free(resolved) }
        return inside(String(cString: resolved))
    }

    /// Follows the links from `path`, at most 40 as the system does, showing each link to
    /// `stop`. Returns the first path that is not a link; nil when a link cannot be read, the
    /// chain is longer, or `stop` returned true.
    private static func walkLinks(from path: String, stoppingAt stop: (String) -> Bool = { _ in false }) -> String? {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            if stop(current) { return nil }
            guard let next = linkTarget(current) else { return nil }
            current = next
        }
        return nil
    }

    /// What the link at `path` names, as a path from here: relative to the link's folder when
    /// the link holds a relative path.
    private static func linkTarget(_ path: String) -> String? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &target, Int(PATH_MAX))
        guard count > 0 else { return nil }
        let next = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return next.hasPrefix("/") || !path.contains("/") ? next : parent(of: path) + "/" + next
    }

    /// Writes `bytes` at the end of what `path` opens, made if it is not there.
    private static func writeInto(_ bytes: [UInt8], _ path: String) throws(StorageError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
    }

    /// `writeAtomically` on the regular file (or nothing yet) at `path`; errors name `shown`,
    /// the path the learner gave.
    private static func replace(_ path: String, with bytes: [UInt8], naming shown: String,
                                makingDirectories: Bool) throws(StorageError) {
        let directory = parent(of: path)
        if makingDirectories { try makeDirectories(directory) }
        // Beside the file, named after it unless its name is so long that the suffix would
        // make the name longer than a folder takes (255 bytes).
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.utf8.count <= 200 ? name : "kazu"
        let temporary = "\(directory)/\(stem).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        // Errors name the file the learner asked for, not the temporary one beside it.
        guard descriptor >= 0 else { throw failure(shown) }
        do throws(StorageError) {
            // The file keeps its permissions (a settings file made private stays private).
            var old = stat()
            if stat(path, &old) == 0 && old.st_mode & S_IFMT == S_IFREG && fchmod(descriptor, old.st_mode & 0o7777) != 0 {
                throw failure(shown)
            }
            try writeAll(bytes, to: descriptor, path: shown)
            guard fsync(descriptor) == 0 else { throw failure(shown) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure(shown)
            unlink(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Appends `line` (which ends in a newline) under an exclusive advisory lock, so that two
    /// processes appending at once neither lose nor interleave a line.
    /// A file whose last line has no newline (cut short by a crash, or edited by hand) gets
    /// one first: the new line must not join the last one, making one damaged line of two.
    /// Anything but a regular file is refused, as reading refuses it: a named pipe would
    /// take a long line only while someone reads it, and could hold the save for ever.
    static func appendLine(_ line: [UInt8], to path: String) throws(StorageError) {
        try appendLines(to: path) { write throws(StorageError) in try write(line) }
    }

    /// `appendLine` for lines made one at a time: `lines` hands each to `write`, all under one
    /// lock and taken back together if one fails, so that another kazu never writes between them.
    /// Returns the file's length before them: what `readLines(length:)` reads of it as it was.
    @discardableResult
    static func appendLines(to path: String,
                            _ lines: (_ write: ([UInt8]) throws(StorageError) -> Void) throws(StorageError) -> Void) throws(StorageError) -> Int {
        try makeDirectories(parent(of: path))
        // Opened without waiting: a named pipe would otherwise wait for a reader here.
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var before = stat()
        guard fstat(descriptor, &before) == 0 else { throw failure(path) }
        guard before.st_mode & S_IFMT == S_IFREG else { throw StorageError("\(path): is not a regular file; move it away and kazu will make one") }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw failure(path) }
        }
        defer { flock(descriptor, LOCK_UN) }
        // The size under the lock: another kazu may have appended while this one waited.
        _ = fstat(descriptor, &before)
        var last: UInt8 = 0x0A
        if before.st_size > 0 && pread(descriptor, &last, 1, before.st_size - 1) < 0 { throw failure(path) }
        do throws(StorageError) {
            if last != 0x0A { try writeAll([0x0A], to: descriptor, path: path) }
            try lines { line throws(StorageError) in try writeAll(line, to: descriptor, path: path) }
            guard fsync(descriptor) == 0 else { throw failure(path) }
        } catch {
            // A line cut short by a full disk is taken back, so that the file stays whole.
            _ = ftruncate(descriptor, before.st_size)
            throw error
        }
        return Int(before.st_size)
    }

    /// Renames the file at `path` to `path` + `suffix`, keeping it for the learner to look at,
    /// and returns its new name. Nothing already there is written over: when the name is taken
    /// (another file kept in the same second, a folder), `-2`, `-3`... is added.
    static func moveAside(_ path: String, suffix: String) throws(StorageError) -> String {
        for count in 1...1_000 {
            let name = path + suffix + (count == 1 ? "" : "-\(count)")
            // A hard link is made only where no name is: the new name, then the old one gone.
            if link(path, name) == 0 {
                unlink(path)
                return name
            }
            if errno == EEXIST { continue }
            // A file system without hard links: renamed, once nothing is seen at the name.
            var info = stat()
            if errno == EPERM || errno == EOPNOTSUPP, lstat(name, &info) != 0 && errno == ENOENT {
                guard rename(path, name) == 0 else { throw failure(path) }
                return name
            }
            throw failure(path)
        }
        throw StorageError("\(path): no free name to keep it under beside it")
    }

    /// Runs `work` holding an exclusive lock on the file at `lockPath`, made if it is not there,
    /// so that kazus reading, changing and writing one file do so one at a time. Where no lock
    /// file can be made (a folder only readable, or not there yet for a read), `work` runs
    /// unlocked: there is then nothing another kazu could write either.
    static func withLock<Result>(_ lockPath: String, _ work: () throws(StorageError) -> Result) throws(StorageError) -> Result {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try work() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw failure(lockPath) }
        }
        return try work()
    }

    /// Removes the temporary files `writeAtomically(to: path)` leaves when a process is killed
    /// in a write: those beside `path` named after it whose process is gone.
    static func removeStaleTemporaries(of path: String) {
        let directory = parent(of: path)
        let prefix = (path.split(separator: "/").last.map(String.init) ?? path) + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// Why kazu must not keep its files in `folder`, or nil when it may. A folder that someone
    /// else can write in (its mode, or its owner) lets them plant a link there that makes kazu
    /// write over another of this user's files; so do the folders above it, unless their
    /// sticky bit (as /tmp has) keeps others from renaming what is in them.
    static func unsafeFolderProblem(_ folder: String) -> String? {
        var current = folder
        var isFolderItself = true
        while true {
            var info = stat()
            if stat(current, &info) == 0 {
                if info.st_uid != geteuid() && info.st_uid != 0 {
                    return "\(current) belongs to another user (uid \(info.st_uid)), who could make kazu write over your files; "
                        + "keep kazu's files in a folder of your own (KAZU_CONFIG_DIR, KAZU_DATA_DIR)"
                }
                let sticky = info.st_mode & S_ISVTX != 0
                let groupWrites = info.st_mode & 0o020 != 0 && info.st_gid != privateGroup
                if (info.st_mode & 0o002 != 0 || groupWrites) && (isFolderItself || !sticky) {
                    return "\(current) can be written by other users, who could make kazu write over your files; "
                        + "make it yours alone with: chmod go-w \(current)"
                }
            } else if errno != ENOENT && errno != ENOTDIR {
                return nil
            }
            isFolderItself = false
            if current == "/" || current == "." { return nil }
            current = parent(of: current)
        }
    }

    /// This user's own group, when it has one as Debian and Ubuntu make for each user (named
    /// after the user, no one else in it): a folder it may write in, as their umask 002 makes
    /// them, lets no one else in. Nil when the user's group is shared.
    static let privateGroup: gid_t? = {
        guard let user = getpwuid(geteuid()), let group = getgrgid(user.pointee.pw_gid) else { return nil }
        let alone = group.pointee.gr_mem?.pointee == nil
        return alone && String(cString: group.pointee.gr_name) == String(cString: user.pointee.pw_name) ? user.pointee.pw_gid : nil
    }()

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            offset += written
        }
    }

    static func failure(_ path: String) -> StorageError {
        StorageError("\(path): \(String(cString: strerror(errno)))")
    }
}

/// Why no file can be written at a path, as `DiskFile.problemWriting(to:)` finds it.
public enum WriteProblem: Equatable, Sendable {
    /// The path is empty.
    case noPath
    /// The path names a folder (or ends in a slash).
    case folder
    /// The path is a link that leads back to itself.
    case linkLoop
    /// The folder the file would be in is not there (given as the path to it).
    case noFolder(String)
    /// What the file would be in is a file, not a folder (given as its path).
    case notAFolder(String)
    /// This user may not write there: in the folder the file would be made in, or into the
    /// device or pipe itself (given as its path).
    case notWritable(String)
    /// The path, or a name in it, is longer than the system takes.
    case nameTooLong
    /// The path is a socket, which takes no file.
    case socket
    /// The path is one of the files that must be spared (the history, the settings).
    case keptFile
}
