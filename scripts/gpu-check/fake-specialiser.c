/* A stand-in for libsycl_specconst_specialise.so (model::specialisation::abi) for
   specialise.c: it "specialises" the image's PTX by replacing the load of the spec-constant
   buffer with the value plus 1000000, so the output shows which kernel ran. Built and run on the
   GPU machine. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint8_t *bytes;
  size_t len, capacity;
  uint64_t parse_us, optimise_us, emit_us;
} out_t;

static const char LOAD[] = "ld.global.u32 %r1, [%rd4];";

static int32_t put(out_t *out, const char *text, size_t len, int32_t code) {
  out->bytes = malloc(len);
  memcpy(out->bytes, text, len);
  out->len = out->capacity = len;
  return code;
}

int32_t sycl_specconst_specialise_v1(const uint8_t *image, size_t image_len,
                                     const uint8_t *kernel, size_t kernel_len,
                                     const uint8_t *values, size_t values_len, out_t *out) {
  (void)kernel; (void)kernel_len;
  if (values_len != 4) return put(out, "values are not one u32", 22, 1);
  const char *ptx = (const char *)image;
  if (memchr(image, 0, image_len) == NULL) return put(out, "no NUL", 6, 1);
  const char *at = strstr(ptx, LOAD);
  if (!at) return put(out, "no load to fold", 15, 1);
  uint32_t v;
  memcpy(&v, values, 4);
  char folded[64];
  snprintf(folded, sizeof folded, "mov.u32 %%r1, %u;", v + 1000000u);
  size_t head = (size_t)(at - ptx), tail = strlen(at + sizeof LOAD - 1);
  size_t len = head + strlen(folded) + tail + 1;
  char *text = malloc(len);
  memcpy(text, ptx, head);
  strcpy(text + head, folded);
  strcpy(text + head + strlen(folded), at + sizeof LOAD - 1);
  int32_t code = put(out, text, len, 0);
  free(text);
  out->parse_us = 1; out->optimise_us = 2; out->emit_us = 3;
  fprintf(stderr, "fake specialiser: %u\n", v);
  return code;
}

void sycl_specconst_specialise_free_v1(out_t *out) {
  free(out->bytes);
  out->bytes = NULL;
}
