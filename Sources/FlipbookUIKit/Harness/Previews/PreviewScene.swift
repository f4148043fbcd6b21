import CFlipbookPreviewRecords
import Foundation
import FlipbookQuartz
import FlipbookRender

/// Every `#Preview` linked into this program, found with no list (docs/Preview.md, "How
/// previews are found"), with the scene names the tools use.
@preconcurrency @MainActor
public enum PreviewCatalog {
    /// One found preview.
    public struct Entry {
        /// The type `#Preview` wrote.
        public let registry: any PreviewRegistry.Type
        /// The name given to `#Preview`, if any.
        public let previewName: String?
        /// The name `flipbook preview|render` and the page use: the preview's name in lowercase
        /// words joined by `-`, or `<file>-<line>` for an unnamed one; made unique.
        public let sceneName: String
        /// "File.swift:12".
        public var location: String { "\((registry.fileID as NSString).lastPathComponent):\(registry.line)" }
    }

    /// How long a preview's scene runs by default, in seconds (a preview has no script; the
    /// page extends its timeline past the last touch).
    public static let duration: CFTimeInterval = 3

    /// The registry types of the records in this image, ordered by file and line.
    public static func registries() -> [any PreviewRegistry.Type] {
        guard let start = flipbook_preview_records_start(), let end = flipbook_preview_records_end() else { return [] }
        let stride = MemoryLayout<FlipbookPreviewRecord>.stride
        let count = (Int(bitPattern: end) - Int(bitPattern: start)) / stride
        var out: [any PreviewRegistry.Type] = []
        for i in 0..<max(0, count) {
            let record = start.advanced(by: i * stride).load(as: FlipbookPreviewRecord.self)
            // Other tools may add records of their own kinds or versions: skip those.
            guard record.kind == flipbookPreviewRecordKind, record.version == 1 else { continue }
            let type = unsafeBitCast(record.registry(), to: Any.Type.self)
            if let registry = type as? any PreviewRegistry.Type { out.append(registry) }
        }
        return out.sorted { ($0.fileID, $0.line, $0.column) < ($1.fileID, $1.line, $1.column) }
    }

    private static var cachedEntries: [Entry]?
    /// What was wrong with the previews found (two with one name), one message each; the tools
    /// print them and the preview page shows them.
    public private(set) static var problems: [String] = []
    private static var reservedNames: Set<String> = []

    /// The found previews with their scene names. Two previews with one name (or a name a
    /// scene already has, see `register(in:)`) are both kept: the later one's scene name gets
    /// its file and line, and the clash is reported.
    public static var entries: [Entry] {
        if let cachedEntries { return cachedEntries }
        var used = reservedNames
        var out: [Entry] = []
        problems = []
        for registry in registries() {
            let preview = try? registry.makePreview()
            let file = ((registry.fileID as NSString).lastPathComponent as NSString).deletingPathExtension
            let base = slug(preview?.name ?? "") ?? "\(slug(file) ?? "preview")-\(registry.line)"
            var name = base
            if used.contains(name) {
                name = "\(base)-\(slug(file) ?? "preview")-\(registry.line)"
                var n = 2
                while used.contains(name) { name = "\(base)-\(n)"; n += 1 }
                let message = "Two previews or scenes are named '\(base)'; the #Preview at \((registry.fileID as NSString).lastPathComponent):\(registry.line) is listed as '\(name)'. Give it a name of its own."
                problems.append(message)
                FlipbookDiagnostics.report(message)
            }
            used.insert(name)
            out.append(Entry(registry: registry, previewName: preview?.name, sceneName: name))
        }
        cachedEntries = out
        return out
    }

    /// The entry whose scene is `type`.
    static func entry(for type: any PreviewRegistry.Type) -> Entry? {
        entries.first { ObjectIdentifier($0.registry) == ObjectIdentifier(type) }
    }

    /// A scene type for every found preview, in order.
    public static var sceneTypes: [any RenderScene.Type] {
        entries.map { sceneType(of: $0.registry) }
    }

    /// The scene type showing the preview `registry`.
    public static func sceneType(of registry: any PreviewRegistry.Type) -> any RenderScene.Type {
        func open<R: PreviewRegistry>(_ r: R.Type) -> any RenderScene.Type { PreviewScene<R>.self }
        return open(registry)
    }

    /// Adds a scene for every found preview to `registry`, after the scenes already in it
    /// (whose names the previews do not take: a clashing preview is renamed, as for two previews
    /// with one name). The names follow the last registry registered into (a program has one).
    public static func register(in registry: inout SceneRegistry) {
        // The registry's other scenes keep their names; the previews' own names (a registry that
        // already holds them) reserve nothing.
        let others = Set(registry.sceneTypes.filter { !($0 is any PreviewSceneType.Type) }.map { $0.name })
        if cachedEntries == nil || others != reservedNames {
            reservedNames = others
            cachedEntries = nil
        }
        for type in sceneTypes { registry.register(type) }
    }

    /// Lowercase words joined by "-", or nil when nothing is left.
    static func slug(_ s: String) -> String? {
        var out = ""
        var dash = false
        for ch in s.lowercased() {
            if ch.isLetter || ch.isNumber {
                if dash, !out.isEmpty { out.append("-") }
                out.append(ch)
                dash = false
            } else {
                dash = true
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The device a preview is shown on for a screen of `size` at its traits.
    static func device(for preview: Preview, size: CGSize, content: Preview.Content?) -> UIScreen.Device {
        var device = UIScreen.Device.fitting(size)
        if preview.orientation.isLandscape {
            let i = device.safeAreaInsets
            device = UIScreen.Device(
                name: device.name + "-landscape", size: CGSize(width: device.size.height, height: device.size.width),
                scale: device.scale,
                safeAreaInsets: UIEdgeInsets(top: 0, left: i.top > 24 ? i.top : 0, bottom: i.bottom > 0 ? 21 : 0, right: i.top > 24 ? i.top : 0))
        }
        switch preview.layout {
        case .device:
            return device
        case .fixed(let w, let h):
            guard w.isFinite, h.isFinite, w > 0, h > 0, w <= 10_000, h <= 10_000 else {
                FlipbookDiagnostics.report("#Preview: .fixedLayout(width: \(w), height: \(h)) needs sizes in 1…10 000 points; showing the device's screen.")
                return device
            }
            return UIScreen.Device(name: "fixed", size: CGSize(width: w, height: h), scale: device.scale, safeAreaInsets: .zero)
        case .sizeThatFits:
            var fitted = CGSize.zero
            switch content {
            case .view(let v)?:
                fitted = v.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
                if !(fitted.width > 0 && fitted.height > 0) { fitted = v.sizeThatFits(device.size) }
                if !(fitted.width > 0 && fitted.height > 0) { fitted = v.bounds.size }
            case .viewController(let vc)?:
                fitted = vc.preferredContentSize
            case nil:
                break
            }
            guard fitted.width.isFinite, fitted.height.isFinite, fitted.width >= 1, fitted.height >= 1,
                fitted.width <= 10_000, fitted.height <= 10_000
            else {
                FlipbookDiagnostics.report("#Preview with .sizeThatFitsLayout: the content fits no size (\(fitted.width) × \(fitted.height)); showing the device's screen.")
                return device
            }
            return UIScreen.Device(name: "fitted", size: CGSize(width: fitted.width.rounded(.up), height: fitted.height.rounded(.up)), scale: device.scale, safeAreaInsets: .zero)
        }
    }

    /// The driver showing `registry`'s preview on a screen of `size`: its view controller, or
    /// its view filling a plain controller, at its traits. A body that throws shows the error.
    static func makeDriver(for registry: any PreviewRegistry.Type, size: CGSize) -> AppDriver {
        let place = "\((registry.fileID as NSString).lastPathComponent):\(registry.line)"
        let preview: Preview
        let content: Preview.Content
        do {
            preview = try registry.makePreview()
            content = try preview.makeContent()
        } catch {
            let message = "#Preview at \(place) threw: \(error)"
            FlipbookDiagnostics.report(message)
            return AppDriver(rootViewController: PreviewErrorViewController(message: message), device: .fitting(size))
        }
        let device = self.device(for: preview, size: size, content: content)
        switch content {
        case .viewController(let vc):
            return AppDriver(rootViewController: vc, device: device)
        case .view(let view):
            let host = UIViewController()
            host.view.backgroundColor = .systemBackground
            view.translatesAutoresizingMaskIntoConstraints = true
            view.frame = host.view.bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            host.view.addSubview(view)
            let driver = AppDriver(rootViewController: host, device: device)
            view.frame = host.view.bounds
            return driver
        }
    }
}

/// What every `PreviewScene<R>` is (to tell previews from other scenes in a registry).
@preconcurrency @MainActor
protocol PreviewSceneType {}

/// A `#Preview` as a scene: its content at its traits, with no script.
@preconcurrency @MainActor
public final class PreviewScene<R: PreviewRegistry>: AppScene, PreviewSceneType {
    public static var name: String { PreviewCatalog.entry(for: R.self)?.sceneName ?? "\(R.fileID):\(R.line)" }
    public static var summary: String {
        let name = PreviewCatalog.entry(for: R.self)?.previewName.map { "\"\($0)\"" } ?? "Unnamed"
        return "#Preview \(name) at \((R.fileID as NSString).lastPathComponent):\(R.line)"
    }
    public let duration: CFTimeInterval = PreviewCatalog.duration
    public let driver: AppDriver

    public init(size: CGSize) {
        driver = PreviewCatalog.makeDriver(for: R.self, size: size)
    }
}

/// What a preview whose body threw shows: the error, in red on white.
@preconcurrency @MainActor
final class PreviewErrorViewController: UIViewController {
    let message: String
    init(message: String) {
        self.message = message
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let label = UILabel()
        label.text = message
        label.textColor = .red
        label.numberOfLines = 0
        label.textAlignment = .center
        label.frame = view.bounds.insetBy(dx: 20, dy: 80)
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(label)
    }
}
