/**
 * What an executable's header says about where it runs: the format (ELF, Mach-O, PE) and the
 * machine field, and for Mach-O whether it carries an embedded code signature (an ad-hoc one
 * on a binary we signed, with its page hashes checked against the bytes). Enough to tell a
 * wrong-platform or unsigned archive from a right one.
 */
import { createHash } from "crypto";

export interface ExecutableInfo {
  format: "elf" | "macho" | "pe";
  /** ELF e_machine, Mach-O cputype, PE Machine. */
  machine: number;
  /** Mach-O: the CodeDirectory's flags when an embedded signature is present (0x2: ad hoc). */
  signatureFlags?: number;
  /**
   * Mach-O: whether the CodeDirectory covers the file up to the signature and every page's hash
   * matches the bytes (what the kernel checks as pages are loaded).
   */
  pagesMatch?: boolean;
}

const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;

/** A CodeDirectory's page hashes against the file's bytes (SHA-256 or SHA-1 directories). */
function codePagesMatch(buf: Buffer, cd: number, signatureOffset: number): boolean {
  const hashOffset = buf.readUInt32BE(cd + 16);
  const nCodeSlots = buf.readUInt32BE(cd + 28);
  const codeLimit = buf.readUInt32BE(cd + 32);
  const hashSize = buf[cd + 36];
  const algorithm = { 1: "sha1", 2: "sha256" }[buf[cd + 37] as 1 | 2];
  const pageSize = 2 ** buf[cd + 39];
  if (!algorithm || codeLimit !== signatureOffset || nCodeSlots !== Math.ceil(codeLimit / pageSize)) return false;
  for (let i = 0; i < nCodeSlots; i++) {
    const page = buf.subarray(i * pageSize, Math.min((i + 1) * pageSize, codeLimit));
    const want = buf.subarray(cd + hashOffset + i * hashSize, cd + hashOffset + (i + 1) * hashSize);
    if (!createHash(algorithm).update(page).digest().subarray(0, hashSize).equals(want)) return false;
  }
  return true;
}

function machoSignature(buf: Buffer): { flags: number; pagesMatch: boolean } | undefined {
  const ncmds = buf.readUInt32LE(16);
  let at = 32; // mach_header_64
  for (let i = 0; i < ncmds; i++) {
    const cmd = buf.readUInt32LE(at);
    const size = buf.readUInt32LE(at + 4);
    if (cmd === LC_CODE_SIGNATURE) {
      const dataoff = buf.readUInt32LE(at + 8);
      // The signature's blobs are big-endian: a SuperBlob indexing its CodeDirectory (slot 0).
      if (buf.readUInt32BE(dataoff) !== CSMAGIC_EMBEDDED_SIGNATURE) return undefined;
      const count = buf.readUInt32BE(dataoff + 8);
      for (let j = 0; j < count; j++) {
        const type = buf.readUInt32BE(dataoff + 12 + j * 8);
        const offset = buf.readUInt32BE(dataoff + 16 + j * 8);
        const cd = dataoff + offset;
        if (type === 0 && buf.readUInt32BE(cd) === CSMAGIC_CODEDIRECTORY) return { flags: buf.readUInt32BE(cd + 12), pagesMatch: codePagesMatch(buf, cd, dataoff) };
      }
      return undefined;
    }
    at += size;
  }
  return undefined;
}

export function executableInfo(buf: Buffer): ExecutableInfo {
  if (buf.readUInt32BE(0) === 0x7f454c46) {
    if (buf[4] !== 2 || buf[5] !== 1) throw new Error("ELF, but not 64-bit little-endian");
    return { format: "elf", machine: buf.readUInt16LE(18) };
  }
  if (buf.readUInt32LE(0) === 0xfeedfacf) {
    const signature = machoSignature(buf);
    return { format: "macho", machine: buf.readUInt32LE(4), signatureFlags: signature?.flags, pagesMatch: signature?.pagesMatch };
  }
  if (buf.toString("latin1", 0, 2) === "MZ") {
    const pe = buf.readUInt32LE(0x3c);
    if (buf.readUInt32BE(pe) !== 0x50450000) throw new Error("MZ header without a PE signature");
    return { format: "pe", machine: buf.readUInt16LE(pe + 4) };
  }
  throw new Error(`not an executable this test knows (first bytes ${buf.subarray(0, 4).toString("hex")})`);
}
