export type ImageType = { contentType: "image/jpeg" | "image/png"; extension: "jpg" | "png" };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG or PNG by magic bytes; the file name and declared type are not trusted. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 8 && PNG.every((b, i) => bytes[i] === b))
    return { contentType: "image/png", extension: "png" };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: "image/jpeg", extension: "jpg" };
  return null;
}
