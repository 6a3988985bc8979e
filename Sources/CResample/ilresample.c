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

#ifdef ILR_X86
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

void ilr_accumulate(float *acc, const float *in, float weight, size_t floats) {
#ifdef ILR_X86
    if (ilr_uses_avx2()) {
        accumulate_avx2(acc, in, weight, floats);
        return;
    }
#endif
    accumulate_portable(acc, in, weight, floats);
}
