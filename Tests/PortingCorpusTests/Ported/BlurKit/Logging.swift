//
//  Logging.swift
//  BlurKit
//
//  The library's log, in the unified log as blur libraries write it.
//

#if canImport(os)
import os.log
#endif
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

let blurLog = OSLog(subsystem: "com.example.BlurKit", category: "Blur")
