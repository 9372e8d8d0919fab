import JapaneseNumbers
@testable import KazuKit
import Testing

/// What the grader makes of answers a learner types in good faith: a half of the day that
/// must be the right one, long-vowel marks, half hours, numbers that read two ways, and
/// the counter in a mixed-counter topic.
@Suite struct GradingTests {
    func question(_ topicID: String, _ valueKey: String, _ skill: Skill = .listening) throws -> Question {
        let topic = try #require(TopicCatalog.topic(id: topicID))
        return try #require(topic.question(valueKey: valueKey, skill: skill), "\(topicID) \(valueKey)")
    }

    func expectUnreadable(_ question: Question, _ typed: String, saying words: String = "",
                          sourceLocation: SourceLocation = #_sourceLocation) {
        guard case let .unreadable(reason) = question.grade(typed) else {
            Issue.record("\(typed): \(question.grade(typed)), not a ?", sourceLocation: sourceLocation)
            return
        }
        #expect(reason.contains(words), "\(typed): \(reason)", sourceLocation: sourceLocation)
    }

    // MARK: 午前 and 午後

    /// An answer that names a half of the day, in any writing, must name the one asked;
    /// without one, the 12-hour time is right as before.
    @Test func aNamedHalfOfTheDayMustBeTheRightOne() throws {
        let evening = try question("time.clock-12", "17:58")
        for typed in ["午後5時58分", "5:58pm", "5:58 p.m.", "5:58 p.m", "5:58PM", "5:58 P.M.", "ごご5:58", "ゴゴ5時58分", "gogo 5:58",
                      "5:58", "558", "17:58", "5時58分"] {
            #expect(evening.grade(typed) == .correct, "\(typed)")
        }
        for typed in ["午前5時58分", "5:58am", "5:58 a.m.", "5:58 a.m", "5:58AM", "ごぜん5:58", "ゴゼン5時58分", "gozen 5:58", "午前 5:58"] {
            #expect(evening.grade(typed) == .incorrect, "\(typed)")
        }
        let morning = try question("time.clock-12", "5:58")
        #expect(morning.grade("午前5時58分") == .correct && morning.grade("5:58am") == .correct && morning.grade("5:58") == .correct)
        #expect(morning.grade("午後5時58分") == .incorrect && morning.grade("5:58pm") == .incorrect)

        // Past noon: 12:17pm is 午後0時17分; 12:17am is past midnight.
        let noon = try question("time.clock-12", "12:17")
        for typed in ["12:17pm", "午後0時17分", "0:17pm", "12:17", "0:17"] { #expect(noon.grade(typed) == .correct, "\(typed)") }
        for typed in ["12:17am", "午前0時17分", "0:17am"] { #expect(noon.grade(typed) == .incorrect, "\(typed)") }
        let midnight = try question("time.clock-12", "0:17")
        #expect(midnight.grade("12:17am") == .correct && midnight.grade("12:17pm") == .incorrect)
        // 午前12時 is noon to some and midnight to others: asked about, never graded.
        expectUnreadable(noon, "午後12時17分", saying: "午後0時")
        expectUnreadable(midnight, "午前12時17分", saying: "午前0時")
        expectUnreadable(evening, "午前午後5:58", saying: "once")

        // Hours, 12-hour and 24-hour.
        let nine = try question("time.hour-12", "21:00")
        #expect(nine.grade("9") == .correct && nine.grade("9pm") == .correct && nine.grade("午後9時") == .correct)
        #expect(nine.grade("9am") == .incorrect && nine.grade("午前9時") == .incorrect && nine.grade("ごぜん9時") == .incorrect)
        let fifteen = try question("time.hour-12-as-24", "15:00")
        #expect(fifteen.grade("午後3時") == .correct && fifteen.grade("3pm") == .correct)
        #expect(fifteen.grade("午前3時") == .incorrect && fifteen.grade("3am") == .incorrect)

        // The hours of the day (1時 to 24時) take a named half too.
        let hour = try question("time.hour", "15")
        #expect(hour.grade("15") == .correct && hour.grade("午後3時") == .correct && hour.grade("3pm") == .correct)
        #expect(hour.grade("午前3時") == .incorrect && hour.grade("3am") == .incorrect)
        #expect(try question("time.hour", "24").grade("午前0時") == .correct)

        // A date with a time takes the half of the day too, and a space before it.
        let dateTime = try question("date.date-time", "2017-09-30 14:45")
        for typed in ["2017-09-30 14:45", "2017-09-30 2:45pm", "2017-09-30 2:45 pm", "2017/9/30 午後2時45分"] {
            #expect(dateTime.grade(typed) == .correct, "\(typed)")
        }
        #expect(dateTime.grade("2017-09-30 2:45am") == .incorrect && dateTime.grade("2017-09-30 午前2時45分") == .incorrect)
    }

    // MARK: Long vowels and variant readings

    /// Romaji typed without spaces, where many an n before a vowel could be ん: the reading is
    /// found though the n that must be ん comes sixth (sanyon, after zeronoyon and nanano).
    @Test func romajiWithoutSpacesFindsAnNFarIn() throws {
        let phone = try question("phone.mobile", "090-4867-5234", .writing)
        #expect(phone.grade("zerokyuuzeronoyonhachirokunananogooniisanyon") == .correct)
        #expect(phone.grade("zerokyuuzeronoyonhachirokunananogooniisango") == .incorrect)
        let number = try question("number.1-10000", "7777", .writing)
        #expect(number.grade("nanasennanahyakunanajuunana") == .correct)
    }

    /// ゴー and ニー for 5 and 2 in a phone number, and ー for any long vowel, in every
    /// topic that grades a reading.
    @Test func theLongVowelMarkIsAcceptedWhereverItSpellsTheReading() throws {
        let phone = try question("phone.mobile", "090-1234-5678", .writing)
        for typed in ["ゼロキューゼロノイチニーサンヨンノゴーロクナナハチ", "ぜろきゅうぜろのいちにーさんよんのごーろくななはち",
                      "zero kyuu zero no ichi nii san yon no gou roku nana hachi", "ゼロキューゼロイチニサンヨンゴーロクナナハチ"] {
            #expect(phone.grade(typed) == .correct, "\(typed)")
        }
        #expect(phone.grade("ゼロキューゼロノイチニーサンヨンノゴーロクナナキュー") == .incorrect)
        let number = try question("number.1-1000", "610", .writing)
        for typed in ["ろっぴゃくじゅう", "ろっぴゃくじゅー", "ロッピャクジュー"] { #expect(number.grade(typed) == .correct, "\(typed)") }
        let clock = try question("time.clock", "19:10", .writing)
        #expect(clock.grade("じゅーくじじゅっぷん") == .correct && clock.grade("ジューシチジジュップン") == .incorrect)
        // The number a listening question asks for, typed in kana with ー.
        #expect(try question("number.1-100", "99").grade("きゅーじゅーきゅー") == .correct)
        #expect(try question("counter.long", "10本").grade("じゅっぽん") == .correct)
    }

    /// はちさつ for 8冊 and よんふん for 4分 (14, 24 … 分), where a reading is graded and
    /// where a number is.
    @Test func はちさつAndよんふんAreRight() throws {
        let books = try question("counter.books", "8冊", .writing)
        #expect(books.grade("はっさつ") == .correct && books.grade("はちさつ") == .correct && books.grade("hachisatsu") == .correct)
        #expect(try question("counter.books", "8冊").grade("はちさつ") == .correct)
        for n in [4, 14, 24, 94] {
            let minutes = try question("duration.minutes", String(n), .writing)
            let yonfun = String(minutes.answer.dropLast(2)) + "ふん"
            #expect(minutes.grade(minutes.answer) == .correct && minutes.grade(yonfun) == .correct, "\(yonfun)")
        }
        #expect(try question("time.minute", "24").grade("にじゅうよんふん") == .correct)
        let clock = try question("time.clock", "4:04", .writing)
        #expect(clock.grade("よじよんふん") == .correct && clock.grade("よじよんぷん") == .correct)
        #expect(try question("counter.mixed", "8冊").grade("はちさつ") == .correct)
    }

    // MARK: Half hours and numbers that read two ways

    /// 9時間半 is 9時間30分; a number that reads as hours and minutes (930, 9:30) and as
    /// minutes (930 minutes) is asked about, whichever reading would be right.
    @Test func halfHoursAndNumbersThatReadTwoWays() throws {
        let nineAndAHalf = try question("duration.half-hours", "9:30:00")
        for typed in ["9時間半", "９時間半", "9 時間半", "9時間30分", "9:30", "570", "570分", "+9時間半"] {
            #expect(nineAndAHalf.grade(typed) == .correct, "\(typed)")
        }
        for typed in ["8時間半", "9時間", "560", "930分"] { #expect(nineAndAHalf.grade(typed) == .incorrect, "\(typed)") }
        expectUnreadable(nineAndAHalf, "930", saying: "9:30")
        expectUnreadable(nineAndAHalf, "0930", saying: "930分")
        // The minutes of one half hour are the hours and minutes of another: 330 is 5時間半
        // in minutes and 3:30; either way it is asked about.
        expectUnreadable(try question("duration.half-hours", "5:30:00"), "330", saying: "3:30")
        expectUnreadable(try question("duration.half-hours", "3:30:00"), "330", saying: "330分")
        // Two digits and minutes over 59 read one way only.
        #expect(try question("duration.half-hours", "1:30:00").grade("90") == .correct)
        #expect(try question("duration.half-hours", "1:30:00").grade("190") == .incorrect)
        // Hours and minutes take 半 too.
        let twoAndAHalf = try question("duration.hours-minutes", "2:30:00")
        #expect(twoAndAHalf.grade("2時間半") == .correct && twoAndAHalf.grade("2:30") == .correct)
    }

    /// Half years as a learner writes them: years with a decimal, with or without 年, and
    /// months in each of the ways Japanese writes ヶ月.
    @Test func halfYearsInEveryWritingOfYearsAndMonths() throws {
        let fourAndAHalf = try question("duration.half-years", "4.5y")
        for typed in ["4.5", "4.5年", "4年半", "54", "54ヶ月", "54か月", "54カ月", "54ヵ月", "54ケ月"] {
            #expect(fourAndAHalf.grade(typed) == .correct, "\(typed)")
        }
        for typed in ["3.5年", "48か月", "4.0年"] { #expect(fourAndAHalf.grade(typed) == .incorrect, "\(typed)") }
        #expect(try question("duration.half-years", "1.5y").grade("18年") != .correct, "18年 is not 18 months")
    }

    // MARK: Mixed counters

    /// Listening to mixed counters asks for the counter too: nothing after the answer box,
    /// the counter in any writing, the number alone asked about, a wrong counter wrong.
    @Test func mixedCounterListeningAsksForTheCounter() throws {
        let three = try question("counter.mixed", "3本")
        #expect(three.postfix == nil && three.answer == "3本")
        for typed in ["3本", "３本", "3 本", "3hon", "3 hon", "3ほん", "3 ほん", "3ぼん", "3ホン", "3bon", "さんぼん", "sanbon",
                      "サンボン", "三本", "+3本"] {
            #expect(three.grade(typed) == .correct, "\(typed)")
        }
        for typed in ["3", "さん", "三", "san", " 3 "] { expectUnreadable(three, typed, saying: "counter too") }
        for typed in ["3x", "3本x", "さんほげ"] { expectUnreadable(three, typed, saying: "its counter") }
        // A counter typed with the wrong sound change is named, as in a topic of one counter.
        expectUnreadable(three, "さんほん", saying: "3本 is read さんぼん")
        expectUnreadable(try question("counter.mixed", "3匹"), "さんほん", saying: "3本 is read さんぼん")
        for typed in ["3匹", "3ひき", "さんびき", "三匹", "4本", "よんほん", "3冊", "3こ"] {
            #expect(three.grade(typed) == .incorrect, "\(typed)")
        }
        // Where two counters read alike, the one asked is taken: 3階 and 3回 are both さんかい.
        #expect(try question("counter.mixed", "3階").grade("さんかい") == .correct)
        #expect(try question("counter.mixed", "3回").grade("3かい") == .correct)
        #expect(try question("counter.mixed", "20歳").grade("はたち") == .correct)
        #expect(try question("counter.mixed", "10つ").grade("とお") == .correct)
        #expect(try question("counter.mixed", "2人").grade("ふたり") == .correct)

        // Every value of the topic: the answer it shows, its kana and its romaji are right,
        // and the number alone is asked about.
        let topic = try #require(TopicCatalog.topic(id: "counter.mixed"))
        guard case let .counters(choices) = topic.kind else { Issue.record("counter.mixed is not counters"); return }
        for (counter, range) in choices {
            for n in range {
                let q = try question("counter.mixed", "\(n)\(counter.name)")
                for typed in [q.answer, q.reading, q.romaji, "\(n)\(counter.kana)"] {
                    #expect(q.grade(typed) == .correct, "\(n)\(counter.name): \(typed)")
                }
                // とお, 10 of つ, is written 10: the number alone names its counter.
                if counter.isWrittenBare(n) {
                    #expect(q.grade(String(n)) == .correct, "\(n)\(counter.name): \(n)")
                } else {
                    expectUnreadable(q, String(n), saying: "counter too")
                }
            }
        }

        // Reading shows the counter; other counter topics, of one counter, show it too.
        #expect(try question("counter.mixed", "3本", .reading).postfix == "本")
        let long = try question("counter.long", "3本")
        #expect(long.postfix == "本" && long.grade("3") == .correct)
    }

    // MARK: Era years

    /// An era year's written form is the same year as its Western one: 平成3年 is 1991.
    @Test func anEraYearTypedAsWrittenIsTheSameYear() throws {
        let heisei3 = try question("date.era-year", "平成3")
        for typed in ["1991", "平成3年", "平成3", "平成三年", "へいせい3ねん", "平成 3年"] {
            #expect(heisei3.grade(typed) == .correct, "\(typed)")
        }
        for typed in ["1990", "平成4年", "令和3年", "昭和3年"] { #expect(heisei3.grade(typed) == .incorrect, "\(typed)") }
        expectUnreadable(heisei3, "平成40年", saying: "平成 has no year 40")
        let reiwa1 = try question("date.era-year", "令和1")
        for typed in ["2019", "令和元年", "令和1年", "平成31年"] { #expect(reiwa1.grade(typed) == .correct, "\(typed)") }
    }

    // MARK: Answers a learner types in good faith

    /// In the writing skill, the number's reading without its counter (せん for ￥1,000) is
    /// not yet an answer: asked for the counter, never marked wrong; a wrong counter stays wrong.
    @Test func aReadingWithoutItsCounterIsAskedFor() throws {
        let three = try question("counter.long", "3本", .writing)
        for typed in ["さん", "san", "サン", "よん"] { expectUnreadable(three, typed, saying: "counter") }
        #expect(three.grade("さんぼん") == .correct && three.grade("さんほん") == .incorrect && three.grade("よんほん") == .incorrect)
        expectUnreadable(try question("money.conbini", "1499", .writing), "せんよんひゃくきゅうじゅうきゅう", saying: "counter")
        expectUnreadable(try question("time.hour", "4", .writing), "よん", saying: "counter")
        expectUnreadable(try question("date.day", "20", .writing), "にじゅう", saying: "counter")
        #expect(try question("time.hour", "4", .writing).grade("よんじ") == .incorrect)
        // Where the reading is the number alone, a wrong number is wrong.
        #expect(try question("number.1-100", "23", .writing).grade("にじゅうよん") == .incorrect)
    }

    /// A space where the parser takes none is named in the reason (it showed as a blank).
    @Test func aStraySpaceIsNamed() throws {
        expectUnreadable(try question("money.salary", "9000000"), "900 万", saying: "a space can only separate digits")
    }

    /// A 12-hour time read without the 午前 or 午後 shown before it is asked for it, in kana
    /// and romaji; the wrong half, or a wrong time without one, stays wrong.
    @Test func aTimeReadWithoutItsHalfOfTheDayIsAskedFor() throws {
        let evening = try question("time.clock-12", "18:53", .writing)
        for typed in ["ろくじごじゅうさんぷん", "rokuji gojuusanpun"] { expectUnreadable(evening, typed, saying: "午後") }
        #expect(evening.grade("ごごろくじごじゅうさんぷん") == .correct && evening.grade("ごぜんろくじごじゅうさんぷん") == .incorrect)
        #expect(evening.grade("しちじごじゅうさんぷん") == .incorrect)
        expectUnreadable(try question("time.hour-12", "7:00", .writing), "しちじ", saying: "午前")
        expectUnreadable(try question("time.hour-12-as-24", "19:00", .writing), "ななじ", saying: "午後")
    }

    /// A time read on the other clock than the one shown has the time right and the form
    /// wrong: it is asked about, in kana and romaji, in every topic that shows a time; another
    /// time, or the wrong half of the day, stays wrong.
    @Test func aTimeReadOnTheOtherClockIsAskedAbout() throws {
        let clock = try question("time.clock", "16:39", .writing)
        for typed in ["ごごよじさんじゅうきゅうふん", "gogo yoji sanjuukyuufun"] {
            expectUnreadable(clock, typed, saying: "12-hour clock; read 16:39 as it is written")
        }
        // 4:39, and the wrong half of the day.
        for typed in ["よじさんじゅうきゅうふん", "ごぜんよじさんじゅうきゅうふん", "ごごごじさんじゅうきゅうふん"] {
            #expect(clock.grade(typed) == .incorrect, "\(typed)")
        }
        let morning = try question("time.clock", "9:05", .writing)
        expectUnreadable(morning, "ごぜんくじごふん", saying: "12-hour clock")
        #expect(morning.grade("くじごふん") == .correct && morning.grade("ごごくじごふん") == .incorrect)
        expectUnreadable(try question("time.clock", "12:39", .writing), "ごごじゅうにじさんじゅうきゅうふん", saying: "12:39")
        expectUnreadable(try question("time.clock", "0:39", .writing), "ごぜんれいじさんじゅうきゅうふん", saying: "0:39")

        let twelve = try question("time.clock-12", "16:39", .writing)
        expectUnreadable(twelve, "じゅうろくじさんじゅうきゅうふん", saying: "read 午後4時39分 as it is written")
        #expect(twelve.grade("じゅうごじさんじゅうきゅうふん") == .incorrect)
        let noon = try question("time.clock-12", "12:39", .writing)
        for typed in ["じゅうにじさんじゅうきゅうふん", "ごごじゅうにじさんじゅうきゅうふん"] {
            expectUnreadable(noon, typed, saying: "read 午後0時39分 as it is written")
        }

        expectUnreadable(try question("time.hour", "16", .writing), "ごごよじ", saying: "read 16時 as it is written")
        #expect(try question("time.hour", "16", .writing).grade("よじ") == .incorrect)
        expectUnreadable(try question("time.hour", "24", .writing), "ごぜんれいじ", saying: "read 24時")
        expectUnreadable(try question("time.hour-12", "16:00", .writing), "じゅうろくじ", saying: "read 午後4時")
        expectUnreadable(try question("time.hour-12-as-24", "19:00", .writing), "じゅうくじ", saying: "read 午後7時")
        let dateTime = try question("date.date-time", "2017-09-30 16:39", .writing)
        expectUnreadable(dateTime, "にせんじゅうななねんくがつさんじゅうにちごごよじさんじゅうきゅうふん", saying: "read 2017年9月30日 16:39 as it is written")
        #expect(dateTime.grade("にせんじゅうななねんくがつさんじゅうにちじゅうろくじさんじゅうきゅうふん") == .correct)
    }

    /// A length of years, weeks or days typed without its 間 is the same length; 4時 is not
    /// 4時間.
    @Test func aLengthWithout間IsTheSameLength() throws {
        let years = try question("duration.years", "37")
        for typed in ["37年", "37 年", "３７年", "さんじゅうななねん", "sanjuunananen", "37年間"] {
            #expect(years.grade(typed) == .correct, "\(typed)")
        }
        #expect(years.grade("36年") == .incorrect && years.grade("さんじゅうろくねん") == .incorrect)
        #expect(try question("duration.weeks", "17").grade("17週") == .correct)
        #expect(try question("duration.days", "9").grade("9日") == .correct)
        #expect(try question("duration.days", "9").grade("8日") == .incorrect)
        #expect(try question("duration.hours", "4").grade("4時") != .correct)
    }

    /// nn before a vowel is ん as a Japanese keyboard types it (mannen: まんえん) and ん + n
    /// in Hepburn (まんねん): asked about when the keyboard's reading is right, wrong otherwise.
    @Test func nnBeforeAVowelIsAskedAboutWhenTheKeyboardReadingIsRight() throws {
        let salary = try question("money.salary", "2000000", .writing)
        #expect(salary.grade("nihyakuman'en") == .correct && salary.grade("nihyakumanen") == .correct)
        expectUnreadable(salary, "nihyakumannen", saying: "nihyakuman'en")
        expectUnreadable(try question("money.conbini", "1000", .writing), "sennen", saying: "sen'en")
        #expect(try question("money.salary", "3000000", .writing).grade("nihyakumannen") == .incorrect)
        #expect(try question("date.year-1-2500", "1000", .writing).grade("sennen") == .correct)
    }

    /// 半 after the hour is half past, in every topic that reads a time of day.
    @Test func halfPastTypedWith半() throws {
        let clock = try question("time.clock", "14:30")
        for typed in ["14時半", "１４時半", "午後2時半", "2時半pm"] { #expect(clock.grade(typed) == .correct, "\(typed)") }
        for typed in ["15時半", "午前2時半", "14時"] { #expect(clock.grade(typed) == .incorrect, "\(typed)") }
        #expect(try question("time.clock-12", "14:30").grade("2時半") == .correct)
        #expect(try question("time.clock", "14:31").grade("14時半") == .incorrect)
        #expect(try question("date.date-time", "2017-09-30 14:30").grade("2017年9月30日 14時半") == .correct)
    }

    /// The dashes keyboards and autocorrection type (‐ – — −) separate a phone number's
    /// groups and a date's parts as - does.
    @Test func anyDashSeparatesPhoneGroupsAndDateParts() throws {
        let phone = try question("phone.mobile", "090-1234-5678")
        for typed in ["090–1234–5678", "090—1234—5678", "090−1234−5678", "090‑1234‑5678", "090ｰ1234ｰ5678"] {
            #expect(phone.grade(typed) == .correct, "\(typed)")
        }
        #expect(phone.grade("090–1234–5679") == .incorrect)
        let date = try question("date.full", "2017-09-30")
        #expect(date.grade("2017–09–30") == .correct && date.grade("2017–09–29") == .incorrect)
    }

    /// An era year in romaji, and the Western year with the 年 the answer box shows after it.
    @Test func anEraYearInRomajiAndAYearWith年() throws {
        let heisei3 = try question("date.era-year", "平成3")
        for typed in ["1991年", "1991 年", "heisei sannen", "heisei 3", "heisei3nen", "へいせいさんねん", "平成3年"] {
            #expect(heisei3.grade(typed) == .correct, "\(typed)")
        }
        for typed in ["1990年", "heisei yonen", "reiwa sannen"] { #expect(heisei3.grade(typed) == .incorrect, "\(typed)") }
        let showa47 = try question("date.era-year", "昭和47")
        for typed in ["shouwa yonjuunananen", "shōwa yonjūnananen", "showa 47", "Shouwa 47nen", "しょうわよんじゅうななねん"] {
            #expect(showa47.grade(typed) == .correct, "\(typed)")
        }
        for typed in ["taishou gannen", "taisho 1", "taishō gannen"] {
            #expect(try question("date.era-year", "大正1").grade(typed) == .correct, "\(typed)")
        }
        expectUnreadable(heisei3, "heisei 40", saying: "平成 has no year 40")
    }
}
