import Composable
import Foundation
import Testing

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
