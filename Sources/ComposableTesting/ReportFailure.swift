import Testing
import XCTest

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
