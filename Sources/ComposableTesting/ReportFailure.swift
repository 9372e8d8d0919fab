import Composable
import Foundation
import Testing
import XCTest

/// Where in a test file a failure belongs.
public struct TestLocation: Sendable {
    public var fileID: StaticString
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Fails the running test with `message`, through Swift Testing when a Swift Testing test is
/// running and through XCTest otherwise.
///
/// ```swift
/// reportFailure("Expected 2, got 3", at: location)
/// ```
public func reportFailure(_ message: String, at location: TestLocation) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(location.fileID)", filePath: "\(location.filePath)",
                line: Int(location.line), column: Int(location.column)))
    } else {
        XCTFail(message, file: location.filePath, line: location.line)
    }
}

/// Turns the runtime's warnings into failures of the test that caused them, for as long as
/// the process runs; installed by the first `TestStore`. Outside a Swift Testing test (where
/// the warning cannot be pinned on a test) warnings still go to standard error.
enum RuntimeWarningsAsFailures {
    static let installed: Void = {
        let fallback = RuntimeWarnings.setHandler(nil)
        RuntimeWarnings.setHandler { message in
            if Test.current != nil {
                Issue.record(Comment(rawValue: "Runtime warning: " + message))
            } else if let fallback {
                fallback(message)
            } else {
                var standardError = StandardError()
                print("warning: \(message)", to: &standardError)
            }
        }
    }()
}

private struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
