import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Observers live in the runtime (docs/ARCHITECTURE.md, "Ownership"): a `FlipbookDiagnostics`
/// report or a transition-probe event made in one app reaches that app's observers only,
/// whichever runtime is bound where the code was called; a report made with no runtime bound
/// reaches the process-wide fallback (`AppRuntime.process`'s observers).
@MainActor
@Suite(.freshRuntime) struct RuntimeObserverTests {
    /// Two apps, each in a runtime given explicitly, each with its diagnostics and probe observers.
    @MainActor final class Apps {
        let rootA = UIViewController(), rootB = UIViewController()
        let a: AppDriver, b: AppDriver
        var reportsA: [String] = [], reportsB: [String] = []
        var eventsA: [String] = [], eventsB: [String] = []
        var tokens: [Int] = []
        var probeTokens: [TransitionProbe.ObserverToken] = []

        init() {
            a = AppDriver(rootViewController: rootA, device: .iPhoneSE, runtime: AppRuntime())
            b = AppDriver(rootViewController: rootB, device: .iPhoneSE, runtime: AppRuntime())
            // Installed the two ways: in the bound runtime, and in a runtime named explicitly.
            tokens.append(a.runtime.run { FlipbookDiagnostics.addObserver { [unowned self] in note(&reportsA, $0) } })
            tokens.append(b.runtime.run { FlipbookDiagnostics.addObserver { [unowned self] in note(&reportsB, $0) } })
            probeTokens.append(a.runtime.run {
                TransitionProbe.addObserver { [unowned self] in eventsA.append(name($0)) }
            })
            probeTokens.append(
                TransitionProbe.addObserver(in: b.runtime) { [unowned self] in eventsB.append(name($0)) })
        }

        private func note(_ list: inout [String], _ report: FlipbookDiagnostics.Report) { list.append(report.message) }

        func stop() {
            for token in tokens { FlipbookDiagnostics.removeObserver(token) }
            for token in probeTokens { TransitionProbe.removeObserver(token) }
        }

        func name(_ event: TransitionProbe.Event) -> String {
            switch event {
            case .began: return "began"
            case let .ended(_, didComplete): return "ended(\(didComplete))"
            case let .contextCall(_, call): return call.description
            case let .appearance(_, call): return call.description
            default: return "other"
            }
        }
    }

    /// A presentation in app A, started while B's runtime is bound, and the misuse that
    /// follows it: A's observers hear all of it, B's nothing; the test's own runtime hears
    /// nothing either.
    @Test func aTransitionAndItsDiagnosticsReachOnlyTheirAppsObservers() {
        let apps = Apps()
        defer { apps.stop() }
        var inTest: [String] = []
        let testToken = FlipbookDiagnostics.addObserver { inTest.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(testToken) }
        let modal = UIViewController(), second = UIViewController()
        apps.b.runtime.run {
            // `present` runs in the presenter's runtime: A's, though B's is bound.
            apps.rootA.present(modal, animated: true)
            apps.rootA.present(second, animated: true)  // a presentation is in progress: reported
        }
        apps.a.advance(by: 1)
        #expect(apps.eventsA.contains("began"))
        #expect(apps.eventsA.contains("completeTransition(true)"))
        #expect(apps.eventsA.contains("ended(true)"))
        #expect(apps.eventsB.isEmpty)
        #expect(apps.reportsA.contains { $0.contains("Attempt to present") })
        #expect(apps.reportsB.isEmpty)
        #expect(inTest.isEmpty)
        #expect(apps.rootA.presentedViewController === modal)
    }

    /// A report made in a frame of B's clock is B's even when A's code advanced that clock; a
    /// report made with A bound is A's.
    @Test func aReportMadeInOneRuntimeReachesOnlyItsObservers() {
        let apps = Apps()
        defer { apps.stop() }
        _ = apps.b.runtime.clock.schedule(after: 0.1) { FlipbookDiagnostics.report("from B's frame") }
        apps.a.runtime.run {
            FlipbookDiagnostics.report("from A")
            apps.b.runtime.clock.advance(by: 0.2)
        }
        #expect(apps.reportsA == ["from A"])
        #expect(apps.reportsB == ["from B's frame"])
        // A probe event is the app's whose transition it is, whoever is bound.
        apps.a.runtime.run { apps.rootB.present(UIViewController(), animated: false) }
        #expect(apps.eventsB.contains("began") && apps.eventsB.contains("ended(true)"))
        #expect(apps.eventsA.isEmpty)
    }

    /// An observer is removed from its runtime whichever runtime is bound when it is removed.
    @Test func anObserverIsRemovedFromItsRuntimeFromAnywhere() {
        let apps = Apps()
        apps.b.runtime.run { apps.stop() }
        apps.a.runtime.run { FlipbookDiagnostics.report("after A stopped") }
        apps.a.runtime.run { apps.rootA.present(UIViewController(), animated: false) }
        #expect(apps.reportsA.isEmpty)
        #expect(apps.eventsA.isEmpty)
        FlipbookDiagnostics.removeObserver(apps.tokens[0])  // again: nothing happens
    }

    /// A report made with no runtime bound (a command-line tool before it makes an app) goes to
    /// the process-wide fallback, the observers installed with no runtime bound; the apps' and
    /// the test's observers do not hear it, and the fallback does not hear theirs.
    @Test func aReportWithNoRuntimeReachesTheFallback() {
        let apps = Apps()
        defer { apps.stop() }
        var inTest: [String] = []
        let testToken = FlipbookDiagnostics.addObserver { inTest.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(testToken) }
        var fallback: [String] = []
        let fallbackToken = RuntimeBinding.$bound.withValue(nil) {
            FlipbookDiagnostics.addObserver { fallback.append($0.message) }
        }
        defer { FlipbookDiagnostics.removeObserver(fallbackToken) }
        RuntimeBinding.$bound.withValue(nil) { FlipbookDiagnostics.report("outside every runtime") }
        FlipbookDiagnostics.report("in the test's runtime")
        apps.a.runtime.run { FlipbookDiagnostics.report("in A") }
        #expect(fallback == ["outside every runtime"])
        #expect(inTest == ["in the test's runtime"])
        #expect(apps.reportsA == ["in A"])
        #expect(apps.reportsB.isEmpty)
        #expect(AppRuntime.process.diagnosticsObservers.isEmpty == false)
    }

    /// `capture(_:)` is synchronous and keeps every report its body makes, in any runtime.
    @Test func captureHearsEveryRuntime() {
        let apps = Apps()
        defer { apps.stop() }
        let captured = FlipbookDiagnostics.capture {
            FlipbookDiagnostics.report("test")
            apps.b.runtime.run { FlipbookDiagnostics.report("B") }
            RuntimeBinding.$bound.withValue(nil) { FlipbookDiagnostics.report("none") }
        }
        #expect(captured == ["test", "B", "none"])
        #expect(apps.reportsB == ["B"])
        #expect(apps.reportsA.isEmpty)
    }
}
