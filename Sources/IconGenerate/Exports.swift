// Generate speaks the icon vocabulary of IconSupport (Idiom, Appearance, geometry); its users see it through it.
@_exported import IconSupport
