import Foundation

#if !canImport(Darwin)
// Foundation's version numbers (NSObjCRuntime.h), which Linux's Foundation does not declare.
// Older iOS code branches on them: `if floor(NSFoundationVersionNumber) <=
// NSFoundationVersionNumber_iOS_7_1 { … }` picks the iOS 7 layout. Flipbook stands for a
// recent iOS, so its version number is above every named release (Apple's exact figure
// changes with each release and is not documented; docs/Divergences.md, "Foundation's version
// number").

/// The version of Foundation the app runs on: above every named iOS release below.
nonisolated(unsafe) public var NSFoundationVersionNumber: Double = 2000

public let NSFoundationVersionNumber_iPhoneOS_2_0: Double = 678.24
public let NSFoundationVersionNumber_iPhoneOS_2_1: Double = 678.26
public let NSFoundationVersionNumber_iPhoneOS_2_2: Double = 678.29
public let NSFoundationVersionNumber_iPhoneOS_3_0: Double = 678.47
public let NSFoundationVersionNumber_iPhoneOS_3_1: Double = 678.51
public let NSFoundationVersionNumber_iPhoneOS_3_2: Double = 678.60
public let NSFoundationVersionNumber_iOS_4_0: Double = 751.32
public let NSFoundationVersionNumber_iOS_4_1: Double = 751.37
public let NSFoundationVersionNumber_iOS_4_2: Double = 751.49
public let NSFoundationVersionNumber_iOS_4_3: Double = 751.49
public let NSFoundationVersionNumber_iOS_5_0: Double = 881.00
public let NSFoundationVersionNumber_iOS_5_1: Double = 890.10
public let NSFoundationVersionNumber_iOS_6_0: Double = 992.00
public let NSFoundationVersionNumber_iOS_6_1: Double = 993.00
public let NSFoundationVersionNumber_iOS_7_0: Double = 1047.20
public let NSFoundationVersionNumber_iOS_7_1: Double = 1047.25
public let NSFoundationVersionNumber_iOS_8_0: Double = 1140.11
public let NSFoundationVersionNumber_iOS_8_1: Double = 1141.1
public let NSFoundationVersionNumber_iOS_8_2: Double = 1142.14
public let NSFoundationVersionNumber_iOS_8_3: Double = 1144.17
public let NSFoundationVersionNumber_iOS_8_4: Double = 1144.17
public let NSFoundationVersionNumber_iOS_8_x_Max: Double = 1199
public let NSFoundationVersionNumber_iOS_9_0: Double = 1240.1
public let NSFoundationVersionNumber_iOS_9_1: Double = 1241.14
public let NSFoundationVersionNumber_iOS_9_2: Double = 1242.12
public let NSFoundationVersionNumber_iOS_9_3: Double = 1242.12
public let NSFoundationVersionNumber_iOS_9_4: Double = 1280.25
public let NSFoundationVersionNumber_iOS_9_x_Max: Double = 1299
#endif
