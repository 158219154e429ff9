// libyaml, as Yams builds it: Yams composes a tree of its own from libyaml's events and has no
// public event API, so this reads the events from the library Yams already brings. `CYaml` is a
// target of Yams, not a product, so importing it is not guaranteed: without it this file is
// empty and `ScenarioYAML.compose` takes no text (see there).
#if canImport(CYaml)
    import CYaml

    /// The libyaml parser over one text; nil from any step means "not taken".
    struct ScenarioYAMLComposer {
        /// On the heap: libyaml keeps a pointer to the parser in the parser (its read handler's
        /// data), so it must not move as a Swift value may.
        private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        private var event = yaml_event_t()
        private var hasEvent = false
        /// Members and items of the collections being read (see `MoveStack`).
        private let pairs = MoveStack<ScenarioNode.Pair>()
        private let items = MoveStack<ScenarioNode>()
        /// Keys and names every node repeats (`restorationIdentifier`, class names) made once,
        /// as the JSON reader makes them (see `RecentStrings`).
        private var strings = RecentStrings()

        init(bytes: UnsafeBufferPointer<UInt8>) {
            parser.initialize(to: yaml_parser_t())
            yaml_parser_initialize(parser)
            // UTF-8, as the Yams route is asked for.
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
        }

        mutating func close() {
            release()
            yaml_parser_delete(parser)
            parser.deallocate()
        }

        /// STREAM-START, then no document, or one document and STREAM-END.
        mutating func stream() -> ScenarioYAML.Result? {
            guard next(), event.type == YAML_STREAM_START_EVENT else { return nil }
            guard next() else { return nil }
            if event.type == YAML_STREAM_END_EVENT { return .document(nil) }
            guard event.type == YAML_DOCUMENT_START_EVENT, next(), let root = node() else { return nil }
            guard next(), event.type == YAML_DOCUMENT_END_EVENT else { return nil }
            // A second document is an error the Yams route reports.
            guard next(), event.type == YAML_STREAM_END_EVENT else { return nil }
            return .document(root)
        }

        /// Reads the next event into `event`; false on a libyaml error.
        private mutating func next() -> Bool {
            release()
            guard yaml_parser_parse(parser, &event) == 1 else { return false }
            hasEvent = true
            return true
        }

        private mutating func release() {
            if hasEvent { yaml_event_delete(&event) }
            hasEvent = false
        }

        /// Where the current event starts, 1-based, as Yams marks its nodes.
        private var mark: ScenarioNode.Mark {
            ScenarioNode.Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        }

        /// The node that starts with the current event (which is left at the node's last event).
        private mutating func node() -> ScenarioNode? {
            switch event.type {
            case YAML_SCALAR_EVENT: return .scalar(scalar())
            case YAML_SEQUENCE_START_EVENT:
                let at = mark
                let start = items.count
                while true {
                    guard next() else { return nil }
                    if event.type == YAML_SEQUENCE_END_EVENT { break }
                    guard let item = node() else { return nil }
                    items.push(item)
                }
                return .sequence(ScenarioNode.Sequence(nodes: items.pop(from: start), mark: at))
            case YAML_MAPPING_START_EVENT:
                let at = mark
                let start = pairs.count
                while true {
                    guard next() else { return nil }
                    if event.type == YAML_MAPPING_END_EVENT { break }
                    guard let key = node(), next(), let value = node() else { return nil }
                    pairs.push(ScenarioNode.Pair(key: key, value: value))
                }
                return .mapping(ScenarioNode.Mapping(pairs: pairs.pop(from: start), mark: at))
            default:
                // An alias (the text has no `*`, so none is expected) or anything else unforeseen.
                return nil
            }
        }

        /// The scalar as `ScenarioNode(yaml:)` makes it from Yams's: its text, plain when libyaml's
        /// style is plain (or any), and the tag Yams gives it (the string tag for a quoted scalar
        /// with no tag written, the written tag, or none).
        private mutating func scalar() -> ScenarioNode.Scalar {
            let data = event.data.scalar
            let string = strings.string(UnsafeBufferPointer(start: data.value, count: data.length))
            let tag: String
            if data.quoted_implicit == 1 {
                tag = ScenarioNode.Scalar.stringTag
            } else if let written = data.tag {
                tag = String.decodeCString(written, as: UTF8.self, repairingInvalidCodeUnits: true)?.result ?? ""
            } else {
                tag = ""
            }
            let style = data.style
            return ScenarioNode.Scalar(
                string: string, isPlain: style == YAML_PLAIN_SCALAR_STYLE || style == YAML_ANY_SCALAR_STYLE, tag: tag,
                mark: mark)
        }
    }
#endif
