// The shared plumbing and icon vocabulary (Idiom, Appearance, atomic writes, temporary
// files, concurrency) live in IconSupport; users of the lint core see them through it.
@_exported import IconSupport
// The alternate-icon source scan (SourceLanguage, AlternateIconSourceScanner, its results)
// is part of the lint core's API: the model carries its call sites.
@_exported import SourceScan
