/// The last element of a reading when a counter has been matched at its end:
/// the parser knows its value and that its spelling is right.
enum FinalElement: Sendable, Equatable {
    case ones(Int)
    case unit(pos: Int, digit: Int)
    case group(Int)
}

/// Reads what a learner typed: digits, kanji, kana or romaji, with or without a counter.
@usableFromInline
enum NumberParser {
    typealias Outcome = Result<Int64, Reason>

    @usableFromInline
    static func parse(_ text: String, counter: Counter?) -> Result<Int64, ParseError> {
        if counter == nil, let value = QuickParser.parse(text) { return .success(value) }
        switch parseReason(text, counter: counter) {
        case .success(let n): return .success(n)
        case .failure(let reason): return .failure(ParseError(input: text, reason: reason.text))
        }
    }

    static func parseReason(_ text: String, counter: Counter?) -> Outcome {
        // ー is kept as typed, for messages to quote; the kana reader resolves it.
        var s = KanaInput.normalize(text, resolvingLongVowelMark: false)
        trim(&s)
        if s.isEmpty { return .failure("type a number") }
        if s.first == 0xA5 || s.first == 0xFFE5 { s.removeFirst(); trim(&s) }   // ¥ before yen
        guard s.first == 0x2B else {
            let outcome = unsigned(s, counter: counter)
            // A plus after a minus in any writing ("-+5", "まいなす +5"), looked for only in
            // text that did not read.
            if case .failure = outcome, hasPlusAfterMinus(s) { return .failure(bothSigns) }
            return outcome
        }
        // A plus sign before a number ("+8", as kazu read takes +5) leaves it as it is.
        s.removeFirst()
        trim(&s)
        if s.isEmpty { return .failure("type a number after +") }
        if s.first == 0x2B { return .failure("a number takes one +, or none") }
        // A minus after it, in any writing (+-5, +まいなすさん, +minus zero): zero included.
        if s.first == 0x2D || s.starts(with: minusKana) || s.starts(with: minusWord) { return .failure(bothSigns) }
        let outcome = unsigned(s, counter: counter)
        // まいなす or minus after the plus.
        if case .success(let n) = outcome, n < 0 { return .failure(bothSigns) }
        return outcome
    }

    static let bothSigns: Reason = "a number takes one sign, + or -, not both"

    /// Whether `s` starts with a minus, in any writing, and then a plus.
    static func hasPlusAfterMinus(_ s: [UInt32]) -> Bool {
        minusSigns.contains { minus in
            s.starts(with: minus) && s.dropFirst(minus.count).first(where: { $0 != 0x20 }) == 0x2B
        }
    }

    /// The number in `s` (normalized and trimmed, a plus sign taken off), or why it is not one.
    static func unsigned(_ s: [UInt32], counter: Counter?) -> Outcome {
        // A written counter after digits or kanji: "3本", "１２ヶ月".
        if let counter {
            for form in writtenForms(counter) where form.count < s.count && s.suffix(form.count).elementsEqual(form) {
                var rest = Array(s.dropLast(form.count))
                trim(&rest)
                if !rest.isEmpty && rest.allSatisfy(isNumeralOrSeparator) {
                    return checkRange(numeral(rest), counter)
                }
                // What is wrong is the number before the written counter ("3x本"), not the
                // counter. (A counter spelled in kana or romaji, ひとつ's つ or tō, is read with
                // its number below.)
                guard !rest.isEmpty, form.contains(where: { !KanaInput.isHiragana($0) && !KanaInput.isLatin($0) }) else { continue }
                switch unsigned(rest, counter: nil) {
                case .failure(let reason):
                    return .failure(reason)
                case .success(let number):
                    return .failure("\(counter.name) goes after digits or kanji (\(number)\(counter.name)); after kana or romaji, write the counter the same way")
                }
            }
        }

        // After the counter: "1e3本" is 1e3, then 本.
        if let reason = exponentReason(s) { return .failure(reason) }

        var hasLatin = false, hasKana = false, hasNumeral = false
        for (i, v) in s.enumerated() {
            if KanaInput.isLatin(v) || v == 0x27 { hasLatin = true }
            else if KanaInput.isHiragana(v) { hasKana = true }
            // ー after kana lengthens it (じゅー); anywhere else it is not part of a number.
            else if v == KanaInput.longVowelMark, i > 0, KanaInput.longVowel(after: s[i - 1]) != nil
                        || s[i - 1] == KanaInput.longVowelMark { hasKana = true }
            else if isNumeralOrSeparator(v) { if v != 0x20 && v != 0x2D { hasNumeral = true } }
            else { return .failure("\(ParseError.excerpt(of: KanaInput.string([v]))) is not part of a number") }
        }
        if hasLatin && (hasKana || hasNumeral) {
            return .failure("it mixes romaji with other writing; write the whole number one way")
        }
        if hasKana && hasNumeral {
            if s.starts(with: minusKana) && !s.dropFirst(minusKana.count).contains(where: KanaInput.isHiragana) {
                return checkRange(numeral(s), counter)
            }
            return .failure("it mixes kana with digits or kanji; write the whole number one way")
        }
        if hasNumeral { return checkRange(numeral(s), counter) }
        if hasLatin { return romaji(s, counter: counter) }
        var kanaText = s.filter { $0 != 0x20 }
        // A minus sign before kana ("-さん", "－さん") is read as まいなす, as it is before digits and romaji.
        if kanaText.first == 0x2D { kanaText = minusKana + kanaText.dropFirst() }
        return kana(kanaText, counter: counter, fromRomaji: false)
    }

    /// Why `s` is refused when it is a number in exponent notation ("1e3", "-2.5E3", "1e+3"),
    /// with the number in digits when it is a whole one; without a number when something
    /// follows it or its exponent has two signs ("1e3つ", "1e+-3"); nil for anything else.
    static func exponentReason(_ s: [UInt32]) -> Reason? {
        // A minus in any writing first ("-", "まいなす", "minus"), and spaces after it.
        var i = 0
        for sign in [[0x2D], minusKana, minusWord] where s.starts(with: sign) { i = sign.count }
        let negative = i > 0
        while i < s.count, s[i] == 0x20 { i += 1 }
        var mantissa: [UInt32] = []
        var fractionDigits = 0
        var sawPoint = false
        // Commas group the digits before the point ("1,000e3").
        while i < s.count, isASCIIDigit(s[i]) || (s[i] == 0x2E && !sawPoint) || (s[i] == 0x2C && !sawPoint && !mantissa.isEmpty) {
            if s[i] == 0x2E { sawPoint = true } else if s[i] != 0x2C { mantissa.append(s[i]); if sawPoint { fractionDigits += 1 } }
            i += 1
        }
        guard !mantissa.isEmpty, i < s.count, s[i] == 0x65 else { return nil }   // e (E is folded to e)
        i += 1
        var exponentIsNegative = false
        var signs = 0
        while i < s.count, s[i] == 0x2B || s[i] == 0x2D { exponentIsNegative = s[i] == 0x2D; signs += 1; i += 1 }
        let exponentStart = i
        while i < s.count, isASCIIDigit(s[i]) { i += 1 }
        guard i > exponentStart else { return nil }

        let unsupported = "exponent notation is not supported"
        // Something after it ("1e3つ", "1e3 本") or signs doubled ("1e+-3"): no one number to offer.
        if signs > 1 || i < s.count { return Reason(unsupported) }
        i = exponentStart
        let tooLarge = negative
            ? Reason("\(unsupported), and the number is too small: the smallest is \(Int64.min)")
            : Reason("\(unsupported), and the number is too large: the largest is \(Int64.max)")
        // One pass, not one shift of the whole array per zero: a line of a million zeros took 40 s.
        mantissa.removeFirst(min(mantissa.count - 1, mantissa.prefix(while: { $0 == 0x30 }).count))
        if mantissa == [0x30] { return Reason("\(unsupported); type 0") }
        // Held at 2^40, more than any text has digits to make up for: beyond it, too large or not whole.
        let exponent = s[i...].reduce(0) { min($0 * 10 + Int($1 - 0x30), 1 << 40) }
        var shift = (exponentIsNegative ? -exponent : exponent) - fractionDigits
        while shift < 0, mantissa.count > 1, mantissa.last == 0x30 { mantissa.removeLast(); shift += 1 }
        if shift < 0 { return Reason("\(unsupported); type a whole number in digits") }
        if mantissa.count + shift > 19 { return tooLarge }
        let digits = mantissa + [UInt32](repeating: 0x30, count: shift)
        let magnitude = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }   // at most 19 digits: fits
        guard case .success(let n) = int64(magnitude, negative: negative) else { return tooLarge }
        return Reason("\(unsupported); type \(n)")
    }

    static let minusKana: [UInt32] = "まいなす".unicodeScalars.map(\.value)
    static let minusWord: [UInt32] = "minus".unicodeScalars.map(\.value)
    /// A minus in each writing: the sign, the kana, the word.
    static let minusSigns: [[UInt32]] = [[0x2D], minusKana, minusWord]

    static func trim(_ s: inout [UInt32]) {
        while let last = s.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { s.removeLast() }
        var start = 0
        while start < s.count, s[start] == 0x20 || s[start] == 0x09 { start += 1 }
        if start > 0 { s.removeFirst(start) }
    }

    static func writtenForms(_ counter: Counter) -> [[UInt32]] {
        var forms = [counter.name, counter.table.kanji] + counter.table.aliases
        forms = forms.filter { $0.unicodeScalars.contains { $0.value > 0x7F } }
        return forms.map { KanaInput.normalize($0) }.sorted { $0.count > $1.count }
    }

    static func checkRange(_ outcome: Outcome, _ counter: Counter?) -> Outcome {
        guard let counter, case .success(let n) = outcome, !counter.validRange.contains(n) else { return outcome }
        return .failure("\(counter.name) \(ReadingError.rangePhrase(counter.validRange)); \(n) is out of range")
    }

    static func int64(_ magnitude: UInt64, negative: Bool) -> Outcome {
        if negative {
            if magnitude == UInt64(Int64.max) + 1 { return .success(Int64.min) }
            if magnitude <= UInt64(Int64.max) { return .success(-Int64(magnitude)) }
            return .failure("too small: the smallest number is -9223372036854775808")
        }
        if magnitude <= UInt64(Int64.max) { return .success(Int64(magnitude)) }
        return .failure(Reason(tooLarge))
    }

    static let tooLarge = "too large: the largest number is 9223372036854775807"

    // MARK: Digits and kanji

    static func kanjiDigit(_ v: UInt32) -> UInt64? {
        switch v {
        case 0x30...0x39: return UInt64(v - 0x30)
        case 0x3007, 0x96F6: return 0        // 〇 零
        case 0x4E00: return 1
        case 0x4E8C: return 2
        case 0x4E09: return 3
        case 0x56DB: return 4
        case 0x4E94: return 5
        case 0x516D: return 6
        case 0x4E03: return 7
        case 0x516B: return 8
        case 0x4E5D: return 9
        default: return nil
        }
    }

    static func smallUnit(_ v: UInt32) -> Int? {
        switch v {
        case 0x5341: return 1   // 十
        case 0x767E: return 2   // 百
        case 0x5343: return 3   // 千
        default: return nil
        }
    }

    static func groupUnit(_ v: UInt32) -> Int? {
        switch v {
        case 0x4E07, 0x842C: return 1   // 万 萬
        case 0x5104: return 2           // 億
        case 0x5146: return 3           // 兆
        case 0x4EAC: return 4           // 京
        default: return nil
        }
    }

    static func isSeparator(_ v: UInt32) -> Bool {
        v == 0x2C || v == 0x3001 || v == 0x5F || v == 0x20 || v == 0x27 || v == 0xFF64
    }

    static func isNumeralOrSeparator(_ v: UInt32) -> Bool {
        kanjiDigit(v) != nil || smallUnit(v) != nil || groupUnit(v) != nil || isSeparator(v) || v == 0x2D || v == 0x2E
    }

    /// Arabic digits, kanji, or both: 12345, １２,３４５, 三百二十一, 3万2千, 二〇二四.
    static func numeral(_ s: [UInt32]) -> Outcome {
        if let reason = checkGrouping(s) { return .failure(reason) }
        var i = 0
        var negative = false
        if s.starts(with: minusKana) { negative = true; i = minusKana.count }
        else if s.first == 0x2D { negative = true; i = 1 }
        while i < s.count && s[i] == 0x20 { i += 1 }
        var total: UInt64 = 0, section: UInt64 = 0
        var pending: UInt64? = nil
        var lastPos = 4, lastGroup = 5
        var sawAnything = false
        while i < s.count {
            let v = s[i]
            defer { i += 1 }
            if let d = kanjiDigit(v) {
                let (times, o1) = (pending ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(d)
                if o1 || o2 { return .failure(Reason(tooLarge)) }
                pending = sum
                sawAnything = true
            } else if isSeparator(v) {
                let before = i > 0 && (0x30...0x39).contains(s[i - 1])
                let after = i + 1 < s.count && (0x30...0x39).contains(s[i + 1])
                if !(before && after) { return .failure("\(v == 0x20 ? "a space" : KanaInput.string([v])) can only separate digits") }
            } else if v == 0x2E {
                return .failure("decimals are not supported; type a whole number")
            } else if v == 0x2D {
                return .failure("a minus sign can only come first")
            } else if let pos = smallUnit(v) {
                let unit = NumberTables.unitKanji[pos]
                if let p = pending, p > 9 { return .failure("\(unit) takes a single digit before it") }
                if pos >= lastPos { return .failure("\(unit) cannot follow \(NumberTables.unitKanji[lastPos])") }
                if pending == 0 { return .failure("\(unit) cannot follow 〇") }
                section += (pending ?? 1) * NumberTables.powersOfTen[pos]
                lastPos = pos
                pending = nil
                sawAnything = true
            } else if let g = groupUnit(v) {
                let unit = NumberTables.groupKanji[g]
                if let p = pending {
                    if lastPos < 4 && p > 9 { return .failure("\(unit) cannot take \(p) after \(NumberTables.unitKanji[lastPos])") }
                    section += p
                }
                if g >= lastGroup && lastGroup < 5 { return .failure("\(unit) cannot follow \(NumberTables.groupKanji[lastGroup])") }
                if section == 0 { return .failure("\(unit) needs a number before it, as in 一\(unit)") }
                if section > 9999 { return .failure("the number before \(unit) must be below 10000") }
                let (product, o1) = section.multipliedReportingOverflow(by: NumberTables.groupPowers[g])
                let (sum, o2) = total.addingReportingOverflow(product)
                if o1 || o2 { return .failure(Reason(tooLarge)) }
                total = sum
                section = 0
                pending = nil
                lastPos = 4
                lastGroup = g
                sawAnything = true
            } else {
                return .failure("\(KanaInput.string([v])) is not part of a number")
            }
        }
        if !sawAnything { return .failure("type a number") }
        if let p = pending {
            if lastPos < 4 && p > 9 { return .failure("\(p) cannot follow \(NumberTables.unitKanji[lastPos])") }
            if lastGroup < 5 && lastPos == 4 && p > 9999 {
                return .failure("at most four digits can follow \(NumberTables.groupKanji[lastGroup])")
            }
            section += p
        }
        let (sum, overflow) = total.addingReportingOverflow(section)
        if overflow { return .failure(Reason(tooLarge)) }
        return int64(sum, negative: negative)
    }

    @inline(__always)
    static func isASCIIDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }

    /// Separators between digits group thousands, one kind throughout: 1,000 and 12,345,678
    /// (or 1 000, 1'000) are numbers; 1,00, 12,34 and 5 5 are typos, and grading them as
    /// 100, 1234 and 55 would mark a slip right. A run with no separator is not checked.
    static func checkGrouping(_ s: [UInt32]) -> Reason? {
        var i = 0
        while i < s.count {
            guard isASCIIDigit(s[i]) else { i += 1; continue }
            let start = i
            var groupSizes: [Int] = []
            var size = 0
            var separator: UInt32? = nil
            var mixed = false
            while i < s.count {
                if isASCIIDigit(s[i]) {
                    size += 1
                } else if isSeparator(s[i]), i + 1 < s.count, isASCIIDigit(s[i + 1]) {
                    if let separator, separator != s[i] { mixed = true }
                    separator = s[i]
                    groupSizes.append(size)
                    size = 0
                } else {
                    break
                }
                i += 1
            }
            guard let separator else { continue }
            groupSizes.append(size)
            let digits = s[start..<i].filter(isASCIIDigit)
            if mixed {
                return Reason("it mixes separators; group thousands one way, as in \(thousands(digits))")
            }
            if groupSizes[0] > 3 || groupSizes.dropFirst().contains(where: { $0 != 3 }) {
                let together = ParseError.excerpt(of: KanaInput.string(digits))
                let grouped = digits.count > 3 ? " or \(thousands(digits))" : ""
                if separator == 0x20 {
                    return Reason("a space splits the digits; type them together (\(together))\(grouped)")
                }
                return Reason("separators must group thousands, three digits after each; type \(together)\(grouped)")
            }
        }
        return nil
    }

    /// `digits` grouped in thousands with commas: 1234567 is 1,234,567.
    static func thousands(_ digits: [UInt32]) -> String {
        var grouped: [UInt32] = []
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(0x2C) }
            grouped.append(digit)
        }
        return ParseError.excerpt(of: KanaInput.string(grouped))
    }

    // MARK: Romaji

    static func romaji(_ s: [UInt32], counter: Counter?) -> Outcome {
        var letters = s
        var negative = false
        if letters.first == 0x2D { negative = true; letters.removeFirst() }
        if letters.starts(with: minusWord) { negative = true; letters.removeFirst(minusWord.count) }
        let (prepared, ambiguous) = KanaInput.prepareRomaji(letters)
        var firstFailure: Outcome? = nil
        for mask in 0..<(1 << ambiguous.count) {
            guard let candidate = KanaInput.kana(fromRomaji: prepared, ambiguous: ambiguous, mask: mask) else {
                if mask == 0 { return .failure("cannot read it as romaji") }
                continue
            }
            let kana = negative ? minusKana + candidate : candidate
            let outcome = Self.kana(kana, counter: counter, fromRomaji: true)
            if case .success = outcome { return outcome }
            if firstFailure == nil { firstFailure = outcome }
        }
        return firstFailure!
    }

    // MARK: Kana

    /// The number `typed` reads in kana; ー in it is read as the long vowel it stands for
    /// and quoted as typed.
    static func kana(_ typed: [UInt32], counter: Counter?, fromRomaji: Bool) -> Outcome {
        let s = KanaInput.resolvingLongVowels(typed)
        guard let counter else {
            switch KanaGrammar.read(s[...], final: nil, checkSpelling: true, typed: typed) {
            case .success(let (magnitude, negative)): return int64(magnitude, negative: negative)
            case .failure(let reason): return .failure(reason)
            }
        }
        let table = counter.table
        if let n = table.exactLookup[fromRomaji ? KanaInput.foldLongO(s) : s] { return .success(n) }

        var firstFailure: String? = nil
        for tail in table.tails where tail.scalars.count <= s.count && s.suffix(tail.scalars.count).elementsEqual(tail.scalars) {
            let prefix = s.dropLast(tail.scalars.count)
            switch KanaGrammar.read(prefix, final: tail.element, checkSpelling: true, typed: typed) {
            case .failure(let reason):
                if firstFailure == nil { firstFailure = reason.text }
            case .success(let (magnitude, negative)):
                let outcome = checkRange(int64(magnitude, negative: negative), counter)
                if case .success(let n) = outcome, table.exact[n] != nil {
                    return .failure(Reason(misread(n, counter)))
                }
                return outcome
            }
        }
        // A bare number, without the counter.
        if case .success(let (magnitude, negative)) = KanaGrammar.read(s[...], final: nil, checkSpelling: true) {
            return checkRange(int64(magnitude, negative: negative), counter)
        }
        // The counter with the wrong sound change: say what the right one is.
        for spelling in table.spellings where spelling.count < s.count && s.suffix(spelling.count).elementsEqual(spelling) {
            let prefix = s.dropLast(spelling.count)
            switch KanaGrammar.read(prefix, final: nil, checkSpelling: false, typed: typed) {
            case .success(let (magnitude, negative)):
                let outcome = checkRange(int64(magnitude, negative: negative), counter)
                guard case .success(let n) = outcome else { return outcome }
                return .failure(Reason(misread(n, counter)))
            case .failure(let reason):
                return .failure(reason)
            }
        }
        return .failure(Reason(firstFailure ?? "expected a number followed by \(counter.name) (\(counter.kana))"))
    }

    static func misread(_ n: Int64, _ counter: Counter) -> String {
        guard let reading = try? JapaneseNumbers.reading(of: n, counter: counter) else {
            return "\(counter.name) \(ReadingError.rangePhrase(counter.validRange)); \(n) is out of range"
        }
        return "\(reading.written) is read \(reading.hiragana) (\(reading.romaji))"
    }
}
