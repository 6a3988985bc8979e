import SwiftUI

@main
struct SunbeamApp: App {
    var body: some Scene { WindowGroup { Text("Sunbeam") } }
}
