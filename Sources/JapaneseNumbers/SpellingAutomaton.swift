/// A deterministic automaton that reads a number spelt in words (kana codes, or romaji
/// bytes) one symbol at a time, and says at each step what it has just finished reading:
/// an element of a section (三百: add 300) or a group unit (万: close the section).
///
/// It is made from a grammar of tokens, each a symbol string with an ``Action``, grouped
/// in contexts: where a token may stand, and the context after it (after 三百, an element
/// below 百 or a unit). Each context's tokens form a trie, and a state is a node of one:
/// a symbol goes down the trie, or, where the trie has no such branch and the node ends
/// a token, ends that token (the step's action) and starts the next one in the context
/// after it. So tokens are read longest first: no grammar here has a token that ends
/// where a longer one goes on to the next token's first symbol (FastPathTests read every
/// section before every unit to show it). Whatever it reads is a string of tokens, each
/// where its context allows it, so it never reads more than its grammar says. Nodes with
/// the same future are then merged into one state, which keeps the tables small.
///
/// ```swift
/// var reader = SpellingReader(automaton)
/// for symbol in codes {
///     guard reader.read(automaton.symbolClass(symbol)) else { return nil }
/// }
/// return reader.finish()   // nil: the text stops in the middle of something
/// ```
///
/// A state is named by where its row of ``classCount`` entries starts, so that a step is
/// one load (of the next state's row, at the current row plus the symbol's class) and the
/// reading of a text is a chain of such loads, with no branch on what was read.
/// The action of a step is in a table beside it, off that chain.
final class SpellingAutomaton: Sendable {
    /// What a token does when it has been read: nothing (0), add an element's value to the
    /// section (``element(pos:digit:)``, 1...36), or close the section with a group unit
    /// (``unit(_:)``, 41...44).
    typealias Action = Int

    static func element(pos: Int, digit: Int) -> Action { 1 + pos * 9 + (digit - 1) }
    static func unit(_ g: Int) -> Action { firstUnit + g }
    /// Actions above this are units: group `action - firstUnit`.
    static let firstUnit = 40

    struct Token {
        let symbols: [UInt8]
        let action: Action
        /// The context after it, an index in the grammar.
        let next: Int
    }

    struct Context {
        var tokens: [Token]
        /// Whether the text may end here (after the token that led here).
        var endsText: Bool
    }

    /// Symbols are told apart by class (0: no token has it), a row of the table has one
    /// entry per class.
    static let classCount = 32
    static let classBits = 5

    /// Symbol (0...255) to class.
    let classes: [UInt8]
    /// Entry `state + class`: the next state (its row).
    let transitions: [UInt16]
    /// Entry `state + class`: the action of that step.
    let actions: [UInt8]
    /// Entry `state >> classBits`: the action of the token the state ends, when the text may
    /// end after that token; 0 if not.
    let finals: [UInt8]
    /// Per action: the element's value (0 for nothing and for units).
    let addends: [UInt16]
    /// The state before the first symbol. State 0 is the dead one, which every wrong symbol
    /// leads to and which no symbol leaves.
    let start: Int
    let stateCount: Int

    /// Steps of two symbols at once (made when asked for, for a grammar whose tokens all
    /// have two symbols or more, so that a step ends one token at most): half as many
    /// loads one after the other. The pair of classes (c0, c1) is `pairClasses[c0 << 5 |
    /// c1]`, pairs that do the same in every state sharing a class; a state's row of
    /// ``pairStride`` entries starts at its number times that, and the entries name rows.
    let pairClasses: [UInt8]
    let pairTransitions: [UInt16]
    let pairActions: [UInt8]
    let pairStride: Int

    /// The automaton of `contexts`, starting in context `startContext`.
    init(_ contexts: [Context], startContext: Int, pairSteps: Bool = false) {
        // Classes: 1, 2, ... in the order the symbols first appear.
        var classes = [UInt8](repeating: 0, count: 256)
        var usedClasses = 1
        for context in contexts {
            for token in context.tokens {
                for symbol in token.symbols where classes[Int(symbol)] == 0 {
                    classes[Int(symbol)] = UInt8(usedClasses)
                    usedClasses += 1
                }
            }
        }
        precondition(usedClasses <= Self.classCount, "a grammar with more kinds of symbol than a row has room for")

        // One trie per context; a node is a state. State 0 is dead.
        struct Node {
            var children = [Int](repeating: 0, count: SpellingAutomaton.classCount)
            var token: Token?
        }
        var nodes = [Node()]
        var roots: [Int] = []
        for context in contexts {
            let root = nodes.count
            roots.append(root)
            nodes.append(Node())
            for token in context.tokens {
                precondition(!token.symbols.isEmpty && token.action > 0)
                var at = root
                for symbol in token.symbols {
                    let c = Int(classes[Int(symbol)])
                    if nodes[at].children[c] == 0 {
                        nodes[at].children[c] = nodes.count
                        nodes.append(Node())
                    }
                    at = nodes[at].children[c]
                }
                if let other = nodes[at].token {
                    precondition(other.action == token.action && other.next == token.next,
                                 "one spelling for two tokens in one context")
                }
                nodes[at].token = token
            }
        }
        // Each node's step on each class, and whether the text may end there.
        var steps = [(next: Int, action: Int)](repeating: (0, 0), count: nodes.count * Self.classCount)
        var ends = [Int](repeating: 0, count: nodes.count)
        for (node, content) in nodes.enumerated() where node > 0 {
            for c in 1..<Self.classCount {
                var next = content.children[c], action = 0
                if next == 0, let token = content.token {
                    // The token ends here; the symbol starts the next one, or nothing.
                    next = nodes[roots[token.next]].children[c]
                    action = next == 0 ? 0 : token.action
                }
                steps[node << Self.classBits | c] = (next, action)
            }
            if let token = content.token, contexts[token.next].endsText { ends[node] = token.action }
        }

        // Nodes with the same future are one state: the tries of contexts that differ only
        // in a few tokens share everything else, and the tables stay small enough for L1.
        let stateOf = Self.mergeEquivalent(steps: steps, ends: ends)
        stateCount = stateOf.max()! + 1
        precondition(stateCount << Self.classBits <= 1 << 16, "more states than a table entry can name")

        var transitions = [UInt16](repeating: 0, count: stateCount * Self.classCount)
        var actions = [UInt8](repeating: 0, count: stateCount * Self.classCount)
        var finals = [UInt8](repeating: 0, count: stateCount)
        for node in nodes.indices {
            let state = stateOf[node]
            for c in 0..<Self.classCount {
                let (next, action) = steps[node << Self.classBits | c]
                transitions[state << Self.classBits | c] = UInt16(stateOf[next] << Self.classBits)
                actions[state << Self.classBits | c] = UInt8(action)
            }
            finals[state] = UInt8(ends[node])
        }

        var addends = [UInt16](repeating: 0, count: 64)
        for pos in 0...3 {
            for digit in 1...9 {
                addends[Self.element(pos: pos, digit: digit)] = UInt16(digit * GroupTables.powerOfTen(pos))
            }
        }
        start = stateOf[roots[startContext]] << Self.classBits

        // Two steps as one: each pair's column (where it leads each state, and with what
        // action) once per distinct column; the all-dead column is pair class 0.
        var columns: [[Int]: Int] = [:]
        var pairColumns: [[Int]] = []
        var pairClasses = [UInt8](repeating: 0, count: Self.classCount * Self.classCount)
        if pairSteps {
            columns[[Int](repeating: 0, count: stateCount)] = 0
            pairColumns.append([Int](repeating: 0, count: stateCount))
            // Pairs with a class no token has stay in pair class 0, dead.
            for c0 in 0..<usedClasses {
                for c1 in 0..<usedClasses {
                    var column: [Int] = []
                    for state in 0..<stateCount {
                        let first = state << Self.classBits | c0
                        let second = Int(transitions[first]) | c1
                        let (action0, action1) = (Int(actions[first]), Int(actions[second]))
                        precondition(action0 == 0 || action1 == 0, "two tokens ended in one pair of symbols")
                        column.append((Int(transitions[second]) >> Self.classBits) << 8 | action0 | action1)
                    }
                    let id = columns[column] ?? {
                        columns[column] = pairColumns.count
                        pairColumns.append(column)
                        return pairColumns.count - 1
                    }()
                    pairClasses[c0 << Self.classBits | c1] = UInt8(id)
                }
            }
        }
        pairStride = pairColumns.count
        precondition(pairStride <= 256 && stateCount * pairStride <= 1 << 16, "too many pairs for a table entry")
        // Zeroed first (the dead state, no action): a kana automaton has no pairs, and its
        // one-entry tables must still hold something defined.
        let pairEntries = max(stateCount * pairStride, 1)
        var pairTransitions = [UInt16](repeating: 0, count: pairEntries)
        var pairActions = [UInt8](repeating: 0, count: pairEntries)
        for (pairClass, column) in pairColumns.enumerated() {
            for state in 0..<stateCount {
                pairTransitions[state * pairStride + pairClass] = UInt16((column[state] >> 8) * pairStride)
                pairActions[state * pairStride + pairClass] = UInt8(column[state] & 0xFF)
            }
        }
        self.classes = classes
        self.transitions = transitions
        self.actions = actions
        self.finals = finals
        self.addends = addends
        self.pairClasses = pairClasses
        self.pairTransitions = pairTransitions
        self.pairActions = pairActions
    }

    /// The state of each node: nodes that end the text alike and step alike on every class
    /// (the same action, to nodes of the same state) share one, found by refining a
    /// partition until it no longer splits. Node 0, the dead one, is state 0.
    static func mergeEquivalent(steps: [(next: Int, action: Int)], ends: [Int]) -> [Int] {
        var block = ends
        var blockCount = Set(block).count
        while true {
            var ids: [[Int]: Int] = [:]
            var refined = [Int](repeating: 0, count: block.count)
            for node in block.indices {
                // The steps to the dead node are left out: the signature stays short, and no
                // live node is like the dead one (each can still end the text).
                var signature = [block[node]]
                for c in 0..<classCount {
                    let (next, action) = steps[node << classBits | c]
                    if next != 0 { signature.append(c << 32 | action << 16 | block[next]) }
                }
                refined[node] = ids[signature] ?? {
                    ids[signature] = ids.count
                    return ids.count - 1
                }()
            }
            block = refined
            if ids.count == blockCount { break }
            blockCount = ids.count
        }
        // Renumbered so that the dead node's state is 0.
        let dead = block[0]
        return block.map { $0 == dead ? 0 : $0 == 0 ? dead : $0 }
    }

    @inline(__always)
    func symbolClass(_ symbol: UInt8) -> Int { Int(classes[Int(symbol)]) }

}

/// A reading in progress: the automaton, its state, and what the text read so far comes
/// to: the groups closed and the section being read.
struct SpellingReader {
    let automaton: SpellingAutomaton
    var state: Int
    var total: UInt64 = 0
    var section: UInt64 = 0
    var lastGroup = 5

    @inline(__always)
    init(_ automaton: SpellingAutomaton) {
        self.automaton = automaton
        state = automaton.start
    }

    /// A reader that starts in pair steps (``readPair(_:)``), then ``leavePairs(_:)``.
    @inline(__always)
    init(pairsOf automaton: SpellingAutomaton) {
        self.init(automaton)
        state = (automaton.start >> SpellingAutomaton.classBits) * automaton.pairStride
    }

    /// Reads two symbols, a pair of class `pairClass` (``SpellingAutomaton/pairClasses``),
    /// with the reader in pair steps (see ``init(pairsOf:)``).
    @inline(__always)
    mutating func readPair(_ pairClass: Int) -> Bool {
        let at = state &+ pairClass
        state = Int(automaton.pairTransitions[at])
        return apply(Int(automaton.pairActions[at]))
    }

    /// Back from pair steps to single ones (to read an odd last symbol, and to finish).
    @inline(__always)
    mutating func leavePairs(_ automaton: SpellingAutomaton) {
        state = (state / automaton.pairStride) << SpellingAutomaton.classBits
    }

    /// Reads a symbol of class `symbolClass`; false when it makes no number (a unit out
    /// of order, too large a number). A wrong symbol leads to the dead state and is only
    /// refused at the end.
    @inline(__always)
    mutating func read(_ symbolClass: Int) -> Bool {
        let at = state &+ symbolClass
        state = Int(automaton.transitions[at])
        return apply(Int(automaton.actions[at]))
    }

    /// The number read, or nil when the text may not end here.
    @inline(__always)
    mutating func finish() -> Int64? {
        let last = Int(automaton.finals[state >> SpellingAutomaton.classBits])
        guard last != 0, apply(last), let sum = QuickParser.adding(section, to: total),
              sum > 0, sum <= UInt64(Int64.max)
        else { return nil }
        return Int64(sum)
    }

    @inline(__always)
    mutating func apply(_ action: SpellingAutomaton.Action) -> Bool {
        section &+= UInt64(automaton.addends[action])
        if action > SpellingAutomaton.firstUnit {
            let g = action - SpellingAutomaton.firstUnit
            guard g < lastGroup, let next = QuickParser.adding(section, times: QuickParser.groupPower(g), to: total)
            else { return false }
            total = next
            section = 0
            lastGroup = g
        }
        return true
    }
}
