/// Where in a test file a failure belongs.
///
/// ```swift
/// reportFailure("boom", at: TestLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
/// ```
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
