import Synchronization

/// Where the runtime reports misuse it can survive: an action sent to a child that is not
/// there, an effect error nobody handled. By default a line on standard error; a test
/// support library can route it into test failures.
///
/// ```swift
/// RuntimeWarnings.report("An action was sent to a dismissed child.")
/// ```
public enum RuntimeWarnings {
    private static let handler = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Reports `message` to the current handler, or to standard error when there is none.
    public static func report(_ message: String) {
        if let handler = handler.withLock({ $0 }) {
            handler(message)
        } else {
            var standardError = StandardErrorStream()
            print("warning: \(message)", to: &standardError)
        }
    }

    /// Replaces where warnings go; nil restores standard error. Returns the previous handler.
    @discardableResult
    public static func setHandler(_ newHandler: (@Sendable (String) -> Void)?) -> (@Sendable (String) -> Void)? {
        handler.withLock { current in
            let previous = current
            current = newHandler
            return previous
        }
    }
}

struct StandardErrorStream: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            _ = writeToStandardError(buffer.baseAddress, buffer.count)
        }
    }
}

#if canImport(Glibc)
import Glibc
private func writeToStandardError(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> Int {
    Glibc.write(2, pointer, count)
}
#elseif canImport(Musl)
import Musl
private func writeToStandardError(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> Int {
    Musl.write(2, pointer, count)
}
#elseif canImport(Darwin)
import Darwin
private func writeToStandardError(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> Int {
    Darwin.write(2, pointer, count)
}
#endif
