// The resampler's filter and colours are part of generate's options, and generate speaks the
// icon vocabulary of IconSupport (Idiom, Appearance, geometry); its users see both through it.
@_exported import IconResample
@_exported import IconSupport
