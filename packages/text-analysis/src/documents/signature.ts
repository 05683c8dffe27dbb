// What kind of document some bytes are, without loading a reader for it (the CLI loads the .docx
// reader, fflate and mammoth, only for a .docx).

/** A .docx (like any zip) starts with a local file header. */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
