/**
 * What an executable's header says about where it runs: the format (ELF, Mach-O, PE) and the
 * machine field, and for Mach-O whether it carries an embedded code signature (an ad-hoc one
 * on a binary we signed). Enough to tell a wrong-platform or unsigned archive from a right one.
 */
export interface ExecutableInfo {
  format: "elf" | "macho" | "pe";
  /** ELF e_machine, Mach-O cputype, PE Machine. */
  machine: number;
  /** Mach-O: the CodeDirectory's flags when an embedded signature is present (0x2: ad hoc). */
  signatureFlags?: number;
}

const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;

function machoSignatureFlags(buf: Buffer): number | undefined {
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
        if (type === 0 && buf.readUInt32BE(dataoff + offset) === CSMAGIC_CODEDIRECTORY) return buf.readUInt32BE(dataoff + offset + 12);
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
  if (buf.readUInt32LE(0) === 0xfeedfacf) return { format: "macho", machine: buf.readUInt32LE(4), signatureFlags: machoSignatureFlags(buf) };
  if (buf.toString("latin1", 0, 2) === "MZ") {
    const pe = buf.readUInt32LE(0x3c);
    if (buf.readUInt32BE(pe) !== 0x50450000) throw new Error("MZ header without a PE signature");
    return { format: "pe", machine: buf.readUInt16LE(pe + 4) };
  }
  throw new Error(`not an executable this test knows (first bytes ${buf.subarray(0, 4).toString("hex")})`);
}
