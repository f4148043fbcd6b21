// FlipbookPreviews: depend on this product in a target that writes `#Preview`.
//
// `#Preview` is declared in Flipbook itself (so an iOS file compiles under `import Flipbook`
// unchanged), but its implementation is a compiler plugin built on SwiftSyntax. SwiftPM hands
// that plugin only to targets that depend on it; this target is the dependency, so packages
// that never write `#Preview` never build SwiftSyntax (docs/Preview.md, "Build time").
@_exported import Flipbook
