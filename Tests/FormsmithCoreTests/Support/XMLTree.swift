import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element read with Foundation's XMLParser, which fails on XML that is not well formed.
final class XMLElementNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLElementNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The children named `name`.
    func elements(_ name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

    /// Parses `text`; throws when it is not well-formed XML.
    static func parse(_ text: String) throws -> XMLElementNode {
        let builder = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw NSError(domain: "XML", code: 1, userInfo: [
                NSLocalizedDescriptionKey: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root")",
            ])
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLElementNode?
        var stack: [XMLElementNode] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let node = XMLElementNode(name: elementName, attributes: attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
