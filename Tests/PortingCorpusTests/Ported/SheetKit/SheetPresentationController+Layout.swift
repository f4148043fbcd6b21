//
//  SheetPresentationController+Layout.swift
//  SheetKit
//
//  Layout and the presentation's life cycle, kept apart from the class as many libraries do.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif
