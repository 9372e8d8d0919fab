#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KazuKit

/// `kazu stats`: what the history says, drawn to be looked at: a sparkline of recent
/// accuracy, a bar per topic and skill, and the values missed most, with their readings.
enum StatsCommand: Command {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Show your progress: accuracy per topic, the trend, the values you miss.",
        options: [
            .flag("json", short: "j", help: "The statistics as one JSON object."),
            .option("topic", value: "ID", help: "Only the sessions of this topic (an id or a prefix)."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let history = HistoryClient.live(try storageLocations())
        var topics: Set<String>?
        if let typed = arguments.value("topic") {
            let matches = TopicCatalog.matching(typed)
            guard !matches.isEmpty else {
                let close = TopicCatalog.closest(to: typed)
                throw UsageError("no topic \(UserText.quoted(typed))" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"))
            }
            topics = Set(matches.map(\.id))
        }
        // One record at a time: a long history is never all in memory.
        var stats = HistoryStatistics(now: Date())
        var model = LearnerModel()
        var schedule = ReviewSchedule()
        var rates: [RateReached] = []
        let skipped: SkippedLines
        do {
            skipped = try history.scan { record in
                guard topics?.contains(record.topicID) ?? true else { return }
                stats.add(record)
                model.add(record)
                schedule.add(record)
                if let rate = record.rateReached {
                    if rates.count == ratesShown { rates.removeFirst() }
                    rates.append(RateReached(endedAt: record.endedAt, topic: record.topicID, rate: rate))
                }
            }
        } catch {
            throw CommandFailure("history not read: \(error)")
        }
        if skipped.damaged > 0 {
            io.errors.writeLine("warning: skipped \(counted(skipped.damaged, "damaged line")) in the history")
        }
        if skipped.newer > 0 {
            // Not damaged, and not lost: the file keeps them for the kazu that wrote them.
            let them = skipped.newer == 1 ? "it" : "them"
            io.errors.writeLine("warning: skipped \(counted(skipped.newer, "line")) written by a newer kazu (kept in the history; update kazu to count \(them))")
        }
        if arguments.flag("json") {
            io.output.writeLine(json(stats, model: model, schedule: schedule, rates: rates, skipped: skipped))
            return .success
        }
        guard stats.overall.sessions > 0 else {
            io.output.writeLine("nothing yet: play a session with 'kazu quiz TOPIC' and your progress shows here")
            return .success
        }
        let overall = stats.overall
        io.output.writeLine("\(counted(overall.sessions, "session")), \(counted(overall.questions, "question")), "
            + "\(percent(overall.accuracy)) right first time")
        let recent = stats.trend.count == 1 ? "the one session" : "last \(stats.trend.count) sessions, oldest first"
        io.output.writeLine("trend  \(sparkline(stats.trend))  (\(recent))")
        if !rates.isEmpty {
            let which = rates.count == 1 ? "the one session" : "last \(rates.count) sessions, oldest first"
            io.output.writeLine("rate   \(rates.map { String($0.rate) }.joined(separator: " "))  (reached with --rate auto, \(which))")
        }
        io.output.writeLine("")
        for (key, tally) in stats.byTopicAndSkill.sorted(by: { $0.key < $1.key }) {
            // What the history holds is shown escaped: a line may have been edited to hold control characters.
            let label = "\(UserText.escaped(key.topicID)) \(key.skill.rawValue)"
            let padded = label + String(repeating: " ", count: max(1, 36 - label.count))
            io.output.writeLine("\(padded)\(bar(tally.accuracy)) \(percent(tally.accuracy))  \(tally.questions) q, \(tally.sessions) s")
        }
        if !stats.mostMissed.isEmpty {
            io.output.writeLine("")
            io.output.writeLine("missed most")
            for missed in stats.mostMissed {
                io.output.writeLine("  \(UserText.escaped(missed.written))  \(UserText.escaped(missed.reading))  ×\(missed.misses)  (\(UserText.escaped(missed.topicID)))")
            }
        }
        let due = dueToday(stats, schedule), dueRules = schedule.dueRules(by: endOfToday())
        io.output.writeLine("")
        io.output.writeLine("due today (SM-2): \(counted(due, "value")), \(counted(dueRules.count, "sound rule"))"
            + (dueRules.isEmpty ? "" : " (\(dueRules.map(\.rawValue).joined(separator: ", ")))")
            + (due > 0 ? "; 'kazu quiz review' asks the due values first" : ""))
        let weakest = model.weakestRules.prefix(weakestShown)
        if !weakest.isEmpty {
            io.output.writeLine("")
            io.output.writeLine("sounds missed most (recent sessions count most)")
            for standing in weakest {
                io.output.writeLine("  \(percent(standing.tally.accuracy))  \(standing.rule.title)  e.g. "
                    + "\(UserText.escaped(standing.example)) \(UserText.escaped(standing.exampleReading))  \(standing.tally.answered) q")
            }
            if WeakSpots.topic(for: model) != nil {
                io.output.writeLine("drill them with 'kazu quiz \(WeakSpots.topicID)'")
            }
        }
        return .success
    }

    /// A session's speaking rate at its end, with `--rate auto`.
    struct RateReached: Encodable {
        var endedAt: Date
        var topic: String
        var rate: Int
    }

    /// The sessions with `--rate auto` whose rate is shown.
    static let ratesShown = 10

    /// The rules listed under "sounds missed most".
    static let weakestShown = 5

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    /// "1 session", "2 sessions".
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// One block per session, its height the accuracy.
    static func sparkline(_ values: [Double]) -> String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        return String(values.map { blocks[min(blocks.count - 1, Int(($0 * Double(blocks.count - 1)).rounded()))] })
    }

    /// Twenty cells, filled to the accuracy.
    static func bar(_ share: Double) -> String {
        let filled = Int((share * 20).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
    }

    /// The end of the learner's day: what is due by then is due today.
    static func endOfToday(now: Date = Date()) -> Date {
        ReviewSchedule.endOfDay(containing: now)
    }

    /// How many values of the review SM-2 has due by the end of today.
    static func dueToday(_ stats: HistoryStatistics, _ schedule: ReviewSchedule) -> Int {
        schedule.review(stats.review, by: endOfToday()).count(where: \.isDue)
    }

    private static func json(_ stats: HistoryStatistics, model: LearnerModel, schedule: ReviewSchedule,
                             rates: [RateReached], skipped: SkippedLines) -> String {
        struct Tally: Encodable { var topic: String; var skill: String; var sessions, questions, correct: Int; var accuracy: Double }
        struct Missed: Encodable { var topic, value, written, reading: String; var misses: Int }
        struct Rule: Encodable { var rule, title, example, reading: String; var answered, right: Int; var accuracy: Double }
        struct Output: Encodable {
            var sessions, questions, correct: Int
            var accuracy: Double
            var trend: [Double]
            var topics: [Tally]
            var mostMissed: [Missed]
            /// The sound-change rules missed, most missed first; accuracy weighted by recency.
            var rulesMissedMost: [Rule]
            /// Values to review, and rules, that SM-2 has due by the end of today.
            var dueToday: Int
            var rulesDueToday: [String]
            /// The rate each of the last sessions with `--rate auto` reached, oldest first.
            var rateReached: [RateReached]
            /// Every line not counted; `newerLines` of them written by a newer kazu.
            var skippedLines: Int
            var newerLines: Int
        }
        let output = Output(
            sessions: stats.overall.sessions, questions: stats.overall.questions, correct: stats.overall.correct,
            accuracy: stats.overall.accuracy, trend: stats.trend,
            topics: stats.byTopicAndSkill.sorted(by: { $0.key < $1.key }).map {
                Tally(topic: $0.key.topicID, skill: $0.key.skill.rawValue, sessions: $0.value.sessions,
                      questions: $0.value.questions, correct: $0.value.correct, accuracy: $0.value.accuracy)
            },
            mostMissed: stats.mostMissed.map {
                Missed(topic: $0.topicID, value: $0.valueKey, written: $0.written, reading: $0.reading, misses: $0.misses)
            },
            rulesMissedMost: model.weakestRules.map {
                Rule(rule: $0.rule.rawValue, title: $0.rule.title, example: $0.example, reading: $0.exampleReading,
                     answered: $0.tally.answered, right: $0.tally.right, accuracy: $0.tally.accuracy)
            },
            dueToday: dueToday(stats, schedule),
            rulesDueToday: schedule.dueRules(by: endOfToday()).map(\.rawValue), rateReached: rates,
            skippedLines: skipped.total, newerLines: skipped.newer)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? String(decoding: encoder.encode(output), as: UTF8.self)) ?? "{}"
    }
}
