import Testing
@testable import JapaneseNumbers

/// A counter's table is built the first time a number is read with it, on whichever thread
/// asks first. (Any lock passes this; ThreadSanitizer runs it to see the handoff.)
@Suite struct CounterTableTests {
    /// Threads that ask for a new counter's table at once all get the same one.
    @Test func aTableAskedForOnManyThreadsAtOnceIsOneTable() async throws {
        let spec = try #require(CounterCatalog.specs.first { $0.name == "本" })
        let entry = CounterEntry(spec)
        let tables = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(entry.table) } }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        #expect(tables.count == 1)
        #expect(tables.first == ObjectIdentifier(entry.table))
    }
}
