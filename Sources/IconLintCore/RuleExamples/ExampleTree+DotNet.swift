extension ExampleTree {
    /// A .NET MAUI app as `dotnet new maui` writes one: the project file (its `<MauiIcon>`
    /// with the template's background and foreground images), Platforms/iOS (AppDelegate and
    /// the Info.plist naming the set the build generates), and `files`.
    public static func mauiApp(files: [String: ExampleFile] = [:]) -> ExampleTree {
        let project = """
            <Project Sdk="Microsoft.NET.Sdk">
            \t<PropertyGroup>
            \t\t<TargetFrameworks>net8.0-android;net8.0-ios;net8.0-maccatalyst</TargetFrameworks>
            \t\t<OutputType>Exe</OutputType>
            \t\t<UseMaui>true</UseMaui>
            \t\t<SingleProject>true</SingleProject>
            \t\t<ApplicationId>com.companyname.calculator</ApplicationId>
            \t</PropertyGroup>
            \t<ItemGroup>
            \t\t<MauiIcon Include="Resources\\AppIcon\\appicon.svg" ForegroundFile="Resources\\AppIcon\\appiconfg.svg" Color="#512BD4" />
            \t</ItemGroup>
            </Project>

            """
        let plist: ExampleValue = [
            "LSRequiresIPhoneOS": true, "UIDeviceFamily": [1, 2], "XSAppIconAssets": "Assets.xcassets/appicon.appiconset",
        ]
        return ExampleTree([
            "Calculator.csproj": .text(project),
            "Platforms/iOS/Info.plist": .plist(plist),
            "Platforms/iOS/AppDelegate.cs": .text(
                "namespace Calculator;\n\n[Register(\"AppDelegate\")]\npublic class AppDelegate : MauiUIApplicationDelegate { }\n"),
            "Resources/AppIcon/appicon.svg": .text(
                ##"<svg xmlns="http://www.w3.org/2000/svg" width="456" height="456"><rect width="456" height="456" fill="#512BD4"/></svg>"##
                    + "\n"),
        ]).adding(files)
    }
}
