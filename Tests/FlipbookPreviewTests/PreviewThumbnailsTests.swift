import FlipbookGeometry
import Foundation
import Testing
@testable import FlipbookPreview

/// The gallery's thumbnail workers when the server stops while one is drawing: `shutdown()`
/// and the work loop may both stop the same worker process, at any point of a request.
@Suite struct PreviewThumbnailsTests {
    /// A worker that reads its requests and never answers (a preview that never returns).
    static let silentWorker = ["/bin/sh", "-c", "cat > /dev/null"]

    /// Stopped from many threads at once, the process is ended exactly once, and every caller
    /// returns only once it has exited.
    @Test func stopFromManyThreadsEndsTheProcessOnce() throws {
        let worker = try #require(PreviewThumbnails.Worker(command: Self.silentWorker))
        #expect(worker.isRunning)
        let stillRunningAfterStop = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            worker.stop()
            if worker.isRunning { stillRunningAfterStop.withLock { $0 += 1 } }
        }
        #expect(worker.timesStopped == 1)
        #expect(stillRunningAfterStop.current == 0)
        #expect(!worker.isRunning)
    }

    /// A request after (or racing with) `stop()` is answered as a stopped worker, never written
    /// to the closed pipe.
    @Test func askAfterStopAnswersThatTheWorkerStopped() throws {
        let worker = try #require(PreviewThumbnails.Worker(command: Self.silentWorker))
        worker.stop()
        guard case .died(let why) = worker.ask("scene\tiPhone\tlight\t100\t/dev/null", timeout: 2) else {
            Issue.record("a stopped worker answered")
            return
        }
        #expect(why.contains("stopped"))
    }

    /// The server stops while a thumbnail is being drawn: the request is answered, the worker
    /// process ends, and the folder goes, whichever of the two threads stops the worker first.
    @Test func shutdownWhileAWorkerDrawsAnswersTheRequest() async throws {
        for _ in 0..<3 {
            let thumbnails = PreviewThumbnails(command: Self.silentWorker)
            let request = Task { await thumbnails.thumbnail(scene: "Card", device: "iPhone", dark: false, width: 120) }
            // Until the work loop has started its worker and written the request. Starting a
            // process on a loaded 2-core machine (a build beside the tests) once took more than
            // 10 s; the bound only keeps a broken loop from hanging the suite.
            let deadline = Date().addingTimeInterval(120)
            while thumbnails.runningWorkers == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(thumbnails.runningWorkers == 1)
            thumbnails.shutdown()
            let outcome = await request.value
            #expect(outcome == .failed("the server is stopping"))
            #expect(!FileManager.default.fileExists(atPath: thumbnails.folder.path))
        }
    }
}

