// FlipbookQuartz: Core Animation on Flipbook's virtual clock. Like QuartzCore, which
// brings CoreGraphics with it, importing this module gives the geometry types too.
@_exported import FlipbookGeometry
