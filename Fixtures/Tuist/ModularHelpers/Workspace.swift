import ProjectDescription

let workspace = Workspace(name: "Frost", projects: ["Projects/**"])
