// See include/ilresample.h. Each loop has a portable version and, on x86-64, an AVX2 + FMA
// version compiled for that target alone and picked by a CPU check on every call (cheap:
// it reads a word libgcc/compiler-rt filled in at startup).
#include "ilresample.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define ILR_X86 1
#include <immintrin.h>
#endif

static void filter_portable(const float *row, float *out, size_t out_count, const int32_t *start,
                            const int32_t *count, const int32_t *offset, const float *weights) {
    for (size_t i = 0; i < out_count; i++) {
        const float *p = row + 4 * (size_t)start[i];
        const float *w = weights + offset[i];
        float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        for (int32_t t = 0; t < count[i]; t++) {
            a0 += w[t] * p[4 * t];
            a1 += w[t] * p[4 * t + 1];
            a2 += w[t] * p[4 * t + 2];
            a3 += w[t] * p[4 * t + 3];
        }
        out[4 * i] = a0;
        out[4 * i + 1] = a1;
        out[4 * i + 2] = a2;
        out[4 * i + 3] = a3;
    }
}

static void accumulate_portable(float *acc, const float *in, float weight, size_t floats) {
    for (size_t k = 0; k < floats; k++) acc[k] += weight * in[k];
}

static void linearize8_portable(const uint8_t *p, float *out, size_t pixels, const float *table) {
    const float scale = 1.0f / 255;
    for (size_t x = 0; x < pixels; x++) {
        float a = (float)p[4 * x + 3] * scale;
        out[4 * x] = table[p[4 * x]] * a;
        out[4 * x + 1] = table[p[4 * x + 1]] * a;
        out[4 * x + 2] = table[p[4 * x + 2]] * a;
        out[4 * x + 3] = a;
    }
}

#ifdef ILR_X86
// Eight pixels at a time: split the channels, look each up with one gather, multiply by
// alpha, and transpose back to RGBA. The same float operations as the portable loop.
__attribute__((target("avx2,fma")))
static void linearize8_avx2(const uint8_t *p, float *out, size_t pixels, const float *table) {
    const __m256 scale = _mm256_set1_ps(1.0f / 255);
    const __m256i low = _mm256_set1_epi32(0xff);
    size_t x = 0;
    for (; x + 8 <= pixels; x += 8) {
        __m256i px = _mm256_loadu_si256((const __m256i *)(const void *)(p + 4 * x));
        __m256 a = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(px, 24)), scale);
        __m256 r = _mm256_mul_ps(_mm256_i32gather_ps(table, _mm256_and_si256(px, low), 4), a);
        __m256 g = _mm256_mul_ps(_mm256_i32gather_ps(table, _mm256_and_si256(_mm256_srli_epi32(px, 8), low), 4), a);
        __m256 b = _mm256_mul_ps(_mm256_i32gather_ps(table, _mm256_and_si256(_mm256_srli_epi32(px, 16), low), 4), a);
        __m256 rg_lo = _mm256_unpacklo_ps(r, g), rg_hi = _mm256_unpackhi_ps(r, g);
        __m256 ba_lo = _mm256_unpacklo_ps(b, a), ba_hi = _mm256_unpackhi_ps(b, a);
        __m256 p0 = _mm256_shuffle_ps(rg_lo, ba_lo, _MM_SHUFFLE(1, 0, 1, 0));  // pixels 0 | 4
        __m256 p1 = _mm256_shuffle_ps(rg_lo, ba_lo, _MM_SHUFFLE(3, 2, 3, 2));  // pixels 1 | 5
        __m256 p2 = _mm256_shuffle_ps(rg_hi, ba_hi, _MM_SHUFFLE(1, 0, 1, 0));  // pixels 2 | 6
        __m256 p3 = _mm256_shuffle_ps(rg_hi, ba_hi, _MM_SHUFFLE(3, 2, 3, 2));  // pixels 3 | 7
        float *o = out + 4 * x;
        _mm256_storeu_ps(o, _mm256_permute2f128_ps(p0, p1, 0x20));
        _mm256_storeu_ps(o + 8, _mm256_permute2f128_ps(p2, p3, 0x20));
        _mm256_storeu_ps(o + 16, _mm256_permute2f128_ps(p0, p1, 0x31));
        _mm256_storeu_ps(o + 24, _mm256_permute2f128_ps(p2, p3, 0x31));
    }
    linearize8_portable(p + 4 * x, out + 4 * x, pixels - x, table);
}

// Two pixels per 256-bit register: taps t and t+1 share one FMA, their weights spread
// over the low and high halves by one permute.
__attribute__((target("avx2,fma")))
static void filter_avx2(const float *row, float *out, size_t out_count, const int32_t *start,
                        const int32_t *count, const int32_t *offset, const float *weights) {
    const __m256i spread = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    for (size_t i = 0; i < out_count; i++) {
        const float *p = row + 4 * (size_t)start[i];
        const float *w = weights + offset[i];
        int32_t taps = count[i], t = 0;
        __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
        for (; t + 4 <= taps; t += 4) {
            __m256 w0 = _mm256_permutevar8x32_ps(_mm256_castpd_ps(_mm256_castpd128_pd256(
                _mm_load_sd((const double *)(const void *)(w + t)))), spread);
            __m256 w1 = _mm256_permutevar8x32_ps(_mm256_castpd_ps(_mm256_castpd128_pd256(
                _mm_load_sd((const double *)(const void *)(w + t + 2)))), spread);
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 4 * t), w0, a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 4 * t + 8), w1, a1);
        }
        __m128 sum = _mm_add_ps(_mm256_castps256_ps128(a0), _mm256_extractf128_ps(a0, 1));
        sum = _mm_add_ps(sum, _mm_add_ps(_mm256_castps256_ps128(a1), _mm256_extractf128_ps(a1, 1)));
        for (; t < taps; t++) sum = _mm_fmadd_ps(_mm_loadu_ps(p + 4 * t), _mm_set1_ps(w[t]), sum);
        _mm_storeu_ps(out + 4 * i, sum);
    }
}

__attribute__((target("avx2,fma")))
static void accumulate_avx2(float *acc, const float *in, float weight, size_t floats) {
    const __m256 w = _mm256_set1_ps(weight);
    size_t k = 0;
    for (; k + 8 <= floats; k += 8)
        _mm256_storeu_ps(acc + k, _mm256_fmadd_ps(_mm256_loadu_ps(in + k), w, _mm256_loadu_ps(acc + k)));
    for (; k < floats; k++) acc[k] += weight * in[k];
}
#endif

int ilr_uses_avx2(void) {
#ifdef ILR_X86
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

void ilr_filter_row(const float *row, float *out, size_t out_count, const int32_t *start,
                    const int32_t *count, const int32_t *offset, const float *weights) {
#ifdef ILR_X86
    if (ilr_uses_avx2()) {
        filter_avx2(row, out, out_count, start, count, offset, weights);
        return;
    }
#endif
    filter_portable(row, out, out_count, start, count, offset, weights);
}

void ilr_linearize8(const uint8_t *rgba, float *out, size_t pixels, const float *table) {
#ifdef ILR_X86
    if (ilr_uses_avx2()) {
        linearize8_avx2(rgba, out, pixels, table);
        return;
    }
#endif
    linearize8_portable(rgba, out, pixels, table);
}

void ilr_accumulate(float *acc, const float *in, float weight, size_t floats) {
#ifdef ILR_X86
    if (ilr_uses_avx2()) {
        accumulate_avx2(acc, in, weight, floats);
        return;
    }
#endif
    accumulate_portable(acc, in, weight, floats);
}
