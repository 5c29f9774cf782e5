/**
 * @module service/http/loopback
 * Whether an address (a bind host or a peer's address) is this machine's loopback:
 * 127.0.0.0/8, ::1 (also as an IPv4-mapped IPv6 address) or the name localhost.
 */
export function isLoopbackAddress(addr: string | undefined): boolean {
  if (!addr) return false;
  const a = addr.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = a.startsWith("::ffff:") ? a.slice(7) : a;
  return a === "localhost" || a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
