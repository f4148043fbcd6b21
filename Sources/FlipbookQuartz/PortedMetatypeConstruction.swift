/// Where `flipbook port` rewrote `T()` or `type.init(…)` on a class chosen at run time
/// (docs/Porting.md, "Classes made through a metatype").
///
/// Swift constructs a class through a metatype value only with a `required` initialiser. UIKit's
/// initialisers come from Objective-C and are exempt: `T()` with `T: UIView` compiles on iOS and
/// sends `-init` to whatever class `T` is at run time. Flipbook's initialisers are Swift's and
/// cannot be `required`, or every subclass with an initialiser of its own would have to repeat
/// them. So the porter lists, at each such call, the classes of the ported folder that can be
/// made with that initialiser, each with a closure that makes it, and this picks the one that is
/// exactly `type`.
///
/// A class the porter did not see (one from outside the ported folder) stops the program with
/// a message naming the class and the line to add, as UIKit stops on a class that does not
/// inherit the initialiser ("use of unimplemented initializer").
public func flipbookPortMake<T>(
    _ type: T.Type, _ initializer: String, _ candidates: [(Any.Type, () -> Any)],
    file: StaticString = #fileID, line: UInt = #line
) -> T {
    guard let made = PortedMetatypeConstruction.make(type, candidates) else {
        fatalError(PortedMetatypeConstruction.unlisted(type, initializer, candidates), file: file, line: line)
    }
    return made
}

/// The parts of `flipbookPortMake` that do not stop the program, for tests.
enum PortedMetatypeConstruction {
    /// The instance made by the candidate that is exactly `type`; `nil` when none is.
    static func make<T>(_ type: T.Type, _ candidates: [(Any.Type, () -> Any)]) -> T? {
        guard let make = candidates.first(where: { $0.0 == type })?.1 else { return nil }
        return make() as? T
    }

    /// Why `type` could not be made, and what to add.
    static func unlisted(_ type: Any.Type, _ initializer: String, _ candidates: [(Any.Type, () -> Any)]) -> String {
        let listed = candidates.map { "\($0.0)" }.joined(separator: ", ")
        return "flipbook port: \(type) is made here through a metatype with `\(initializer)`, and the porter listed only the "
            + "classes of the ported folder that can be made so (\(listed.isEmpty ? "none" : listed)). Swift makes a class "
            + "chosen at run time only through a `required` initialiser; add `(\(type).self, { \(type)(…) })` to the list "
            + "at this call (docs/Porting.md, \"Classes made through a metatype\")"
    }
}
