extension ExampleTree {
    /// An Expo app without ios/ as `npx create-expo-app` writes it: app.json (its `icon`, `ios`
    /// entries added after supportsTablet and bundleIdentifier, `plugins` after expo-router),
    /// package.json (with `dependencies` after the template's), the template's icon and
    /// Android foreground images, and `files`.
    public static func expoApp(
        icon: String = "./assets/images/icon.png", ios: [(String, ExampleValue)] = [], plugins: [ExampleValue] = [],
        dependencies: [(String, ExampleValue)] = [], files: [String: ExampleFile] = [:]
    ) -> ExampleTree {
        let app: ExampleValue = [
            "expo": [
                "name": "Pocket", "slug": "pocket", "version": "1.0.0", "orientation": "portrait", "scheme": "pocket",
                "userInterfaceStyle": "automatic", "newArchEnabled": true, "icon": .string(icon),
                "ios": .dictionary([("supportsTablet", true), ("bundleIdentifier", "com.example.pocket")] + ios),
                "android": [
                    "adaptiveIcon": ["foregroundImage": "./assets/images/adaptive-icon.png", "backgroundColor": "#ffffff"],
                    "package": "com.example.pocket",
                ],
                "plugins": .array(["expo-router"] + plugins),
            ]
        ]
        let package: ExampleValue = [
            "name": "pocket", "main": "expo-router/entry", "version": "1.0.0",
            "scripts": ["start": "expo start", "ios": "expo run:ios"],
            "dependencies": .dictionary(
                [("expo", "~53.0.9"), ("expo-router", "~5.0.7"), ("react", "19.0.0"), ("react-native", "0.79.2")] + dependencies),
            "private": true,
        ]
        return ExampleTree([
            "app.json": .json(app), "package.json": .json(package),
            "assets/images/icon.png": .png(1024, 1024, color: [250, 180, 60]),
            "assets/images/adaptive-icon.png": .png(1024, 1024, color: [250, 180, 60], alpha: 255, hole: true),
        ]).adding(files)
    }
}
