/** Who is on a team, on a template or on a fax line, as the shared reads keep them. */
import type { ResultOf } from "../../../contract";

export type TeamWire = ResultOf<"team.get">;

/** The caller's team as GET /team answers it, with its id. */
export interface CallerTeam {
  team: TeamWire;
  teamId: string;
}

/** Someone on a team or invited to it. */
export interface TeamPerson {
  accountId?: string;
  emailAddress: string;
  role: string;
  status: "invited" | "member";
}

/** A person named by e-mail or account id (the id prevails). */
export interface Person {
  accountId?: string;
  emailAddress: string;
}
