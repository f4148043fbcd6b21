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
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public class DelegateProxy<DelegateType>: NSObject {
    @WeakObject private(set) var primaryDelegate: DelegateType?
    @WeakObject private(set) var secondaryDelegate: DelegateType?

    public init(primary: DelegateType?, secondary: DelegateType) {
        primaryDelegate = primary
        secondaryDelegate = secondary
        super.init()
    }

    var delegates: [DelegateType] {
        return [primaryDelegate, secondaryDelegate].compactMap { $0 }
    }

    public var forwardingDelegate: AnyObject? { nil }
    public var forwardingDelegates: [AnyObject] { delegates.map { $0 as AnyObject } }
    public var forwardingStyle: DelegateForwardingStyle { .firstImplementer }
}

extension DelegateProxy: DelegateForwarding {}
