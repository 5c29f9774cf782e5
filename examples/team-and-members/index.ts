/**
 * A team and its members. Members are invited by e-mail; `status` is `invited` until the
 * person accepts, then `member`. Destroy removes the members first (they depend on the
 * team), then the team.
 */
import * as esign from "pulumi-esign";

const team = new esign.Team("team", { name: "Example Signing Ops" });

const people = [
  { emailAddress: "alice@example.com", role: "Admin" },
  { emailAddress: "bob@example.com", role: "Developer" },
  { emailAddress: "carol@example.com", role: "Member" },
];

// Logical names come from the e-mail, so reordering the list changes nothing.
const members = people.map((p) => new esign.TeamMember(`member:${p.emailAddress}`, { teamId: team.teamId, emailAddress: p.emailAddress, role: p.role }));

export const teamId = team.teamId;
export const teamName = team.name;
export const memberStatus = Object.fromEntries(members.map((m, i) => [people[i].emailAddress, m.status]));
