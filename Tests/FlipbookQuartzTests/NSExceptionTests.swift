import Foundation
import Testing

import FlipbookQuartz

/// `NSException` on Linux (Sources/FlipbookQuartz/NSException.swift): made and raised as iOS code
/// does; raising reports what iOS's console says of an uncaught exception, and returns.
@Suite(.freshRuntime) @MainActor struct NSExceptionTests {
    @Test func raisingReportsTheNameAndReasonAndReturns() {
        let exception = NSException(
            name: .invalidArgumentException, reason: "The delegate must be the router.", userInfo: nil)
        var returned = false
        let messages = FlipbookDiagnostics.capture {
            exception.raise()
            returned = true
        }
        #expect(returned)
        #expect(messages == [
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: "
                + "'The delegate must be the router.' (Flipbook does not end the run: raise() returns)"
        ])
    }

    @Test func itKeepsWhatItWasMadeWith() {
        let exception = NSException(name: .internalInconsistencyException, reason: nil, userInfo: ["key": 1])
        #expect(exception.name.rawValue == "NSInternalInconsistencyException")
        #expect(exception.reason == nil)
        #expect(exception.userInfo?["key"] as? Int == 1)
        #expect(exception.description == "NSInternalInconsistencyException")
        #expect(NSException(name: .rangeException, reason: "out of range").description == "out of range")
        #expect(!exception.callStackSymbols.isEmpty)
    }
}
