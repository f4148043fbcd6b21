@_exported import Foundation
@_exported import FlipbookGeometry
@_exported import FlipbookQuartz
@_exported import FlipbookPhysics
@_exported import FlipbookRender
@_exported import FlipbookUIKit
