import Foundation

/// What a table view shows, UIKit's `UITableViewDataSource`. The two row methods are
/// required; the rest have UIKit's defaults (one section, no titles).
@preconcurrency @MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// Default 1.
    func numberOfSections(in tableView: UITableView) -> Int
    /// Default nil (no header title).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// Default nil (no footer title).
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Default true.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
}

/// The defaults stand for "not implemented": a data-source proxy (`DelegateForwarding`) hands
/// the call to its forwarding delegate first.
extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int {
        forwarded(as: UITableViewDataSource.self) { $0.numberOfSections(in: tableView) } ?? 1
    }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        forwarded(as: UITableViewDataSource.self) { $0.tableView(tableView, titleForHeaderInSection: section) }
    }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        forwarded(as: UITableViewDataSource.self) { $0.tableView(tableView, titleForFooterInSection: section) }
    }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        forwarded(as: UITableViewDataSource.self) { $0.tableView(tableView, canEditRowAt: indexPath) } ?? true
    }
}

/// A table view's delegate, UIKit's `UITableViewDelegate` (a scroll view delegate too). Every
/// method is optional; the defaults are UIKit's: row heights from `rowHeight`, selection
/// allowed, nothing recorded.
///
/// A table view's `delegate` property is the scroll view's (`UIScrollViewDelegate?`); the table
/// view uses it as a `UITableViewDelegate` when it is one (docs/Divergences.md).
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, heightForRowAt: indexPath) } ?? tableView.rowHeight
    }
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, estimatedHeightForRowAt: indexPath) }
            ?? tableView.estimatedRowHeight
    }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, heightForHeaderInSection: section) }
            ?? UITableView.automaticDimension
    }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, heightForFooterInSection: section) }
            ?? UITableView.automaticDimension
    }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, viewForHeaderInSection: section) }
    }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, viewForFooterInSection: section) }
    }
    public func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, estimatedHeightForHeaderInSection: section) }
            ?? tableView.estimatedSectionHeaderHeight
    }
    public func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, estimatedHeightForFooterInSection: section) }
            ?? tableView.estimatedSectionFooterHeight
    }
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {
        forwarded(as: UITableViewDelegate.self) {
            $0.tableView(tableView, willDisplayHeaderView: view, forSection: section)
        }
    }
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {
        forwarded(as: UITableViewDelegate.self) {
            $0.tableView(tableView, willDisplayFooterView: view, forSection: section)
        }
    }
    public func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {
        forwarded(as: UITableViewDelegate.self) {
            $0.tableView(tableView, didEndDisplayingHeaderView: view, forSection: section)
        }
    }
    public func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {
        forwarded(as: UITableViewDelegate.self) {
            $0.tableView(tableView, didEndDisplayingFooterView: view, forSection: section)
        }
    }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, willDisplay: cell, forRowAt: indexPath) }
    }
    public func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, didEndDisplaying: cell, forRowAt: indexPath) }
    }
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, shouldHighlightRowAt: indexPath) } ?? true
    }
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, didHighlightRowAt: indexPath) }
    }
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, didUnhighlightRowAt: indexPath) }
    }
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        // Not `?? indexPath`: a forwarding delegate's nil (refuse the selection) is an answer.
        // A nil answer is an answer (the row is not selected): not flattened.
        let answer = DelegateForwardingChain.forward(from: self, as: UITableViewDelegate.self) {
            $0.tableView(tableView, willSelectRowAt: indexPath)
        }
        return answer ?? indexPath
    }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, didSelectRowAt: indexPath) }
    }
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        // A nil answer is an answer (the row is not selected): not flattened.
        let answer = DelegateForwardingChain.forward(from: self, as: UITableViewDelegate.self) {
            $0.tableView(tableView, willDeselectRowAt: indexPath)
        }
        return answer ?? indexPath
    }
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        forwarded(as: UITableViewDelegate.self) { $0.tableView(tableView, didDeselectRowAt: indexPath) }
    }
}
