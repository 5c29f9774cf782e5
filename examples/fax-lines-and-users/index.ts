/**
 * Two fax lines and the teammates who may use them. Fax line users must be on the caller's
 * team; on the local service scripts/example puts the people of seed.json there first
 * (examples/local-seed.ts).
 */
import * as esign from "pulumi-esign";

const lines = {
  main: new esign.FaxLine("main", { areaCode: 415, country: "US", city: "San Francisco" }),
  support: new esign.FaxLine("support", { areaCode: 212, country: "US", city: "New York" }),
};

const users: [keyof typeof lines, string][] = [
  ["main", "alice@example.com"],
  ["main", "carol@example.com"],
  ["support", "carol@example.com"],
];
for (const [line, emailAddress] of users) {
  new esign.FaxLineUser(`${line}:user:${emailAddress}`, { number: lines[line].number, emailAddress });
}

export const mainNumber = lines.main.number;
export const supportNumber = lines.support.number;
