//
//  DelegateProxy.swift
//  TabKit
//
//  A tab bar controller keeps one delegate, but the transition controller and the app both
//  want to hear from it. This proxy sits in between: it says it responds to whatever either
//  delegate responds to, and each message it implements goes to the first delegate (the app's
//  comes first) that responds.
//

import Foundation

public class DelegateProxy<DelegateType: NSObjectProtocol>: NSObject {
    private(set) weak var primaryDelegate: DelegateType?
    private(set) weak var secondaryDelegate: DelegateType?

    public init(primary: DelegateType?, secondary: DelegateType) {
        primaryDelegate = primary
        secondaryDelegate = secondary
        super.init()
    }

    var delegates: [DelegateType] {
        return [primaryDelegate, secondaryDelegate].compactMap { $0 }
    }

    func firstDelegate(respondingTo selector: Selector) -> DelegateType? {
        return delegates.first { $0.responds(to: selector) }
    }

    public override func responds(to aSelector: Selector!) -> Bool {
        return firstDelegate(respondingTo: aSelector) != nil
    }
}
