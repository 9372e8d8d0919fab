import JapaneseNumbers

/// How phone numbers are read aloud: digit by digit, 0 as ゼロ (まる and れい too), 2 and 5
/// lengthened to にい and ごお so that every digit is two beats, and each dash as の and a pause
/// (、), so that the voice pauses between the groups.
///
/// ```swift
/// PhoneReading.kana("090-1234-5678")     // "ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはち"
/// PhoneReading.matches("まるきゅうまるいちにさんよんごろくななはち", digits: "090-1234-5678")   // true
/// ```
enum PhoneReading {
    /// Each digit's readings, the one spoken first. ごう is ごお as ゴー and gou are typed:
    /// after an o the two spell one long vowel.
    static let digitWords: [[String]] = [
        ["ぜろ", "まる", "れい"], ["いち"], ["にい", "に"], ["さん"], ["よん", "し"],
        ["ごお", "ご", "ごう"], ["ろく"], ["なな", "しち"], ["はち"], ["きゅう", "く"],
    ]

    /// The reading that is spoken.
    static func kana(_ number: String) -> String {
        number.map { $0 == "-" ? dash : digitWords[$0.wholeNumberValue ?? 0][0] }.joined()
    }

    /// What a dash is read as: の, then a pause.
    static let dash = "の、"

    /// The spoken reading in romaji, a word a digit: from the same kana, so the two agree.
    static func romaji(_ number: String) -> String {
        number.split(separator: "-").map { group in
            group.map { Kana.romaji(digitWords[$0.wholeNumberValue ?? 0][0]) }.joined(separator: " ")
        }.joined(separator: " " + Kana.romaji("の") + ", ")
    }

    /// Whether `hiragana` reads `number`, with any of each digit's readings, and の, 、, both
    /// or nothing at each dash.
    static func matches(_ hiragana: String, digits number: String) -> Bool {
        let typed = Array(hiragana.unicodeScalars)
        let groups = number.split(separator: "-").map { $0.compactMap(\.wholeNumberValue) }
        let sequence: [[[Unicode.Scalar]]] = groups.enumerated().flatMap { index, group in
            let words = group.map { digitWords[$0].map { Array($0.unicodeScalars) } }
            let dashes = ["の、", "の", "、", ""].map { Array($0.unicodeScalars) }
            return index == 0 ? words : [dashes] + words
        }
        // Positions in `typed` reachable after each step; a set keeps it linear.
        var reachable: Set<Int> = [0]
        for choices in sequence {
            var next: Set<Int> = []
            for start in reachable {
                for word in choices where start + word.count <= typed.count
                    && Array(typed[start..<(start + word.count)]) == word {
                    next.insert(start + word.count)
                }
            }
            guard !next.isEmpty else { return false }
            reachable = next
        }
        return reachable.contains(typed.count)
    }

    /// Every reading a teacher accepts is too many to list (three for each 0, two for each 2);
    /// the spoken one and the one with short に and ご are listed.
    static func alternatives(_ number: String) -> [String] {
        let short = number.map { character -> String in
            switch character {
            case "-": dash
            case "2": "に"
            case "5": "ご"
            default: digitWords[character.wholeNumberValue ?? 0][0]
            }
        }.joined()
        return short == kana(number) ? [] : [short]
    }
}
