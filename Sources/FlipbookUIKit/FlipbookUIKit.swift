// FlipbookUIKit: UIKit's view layer (views, windows, controls, Auto Layout), controllers,
// transitions, gestures and UIKit Dynamics, on FlipbookQuartz's layers and FlipbookRender.
//
// Like UIKit, which brings CoreGraphics and QuartzCore with it, importing FlipbookUIKit gives
// the geometry and Core Animation types too.
@_exported import FlipbookGeometry
@_exported import FlipbookQuartz
