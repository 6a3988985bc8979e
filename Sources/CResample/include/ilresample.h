// The resampler's two inner loops, in C so that x86-64 machines with AVX2 and FMA get
// 8-wide fused multiply-adds (chosen at run time; other machines run portable C).
// Pixels are premultiplied linear RGBA, four floats each. Nothing here allocates or fails.
#ifndef ILRESAMPLE_H
#define ILRESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Horizontal pass: for each output pixel i, out[i] = sum over t < count[i] of
/// weights[offset[i] + t] * row[start[i] + t].
void ilr_filter_row(const float *row, float *out, size_t out_count, const int32_t *start,
                    const int32_t *count, const int32_t *offset, const float *weights);

/// Vertical accumulation: acc[k] += weight * in[k] for k < floats.
void ilr_accumulate(float *acc, const float *in, float weight, size_t floats);

/// 8-bit sRGB RGBA to premultiplied linear RGBA: out = (t[r]·a, t[g]·a, t[b]·a, a) with
/// a = alpha / 255 and `table` the 256-entry sRGB-to-linear table.
void ilr_linearize8(const uint8_t *rgba, float *out, size_t pixels, const float *table);

/// 1 when the AVX2 + FMA paths are in use.
int ilr_uses_avx2(void);

#ifdef __cplusplus
}
#endif

#endif
