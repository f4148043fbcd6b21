//
//  SwipeDelegateFanOut.swift
//  SwipeKit
//
//  The navigation controller keeps one delegate, but the swipe-back controller and the app both
//  want to hear from it. The library's Objective-C target, SKDelegateFanOut, holds several
//  delegates weakly and forwards each message to every one that responds:
//
//      @interface SKDelegateFanOut : NSObject
//      - (nonnull instancetype)initWithDelegates:(NSArray<id> * __nonnull)delegates NS_REFINED_FOR_SWIFT;
//      @end
//
//  (its implementation overrides -respondsToSelector: and -forwardInvocation:). The Swift side
//  only names the protocols.
//

import UIKit
#if SWIFT_PACKAGE
import SKDelegateFanOut
#endif

class DelegateFanOut<Delegate>: SKDelegateFanOut {
    @nonobjc convenience init(delegates: [Delegate]) {
        self.init(__delegates: delegates)
    }
}

final class NavigationDelegateFanOut: DelegateFanOut<UINavigationControllerDelegate>, UINavigationControllerDelegate {}
