/** The shared reads' cache entries (deployment/cache.ts), each name with the type of its value. */
import type { ResultOf } from "../../../contract";
import { cacheKey } from "../../deployment/cache";
import type { CallerTeam, Person, TeamPerson } from "./people";

/** Every entry of the cache. */
export const cacheKeys = {
  /** Every API app the caller can see (GET /api_app/list). */
  apiApps: cacheKey<ResultOf<"api_app.get">[]>("api_apps"),
  /** Every template the caller can see (GET /template/list): a create's "before" and its finder (resources/template/made.ts). */
  templates: cacheKey<ResultOf<"template.get">[]>("templates"),
  /** Every fax line of the caller's team (GET /fax_line/list): a purchase's "before" and its finder (resources/fax-line/made.ts). */
  faxLines: cacheKey<ResultOf<"fax_line.get">[]>("fax-lines"),
  /** GET /team's answer and the team's id. */
  callerTeam: cacheKey<CallerTeam>("caller-team"),
  /** GET /team/info's team id. */
  callerTeamId: cacheKey<string>("caller-team-id"),
  /** Who is on a team or invited to it (resources/shared/team-people.ts). */
  teamPeople: (teamId: string) => cacheKey<TeamPerson[]>(`team-people:${teamId}`),
  /** The accounts that can use a template. */
  templateHolders: (templateId: string) => cacheKey<Required<Person>[]>(`template-holders:${templateId}`),
  /** Whether the key holder owns a template (its `is_creator`: the one owner identity the service gives). */
  templateOwnedByCaller: (templateId: string) => cacheKey<boolean>(`template-owned-by-caller:${templateId}`),
  /** The accounts on a fax line. */
  faxLineUsers: (number: string) => cacheKey<Required<Person>[]>(`fax-line-users:${number}`),
};
