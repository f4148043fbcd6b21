//
//  Logging.swift
//  BlurKit
//
//  The library's log, in the unified log as blur libraries write it.
//

import os.log

let blurLog = OSLog(subsystem: "com.example.BlurKit", category: "Blur")
