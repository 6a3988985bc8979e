import BundleKit
import PNGKit

/// Where a built app's files are: the product that holds them (an .ipa's members are not on
/// disk) and how findings name them (`Payload/App.app/AppIcon60x60@2x.png`). A value the model
/// keeps, not a closure and not the bytes: the reader loads image facts through it, and the
/// icon inventory reads an image's bytes through it again only when the html reporter asks.
struct BuiltFiles: Sendable {
    let product: BuiltProduct
    /// What findings put before a path inside the app: "Payload/App.app/", "App.app/".
    let prefix: String

    /// The bytes of a file named as findings name it, with why they could not be read as a PNG
    /// error (a bomb is too large, not unreadable).
    func bytes(of path: String) -> Result<[UInt8], PNGError> {
        guard path.hasPrefix(prefix) else { return .failure(.io(path: path, reason: "not in the app")) }
        do throws(BuiltProductError) {
            return .success(try product.read(String(path.dropFirst(prefix.count)), maxBytes: ImageFactsCache.wholeReadLimit))
        } catch .limitExceeded(_, let detail) {
            return .failure(.tooLarge(detail: detail))
        } catch .archive(_, let error) {
            return .failure(.corrupt(reason: "\(error)"))
        } catch {
            return .failure(.io(path: path, reason: "\(error)"))
        }
    }
}
