import Foundation
import PNGKit

/// A run's icon inventory, worked out the first time it is asked for (by the html reporter,
/// the one that draws it) and then kept: the other reporters never read a built app's icons
/// for it. Until then it holds what to work it out from, as data (the app models, or the
/// sources of merged runs), not a closure. Shared by the copies of a result; safe to ask from
/// any thread.
public final class IconInventorySource: @unchecked Sendable {
    /// What the inventory is worked out from.
    private enum Pending {
        /// One run's app models (their image facts loaded) and the run's limits.
        case apps([AppModel], limits: PNGLimits)
        /// Several runs (`lint A B`), each worked out when this one is.
        case merging([IconInventorySource])
    }

    private let lock = NSLock()
    private var pending: Pending?
    private var built: IconInventory?

    /// The inventory of these app models, worked out when first asked for.
    init(apps: [AppModel], limits: PNGLimits) {
        pending = .apps(apps, limits: limits)
    }

    /// An inventory already worked out.
    public init(_ inventory: IconInventory) {
        built = inventory
    }

    /// Several runs' inventories as one (`lint A B`), each worked out when this one is.
    public init(merging sources: [IconInventorySource]) {
        pending = .merging(sources)
    }

    /// The inventory, worked out now if it was not yet.
    public var inventory: IconInventory {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let inventory =
            switch pending {
            case .apps(let models, let limits): IconInventory(apps: models, limits: limits)
            case .merging(let sources): IconInventory(merging: sources.map(\.inventory))
            case nil: IconInventory()
            }
        built = inventory
        pending = nil
        return inventory
    }

    /// True once the inventory has been worked out.
    var isBuilt: Bool {
        lock.lock()
        defer { lock.unlock() }
        return built != nil
    }
}
