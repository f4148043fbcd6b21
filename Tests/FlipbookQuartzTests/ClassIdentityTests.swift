import Testing
@testable import FlipbookQuartz

/// `===` on classes, as Objective-C bridging gives it on iOS (`type(of: view) === UITableView.self`).
@Suite struct ClassIdentityTests {
    class Base {}
    final class Derived: Base {}

    @Test func classesAreIdenticalOnlyToThemselves() {
        let object: Base = Derived()
        let type = Swift.type(of: object)
        #expect(type === Derived.self)
        #expect(!(type === Base.self), "a subclass is not its superclass")
        #expect(type !== Base.self)
        let missing: Base.Type? = nil
        #expect(!(missing === Base.self))
        #expect(missing === nil)
        #expect(Optional<Base.Type>.some(Derived.self) === Derived.self)
    }

    @Test func instancesStillCompareByIdentity() {
        let a = Base(), b = Base()
        #expect(a === a)
        #expect(a !== b)
    }
}
