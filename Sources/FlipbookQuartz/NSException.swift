import Foundation

#if !canImport(ObjectiveC)
/// Foundation's `NSException`, which Linux's Foundation lacks (it has no Objective-C exceptions):
/// iOS code raises one to stop on API misuse (`NSException(name: .invalidArgumentException,
/// reason: …, userInfo: nil).raise()`). On iOS an exception nobody catches ends the app. Swift
/// cannot catch one either, so here `raise()` reports the message UIKit's console shows, through
/// `FlipbookDiagnostics`, and returns: the run goes on, and the caller's code after `raise()` (a
/// `return`, as Swift requires) runs (docs/Divergences.md, "Exceptions").
open class NSException: NSObject {
    open private(set) var name: NSExceptionName
    open private(set) var reason: String?
    open private(set) var userInfo: [AnyHashable: Any]?

    public init(name aName: NSExceptionName, reason aReason: String?, userInfo aUserInfo: [AnyHashable: Any]? = nil) {
        name = aName
        reason = aReason
        userInfo = aUserInfo
        super.init()
    }

    /// The symbols of the stack where the exception was made.
    open var callStackSymbols: [String] { Thread.callStackSymbols }

    /// What the console says of the exception when nobody catches it.
    var uncaughtMessage: String {
        "*** Terminating app due to uncaught exception '\(name.rawValue)', reason: '\(reason ?? "")' "
            + "(Flipbook does not end the run: raise() returns)"
    }

    /// Reports the exception as uncaught (see the type's notes) and returns.
    open func raise() {
        FlipbookDiagnostics.reportFromAnyContext(uncaughtMessage)
    }

    open override var description: String { reason ?? name.rawValue }
}

extension NSExceptionName {
    // Foundation's names; Linux's Foundation declares the type but none of them.
    public static let genericException = NSExceptionName("NSGenericException")
    public static let rangeException = NSExceptionName("NSRangeException")
    public static let invalidArgumentException = NSExceptionName("NSInvalidArgumentException")
    public static let internalInconsistencyException = NSExceptionName("NSInternalInconsistencyException")
    public static let mallocException = NSExceptionName("NSMallocException")
    public static let objectInaccessibleException = NSExceptionName("NSObjectInaccessibleException")
    public static let objectNotAvailableException = NSExceptionName("NSObjectNotAvailableException")
    public static let destinationInvalidException = NSExceptionName("NSDestinationInvalidException")
    public static let undefinedKeyException = NSExceptionName("NSUndefinedKeyException")
}
#endif
