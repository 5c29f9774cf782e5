/**
 * @module service/areas/fax-lines/area-codes
 * The emulator's small directory of purchasable area codes, by country, region (US state
 * or Canadian province; none for the UK) and city. Emulator data, not an interface rule.
 */

type Directory = Record<string, Record<string, Record<string, number[]>>>;

/** country -> region -> city -> area codes. The UK has one pseudo-region "". */
const DIRECTORY: Directory = {
  US: {
    // Exactly the official example's California list (FaxLineAreaCodeGetResponse.json), so the
    // documented create example {"area_code":209,"country":"US"} works; the cities are ours.
    CA: {
      Stockton: [209],
      "Los Angeles": [213, 310, 323, 424],
      "San Jose": [408, 669],
      "San Francisco": [415],
      Oakland: [510],
      Redding: [530],
      Fresno: [559],
      "Long Beach": [562],
      "San Diego": [619, 858],
      Pasadena: [626],
      "Palo Alto": [650],
      Anaheim: [657, 714],
      Bakersfield: [661],
      "Santa Rosa": [707],
      Burbank: [747, 818],
      "Palm Springs": [760],
      "Santa Barbara": [805],
      Salinas: [831],
      "San Bernardino": [909],
      Sacramento: [916],
      "Walnut Creek": [925],
      Irvine: [949],
      Riverside: [951],
    },
    NY: { "New York": [212, 646, 917], Buffalo: [716] },
    TX: { Austin: [512, 737], Houston: [713, 281, 832], Dallas: [214, 469, 972] },
    WA: { Seattle: [206, 253] },
    IL: { Chicago: [312, 773] },
    MA: { Boston: [617, 857] },
    FL: { Miami: [305, 786] },
    CO: { Denver: [303, 720] },
    GA: { Atlanta: [404, 678] },
  },
  CA: {
    ON: { Toronto: [416, 647, 437], Ottawa: [613, 343] },
    QC: { Montreal: [514, 438] },
    BC: { Vancouver: [604, 778] },
    AB: { Calgary: [403, 587], Edmonton: [780] },
  },
  UK: {
    "": { London: [20], Manchester: [161], Birmingham: [121], Edinburgh: [131], Glasgow: [141] },
  },
};

export function areaCodes(country: string, region?: string, city?: string): number[] {
  const regions = DIRECTORY[country] ?? {};
  const out: number[] = [];
  for (const [r, cities] of Object.entries(regions)) {
    if (region && r !== region) continue;
    for (const [c, codes] of Object.entries(cities)) {
      if (city && c.toLowerCase() !== city.toLowerCase()) continue;
      out.push(...codes);
    }
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** A random subscriber number after the area code, E.164 formatted. */
export function newFaxNumber(country: string, area_code: number): string {
  const digit = (from = 0) => String(from + Math.floor(Math.random() * (10 - from)));
  if (country === "UK") {
    const code = String(area_code);
    const rest = Array.from({ length: 10 - code.length }, () => digit()).join("");
    return `+44${code}${digit(2)}${rest.slice(1)}`;
  }
  // NANP: NXX-XXXX, the exchange starts with 2-9.
  return `+1${area_code}${digit(2)}${digit()}${digit()}${Array.from({ length: 4 }, () => digit()).join("")}`;
}
