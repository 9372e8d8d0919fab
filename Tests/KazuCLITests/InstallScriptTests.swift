import Foundation
import KazuTestSupport
import Testing

/// `scripts/install` into a temporary DESTDIR: exactly the expected files, the man page and
/// completions the binary prints, and an uninstall that leaves nothing behind.
@Suite("scripts/install")
struct InstallScriptTests {
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/install").path

    private func everything(under root: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.sorted()
    }

    private func install(_ arguments: [String]) throws -> KazuProcess.Result {
        try KazuProcess.run([Self.script] + arguments, environment: ["PREFIX": "", "DESTDIR": ""], executable: "/bin/bash")
    }

    @Test("DESTDIR staging installs the expected files, and --uninstall removes them all")
    func stagesAndUninstalls() throws {
        let stage = try TemporaryDirectory("kazu-install")
        let destdir = stage.path + "/root"
        let installed = try install(["--destdir", destdir, "--prefix", "/opt/kazu", "--binary", KazuProcess.executablePath])
        #expect(installed.status == 0, "\(installed.errors)")
        let files = [
            "bin/kazu",
            "share/bash-completion/completions/kazu",
            "share/fish/vendor_completions.d/kazu.fish",
            "share/kazu/install-manifest",
            "share/man/man1/kazu.1",
            "share/zsh/site-functions/_kazu",
        ]
        let folders = ["bin", "share", "share/bash-completion", "share/bash-completion/completions", "share/fish",
                       "share/fish/vendor_completions.d", "share/kazu", "share/man", "share/man/man1",
                       "share/zsh", "share/zsh/site-functions"]
        #expect(try everything(under: destdir) == (["opt", "opt/kazu"] + (files + folders).map { "opt/kazu/" + $0 }).sorted())
        let prefix = destdir + "/opt/kazu"
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/kazu"))
        #expect(try String(contentsOfFile: prefix + "/share/man/man1/kazu.1", encoding: .utf8)
            == KazuProcess.run(["help", "--man"]).output)
        #expect(try String(contentsOfFile: prefix + "/share/bash-completion/completions/kazu", encoding: .utf8)
            == KazuProcess.run(["completions", "bash"]).output)
        let manifest = try String(contentsOfFile: prefix + "/share/kazu/install-manifest", encoding: .utf8)
        #expect(manifest.split(separator: "\n").filter { $0.hasPrefix("file ") }.map { String($0.dropFirst(5)) }.sorted()
            == files.map { "/opt/kazu/" + $0 })

        // A second install over the first keeps the list of folders it made.
        #expect(try install(["--destdir", destdir, "--prefix", "/opt/kazu", "--binary", KazuProcess.executablePath]).status == 0)
        let uninstalled = try install(["--destdir", destdir, "--prefix", "/opt/kazu", "--uninstall"])
        #expect(uninstalled.status == 0, "\(uninstalled.errors)")
        #expect(try everything(under: destdir) == [])
    }

    @Test("files it did not install stay, and so do their folders")
    func uninstallSparesOthers() throws {
        let stage = try TemporaryDirectory("kazu-install")
        let destdir = stage.path + "/root"
        try FileManager.default.createDirectory(atPath: destdir + "/usr/share/man/man1", withIntermediateDirectories: true)
        try Data("other".utf8).write(to: URL(fileURLWithPath: destdir + "/usr/share/man/man1/other.1"))
        #expect(try install(["--destdir", destdir, "--prefix", "/usr", "--binary", KazuProcess.executablePath]).status == 0)
        #expect(try install(["--destdir", destdir, "--prefix", "/usr", "--uninstall"]).status == 0)
        #expect(try everything(under: destdir) == ["usr", "usr/share", "usr/share/man", "usr/share/man/man1", "usr/share/man/man1/other.1"])
    }

    @Test("uninstall with nothing installed says so, exit 1; a relative PREFIX is a usage error")
    func mistakes() throws {
        let stage = try TemporaryDirectory("kazu-install")
        let nothing = try install(["--destdir", stage.path, "--uninstall"])
        #expect(nothing.status == 1)
        #expect(nothing.errors.hasPrefix("error: no \(stage.path)/usr/local/share/kazu/install-manifest"))
        let relative = try install(["--prefix", "here", "--binary", KazuProcess.executablePath])
        #expect(relative.status == 64)
        #expect(relative.errors == "error: PREFIX must be an absolute path, not 'here'\n")
    }
}
