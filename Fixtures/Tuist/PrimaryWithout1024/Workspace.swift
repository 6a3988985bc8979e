import ProjectDescription

let workspace = Workspace(name: "Trail", projects: ["Projects/*"])
