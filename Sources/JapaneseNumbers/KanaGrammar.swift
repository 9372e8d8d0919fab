/// A reason the parser gives a learner; written as a string literal.
struct Reason: Error, Equatable, ExpressibleByStringInterpolation {
    var text: String
    init(_ text: String) { self.text = text }
    init(stringLiteral value: String) { text = value }
    init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
}

/// The grammar of a number read in kana: a tokenizer over the number words,
/// then sections of 千 百 十 and a digit under descending 万 億 兆 京, then a
/// check of every element's spelling against the generator's own table.
enum KanaGrammar {
    enum Kind: UInt8 { case digit, unit, group, minus }

    struct Token {
        var kind: Kind
        /// The digit, the unit's position (1 十, 2 百, 3 千) or the group (1 万 ... 4 京).
        var value: Int
        var start: Int
        var end: Int
    }

    /// The number words, grouped by first kana and longest first within a group.
    static let words: [(scalars: [UInt32], kind: Kind, value: Int)] = {
        let list: [(String, Kind, Int)] = [
            ("ぜろ", .digit, 0), ("れい", .digit, 0), ("いち", .digit, 1), ("いっ", .digit, 1),
            ("に", .digit, 2), ("さん", .digit, 3), ("よん", .digit, 4), ("し", .digit, 4),
            ("ご", .digit, 5), ("ろく", .digit, 6), ("ろっ", .digit, 6), ("なな", .digit, 7),
            ("しち", .digit, 7), ("はち", .digit, 8), ("はっ", .digit, 8), ("きゅう", .digit, 9),
            ("く", .digit, 9),
            ("じゅう", .unit, 1), ("じゅっ", .unit, 1), ("じっ", .unit, 1),
            ("ひゃく", .unit, 2), ("びゃく", .unit, 2), ("ぴゃく", .unit, 2),
            ("ひゃっ", .unit, 2), ("びゃっ", .unit, 2), ("ぴゃっ", .unit, 2),
            ("せん", .unit, 3), ("ぜん", .unit, 3),
            ("まん", .group, 1), ("おく", .group, 2), ("ちょう", .group, 3), ("けい", .group, 4),
            ("まいなす", .minus, 0),
        ]
        return list.map { (Array($0.0.unicodeScalars.map(\.value)), $0.1, $0.2) }
            .sorted { ($0.scalars[0], -$0.scalars.count) < ($1.scalars[0], -$1.scalars.count) }
    }()

    /// For each hiragana (index: scalar - 0x3041), the range of `words` starting with it.
    static let wordsByFirstKana: [Range<Int>] = {
        var ranges = [Range<Int>](repeating: 0..<0, count: 0x60)
        var i = 0
        while i < words.count {
            let first = words[i].scalars[0]
            var j = i
            while j < words.count && words[j].scalars[0] == first { j += 1 }
            ranges[Int(first - 0x3041)] = i..<j
            i = j
        }
        return ranges
    }()

    /// The tokens of `s`; a message quotes `typed` (the same text with ー as typed, at the
    /// same positions) when there is one.
    static func tokenize(_ s: ArraySlice<UInt32>, typed: [UInt32]? = nil) -> Result<[Token], Reason> {
        var tokens: [Token] = []
        tokens.reserveCapacity(s.count / 2 + 1)
        var i = s.startIndex
        outer: while i < s.endIndex {
            let v = s[i]
            if v >= 0x3041 && v < 0x3041 + 0x60 {
                for w in wordsByFirstKana[Int(v - 0x3041)] {
                    let word = words[w].scalars
                    if i + word.count <= s.endIndex && matches(s, at: i, word) {
                        tokens.append(Token(kind: words[w].kind, value: words[w].value, start: i, end: i + word.count))
                        i += word.count
                        continue outer
                    }
                }
            }
            let shown = typed.map { $0[i..<s.endIndex] } ?? s[i...]
            // ー after a digit that has no long vowel: ごー, にー (as phone numbers are read).
            if shown.first == KanaInput.longVowelMark, let last = tokens.last, last.kind == .digit, last.end == i {
                return .failure("\(NumberTables.digitKanji[last.value]) is read \(KanaInput.string(s[last.start..<last.end])), without ー")
            }
            return .failure("cannot read \(ParseError.excerpt(of: KanaInput.string(shown))) as part of a number")
        }
        return .success(tokens)
    }

    @inline(__always)
    static func matches(_ s: ArraySlice<UInt32>, at start: Int, _ word: [UInt32]) -> Bool {
        var k = 0
        while k < word.count {
            if s[start + k] != word[k] { return false }
            k += 1
        }
        return true
    }

    /// One element (千 百 十 or a digit, with its multiplier) as found in the input.
    struct Element {
        var pos: Int
        var digit: Int
        var start: Int
        var end: Int
        var follow: Follow = .inner
        /// Already known to be spelled right (a matched counter tail).
        var checked = false
    }

    /// One of group `g` as it is said, from the reading generator so the hint
    /// has its sound change: いちまん, いちおく, いっちょう, いっけい.
    static func oneOfGroup(_ g: Int) -> String {
        (try? JapaneseNumbers.reading(of: Int64(NumberTables.groupPowers[g])).hiragana)
            ?? "いち" + NumberTables.groupKana[g]
    }

    /// The magnitude and sign of a kana number, or why it is not one.
    ///
    /// `final` is the last element when a counter tail has been cut off the
    /// end; `checkSpelling: false` skips the sound-change check (used only to
    /// find out which number a misspelled answer meant). Messages quote `typed`,
    /// the text with ー as typed, when there is one.
    static func read(_ s: ArraySlice<UInt32>, final: FinalElement?, checkSpelling: Bool,
                     typed: [UInt32]? = nil) -> Result<(UInt64, Bool), Reason> {
        let tokens: [Token]
        switch tokenize(s, typed: typed) {
        case .success(let t): tokens = t
        case .failure(let reason): return .failure(reason)
        }
        var index = 0
        var negative = false
        if let first = tokens.first, first.kind == .minus { negative = true; index = 1 }
        if tokens.isEmpty && final == nil { return .failure("type a number") }

        // Zero stands alone.
        let rest = tokens[index...]
        if rest.contains(where: { $0.kind == .digit && $0.value == 0 }) {
            if rest.count == 1 && final == nil { return .success((0, negative)) }
            return .failure("ゼロ (0) cannot be part of a longer number")
        }
        if final == .ones(0) {
            if rest.isEmpty { return .success((0, negative)) }
            return .failure("ゼロ (0) cannot be part of a longer number")
        }

        var total: UInt64 = 0, section: UInt64 = 0
        var lastPos = 4, lastGroup = 5
        var pending: Token? = nil
        var elements: [Element] = []
        elements.reserveCapacity(20)
        var sectionStart = 0

        func digitName(_ d: Int) -> String { NumberTables.digitKanji[d] }

        func closeSection(follow: Follow) {
            if let p = pending {
                elements.append(Element(pos: 0, digit: p.value, start: p.start, end: p.end))
                section += UInt64(p.value)
                pending = nil
            }
            if elements.count > sectionStart { elements[elements.count - 1].follow = follow }
        }

        func addGroup(_ g: Int) -> Reason? {
            let unit = NumberTables.groupKanji[g]
            if lastGroup < 5 && g >= lastGroup && section == 0 && pending == nil {
                return "\(unit) cannot follow \(NumberTables.groupKanji[lastGroup])"
            }
            closeSection(follow: .group(g))
            if section == 0 { return "\(unit) needs a number before it, as in \(oneOfGroup(g))" }
            if g >= lastGroup { return "\(unit) cannot follow \(NumberTables.groupKanji[lastGroup])" }
            let (product, o1) = section.multipliedReportingOverflow(by: NumberTables.groupPowers[g])
            let (sum, o2) = total.addingReportingOverflow(product)
            if o1 || o2 { return Reason(NumberParser.tooLarge) }
            total = sum
            section = 0
            lastPos = 4
            lastGroup = g
            sectionStart = elements.count
            return nil
        }

        func addUnit(_ pos: Int, multiplier: Token?, start: Int, end: Int, checked: Bool) -> Reason? {
            let unit = NumberTables.unitKanji[pos]
            if pos >= lastPos { return "\(unit) cannot follow \(NumberTables.unitKanji[lastPos])" }
            let d = multiplier?.value ?? 1
            elements.append(Element(pos: pos, digit: d, start: multiplier?.start ?? start, end: end, checked: checked))
            section += UInt64(d) * NumberTables.powersOfTen[pos]
            lastPos = pos
            return nil
        }

        for token in rest {
            switch token.kind {
            case .minus:
                return .failure("マイナス can only come first")
            case .digit:
                if let p = pending { return .failure("\(digitName(token.value)) cannot follow \(digitName(p.value))") }
                pending = token
            case .unit:
                if let reason = addUnit(token.value, multiplier: pending, start: token.start, end: token.end, checked: false) {
                    return .failure(reason)
                }
                pending = nil
            case .group:
                if let reason = addGroup(token.value) { return .failure(reason) }
            }
        }

        switch final {
        case nil:
            closeSection(follow: .end)
        case .ones(let d)?:
            if let p = pending { return .failure("\(digitName(d)) cannot follow \(digitName(p.value))") }
            elements.append(Element(pos: 0, digit: d, start: s.endIndex, end: s.endIndex, follow: .end, checked: true))
            section += UInt64(d)
        case .unit(let pos, let d)?:
            if let p = pending {
                return .failure("\(d == 1 ? "" : digitName(d))\(NumberTables.unitKanji[pos]) cannot follow \(digitName(p.value))")
            }
            if let reason = addUnit(pos, multiplier: nil, start: s.endIndex, end: s.endIndex, checked: true) {
                return .failure(reason)
            }
            elements[elements.count - 1].digit = d
            section += UInt64(d - 1) * NumberTables.powersOfTen[pos]
        case .group(let g)?:
            if let reason = addGroup(g) { return .failure(reason) }
        }
        let (sum, overflow) = total.addingReportingOverflow(section)
        if overflow { return .failure(Reason(NumberParser.tooLarge)) }
        if elements.isEmpty { return .failure("type a number") }

        if checkSpelling {
            for element in elements where !element.checked {
                let allowed = NumberTables.chunk(pos: element.pos, digit: element.digit, follow: element.follow)
                let written = s[element.start..<element.end]
                var found = false
                for form in allowed where form.scalars.count == written.count && matches(s, at: element.start, form.scalars) {
                    found = true
                    break
                }
                if !found {
                    var name = element.pos > 0 && element.digit == 1 ? "" : NumberTables.digitKanji[element.digit]
                    name += NumberTables.unitKanji[element.pos]
                    var after = ""
                    if element.follow.rawValue >= Follow.man.rawValue {
                        let g = element.follow.rawValue - 1
                        name += NumberTables.groupKanji[g]
                        after = NumberTables.groupKana[g]
                    }
                    let shown = typed.map { $0[element.start..<element.end] } ?? written
                    return .failure("\(name) is read \(allowed[0].hiragana)\(after), not \(ParseError.excerpt(of: KanaInput.string(shown)))\(after)")
                }
            }
        }
        return .success((sum, negative))
    }
}
