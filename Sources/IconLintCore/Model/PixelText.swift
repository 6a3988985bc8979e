extension Int {
    /// "120×120".
    var pixelText: String { "\(self)×\(self)" }
}

extension Collection where Element == Int {
    /// "120×120 and 180×180".
    var pixelList: String {
        let sorted = Set(self).sorted().map(\.pixelText)
        switch sorted.count {
        case 0: return "none"
        case 1: return sorted[0]
        default: return sorted.dropLast().joined(separator: ", ") + " and " + sorted.last!
        }
    }
}
