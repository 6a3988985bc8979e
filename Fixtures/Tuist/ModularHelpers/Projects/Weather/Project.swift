import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeFeature(name: Module.Feature.weather.rawValue)
