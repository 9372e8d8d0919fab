// History lines: Kazu's own coder against Foundation's JSONEncoder and JSONDecoder, on the
// lines `kazu stats` reads and a session's end writes.
import Foundation
import KazuKit

/// The lines of `learnerHistory(sessions:)`, as the history file holds them.
func historyLines(sessions: Int) -> [[UInt8]] {
    learnerHistory(sessions: sessions).map { HistoryLine.encode($0) }
}

/// The standard coders set up for history lines: keys sorted, dates in whole seconds.
func historyCoders() -> (JSONEncoder, JSONDecoder) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return (encoder, decoder)
}

@MainActor
func historyBenchmarks() -> [Benchmark] {
    [
        Benchmark("history.read", "HistoryLine.decode of a session's line (10 questions), as kazu stats reads them") {
            let lines = historyLines(sessions: 1_000)
            return { iterations in
                var sink = 0
                for i in 0..<iterations { sink &+= (try? HistoryLine.decode(lines[i % lines.count][...]))?.questions.count ?? 0 }
                return sink
            }
        },
        Benchmark("history.read.json-decoder", baseline: "history.read",
                  "JSONDecoder.decode(SessionRecord.self) of the same lines") {
            let lines = historyLines(sessions: 1_000).map { Data($0) }
            let (_, decoder) = historyCoders()
            // The same records either way, or the comparison means nothing.
            precondition(lines.prefix(50).allSatisfy { line in
                (try? decoder.decode(SessionRecord.self, from: line)) == (try? HistoryLine.decode(Array(line)[...]))
            })
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? decoder.decode(SessionRecord.self, from: lines[i % lines.count]))?.questions.count ?? 0
                }
                return sink
            }
        },
        Benchmark("history.write", "HistoryLine.encode of a session (10 questions), the line a session's end appends") {
            let records = learnerHistory(sessions: 1_000)
            return { iterations in
                var sink = 0
                for i in 0..<iterations { sink &+= HistoryLine.encode(records[i % records.count]).count }
                return sink
            }
        },
        Benchmark("history.write.json-encoder", baseline: "history.write", "JSONEncoder.encode of the same sessions") {
            let records = learnerHistory(sessions: 1_000)
            let (encoder, _) = historyCoders()
            return { iterations in
                var sink = 0
                for i in 0..<iterations { sink &+= (try? encoder.encode(records[i % records.count]))?.count ?? 0 }
                return sink
            }
        },
    ]
}
