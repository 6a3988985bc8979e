import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.feature("Shop", isApp: true)
