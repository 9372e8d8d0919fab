/// A writable key path to a part of a state, reached directly at its offset when it is a
/// stored field (`\.quizPresentation`), through the key path otherwise (a computed property).
///
/// How `Scope`, `ifLet`, `forEach` and `persisting` reach their child's state on every action:
/// applying a key path costs a call into the runtime that looks up generic metadata (about
/// 100 ns), reading a field at a known offset costs a load.
///
/// ```swift
/// let path = FieldPath(\Parent.State.child)
/// let effect = path.modify(&state) { child.reduce(into: &$0, action: childAction) }
/// ```
@usableFromInline
struct FieldPath<Root, Value> {
    @usableFromInline let keyPath: WritableKeyPath<Root, Value>
    /// The same path for reading; it holds the offset.
    @usableFromInline let reading: ReadOnlyFieldPath<Root, Value>

    @inlinable
    init(_ keyPath: WritableKeyPath<Root, Value>) {
        self.keyPath = keyPath
        self.reading = ReadOnlyFieldPath(keyPath)
    }

    /// Runs `body` on the part of `root`, in place: a uniquely held buffer in it stays unique.
    @inlinable
    func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) rethrows -> Result {
        guard let offset = reading.offset else { return try body(&root[keyPath: keyPath]) }
        // `offset(of:)` documents this use: the field lives at that many bytes into the root.
        return try withUnsafeMutablePointer(to: &root) { rootPointer in
            try body(&(UnsafeMutableRawPointer(rootPointer) + offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }

    /// Runs `body` on the part of `root` without writing it back: see `ReadOnlyFieldPath.read`.
    @inlinable
    func read<Result>(_ root: inout Root, _ body: (Value) throws -> Result) rethrows -> Result {
        try reading.read(&root, body)
    }

    /// The part of `root`, read as `read(_:_:)` reads it.
    @inlinable
    func value(in root: inout Root) -> Value {
        reading.value(in: &root)
    }
}

/// A read-only key path to a part of a state, reached directly at its offset when it is a
/// stored field: see `FieldPath`.
@usableFromInline
struct ReadOnlyFieldPath<Root, Value> {
    @usableFromInline let keyPath: KeyPath<Root, Value>
    /// Where the field is in `Root`'s memory; nil when the path is not a stored field of a struct.
    @usableFromInline let offset: Int?

    @inlinable
    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// Runs `body` on the part of `root` without writing it back: a path that is not a stored
    /// field is only read through its getter, so no setter or observer runs. The root is taken
    /// `inout` only so that it is read where it is, not copied.
    @inlinable
    func read<Result>(_ root: inout Root, _ body: (Value) throws -> Result) rethrows -> Result {
        guard let offset else { return try body(root[keyPath: keyPath]) }
        return try withUnsafeMutablePointer(to: &root) { rootPointer in
            try body((UnsafeMutableRawPointer(rootPointer) + offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }

    /// The part of `root`, read as `read(_:_:)` reads it.
    @inlinable
    func value(in root: inout Root) -> Value {
        read(&root) { $0 }
    }
}
