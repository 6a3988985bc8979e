import Foundation

/// A run's icon inventory, worked out the first time it is asked for (by the html reporter,
/// the one that draws it) and then kept: the other reporters never read a built app's icons
/// for it. Shared by the copies of a result; safe to ask from any thread.
public final class IconInventorySource: @unchecked Sendable {
    private let lock = NSLock()
    private var build: (@Sendable () -> IconInventory)?
    private var built: IconInventory?

    /// An inventory worked out by `build` when first asked for.
    init(_ build: @escaping @Sendable () -> IconInventory) {
        self.build = build
    }

    /// An inventory already worked out.
    public init(_ inventory: IconInventory) {
        built = inventory
    }

    /// Several runs' inventories as one (`lint A B`), each worked out when this one is.
    public convenience init(merging sources: [IconInventorySource]) {
        self.init { IconInventory(merging: sources.map(\.inventory)) }
    }

    /// The inventory, worked out now if it was not yet.
    public var inventory: IconInventory {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let inventory = build?() ?? IconInventory()
        built = inventory
        build = nil
        return inventory
    }

    /// True once the inventory has been worked out.
    var isBuilt: Bool {
        lock.lock()
        defer { lock.unlock() }
        return built != nil
    }
}
