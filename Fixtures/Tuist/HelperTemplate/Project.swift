import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.app(
    name: "Ledger",
    bundleId: "com.example.ledger",
    alternateIcons: ["Classic", "Mono"]
)
