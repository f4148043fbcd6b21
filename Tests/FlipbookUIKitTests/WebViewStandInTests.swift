import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookWebKit

/// WKWebView, the WebKit stand-in: a white page in a real scroll view; a load is kept, reported
/// once, and told to the navigation delegate a frame later (docs/Divergences.md, "Web views").
@Suite(.freshRuntime) @MainActor struct WebViewStandInTests {
    final class Navigation: NSObject, WKNavigationDelegate {
        let recorder = EventRecorder()
        var policy: WKNavigationActionPolicy = .allow
        func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            recorder.record("decide \(navigationAction.request.url?.absoluteString ?? "nil") \(navigationAction.navigationType)")
            decisionHandler(policy)
        }
        func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
            recorder.record("didStart loading=\(webView.isLoading)")
        }
        func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) { recorder.record("didCommit") }
        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            recorder.record("didFinish loading=\(webView.isLoading)")
        }
    }

    final class ScrollWatcher: NSObject, UIScrollViewDelegate {
        var scrolls = 0
        func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
    }

    @Test func aLoadIsReportedOnceAndToldToTheDelegateAFrameLater() {
        MediaClock.main.runUntilIdle()
        let web = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: WKWebViewConfiguration())
        let nav = Navigation()
        web.navigationDelegate = nav
        let url = URL(string: "https://example.com/help")!
        let messages = FlipbookDiagnostics.capture {
            let navigation = web.load(URLRequest(url: url))
            #expect(navigation != nil)
            web.loadHTMLString("<p>Hi</p>", baseURL: url)
        }
        // Each load is reported (observers hear every report; the once key prints the first only).
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("renders no web pages") })
        #expect(web.url == url)
        #expect(web.isLoading)
        #expect(nav.recorder.events.isEmpty)
        MediaClock.main.advanceFrames(1)
        // The first load was replaced by the second: only that one is told.
        #expect(nav.recorder.events == [
            "decide https://example.com/help other", "didStart loading=true", "didCommit", "didFinish loading=false",
        ])
        #expect(!web.isLoading)
        #expect(web.estimatedProgress == 1)
        #expect(web.title == nil)
        #expect(!web.canGoBack && !web.canGoForward)
        #expect(web.goBack() == nil)
    }

    @Test func aCancelledNavigationStops() {
        MediaClock.main.runUntilIdle()
        let web = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let nav = Navigation()
        nav.policy = .cancel
        web.navigationDelegate = nav
        web.load(URLRequest(url: URL(string: "https://example.com")!))
        MediaClock.main.advanceFrames(1)
        #expect(nav.recorder.events == ["decide https://example.com other"])
        #expect(!web.isLoading)
    }

    @Test func theScrollViewIsARealSubviewThatScrolls() {
        MediaClock.main.runUntilIdle()
        let web = WKWebView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(web.scrollView.superview === web)
        web.layoutIfNeeded()
        #expect(web.scrollView.frame == web.bounds)
        #expect(web.scrollView.contentSize == CGSize(width: 320, height: 480))
        let watcher = ScrollWatcher()
        web.scrollView.delegate = watcher
        web.scrollView.contentSize = CGSize(width: 320, height: 2000)
        web.scrollView.contentOffset = CGPoint(x: 0, y: 300)
        #expect(watcher.scrolls == 1)
        #expect(web.backgroundColor == .white)
    }

    @Test func scriptsDoNotRunAndTheConfigurationIsCopied() {
        MediaClock.main.runUntilIdle()
        let configuration = WKWebViewConfiguration()
        configuration.allowsInlineMediaPlayback = true
        let web = WKWebView(frame: .zero, configuration: configuration)
        #expect(web.configuration !== configuration)
        #expect(web.configuration.allowsInlineMediaPlayback)
        #expect(web.configuration.userContentController === configuration.userContentController)
        var result: String?
        web.evaluateJavaScript("document.title") { value, error in
            result = "\(value == nil) \((error as NSError?)?.domain ?? "none")"
        }
        #expect(result == nil)
        MediaClock.main.advanceFrames(1)
        #expect(result == "true WKErrorDomain")
    }
}
