// The shared plumbing and icon vocabulary (Idiom, Appearance, atomic writes, temporary
// files, concurrency) live in IconSupport; users of the lint core see them through it.
@_exported import IconSupport
// The Info.plist reader and preprocessor (PlistDocument, InfoPlistPreprocessor) appear in the
// lint core's public types (AppModel's plists); its users see them through it.
@_exported import PlistKit
// The alternate-icon source scan (SourceLanguage, AlternateIconSourceScanner, its results)
// is part of the lint core's API: the model carries its call sites.
@_exported import SourceScan
// So is the Xcode project reader (XcodeProject, XcodeProjectReader: AppModel's project).
@_exported import XcodeProjectKit
