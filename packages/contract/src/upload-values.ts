/**
 * Upload limits (ARCHITECTURE.md, Uploads: bounded in bytes and in pixels), published as
 * plain values so the shop can tell a person before sending a file that will be refused.
 * Both answer 'Image too large' (413).
 */

/** Largest upload, in bytes (8 MiB). */
export const maxUploadBytes = 8 * 1024 * 1024

/**
 * Most pixels (width × height) an uploaded image may have: 24 megapixels, a 6000 × 4000
 * photo. Read from the file's header before anything is decoded, because a decoded image
 * costs width × height × channels bytes however small the file.
 */
export const maxUploadPixels = 24_000_000
