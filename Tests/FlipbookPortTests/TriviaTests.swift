import FlipbookPort
import Testing

/// Comments, blank lines and indentation survive every rewrite, including tabs and rewrites
/// nested in a moved member.
@Suite struct TriviaTests {
    @Test func movedMemberCarriesItsRewritesCommentsAndIndentation() {
        expectPort(
            """
            import UIKit

            final class HeroViewController: UIViewController {
            \tlet card = UIView()
            }

            extension HeroViewController {
            \t// Installs the tap that flips the card.
            \t/// (Called once.)
            \t@objc override func viewDidLoad() {
            \t\tsuper.viewDidLoad()
            \t\tcard.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(flip))) // flips
            \t}

            \t@objc func flip() {}
            }
            """,
            """
            \(importBlock)

            final class HeroViewController: UIViewController {
            \tlet card = UIView()

            \t// Installs the tap that flips the card.
            \t/// (Called once.)
            \toverride func viewDidLoad() {
            \t\tsuper.viewDidLoad()
            \t\tcard.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { $0.flip() })) // flips
            \t}
            }

            extension HeroViewController {
            \tfunc flip() {}
            }
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:10: attribute: removed @objc (no Objective-C runtime)",
                "T.swift:10: override moved: `override func viewDidLoad()` moved from `extension HeroViewController` into `class HeroViewController`",
                "T.swift:12: selector: `#selector(flip)` -> `{ $0.flip() }`",
                "T.swift:15: attribute: removed @objc (no Objective-C runtime)",
            ])
    }

    @Test func attributeFollowedByACommentKeepsTheComment() {
        expectPort(
            """
            \(importBlock)

            final class Pager: UIView {
                @objc // KVO-observable for the page dots
                dynamic var page = 0

                /* kept */ @objc var offset = 0.0
            }
            """,
            """
            \(importBlock)

            final class Pager: UIView {
                // KVO-observable for the page dots
                var page = 0

                /* kept */ var offset = 0.0
            }
            """)
    }

    @Test func nestedClassReceivesTheOverrideAtItsOwnIndentation() {
        expectPort(
            """
            \(importBlock)

            enum Cards {
                final class FrontView: UIView {
                    var tint: UIColor = .red
                }
            }

            extension Cards.FrontView {
                override func tintColorDidChange() {
                    super.tintColorDidChange()
                }
            }
            """,
            """
            \(importBlock)

            enum Cards {
                final class FrontView: UIView {
                    var tint: UIColor = .red

                    override func tintColorDidChange() {
                        super.tintColorDidChange()
                    }
                }
            }
            """)
    }
}
