/// A Japanese era (元号) since the Meiji restoration.
///
/// ```swift
/// Era.named("令和")?.firstYear   // 2019
/// Era.showa.lastEraYear         // 64 (1989)
/// ```
public enum Era: String, CaseIterable, Sendable, Hashable {
    case meiji, taisho, showa, heisei, reiwa

    public var kanji: String { ["明治", "大正", "昭和", "平成", "令和"][index] }
    public var kana: String { ["めいじ", "たいしょう", "しょうわ", "へいせい", "れいわ"][index] }
    /// The Gregorian year of 元年, the era's first year.
    public var firstYear: Int64 { [1868, 1912, 1926, 1989, 2019][index] }
    /// The era's last year counted in it (明治45, 大正15, 昭和64, 平成31); `nil` for the current era.
    public var lastEraYear: Int64? { [45, 15, 64, 31, nil][index] }

    private var index: Int { Era.allCases.firstIndex(of: self)! }

    /// The era written in kanji ("令和"), kana, or romaji ("reiwa").
    public static func named(_ name: String) -> Era? {
        allCases.first { $0.kanji == name || $0.kana == name || $0.rawValue == name.lowercased() }
    }
}
