import FlipbookGeometry
import Foundation

/// Draws the gallery's thumbnails in worker processes (`flipbook preview --gallery-worker`,
/// the same program), off the server's main actor and out of its process: a preview that traps
/// while it is drawn ends its worker, the request answers with the worker's last words (the
/// Swift runtime's "Fatal error: …"), and the next request starts a new worker.
///
/// Thumbnails are PNG files in a folder of this server run's own (removed at shutdown), so the
/// server holds none in memory; at most `PreviewLimits.thumbnailWorkers` workers draw at once,
/// each restarted after `PreviewLimits.thumbnailsPerWorker` thumbnails (its memory stays
/// bounded whatever the previews leak), and one that takes longer than
/// `PreviewLimits.thumbnailTimeout` for a thumbnail is ended (a preview that never returns).
final class PreviewThumbnails: @unchecked Sendable {  // @unchecked: its mutable state is guarded by `lock` (below).
    /// What starts a line of the worker's answers (anything else the previews print is ignored).
    static let answerPrefix = "\u{1}flipbook-thumbnail "

    enum Outcome: Sendable, Equatable {
        case png(Data)
        case failed(String)
    }

    private struct Request {
        var key: String
        var line: String
        var output: URL
    }

    private let command: [String]
    let folder: URL
    // Everything below is guarded by `lock` (an NSCondition: the workers wait on it).
    private let lock = NSCondition()
    private var queue: [Request] = []
    private var waiting: [String: [(Outcome) -> Void]] = [:]
    private var failures: [String: String] = [:]
    private var threads = 0
    private var closed = false
    private var workers: [Worker] = []

    /// `command`: the program and arguments that start a worker (nil: no thumbnails, each
    /// request fails saying so).
    init(command: [String]?) {
        self.command = command ?? []
        var system = SystemRandomNumberGenerator()  // not the app's seeded sequence: names must differ
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flipbook-gallery-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max, using: &system))",
            isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A worker that died while a request is written to it must not end the server.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The thumbnail of `scene` (a registered name), from the folder or drawn now.
    func thumbnail(scene: String, device: String, dark: Bool, width: Int) async -> Outcome {
        let key = "\(scene)|\(device)|\(dark ? "dark" : "light")|\(width)"
        let safe = key.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        let output = folder.appendingPathComponent(String(safe) + ".png")
        if let data = try? Data(contentsOf: output) { return .png(data) }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            lock.lock()
            defer { lock.unlock() }
            if let failed = failures[key] { return continuation.resume(returning: .failed(failed)) }
            guard !command.isEmpty, !closed else {
                return continuation.resume(returning: .failed("thumbnails are not available in this server"))
            }
            if waiting[key] != nil {
                waiting[key]!.append { continuation.resume(returning: $0) }
                return
            }
            waiting[key] = [{ continuation.resume(returning: $0) }]
            queue.append(Request(key: key, line: "\(scene)\t\(device)\t\(dark ? "dark" : "light")\t\(width)\t\(output.path)", output: output))
            if threads < PreviewLimits.thumbnailWorkers {
                threads += 1
                let thread = Thread { [self] in workLoop() }
                thread.name = "flipbook.gallery.worker"
                thread.start()
            }
            lock.signal()
        }
    }

    /// One worker thread: takes requests, feeds its worker process, answers; ends when idle.
    private func workLoop() {
        var worker: Worker?
        while true {
            lock.lock()
            while queue.isEmpty && !closed {
                if !lock.wait(until: Date().addingTimeInterval(5)) && queue.isEmpty { break }
            }
            if closed || queue.isEmpty {
                threads -= 1
                lock.unlock()
                worker?.stop()
                if let worker { remove(worker) }
                return
            }
            let request = queue.removeFirst()
            lock.unlock()

            if worker == nil || worker!.served >= PreviewLimits.thumbnailsPerWorker || !worker!.isRunning {
                if let old = worker { old.stop(); remove(old) }
                worker = Worker(command: command)
                if let w = worker { add(w) }
            }
            let outcome: Outcome
            guard let current = worker else {
                lock.lock()
                let callbacks = waiting.removeValue(forKey: request.key) ?? []
                lock.unlock()
                for c in callbacks { c(.failed("could not start the thumbnail worker (\(command.first ?? "?"))")) }
                continue
            }
            switch current.ask(request.line, timeout: PreviewLimits.thumbnailTimeout) {
            case .answer(let text) where text == "ok":
                outcome = (try? Data(contentsOf: request.output)).map(Outcome.png) ?? .failed("the worker wrote no thumbnail")
            case .answer(let text):
                outcome = .failed(text.hasPrefix("error ") ? String(text.dropFirst(6)) : text)
            case .died(let why):
                outcome = .failed(why)
                if let w = worker { w.stop(); remove(w) }
                worker = nil
            }
            lock.lock()
            if case .failed(let why) = outcome { failures[request.key] = why }
            let callbacks = waiting.removeValue(forKey: request.key) ?? []
            lock.unlock()
            for c in callbacks { c(outcome) }
        }
    }

    /// Worker processes started and not yet stopped (for tests).
    var runningWorkers: Int {
        lock.lock()
        defer { lock.unlock() }
        return workers.count
    }

    private func add(_ w: Worker) {
        lock.lock()
        workers.append(w)
        lock.unlock()
    }

    private func remove(_ w: Worker) {
        lock.lock()
        workers.removeAll { $0 === w }
        lock.unlock()
    }

    /// Ends the workers, answers what waits, removes the folder.
    func shutdown() {
        lock.lock()
        closed = true
        let pending = waiting
        waiting = [:]
        queue = []
        let running = workers
        lock.broadcast()
        lock.unlock()
        for w in running { w.stop() }
        for (_, callbacks) in pending { for c in callbacks { c(.failed("the server is stopping")) } }
        try? FileManager.default.removeItem(at: folder)
    }

    /// One worker process and its pipes. The work-loop thread that made it asks it; `stop()`
    /// may also come from `shutdown()` on another thread, at any point of a request. So the
    /// request's line is written, and the process stopped, under one lock: `stop()` ends the
    /// process once, a second caller waits until it has, and a line is never written to a pipe
    /// that `stop()` closed (whose descriptor may already belong to another file).
    // @unchecked: `buffer` and `served` belong to the work-loop thread; the rest is `let`s and the lock.
    final class Worker: @unchecked Sendable {
        enum Reply { case answer(String), died(String) }
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let errorFile: URL
        private var buffer: [UInt8] = []
        private(set) var served = 0
        /// How many times the process was stopped (0 or 1; a test reads it).
        private let stops = LockedValue(0)

        init?(command: [String]) {
            guard let exe = command.first else { return nil }
            errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-gallery-worker-\(UUID().uuidString).log")
            FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: exe)
            process.arguments = Array(command.dropFirst())
            process.standardInput = input
            process.standardOutput = output
            process.standardError = try? FileHandle(forWritingTo: errorFile)
            do {
                try process.run()
            } catch {
                return nil
            }
        }

        var isRunning: Bool { process.isRunning }

        /// Whether `stop()` ended the process (however many times it was called).
        var timesStopped: Int { stops.current }

        /// Sends `line` and waits for the answer (at most `timeout` seconds).
        func ask(_ line: String, timeout: Double) -> Reply {
            let errorsBefore = (try? Data(contentsOf: errorFile).count) ?? 0
            let written = stops.withLock { stops -> Bool in
                guard stops == 0 else { return false }
                return (try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))) != nil
            }
            guard written else {
                return .died(lastWords(after: errorsBefore, fallback: "the thumbnail worker has stopped"))
            }
            let fd = output.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if let nl = buffer.firstIndex(of: 10) {
                    let text = String(decoding: buffer[..<nl], as: UTF8.self)
                    buffer.removeSubrange(...nl)
                    guard text.hasPrefix(PreviewThumbnails.answerPrefix) else { continue }  // the preview's own output
                    served += 1
                    return .answer(String(text.dropFirst(PreviewThumbnails.answerPrefix.count)))
                }
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else {
                    stop()
                    return .died("drawing it took longer than \(Int(timeout)) s; the worker was stopped (does the preview ever return?)")
                }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&p, 1, Int32(min(left, 1) * 1000))
                if ready <= 0 { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 {
                    process.waitUntilExit()
                    let how = process.terminationReason == .uncaughtSignal
                        ? "it trapped (signal \(process.terminationStatus))" : "it exited with status \(process.terminationStatus)"
                    return .died(lastWords(after: errorsBefore, fallback: "The preview ended its process while it was drawn: \(how)."))
                }
                buffer += chunk[..<n]
            }
        }

        /// The worker's error output since `offset`: the lines naming the failure.
        private func lastWords(after offset: Int, fallback: String) -> String {
            guard let data = try? Data(contentsOf: errorFile), data.count > offset else { return fallback }
            let text = String(decoding: data[offset...], as: UTF8.self)
            let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("[Flipbook]") }
            let fatal = lines.filter { $0.contains("Fatal error") || $0.contains("fatal error") || $0.contains("Precondition") }
            let chosen = (fatal.isEmpty ? Array(lines.suffix(3)) : fatal).joined(separator: "\n")
            return chosen.isEmpty ? fallback : fallback + "\n" + String(chosen.prefix(600))
        }

        /// Ends the process and waits for it; safe from any thread, any number of times.
        func stop() {
            stops.withLock { stops in
                guard stops == 0 else { return }
                stops += 1
                try? input.fileHandleForWriting.close()
                if process.isRunning { process.terminate() }
                process.waitUntilExit()
                try? FileManager.default.removeItem(at: errorFile)
            }
        }
    }
}
