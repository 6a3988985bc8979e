// The libpng shim. See include/ilpng.h for the contract.
//
// Each public function builds an `ilpng_job` (input source, message buffer, allocations),
// runs libpng under its own setjmp, and frees everything on both the normal and the
// longjmp path. State that must survive the jump lives in the job, never in locals.
#include "ilpng.h"
#include "ilpng_cgbi.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// 8 signature bytes + IHDR chunk (8 header + 13 data + 4 CRC): enough to check
// CgBI and the dimensions before libpng allocates anything.
#define PREFIX_SIZE 33

// Adam7 has 7 passes; pass 0 is decoded by the job itself, passes 1...6 by its helpers.
#define ADAM7_PASSES 7

typedef struct ilpng_job ilpng_job;

struct ilpng_job {
    // Input: a FILE, a descriptor read at `position` with pread (an Adam7 helper sharing
    // its lead's file), or a memory block; with a prefix already read from it.
    FILE *file;
    int pread_fd;
    uint8_t pread_source;
    uint8_t read_failed;
    const uint8_t *data;
    size_t size;
    size_t position;
    uint8_t prefix[PREFIX_SIZE];
    size_t prefix_length;
    size_t prefix_position;

    // libpng state and everything allocated under setjmp.
    png_structp png;
    png_infop info;
    uint8_t *row;
    uint8_t *pass_row;   // Adam7: one pass's row, before it is spread over `row`
    uint8_t *output;
    uint8_t *cgbi_stream;  // a CgBI input rewritten for libpng (ilpng_cgbi.c), read from memory
    size_t output_length;
    size_t output_capacity;

    char *err;
    size_t err_capacity;
    int status;          // status to return if libpng jumps
    uint32_t warnings;
    uint8_t apng;
    uint8_t cgbi;        // decoding a rewritten CgBI stream: BGRA, premultiplied

    // Adam7: a helper decodes one pass of the same input with its own libpng struct; its
    // errors are its lead's (they jump to the lead's setjmp). `helpers` is the lead's.
    ilpng_job *lead;
    ilpng_job *helpers;
};

static void set_message(ilpng_job *job, const char *message) {
    if (job->err == NULL || job->err_capacity == 0) return;
    snprintf(job->err, job->err_capacity, "%s", message ? message : "unknown libpng error");
}

static void on_error(png_structp png, png_const_charp message) {
    ilpng_job *job = (ilpng_job *)png_get_error_ptr(png);
    if (job->lead) {
        // A helper's error ends the lead's decode, at the lead's setjmp.
        job = job->lead;
        png = job->png;
    }
    set_message(job, message);
    if (job->status == ILPNG_OK) {
        job->status = ILPNG_CORRUPT;
        if (message && strstr(message, "Not a PNG file")) job->status = ILPNG_NOT_PNG;
        if (message && strstr(message, "user limit")) job->status = ILPNG_TOO_LARGE;
        if (message && (strstr(message, "Out of Memory") || strstr(message, "out of memory")))
            job->status = ILPNG_NO_MEMORY;
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)message;
    ilpng_job *job = (ilpng_job *)png_get_error_ptr(png);
    job->warnings++;
}

// Reads from the prefix first, then from the file or memory block.
static size_t source_read(ilpng_job *job, uint8_t *buffer, size_t length) {
    size_t done = 0;
    while (done < length && job->prefix_position < job->prefix_length)
        buffer[done++] = job->prefix[job->prefix_position++];
    if (done == length) return done;
    if (job->file) {
        done += fread(buffer + done, 1, length - done, job->file);
    } else if (job->pread_source) {
        while (done < length) {
            ssize_t got = pread(job->pread_fd, buffer + done, length - done, (off_t)job->position);
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) job->read_failed = 1;
            if (got <= 0) break;
            done += (size_t)got;
            job->position += (size_t)got;
        }
    } else {
        size_t available = job->size - job->position;
        size_t take = length - done < available ? length - done : available;
        if (take) memcpy(buffer + done, job->data + job->position, take);
        job->position += take;
        done += take;
    }
    return done;
}

static void on_read(png_structp png, png_bytep buffer, png_size_t length) {
    ilpng_job *job = (ilpng_job *)png_get_io_ptr(png);
    size_t got = source_read(job, buffer, length);
    if (got != length) {
        if ((job->file && ferror(job->file)) || job->read_failed) {
            if (job->lead) job->lead->status = ILPNG_IO;
            job->status = ILPNG_IO;
            png_error(png, "read error");
        }
        png_error(png, "unexpected end of file (truncated PNG)");
    }
}

static int on_unknown_chunk(png_structp png, png_unknown_chunkp chunk) {
    ilpng_job *job = (ilpng_job *)png_get_user_chunk_ptr(png);
    if (memcmp(chunk->name, "acTL", 4) == 0) job->apng = 1;
    return 1;  // handled: libpng neither stores nor complains
}

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void job_init(ilpng_job *job, char *err, size_t err_capacity) {
    memset(job, 0, sizeof *job);
    job->err = err;
    job->err_capacity = err_capacity;
    if (err && err_capacity) err[0] = 0;
}

static void job_release(ilpng_job *job) {
    if (job->helpers) {
        for (int pass = 1; pass < ADAM7_PASSES; pass++) job_release(&job->helpers[pass]);
        free(job->helpers);
        job->helpers = NULL;
    }
    if (job->png) png_destroy_read_struct(&job->png, &job->info, NULL);
    free(job->row);
    free(job->pass_row);
    free(job->cgbi_stream);
    job->row = NULL;
    job->pass_row = NULL;
    job->cgbi_stream = NULL;
    if (job->file) fclose(job->file);
    job->file = NULL;
}

// Opens a regular file only: O_NONBLOCK keeps a FIFO from blocking the open, and the type
// is checked on the descriptor, so a FIFO, device or folder named *.png is never read.
static int open_file(ilpng_job *job, const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) {
        job->status = ILPNG_IO;
        set_message(job, strerror(errno));
        if (fd >= 0) close(fd);
        return ILPNG_IO;
    }
    if (!S_ISREG(info.st_mode)) {
        close(fd);
        job->status = ILPNG_IO;
        set_message(job, S_ISDIR(info.st_mode) ? "it is a folder" : "not a regular file");
        return ILPNG_IO;
    }
    job->file = fdopen(fd, "rb");
    if (!job->file) {
        job->status = ILPNG_IO;
        set_message(job, strerror(errno));
        close(fd);
        return ILPNG_IO;
    }
    return ILPNG_OK;
}

static const ilpng_limits default_limits = {16384, 16384, (uint64_t)16384 * 16384 * 8, 64u << 20, 0};

// Reads the prefix and checks what can be checked before libpng runs: the CgBI
// variant and the dimensions against the limits. Fills `out` from the raw IHDR.
static int precheck(ilpng_job *job, const ilpng_limits *limits, ilpng_header *out) {
    job->prefix_length = source_read(job, job->prefix, PREFIX_SIZE);
    if (job->file && ferror(job->file)) {
        job->status = ILPNG_IO;
        set_message(job, strerror(errno));
        return ILPNG_IO;
    }
    size_t magic_length = job->prefix_length < sizeof(out->magic) ? job->prefix_length : sizeof(out->magic);
    memcpy(out->magic, job->prefix, magic_length);
    out->magic_length = (uint8_t)magic_length;
    if (job->prefix_length == 0) {
        set_message(job, "the file is empty");
        return ILPNG_NOT_PNG;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (job->prefix_length < 16 || memcmp(job->prefix, signature, 8) != 0)
        return ILPNG_OK;  // libpng will say precisely what is wrong

    const uint8_t *chunk = job->prefix + 8;
    if (memcmp(chunk + 4, "CgBI", 4) == 0) {
        // Apple's variant: CgBI chunk, then IHDR. Read the IHDR that follows it.
        uint32_t length = be32(chunk);
        out->cgbi = 1;
        uint8_t ihdr[8 + 13];
        size_t skip = length + 4;  // CgBI data + CRC; prefix already holds 8 + 17 bytes
        size_t held = job->prefix_length - 16;
        size_t got = 0;
        if (skip <= held) {
            size_t rest = held - skip;
            size_t take = rest < sizeof ihdr ? rest : sizeof ihdr;
            memcpy(ihdr, job->prefix + 16 + skip, take);
            got = take;
            job->prefix_position = job->prefix_length;
            if (got < sizeof ihdr) got += source_read(job, ihdr + got, sizeof ihdr - got);
        } else {
            job->prefix_position = job->prefix_length;
            uint8_t scratch[256];
            size_t remaining = skip - held;
            while (remaining > 0) {
                size_t n = source_read(job, scratch, remaining < sizeof scratch ? remaining : sizeof scratch);
                if (n == 0) break;
                remaining -= n;
            }
            if (remaining == 0) got = source_read(job, ihdr, sizeof ihdr);
        }
        if (got < sizeof ihdr || memcmp(ihdr + 4, "IHDR", 4) != 0) {
            set_message(job, "CgBI (Apple iPhone-optimised) PNG without a readable IHDR");
            return ILPNG_CORRUPT;
        }
        out->width = be32(ihdr + 8);
        out->height = be32(ihdr + 12);
        out->bit_depth = ihdr[16];
        out->color_type = ihdr[17];
        out->interlace = ihdr[20];
        set_message(job, "Apple CgBI (iPhone-optimised) PNG: made by Xcode's pngcrush for a built app, "
                         "not a standard PNG that libpng can decode");
        return ILPNG_CGBI;
    }
    if (memcmp(chunk + 4, "IHDR", 4) == 0 && be32(chunk) == 13 && job->prefix_length >= 8 + 8 + 13) {
        uint32_t width = be32(chunk + 8), height = be32(chunk + 12);
        if (width == 0 || height == 0) {
            // libpng only says "Invalid IHDR data" (its warning naming the zero is not kept).
            char message[96];
            snprintf(message, sizeof message, "IHDR says %u x %u pixels; a PNG is at least 1 x 1", width, height);
            set_message(job, message);
            return ILPNG_CORRUPT;
        }
        const ilpng_limits *l = limits ? limits : &default_limits;
        uint64_t bytes = (uint64_t)width * height * 8;
        if (width > l->max_width || height > l->max_height || (l->max_bytes && bytes > l->max_bytes)) {
            char message[160];
            snprintf(message, sizeof message,
                     "%u x %u pixels exceeds the limit of %u x %u pixels (%llu MiB)",
                     width, height, l->max_width, l->max_height,
                     (unsigned long long)(l->max_bytes >> 20));
            set_message(job, message);
            out->width = width;
            out->height = height;
            return ILPNG_TOO_LARGE;
        }
    }
    return ILPNG_OK;
}

// Creates the read struct with our callbacks and limits. Must be called before setjmp.
static int create_reader(ilpng_job *job, const ilpng_limits *limits) {
    const ilpng_limits *l = limits ? limits : &default_limits;
    job->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, job, on_error, on_warning);
    if (!job->png) {
        set_message(job, "libpng could not create a read struct");
        return ILPNG_NO_MEMORY;
    }
    job->info = png_create_info_struct(job->png);
    if (!job->info) {
        set_message(job, "libpng could not create an info struct");
        return ILPNG_NO_MEMORY;
    }
    png_set_read_fn(job->png, job, on_read);
    png_set_user_limits(job->png, l->max_width, l->max_height);
    png_set_chunk_malloc_max(job->png, l->max_chunk_bytes ? l->max_chunk_bytes : (64u << 20));
    png_set_read_user_chunk_fn(job->png, job, on_unknown_chunk);
    static const png_byte actl[5] = {'a', 'c', 'T', 'L', 0};
    png_set_keep_unknown_chunks(job->png, PNG_HANDLE_CHUNK_ALWAYS, actl, 1);
    // Ancillary chunks iconlint never reads are skipped unread. libpng's handlers for them
    // allocate the length a chunk declares before reading it: a 42-byte file declaring a
    // 2 GB tEXt chunk took 2 GB and 2.5 s (found by the png-header fuzz target).
    static const png_byte unused[] = "tEXt\0zTXt\0iTXt\0bKGD\0pHYs\0sBIT\0sPLT\0hIST\0tIME\0eXIf\0oFFs\0pCAL\0sCAL\0sTER";
    png_set_keep_unknown_chunks(job->png, PNG_HANDLE_CHUNK_NEVER, unused, (int)(sizeof unused / 5));
#if defined(PNG_IGNORE_ADLER32) && defined(PNG_SET_OPTION_SUPPORTED)
    if (l->flags & ILPNG_SKIP_ADLER32) png_set_option(job->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    return ILPNG_OK;
}

static void fill_header(ilpng_job *job, ilpng_header *out, uint8_t *iccp_buffer,
                        size_t iccp_capacity, char *iccp_name) {
    png_structp png = job->png;
    png_infop info = job->info;
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);
    out->interlace = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
    out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    out->has_srgb = png_get_valid(png, info, PNG_INFO_sRGB) != 0;
    out->has_iccp = png_get_valid(png, info, PNG_INFO_iCCP) != 0;
    out->has_gama = png_get_valid(png, info, PNG_INFO_gAMA) != 0;
    out->has_chrm = png_get_valid(png, info, PNG_INFO_cHRM) != 0;
    if (out->has_srgb) {
        int intent = 0;
        png_get_sRGB(png, info, &intent);
        out->srgb_intent = (uint8_t)intent;
    }
    if (out->has_gama) {
        png_fixed_point gama = 0;
        png_get_gAMA_fixed(png, info, &gama);
        out->gama = (uint32_t)gama;
    }
    if (out->has_iccp) {
        png_charp name = NULL;
        int compression = 0;
        png_bytep profile = NULL;
        png_uint_32 length = 0;
        png_get_iCCP(png, info, &name, &compression, &profile, &length);
        out->iccp_length = length;
        if (iccp_buffer && profile && length <= iccp_capacity) memcpy(iccp_buffer, profile, length);
        if (iccp_name && name) snprintf(iccp_name, 80, "%s", name);
    }
    out->apng = job->apng;
    out->warnings = job->warnings;
}

// Turns a job whose prefix check found CgBI into one reading the rewritten stream from
// memory (the whole input is read first: a CgBI file is rewritten as a whole), then checks
// that stream's prefix as for any PNG, limits included.
static int cgbi_prepare(ilpng_job *job, const ilpng_limits *limits, ilpng_header *out) {
    const ilpng_limits *l = limits ? limits : &default_limits;
    uint8_t *whole = NULL;
    const uint8_t *input = job->data;
    size_t size = job->size;
    if (job->file) {
        // Compressed data never needs more than the image's raw size plus some slack.
        uint64_t cap = l->max_bytes ? l->max_bytes + (1u << 20) : ((uint64_t)1 << 30);
        if (cap > ((uint64_t)1 << 30)) cap = (uint64_t)1 << 30;
        struct stat info;
        if (fstat(fileno(job->file), &info) != 0 || info.st_size < 0) {
            set_message(job, strerror(errno));
            return ILPNG_IO;
        }
        if ((uint64_t)info.st_size > cap) {
            set_message(job, "CgBI PNG file larger than the image limits allow");
            return ILPNG_TOO_LARGE;
        }
        size = (size_t)info.st_size;
        whole = malloc(size ? size : 1);
        if (!whole) {
            set_message(job, "out of memory reading a CgBI PNG");
            return ILPNG_NO_MEMORY;
        }
        size_t got = 0;
        if (fseek(job->file, 0, SEEK_SET) == 0) got = fread(whole, 1, size, job->file);
        if (got != size) {
            free(whole);
            set_message(job, "read error");
            return ILPNG_IO;
        }
        fclose(job->file);
        job->file = NULL;
        input = whole;
    }
    uint8_t *stream = NULL;
    size_t length = 0;
    int failed = ilpng_cgbi_rewrite(input, size, &stream, &length, job->err, job->err_capacity);
    free(whole);
    if (failed) return ILPNG_CORRUPT;
    if (job->err && job->err_capacity) job->err[0] = 0;
    job->cgbi_stream = stream;
    job->data = stream;
    job->size = length;
    job->position = 0;
    job->prefix_length = 0;
    job->prefix_position = 0;
    job->cgbi = 1;
    int status = precheck(job, limits, out);
    out->cgbi = 1;
    return status;
}

// What every read does before its own setjmp: the prefix checks (CgBI, limits), then
// libpng's structs. On any status but ILPNG_OK the job is already released. With
// `accept_cgbi` a CgBI input is rewritten (cgbi_prepare) instead of refused.
static int begin_read(ilpng_job *job, const ilpng_limits *limits, ilpng_header *out, int accept_cgbi) {
    int status = precheck(job, limits, out);
    if (status == ILPNG_CGBI && accept_cgbi) status = cgbi_prepare(job, limits, out);
    if (status == ILPNG_OK) status = create_reader(job, limits);
    if (status != ILPNG_OK) job_release(job);
    return status;
}

static int read_header(ilpng_job *job, const ilpng_limits *limits, ilpng_header *out,
                       uint8_t *iccp_buffer, size_t iccp_capacity, char *iccp_name) {
    memset(out, 0, sizeof *out);
    int status = precheck(job, limits, out);
    if (status == ILPNG_CGBI) {
        // Apple's variant: the chunks before IDAT are read from the rewritten stream, so tRNS
        // and the colour chunks are known as for any PNG. A CgBI file too damaged to rewrite
        // keeps the header its IHDR states (its pixels will then fail to decode).
        ilpng_header ihdr = *out;
        status = cgbi_prepare(job, limits, out);
        if (status == ILPNG_CORRUPT) {
            job_release(job);
            *out = ihdr;
            if (job->err && job->err_capacity) job->err[0] = 0;
            return ILPNG_OK;
        }
    }
    if (status == ILPNG_OK) status = create_reader(job, limits);
    if (status != ILPNG_OK) {
        job_release(job);
        return status;
    }
    if (setjmp(png_jmpbuf(job->png))) {
        status = job->status == ILPNG_OK ? ILPNG_CORRUPT : job->status;
        job_release(job);
        return status;
    }
    png_read_info(job->png, job->info);
    fill_header(job, out, iccp_buffer, iccp_capacity, iccp_name);
    job_release(job);
    return ILPNG_OK;
}

int ilpng_read_header_file(const char *path, const ilpng_limits *limits, ilpng_header *out,
                           uint8_t *iccp_buffer, size_t iccp_capacity, char *iccp_name,
                           char *err, size_t err_capacity) {
    ilpng_job job;
    job_init(&job, err, err_capacity);
    if (!path || !out) return ILPNG_INVALID;
    memset(out, 0, sizeof *out);
    if (open_file(&job, path) != ILPNG_OK) return ILPNG_IO;
    return read_header(&job, limits, out, iccp_buffer, iccp_capacity, iccp_name);
}

int ilpng_read_header_memory(const uint8_t *data, size_t size, const ilpng_limits *limits,
                             ilpng_header *out, uint8_t *iccp_buffer, size_t iccp_capacity,
                             char *iccp_name, char *err, size_t err_capacity) {
    ilpng_job job;
    job_init(&job, err, err_capacity);
    if ((!data && size) || !out) return ILPNG_INVALID;
    job.data = data;
    job.size = size;
    return read_header(&job, limits, out, iccp_buffer, iccp_capacity, iccp_name);
}

static void track_alpha(const uint8_t *row, uint32_t width, int sixteen, uint16_t *min_alpha) {
    uint16_t lowest = *min_alpha;
    if (sixteen) {
        const uint16_t *p = (const uint16_t *)(const void *)row;
        for (uint32_t x = 0; x < width; x++)
            if (p[4 * x + 3] < lowest) lowest = p[4 * x + 3];
    } else {
        for (uint32_t x = 0; x < width; x++)
            if (row[4 * x + 3] < lowest) lowest = row[4 * x + 3];
    }
    *min_alpha = lowest;
}

// Everything to RGBA at the wanted depth, no gamma correction; then png_read_update_info.
// Adam7 rows are left to the caller (no png_set_interlace_handling): libpng then returns
// each pass's rows in turn, each as wide as the pass.
static void set_transforms(ilpng_job *job, int sixteen) {
    png_structp png = job->png;
    if (job->cgbi) {
        // The rewritten stream carries a dummy Adler-32 (ilpng_cgbi.c) and BGR(A) samples.
#if defined(PNG_IGNORE_ADLER32) && defined(PNG_SET_OPTION_SUPPORTED)
        png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#else
        job->status = ILPNG_CORRUPT;
        png_error(png, "this libpng cannot ignore the Adler-32 that CgBI PNGs lack (needs libpng 1.6.26)");
#endif
        png_set_bgr(png);
    }
    png_set_expand(png);  // palette -> RGB, gray < 8 bits -> 8, tRNS -> alpha
    if (sixteen) {
        png_set_expand_16(png);
    } else {
        png_set_scale_16(png);
    }
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, sixteen ? 0xffff : 0xff, PNG_FILLER_AFTER);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (sixteen) png_set_swap(png);
#endif
    png_read_update_info(png, job->info);
}

static int pass_is_empty(uint32_t width, uint32_t height, int pass) {
    return PNG_PASS_COLS(width, pass) == 0 || PNG_PASS_ROWS(height, pass) == 0;
}

// The last non-empty Adam7 pass: its reader is the one that inflates the whole stream.
static int last_pass(uint32_t width, uint32_t height) {
    int last = 0;
    for (int pass = 1; pass < ADAM7_PASSES; pass++)
        if (!pass_is_empty(width, height, pass)) last = pass;
    return last;
}

// Only the last pass's reader reaches the end of the zlib stream, where its Adler-32 is
// checked: the others skip the checksum's work (set before png_read_update_info claims zlib).
static void skip_adler32_unless_last(ilpng_job *job, int pass, uint32_t width, uint32_t height) {
#if defined(PNG_IGNORE_ADLER32) && defined(PNG_SET_OPTION_SUPPORTED)
    if (pass != last_pass(width, height)) png_set_option(job->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#else
    (void)job, (void)pass, (void)width, (void)height;
#endif
}

// Starts the helper that decodes Adam7 pass `pass` of the lead's input: its own libpng
// struct over the same bytes (the lead's memory block or CgBI stream, or its file through
// pread), the same transforms, then every row of the earlier passes read and dropped.
// Called under the lead's setjmp: a failure is png_error on the lead.
static void start_pass_helper(ilpng_job *lead, ilpng_job *helper, int pass, const ilpng_limits *limits,
                              int sixteen) {
    job_init(helper, NULL, 0);
    if (lead->file) {
        helper->pread_source = 1;
        helper->pread_fd = fileno(lead->file);
    } else {
        helper->data = lead->data;
        helper->size = lead->size;
    }
    helper->cgbi = lead->cgbi;
    ilpng_header ignored;
    memset(&ignored, 0, sizeof ignored);
    int status = precheck(helper, limits, &ignored);
    if (status == ILPNG_OK) status = create_reader(helper, limits);
    if (status != ILPNG_OK) {
        lead->status = status;
        png_error(lead->png, "could not start a second reader for the interlaced image");
    }
    helper->lead = lead;  // from here its libpng errors jump to the lead's setjmp
    // The lead has the header's facts: a helper keeps no ICC profile (up to max_chunk_bytes
    // each, seven copies otherwise).
    static const png_byte iccp[5] = {'i', 'C', 'C', 'P', 0};
    png_set_keep_unknown_chunks(helper->png, PNG_HANDLE_CHUNK_NEVER, iccp, 1);
    png_read_info(helper->png, helper->info);
    uint32_t width = png_get_image_width(lead->png, lead->info);
    uint32_t height = png_get_image_height(lead->png, lead->info);
    if (png_get_image_width(helper->png, helper->info) != width ||
        png_get_image_height(helper->png, helper->info) != height ||
        png_get_interlace_type(helper->png, helper->info) != PNG_INTERLACE_ADAM7) {
        lead->status = ILPNG_CORRUPT;
        png_error(lead->png, "the interlaced image changed while it was read");
    }
    skip_adler32_unless_last(helper, pass, width, height);
    set_transforms(helper, sixteen);
    if (png_get_rowbytes(helper->png, helper->info) != png_get_rowbytes(lead->png, lead->info)) {
        lead->status = ILPNG_CORRUPT;
        png_error(lead->png, "the interlaced image changed while it was read");
    }
    for (int earlier = 0; earlier < pass; earlier++) {
        if (pass_is_empty(width, height, earlier)) continue;  // libpng skips empty passes too
        for (uint32_t y = 0; y < PNG_PASS_ROWS(height, earlier); y++)
            png_read_row(helper->png, lead->pass_row, NULL);
    }
}

// Adam7 in bounded memory. Row y of the image holds pixels of up to four passes, so each
// pass has its own decoder (the lead for pass 0, a helper for each other non-empty pass),
// positioned at the start of its pass; each image row takes the next row of every pass it
// meets and spreads its pixels to their columns. Memory: seven libpng readers (each a zlib
// window and two rows) and two rows, whatever the height; time: the helpers inflate the
// passes before their own, about one more decode of the image.
static int read_adam7(ilpng_job *job, const ilpng_limits *limits, int sixteen, ilpng_row_fn row_fn,
                      void *context, uint32_t width, uint32_t height, size_t row_bytes,
                      uint16_t *min_alpha) {
    size_t pixel_bytes = sixteen ? 8 : 4;
    job->row = calloc(1, row_bytes);
    job->pass_row = malloc(row_bytes);
    job->helpers = calloc(ADAM7_PASSES, sizeof *job->helpers);
    if (!job->row || !job->pass_row || !job->helpers) {
        job->status = ILPNG_NO_MEMORY;
        png_error(job->png, "out of memory for the interlaced image's rows");
    }
    png_structp decoders[ADAM7_PASSES] = {job->png};
    for (int pass = 1; pass < ADAM7_PASSES; pass++) {
        if (pass_is_empty(width, height, pass)) continue;
        start_pass_helper(job, &job->helpers[pass], pass, limits, sixteen);
        decoders[pass] = job->helpers[pass].png;
    }
    for (uint32_t y = 0; y < height; y++) {
        for (int pass = 0; pass < ADAM7_PASSES; pass++) {
            if (!decoders[pass] || !PNG_ROW_IN_INTERLACE_PASS(y, pass)) continue;
            png_read_row(decoders[pass], job->pass_row, NULL);
            uint32_t columns = PNG_PASS_COLS(width, pass);
            for (uint32_t i = 0; i < columns; i++)
                memcpy(job->row + (size_t)PNG_COL_FROM_PASS_COL(i, pass) * pixel_bytes,
                       job->pass_row + (size_t)i * pixel_bytes, pixel_bytes);
        }
        if (job->cgbi) ilpng_cgbi_unpremultiply(job->row, width, sixteen);
        track_alpha(job->row, width, sixteen, min_alpha);
        if (row_fn && row_fn(context, y, job->row, row_bytes)) return ILPNG_ABORTED;
    }
    // The last pass's reader has inflated the whole stream: it checks what follows.
    png_read_end(decoders[last_pass(width, height)], NULL);
    return ILPNG_OK;
}

static int decode(ilpng_job *job, const ilpng_limits *limits, int sixteen, ilpng_row_fn row_fn,
                  void *context, ilpng_decode_result *out) {
    memset(out, 0, sizeof *out);
    int status = begin_read(job, limits, &out->header, 1);
    if (status != ILPNG_OK) return status;
    if (setjmp(png_jmpbuf(job->png))) {
        status = job->status == ILPNG_OK ? ILPNG_CORRUPT : job->status;
        job_release(job);
        return status;
    }
    png_structp png = job->png;
    png_infop info = job->info;
    png_read_info(png, info);
    fill_header(job, &out->header, NULL, 0, NULL);
    uint32_t width = out->header.width, height = out->header.height;
    if (out->header.interlace) skip_adler32_unless_last(job, 0, width, height);
    set_transforms(job, sixteen);

    size_t row_bytes = png_get_rowbytes(png, info);
    size_t expected = (size_t)width * 4 * (sixteen ? 2 : 1);
    if (row_bytes != expected) {
        job->status = ILPNG_CORRUPT;
        png_error(png, "unexpected row size after transformations");
    }
    out->row_bytes = (uint32_t)row_bytes;
    uint16_t min_alpha = sixteen ? 0xffff : 0xff;

    if (out->header.interlace) {
        status = read_adam7(job, limits, sixteen, row_fn, context, width, height, row_bytes, &min_alpha);
        if (status != ILPNG_OK) {
            job_release(job);
            return status;
        }
    } else {
        job->row = malloc(row_bytes ? row_bytes : 1);
        if (!job->row) {
            job->status = ILPNG_NO_MEMORY;
            png_error(png, "out of memory for a row");
        }
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, job->row, NULL);
            if (job->cgbi) ilpng_cgbi_unpremultiply(job->row, width, sixteen);
            track_alpha(job->row, width, sixteen, &min_alpha);
            // The callback runs between libpng calls: no libpng frame is below it.
            if (row_fn && row_fn(context, y, job->row, row_bytes)) {
                job_release(job);
                return ILPNG_ABORTED;
            }
        }
        png_read_end(png, NULL);
    }
    out->min_alpha = min_alpha;
    out->header.warnings = job->warnings;
    job_release(job);
    return ILPNG_OK;
}

int ilpng_decode_file(const char *path, const ilpng_limits *limits, int sixteen,
                      ilpng_row_fn row, void *context, ilpng_decode_result *out,
                      char *err, size_t err_capacity) {
    ilpng_job job;
    job_init(&job, err, err_capacity);
    if (!path || !out) return ILPNG_INVALID;
    memset(out, 0, sizeof *out);
    if (open_file(&job, path) != ILPNG_OK) return ILPNG_IO;
    return decode(&job, limits, sixteen, row, context, out);
}

int ilpng_decode_memory(const uint8_t *data, size_t size, const ilpng_limits *limits,
                        int sixteen, ilpng_row_fn row, void *context,
                        ilpng_decode_result *out, char *err, size_t err_capacity) {
    ilpng_job job;
    job_init(&job, err, err_capacity);
    if ((!data && size) || !out) return ILPNG_INVALID;
    job.data = data;
    job.size = size;
    return decode(&job, limits, sixteen, row, context, out);
}

// ---- Encoding ----

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    ilpng_job *job = (ilpng_job *)png_get_io_ptr(png);
    if (job->output_length + length > job->output_capacity) {
        size_t capacity = job->output_capacity ? job->output_capacity : 4096;
        while (capacity < job->output_length + length) capacity *= 2;
        uint8_t *grown = realloc(job->output, capacity);
        if (!grown) {
            job->status = ILPNG_NO_MEMORY;
            png_error(png, "out of memory for the encoded PNG");
        }
        job->output = grown;
        job->output_capacity = capacity;
    }
    memcpy(job->output + job->output_length, data, length);
    job->output_length += length;
}

static void on_flush(png_structp png) { (void)png; }

// The libpng half of ilpng_encode. It runs under its own setjmp with `job` in the caller's
// frame: what on_write and on_error change in the job (output, status) is then certain to
// survive the longjmp, which C does not promise for locals of the function that called
// setjmp when they change in between (C11 7.13.2.1).
static int encode(ilpng_job *job, const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                  int channels, int bit_depth, const ilpng_encode_options *options) {
    static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                       PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    job->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, job, on_error, on_warning);
    if (!job->png) return ILPNG_NO_MEMORY;
    job->info = png_create_info_struct(job->png);
    if (!job->info) {
        png_destroy_write_struct(&job->png, NULL);
        return ILPNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(job->png))) {
        png_destroy_write_struct(&job->png, &job->info);
        free(job->output);
        job->output = NULL;
        return job->status == ILPNG_OK ? ILPNG_CORRUPT : job->status;
    }
    png_structp png = job->png;
    png_set_write_fn(png, job, on_write, on_flush);
    int level = options ? options->compression_level : 6;
    png_set_compression_level(png, level < 0 ? 0 : level > 9 ? 9 : level);
    png_set_compression_strategy(png, options ? options->strategy : 0);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, options && options->filters ? options->filters : PNG_ALL_FILTERS);
    png_set_IHDR(png, job->info, width, height, bit_depth, color_types[channels],
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (options && options->iccp && options->iccp_length) {
        png_set_iCCP(png, job->info, options->iccp_name ? options->iccp_name : "ICC Profile",
                     PNG_COMPRESSION_TYPE_BASE, options->iccp, options->iccp_length);
    } else if (options && options->srgb_intent >= 0) {
        png_set_sRGB(png, job->info, options->srgb_intent);
    }
    if (options && options->gama && !(options->iccp && options->iccp_length))
        png_set_gAMA_fixed(png, job->info, (png_fixed_point)options->gama);
    png_write_info(png, job->info);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (bit_depth == 16) png_set_swap(png);
#endif
    for (uint32_t y = 0; y < height; y++)
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&job->png, &job->info);
    return ILPNG_OK;
}

int ilpng_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                 int channels, int bit_depth, const ilpng_encode_options *options,
                 uint8_t **out, size_t *out_length, char *err, size_t err_capacity) {
    ilpng_job job;
    job_init(&job, err, err_capacity);
    if (!pixels || !out || !out_length || width == 0 || height == 0 || channels < 1 ||
        channels > 4 || (bit_depth != 8 && bit_depth != 16) ||
        stride < (size_t)width * channels * (bit_depth / 8)) {
        set_message(&job, "invalid image for encoding");
        return ILPNG_INVALID;
    }
    *out = NULL;
    *out_length = 0;
    int status = encode(&job, pixels, width, height, stride, channels, bit_depth, options);
    if (status != ILPNG_OK) return status;
    *out = job.output;
    *out_length = job.output_length;
    return ILPNG_OK;
}

void ilpng_free(void *buffer) { free(buffer); }

