import SwiftUI

@main
struct LiteApp: App {
    var body: some Scene { WindowGroup { Text("Sunbeam") } }
}
