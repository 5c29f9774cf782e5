/**
 * Test helper: reads a ZIP archive from its central directory and checks each stored entry
 * against its local header and its CRC-32 computed by zlib (independent of the service's own
 * CRC code), so a test of `file_type=zip` fails on any archive an unzip tool would refuse.
 */
import * as assert from "node:assert/strict";
import * as zlib from "node:zlib";

export function unzip(buf: Buffer): { name: string; data: Buffer }[] {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0 && end === buf.length - 22, "the end-of-central-directory record closes the archive");
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  assert.equal(at + buf.readUInt32LE(end + 12), end, "the central directory ends where the end record begins");
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, `central header ${i}`);
    const [method, crc, size, nameLen, extraLen, commentLen, local] = [
      buf.readUInt16LE(at + 10),
      buf.readUInt32LE(at + 16),
      buf.readUInt32LE(at + 24),
      buf.readUInt16LE(at + 28),
      buf.readUInt16LE(at + 30),
      buf.readUInt16LE(at + 32),
      buf.readUInt32LE(at + 42),
    ];
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString("utf8");
    assert.equal(method, 0, `${name} is stored`);
    assert.equal(buf.readUInt32LE(local), 0x04034b50, `${name}: local header`);
    assert.equal(buf.subarray(local + 30, local + 30 + buf.readUInt16LE(local + 26)).toString("utf8"), name, `${name}: local name`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    assert.equal(zlib.crc32(data), crc, `${name}: CRC-32`);
    assert.equal(buf.readUInt32LE(local + 14), crc, `${name}: local CRC-32`);
    out.push({ name, data });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
