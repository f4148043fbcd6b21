// FlipbookWebKit: WebKit's web view as a stand-in. It is its own module, outside `import
// Flipbook`, because `URLRequest` lives in Linux's FoundationNetworking (which brings libcurl):
// an app that shows a web view imports FlipbookWebKit where iOS code imports WebKit, and gets
// FoundationNetworking and FlipbookUIKit with it, as WebKit brings Foundation and UIKit.
@_exported import Foundation
@_exported import FlipbookUIKit
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif

// The WebKit types that libraries reach for to show a web page inside their UI (a web browser
// controller, a help screen, a library that collapses its bars when a page scrolls): a web
// view, its configuration and its delegates. Flipbook renders no web pages and pulls in no web
// engine: a web view is a white page in a real scroll view, remembers what it was asked to load,
// tells its navigation delegate the load started and finished a frame later, and reports once
// that pages are not rendered (docs/Divergences.md, "Web views"). Stand-ins, as the video
// player types in FlipbookUIKit's AVPlayer.swift are.

/// A navigation a web view started, WebKit's `WKNavigation` (an identity only).
open class WKNavigation: NSObject, @unchecked Sendable {
    // Unchecked: as WebKit's SDK declares it; the object carries no state.
    public override init() { super.init() }
}

/// Why a navigation happened, WebKit's `WKNavigationType`.
public enum WKNavigationType: Int, Sendable {
    case linkActivated = 0
    case formSubmitted = 1
    case backForward = 2
    case reload = 3
    case formResubmitted = 4
    case other = -1
}

/// Whether a navigation may go ahead, WebKit's `WKNavigationActionPolicy`.
public enum WKNavigationActionPolicy: Int, Sendable {
    case cancel = 0
    case allow = 1
    case download = 2
}

/// Whether a response may be shown, WebKit's `WKNavigationResponsePolicy`.
public enum WKNavigationResponsePolicy: Int, Sendable {
    case cancel = 0
    case allow = 1
    case download = 2
}

/// A frame of a page, WebKit's `WKFrameInfo`.
@preconcurrency @MainActor
open class WKFrameInfo: NSObject {
    /// Whether the frame is the page's main frame.
    open var isMainFrame: Bool { true }
    /// The frame's request.
    open var request: URLRequest
    init(request: URLRequest) { self.request = request }
}

/// What asked for a navigation, WebKit's `WKNavigationAction`.
@preconcurrency @MainActor
open class WKNavigationAction: NSObject {
    /// The request to load.
    open var request: URLRequest
    /// Why (`.other` for loads asked for in code).
    open var navigationType: WKNavigationType
    /// The frame that asked.
    open var sourceFrame: WKFrameInfo { WKFrameInfo(request: request) }
    /// The frame to load in (nil: a new window).
    open var targetFrame: WKFrameInfo? { WKFrameInfo(request: request) }
    init(request: URLRequest, navigationType: WKNavigationType) {
        self.request = request
        self.navigationType = navigationType
    }
}

/// The features a page asked a new window to have, WebKit's `WKWindowFeatures` (none known here).
@preconcurrency @MainActor
open class WKWindowFeatures: NSObject {}

/// A web view's preferences, WebKit's `WKPreferences` (kept: no script runs here).
@preconcurrency @MainActor
open class WKPreferences: NSObject {
    open var javaScriptCanOpenWindowsAutomatically = false
    open var minimumFontSize: CGFloat = 0
    public override init() { super.init() }
}

/// When a user script runs, WebKit's `WKUserScriptInjectionTime`.
public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0
    case atDocumentEnd = 1
}

/// A script to run in each page, WebKit's `WKUserScript` (kept; never run here).
@preconcurrency @MainActor
open class WKUserScript: NSObject {
    open var source: String
    open var injectionTime: WKUserScriptInjectionTime
    open var isForMainFrameOnly: Bool
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
    }
}

/// A message a page's script posted, WebKit's `WKScriptMessage` (never sent here: no script runs).
@preconcurrency @MainActor
open class WKScriptMessage: NSObject {
    open var body: Any { bodyValue }
    open var name: String { nameValue }
    open weak var webView: WKWebView?
    private let bodyValue: Any
    private let nameValue: String
    init(name: String, body: Any) {
        nameValue = name
        bodyValue = body
    }
}

/// Receives a page's script messages, WebKit's `WKScriptMessageHandler`.
@preconcurrency @MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// The scripts and message handlers of a web view's pages, WebKit's `WKUserContentController`
/// (kept; no page runs them here).
@preconcurrency @MainActor
open class WKUserContentController: NSObject {
    /// The user scripts added.
    open private(set) var userScripts: [WKUserScript] = []
    /// The message handlers by name (held strongly, as WebKit does).
    private(set) var handlers: [String: any WKScriptMessageHandler] = [:]

    public override init() { super.init() }

    open func addUserScript(_ userScript: WKUserScript) { userScripts.append(userScript) }
    open func removeAllUserScripts() { userScripts.removeAll() }
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) { handlers[name] = scriptMessageHandler }
    open func removeScriptMessageHandler(forName name: String) { handlers[name] = nil }
    open func removeAllScriptMessageHandlers() { handlers.removeAll() }
}

/// Which media need a tap to play, WebKit's `WKAudiovisualMediaTypes`.
public struct WKAudiovisualMediaTypes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let audio = WKAudiovisualMediaTypes(rawValue: 1 << 0)
    public static let video = WKAudiovisualMediaTypes(rawValue: 1 << 1)
    public static let all: WKAudiovisualMediaTypes = [.audio, .video]
}

/// How a web view is set up, WebKit's `WKWebViewConfiguration` (kept; a web view takes a copy).
@preconcurrency @MainActor
open class WKWebViewConfiguration: NSObject, NSCopying {
    open var preferences = WKPreferences()
    open var userContentController = WKUserContentController()
    open var allowsInlineMediaPlayback = false
    open var allowsAirPlayForMediaPlayback = true
    open var allowsPictureInPictureMediaPlayback = true
    open var mediaTypesRequiringUserActionForPlayback: WKAudiovisualMediaTypes = .all
    open var applicationNameForUserAgent: String?
    open var suppressesIncrementalRendering = false

    public override init() { super.init() }

    /// A configuration with the same settings (sharing the preferences and the content
    /// controller, as WebKit's copy does).
    nonisolated open func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { makeCopy() }
    }

    func makeCopy() -> WKWebViewConfiguration {
        let c = WKWebViewConfiguration()
        c.preferences = preferences
        c.userContentController = userContentController
        c.allowsInlineMediaPlayback = allowsInlineMediaPlayback
        c.allowsAirPlayForMediaPlayback = allowsAirPlayForMediaPlayback
        c.allowsPictureInPictureMediaPlayback = allowsPictureInPictureMediaPlayback
        c.mediaTypesRequiringUserActionForPlayback = mediaTypesRequiringUserActionForPlayback
        c.applicationNameForUserAgent = applicationNameForUserAgent
        c.suppressesIncrementalRendering = suppressesIncrementalRendering
        return c
    }
}

/// What a web view tells about its navigations, WebKit's `WKNavigationDelegate`. Every method is
/// optional (WebKit's defaults: navigations allowed). The decision and completion handlers are
/// plain closures, as the code that implements these methods writes them (WebKit's newer SDKs
/// mark them `@MainActor @Sendable`; docs/Divergences.md, "Web views").
@preconcurrency @MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void)
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

extension WKNavigationDelegate {
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) { decisionHandler(.allow) }
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {}
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}

/// What a web view asks of the app's UI, WebKit's `WKUIDelegate`. Every method is optional
/// (WebKit's defaults: no new windows; panels answered at once). No page runs script here, so
/// none is ever called by Flipbook.
@preconcurrency @MainActor
public protocol WKUIDelegate: NSObjectProtocol {
    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView?
    func webViewDidClose(_ webView: WKWebView)
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping () -> Void)
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping (Bool) -> Void)
}

extension WKUIDelegate {
    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? { nil }
    public func webViewDidClose(_ webView: WKWebView) {}
    public func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping () -> Void
    ) { completionHandler() }
    public func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping (Bool) -> Void
    ) { completionHandler(false) }
}

/// WebKit's error domain.
public let WKErrorDomain = "WKErrorDomain"

/// A web view, WebKit's `WKWebView`: a white page here.
///
/// Its `scrollView` is a real `UIScrollView` filling the view, as tall as the view (a blank
/// page), that bounces vertically, so code that observes or delegates it (bars that collapse
/// as a page scrolls) runs. `load(_:)` and `loadHTMLString(_:baseURL:)` keep the URL, report
/// once that Flipbook renders no pages, and one frame later tell the navigation delegate the
/// navigation started, committed and finished (`isLoading` until then). There is no history:
/// `canGoBack` and `canGoForward` are false and `goBack()` does nothing. No script runs:
/// `evaluateJavaScript` completes with an error (docs/Divergences.md, "Web views").
@preconcurrency @MainActor
open class WKWebView: UIView {
    /// A copy of the configuration given at creation.
    open var configuration: WKWebViewConfiguration { configurationStorage }
    private let configurationStorage: WKWebViewConfiguration
    /// The navigation delegate, held weakly.
    open weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The UI delegate, held weakly.
    open weak var uiDelegate: (any WKUIDelegate)?
    /// The scroll view showing the page.
    open var scrollView: UIScrollView { scrollViewStorage }
    private let scrollViewStorage = UIScrollView()

    /// The URL of the page loaded or loading (the base URL of loaded HTML).
    open private(set) var url: URL?
    /// The page's title: nil, as no page is parsed.
    open private(set) var title: String?
    /// Whether a load is under way (until the frame after it was asked for).
    open private(set) var isLoading = false
    /// How far the load is: 0 before the first, 1 once finished.
    open private(set) var estimatedProgress: Double = 0
    /// No history is kept: false.
    open var canGoBack: Bool { false }
    /// No history is kept: false.
    open var canGoForward: Bool { false }
    /// Whether swipes go back and forward (kept; there is no history).
    open var allowsBackForwardNavigationGestures = false
    /// Whether a link's preview shows on a long press (kept).
    open var allowsLinkPreview = true
    /// The user agent to send instead of the default (kept).
    open var customUserAgent: String?
    /// Whether Web Inspector may inspect the view (kept).
    open var isInspectable = false

    private var pending: (navigation: WKNavigation, request: URLRequest)?

    /// A web view of `frame` with a copy of `configuration`.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        configurationStorage = (configuration.copy() as? WKWebViewConfiguration) ?? WKWebViewConfiguration()
        super.init(frame: frame)
        setUpWebView()
    }

    /// A web view with the default configuration.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, configuration: WKWebViewConfiguration())
    }

    public required init?(coder: NSCoder) {
        configurationStorage = WKWebViewConfiguration()
        super.init(coder: coder)
        setUpWebView()
    }

    private func setUpWebView() {
        backgroundColor = .white
        scrollViewStorage.backgroundColor = .white
        scrollViewStorage.alwaysBounceVertical = true
        scrollViewStorage.frame = bounds
        scrollViewStorage.contentSize = bounds.size
        addSubview(scrollViewStorage)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        scrollViewStorage.frame = bounds
        if scrollViewStorage.contentSize.width < bounds.width || scrollViewStorage.contentSize.height < bounds.height {
            scrollViewStorage.contentSize = CGSize(
                width: max(bounds.width, scrollViewStorage.contentSize.width),
                height: max(bounds.height, scrollViewStorage.contentSize.height))
        }
    }

    // MARK: Loading

    /// Starts loading `request`: the URL is kept and the page stays white (reported once).
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? {
        startNavigation(request)
    }

    /// Starts showing `string` as a page from `baseURL`: the page stays white (reported once).
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        startNavigation(URLRequest(url: baseURL ?? URL(string: "about:blank")!))
    }

    /// Starts showing a local file: the page stays white (reported once).
    @discardableResult
    open func loadFileURL(_ URL: URL, allowingReadAccessTo readAccessURL: URL) -> WKNavigation? {
        startNavigation(URLRequest(url: URL))
    }

    /// Reloads the current URL (nil when there is none).
    @discardableResult
    open func reload() -> WKNavigation? {
        guard let url else { return nil }
        return startNavigation(URLRequest(url: url))
    }

    /// No history: nothing happens, nil.
    @discardableResult
    open func goBack() -> WKNavigation? { nil }

    /// No history: nothing happens, nil.
    @discardableResult
    open func goForward() -> WKNavigation? { nil }

    /// Stops the load under way: the delegate hears no more of it.
    open func stopLoading() {
        pending = nil
        isLoading = false
    }

    /// Runs no script: `completionHandler` gets an error on the next frame (reported once).
    open func evaluateJavaScript(
        _ javaScriptString: String, completionHandler: (@MainActor (Any?, (any Error)?) -> Void)? = nil
    ) {
        FlipbookDiagnostics.report(
            "WKWebView.evaluateJavaScript: Flipbook runs no web pages or scripts; the completion gets an error.",
            once: "WKWebView.evaluateJavaScript")
        guard let completionHandler else { return }
        let error = NSError(
            domain: WKErrorDomain, code: 4,
            userInfo: [NSLocalizedDescriptionKey: "Flipbook runs no JavaScript (WKErrorJavaScriptExceptionOccurred)."])
        MediaClock.main.schedule(after: 0) { completionHandler(nil, error) }
    }

    private func startNavigation(_ request: URLRequest) -> WKNavigation {
        FlipbookDiagnostics.report(
            "WKWebView: Flipbook renders no web pages (no web engine on this platform); the web view shows a white page.",
            once: "WKWebView.load")
        let navigation = WKNavigation()
        url = request.url
        title = nil
        isLoading = true
        estimatedProgress = 0.1
        pending = (navigation, request)
        MediaClock.main.schedule(after: 0) { [weak self] in self?.deliver(navigation) }
        return navigation
    }

    /// Tells the navigation delegate about `navigation` (unless a later load or `stopLoading()`
    /// replaced it): the policy question, then start, commit and finish.
    private func deliver(_ navigation: WKNavigation) {
        guard let p = pending, p.navigation === navigation else { return }
        let action = WKNavigationAction(request: p.request, navigationType: .other)
        guard let delegate = navigationDelegate else {
            finish(navigation)
            return
        }
        delegate.webView(self, decidePolicyFor: action) { [weak self] policy in
            guard let self, let p = self.pending, p.navigation === navigation else { return }
            guard policy == .allow else {
                self.pending = nil
                self.isLoading = false
                return
            }
            let d = self.navigationDelegate
            d?.webView(self, didStartProvisionalNavigation: navigation)
            d?.webView(self, didCommit: navigation)
            self.finish(navigation)
            d?.webView(self, didFinish: navigation)
        }
    }

    private func finish(_ navigation: WKNavigation) {
        pending = nil
        isLoading = false
        estimatedProgress = 1
    }
}
