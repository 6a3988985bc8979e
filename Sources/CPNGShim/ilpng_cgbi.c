// Rewrites Apple's CgBI PNGs for libpng. No libpng call lives here: this is byte surgery
// on the chunk stream, bounded by the input's size.
//
// A CgBI file (Xcode's pngcrush -iphone) differs from a PNG in four ways: a CgBI chunk
// before IHDR, IDAT holding raw deflate (no zlib header, no Adler-32), BGRA sample order,
// and premultiplied alpha. The first two are undone here; the shim's decode undoes the rest
// through png_set_bgr and ilpng_cgbi_unpremultiply.
#include "ilpng_cgbi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void put_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static int fail(char *err, size_t capacity, const char *message) {
    if (err && capacity) snprintf(err, capacity, "%s", message);
    return 1;
}

// The largest chunk length PNG allows (2^31 - 1).
#define MAX_CHUNK 0x7fffffffu

int ilpng_cgbi_rewrite(const uint8_t *data, size_t size, uint8_t **out, size_t *out_length,
                       char *err, size_t err_capacity) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    *out = NULL;
    *out_length = 0;
    if (!data || size < 8 || memcmp(data, signature, 8) != 0)
        return fail(err, err_capacity, "CgBI PNG without a PNG signature");

    // First pass: find the chunks, check their bounds, locate the first and last IDAT.
    size_t position = 8, first_idat = 0, last_idat = 0, output = 8;
    int saw_iend = 0, saw_cgbi = 0;
    while (position < size && !saw_iend) {
        if (size - position < 12) return fail(err, err_capacity, "CgBI PNG truncated inside a chunk header");
        uint32_t length = be32(data + position);
        if (length > MAX_CHUNK || length > size - position - 12)
            return fail(err, err_capacity, "CgBI PNG chunk runs past the end of the file");
        const uint8_t *type = data + position + 4;
        if (memcmp(type, "CgBI", 4) == 0) {
            saw_cgbi = 1;
        } else {
            if (memcmp(type, "IDAT", 4) == 0) {
                if (!first_idat) first_idat = position;
                last_idat = position;
            }
            if (memcmp(type, "IEND", 4) == 0) saw_iend = 1;
            output += (size_t)length + 12;
        }
        position += (size_t)length + 12;
    }
    if (!saw_cgbi) return fail(err, err_capacity, "not a CgBI PNG (no CgBI chunk)");
    if (!first_idat) return fail(err, err_capacity, "CgBI PNG without image data (no IDAT chunk)");
    // The zlib header and the Adler-32 may push a chunk over the PNG limit.
    uint32_t first_length = be32(data + first_idat), last_length = be32(data + last_idat);
    if (first_length + 2u > MAX_CHUNK || last_length + 4u + (first_idat == last_idat ? 2u : 0u) > MAX_CHUNK)
        return fail(err, err_capacity, "CgBI PNG IDAT chunk too large to rewrite");
    output += 6;

    uint8_t *buffer = malloc(output);
    if (!buffer) return fail(err, err_capacity, "out of memory rewriting a CgBI PNG");
    memcpy(buffer, signature, 8);
    size_t written = 8;
    position = 8;
    while (position < size) {
        uint32_t length = be32(data + position);
        const uint8_t *type = data + position + 4;
        const uint8_t *body = data + position + 8;
        size_t chunk_end = position + (size_t)length + 12;
        if (memcmp(type, "CgBI", 4) != 0) {
            // zlib header: deflate, 32 KiB window, no dictionary ((0x78 << 8 | 0x9c) % 31 == 0).
            int head = position == first_idat, tail = position == last_idat;
            uint32_t new_length = length + (head ? 2u : 0u) + (tail ? 4u : 0u);
            uint8_t *chunk = buffer + written;
            put_be32(chunk, new_length);
            memcpy(chunk + 4, type, 4);
            size_t at = 8;
            if (head) {
                chunk[at++] = 0x78;
                chunk[at++] = 0x9c;
            }
            if (length) memcpy(chunk + at, body, length);
            at += length;
            if (tail) {
                memset(chunk + at, 0, 4);  // dummy Adler-32: libpng is told to ignore it
                at += 4;
            }
            uLong crc = crc32(0L, Z_NULL, 0);
            crc = crc32(crc, chunk + 4, (uInt)(at - 4));
            put_be32(chunk + at, (uint32_t)crc);
            written += at + 4;
            if (memcmp(type, "IEND", 4) == 0) break;
        }
        position = chunk_end;
    }
    *out = buffer;
    *out_length = written;
    return 0;
}

void ilpng_cgbi_unpremultiply(uint8_t *row, uint32_t width, int sixteen) {
    if (sixteen) {
        uint16_t *p = (uint16_t *)(void *)row;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            uint32_t a = p[3];
            if (a == 0 || a == 0xffff) continue;
            for (int c = 0; c < 3; c++) {
                uint32_t v = ((uint32_t)p[c] * 0xffffu + a / 2) / a;
                p[c] = (uint16_t)(v > 0xffff ? 0xffff : v);
            }
        }
    } else {
        uint8_t *p = row;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            uint32_t a = p[3];
            if (a == 0 || a == 0xff) continue;
            for (int c = 0; c < 3; c++) {
                uint32_t v = ((uint32_t)p[c] * 255u + a / 2) / a;
                p[c] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    }
}
