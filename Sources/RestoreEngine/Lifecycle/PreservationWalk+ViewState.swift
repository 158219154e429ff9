/// P6/P7: what UIKit's own view classes save for a preserved view.
extension PreservationWalk {
    /// Writes the view's built-in state into its new coder, before the app's encode (so each key
    /// is appended without looking for an earlier value). Returns the selected model ids
    /// (bookkeeping for `selection-moved`), for views with rows.
    func writeBuiltInState(
        of view: UIView, to coder: RestorationCoder, ownerClass: String, path: RestorationPath, key: ArchiveKey
    ) -> [String]? {
        let selected = writeRowState(of: view, to: coder, ownerClass: ownerClass, path: path, key: key)
        Self.writeScrollAndTextState(of: view, to: coder)
        return selected
    }

    /// Tables and collections: the selection and the first visible row, as model identifiers
    /// when the data source adopts UIDataSourceModelAssociation (P7, asked here), as raw index
    /// paths otherwise.
    private func writeRowState(
        of view: UIView, to coder: RestorationCoder, ownerClass: String, path: RestorationPath, key: ArchiveKey
    ) -> [String]? {
        // The kind first: most views have no rows, and their state is not copied out for nothing.
        guard view.kind.hasRows, let rows = view.viewState.rows else { return nil }
        let s = view.viewState
        let associated = view.modelAssociation != nil
        let selected = s.selected ?? []
        // Past a few selected rows, each row's first place from one pass, not a search per
        // selected row (40,000 rows all selected: 13 s to record).
        let selectedRows: [Int]
        if selected.count > 8 {
            var place: [String: Int] = [:]
            for (i, row) in rows.enumerated() where place[row] == nil { place[row] = i }
            selectedRows = selected.compactMap { place[$0] }
        } else {
            selectedRows = selected.compactMap { rows.firstIndex(of: $0) }
        }
        let firstVisible = s.firstVisible.flatMap { rows.firstIndex(of: $0) }
        var modelIds: [Int: String] = [:]
        if associated {
            for row in selectedRows + [firstVisible].compactMap({ $0 }) {
                let answer = engine.call(
                    .modelIdentifier(indexPath: [0, row], view: view), receiver: ownerClass, path: path.text,
                    key: key.text)
                if case .modelIdentifier(let m?) = answer { modelIds[row] = m }
            }
        }
        // The view's coder is new (see `writeBuiltInState`) and every key below is written once.
        if associated {
            coder.appendNewSystemKey(
                .array(selectedRows.compactMap { modelIds[$0] }.map(CoderValue.string)),
                forKey: ViewStateKeys.selectedModelIdentifiers)
            if let fv = firstVisible, let m = modelIds[fv] {
                coder.appendNewSystemKey(.string(m), forKey: ViewStateKeys.firstVisibleModelIdentifier)
            }
        } else {
            coder.appendNewSystemKey(
                .array(selectedRows.map { .array([.int(0), .int($0)]) }), forKey: ViewStateKeys.selectedIndexPaths)
            if let fv = firstVisible {
                coder.appendNewSystemKey(.array([.int(0), .int(fv)]), forKey: ViewStateKeys.firstVisibleIndexPath)
            }
        }
        return selectedRows.map { rows[$0] }
    }

    /// What a scroll view without an offset or an inset writes, built once: most have neither,
    /// and each default was two arrays per view.
    private static let zeroOffset: [CoderValue] = [.double(0), .double(0)]
    private static let zeroInset: [CoderValue] = [.double(0), .double(0), .double(0), .double(0)]

    /// Scroll geometry, text selection, image geometry and web history.
    private static func writeScrollAndTextState(of view: UIView, to coder: RestorationCoder) {
        // Each field is read from the view in place: a copy of the whole `ViewState` first was
        // nine fields retained and released again per view (callgrind, `restoretrace-bench
        // --engine-grid 60`: this function 4.68M -> 4.45M instructions a preservation, measured
        // together with the coder reuse that came in the same change).
        let kind = view.kind
        if kind.isScrollable || kind == .webView {
            coder.appendNewSystemKey(
                .array(view.viewState.contentOffset.map { $0.map(CoderValue.double) } ?? Self.zeroOffset),
                forKey: ViewStateKeys.contentOffset)
            coder.appendNewSystemKey(.double(view.viewState.zoomScale ?? 1), forKey: ViewStateKeys.zoomScale)
            if kind != .webView {
                coder.appendNewSystemKey(
                    .array(view.viewState.contentInset.map { $0.map(CoderValue.double) } ?? Self.zeroInset),
                    forKey: ViewStateKeys.contentInset)
            }
        }
        switch kind {
        case .textView:
            if let r = view.viewState.selectedRange {
                coder.appendNewSystemKey(.array(r.map(CoderValue.int)), forKey: ViewStateKeys.selectedRange)
            }
            coder.appendNewSystemKey(.bool(view.viewState.editable ?? true), forKey: ViewStateKeys.editable)
        case .textField:
            if let r = view.viewState.selectedRange {
                coder.appendNewSystemKey(.array(r.map(CoderValue.int)), forKey: ViewStateKeys.selectedTextRange)
            }
        case .imageView:
            for k in ViewStateKeys.imageGeometry { coder.appendNewSystemKey(.array([]), forKey: k) }
        case .webView:
            coder.appendNewSystemKey(.array([]), forKey: ViewStateKeys.webHistory)
        default: break
        }
    }
}
