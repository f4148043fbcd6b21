/// A weak reference to an object kept in a property of any type, where Swift's `weak` cannot go:
/// a generic parameter standing for a protocol (`weak var primary: DelegateType?` in a proxy
/// generic over UIKit delegate protocols).
///
/// On iOS such code constrains its parameter to `NSObjectProtocol`, which Objective-C protocol
/// types satisfy, so `weak` applies. On Linux no protocol type conforms to a protocol, so
/// `flipbook port` drops that constraint and writes `@WeakObject var primary: DelegateType?`
/// (docs/Porting.md, "Generic proxies over delegate protocols"). The wrapper holds the object
/// weakly and reads it back as `Value`; a value that is not an object cannot be held weakly and
/// reads back as nil, as a `weak` property that was given no object.
@propertyWrapper
public struct WeakObject<Value> {
    private weak var object: AnyObject?

    public init() {}

    public init(wrappedValue: Value?) {
        object = wrappedValue.map { $0 as AnyObject }
    }

    public var wrappedValue: Value? {
        get { object.flatMap { $0 as? Value } }
        set { object = newValue.map { $0 as AnyObject } }
    }
}
