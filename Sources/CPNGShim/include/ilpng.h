// iconlint's libpng shim: the only code that calls libpng.
//
// Every exported function does its own setjmp around create -> read/write -> destroy.
// libpng's error text is copied into the caller's `err` buffer; libpng never prints.
// Whoever allocates frees: buffers returned by the shim are released with ilpng_free.
#ifndef ILPNG_H
#define ILPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes of every shim call.
typedef enum {
    ILPNG_OK = 0,
    ILPNG_NOT_PNG = 1,    ///< no PNG signature
    ILPNG_CORRUPT = 2,    ///< libpng rejected the data (message holds its reason)
    ILPNG_TOO_LARGE = 3,  ///< dimensions or memory above the caller's limits
    ILPNG_IO = 4,         ///< the file could not be opened or read (message holds strerror)
    ILPNG_NO_MEMORY = 5,  ///< an allocation failed
    ILPNG_CGBI = 6,       ///< Apple's CgBI ("iPhone-optimised") variant, which libpng cannot decode
    ILPNG_ABORTED = 7,    ///< the row callback asked to stop
    ILPNG_INVALID = 8     ///< bad arguments from the caller
} ilpng_status;

/// Limits checked on the IHDR before anything is allocated.
typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_bytes;        ///< cap on width * height * 8 (one 16-bit RGBA frame)
    uint64_t max_chunk_bytes;  ///< png_set_chunk_malloc_max
    uint32_t flags;            ///< ILPNG_SKIP_ADLER32, or 0
} ilpng_limits;

/// Decode flags in ilpng_limits.flags.
enum {
    /// Do not verify the zlib stream's Adler-32 (IDAT chunk CRCs are still checked): for
    /// callers that decode many images and want the time back.
    ILPNG_SKIP_ADLER32 = 1
};

/// What the header (everything before the first IDAT) says.
typedef struct {
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;
    uint8_t color_type;       ///< PNG colour type: 0, 2, 3, 4, 6
    uint8_t interlace;        ///< 0 none, 1 Adam7
    uint8_t has_trns;
    uint8_t has_srgb;
    uint8_t has_iccp;
    uint8_t has_gama;
    uint8_t has_chrm;
    uint8_t cgbi;             ///< Apple CgBI chunk before IHDR
    uint8_t apng;             ///< acTL chunk before IDAT
    uint8_t srgb_intent;      ///< valid when has_srgb
    uint32_t gama;            ///< png_fixed_point, valid when has_gama
    uint32_t iccp_length;     ///< bytes of the (uncompressed) ICC profile
    uint32_t warnings;        ///< libpng warnings seen (not printed)
    uint8_t magic[32];        ///< the first bytes of the input, for sniffing other formats (a Git LFS pointer needs 24)
    uint8_t magic_length;
} ilpng_header;

/// What a decode produced beyond the rows.
typedef struct {
    ilpng_header header;
    uint32_t row_bytes;       ///< width * 4 * (1 or 2)
    uint16_t min_alpha;       ///< lowest alpha seen, in the output depth's range
} ilpng_decode_result;

/// Receives each decoded row top to bottom; return nonzero to stop decoding.
typedef int (*ilpng_row_fn)(void *context, uint32_t y, const uint8_t *row, size_t row_bytes);

/// Reads the header of a file (only as many bytes as needed; IDAT is not inflated).
/// When `iccp_buffer` is non-null and large enough, the ICC profile is copied into it
/// (and its name into `iccp_name`, 80 bytes).
int ilpng_read_header_file(const char *path, const ilpng_limits *limits, ilpng_header *out,
                           uint8_t *iccp_buffer, size_t iccp_capacity, char *iccp_name,
                           char *err, size_t err_capacity);
int ilpng_read_header_memory(const uint8_t *data, size_t size, const ilpng_limits *limits,
                             ilpng_header *out, uint8_t *iccp_buffer, size_t iccp_capacity,
                             char *iccp_name, char *err, size_t err_capacity);

/// Decodes to RGBA, 8 bits per channel (`sixteen` = 0) or 16 bits in host byte order,
/// without gamma correction; rows are handed to `row` top to bottom. Memory is a few rows
/// at any size: an Adam7 image is read by one libpng reader per pass, in step.
int ilpng_decode_file(const char *path, const ilpng_limits *limits, int sixteen,
                      ilpng_row_fn row, void *context, ilpng_decode_result *out,
                      char *err, size_t err_capacity);
int ilpng_decode_memory(const uint8_t *data, size_t size, const ilpng_limits *limits,
                        int sixteen, ilpng_row_fn row, void *context,
                        ilpng_decode_result *out, char *err, size_t err_capacity);

/// Filter choices for the encoder (PNG filter bit masks, combinable).
enum {
    ILPNG_FILTER_NONE = 0x08,
    ILPNG_FILTER_SUB = 0x10,
    ILPNG_FILTER_UP = 0x20,
    ILPNG_FILTER_AVG = 0x40,
    ILPNG_FILTER_PAETH = 0x80,
    ILPNG_FILTER_ALL = 0xf8
};

typedef struct {
    int compression_level;     ///< 0-9
    int filters;               ///< ILPNG_FILTER_* mask
    int strategy;              ///< zlib strategy (0 default, 1 filtered, 2 huffman only, 3 RLE)
    const uint8_t *iccp;       ///< ICC profile to embed, or null
    uint32_t iccp_length;
    const char *iccp_name;     ///< null means "ICC Profile"
    int srgb_intent;           ///< -1: no sRGB chunk
    uint32_t gama;             ///< 0: no gAMA chunk
} ilpng_encode_options;

/// Encodes rows of `channels` (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA) samples of `bit_depth`
/// (8, or 16 in host byte order). On success `*out` is a buffer to free with ilpng_free.
int ilpng_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                 int channels, int bit_depth, const ilpng_encode_options *options,
                 uint8_t **out, size_t *out_length, char *err, size_t err_capacity);

void ilpng_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
