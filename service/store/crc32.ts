/**
 * @module service/store/crc32
 * CRC-32 (IEEE) of a journal record, written in front of it so that any changed byte is
 * found on load. Own table rather than zlib.crc32, which older Node 20 releases lack.
 */
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Eight lowercase hex digits. */
export function crc32Hex(buf: Uint8Array): string {
  return crc32(buf).toString(16).padStart(8, "0");
}
