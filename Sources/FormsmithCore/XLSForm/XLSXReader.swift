import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ZIPFoundation

/// Reads the sheets of an `.xlsx` workbook: the archive with ZIPFoundation, the workbook, its
/// relationships, the shared strings and each sheet with Foundation's XMLParser.
enum XLSXReader {
    /// The largest part of the archive read (an XLSForm's sheets are far smaller): a part that
    /// unpacks to more is refused rather than read into memory.
    static let maxPartBytes = 64 << 20

    static func read(path: String) throws(XLSFormError) -> [RawSheet] {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw XLSFormError("\(path): not an .xlsx workbook (it cannot be opened as a zip archive: \(error)); "
                               + "save the form from the spreadsheet program as .xlsx, or give its .csv or .md form")
        }
        let workbook = try part("xl/workbook.xml", of: archive, path: path)
        let relations = try part("xl/_rels/workbook.xml.rels", of: archive, path: path)
        let sheets = SheetListParser.parse(workbook)
        let targets = RelationshipParser.parse(relations)
        let strings = archive["xl/sharedStrings.xml"] == nil
            ? [] : SharedStringsParser.parse(try part("xl/sharedStrings.xml", of: archive, path: path))
        var result: [RawSheet] = []
        for sheet in sheets {
            guard let target = targets[sheet.relation] else {
                throw XLSFormError("\(path): sheet '\(sheet.name)' names relation '\(sheet.relation)', which the "
                                   + "workbook does not list; save the workbook again from the spreadsheet program")
            }
            let name = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
            let rows = CellParser.parse(try part(name, of: archive, path: path), strings: strings)
            result.append(RawSheet(name: sheet.name, rows: rows))
        }
        return result
    }

    /// The bytes of one part of the archive, refused past ``maxPartBytes``.
    private static func part(_ name: String, of archive: Archive, path: String) throws(XLSFormError) -> Data {
        guard let entry = archive[name] else {
            throw XLSFormError("\(path): the workbook has no part \(name); it is not an .xlsx workbook as Excel, "
                               + "LibreOffice or openpyxl write them")
        }
        guard entry.uncompressedSize <= UInt64(maxPartBytes) else {
            throw XLSFormError("\(path): part \(name) unpacks to \(entry.uncompressedSize) bytes, more than the "
                               + "\(maxPartBytes >> 20) MiB an XLSForm sheet may take")
        }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= maxPartBytes else { throw XLSFormError("too large") }
                data.append(chunk)
            }
        } catch {
            throw XLSFormError("\(path): part \(name) cannot be unpacked (\(error)); the file is damaged")
        }
        return data
    }
}

/// `xl/workbook.xml`: each sheet's name and relation id, in workbook order.
private final class SheetListParser: NSObject, XMLParserDelegate {
    var sheets: [(name: String, relation: String)] = []

    static func parse(_ data: Data) -> [(name: String, relation: String)] {
        let delegate = SheetListParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        _ = parser.parse()
        return delegate.sheets
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard localName(elementName) == "sheet", let name = attributes["name"] else { return }
        let relation = attributes.first { localName($0.key) == "id" && $0.key != "sheetId" }?.value ?? ""
        sheets.append((name, relation))
    }
}

/// `xl/_rels/workbook.xml.rels`: relation id to the part it names.
private final class RelationshipParser: NSObject, XMLParserDelegate {
    var targets: [String: String] = [:]

    static func parse(_ data: Data) -> [String: String] {
        let delegate = RelationshipParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.targets
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard localName(elementName) == "Relationship", let id = attributes["Id"], let target = attributes["Target"]
        else { return }
        targets[id] = target
    }
}

/// `xl/sharedStrings.xml`: the text of each `<si>`, its runs (`<r><t>`) joined; phonetic
/// runs (`<rPh>`) are not part of the text.
private final class SharedStringsParser: NSObject, XMLParserDelegate {
    var strings: [String] = []
    private var current = ""
    private var inText = false
    private var phonetic = 0

    static func parse(_ data: Data) -> [String] {
        let delegate = SharedStringsParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.strings
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch localName(elementName) {
        case "si": current = ""
        case "rPh": phonetic += 1
        case "t": inText = phonetic == 0
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { current += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName: String?) {
        switch localName(elementName) {
        case "si": strings.append(current)
        case "rPh": phonetic -= 1
        case "t": inText = false
        default: break
        }
    }
}

/// A sheet part: each `<row>`'s cells by column, shared strings (`t="s"`), inline strings
/// (`t="inlineStr"`), formula results, numbers and booleans as the text the cell shows.
private final class CellParser: NSObject, XMLParserDelegate {
    private let strings: [String]
    var rows: [RawSheet.Row] = []
    private var row: RawSheet.Row?
    private var nextRowNumber = 1
    private var column = 0
    private var kind = ""
    private var value = ""
    private var collecting = false

    init(strings: [String]) { self.strings = strings }

    static func parse(_ data: Data, strings: [String]) -> [RawSheet.Row] {
        let delegate = CellParser(strings: strings)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.rows
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch localName(elementName) {
        case "row":
            let number = attributes["r"].flatMap { Int($0) } ?? nextRowNumber
            row = RawSheet.Row(number: number, cells: [:])
            nextRowNumber = number + 1
            column = 0
        case "c":
            if let reference = attributes["r"], let index = XLSFormSheet.columnIndex(ofReference: reference) {
                column = index
            }
            kind = attributes["t"] ?? ""
            value = ""
        case "v", "t":
            collecting = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting { value += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName: String?) {
        switch localName(elementName) {
        case "v", "t":
            collecting = false
        case "c":
            var text = value
            if kind == "s" { text = Int(value.trimmingWhitespace).flatMap { strings.indices.contains($0) ? strings[$0] : nil } ?? "" }
            if kind == "b" { text = value == "1" ? "TRUE" : "FALSE" }
            if !text.isEmpty { row?.cells[column] = text }
            column += 1
        case "row":
            if let row { rows.append(row) }
            row = nil
        default: break
        }
    }
}

/// An element's name without its namespace prefix.
private func localName(_ name: String) -> String {
    guard let colon = name.lastIndex(of: ":") else { return name }
    return String(name[name.index(after: colon)...])
}
