#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KazuKit

/// `kazu topics`: every topic, by category, with its id, title and description.
enum TopicsCommand: Command {
    static let spec = CommandSpec(
        name: "topics",
        abstract: "List the topics to drill, with their ids.",
        options: [.flag("json", short: "j", help: "One JSON array of {id, category, title, description, skills, notes}.")]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        if arguments.flag("json") {
            let entries = TopicCatalog.all.map {
                TopicEntry(id: $0.id, category: $0.category.rawValue, title: $0.title, description: $0.summary,
                           skills: $0.skills.map(\.rawValue), notes: $0.notes)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            io.output.writeLine(String(decoding: try encoder.encode(entries), as: UTF8.self))
            return .success
        }
        for category in TopicCategory.allCases {
            io.output.writeLine(category.title)
            for topic in TopicCatalog.all where topic.category == category {
                let padded = topic.id + String(repeating: " ", count: max(1, 32 - topic.id.count))
                io.output.writeLine("  \(padded)\(topic.title) — \(topic.summary)")
            }
        }
        // The review asks each value in its own topic's skills: it has no frames of its own to name.
        let withoutSentences = TopicCatalog.all.filter { !$0.skills.contains(.sentences) && $0.category != .review }.map(\.id)
        if !withoutSentences.isEmpty {
            io.output.writeLine("no sentences (--skill sentences) for: " + withoutSentences.joined(separator: ", "))
        }
        return .success
    }

    private struct TopicEntry: Encodable {
        var id, category, title, description: String
        var skills, notes: [String]
    }
}

/// `kazu favorite add|remove|list`: the topics listed first.
enum FavoriteCommand: Command {
    static let spec = CommandSpec(
        name: "favorite",
        abstract: "Mark topics as favorites, listed first; or list them.",
        arguments: [
            .argument("ACTION", help: "add, remove or list."),
            .optionalArgument("TOPIC", help: "The topic's id or an unambiguous prefix (for add and remove)."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let action = arguments.argument("ACTION") ?? ""
        guard ["add", "remove", "list"].contains(action) else {
            throw UsageError("unknown action \(UserText.quoted(action)); use add, remove or list")
        }
        let client = SettingsClient.live(try storageLocations())
        var loaded = client.load()
        if let problem = loaded.problem { io.errors.writeLine("warning: \(problem)") }
        if action == "list" {
            if arguments.argument("TOPIC") != nil { throw UsageError("'kazu favorite list' takes no topic") }
            for id in loaded.settings.favorites {
                // Shown escaped: the settings file may have been edited to hold control characters.
                io.output.writeLine("\(UserText.escaped(id))\t\(TopicCatalog.topic(id: id)?.title ?? "(unknown topic)")")
            }
            return .success
        }
        guard let typed = arguments.argument("TOPIC") else {
            throw UsageError("missing argument <TOPIC>: as in 'kazu favorite \(action) money.conbini'")
        }
        let id: String
        if action == "remove", TopicCatalog.topic(id: typed) == nil, loaded.settings.favorites.contains(typed) {
            // A favorite whose topic is gone (renamed in a newer kazu, or a hand edit), listed as
            // an unknown topic: removed by exactly that id.
            id = typed
        } else {
            switch Topics.resolve(typed, hasReview: false) {
            case let .success(found): id = found.id
            case let .failure(problem): throw UsageError(problem.message)
            }
        }
        if action == "add" {
            if !loaded.settings.favorites.contains(id) { loaded.settings.favorites.append(id) }
        } else {
            guard loaded.settings.favorites.contains(id) else {
                throw CommandFailure("\(id) is not a favorite")
            }
            loaded.settings.favorites.removeAll { $0 == id }
        }
        do { try client.save(loaded.settings) } catch { throw CommandFailure("\(error)") }
        io.output.writeLine("\(action == "add" ? "added" : "removed") \(id)")
        return .success
    }
}

/// Where settings and history live for this process, or a failure that says why there is no place.
func storageLocations() throws -> StorageLocations {
    let locations: StorageLocations
    do { locations = try StorageLocations(environment: ProcessInfo.processInfo.environment) } catch {
        throw CommandFailure("\(error)")
    }
    if let problem = locations.unsafeFolderProblem { throw CommandFailure("\(problem)") }
    return locations
}
