// Apple's CgBI PNG variant, rewritten into a stream libpng accepts. Private to the shim.
#ifndef ILPNG_CGBI_H
#define ILPNG_CGBI_H

#include <stddef.h>
#include <stdint.h>

/// Rewrites a CgBI PNG (`data`, `size` bytes, starting with the PNG signature) into a
/// standard stream: the CgBI chunk dropped, a zlib header before the first IDAT's data, a
/// zero Adler-32 after the last IDAT's (the caller makes libpng ignore it), every CRC
/// recomputed. Pixels stay BGRA and premultiplied; the caller undoes both.
/// Returns 0 and a buffer to free() in `*out`, or nonzero with a message in `err`.
int ilpng_cgbi_rewrite(const uint8_t *data, size_t size, uint8_t **out, size_t *out_length,
                       char *err, size_t err_capacity);

/// Undoes premultiplied alpha in one RGBA row in place: 8-bit samples, or 16-bit samples in
/// host order (`sixteen`). Fully transparent pixels keep their (zero) colour.
void ilpng_cgbi_unpremultiply(uint8_t *row, uint32_t width, int sixteen);

#endif
