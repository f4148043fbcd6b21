import SwiftSyntax

/// A pass over one file of the ported folder: `run()` walks the file's tree, the subclass's
/// `visit` overrides read it and record edits and issues in `file`.
class FileVisitor: SyntaxVisitor {
    let file: FileRewrite

    init(file: FileRewrite) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    func run() { walk(file.source.tree) }
}

/// A pass over one file that also reads the index of the whole ported folder (its classes,
/// protocols and what other passes port).
class IndexedFileVisitor: FileVisitor {
    let index: PortIndex

    init(file: FileRewrite, index: PortIndex) {
        self.index = index
        super.init(file: file)
    }
}
