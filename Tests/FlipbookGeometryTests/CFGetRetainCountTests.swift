import Foundation
import Testing

@testable import FlipbookGeometry

/// `CFGetRetainCount` (Sources/FlipbookGeometry/CoreFoundationNames.swift) reads the Swift
/// runtime's strong count of an object.
@Suite struct CFGetRetainCountTests {
    private final class Payload {}
    private final class Holder { var held: AnyObject? }

    @Test func aSecondStrongReferenceRaisesTheCountByOne() {
        let payload = Payload()
        let holder = Holder()
        let before = CFGetRetainCount(payload)
        holder.held = payload
        let holding = CFGetRetainCount(payload)
        holder.held = nil
        let after = CFGetRetainCount(payload)
        #expect(before >= 1)
        #expect(holding == before + 1)
        #expect(after == before)
    }

    @Test func weakReferencesDoNotCount() {
        let payload = Payload()
        let before = CFGetRetainCount(payload)
        weak var weakPayload: Payload? = payload
        #expect(CFGetRetainCount(payload) == before)
        #expect(weakPayload != nil)
    }

    @Test func anNSObjectAnswersToo() {
        let object = NSObject()
        let holder = Holder()
        let before = CFGetRetainCount(object)
        holder.held = object
        #expect(CFGetRetainCount(object) == before + 1)
        withExtendedLifetime(holder) {}
    }

    @Test func nilAnswersZero() {
        let none: AnyObject? = nil
        #expect(CFGetRetainCount(none) == 0)
    }
}
