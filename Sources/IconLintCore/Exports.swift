// The shared plumbing and icon vocabulary (Idiom, Appearance, atomic writes, temporary
// files, concurrency) live in IconSupport; users of the lint core see them through it.
@_exported import IconSupport
